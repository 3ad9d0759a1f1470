import { spawn } from "node:child_process";
import { and, count, countDistinct, eq, like, sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateDatabase, openDatabase, type Database, type Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { listJobs, retryFailedJob } from "~/platform/jobs/job.server";
import { seedListings } from "~/platform/db/seed/estates.server";
import { seedReference } from "~/platform/db/seed/reference.server";
import { diskImageStore } from "~/platform/images/image-store.server";
import { getLookups } from "~/features/places/lookups.server";
import { runDueJobs, TASKS } from "~/features/jobs/job-tasks.server";
import {
  BACKOFF_BASE_MS,
  BACKOFF_JITTER,
  enqueue,
  LEASE_EXPIRED_ERROR,
  LEASE_MS,
  runJobsNow,
  scheduleDue,
  startWorker,
  type Tasks,
} from "~/platform/jobs/jobs.server";
import { outboxSender, queueSms } from "~/platform/sms/sms.server";
import { useTestDatabase } from "./helpers/db";
import { queueSmsJob } from "./helpers/sms";

/**
 * The job queue on PostgreSQL (decision 028): jobs are written in the caller's transaction, tried again
 * with an exponential back-off, given up after their last attempt and shown to the back office; an SMS job writes
 * the outbox once. The first part runs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL); the
 * second on a private PostgreSQL database at 127.0.0.1:5432 in every run: two workers with pools of their own, and
 * a worker process killed in the middle of a batch.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** The jobs of a task, oldest first. */
function jobsOf(database: Db, task: string) {
  return database.select().from(s.jobs).where(eq(s.jobs.task, task)).orderBy(s.jobs.id);
}

/** The job with id `id`. */
async function job(database: Db, id: number) {
  const [row] = await database.select().from(s.jobs).where(eq(s.jobs.id, id));
  return row;
}

/**
 * What a worker that died (killed, crashed, hung) in the middle of job `id` leaves behind: the try it started,
 * counted, and the job running under its lease, which runs out LEASE_MS later.
 */
async function diedDuringTry(database: Db, id: number) {
  await database
    .update(s.jobs)
    .set({
      status: "running",
      attempts: sql`${s.jobs.attempts} + 1`,
      locked_by: "dead-worker",
      locked_until: new Date(Date.now() + LEASE_MS),
    })
    .where(eq(s.jobs.id, id));
}

/** A quiet log for the failures the tests cause on purpose; it keeps the lines. */
function lines() {
  const written: string[] = [];
  return { log: (line: string) => void written.push(line), written };
}

describe("the job queue on the test database", () => {
  it("writes a job only when the caller's transaction commits", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, "test.rolledBack", { n: 1 });
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(await jobsOf(db(), "test.rolledBack")).toEqual([]);
    await db().transaction(async (tx) => {
      await enqueue(tx, "test.committed", { n: 2 });
    });
    expect(await jobsOf(db(), "test.committed")).toMatchObject([{ status: "queued", payload: { n: 2 }, attempts: 0 }]);
    await db().delete(s.jobs).where(eq(s.jobs.task, "test.committed"));
  });

  it("tries a failing job again with an exponential back-off, then runs it once it succeeds", async () => {
    let calls = 0;
    const tasks: Tasks = {
      "test.flaky": async (tx, payload) => {
        calls++;
        if (calls < 3) throw new Error(`flaky failure ${calls}`);
        await outboxSender.send(tx as unknown as Db, {
          phone: "+963944000001",
          body: String((payload as { text: string }).text),
        });
      },
    };
    const id = (await enqueue(db(), "test.flaky", { text: "third time lucky" }))!;
    const { log, written } = lines();
    const t0 = new Date(Date.now() + 1000);
    expect(await runJobsNow(db(), tasks, { now: t0, log })).toBe(1);
    const first = await job(db(), id);
    expect(first).toMatchObject({ status: "queued", attempts: 1, last_error: "flaky failure 1", locked_by: null });
    const wait1 = first.run_at.getTime() - t0.getTime();
    expect(wait1).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect(wait1).toBeLessThanOrEqual(BACKOFF_BASE_MS * (1 + BACKOFF_JITTER));
    // Not due before its back-off has passed.
    expect(await runJobsNow(db(), tasks, { now: new Date(first.run_at.getTime() - 1), log })).toBe(0);
    expect(await runJobsNow(db(), tasks, { now: first.run_at, log })).toBe(1);
    const second = await job(db(), id);
    expect(second).toMatchObject({ status: "queued", attempts: 2, last_error: "flaky failure 2" });
    const wait2 = second.run_at.getTime() - first.run_at.getTime();
    expect(wait2).toBeGreaterThanOrEqual(2 * BACKOFF_BASE_MS);
    expect(wait2).toBeLessThanOrEqual(2 * BACKOFF_BASE_MS * (1 + BACKOFF_JITTER));
    expect(await runJobsNow(db(), tasks, { now: second.run_at, log })).toBe(1);
    expect(await job(db(), id)).toMatchObject({ status: "done", attempts: 3, last_error: null, locked_by: null });
    expect(calls).toBe(3);
    expect(await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.body, "third time lucky"))).toHaveLength(1);
    expect(written).toEqual([
      expect.stringContaining(`test.flaky #${id} try 1/5 failed: flaky failure 1`),
      expect.stringContaining(`test.flaky #${id} try 2/5 failed: flaky failure 2`),
    ]);
  });

  it("gives a job up after its last attempt, shows it in the back office, and runs it again when retried", async () => {
    let broken = true;
    const tasks: Tasks = {
      "test.broken": async () => {
        if (broken) throw new Error("the provider refused the message");
      },
    };
    const id = (await enqueue(db(), "test.broken", {}, { maxAttempts: 3 }))!;
    const { log } = lines();
    let at = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runJobsNow(db(), tasks, { now: at, log }), `attempt ${attempt}`).toBe(1);
      at = new Date((await job(db(), id)).run_at.getTime() + 1);
    }
    expect(await job(db(), id)).toMatchObject({ status: "failed", attempts: 3, last_error: "the provider refused the message" });
    // Given up: never tried again by itself.
    expect(await runJobsNow(db(), tasks, { now: new Date(Date.now() + 7 * 86_400_000), log })).toBe(0);
    const listed = await listJobs(db());
    expect(listed.failed).toContainEqual(
      expect.objectContaining({
        id,
        task: "test.broken",
        attempts: 3,
        maxAttempts: 3,
        lastError: "the provider refused the message",
      }),
    );
    expect(await retryFailedJob(db(), id)).toBe(true);
    expect(await retryFailedJob(db(), id)).toBe(false);
    expect(await job(db(), id)).toMatchObject({ status: "queued", attempts: 0 });
    broken = false;
    expect(await runJobsNow(db(), tasks, { now: new Date(Date.now() + 1000), log })).toBe(1);
    expect(await job(db(), id)).toMatchObject({ status: "done", attempts: 1 });
    expect((await listJobs(db())).failed.map((j) => j.id)).not.toContain(id);
  });

  it("gives a try up at its task's time limit: it counts as failed, the job is tried again, then given up", async () => {
    const phone = "+963944000004";
    let tries = 0;
    const tasks: Tasks = {
      // Waits on something that answers too late (a provider), then writes: the write must never commit.
      "test.hangs": {
        timeoutMs: 200,
        handler: async (tx) => {
          tries++;
          await new Promise((resolve) => setTimeout(resolve, 600));
          await outboxSender.send(tx as unknown as Db, { phone, body: "too late" });
        },
      },
    };
    const id = (await enqueue(db(), "test.hangs", {}, { maxAttempts: 2 }))!;
    const { log, written } = lines();
    const t0 = new Date(Date.now() + 1000);
    expect(await runJobsNow(db(), tasks, { now: t0, log })).toBe(1);
    const first = await job(db(), id);
    expect(first).toMatchObject({
      status: "queued",
      attempts: 1,
      last_failure: "timeout",
      last_error: "time limit of 200 ms exceeded",
      locked_by: null,
    });
    // Tried again after its back-off, like any failed try.
    expect(first.run_at.getTime() - t0.getTime()).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect(await runJobsNow(db(), tasks, { now: new Date(first.run_at.getTime() + 1), log })).toBe(1);
    expect(await job(db(), id)).toMatchObject({ status: "failed", attempts: 2, last_failure: "timeout" });
    expect(tries).toBe(2);
    expect(written).toEqual([
      expect.stringContaining(`test.hangs #${id} try 1/2 failed: time limit of 200 ms exceeded`),
      expect.stringContaining(`test.hangs #${id} try 2/2 failed, given up: time limit of 200 ms exceeded`),
    ]);
    // The abandoned tries go on waiting; what they write afterwards is refused, not committed elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone))).toEqual([]);
    // Given up: never tried again by itself, and shown in the back office with why.
    expect(await runJobsNow(db(), tasks, { now: new Date(Date.now() + 7 * 86_400_000), log })).toBe(0);
    expect(tries).toBe(2);
    expect((await listJobs(db())).failed).toContainEqual(
      expect.objectContaining({ id, task: "test.hangs", attempts: 2, maxAttempts: 2, failure: "timeout" }),
    );
  });

  it("counts a try whose worker died (its lease ran out) and gives the job up when that was its last try", async () => {
    const seen: number[] = [];
    const tasks: Tasks = { "test.crashes": async (_tx, _payload, j) => void seen.push(j.attempts) };
    const afterLease = () => new Date(Date.now() + LEASE_MS + 60_000);
    const { log, written } = lines();
    // A worker died in the first try: the reclaim is the second try.
    const once = (await enqueue(db(), "test.crashes", {}, { maxAttempts: 3 }))!;
    await diedDuringTry(db(), once);
    expect(await runJobsNow(db(), tasks, { now: afterLease(), log })).toBe(1);
    expect(seen).toEqual([2]);
    expect(await job(db(), once)).toMatchObject({ status: "done", attempts: 2, last_failure: null });
    // Workers died in all three tries (a job that kills or hangs every worker that runs it): given up, not run.
    const poison = (await enqueue(db(), "test.crashes", {}, { maxAttempts: 3 }))!;
    for (let i = 0; i < 3; i++) await diedDuringTry(db(), poison);
    expect(await runJobsNow(db(), tasks, { now: afterLease(), log })).toBe(0);
    expect(seen).toEqual([2]);
    expect(await job(db(), poison)).toMatchObject({
      status: "failed",
      attempts: 3,
      last_failure: "lease_expired",
      last_error: LEASE_EXPIRED_ERROR,
      locked_by: null,
    });
    expect(written).toEqual([
      expect.stringContaining(`test.crashes #${poison} try 3/3 failed, given up: ${LEASE_EXPIRED_ERROR}`),
    ]);
    expect(await runJobsNow(db(), tasks, { now: new Date(Date.now() + 7 * 86_400_000), log })).toBe(0);
    expect(seen).toEqual([2]);
    expect((await listJobs(db())).failed).toContainEqual(
      expect.objectContaining({ id: poison, attempts: 3, maxAttempts: 3, failure: "lease_expired" }),
    );
  });

  it("sends an SMS job to the outbox once, with the message's idempotency key, and keeps nothing of a failed try", async () => {
    const phone = "+963944000002";
    const smsId = await db().transaction(async (tx) =>
      queueSms(tx, { phone, body: "hello once" }, { kind: "code", purpose: "test" }),
    );
    const [message] = await db().select().from(s.sms_messages).where(eq(s.sms_messages.id, smsId));
    expect(message).toMatchObject({ phone, body: "hello once", kind: "code", purpose: "test", state: "queued" });
    const queued = await job(db(), message.job_id!);
    expect(queued).toMatchObject({ task: "sms", payload: { smsId }, priority: 10 });
    expect(await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone))).toEqual([]);
    // A try that wrote its outbox row and then failed leaves no row: the row and the completion are one transaction.
    const send = outboxSender.send.bind(outboxSender);
    vi.spyOn(outboxSender, "send").mockImplementationOnce(async (tx, message) => {
      await send(tx, message);
      throw new Error("lost the answer of the provider");
    });
    const { log } = lines();
    await runDueJobs(db(), { now: new Date(Date.now() + 1000), log });
    expect(await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone))).toEqual([]);
    await runDueJobs(db(), { now: new Date(Date.now() + 3_600_000), log });
    await runDueJobs(db(), { now: new Date(Date.now() + 7_200_000), log });
    const sent = await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone));
    expect(sent).toMatchObject([{ body: "hello once", idempotency_key: `sms:${smsId}` }]);
    expect(await job(db(), queued.id)).toMatchObject({ status: "done", attempts: 2 });
    // Its life is kept; a code's text is not, once handed over (the database otherwise keeps codes only hashed).
    const [after] = await db().select().from(s.sms_messages).where(eq(s.sms_messages.id, smsId));
    expect(after).toMatchObject({ state: "sent", provider: "outbox", parts: 1, body: null, error: null });
    expect(after.sent_at).toBeInstanceOf(Date);
    expect(await db().select().from(s.sms_parts).where(eq(s.sms_parts.sms_id, smsId))).toMatchObject([
      { provider: "outbox", provider_message_id: `outbox-${sent[0].id}`, part: 1, state: "sent" },
    ]);
  });

  it("de-duplicates by key: the scheduler writes one job per period however often it runs", async () => {
    const schedules = [{ task: "test.daily", everyMs: 86_400_000 }];
    const at = new Date("2026-11-24T10:30:00Z");
    await scheduleDue(db(), schedules, at);
    await scheduleDue(db(), schedules, new Date("2026-11-24T23:59:00Z"));
    await scheduleDue(db(), schedules, new Date("2026-11-25T00:01:00Z"));
    expect((await jobsOf(db(), "test.daily")).map((j) => [j.key, j.run_at.toISOString()])).toEqual([
      ["test.daily:2026-11-24T00:00:00.000Z", "2026-11-24T00:00:00.000Z"],
      ["test.daily:2026-11-25T00:00:00.000Z", "2026-11-25T00:00:00.000Z"],
    ]);
    expect(await enqueue(db(), "test.daily", {}, { key: "test.daily:2026-11-24T00:00:00.000Z" })).toBeNull();
    await db().delete(s.jobs).where(eq(s.jobs.task, "test.daily"));
  });

  it("runs a job queued within the same millisecond as the claim (run_at has microseconds, a JS clock has not)", async () => {
    const at = new Date("2026-11-24T10:00:00.000Z");
    // Due half a millisecond after the clock's whole millisecond, as a job queued just now with the database's now().
    const [row] = await db()
      .insert(s.jobs)
      .values({ task: "test.sameMillisecond", run_at: sql`'2026-11-24 10:00:00.0005+00'::timestamptz` })
      .returning({ id: s.jobs.id });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(at.getTime()));
    try {
      await runJobsNow(db(), { "test.sameMillisecond": async () => undefined });
    } finally {
      vi.useRealTimers();
    }
    expect(await job(db(), row.id)).toMatchObject({ status: "done", attempts: 1 });
    await db().delete(s.jobs).where(eq(s.jobs.task, "test.sameMillisecond"));
  });

  it("cleans up done jobs after 7 days and keeps failed ones", async () => {
    const old = new Date(Date.now() - 8 * 86_400_000);
    const [done] = await db()
      .insert(s.jobs)
      .values({ task: "test.old", status: "done", updated_at: old })
      .returning({ id: s.jobs.id });
    const [failed] = await db()
      .insert(s.jobs)
      .values({ task: "test.old", status: "failed", updated_at: old, last_error: "x" })
      .returning({ id: s.jobs.id });
    const [recent] = await db().insert(s.jobs).values({ task: "test.old", status: "done" }).returning({ id: s.jobs.id });
    // The run's clock is set a second ahead: the job's run_at is the database's now(), and a claim compares it with
    // the test's clock (the same clock, but a step of the system clock must not make the job "not yet due").
    await enqueue(db(), "jobs.cleanup");
    expect(await runDueJobs(db(), { now: new Date(Date.now() + 1000) })).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(db(), "test.old")).map((j) => j.id)).toEqual([failed.id, recent.id]);
    expect(done.id).toBeLessThan(recent.id);
  });

  it("wakes a worker by notification when a job is queued (no poll needed)", async () => {
    let idle!: () => void;
    const asleep = new Promise<void>((resolve) => (idle = resolve));
    // It would look again only in 10 minutes: the job below is run because the notification woke it.
    const worker = startWorker(test.get(), TASKS, { pollMs: 600_000, onIdle: () => idle() });
    try {
      await asleep;
      await db().transaction(async (tx) => queueSms(tx, { phone: "+963944000003", body: "woken" }, { purpose: "test" }));
      await vi.waitFor(
        async () => expect(await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, "+963944000003"))).toHaveLength(1),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
  });
});

