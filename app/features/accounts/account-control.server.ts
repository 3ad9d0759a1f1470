import Bowser from "bowser";
import { and, asc, desc, eq, ne, notInArray } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { recordAudit } from "~/platform/db/audit.server";
import { hashToken } from "~/platform/http/tokens.server";
import { deleteReleasedPhotos } from "~/features/posts/post-photos.server";
import { transitionIn } from "~/features/posts/moderation.server";
import { checkCode, findUserByPhone, issueCode, spendPasswordResets, type CodeCheck, type User } from "./user.server";
import { consumeLoginLimit, resetLoginLimit } from "./account.server";
import { hashPassword, verifyPassword } from "./password.server";
import { checkCodeSms, queueAccountNotice, queueCodeSms, type CodeRefusal } from "./sms-codes.server";
import { formatPhone } from "./phone.server";

/**
 * The account its owner controls (docs/decisions/092-an-account-its-owner-controls.md): the name, the password, the
 * number, the login sessions, the deletion and the export of one's data. Each function takes plain values and
 * returns what happened; the /profile routes turn that into an answer. Database errors propagate.
 */

/** A password was tried too often (the login limits of consumeLoginLimit); `retryAfter` is in seconds. */
export type TooManyTries = { kind: "tooMany"; retryAfter: number };

/**
 * Checks the account's password against the login limits (10 tries per number from one address, 100 per number,
 * 100 per address in 15 minutes, as the login form): "ok" (the number's count from that address starts again),
 * "wrong", or "tooMany" before anything is verified. The hash costs ~50 ms and 19 MiB.
 */
async function checkOwnPassword(
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
 * Ends the login sessions of a user, all of them or all but the one whose cookie token is `keepToken`, in the
 * caller's transaction. The one place that ends a user's sessions on their own request: the password change and
 * "log out everywhere" both come here.
 */
export async function endSessions(tx: Db | Tx, userId: number, keepToken?: string): Promise<void> {
  await tx
    .delete(s.sessions)
    .where(
      keepToken === undefined
        ? eq(s.sessions.user_id, userId)
        : and(eq(s.sessions.user_id, userId), ne(s.sessions.token_hash, hashToken(keepToken))),
    );
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

/** One login session as the owner sees it (/profile/sessions). Times are ISO strings. */
export type AccountSession = {
  id: number;
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

/** The unexpired sessions of a user, the one of `token` first, then the last used first. */
export async function listSessions(db: Db, userId: number, token: string): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(s.sessions)
    .where(eq(s.sessions.user_id, userId))
    .orderBy(desc(s.sessions.last_used_at), desc(s.sessions.id));
  const mine = hashToken(token);
  const now = Date.now();
  return rows
    .filter((r) => r.expires_at.getTime() > now)
    .map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent ?? ""),
      country: r.ip_country,
      created: r.created_at.toISOString(),
      lastUsed: r.last_used_at.toISOString(),
      current: r.token_hash === mine,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * "Log out everywhere": every session of the user ends, this one too, with an audit entry. The caller clears the
 * cookie.
 */
export async function logOutEverywhere(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessions(tx, userId);
    await recordAudit(tx, { actorId: userId, action: "user.logout_everywhere", subjectType: "user", subjectId: userId });
  });
}

/** The number a deleted account keeps: never an E.164 number, so anyone may register the real one again. */
export function deletedPhone(userId: number): string {
  return `deleted:${userId}`;
}

/**
 * Deletes the account of a logged-in user who typed its password (`password`, within the login limits), in one
 * transaction: every listing of the account leaves the site (the moderation's `delete`, with its audit entry, its
 * photos deleted after the commit), its saved searches stop and go, with its saved listings, requests, sessions,
 * reset links, codes and sign-ups; its offers and messages to the staff lose the name and number they carried; the
 * row keeps only its id (the audit log's pseudonymous id), status `deleted` and `deleted_at`, without name, number or
 * password, so the number can register again. An audit entry `user.delete` records it. "wrong" changes nothing.
 */
export async function deleteAccount(
  db: Db,
  input: { user: User; password: string; ip: string | undefined },
): Promise<{ kind: "deleted" } | { kind: "wrong" } | TooManyTries> {
  const { user } = input;
  const check = await checkOwnPassword(db, user, input.password, input.ip);
  if (check.kind !== "ok") return check;
  const released = await db.transaction(async (tx) => {
    const files: string[] = [];
    const posts = await tx
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.user_id, user.id), ne(s.estates.status, "deleted")))
      .orderBy(asc(s.estates.id));
    for (const post of posts) {
      const result = await transitionIn(tx, post.id, "delete", { id: user.id, admin: false });
      files.push(...result.releasedImages);
    }
    await tx.update(s.estates).set({ phone: null }).where(eq(s.estates.user_id, user.id));
    await tx.delete(s.saved_searches).where(eq(s.saved_searches.user_id, user.id));
    await tx.delete(s.saved_estates).where(eq(s.saved_estates.user_id, user.id));
    await tx.delete(s.property_requests).where(eq(s.property_requests.user_id, user.id));
    await tx.delete(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    await tx.delete(s.registrations).where(eq(s.registrations.phone, user.phone));
    await tx.delete(s.sms_codes).where(eq(s.sms_codes.phone, user.phone));
    await tx.update(s.estate_offers).set({ fullname: "", mobile: "" }).where(eq(s.estate_offers.user_id, user.id));
    await tx.update(s.messages).set({ name: "", mobile: "" }).where(eq(s.messages.user_id, user.id));
    await endSessions(tx, user.id);
    await tx
      .update(s.users)
      .set({
        first_name: "",
        last_name: "",
        phone: deletedPhone(user.id),
        // No argon2 hash: nothing verifies against it.
        password_hash: "",
        status: "deleted",
        suspended_reason: null,
        deleted_at: new Date(),
      })
      .where(eq(s.users.id, user.id));
    await recordAudit(tx, { actorId: user.id, action: "user.delete", subjectType: "user", subjectId: user.id });
    return files;
  });
  await deleteReleasedPhotos(released);
  return { kind: "deleted" };
}

