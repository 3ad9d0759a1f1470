import type { Db } from "~/platform/db/client.server";
import { findRegistrationByPassword, findUserByPhone } from "~/features/accounts/user.server";
import { consumeLoginLimit, resetLoginLimit } from "./account.server";
import { checkCaptcha, createCaptcha, spendCaptcha, type Captcha } from "./captcha.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { consume, limitPassed } from "~/platform/http/rate-limit.server";

/**
 * Logging in: the captcha of the login tab and the
 * password check with its limits. Each function takes plain values and returns what happened; the route keeps the
 * captcha in the session and turns outcomes into answers. Database errors propagate.
 */

/**
 * A new captcha for the login tab, within the drawing limit of the client's address (60 in 10 minutes: each is a
 * sharp render): "drawn" with the captcha, or "tooMany" with the seconds to wait and nothing drawn.
 */
export async function drawLoginCaptcha(
  db: Db,
  ip: string | undefined,
): Promise<{ kind: "drawn"; captcha: Captcha } | { kind: "tooMany"; retryAfter: number }> {
  const limit = await consume(db, [["captchaIp", ip]]);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  return { kind: "drawn", captcha: await createCaptcha() };
}

/**
 * Checks the typed captcha (`typed`, what the form posted) against the one the session kept (`stored`), and spends
 * it whatever the answer (single-use). "ok"; "wrong" (the right length, another text); "missing" (nothing
 * drawn, spent, or not the answer's length); "tooMany" when the client's address may not draw captchas now
 * (the page says how long to wait rather than "complete the verification").
 */
export async function checkLoginCaptcha(
  db: Db,
  input: { stored: unknown; typed: FormDataEntryValue | null; ip: string | undefined },
): Promise<{ kind: "ok" } | { kind: "wrong" } | { kind: "missing" } | { kind: "tooMany"; retryAfter: number }> {
  const answerHash = await spendCaptcha(db, input.stored);
  const checked = checkCaptcha(answerHash, typeof input.typed === "string" ? input.typed : "");
  if (checked === "ok") return { kind: "ok" };
  const drawing = await limitPassed(db, "captchaIp", input.ip);
  if (!drawing.ok) return { kind: "tooMany", retryAfter: drawing.retryAfter };
  return { kind: checked };
}

/**
 * Checks a number's password: within the login limits ("tooMany": 10 tries per number from one address,
 * 100 per number, 100 per address in 15 minutes); a number without an account is checked against a dummy
 * hash, so it takes as long as one with an account. "loggedIn" gives the account's id (and the number's count from
 * that address starts again); "notActivated" a number that signed up with this password but never entered its code;
 * "failed" a wrong password or an unknown number; "suspended" a suspended account's right password.
 */
export async function logIn(
  db: Db,
  input: { phone: string; password: string; ip: string | undefined },
): Promise<
  | { kind: "loggedIn"; userId: number }
  | { kind: "tooMany"; retryAfter: number }
  | { kind: "notActivated" }
  | { kind: "failed" }
  | { kind: "suspended" }
> {
  const { phone, password, ip } = input;
  const limit = await consumeLoginLimit(db, phone, ip);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  const user = await findUserByPhone(db, phone);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user) return (await findRegistrationByPassword(db, phone, password)) ? { kind: "notActivated" } : { kind: "failed" };
  if (!valid) return { kind: "failed" };
  if (user.status === "suspended") return { kind: "suspended" };
  await resetLoginLimit(db, phone, ip);
  return { kind: "loggedIn", userId: user.id };
}
