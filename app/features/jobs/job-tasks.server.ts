import { and, eq, lt, ne } from "drizzle-orm";
import type { Database, Db } from "~/platform/db/client.server";
import { jobs, sms_messages } from "~/platform/db/schema";
import { forgetOldAnswers } from "~/features/forms/idempotency.server";
import { runJobsNow, startWorker, type Schedule, type Tasks, type Worker } from "~/platform/jobs/jobs.server";
import { closeSmsSender, smsTask } from "~/platform/sms/sms.server";
import { sendStaffNotice, STAFF_NOTICE_TASK } from "~/platform/sms/staff-sms.server";
import { refreshConvertedPrices } from "~/features/listings/exchange-rate.server";
import { ALERT_SETTLE_MS, sendAlertsBatch } from "~/features/alerts/saved-search.server";
import { expireListings, warnExpiringListings } from "~/features/posts/freshness.server";
import { siteOrigin } from "~/platform/http/site.server";
import { enqueue } from "~/platform/jobs/jobs.server";

/**
 * The application's background work (decision 028), in one place: every task by name, and the recurring
 * jobs the worker schedules. A new kind of job adds its handler to TASKS (and, when it recurs, its period to
 * SCHEDULES); callers enqueue it with enqueue() of jobs.server.ts in their own transaction.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** How long finished jobs are kept (for the back office and for de-duplication keys), in ms: 7 days. */
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
/** How long outgoing SMS are kept with their number and text, in ms: 90 days. */
export const KEEP_SMS_MS = 90 * DAY_MS;

/**
 * How long the tasks that rewrite listings may run, in ms (decision 047): 4 minutes, within the 5-minute lease. A
 * rate set for a later date converts every USD listing at once, and expiry walks every listing of its day; at a
 * million listings these take longer than the default minute that an SMS or an alerts batch never nears.
 */
const LISTINGS_TIMEOUT_MS = 4 * 60_000;

/**
 * Every task by name. A task is given up at its time limit (DEFAULT_TIMEOUT_MS of jobs.server.ts, a minute, unless
 * it gives its own `timeoutMs`), and that try counts as failed (decision 047).
 */
export const TASKS = {
  /** One outgoing SMS (queueSms). */
  sms: smsTask,
  /** Deletes done jobs finished more than 7 days before the job's run time. Failed jobs stay until retried. */
  "jobs.cleanup": async (tx, _payload, job) => {
    await tx
      .delete(jobs)
      .where(and(eq(jobs.status, "done"), lt(jobs.updated_at, new Date(job.run_at.getTime() - KEEP_DONE_JOBS_MS))));
  },
  /**
   * One batch of saved searches' alerts (decision 030): the searches after `afterId` (0 for a new run), counting
   * listings published up to the run's `until` (ms since 1970; a new run takes the clock less ALERT_SETTLE_MS). When
   * more searches are left, the next batch is queued in the same transaction.
   */
  "alerts.send": async (tx, payload) => {
    const p = (payload ?? {}) as { afterId?: number; until?: number };
    const until = new Date(p.until ?? Date.now() - ALERT_SETTLE_MS);
    const batch = await sendAlertsBatch(tx, until, siteOrigin(), p.afterId ?? 0);
    if (batch.lastId !== null) await enqueue(tx, "alerts.send", { afterId: batch.lastId, until: until.getTime() });
  },
  /** Converts USD listings' stored SYP prices at a rate that came into force on its date (decision 027). */
  "prices.refresh": {
    timeoutMs: LISTINGS_TIMEOUT_MS,
    handler: async (tx) => {
      await refreshConvertedPrices(tx);
    },
  },
  /**
   * Listing freshness (decision 029): takes down the listings whose 60 days have ended, then queues the
   * expiry warnings of those in their last week (each once per cycle). Both run in savepoints of the job's
   * transaction, so a failed try changes nothing.
   */
  "listings.freshness": {
    timeoutMs: LISTINGS_TIMEOUT_MS,
    handler: async (tx) => {
      const now = new Date();
      await expireListings(tx as unknown as Db, now);
      await warnExpiringListings(tx as unknown as Db, now, siteOrigin());
    },
  },
  /**
   * Forgets outgoing SMS (numbers and texts) older than KEEP_SMS_MS that are no longer waiting (decision 051): the
   * back office's /admin/sms shows three months.
   */
  "sms.cleanup": async (tx, _payload, job) => {
    await tx
      .delete(sms_messages)
      .where(and(ne(sms_messages.state, "queued"), lt(sms_messages.created_at, new Date(job.run_at.getTime() - KEEP_SMS_MS))));
  },
  /**
   * A staff notice (decisions 054 and 081): within the working hours, one SMS per staff phone with the count of the
   * requests no one was told of, at most one every 10 minutes (sendStaffNotice); queued by each request and scheduled.
   */
  [STAFF_NOTICE_TASK]: async (tx) => {
    await sendStaffNotice(tx);
  },
  /** Deletes the kept answers of offline form posts older than a day (decision 023). */
  "idempotency.cleanup": async (tx, _payload, job) => {
    await forgetOldAnswers(tx, job.run_at);
  },
} satisfies Tasks;

/** The recurring jobs: each is enqueued once per period by whichever worker comes first. */
export const SCHEDULES: readonly Schedule[] = [
  { task: "jobs.cleanup", everyMs: DAY_MS },
  { task: "sms.cleanup", everyMs: DAY_MS },
  { task: "idempotency.cleanup", everyMs: HOUR_MS },
  // Instant alerts at most an hour apart, daily ones a day apart: a run every 5 minutes finds the due ones.
  { task: "alerts.send", everyMs: 5 * 60_000 },
  { task: "prices.refresh", everyMs: HOUR_MS },
  // Hourly, so a listing leaves the site within an hour of its 60 days (the queries use estates_confirmed_at_idx).
  { task: "listings.freshness", everyMs: HOUR_MS },
  // Every 15 minutes, so what came in at night reaches staff within 15 minutes of the opening (decisions 054, 081).
  { task: STAFF_NOTICE_TASK, everyMs: 15 * 60_000 },
];

/**
 * Runs every job due at `now` (default: the clock) with the application's tasks, until none is left; returns the
 * number of tries. Tests call it where the worker would have run (for example before reading sms_outbox).
 */
export function runDueJobs(db: Db, options: { now?: Date; log?: (line: string) => void } = {}): Promise<number> {
  return runJobsNow(db, TASKS, options);
}

/**
 * Starts the application's worker (TASKS and SCHEDULES) on `database` (server.ts and scripts/worker.ts). Its stop()
 * also closes the SMS provider's connection (an SMPP unbind) once the job being run has finished (decision 052).
 */
export function startAppWorker(
  database: Pick<Database, "db" | "listen">,
  options: { log?: (line: string) => void } = {},
): Worker {
  const worker = startWorker(database, TASKS, { schedules: SCHEDULES, log: options.log });
  return {
    ...worker,
    stop: async () => {
      await worker.stop();
      await closeSmsSender();
    },
  };
}
