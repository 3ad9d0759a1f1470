import crypto from "node:crypto";
import os from "node:os";
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import { TimeLimitError, transactionWithin, type Database, type Db, type Tx } from "~/platform/db/client.server";
import { jobs } from "~/platform/db/schema";

/**
 * The background job queue on PostgreSQL (docs/decisions/028-job-queue.md): rows of `jobs` written in the
 * caller's transaction (enqueue), claimed by workers with FOR UPDATE SKIP LOCKED under a lease, run with their
 * effects and their completion in one transaction within the task's time limit, tried again with an exponential
 * back-off and given up after `max_attempts` tries, whether they failed, ran out of time or died with their worker
 * (docs/decisions/047-job-attempts-timeouts-giving-up.md). The same code runs on PGlite (one connection, the web process's own worker) and on PostgreSQL
 * (any number of web processes and `npm run worker` processes on one database). The tasks themselves are
 * registered in one place, app/features/jobs/job-tasks.server.ts.
 */

/** The notification channel that wakes workers when a job is due now (PostgreSQL NOTIFY, delivered at commit). */
export const JOBS_CHANNEL = "jobs";
/**
 * A claimed job's lease, in ms: past it, another worker takes the job again (its worker is taken for dead). It is
 * renewed when each job of a batch starts, so a batch of slow jobs keeps the ones it has not started yet.
 */
export const LEASE_MS = 5 * 60_000;
/**
 * A task's time limit unless it sets its own, in ms (decision 047): past it, the try is given up and counts as
 * failed. Shorter than LEASE_MS, so that a job is never taken by a second worker while its first still runs it.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Back-off before the second try, in ms; each later try waits twice as long as the one before. */
export const BACKOFF_BASE_MS = 30_000;
/** The longest back-off, in ms (an hour). */
export const BACKOFF_MAX_MS = 60 * 60_000;
/** The share of a back-off added at random (jitter), so that jobs that failed together are not all retried together. */
export const BACKOFF_JITTER = 0.2;
/** How many jobs a worker claims at a time. */
const BATCH_SIZE = 10;
/** How often an idle worker looks for due jobs without being woken, in ms (notifications can be missed). */
const POLL_MS = 5_000;
/** How long an error text is kept, in characters. */
const ERROR_CHARS = 2_000;

/** A job as its handler gets it: `attempts` counts this try (1 on the first). */
export type Job = typeof jobs.$inferSelect;

/**
 * What a task does with one job. It runs inside the transaction `tx` that also marks the job done: effects that
 * are database writes through `tx` commit with the completion or not at all (nothing twice, nothing lost). An effect
 * outside the database (an SMS provider) may happen again when the commit fails after it; such an effect is given
 * the job's id as an idempotency key. Throwing fails this try (the job is tried again later, or given up).
 */
export type TaskHandler = (tx: Tx, payload: unknown, job: Job) => Promise<void>;

/**
 * What a task does when one of its jobs is given up (its last try failed, ran out of time or its worker died):
 * called after the job was marked failed, outside any transaction, with the last error's text. It must not throw
 * (an error is logged and ignored: the job stays failed either way).
 */
export type GiveUpHandler = (db: Db, job: Job, error: string) => Promise<void>;

/**
 * A task: its handler alone (its time limit is DEFAULT_TIMEOUT_MS), or its handler with its own time limit
 * `timeoutMs` (in ms, shorter than LEASE_MS) and what it does when a job is given up (`onGiveUp`).
 */
export type Task = TaskHandler | { handler: TaskHandler; timeoutMs?: number; onGiveUp?: GiveUpHandler };

/** The tasks by name (app/features/jobs/job-tasks.server.ts holds the application's). */
export type Tasks = Readonly<Record<string, Task>>;

