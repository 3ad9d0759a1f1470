import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { api_tokens, users } from "~/platform/db/schema";
import { hashToken, randomToken } from "~/platform/http/tokens.server";
import type { User } from "./user.server";

/**
 * The apps' bearer tokens (docs/api.md, decision 088): a random token of 256 bits handed to the app once at login,
 * kept as its SHA-256 in `api_tokens` with the device's User-Agent and its last use. A token works for
 * API_TOKEN_TTL_MS from its last use, and only while its user is active; deleting its row revokes it. The profile's
 * list of devices and "log out everywhere" read and revoke them here (listApiTokens, revokeAllTokens).
 */

/** A token works this long after its last use: 90 days (milliseconds). */
export const API_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** The last use is written at most this often per token, so that a busy app does not write on every call (ms). */
const LAST_USE_STEP_MS = 60 * 1000;

/** The longest User-Agent kept with a token or a login session (characters); a longer one is cut. */
export const USER_AGENT_MAX = 300;

/** One of a user's tokens as the profile lists it (never the token nor its hash). */
export type ApiTokenRow = { id: number; user_agent: string; created_at: Date; last_used_at: Date };

const userColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  phone: users.phone,
  status: users.status,
  role: users.role,
};

/**
 * A new token for `userId` (a login of an app), stored hashed with `userAgent` (cut to 300 characters). Tokens of
 * the user unused for API_TOKEN_TTL_MS are deleted on the way. Returns the token itself (43 base64url characters),
 * to be given to the app once. Database errors propagate.
 */
export async function issueApiToken(db: Db, userId: number, userAgent: string | null): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(api_tokens)
      .where(and(eq(api_tokens.user_id, userId), lt(api_tokens.last_used_at, new Date(Date.now() - API_TOKEN_TTL_MS))));
    await tx
      .insert(api_tokens)
      .values({ user_id: userId, token_hash: hashToken(token), user_agent: (userAgent ?? "").slice(0, USER_AGENT_MAX) });
  });
  return token;
}

/**
 * The active user of a bearer token and the token's row id, or null when the token is unknown, revoked, unused for
 * API_TOKEN_TTL_MS, or its user is not active (suspended). Records the use (at most once a minute per token).
 */
export async function findApiTokenUser(db: Db, token: string): Promise<(User & { tokenId: number }) | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = Date.now();
  const [row] = await db
    .select({ ...userColumns, tokenId: api_tokens.id, last_used_at: api_tokens.last_used_at })
    .from(api_tokens)
    .innerJoin(users, eq(users.id, api_tokens.user_id))
    .where(
      and(
        eq(api_tokens.token_hash, hashToken(token)),
        gt(api_tokens.last_used_at, new Date(now - API_TOKEN_TTL_MS)),
        eq(users.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now - row.last_used_at.getTime() > LAST_USE_STEP_MS) {
    await db
      .update(api_tokens)
      .set({ last_used_at: new Date(now) })
      .where(eq(api_tokens.id, row.tokenId));
  }
  const { last_used_at: _used, ...user } = row;
  return user;
}

/** Revokes one token by its row id (DELETE /api/logout). Returns whether a row was deleted. */
export async function revokeApiToken(db: Db, tokenId: number): Promise<boolean> {
  const deleted = await db.delete(api_tokens).where(eq(api_tokens.id, tokenId)).returning({ id: api_tokens.id });
  return deleted.length > 0;
}

/**
 * Revokes one of `userId`'s tokens by its row id (the profile's list of devices): another user's id changes nothing.
 * Returns whether a row was deleted.
 */
export async function revokeUserApiToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const deleted = await db
    .delete(api_tokens)
    .where(and(eq(api_tokens.id, tokenId), eq(api_tokens.user_id, userId)))
    .returning({ id: api_tokens.id });
  return deleted.length > 0;
}

/**
 * Revokes every token of a user: a password change (reset), "log out everywhere", a suspension. Pass the caller's
 * transaction when it changes the password in one. Returns how many tokens were revoked.
 */
export async function revokeAllTokens(db: Db | Tx, userId: number): Promise<number> {
  const deleted = await db.delete(api_tokens).where(eq(api_tokens.user_id, userId)).returning({ id: api_tokens.id });
  return deleted.length;
}

/** A user's working tokens, most recently used first (the profile's list of devices). */
export async function listApiTokens(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select({
      id: api_tokens.id,
      user_agent: api_tokens.user_agent,
      created_at: api_tokens.created_at,
      last_used_at: api_tokens.last_used_at,
    })
    .from(api_tokens)
    .where(and(eq(api_tokens.user_id, userId), gt(api_tokens.last_used_at, new Date(Date.now() - API_TOKEN_TTL_MS))))
    .orderBy(desc(api_tokens.last_used_at), desc(api_tokens.id));
}
