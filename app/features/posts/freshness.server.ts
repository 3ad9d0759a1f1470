import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { toLocale, type Locale } from "~/platform/i18n/i18n";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { readSignedLink, signLink } from "~/platform/http/signed-links.server";
import { queueSms } from "~/platform/sms/sms.server";
import { formatDate } from "~/platform/i18n/dates";
import { siteOrigin } from "~/platform/http/site.server";
import { estateTitle } from "~/features/listings/format";
import { expiresAt, LIFETIME_DAYS } from "~/features/listings/lifetime.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import { deleteReleasedPhotos } from "./post-photos.server";
import { transition, transitionIn, TransitionError, type Actor, type PostAction, type PostState } from "./moderation.server";

/**
 * Listings that stay fresh (docs/decisions/029-listing-freshness.md): a listing is confirmed by its approval
 * and by its owner's renewals (`estates.confirmed_at`), expires LIFETIME_DAYS after the last one, and its owner is
 * warned by SMS WARNING_DAYS before, with two signed one-tap links ("still available", "no longer available") that
 * work without logging in. Owners and admins close a listing as sold or rented. Every change of state goes through
 * the post state machine (moderation.server.ts `transition`), so each one has its audit entry.
 */

/** Days before the end that the owner is warned. */
export const WARNING_DAYS = 7;
/** Days an SMS link works after it was sent: the warning week, then a week to bring back an expired listing. */
export const LINK_DAYS = 14;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Signed links

/** What a link does: `renew` ("still available") or `withdraw` ("no longer available"). */
export type LinkAction = "renew" | "withdraw";
const ACTION_CODES: Record<LinkAction, string> = { renew: "r", withdraw: "w" };

const LINK_PURPOSE = "listing-link";

/**
 * A signed token for `action` on listing `estateId` in the 60 days that began at `confirmedAt`, valid until
 * `validUntil` (signLink of platform/http/signed-links.server.ts: id and cycle in base 36, seconds, and the action's
 * letter). Nothing is stored: the signature proves it, the cycle makes it single-use (a renewal starts a new cycle,
 * which this token does not name).
 */
export function listingLinkToken(estateId: number, confirmedAt: Date, validUntil: Date, action: LinkAction): string {
  const cycle = Math.floor(confirmedAt.getTime() / 1000).toString(36);
  return signLink(LINK_PURPOSE, [estateId.toString(36), cycle, ACTION_CODES[action]], validUntil);
}

/** A token read back: forged or malformed ("invalid"), past its time ("expired"), or what it names. */
export type ReadToken =
  { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; estateId: number; cycle: number; action: LinkAction };

/** Checks a token of listingLinkToken at `now` (readSignedLink: the signature in constant time). Never throws. */
export function readListingLinkToken(token: string, now: Date): ReadToken {
  const read = readSignedLink(LINK_PURPOSE, token, 3, now);
  if (read.kind !== "ok") return read;
  const [id, cycle, code] = read.fields;
  const action = (Object.keys(ACTION_CODES) as LinkAction[]).find((a) => ACTION_CODES[a] === code);
  const estateId = parseInt(id, 36);
  if (!action || !Number.isSafeInteger(estateId)) return { kind: "invalid" };
  return { kind: "ok", estateId, cycle: parseInt(cycle, 36), action };
}

/** What the landing page of a link shows about its listing. */
export type LinkedListing = {
  estateId: number;
  stateId: number;
  title: string;
  state: PostState;
  /** ISO date the listing expires (or expired) in its current cycle. */
  expires: string;
  /** True when the token's 60 days are still the listing's (nothing renewed it since). */
  current: boolean;
};

/**
 * The listing a valid token names, as its landing page shows it in `locale` ("offer type, estate type, place"), or
 * null when the listing is gone (deleted).
 */
export async function linkedListing(
  db: Db,
  token: { estateId: number; cycle: number },
  locale: Locale,
): Promise<LinkedListing | null> {
  const [row] = await db.select().from(s.estates).where(eq(s.estates.id, token.estateId));
  if (!row || row.status === "deleted") return null;
  const lookups = await getLookups(db);
  const title = estateTitle(getLocaleT(locale) as never, {
    estateType: nameOf(lookups.byId.estateType.get(row.estate_type_id), locale) ?? "",
    offerTypeId: row.estate_offer_type_id,
    location: placeName(lookups, row.location_id, locale),
  });
  return {
    estateId: row.id,
    stateId: row.state_id,
    title,
    state: row.status,
    expires: expiresAt(row.confirmed_at).toISOString(),
    current: Math.floor(row.confirmed_at.getTime() / 1000) === token.cycle,
  };
}

/**
 * Applies a link's action (after readListingLinkToken said "ok"): renews the listing or takes it down, as its owner
 * (the owning account, or nobody for an office's or a private advertiser's listing). "stale" when the listing was
 * renewed since the link was sent (the link is spent) or its state no longer allows the action; "missing" when it
 * was deleted.
 */
