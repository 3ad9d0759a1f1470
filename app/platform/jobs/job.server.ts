import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { jobs } from "~/platform/db/schema";
import { JOBS_CHANNEL } from "~/platform/jobs/jobs.server";

/**
 * The job queue as the back office sees it (/admin/jobs; decision 028): the jobs given up after their
 * last attempt, how many wait, and putting a failed job back in the queue.
 */

/** How many failed jobs /admin/jobs lists (the newest). */
export const FAILED_JOBS_SHOWN = 100;

/**
 * A job given up: its task, tries, what ended its last try (`failure`: the handler's error, its time limit, or its
 * worker stopping; decision 047), that try's error text and dates (ISO times).
 */
export type FailedJob = {
  id: number;
  task: string;
  attempts: number;
  maxAttempts: number;
  failure: "error" | "timeout" | "lease_expired";
  lastError: string;
  createdAt: string;
  failedAt: string;
};

/**
 * The newest FAILED_JOBS_SHOWN failed jobs (newest failure first), and the jobs waiting or being run by task
 * (`queued` counts those whose time has not come yet too), sorted by task.
 */
export async function listJobs(db: Db): Promise<{
  failed: FailedJob[];
  waiting: { task: string; queued: number; running: number }[];
}> {
  const failed = await db
    .select()
    .from(jobs)
    .where(eq(jobs.status, "failed"))
    .orderBy(desc(jobs.updated_at), desc(jobs.id))
    .limit(FAILED_JOBS_SHOWN);
  const counts = await db
    .select({ task: jobs.task, status: jobs.status, n: count() })
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running"]))
    .groupBy(jobs.task, jobs.status)
    .orderBy(jobs.task);
  const waiting = new Map<string, { task: string; queued: number; running: number }>();
  for (const c of counts) {
    const row = waiting.get(c.task) ?? { task: c.task, queued: 0, running: 0 };
    row[c.status === "running" ? "running" : "queued"] = Number(c.n);
    waiting.set(c.task, row);
  }
  return {
    failed: failed.map((j) => ({
      id: j.id,
      task: j.task,
      attempts: j.attempts,
      maxAttempts: j.max_attempts,
      // Jobs that failed before migration 0018 recorded no kind; their handler had thrown.
      failure: j.last_failure ?? "error",
      lastError: j.last_error ?? "",
      createdAt: j.created_at.toISOString(),
      failedAt: j.updated_at.toISOString(),
    })),
    waiting: [...waiting.values()],
  };
}

/**
 * Puts a failed job back in the queue to run now with all its attempts again (its last error stays until it runs),
 * and wakes the workers. Returns false when job `id` is not (or no longer) failed.
 */
export async function retryFailedJob(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: "queued", attempts: 0, run_at: new Date(), locked_by: null, locked_until: null, updated_at: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
      .returning({ id: jobs.id });
    if (row) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    return Boolean(row);
  });
}

/**
 * The job queue for the metrics listener (docs/decisions/061-readiness-metrics-deploy-cluster-test.md), counted when
 * it is scraped: for each task and status other than `done` (queued, running, failed), the number of jobs and the
 * age in seconds of the oldest that is due (`run_at` passed; 0 when none is due yet). A queued job's age is how long
 * it has waited for a worker; a running one's, how long since it was due; a failed one's, since it was last due.
 */
export async function jobQueueFigures(
  db: Db,
): Promise<{ task: string; status: string; jobs: number; oldestDueSeconds: number }[]> {
  const rows = await db
    .select({
      task: jobs.task,
      status: jobs.status,
      n: count(),
      oldest: sql<string | null>`extract(epoch from now() - min(${jobs.run_at}) filter (where ${jobs.run_at} <= now()))`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running", "failed"]))
    .groupBy(jobs.task, jobs.status)
    .orderBy(jobs.task, jobs.status);
  return rows.map((row) => ({
    task: row.task,
    status: row.status,
    jobs: Number(row.n),
    oldestDueSeconds: Math.max(0, Number(row.oldest ?? 0)),
  }));
}