/** The handler and time limit (ms) of `task`; throws when the limit is not shorter than the lease `leaseMs`. */
function taskParts(task: Task, leaseMs: number): { handler: TaskHandler; timeoutMs: number; onGiveUp?: GiveUpHandler } {
  const parts =
    typeof task === "function"
      ? { handler: task, timeoutMs: DEFAULT_TIMEOUT_MS }
      : { ...task, timeoutMs: task.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  if (!(parts.timeoutMs > 0 && parts.timeoutMs < leaseMs)) {
    throw new Error(`time limit ${parts.timeoutMs} ms is not between 0 and the lease of ${leaseMs} ms`);
  }
  return parts;
}

/**
 * A recurring job: `task` is enqueued once per period of `everyMs` ms (periods start at multiples of `everyMs`
 * since 1970-01-01 UTC, plus `offsetMs`), with the key `task:<period start as ISO time>`, so several workers
 * scheduling the same period write one job.
 */
export type Schedule = { task: string; everyMs: number; offsetMs?: number; payload?: Record<string, unknown> };

/**
 * Writes a job in the caller's transaction (`db` may be a transaction): it exists when, and only when, the
 * caller's transaction commits, and then wakes the workers (a notification delivered at commit). `runAt` (default:
 * now) is the earliest time it runs; `maxAttempts` (default 5) the tries before it is given up; `priority`
 * (default 0; decision 051) orders it among the jobs due at the same claim, higher first; `key`, when given,
 * de-duplicates: while a job with that key is kept (done jobs are removed after 7 days), no second one is written.
 * Returns the new job's id, or null when `key` was taken.
 */
export async function enqueue(
  db: Db | Tx,
  task: string,
  payload: Record<string, unknown> = {},
  options: { runAt?: Date; maxAttempts?: number; key?: string; priority?: number } = {},
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      task,
      payload,
      key: options.key,
      run_at: options.runAt,
      max_attempts: options.maxAttempts,
      priority: options.priority,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (!row) return null;
  if (!options.runAt || options.runAt.getTime() <= Date.now()) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return row.id;
}

/** Enqueues the job of each schedule's current period at `at` (see Schedule); a period already enqueued is skipped. */
export async function scheduleDue(db: Db, schedules: readonly Schedule[], at = new Date()): Promise<void> {
  for (const schedule of schedules) {
    const offset = schedule.offsetMs ?? 0;
    const start = new Date(Math.floor((at.getTime() - offset) / schedule.everyMs) * schedule.everyMs + offset);
    await enqueue(db, schedule.task, schedule.payload ?? {}, { key: `${schedule.task}:${start.toISOString()}`, runAt: start });
  }
}

/**
 * The wait before try `attempt + 1` after try `attempt` (1-based) failed, in ms: BACKOFF_BASE_MS doubled for each
 * earlier try, at most BACKOFF_MAX_MS, plus up to BACKOFF_JITTER of it at random (`random` in [0, 1)).
 */
export function backoffMs(attempt: number, random = Math.random()): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
  return Math.round(base * (1 + BACKOFF_JITTER * random));
}

/** Options of a batch run: who runs it, at what time (`now`, default the clock), and how much it takes. */
type RunOptions = {
  workerId: string;
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  /** True when the worker must stop: the jobs claimed but not started are handed back. */
  stopping?: () => boolean;
  log?: (line: string) => void;
};

/** Where a worker's lines go by default: the server's log (standard error), one line each. */
export const stderrLine = (line: string) => void process.stderr.write(`${line}\n`);

/** Runs the `onGiveUp` of job's task, if it has one; an error it throws is logged as one line to `log`. */
async function afterGiveUp(db: Db, tasks: Tasks, job: Job, error: string, log: (line: string) => void): Promise<void> {
  const task = tasks[job.task];
  if (!task || typeof task === "function" || !task.onGiveUp) return;
  try {
    await task.onGiveUp(db, job, error);
  } catch (failure) {
    log(`[jobs] ${job.task} #${job.id}: its give-up handler failed: ${errorText(failure)}`);
  }
}

