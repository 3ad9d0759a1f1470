import type { Db } from "~/platform/db/client.server";
import type { Locale } from "~/platform/i18n/i18n";
import { createPasswordReset, findResetUser, findUserByPhone, resetPasswordWithToken } from "~/features/accounts/user.server";
import { afterResponse } from "./account.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { hashPassword } from "./password.server";
import { consume } from "~/platform/http/rate-limit.server";
import { checkCodeSms, queueCodeSms, type CodeRefusal } from "./sms-codes.server";

/**
 * The forgotten password, reset by phone number: a link by SMS, and the new password set through it. Each function takes plain
 * values and returns what happened. Database errors propagate.
 */

/**
 * Sends an SMS with a link to `${origin}/rp?t=TOKEN` (in `locale`) when the number has an account that is not
 * suspended. Every number is checked against the SMS countries and limits alike (checkCodeSms, decision 053:
 * "country", "tooMany"), so they say nothing about which numbers have accounts; past them, "accepted" is the
 * answer for any number, known or not, and comes at once: the
 * lookup, the link and its SMS run after the answer (afterResponse), so a known number is answered as fast
 * as an unknown one. The link and its `sms` job are one write; the worker sends it.
 */
export async function requestReset(
  db: Db,
  input: { phone: string; ip: string | undefined; locale: Locale; origin: string },
): Promise<{ kind: "accepted" } | CodeRefusal> {
  const { phone } = input;
  const check = await checkCodeSms(db, input);
  if (check.kind !== "cleared") return check;
  afterResponse("password reset", async () => {
    const user = await findUserByPhone(db, phone);
    if (!user || user.status === "suspended") return;
    const t = await getLocaleT(input.locale);
    await db.transaction(async (tx) => {
      const token = await createPasswordReset(tx, user.id);
      const link = `${input.origin}/rp?t=${token}`;
      await queueCodeSms(tx, check.clearance, { phone, body: t("account:sms.reset", { brand: t("brand"), link }) }, "reset");
    });
  });
  return { kind: "accepted" };
}

/**
 * Whether a reset link may be used now, before anything is hashed (a hash costs 19 MiB and ~50 ms): "tooMany" past
 * the per-address login limit (it counts this try), "bad" for a token that is unknown, spent, expired or of a
 * suspended account, else "ok".
 */
export async function checkResetLink(
  db: Db,
  input: { token: string; ip: string | undefined },
): Promise<{ kind: "ok" } | { kind: "bad" } | { kind: "tooMany"; retryAfter: number }> {
  const limit = await consume(db, [["loginIp", input.ip]]);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  return (await findResetUser(db, input.token)) ? { kind: "ok" } : { kind: "bad" };
}

/**
 * Sets the new password through a link (checked with checkResetLink first): the token is spent and every session of
 * the user ends, in one transaction. "bad" when the link went bad meanwhile (nothing changed).
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
): Promise<{ kind: "changed" } | { kind: "bad" }> {
  return (await resetPasswordWithToken(db, input.token, await hashPassword(input.password)))
    ? { kind: "changed" }
    : { kind: "bad" };
}
