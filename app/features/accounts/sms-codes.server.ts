import type { Db, Tx } from "~/platform/db/client.server";
import { COUNTRIES } from "~/platform/config/countries";
import type { Locale } from "~/platform/i18n/i18n";
import { recordSmsLimitHit, type SmsLimitName } from "~/platform/sms/sms-limits.server";
import { getEnv } from "~/platform/config/env.server";
import { phoneCountry } from "./phone.server";
import { consume, type LimitName } from "~/platform/http/rate-limit.server";
import { queueSms, type SmsMessage } from "~/platform/sms/sms.server";

/**
 * Code messages (sign-up codes, resent codes, reset links) against SMS pumping (decision 053): the
 * countries they may go to, their limits, and the one way to queue one.
 */
const cleared: unique symbol = Symbol("cleared");

/**
 * Proof that one code message to `phone` passed checkCodeSms (its country and its limits were checked and
 * counted). queueCodeSms takes it and spends it: one clearance, one code message.
 */
export type CodeClearance = { readonly phone: string; readonly [cleared]: true };
/** The clearances checkCodeSms gave that were not spent yet. */
const unspent = new WeakSet<CodeClearance>();

/**
 * Why a code message may not be sent: its number is outside SMS_COUNTRIES (`countries`: their names in the page's
 * language, for the form's message), or a limit was passed (`retryAfter`, seconds to wait).
 */
export type CodeRefusal = { kind: "country"; countries: string } | { kind: "tooMany"; retryAfter: number };

/** The code limits in the order they are counted, and the name a refusal by each is recorded under (decision 053). */
const CODE_LIMITS: ReadonlyArray<{ limit: LimitName; by: "phone" | "ip"; hit: SmsLimitName | null }> = [
  { limit: "smsPhone", by: "phone", hit: null },
  { limit: "smsPhoneDay", by: "phone", hit: "phone_day" },
  { limit: "smsIpDay", by: "ip", hit: "ip_day" },
];

/**
 * Whether a code message (sign-up code, resent code, reset link) may go to `phone` (E.164) for a client at `ip`
 * (undefined: no per-address limit), against SMS pumping (decision 053). First the number's country must be one of
 * SMS_COUNTRIES (else "country", nothing counted); then the limits are counted in order, 3 an hour and 5 a day per
 * number, 20 a day per address, stopping at the first one passed ("tooMany"): a refused attempt is counted by that
 * limit and the ones before it only. A refusal by SMS_COUNTRIES or a daily limit is recorded (recordSmsLimitHit).
 * The answer depends on the number and the address only, never on whether the number has an account. `locale`
 * names the countries in the refusal. Database errors propagate.
 */
export async function checkCodeSms(
  db: Db,
  input: { phone: string; ip: string | undefined; locale: Locale },
): Promise<{ kind: "cleared"; clearance: CodeClearance } | CodeRefusal> {
  const { phone, ip } = input;
  const allowed = getEnv().SMS_COUNTRIES;
  const country = phoneCountry(phone);
  if (!country || !allowed.includes(country)) {
    await recordSmsLimitHit(db, "country", `${phone} (${country ?? "no country"}) is outside SMS_COUNTRIES ${allowed.join(",")}`);
    const names = COUNTRIES[input.locale].filter(([code]) => allowed.includes(code)).map(([, , name]) => name);
    return { kind: "country", countries: names.join(input.locale === "ar" ? "، " : ", ") };
  }
  for (const { limit, by, hit } of CODE_LIMITS) {
    const outcome = await consume(db, [[limit, by === "phone" ? phone : ip]]);
    if (outcome.ok) continue;
    if (hit) await recordSmsLimitHit(db, hit, `${phone} from ${ip ?? "an unknown address"}`);
    return { kind: "tooMany", retryAfter: outcome.retryAfter };
  }
  const clearance = { phone, [cleared]: true } as const;
  unspent.add(clearance);
  return { kind: "cleared", clearance };
}

/**
 * Queues a code message (queueSms with kind `code`, sent before bulk messages) to the number `clearance` was given
 * for, spending it, in the caller's transaction `tx`: the one way to send a code (tests/sms-limits.test.ts checks
 * that no other code queues one). Throws when the clearance was spent already or is for another number.
 */
export async function queueCodeSms(
  tx: Db | Tx,
  clearance: CodeClearance,
  message: SmsMessage,
  purpose: "signup" | "reset" | "phone",
): Promise<void> {
  if (!unspent.has(clearance) || clearance.phone !== message.phone)
    throw new Error("a code SMS needs an unspent clearance of checkCodeSms for its number");
  unspent.delete(clearance);
  await queueSms(tx, message, { kind: "code", purpose });
}

/**
 * Queues a notice about the account to its own number (decision 092: "your number was changed"), sent with the codes
 * (kind `code`, before bulk messages and past the daily budget) because its owner must learn of it even on a day the
 * alerts stop. Only a change the owner confirmed with a code sends one, so it is bounded by the code limits of
 * checkCodeSms. In the caller's transaction `tx`.
 */
export async function queueAccountNotice(tx: Db | Tx, message: SmsMessage): Promise<void> {
  await queueSms(tx, message, { kind: "code", purpose: "account" });
}