/** The `last_error` of a try whose worker stopped (killed, crashed, hung) before it ended: its lease ran out. */
export const LEASE_EXPIRED_ERROR = "the worker stopped during this try (its lease ran out)";

/**
 * Gives up the jobs whose worker died during their last try (decision 047): running, lease run out, and no attempt
 * left. They become `failed` with `last_failure` `lease_expired`, are never run again by themselves, and are listed
 * on /admin/jobs. A job a worker still holds locked is skipped (it is still being run). Returns them.
 */
async function giveUpAbandoned(db: Db, at: Date): Promise<Job[]> {
  const abandoned = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "running"), lt(jobs.locked_until, at), gte(jobs.attempts, jobs.max_attempts)))
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: "failed",
      last_failure: "lease_expired",
      last_error: LEASE_EXPIRED_ERROR,
      locked_by: null,
      locked_until: null,
      updated_at: at,
    })
    .where(inArray(jobs.id, abandoned))
    .returning();
}

/**
 * Claims up to `batchSize` due jobs for `workerId`, the highest `priority` first, then the oldest `run_at`: queued
 * ones whose `run_at` has come, and running ones whose lease
 * ran out (their worker died during a try, which was counted when it started; the job keeps `lease_expired` as its
 * last failure) while they have attempts left. Each gets a lease of `leaseMs`; its attempt is counted when it
 * starts (`start`), so jobs of a batch that a dying worker never started lose no attempt. Jobs that another worker
 * holds locked right now are skipped (FOR UPDATE SKIP LOCKED), so workers never wait for each other and never claim
 * the same job.
 */