export async function applyListingLink(
  db: Db,
  token: { estateId: number; cycle: number; action: LinkAction },
): Promise<"done" | "stale" | "missing"> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ confirmed_at: s.estates.confirmed_at, user_id: s.estates.user_id, status: s.estates.status })
        .from(s.estates)
        .where(eq(s.estates.id, token.estateId))
        .for("update");
      if (!row || row.status === "deleted") return "missing";
      if (Math.floor(row.confirmed_at.getTime() / 1000) !== token.cycle) return "stale";
      await transitionIn(tx, token.estateId, token.action, { id: row.user_id, admin: false });
      return "done";
    });
  } catch (error) {
    if (error instanceof TransitionError) return "stale";
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Owners and admins

/**
 * Renews (`renew`) or closes (`close`: sold for a sale, rented for a rental) listing `estateId` as `actor`: its owner
 * (checked here: a user may act on their own listings only) or an admin (any listing; the audit log records who).
 * Returns what was done ("renewed", "sold", "rented"), or "forbidden" for someone else's listing, "refused" when its
 * state does not allow it (TransitionError), "missing" when there is no such listing.
 */
export async function changeListing(
  db: Db,
  estateId: number,
  intent: "renew" | "close",
  actor: Actor,
): Promise<"renewed" | "sold" | "rented" | "forbidden" | "refused" | "missing"> {
  const [row] = await db
    .select({ user_id: s.estates.user_id, offer: s.estates.estate_offer_type_id, status: s.estates.status })
    .from(s.estates)
    .where(eq(s.estates.id, estateId));
  if (!row || row.status === "deleted") return "missing";
  if (!actor.admin && (row.user_id === null || row.user_id !== actor.id)) return "forbidden";
  const action: PostAction = intent === "renew" ? "renew" : row.offer === 2 ? "mark_rented" : "mark_sold";
  try {
    await transition(db, estateId, action, actor);
    return action === "renew" ? "renewed" : action === "mark_rented" ? "rented" : "sold";
  } catch (error) {
    if (error instanceof TransitionError) return "refused";
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The daily sweeps

/** Who is warned about a listing: its account's phone, else its office's, else the listing's own number. */
const ownerPhone = sql<string | null>`coalesce(${s.users.phone}, ${s.offices.phone}, ${s.estates.phone})`;

/**
 * Sends the expiry warning of every approved listing whose 60 days end within WARNING_DAYS of `now` and whose owner
 * was not warned in this cycle, in one transaction: each listing is marked (`expiry_warned_at`) and its
 * SMS written together, so a warning is sent once per cycle (rows another sweep holds are skipped, so two processes
 * never send one twice). The SMS names the ad number and the end date and carries the two signed links, built on
 * `origin` (the site's public origin), in the owner's language (an office's or advertiser's listing: Arabic).
 * Returns how many warnings were sent.
 */
export async function warnExpiringListings(db: Db, now: Date, origin = siteOrigin()): Promise<number> {
  const warnFrom = new Date(now.getTime() - (LIFETIME_DAYS - WARNING_DAYS) * DAY_MS);
  const expiredAt = new Date(now.getTime() - LIFETIME_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        confirmed_at: s.estates.confirmed_at,
        phone: ownerPhone,
        lang: s.users.lang,
      })
      .from(s.estates)
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
      .where(
        and(
          eq(s.estates.status, "approved"),
          lte(s.estates.confirmed_at, warnFrom),
          sql`${s.estates.confirmed_at} > ${expiredAt}`,
          isNull(s.estates.expiry_warned_at),
        ),
      )
      .orderBy(s.estates.id)
      .for("update", { of: s.estates, skipLocked: true });
    for (const row of due) {
      await tx.update(s.estates).set({ expiry_warned_at: now }).where(eq(s.estates.id, row.id));
      if (row.phone) await sendWarning(tx, row, now, origin);
    }
    return due.length;
  });
}

/**
 * The warning SMS of one listing, queued in the sweep's transaction (queueSms: the job queue sends it, decision 028),
 * so a warning is marked sent exactly when its SMS is queued.
 */
async function sendWarning(
  tx: Tx,
  row: { id: number; state_id: number; confirmed_at: Date; phone: string | null; lang: string | null },
  now: Date,
  origin: string,
): Promise<void> {
  const t = getLocaleT(toLocale(row.lang ?? "ar"));
  const until = new Date(now.getTime() + LINK_DAYS * DAY_MS);
  const link = (action: LinkAction) => `${origin}/lc?t=${listingLinkToken(row.id, row.confirmed_at, until, action)}`;
  const body = t("freshness.sms", {
    brand: t("brand"),
    number: row.state_id,
    date: formatDate(expiresAt(row.confirmed_at)),
    renew: link("renew"),
    stop: link("withdraw"),
  });
  await queueSms(tx, { phone: row.phone!, body }, { purpose: "expiry" });
}

/**
 * Takes down every approved listing whose 60 days have ended by `now`: each becomes `expired` through the
 * state machine (with its audit entry, actor: the system), all in one transaction; photos that only a refused
 * pending edit used are deleted after it commits. Returns how many listings expired.
 */
export async function expireListings(db: Db, now: Date): Promise<number> {
  const expiredAt = new Date(now.getTime() - LIFETIME_DAYS * DAY_MS);
  const released: string[] = [];
  const count = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), lte(s.estates.confirmed_at, expiredAt)))
      .orderBy(s.estates.id)
      .for("update", { skipLocked: true });
    for (const { id } of due) {
      const result = await transitionIn(tx, id, "expire", { id: null, admin: false });
      released.push(...result.releasedImages);
    }
    return due.length;
  });
  await deleteReleasedPhotos(released);
  return count;
}
