import Bowser from "bowser";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { recordAudit } from "~/platform/db/audit.server";
import { hashToken } from "~/platform/http/tokens.server";
import { checkCode, findUserByPhone, issueCode, spendPasswordResets, type CodeCheck, type User } from "./user.server";
import { consumeLoginLimit, resetLoginLimit } from "./account.server";
import { listApiTokens, revokeAllTokens } from "./api-tokens.server";
import { hashPassword, verifyPassword } from "./password.server";
import { checkCodeSms, queueAccountNotice, queueCodeSms, type CodeRefusal } from "./sms-codes.server";

/**
 * The account its owner controls (docs/decisions/092-an-account-its-owner-controls.md): the name, the password, the
 * number and the login sessions (the deletion and the export of one's data, which reach every feature's tables, are
 * app/features/back-office/account-deletion.server.ts). Each function takes plain values and
 * returns what happened; the /profile routes turn that into an answer. Database errors propagate.
 */

/** A password was tried too often (the login limits of consumeLoginLimit); `retryAfter` is in seconds. */
export type TooManyTries = { kind: "tooMany"; retryAfter: number };

/**
 * Checks the account's password against the login limits (10 tries per number from one address, 100 per number,
 * 100 per address in 15 minutes, as the login form): "ok" (the number's count from that address starts again),
 * "wrong", or "tooMany" before anything is verified. The hash costs ~50 ms and 19 MiB.
 */
export async function checkOwnPassword(
  db: Db,
  user: User,
  password: string,
  ip: string | undefined,
): Promise<{ kind: "ok" } | { kind: "wrong" } | TooManyTries> {
  const limit = await consumeLoginLimit(db, user.phone, ip);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  const row = await findUserByPhone(db, user.phone);
  if (!row || !(await verifyPassword(row.password_hash, password))) return { kind: "wrong" };
  await resetLoginLimit(db, user.phone, ip);
  return { kind: "ok" };
}

/**
 * Ends the login sessions of a user, all of them or all but the one whose cookie token is `keepToken`, and revokes
 * every API token of the user's apps (revokeAllTokens), in the caller's transaction. The one place that ends a user's
 * logins on their own request: the password change, "log out everywhere" and the deletion all come here.
 */
export async function endSessions(tx: Db | Tx, userId: number, keepToken?: string): Promise<void> {
  await tx
    .delete(s.sessions)
    .where(
      keepToken === undefined
        ? eq(s.sessions.user_id, userId)
        : and(eq(s.sessions.user_id, userId), ne(s.sessions.token_hash, hashToken(keepToken))),
    );
  await revokeAllTokens(tx, userId);
}

/** Changes the account's `first_name` and `last_name` (already checked by nameSchema: 2–15 characters each). */
export async function changeName(db: Db, userId: number, input: { first_name: string; last_name: string }): Promise<void> {
  await db.update(s.users).set({ first_name: input.first_name, last_name: input.last_name }).where(eq(s.users.id, userId));
}

/**
 * Changes the password of a logged-in user who typed the current one (`current_password`, within the login limits):
 * the new argon2id hash is stored, every other session of the account ends (the one of `token` stays) and every
 * unused reset link is spent, in one transaction. "wrong" when the current password is not the account's.
 */
export async function changePassword(
  db: Db,
  input: { user: User; token: string; current_password: string; password: string; ip: string | undefined },
): Promise<{ kind: "changed" } | { kind: "wrong" } | TooManyTries> {
  const check = await checkOwnPassword(db, input.user, input.current_password, input.ip);
  if (check.kind !== "ok") return check;
  const password_hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(s.users).set({ password_hash }).where(eq(s.users.id, input.user.id));
    await endSessions(tx, input.user.id, input.token);
    await spendPasswordResets(tx, input.user.id);
    await recordAudit(tx, { actorId: input.user.id, action: "user.password", subjectType: "user", subjectId: input.user.id });
  });
  return { kind: "changed" };
}

/**
 * Sends a code to the number a logged-in user wants instead of theirs (`phone`, E.164), within the code SMS's
 * countries and limits (checkCodeSms, decision 053); the number changes only when the code comes back
 * (confirmPhoneChange). "same" for the account's own number, "taken" for a number another account has (as sign-up
 * says "exists"); "sent" when the code and its SMS (in `locale`) are written, in one transaction.
 */
