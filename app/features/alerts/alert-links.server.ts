import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { readSignedLink, signLink } from "~/platform/http/signed-links.server";
import { savedSearchAddress } from "~/features/search/search-scope";

/**
 * The two links of an alert SMS (docs/decisions/030-saved-searches-and-alerts.md, 046): the stop link
 * `/alerts/stop?t=…`, which pauses the search without a login, and the link to the new results `/a/<token>`. Both are
 * signed tokens (signLink), so nobody can make the link of another account's search.
 */

/** How long an alert's links work (ms): 60 days. */
export const STOP_LINK_MS = 60 * 86_400_000;

// The stop link

const STOP_PURPOSE = "alert-stop";

/** The token of a stop link of saved search `id`, valid STOP_LINK_MS from `now`. */
export function stopToken(id: number, now: Date): string {
  return signLink(STOP_PURPOSE, [id.toString(36)], new Date(now.getTime() + STOP_LINK_MS));
}

/** What a stop link names: forged or malformed, expired, or the saved search (null when it was deleted since). */
export type StopLink =
  { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; search: { id: number; name: string; paused: boolean } | null };

/** Reads a stop link's token at `now`. Never throws for a bad token; database errors propagate. */
export async function readStopLink(db: Db, token: string, now: Date): Promise<StopLink> {
  const read = readSignedLink(STOP_PURPOSE, token, 1, now);
  if (read.kind !== "ok") return read;
  const id = parseInt(read.fields[0], 36);
  if (!Number.isSafeInteger(id) || id < 1) return { kind: "invalid" };
  const [row] = await db
    .select({ id: s.saved_searches.id, name: s.saved_searches.name, paused: s.saved_searches.paused })
    .from(s.saved_searches)
    .where(eq(s.saved_searches.id, id));
  return { kind: "ok", search: row ?? null };
}

/** Pauses the saved search of a valid stop link (from the link's confirm button). Returns whether it exists. */
export async function stopByLink(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(s.saved_searches)
    .set({ paused: true, updated_at: sql`now()` })
    .where(eq(s.saved_searches.id, id))
    .returning({ id: s.saved_searches.id });
  return rows.length > 0;
}

// The alert's link (decision 046)

const ALERT_PURPOSE = "alert-link";

/**
 * The token of an alert's link `/a/<token>`: saved search `id` and the moment `since` (seconds), both in base 36,
 * signed (signLink: HMAC-SHA256 under the session secret) and valid STOP_LINK_MS from `now`, like its stop link.
 * Whoever has the SMS opens the results without logging in; nobody can make the link of another search.
 */
export function alertToken(id: number, since: Date, now: Date): string {
  const fields = [id.toString(36), Math.floor(since.getTime() / 1000).toString(36)];
  return signLink(ALERT_PURPOSE, fields, new Date(now.getTime() + STOP_LINK_MS));
}

/** What an alert's link names: forged or malformed, expired, or the results to open (null: the search was deleted). */
export type AlertLink = { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; target: string | null };

/** Reads an alert link's token at `now`. Never throws for a bad token; database errors propagate. */
export async function readAlertLink(db: Db, token: string, now: Date): Promise<AlertLink> {
  const read = readSignedLink(ALERT_PURPOSE, token, 2, now);
  if (read.kind !== "ok") return read;
  const id = parseInt(read.fields[0], 36);
  const since = parseInt(read.fields[1], 36);
  if (!Number.isSafeInteger(id) || id < 1 || !Number.isSafeInteger(since)) return { kind: "invalid" };
  const [row] = await db.select({ query: s.saved_searches.query }).from(s.saved_searches).where(eq(s.saved_searches.id, id));
  return { kind: "ok", target: row ? resultsSince(row.query, since) : null };
}

/** The form of the alert links sent before decision 046, `/a/<search id>-<since>` (base 36), which anyone could guess. */
export const OLD_ALERT_REF = /^([0-9a-z]{1,8})-([0-9a-z]{1,8})$/;

/**
 * Where an old alert link (`/a/<id>-<since>`, OLD_ALERT_REF) leads for user `userId`: its results since that moment
 * when the search is theirs, else null (a malformed link, a deleted search, or someone else's: the caller answers
 * 404, so the link shows a stranger nothing).
 */
export async function ownAlertTarget(db: Db, ref: string, userId: number): Promise<string | null> {
  const match = OLD_ALERT_REF.exec(ref);
  if (!match) return null;
  const id = parseInt(match[1], 36);
  const [row] = await db
    .select({ query: s.saved_searches.query })
    .from(s.saved_searches)
    .where(and(eq(s.saved_searches.id, id), eq(s.saved_searches.user_id, userId)));
  return row ? resultsSince(row.query, parseInt(match[2], 36)) : null;
}

/** The results of a saved search's `query` published since `since` (seconds), newest first, on its page (search-scope.ts). */
function resultsSince(query: string, since: number): string {
  const params = new URLSearchParams(query);
  params.set("since", String(since));
  params.delete("sort");
  if (!params.has("is_simple")) params.set("is_simple", "0");
  return savedSearchAddress(params.toString());
}
