import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import {
  password_resets,
  registrations,
  sessions,
  sms_codes,
  users,
  type SmsCodePurpose,
  type UserRole,
  type UserStatus,
} from "~/platform/db/schema";
import { verifyPassword } from "~/features/accounts/password.server";
import { keyedHash } from "~/platform/http/session.server";
import { hashToken, randomCode, randomToken, safeEqual } from "~/platform/http/tokens.server";
import { revokeAllTokens, USER_AGENT_MAX } from "./api-tokens.server";

/** How long things live: login sessions 30 days, SMS codes 10 minutes, reset links 1 hour (milliseconds). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Wrong tries allowed on one SMS code before it is spent. */
export const CODE_MAX_ATTEMPTS = 5;

/** A user as the screens see them (never the password hash). */
export type User = { id: number; first_name: string; last_name: string; phone: string; status: UserStatus; role: UserRole };

const userColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  phone: users.phone,
  status: users.status,
  role: users.role,
};

/** The account of an E.164 number with its password hash, or null. */
export async function findUserByPhone(db: Db, phone: string): Promise<(User & { password_hash: string }) | null> {
  const [row] = await db
    .select({ ...userColumns, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return row ?? null;
}

/** How long a sign-up may wait for its code before it is forgotten (milliseconds). */
export const REGISTRATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A sign-up waiting for its SMS code (see `registrations`). */
export type Registration = { id: number; phone: string; first_name: string; last_name: string; password_hash: string };

/**
 * Records a sign-up as a row of its own and returns its id, or "exists" (and writes
 * nothing) when the number already has an account. Other sign-ups of the number are left alone; sign-ups older than
 * REGISTRATION_TTL_MS are forgotten.
 */
export async function createRegistration(
  db: Db,
  input: { first_name: string; last_name: string; phone: string; password_hash: string },
): Promise<number | "exists"> {
  if (await findUserByPhone(db, input.phone)) return "exists";
  await db.delete(registrations).where(lt(registrations.created_at, new Date(Date.now() - REGISTRATION_TTL_MS)));
  const [row] = await db.insert(registrations).values(input).returning({ id: registrations.id });
  return row.id;
}

/** The sign-up `id` of a number, or null when it is gone (confirmed, expired) or belongs to another number. */
export async function findRegistration(db: Db, id: number, phone: string): Promise<Registration | null> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.id, id),
        eq(registrations.phone, phone),
        gt(registrations.created_at, new Date(Date.now() - REGISTRATION_TTL_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The newest sign-up of a number whose password is `password` (the activation page /ac, and the login of a number
 * that never confirmed), or null. Looks at the 5 newest sign-ups only (each check is an argon2 verification).
 */
export async function findRegistrationByPassword(db: Db, phone: string, password: string): Promise<Registration | null> {
  for (const row of await recentRegistrations(db, phone, 5)) if (await verifyPassword(row.password_hash, password)) return row;
  return null;
}

/**
 * The newest sign-up of a number still waiting for its code, or null: the one whose code was sent last, since each
 * new code of a number stops the earlier ones (issueCode). The apps' API names a sign-up by its number alone.
 */
export async function findLatestRegistration(db: Db, phone: string): Promise<Registration | null> {
  const [row] = await recentRegistrations(db, phone, 1);
  return row ?? null;
}

/** The `limit` newest sign-ups of a number younger than REGISTRATION_TTL_MS, newest first. */
function recentRegistrations(db: Db, phone: string, limit: number): Promise<Registration[]> {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.phone, phone), gt(registrations.created_at, new Date(Date.now() - REGISTRATION_TTL_MS))))
    .orderBy(desc(registrations.created_at), desc(registrations.id))
    .limit(limit);
}

/**
 * Makes the account of a confirmed sign-up: an active user with the sign-up's names and
 * password, and every sign-up of the number forgotten. Returns the user, or null (and changes nothing) when the
 * sign-up is gone or the number has an account already. Call it in the code check's transaction.
 */
export async function activateRegistration(db: Db, id: number, phone: string): Promise<User | null> {
  const registration = await findRegistration(db, id, phone);
  if (!registration) return null;
  const [row] = await db
    .insert(users)
    .values({
      first_name: registration.first_name,
      last_name: registration.last_name,
      phone: registration.phone,
      password_hash: registration.password_hash,
      status: "active",
      activated_at: new Date(),
    })
    .onConflictDoNothing({ target: users.phone })
    .returning(userColumns);
  if (!row) return null;
  await db.delete(registrations).where(eq(registrations.phone, phone));
  return row;
}

function codeHash(phone: string, purpose: SmsCodePurpose, code: string): string {
  return keyedHash(`code:${purpose}:${phone}:${code}`);
}

/**
 * A new 6-digit code for a phone: stored as a keyed hash, valid CODE_TTL_MS; earlier unused codes of
 * the same purpose stop working. Returns the code itself, to be sent by SMS and forgotten.
 */