/**
 * "Download my data": everything the site keeps of a user's own (decision 092) as one JSON-ready object: the account
 * (names, number, language, dates), its listings with their state and texts, its saved listings, saved searches,
 * property requests, offers and messages to the staff, and its sessions (device, country, dates). Never the password
 * hash or a token's hash. Prices are whole units of their currency; areas m² (or the listing's unit).
 */
export async function exportAccountData(db: Db, userId: number) {
  const [account] = await db
    .select({
      id: s.users.id,
      first_name: s.users.first_name,
      last_name: s.users.last_name,
      phone: s.users.phone,
      lang: s.users.lang,
      created_at: s.users.created_at,
      activated_at: s.users.activated_at,
    })
    .from(s.users)
    .where(eq(s.users.id, userId));
  const [listings, saved, searches, requests, offers, messages, sessions] = await Promise.all([
    db
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        status: s.estates.status,
        estate_type_id: s.estates.estate_type_id,
        estate_offer_type_id: s.estates.estate_offer_type_id,
        location_id: s.estates.location_id,
        price: s.estates.price,
        currency: s.estates.currency,
        area: s.estates.area,
        rooms_count: s.estates.rooms_count,
        floor: s.estates.floor,
        phone: s.estates.phone,
        description_ar: s.estates.description_ar,
        description_en: s.estates.description_en,
        created_at: s.estates.created_at,
      })
      .from(s.estates)
      .where(and(eq(s.estates.user_id, userId), notInArray(s.estates.status, ["deleted"])))
      .orderBy(asc(s.estates.id)),
    db
      .select({ estate_id: s.saved_estates.estate_id, created_at: s.saved_estates.created_at })
      .from(s.saved_estates)
      .where(eq(s.saved_estates.user_id, userId))
      .orderBy(asc(s.saved_estates.created_at)),
    db
      .select({
        name: s.saved_searches.name,
        query: s.saved_searches.query,
        frequency: s.saved_searches.frequency,
        paused: s.saved_searches.paused,
        created_at: s.saved_searches.created_at,
      })
      .from(s.saved_searches)
      .where(eq(s.saved_searches.user_id, userId))
      .orderBy(asc(s.saved_searches.id)),
    db
      .select({
        estate_offer_type_id: s.property_requests.estate_offer_type_id,
        estate_type_id: s.property_requests.estate_type_id,
        location_id: s.property_requests.location_id,
        min_price: s.property_requests.min_price,
        max_price: s.property_requests.max_price,
        notes: s.property_requests.notes,
        status: s.property_requests.status,
        created_at: s.property_requests.created_at,
      })
      .from(s.property_requests)
      .where(eq(s.property_requests.user_id, userId))
      .orderBy(asc(s.property_requests.id)),
    db
      .select({
        fullname: s.estate_offers.fullname,
        mobile: s.estate_offers.mobile,
        subject: s.estate_offers.subject,
        area: s.estate_offers.area,
        location_id: s.estate_offers.location_id,
        created_at: s.estate_offers.created_at,
      })
      .from(s.estate_offers)
      .where(eq(s.estate_offers.user_id, userId))
      .orderBy(asc(s.estate_offers.id)),
    db
      .select({
        kind: s.messages.kind,
        name: s.messages.name,
        mobile: s.messages.mobile,
        subject: s.messages.subject,
        created_at: s.messages.created_at,
      })
      .from(s.messages)
      .where(eq(s.messages.user_id, userId))
      .orderBy(asc(s.messages.id)),
    db
      .select({
        user_agent: s.sessions.user_agent,
        ip_country: s.sessions.ip_country,
        created_at: s.sessions.created_at,
        last_used_at: s.sessions.last_used_at,
      })
      .from(s.sessions)
      .where(eq(s.sessions.user_id, userId))
      .orderBy(asc(s.sessions.id)),
  ]);
  return {
    account: account ? { ...account, phone_formatted: formatPhone(account.phone) } : null,
    listings,
    saved_listings: saved,
    saved_searches: searches,
    property_requests: requests,
    offers,
    messages,
    sessions,
    exported_at: new Date().toISOString(),
  };
}