export async function startPhoneChange(
  db: Db,
  input: { user: User; phone: string; ip: string | undefined; locale: Locale },
): Promise<{ kind: "sent" } | { kind: "same" } | { kind: "taken" } | CodeRefusal> {
  const { phone } = input;
  if (phone === input.user.phone) return { kind: "same" };
  if (await findUserByPhone(db, phone)) return { kind: "taken" };
  const check = await checkCodeSms(db, input);
  if (check.kind !== "cleared") return check;
  const t = await getLocaleT(input.locale);
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, phone, "phone_change");
    await queueCodeSms(tx, check.clearance, { phone, body: t("account:sms.phoneCode", { brand: t("brand"), code }) }, "phone");
  });
  return { kind: "sent" };
}

/**
 * Checks the code typed for a number change (`phone`, the new number startPhoneChange sent it to) and changes the
 * account's number, in one transaction with its audit entry and an SMS to the old number saying so (in the
 * account's language, with the new number's last digits only). A code is spent only when the number changes; the
 * account's sign-ups waiting on the new number are forgotten. "changed", or why not: the code's CodeCheck
 * ("wrong" counts a try), or "taken" when another account took the number meanwhile.
 */
export async function confirmPhoneChange(
  db: Db,
  input: { user: User; phone: string; code: string },
): Promise<{ kind: "changed" } | { kind: Exclude<CodeCheck, "ok"> } | { kind: "taken" }> {
  return db.transaction(async (tx) => {
    if (await findUserByPhone(tx, input.phone)) return { kind: "taken" as const };
    const checked = await checkCode(tx, input.phone, "phone_change", input.code);
    if (checked !== "ok") return { kind: checked };
    const [old] = await tx
      .select({ phone: s.users.phone, lang: s.users.lang })
      .from(s.users)
      .where(eq(s.users.id, input.user.id));
    await tx.update(s.users).set({ phone: input.phone }).where(eq(s.users.id, input.user.id));
    await tx.delete(s.registrations).where(eq(s.registrations.phone, input.phone));
    await recordAudit(tx, { actorId: input.user.id, action: "user.phone", subjectType: "user", subjectId: input.user.id });
    const t = await getLocaleT(old.lang === "en" ? "en" : "ar");
    const ending = input.phone.slice(-3);
    await queueAccountNotice(tx, { phone: old.phone, body: t("account:sms.phoneChanged", { brand: t("brand"), ending }) });
    return { kind: "changed" as const };
  });
}

/** One login as the owner sees it (/profile/sessions): a browser's session or an app's API token. Times are ISO strings. */
export type AccountSession = {
  id: number;
  kind: "browser" | "app";
  /** The browser and system of the User-Agent stored at login (describeDevice); "" when unknown. */
  device: string;
  /** ISO 3166 alpha-2, or null when unknown. */
  country: string | null;
  created: string;
  lastUsed: string;
  /** The session of the request that asks (the cookie's). */
  current: boolean;
};

/**
 * A User-Agent as people name a device: "Chrome 131 · Android 14" (bowser's names, the browsers' and systems' own);
 * "" when it names neither.
 */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return "";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return [browser, system].filter(Boolean).join(" · ");
}

/**
 * The unexpired sessions of a user and the working API tokens of its apps: the session of `token` first, then the
 * browsers' sessions and then the apps', each last used first.
 */
export async function listSessions(db: Db, userId: number, token: string): Promise<AccountSession[]> {
  const [rows, apps] = await Promise.all([
    db
      .select()
      .from(s.sessions)
      .where(and(eq(s.sessions.user_id, userId), gt(s.sessions.expires_at, new Date())))
      .orderBy(desc(s.sessions.last_used_at), desc(s.sessions.id)),
    listApiTokens(db, userId),
  ]);
  const mine = hashToken(token);
  const browsers: AccountSession[] = rows.map((r) => ({
    id: r.id,
    kind: "browser",
    device: describeDevice(r.user_agent ?? ""),
    country: r.ip_country,
    created: r.created_at.toISOString(),
    lastUsed: r.last_used_at.toISOString(),
    current: r.token_hash === mine,
  }));
  return [
    ...browsers.filter((b) => b.current),
    ...browsers.filter((b) => !b.current),
    ...apps.map((a) => ({
      id: a.id,
      kind: "app" as const,
      device: describeDevice(a.user_agent),
      country: null,
      created: a.created_at.toISOString(),
      lastUsed: a.last_used_at.toISOString(),
      current: false,
    })),
  ];
}

/**
 * "Log out everywhere": every session of the user ends, this one too, and every API token of its apps is revoked,
 * with an audit entry. The caller clears the cookie.
 */
export async function logOutEverywhere(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessions(tx, userId);
    await recordAudit(tx, { actorId: userId, action: "user.logout_everywhere", subjectType: "user", subjectId: userId });
  });
}
