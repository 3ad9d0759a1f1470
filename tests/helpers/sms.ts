import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { queueSms, type SmsOptions } from "~/platform/sms/sms.server";

/**
 * Queues one SMS as the application does (queueSms: its sms_messages row and its `sms` job) and gives its job
 * `maxAttempts` tries, for tests of failures and giving up. Returns the message's and the job's ids.
 */
export async function queueSmsJob(
  db: Db,
  message: { phone: string; body: string },
  maxAttempts: number,
  options: SmsOptions = { purpose: "test" },
): Promise<{ smsId: number; jobId: number }> {
  const smsId = await queueSms(db, message, options);
  const [row] = await db.select({ jobId: s.sms_messages.job_id }).from(s.sms_messages).where(eq(s.sms_messages.id, smsId));
  await db.update(s.jobs).set({ max_attempts: maxAttempts }).where(eq(s.jobs.id, row.jobId!));
  return { smsId, jobId: row.jobId! };
}
