import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { sms_messages, sms_parts } from "~/platform/db/schema";
import { useTestDatabase } from "./helpers/db";
import { startSmppServer, type SmppTestServer } from "./helpers/smpp-server";

/**
 * An SMS through the whole path with SMS_PROVIDER=smpp (decision 052): queueSms, the job queue's `sms` task, the
 * configured SMPP sender, a real SMPP server on a local port, its delivery receipts, and the message delivered.
 */

const test = useTestDatabase();
const db = () => test.get().db;
let server: SmppTestServer;
let app: {
  queueSms: typeof import("~/platform/sms/sms.server").queueSms;
  closeSmsSender: typeof import("~/platform/sms/sms.server").closeSmsSender;
  runDueJobs: typeof import("~/features/jobs/job-tasks.server").runDueJobs;
};

beforeAll(async () => {
  server = await startSmppServer({ systemId: "aqar", password: "secret", autoReceipt: { stat: "DELIVRD", delayMs: 50 } });
  vi.stubEnv("SMS_PROVIDER", "smpp");
  vi.stubEnv("SMPP_URL", server.url());
  vi.stubEnv("SMS_SENDER_ID", "AqarSy");
  // Fresh modules, so that the environment above is the one getEnv() parses and getSmsSender() is built from.
  vi.resetModules();
  const sms = await import("~/platform/sms/sms.server");
  const jobs = await import("~/features/jobs/job-tasks.server");
  app = { queueSms: sms.queueSms, closeSmsSender: sms.closeSmsSender, runDueJobs: jobs.runDueJobs };
});
afterAll(async () => {
  await app?.closeSmsSender();
  await server?.close();
  vi.unstubAllEnvs();
});

it("sends a queued message through the job queue and SMPP, and stores its receipts until it is delivered", async () => {
  const body = "تم نشر إعلانك في عقار سوريا. يبقى الإعلان ظاهراً ستين يوماً، وسنذكّرك قبل انتهائه بأسبوع لتجدده. شكراً لك.";
  const smsId = await app.queueSms(db(), { phone: "+963944555666", body }, { kind: "bulk", purpose: "owner" });
  await app.runDueJobs(db());

  expect(server.messages()).toEqual([{ destination: "963944555666", parts: 2, text: body }]);
  const [sent] = await db().select().from(sms_messages).where(eq(sms_messages.id, smsId));
  expect(sent).toMatchObject({ provider: "smpp", parts: 2 });
  const parts = await db().select().from(sms_parts).where(eq(sms_parts.sms_id, smsId)).orderBy(sms_parts.part);
  expect(parts.map((p) => p.provider_message_id)).toEqual(server.taken.map((t) => t.messageId));

  // The receipts come 50 ms after each part; the first may come before the job's transaction commits.
  const end = Date.now() + 20_000;
  let row = sent;
  while (row.state !== "delivered" && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    [row] = await db().select().from(sms_messages).where(eq(sms_messages.id, smsId));
  }
  expect(row.state).toBe("delivered");
  expect(row.delivered_at).not.toBeNull();
  expect(server.binds).toEqual([{ systemId: "aqar", password: "secret", accepted: true }]);
});