export async function issueCode(db: Db, phone: string, purpose: SmsCodePurpose): Promise<string> {
  const code = randomCode();
  await db.transaction(async (tx) => {
    await tx
      .update(sms_codes)
      .set({ used_at: new Date() })
      .where(and(eq(sms_codes.phone, phone), eq(sms_codes.purpose, purpose), isNull(sms_codes.used_at)));
    await tx.insert(sms_codes).values({
      phone,
      purpose,
      code_hash: codeHash(phone, purpose, code),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  return code;
}

/** The outcome of a code check: "ok" spends the code; "wrong" counts a try; the others mean "ask for a new code". */
export type CodeCheck = "ok" | "wrong" | "expired" | "locked" | "none";

/**
 * Checks a typed code against the newest unused code of a phone. A code works once, for
 * CODE_TTL_MS, and is spent after CODE_MAX_ATTEMPTS wrong tries ("locked").
 */
export async function checkCode(db: Db, phone: string, purpose: SmsCodePurpose, code: string): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sms_codes)
      .where(and(eq(sms_codes.phone, phone), eq(sms_codes.purpose, purpose), isNull(sms_codes.used_at)))
      .orderBy(desc(sms_codes.created_at), desc(sms_codes.id))
      .limit(1)
      .for("update");
    if (!row) return "none";
    // A code reaches CODE_MAX_ATTEMPTS wrong tries only with its last wrong try, which also spends it (below).
    if (row.expires_at.getTime() <= Date.now()) return "expired";
    if (safeEqual(row.code_hash, codeHash(phone, purpose, code))) {
      await tx.update(sms_codes).set({ used_at: new Date() }).where(eq(sms_codes.id, row.id));
      return "ok";
    }
    const attempts = row.attempts + 1;
    await tx
      .update(sms_codes)
      .set({ attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { used_at: new Date() } : {}) })
      .where(eq(sms_codes.id, row.id));
    return attempts >= CODE_MAX_ATTEMPTS ? "locked" : "wrong";
  });
}

/** How often a session's `last_used_at` is written (ms): once an hour at most, not on every request. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;

/**
 * Opens a login session: a new random token whose SHA-256 is stored with an expiry, with the device it was opened
 * on (`device.userAgent`, cut to USER_AGENT_MAX characters) and the country of its address (`device.country`, ISO
 * 3166 alpha-2) when known, for the owner's sessions list (decision 092). Returns the token.
 */
export async function createSession(
  db: Db,
  userId: number,
  device: { userAgent?: string | null; country?: string | null } = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + SESSION_TTL_MS),
    user_agent: device.userAgent ? device.userAgent.slice(0, USER_AGENT_MAX) : null,
    ip_country: device.country ?? null,
  });
  return token;
}

/**
 * The active user of a session token, or null when the token is unknown, expired, or the user is not active. A
 * session last used more than SESSION_TOUCH_MS ago is marked used now (one write an hour per session at most).
 */
export async function findSessionUser(db: Db, token: string): Promise<User | null> {
  const [row] = await db
    .select({ ...userColumns, session_id: sessions.id, last_used_at: sessions.last_used_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date()), eq(users.status, "active")))
    .limit(1);
  if (!row) return null;
  const { session_id, last_used_at, ...user } = row;
  if (Date.now() - last_used_at.getTime() > SESSION_TOUCH_MS)
    await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, session_id));
  return user;
}

/** Ends one session (logout). */
export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
}

/**
 * A password-reset link token for a user (/rp): random 256 bits, stored as SHA-256, valid RESET_TTL_MS,
 * single-use. Earlier unused links of the user stop working.
 */
export async function createPasswordReset(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await spendPasswordResets(tx, userId);
    await tx
      .insert(password_resets)
      .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + RESET_TTL_MS) });
  });
  return token;
}

/**
 * Spends every unused password-reset link of a user (a suspension ends them, so lifting it does not bring
 * them back). Call it in the suspension's transaction.
 */
export async function spendPasswordResets(db: Db, userId: number): Promise<void> {
  await db
    .update(password_resets)
    .set({ used_at: new Date() })
    .where(and(eq(password_resets.user_id, userId), isNull(password_resets.used_at)));
}

/** The user id a reset token may change the password of, or null when it is unknown, used or expired. */
export async function findResetUser(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .select({ user_id: password_resets.user_id })
    .from(password_resets)
    .innerJoin(users, eq(users.id, password_resets.user_id))
    .where(
      and(
        eq(password_resets.token_hash, hashToken(token)),
        isNull(password_resets.used_at),
        gt(password_resets.expires_at, new Date()),
        sql`${users.status} <> 'suspended'`,
      ),
    )
    .limit(1);
  return row?.user_id ?? null;
}

/**
 * Changes a password with a reset token, in one transaction: spends the token,
 * stores the new hash, and ends every session and revokes every API token of the user. Returns false (and changes nothing) on a bad token.
 */
export async function resetPasswordWithToken(db: Db, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(password_resets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(password_resets.token_hash, hashToken(token)),
          isNull(password_resets.used_at),
          gt(password_resets.expires_at, new Date()),
          // A suspended account's links stop working, like its sessions.
          sql`${password_resets.user_id} in (select ${users.id} from ${users} where ${users.status} <> 'suspended')`,
        ),
      )
      .returning({ user_id: password_resets.user_id });
    if (!spent) return false;
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, spent.user_id));
    await tx.delete(sessions).where(eq(sessions.user_id, spent.user_id));
    await revokeAllTokens(tx, spent.user_id);
    return true;
  });
}
