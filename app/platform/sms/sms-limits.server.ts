import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { sms_limit_hits } from "~/platform/db/schema";
import { stderrLine } from "~/platform/jobs/jobs.server";
import { isoDay } from "~/platform/i18n/dates";

/**
 * The SMS limits against pumping and overspending (decision 051), by name: a code to a number outside
 * SMS_COUNTRIES (`country`), a sixth code of the day to one number (`phone_day`) or a 21st from one address
 * (`ip_day`), a bulk message past SMS_DAILY_LIMIT (`daily_budget`) and a staff notice past SMS_STAFF_DAILY_LIMIT
 * (`staff_budget`, decision 081).
 */
export type SmsLimitName = "country" | "phone_day" | "ip_day" | "daily_budget" | "staff_budget";

/**
 * Records that the limit `name` stopped a message now: one more hit on today's row of sms_limit_hits (the day in
 * Damascus time, as the back office shows it) and one line on the server's log with `detail` (never a code or a
 * message's text). Written through `db`, so it commits with the caller's transaction.
 */
export async function recordSmsLimitHit(db: Db | Tx, name: SmsLimitName, detail: string, at = new Date()): Promise<void> {
  await db
    .insert(sms_limit_hits)
    .values({ day: isoDay(at), limit_name: name, hits: 1, last_at: at })
    .onConflictDoUpdate({
      target: [sms_limit_hits.day, sms_limit_hits.limit_name],
      set: { hits: sql`${sms_limit_hits.hits} + 1`, last_at: at },
    });
  stderrLine(`[sms] limit ${name} reached: ${detail}`);
}