describe("workers on one PostgreSQL database", () => {
  const name = `aqar_jobs_${process.pid}`;
  const server = "postgres://postgres@127.0.0.1:5432";
  const url = `${server}/${name}`;
  let first: Database;
  let second: Database;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: `${server}/postgres` });
    await client.connect();
    await client.query(query);
    await client.end();
  }

  beforeAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    first = await openDatabase({ url, pgliteDir: "" });
    await migrateDatabase(first);
    second = await openDatabase({ url, pgliteDir: "" });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("reads the lookups in a job's transaction one query at a time (the alerts' batch loads them there)", async () => {
    // pg warns, and its next major version fails, when a query is sent on a connection while another runs on it: a
    // transaction is one connection, so Promise.all over it overlaps queries.
    const overlaps: string[] = [];
    const onWarning = (warning: Error) => {
      if (/already executing a query/.test(warning.message)) overlaps.push(warning.message);
    };
    process.on("warning", onWarning);
    try {
      // The lists are empty here (the alerts' test below seeds them): the queries are sent all the same.
      const lookups = await first.db.transaction((tx) => getLookups(tx as unknown as Db));
      expect(lookups.estateTypes).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(overlaps).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  /** Queues `n` SMS (to numbers starting with `prefix`) in one transaction; returns their job ids. */
  async function queueMany(prefix: string, n: number): Promise<void> {
    await first.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++)
        await queueSms(tx, { phone: `${prefix}${String(i).padStart(4, "0")}`, body: `message ${i}` }, { purpose: "test" });
    });
  }

  /** Per SMS job of numbers starting with `prefix`: its status, tries and how many outbox rows it left. */
  async function outcome(prefix: string) {
    const rows = await first.db
      .select({
        id: s.jobs.id,
        status: s.jobs.status,
        attempts: s.jobs.attempts,
        sent: sql<number>`(select count(*)::int from sms_outbox o where o.idempotency_key = 'sms:' || ${s.sms_messages.id})`,
      })
      .from(s.jobs)
      .innerJoin(s.sms_messages, eq(s.sms_messages.job_id, s.jobs.id))
      .where(and(eq(s.jobs.task, "sms"), like(s.sms_messages.phone, `${prefix}%`)));
    const [outbox] = await first.db
      .select({ rows: count(), phones: countDistinct(s.sms_outbox.phone) })
      .from(s.sms_outbox)
      .where(like(s.sms_outbox.phone, `${prefix}%`));
    return { jobs: rows, outbox };
  }

  it("two workers with pools of their own run 200 jobs: each once, none lost", async () => {
    await queueMany("+96394410", 200);
    const ran = { first: 0, second: 0 };
    const counting = (who: keyof typeof ran): Tasks => ({
      ...TASKS,
      sms: async (tx, payload) => {
        ran[who]++;
        await TASKS.sms.handler(tx, payload);
      },
    });
    await Promise.all([runJobsNow(first.db, counting("first")), runJobsNow(second.db, counting("second"))]);
    const result = await outcome("+96394410");
    expect(result.jobs).toHaveLength(200);
    expect(result.jobs.filter((j) => j.status !== "done" || j.attempts !== 1 || j.sent !== 1)).toEqual([]);
    expect(result.outbox).toEqual({ rows: 200, phones: 200 });
    expect(ran.first + ran.second).toBe(200);
    expect(ran.first).toBeGreaterThan(0);
    expect(ran.second).toBeGreaterThan(0);
  });

  it("a worker process killed in the middle of a batch: after another worker runs, every job was done exactly once", async () => {
    const total = 2000;
    await queueMany("+96394420", total);
    // Node itself with tsx's loader (the tsx command would run the worker in a grandchild that SIGKILL misses).
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test", VITEST: "" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      // Once the worker has sent some of the messages (and before it sent them all), it is killed while it holds a
      // claimed batch. Between two batches it holds none, so it is frozen (SIGSTOP) and looked at first: after a
      // pause, nothing it sent can still commit. If it holds no batch, it runs on a little and is looked at again.
      await vi.waitFor(async () => expect((await outcome("+96394420")).outbox.rows).toBeGreaterThan(50), {
        timeout: 60_000,
        interval: 20,
      });
      await vi.waitFor(
        async () => {
          child.kill("SIGSTOP");
          await new Promise((resolve) => setTimeout(resolve, 100));
          const held = (await outcome("+96394420")).jobs.filter((j) => j.status === "running").length;
          if (held === 0) child.kill("SIGCONT");
          expect(held).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 5 },
      );
    } finally {
      child.kill("SIGKILL");
    }
    await exited;
    const killed = await outcome("+96394420");
    expect(killed.outbox.rows).toBeLessThan(total);
    // The dead worker's batch is still claimed: its lease has not run out.
    expect(killed.jobs.filter((j) => j.status === "running").length).toBeGreaterThan(0);
    // Another worker, once the lease has run out, takes the claimed jobs again and runs the rest.
    await runJobsNow(second.db, TASKS, { now: new Date(Date.now() + LEASE_MS + 60_000) });
    const result = await outcome("+96394420");
    expect(result.jobs).toHaveLength(total);
    expect(result.jobs.filter((j) => j.status !== "done" || j.sent !== 1)).toEqual([]);
    expect(result.outbox).toEqual({ rows: total, phones: total });
  }, 120_000);

  it("a job during which its worker is killed every time: tried max_attempts times, then given up and never run again", async () => {
    const phone = "+963944500001";
    const { smsId, jobId: id } = await queueSmsJob(first.db, { phone, body: "never sent" }, 2);
    // The SMS's outbox insert waits while this connection holds the table (reads go on), so each worker hangs in the
    // job's try until it is killed, as a supervisor kills a hung process.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      for (let attempt = 1; attempt <= 2; attempt++) {
        await holder.query("begin");
        await holder.query("lock table sms_outbox in share mode");
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
          env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test", VITEST: "" },
          stdio: "ignore",
        });
        const exited = new Promise((resolve) => child.once("exit", resolve));
        try {
          await vi.waitFor(async () => expect((await job(first.db, id)).attempts).toBe(attempt), {
            timeout: 60_000,
            interval: 50,
          });
        } finally {
          child.kill("SIGKILL");
        }
        await exited;
        await holder.query("rollback");
        // LEASE_MS later: the dead worker's lease has run out.
        await first.db
          .update(s.jobs)
          .set({ locked_until: new Date(Date.now() - 1000) })
          .where(eq(s.jobs.id, id));
        expect(await job(first.db, id)).toMatchObject({ status: "running", attempts: attempt });
      }
    } finally {
      await holder.end();
    }
    // The next worker gives it up instead of starting a third try.
    const { log } = lines();
    await runJobsNow(second.db, TASKS, { log });
    expect(await job(first.db, id)).toMatchObject({ status: "failed", attempts: 2, last_failure: "lease_expired" });
    await runJobsNow(second.db, TASKS, { now: new Date(Date.now() + 7 * 86_400_000), log });
    expect(await job(first.db, id)).toMatchObject({ status: "failed", attempts: 2 });
    expect(await first.db.select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone))).toEqual([]);
    // The message itself is failed with the reason, for /admin/sms (where it can be sent again).
    expect(await first.db.select().from(s.sms_messages).where(eq(s.sms_messages.id, smsId))).toMatchObject([
      { state: "failed", error: LEASE_EXPIRED_ERROR },
    ]);
    expect((await listJobs(first.db)).failed).toContainEqual(
      expect.objectContaining({ id, task: "sms", attempts: 2, maxAttempts: 2, failure: "lease_expired" }),
    );
  }, 180_000);

  it("saved-search alerts killed in the middle of a run: after another worker runs, each search alerted once (decision 030)", async () => {
    // Lookups and 30 listings, all published an hour ago; 600 accounts with one saved search each (every listing),
    // counted from a day ago: three batches of 200 searches, one SMS each.
    await seedReference(first.db, diskImageStore(process.env.TEST_IMAGES_DIR!));
    await seedListings(first.db, { count: 30, images: diskImageStore(process.env.TEST_IMAGES_DIR!) });
    await first.db.execute(sql`update estates set published_at = now() - interval '1 hour'`);
    await first.db.execute(sql`
      with u as (
        insert into users (first_name, last_name, phone, password_hash, status, role, lang)
        select 'Alert', 'Test', '+96394430' || lpad(g::text, 4, '0'), 'x', 'active', 'user', 'en' from generate_series(1, 600) g
        returning id)
      insert into saved_searches (user_id, name, query, frequency, checked_until)
      select id, 'All', '', 'instant', now() - interval '1 day' from u`);
    await enqueue(first.db, "alerts.send", { until: Date.now() });
    const alerts = async () => Number((await first.db.select({ n: count() }).from(s.saved_search_alerts))[0].n);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test", VITEST: "" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      // Killed once the first batch has committed, before the last one has.
      await vi.waitFor(async () => expect(await alerts()).toBeGreaterThan(0), { timeout: 60_000, interval: 10 });
    } finally {
      child.kill("SIGKILL");
    }
    await exited;
    expect(await alerts()).toBeLessThan(600);
    // Another worker, once the dead one's lease has run out, finishes the run and sends the SMS.
    await runJobsNow(second.db, TASKS, { now: new Date(Date.now() + LEASE_MS + 60_000) });
    const perSearch = await first.db
      .select({
        id: s.saved_searches.id,
        alerts: sql<number>`(select count(*)::int from saved_search_alerts a where a.saved_search_id = saved_searches.id)`,
      })
      .from(s.saved_searches);
    expect(perSearch).toHaveLength(600);
    expect(perSearch.filter((r) => r.alerts !== 1)).toEqual([]);
    const sent = await outcome("+96394430");
    expect(sent.outbox).toEqual({ rows: 600, phones: 600 });
    expect(sent.jobs.filter((j) => j.status !== "done" || j.sent !== 1)).toEqual([]);
  }, 180_000);
});
