/**
 * `npm run bench:sms`: codes before bulk (decision 051 and 052). With 10,000 bulk messages queued and the
 * provider accepting 20 submit_sm a second, how long a sign-up code queued after them takes to reach the provider
 * (the target is at most 5 s).
 *
 * 1. starts a real SMPP server on a local port (tests/helpers/smpp-server.ts) that accepts 20 submit_sm in any
 *    second and answers ESME_RTHROTTLED past that; our side is SMPP_TPS=20 (SMS_PROVIDER=smpp);
 * 2. queues `--bulk` bulk messages (10,000) with queueSms, as alerts are queued;
 * 3. starts the job worker (startAppWorker) and lets it send bulk for `--warm` seconds (5);
 * 4. queues one sign-up code (kind code) and measures the time until the server has read its submit_sm;
 * 5. prints that time, the bulk rate the server saw, and the submit_sm it throttled; stops everything.
 *
 * On a fresh PGlite database in a temporary folder by default, or on DATABASE_URL (PostgreSQL; the script's
 * messages, to +96393991xxxx, and their jobs are removed at the end).
 * Options: --bulk N (10000), --warm S (5), --tps N (20).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import smpp from "smpp";
import { startSmppServer } from "../tests/helpers/smpp-server";
import { numberOption } from "./cli";

const bulk = numberOption("bulk", 10_000, { min: 1, integer: true });
const warmSeconds = numberOption("warm", 5, { min: 0 });
const tps = numberOption("tps", 20, { min: 1, integer: true });
const BENCH_PHONES = "+96393991";

// The provider: at most `tps` submit_sm in any second of its own receive times; past that ESME_RTHROTTLED.
const accepted: number[] = [];
let throttled = 0;
const server = await startSmppServer({
  systemId: "bench",
  password: "bench",
  status: (submit) => {
    while (accepted.length && submit.at - accepted[0] >= 1_000) accepted.shift();
    if (accepted.length >= tps) {
      throttled++;
      return smpp.errors.ESME_RTHROTTLED;
    }
    accepted.push(submit.at);
    return 0;
  },
});

const pgliteDir = process.env.DATABASE_URL ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "bench-sms-"));
Object.assign(process.env, {
  SMS_PROVIDER: "smpp",
  SMPP_URL: server.url(),
  SMPP_TPS: String(tps),
  SMS_SENDER_ID: "AqarBench",
  SMS_DAILY_LIMIT: "0",
  LOG_LEVEL: "silent",
});
// The application's modules read the environment above when first used.
const { migrateDatabase, openDatabase } = await import("../app/platform/db/client.server");
const { queueSms } = await import("../app/platform/sms/sms.server");
const { startAppWorker } = await import("../app/features/jobs/job-tasks.server");

const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir });
await migrateDatabase(database);
globalThis.__database = Promise.resolve(database); // delivery receipts and getDb() use this database
const { db } = database;

console.log(`${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; provider and SMPP_TPS at ${tps} submit_sm/s`);
let started = performance.now();
for (let from = 0; from < bulk; from += 1_000) {
  await db.transaction(async (tx) => {
    for (let i = from; i < Math.min(bulk, from + 1_000); i++) {
      const phone = `${BENCH_PHONES}${String(i).padStart(5, "0")}`;
      await queueSms(tx, { phone, body: `Bench alert ${i}: 3 new listings in Damascus` }, { kind: "bulk", purpose: "alert" });
    }
  });
}
console.log(`queued ${bulk.toLocaleString("en")} bulk messages in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const worker = startAppWorker(database, { log: () => undefined });
started = performance.now();
await new Promise((r) => setTimeout(r, warmSeconds * 1_000));
const bulkRate = server.taken.length / ((performance.now() - started) / 1000);
console.log(`bulk sending: ${server.taken.length} taken in ${warmSeconds} s (${bulkRate.toFixed(1)}/s)`);

const codePhone = `${BENCH_PHONES}99999`;
const queuedAt = performance.now();
await queueSms(db, { phone: codePhone, body: "رمز التفعيل: 482913" }, { kind: "code", purpose: "signup" });
const destination = codePhone.slice(1);
while (!server.taken.some((t) => t.destination === destination) && performance.now() - queuedAt < 60_000) {
  await new Promise((r) => setTimeout(r, 5));
}
const code = server.taken.find((t) => t.destination === destination);
const waited = code ? code.at - queuedAt : Number.NaN;
console.log(
  code
    ? `sign-up code queued behind ${(bulk - server.taken.length).toLocaleString("en")} bulk messages reached the provider in ${(waited / 1000).toFixed(2)} s (limit 5 s)`
    : "the sign-up code did not reach the provider within 60 s",
);
console.log(`submit_sm throttled by the provider: ${throttled}`);

await worker.stop(); // and the SMPP unbind
await server.close();
if (process.env.DATABASE_URL) {
  await db.execute(
    `delete from jobs where task = 'sms' and (payload->>'smsId')::bigint in (select id from sms_messages where phone like '${BENCH_PHONES}%')`,
  );
  await db.execute(`delete from sms_messages where phone like '${BENCH_PHONES}%'`);
}
await database.close();
if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
process.exit(code && waited <= 5_000 ? 0 : 1);
