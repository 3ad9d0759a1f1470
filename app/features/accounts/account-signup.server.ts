import { TransactionRollbackError } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { message, tooMany, type Message } from "~/platform/forms/message";
import type { Locale } from "~/platform/i18n/i18n";
import {
  activateRegistration,
  checkCode,
  createRegistration,
  findRegistration,
  findRegistrationByPassword,
  findUserByPhone,
} from "~/features/accounts/user.server";
import { consumeLoginLimit, sendActivationCode } from "./account.server";
import { hashPassword } from "./password.server";
import { checkCodeSms, type CodeRefusal } from "./sms-codes.server";

/**
 * Signing up: a sign-up waits in
 * `registrations` until its SMS code is entered, and only then becomes an account. Each function takes plain values
 * (an E.164 number, the client's address, the page's language for the SMS) and returns what happened; the routes
 * turn that into an answer. Database errors propagate.
 */

/**
 * A sign-up's SMS was refused (checkCodeSms, decision 053): the number is outside SMS_COUNTRIES (`countries`, their
 * names) or a limit was passed (`retryAfter`, seconds). A failing SMS provider refuses nothing: the SMS is a queued
 * job, tried again by the worker.
 */
export type SmsRefusal = CodeRefusal;

/**
 * What a form says when its SMS was refused: the form's own failure message (`failed`: registerFailed,
 * resendFailed, or none), followed by the reason: the countries codes go to (status 400), or the minutes to wait
 * (status 429).
 */
export function smsRefusal(failed: string | null, refusal: SmsRefusal): { formErrors: Message[]; status: 400 | 429 } {
  const first = failed ? [message(failed)] : [];
  if (refusal.kind === "country")
    return { formErrors: [...first, message("account:smsCodes.country", { countries: refusal.countries })], status: 400 };
  return { formErrors: [...first, tooMany("account:errors.tooMany", refusal.retryAfter)], status: 429 };
}

/**
 * Records a sign-up and sends its code. The SMS country and limits are checked first
 * (checkCodeSms), so a refused attempt writes nothing and tells nothing about the number ("country", "tooMany"); a number with an account gives "exists";
 * the sign-up, its code and its queued SMS are one write.
 * "pending" gives the new sign-up's id, which the session keeps.
 */
export async function register(
  db: Db,
  input: { first_name: string; last_name: string; phone: string; password: string; locale: Locale; ip: string | undefined },
): Promise<{ kind: "pending"; registration: number } | { kind: "exists" } | SmsRefusal> {
  const { phone } = input;
  const check = await checkCodeSms(db, input);
  if (check.kind !== "cleared") return check;
  const password_hash = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx) => {
    const registration = await createRegistration(tx, {
      first_name: input.first_name,
      last_name: input.last_name,
      phone,
      password_hash,
    });
    if (registration !== "exists") await sendActivationCode(tx, input.locale, check.clearance);
    return registration;
  });
  if (outcome === "exists") return { kind: "exists" };
  return { kind: "pending", registration: outcome };
}

/**
 * Checks the code typed for the session's sign-up (`registration` of `phone`) and makes the account, in one
 * transaction: a code is spent only when the account is made. "activated" gives the new
 * account's id; "wrong" a wrong code (a try is counted), "expired" a code spent, expired or tried too often, "gone"
 * a sign-up that is no more (confirmed elsewhere, expired) or a number that has an account meanwhile.
 */
export async function activate(
  db: Db,
  input: { phone: string; registration: number; code: string },
): Promise<{ kind: "activated"; userId: number } | { kind: "wrong" } | { kind: "expired" } | { kind: "gone" }> {
  const outcome = await db
    .transaction(async (tx) => {
      const checked = await checkCode(tx, input.phone, "activation", input.code);
      if (checked !== "ok") return checked;
      const user = await activateRegistration(tx, input.registration, input.phone);
      if (!user) tx.rollback();
      return user;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (outcome === "wrong") return { kind: "wrong" };
  if (typeof outcome === "string") return { kind: "expired" };
  if (!outcome) return { kind: "gone" };
  return { kind: "activated", userId: outcome.id };
}

/**
 * Sends a new code for the session's sign-up, within the SMS limits; the earlier code stops
 * working once the new one is sent. "gone" when the sign-up is no more.
 */
export async function resendCode(
  db: Db,
  input: { phone: string; registration: number; locale: Locale; ip: string | undefined },
): Promise<{ kind: "sent" } | { kind: "gone" } | SmsRefusal> {
  if (!(await findRegistration(db, input.registration, input.phone))) return { kind: "gone" };
  const check = await checkCodeSms(db, input);
  if (check.kind !== "cleared") return check;
  await sendActivationCode(db, input.locale, check.clearance);
  return { kind: "sent" };
}

/**
 * Continues a sign-up that never got its code (/ac): the number and the password chosen at sign-up
 * name the sign-up, so only the person who signed up can continue it. A password is tried, so the login limits come
 * first ("tooManyTries"); a wrong password, a number without a sign-up and a number with an account all give
 * "noPending" (one answer that tells none of them apart); then the SMS limits ("tooMany") and the SMS itself.
 * "sent" gives the sign-up's id, which becomes the session's pending one.
 */
export async function reactivate(
  db: Db,
  input: { phone: string; password: string; locale: Locale; ip: string | undefined },
): Promise<
  { kind: "sent"; registration: number } | { kind: "tooManyTries"; retryAfter: number } | { kind: "noPending" } | SmsRefusal
> {
  const { phone, ip } = input;
  const tries = await consumeLoginLimit(db, phone, ip);
  if (!tries.ok) return { kind: "tooManyTries", retryAfter: tries.retryAfter };
  const registration = await findRegistrationByPassword(db, phone, input.password);
  if (!registration || (await findUserByPhone(db, phone))) return { kind: "noPending" };
  const check = await checkCodeSms(db, input);
  if (check.kind !== "cleared") return check;
  await sendActivationCode(db, input.locale, check.clearance);
  return { kind: "sent", registration: registration.id };
}