async function claim(db: Db, workerId: string, at: Date, batchSize: number, leaseMs: number): Promise<Job[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lt(jobs.attempts, jobs.max_attempts),
        or(and(eq(jobs.status, "queued"), lte(jobs.run_at, at)), and(eq(jobs.status, "running"), lt(jobs.locked_until, at))),
      ),
    )
    .orderBy(desc(jobs.priority), asc(jobs.run_at), asc(jobs.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const reclaimed = sql`${jobs.status} = 'running'`;
  const claimed = await db
    .update(jobs)
    .set({
      status: "running",
      locked_by: workerId,
      locked_until: new Date(at.getTime() + leaseMs),
      last_failure: sql`case when ${reclaimed} then 'lease_expired' else ${jobs.last_failure} end`,
      last_error: sql`case when ${reclaimed} then ${LEASE_EXPIRED_ERROR} else ${jobs.last_error} end`,
      updated_at: at,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return claimed.sort((a, b) => b.priority - a.priority || a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
}

/**
 * Starts claimed job `id` (committed before its handler runs, so that a worker that dies in the handler has used
 * the attempt): counts its attempt, and renews the lease of it and of `waiting` (jobs of the batch not started yet)
 * for `leaseMs` from `at`. Returns the job as its handler gets it, or null when it is no longer this worker's.
 */
async function start(db: Db, id: number, waiting: number[], workerId: string, leaseMs: number, at: Date): Promise<Job | null> {
  return db.transaction(async (tx) => {
    // Committed without waiting for the disk (a second flush per job halved the queue's rate on PostgreSQL): a
    // database crash may lose the count of a try that then never ran either, which costs nothing.
    await tx.execute(sql`set local synchronous_commit = off`);
    const rows = await tx
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + case when ${jobs.id} = ${id} then 1 else 0 end`,
        locked_until: new Date(at.getTime() + leaseMs),
      })
      .where(and(inArray(jobs.id, [id, ...waiting]), eq(jobs.status, "running"), eq(jobs.locked_by, workerId)))
      .returning();
    return rows.find((row) => row.id === id) ?? null;
  });
}

/** The text kept of an error: its message (never the job's payload), at most ERROR_CHARS characters. */
function errorText(error: unknown): string {
  return (error instanceof Error ? error.message || error.name : String(error)).slice(0, ERROR_CHARS);
}

/**
 * Runs one claimed job, after starting it (`start`: its attempt counted, the leases of it and of `waiting`
 * renewed): its handler and the job's completion in one transaction within the task's time limit, which first
 * checks (with a row lock) that the job is still this worker's (a lease that ran out may have been taken by another
 * worker, which then runs it instead). A failure or a try past the time limit puts it back with its back-off, or
 * marks it failed after its last attempt; the error goes to `last_error`, its kind to `last_failure`, and one line
 * to `log`. Returns "done", "retry", "failed" or "lost" (no longer this worker's).
 */
async function runOne(db: Db, tasks: Tasks, claimed: Job, waiting: number[], options: RunOptions & { at: Date }) {
  const mine = and(eq(jobs.id, claimed.id), eq(jobs.status, "running"), eq(jobs.locked_by, options.workerId));
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const job = await start(db, claimed.id, waiting, options.workerId, leaseMs, (options.now ?? claimClock)());
  if (!job) return "lost";
  try {
    const task = tasks[job.task];
    if (!task) throw new Error(`no handler for task "${job.task}"`);
    const { handler, timeoutMs } = taskParts(task, leaseMs);
    const ran = await transactionWithin(db, timeoutMs, async (tx) => {
      const [held] = await tx.select({ id: jobs.id }).from(jobs).where(mine).for("update");
      if (!held) return false;
      await handler(tx, job.payload, job);
      await tx
        .update(jobs)
        .set({
          status: "done",
          locked_by: null,
          locked_until: null,
          last_error: null,
          last_failure: null,
          updated_at: new Date(),
        })
        .where(eq(jobs.id, job.id));
      return true;
    });
    return ran ? "done" : "lost";
  } catch (error) {
    const giveUp = job.attempts >= job.max_attempts;
    const message = errorText(error);
    const [kept] = await db
      .update(jobs)
      .set({
        status: giveUp ? "failed" : "queued",
        run_at: giveUp ? job.run_at : new Date(options.at.getTime() + backoffMs(job.attempts)),
        last_error: message,
        last_failure: error instanceof TimeLimitError ? "timeout" : "error",
        locked_by: null,
        locked_until: null,
        updated_at: new Date(),
      })
      .where(mine)
      .returning({ id: jobs.id });
    if (!kept) return "lost";
    const log = options.log ?? stderrLine;
    log(`[jobs] ${job.task} #${job.id} try ${job.attempts}/${job.max_attempts} failed${giveUp ? ", given up" : ""}: ${message}`);
    if (giveUp) await afterGiveUp(db, tasks, job, message, log);
    return giveUp ? "failed" : "retry";
  }
}

/** Hands claimed jobs that were not started back to the queue (their attempts were not counted: see `start`). */
async function release(db: Db, ids: number[], workerId: string): Promise<void> {
  if (!ids.length) return;
  await db
    .update(jobs)
    .set({ status: "queued", locked_by: null, locked_until: null })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.locked_by, workerId)));
}

/**
 * The time a claim compares `run_at` with when no clock is given: now, rounded up to the next millisecond. A job's
 * `run_at` defaults to the database's `now()` (microseconds) and a JavaScript date has whole milliseconds, so a job
 * queued less than a millisecond before a claim would otherwise look due a fraction of a millisecond too late and
 * wait for the next notification or poll (the PostgreSQL test run of stop 18 met this).
 */
function claimClock(): Date {
  return new Date(Date.now() + 1);
}

/**
 * Gives up the jobs abandoned on their last try (`giveUpAbandoned`, one line of `log` each), then claims one batch
 * and runs it, job after job; when half of the batch's lease has passed, the next job's start renews the lease of
 * the jobs still waiting. Returns how many jobs were claimed (0: nothing was due).
 */
async function runBatch(db: Db, tasks: Tasks, options: RunOptions): Promise<number> {
  const at = (options.now ?? claimClock)();
  const log = options.log ?? stderrLine;
  for (const job of await giveUpAbandoned(db, at)) {
    log(`[jobs] ${job.task} #${job.id} try ${job.attempts}/${job.max_attempts} failed, given up: ${LEASE_EXPIRED_ERROR}`);
    await afterGiveUp(db, tasks, job, LEASE_EXPIRED_ERROR, log);
  }
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const batch = await claim(db, options.workerId, at, options.batchSize ?? BATCH_SIZE, leaseMs);
  let leasedUntil = at.getTime() + leaseMs;
  for (const [index, job] of batch.entries()) {
    if (options.stopping?.()) {
      await release(
        db,
        batch.slice(index).map((j) => j.id),
        options.workerId,
      );
      break;
    }
    const now = (options.now ?? claimClock)().getTime();
    const renew = now > leasedUntil - leaseMs / 2;
    if (renew) leasedUntil = now + leaseMs;
    await runOne(db, tasks, job, renew ? batch.slice(index + 1).map((j) => j.id) : [], { ...options, at });
  }
  return batch.length;
}

/**
 * Runs every job that is due at `now` (default: the clock) with `tasks`, batch after batch, until none is left,
 * and returns how many tries were made. Jobs that fail are put back with a later `run_at`, so they are not due
 * again within the same call. For tests and scripts: the worker does the same in the background.
 */
export async function runJobsNow(
  db: Db,
  tasks: Tasks,
  options: { now?: Date; workerId?: string; log?: (line: string) => void } = {},
): Promise<number> {
  const workerId = options.workerId ?? newWorkerId();
  let total = 0;
  for (;;) {
    const n = await runBatch(db, tasks, { workerId, now: options.now && (() => options.now!), log: options.log });
    if (n === 0) return total;
    total += n;
  }
}

/** A worker's name for `locked_by`: host, process id and a random part (several workers may share a process). */
function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

export type Worker = {
  /** The name the worker writes in `locked_by`. */
  id: string;
  /** Looks for due jobs now (a notification does the same). */
  wake(): void;
  /** Stops: the job being run finishes, claimed jobs not started are handed back; resolves when it has stopped. */
  stop(): Promise<void>;
};

/**
 * Starts a worker on `database` in the background: it runs due jobs batch after batch, sleeps when none is left
 * until a notification on JOBS_CHANNEL or POLL_MS (`pollMs`) passes, and enqueues the jobs of `schedules` once a
 * minute. Errors (the database gone) are logged as one line and tried again after the poll interval. Never throws.
 */
export function startWorker(
  database: Pick<Database, "db" | "listen">,
  tasks: Tasks,
  options: {
    schedules?: readonly Schedule[];
    pollMs?: number;
    batchSize?: number;
    log?: (line: string) => void;
    /** Called each time the worker goes to sleep with nothing due (tests wait for it). */
    onIdle?: () => void;
  } = {},
): Worker {
  const id = newWorkerId();
  const log = options.log ?? stderrLine;
  let stopping = false;
  let woken = false;
  let interrupt: (() => void) | undefined;
  const wake = () => {
    woken = true;
    interrupt?.();
  };
  const listener = database.listen(JOBS_CHANNEL, { notify: wake, listening: wake, lost: () => undefined });
  let nextSchedule = 0;
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      try {
        if (options.schedules?.length && Date.now() >= nextSchedule) {
          await scheduleDue(database.db, options.schedules);
          nextSchedule = Date.now() + 60_000;
        }
        const n = await runBatch(database.db, tasks, {
          workerId: id,
          batchSize: options.batchSize,
          stopping: () => stopping,
          log,
        });
        if (n > 0) continue;
      } catch (error) {
        log(`[jobs] worker ${id}: ${errorText(error)}`);
      }
      if (stopping || woken) continue;
      options.onIdle?.();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? POLL_MS);
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = undefined;
    }
  })();
  return {
    id,
    wake,
    async stop() {
      stopping = true;
      interrupt?.();
      await loop;
      await listener.close();
    },
  };
}
