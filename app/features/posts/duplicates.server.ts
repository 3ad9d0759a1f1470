import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { hashDistance, SAME_PHOTO_BITS } from "~/platform/images/photo-hash.server";
import { searchWords } from "~/features/search/search-words.server";
import { publicEstate } from "~/features/listings/public-estate.server";

/**
 * One property, one card (decision 099): the likely duplicates of a post among the published and pending listings,
 * and the groups the published ones form. A listing is a likely duplicate of a post when both have the same offer
 * type, estate type and place, areas within AREA_TOLERANCE of each other in the same unit, the same number of
 * rooms (both none counts as the same), and either a photo whose perceptual hash is within SAME_PHOTO_BITS of one
 * of the post's (photo-hash.server.ts) or a description that says the same (sameDescription). Published duplicates
 * from different advertisers form a group whose cheapest listing (price_sort_syp, then the older) stands for all in
 * the results: the others' `estates.duplicate_of` names it (regroupDuplicates).
 */

/** Areas within 3% of each other (decision 099): 120 m² matches 116.4 to 123.6 m². */
export const AREA_TOLERANCE = 0.03;
/** Candidates read at most per status: a place's listings of one type, offer, area and rooms are a handful. */
const CANDIDATES_LIMIT = 200;

/** Why a listing was taken for a duplicate: a near-identical photo, a description that says the same, or both. */
export type DuplicateReason = "photo" | "description";

/** A likely duplicate of a post (findDuplicates). Prices in whole units of `currency`; null is "price on request". */
export type LikelyDuplicate = {
  id: number;
  stateId: number;
  status: "approved" | "pending";
  /** Posted by the same advertiser (the same office, else the same owner account): a repost. */
  sameAdvertiser: boolean;
  /** The listing whose card stands for its group (its own id when it is not grouped or is the group's cheapest). */
  groupId: number;
  price: number | null;
  currency: string;
  reasons: DuplicateReason[];
};

/** Who offers a listing: its office, else its owner's account; null for the staff's own listings without an office. */
function advertiserOf(row: { office_id: number | null; user_id: number | null }): string | null {
  if (row.office_id !== null) return `office:${row.office_id}`;
  if (row.user_id !== null) return `user:${row.user_id}`;
  return null;
}

/** Distinct words of a description (searchWords: normalised and stemmed as the search reads them). */
function wordsOf(texts: (string | null)[]): Set<string> {
  return new Set(texts.flatMap((t) => (t ? searchWords(t) : [])));
}

/** Fewest distinct words a description needs before it can "say the same" (a bare "شقة للبيع" says nothing). */
const DESCRIPTION_MIN_WORDS = 5;
/** Share of their words two descriptions must have in common (Jaccard index of their word sets). */
const DESCRIPTION_SAME_SHARE = 0.7;

/**
 * Whether two descriptions say the same (decision 099): each has at least DESCRIPTION_MIN_WORDS distinct words, and
 * at least DESCRIPTION_SAME_SHARE of all their words are in both (word order, punctuation, Arabic spelling variants
 * and clitics do not count: the words are the search's stems).
 */
export function sameDescription(a: Set<string>, b: Set<string>): boolean {
  if (a.size < DESCRIPTION_MIN_WORDS || b.size < DESCRIPTION_MIN_WORDS) return false;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / (a.size + b.size - common) >= DESCRIPTION_SAME_SHARE;
}

/** What a post is compared by: the version under review (its pending edit when it has one, else the listing). */
type Subject = {
  id: number;
  estate_type_id: number;
  estate_offer_type_id: number;
  location_id: number;
  area: number;
  area_unit_id: number;
  rooms_count: number | null;
  advertiser: string | null;
  words: Set<string>;
  hashes: string[];
};

async function subjectOf(db: Db | Tx, estateId: number): Promise<Subject | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e) return null;
  const [edit] = await db
    .select()
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  const images = edit
    ? edit.images
    : await db.select({ phash: s.estate_images.phash }).from(s.estate_images).where(eq(s.estate_images.estate_id, estateId));
  return {
    id: e.id,
    estate_type_id: e.estate_type_id,
    estate_offer_type_id: e.estate_offer_type_id,
    location_id: e.location_id,
    area: edit?.area ?? e.area,
    area_unit_id: e.area_unit_id,
    rooms_count: edit ? edit.rooms_count : e.rooms_count,
    advertiser: advertiserOf(e),
    words: edit ? wordsOf([edit.description]) : wordsOf([e.description_ar, e.description_en]),
    hashes: images.flatMap((i) => (i.phash ? [i.phash] : [])),
  };
}

/**
 * The listings of `status` that can be duplicates of `subject` by their facts alone: same offer type, type, place
 * and area unit, area within AREA_TOLERANCE, the same rooms. Their ids first, from the columns of estates_search_idx
 * alone (offer type, type, place; area, unit and rooms in its INCLUDE), so that the approved ones are an index-only
 * scan of the place's listings of that type and offer (5,958 entries for flats for sale in Mezzeh at 1,000,000
 * listings, about 2.5 ms), never a read of each from the table; then the rows of those found.
 */
async function candidatesOf(db: Db | Tx, subject: Subject, status: "approved" | "pending") {
  const found = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(
      and(
        eq(s.estates.status, status),
        eq(s.estates.estate_offer_type_id, subject.estate_offer_type_id),
        eq(s.estates.estate_type_id, subject.estate_type_id),
        eq(s.estates.location_id, subject.location_id),
        eq(s.estates.area_unit_id, subject.area_unit_id),
        sql`${s.estates.area} between ${subject.area * (1 - AREA_TOLERANCE)} and ${subject.area * (1 + AREA_TOLERANCE)}`,
        subject.rooms_count === null ? sql`${s.estates.rooms_count} is null` : eq(s.estates.rooms_count, subject.rooms_count),
        ne(s.estates.id, subject.id),
      ),
    )
    .limit(CANDIDATES_LIMIT);
  if (!found.length) return [];
  return db
    .select({
      id: s.estates.id,
      state_id: s.estates.state_id,
      status: s.estates.status,
      user_id: s.estates.user_id,
      office_id: s.estates.office_id,
      price: s.estates.price,
      currency: s.estates.currency,
      duplicate_of: s.estates.duplicate_of,
      description_ar: s.estates.description_ar,
      description_en: s.estates.description_en,
    })
    .from(s.estates)
    .where(
      inArray(
        s.estates.id,
        found.map((r) => r.id),
      ),
    );
}

/**
 * The likely duplicates of post `estateId` (decision 099) among the published listings and, unless
 * `options.publishedOnly`, the pending ones; with `options.otherAdvertisers`, only those of other advertisers. The
 * post is compared as it is under review (its pending edit when it has one). Published first, then by ad number.
 * Empty for a missing listing. At 1,000,000 listings: docs/benchmarks.md ("Finding a post's duplicates"). Throws the
 * database's errors.
 */
export async function findDuplicates(
  db: Db | Tx,
  estateId: number,
  options: { publishedOnly?: boolean; otherAdvertisers?: boolean } = {},
): Promise<LikelyDuplicate[]> {
  const subject = await subjectOf(db, estateId);
  if (!subject) return [];
  const rows = [
    ...(await candidatesOf(db, subject, "approved")),
    ...(options.publishedOnly ? [] : await candidatesOf(db, subject, "pending")),
  ].filter((r) => !options.otherAdvertisers || subject.advertiser === null || advertiserOf(r) !== subject.advertiser);
  if (!rows.length) return [];
  const hashes = new Map<number, string[]>();
  if (subject.hashes.length) {
    const images = await db
      .select({ estate_id: s.estate_images.estate_id, phash: s.estate_images.phash })
      .from(s.estate_images)
      .where(
        and(
          inArray(
            s.estate_images.estate_id,
            rows.map((r) => r.id),
          ),
          isNotNull(s.estate_images.phash),
        ),
      );
    for (const img of images) hashes.set(img.estate_id, [...(hashes.get(img.estate_id) ?? []), img.phash!]);
  }
  const found: LikelyDuplicate[] = [];
  for (const r of rows) {
    const reasons: DuplicateReason[] = [];
    const theirs = hashes.get(r.id) ?? [];
    if (subject.hashes.some((a) => theirs.some((b) => hashDistance(a, b) <= SAME_PHOTO_BITS))) reasons.push("photo");
    if (sameDescription(subject.words, wordsOf([r.description_ar, r.description_en]))) reasons.push("description");
    if (!reasons.length) continue;
    const advertiser = advertiserOf(r);
    found.push({
      id: r.id,
      stateId: r.state_id,
      status: r.status as "approved" | "pending",
      sameAdvertiser: advertiser !== null && advertiser === subject.advertiser,
      groupId: r.duplicate_of ?? r.id,
      price: r.price === null ? null : Number(r.price),
      currency: r.currency,
      reasons,
    });
  }
  return found.sort((a, b) => (a.status === b.status ? a.stateId - b.stateId : a.status === "approved" ? -1 : 1));
}

/** Whether the listing of the row is public (publicEstate: approved, and its owner account and office active). */
const isPublic = /* @__PURE__ */ (() => sql<boolean>`(${publicEstate()})`)();

/**
 * Brings the group of listing `estateId` up to date after a moderation transition or a change of its advertiser's
 * visibility changed it (decision 099; regroupAdvertiser), in `tx`: a public listing (publicEstate: approved, its
 * owner account and office active) joins the groups of its published duplicates from other advertisers
 * (findDuplicates), a listing no longer public leaves its group, and in each group the cheapest public listing
 * (price_sort_syp, then the older one) stands for the others, whose duplicate_of names it. A group left with one
 * listing, or with one advertiser's listings only, is undone. Only duplicate_of and the head's count of the others
 * (other_offers) change, never updated_at (the version a moderator decides on). Throws the database's errors.
 */
export async function regroupDuplicates(tx: Tx, estateId: number): Promise<void> {
  const [estate] = await tx
    .select({ id: s.estates.id, public: isPublic, duplicate_of: s.estates.duplicate_of })
    .from(s.estates)
    .where(eq(s.estates.id, estateId));
  if (!estate) return;
  const heads = new Set<number>([estate.duplicate_of ?? estate.id]);
  if (estate.public) {
    for (const d of await findDuplicates(tx, estateId, { publishedOnly: true, otherAdvertisers: true })) heads.add(d.groupId);
  }
  const members = await tx
    .select({
      id: s.estates.id,
      public: isPublic,
      duplicate_of: s.estates.duplicate_of,
      other_offers: s.estates.other_offers,
      user_id: s.estates.user_id,
      office_id: s.estates.office_id,
    })
    .from(s.estates)
    .where(or(inArray(s.estates.id, [...heads, estateId]), inArray(s.estates.duplicate_of, [...heads, estateId])))
    .orderBy(asc(s.estates.price_sort_syp), asc(s.estates.id))
    .for("update", { of: s.estates });
  // NULLS LAST is the default of an ascending order: a listing without a price never stands for a group. A suspended
  // owner's or a deactivated office's listing is approved but not public: it stands for nothing and is hidden by its
  // advertiser's state alone, so that the others of its group show while it is away (decision 103).
  const published = members.filter((m) => m.public);
  const advertisers = new Set(published.map((m) => advertiserOf(m) ?? `staff:${m.id}`));
  const head = published.length > 1 && advertisers.size > 1 ? published[0].id : null;
  for (const m of members) {
    const next = head !== null && m.public && m.id !== head ? head : null;
    // The head keeps the number of the others it stands for, which its card shows without counting them.
    const others = head !== null && m.id === head ? published.length - 1 : 0;
    if (m.duplicate_of !== next || m.other_offers !== others)
      await tx.update(s.estates).set({ duplicate_of: next, other_offers: others }).where(eq(s.estates.id, m.id));
  }
}

/**
 * Regroups (regroupDuplicates) every approved listing of an advertiser, the account `user_id` or the office
 * `office_id`, in `tx`, after its visibility changed (decision 103): an account suspended, its suspension lifted or
 * the account deleted, an office deactivated or activated. Its listings leave their groups while they are not public
 * (the others of each group show, the cheapest standing for them) and join them again when they are. Called in the
 * transaction that changes users.status or offices.is_active, after the change. Throws the database's errors.
 */
export async function regroupAdvertiser(tx: Tx, advertiser: { user_id: number } | { office_id: number }): Promise<void> {
  const rows = await tx
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(
      and(
        eq(s.estates.status, "approved"),
        "user_id" in advertiser ? eq(s.estates.user_id, advertiser.user_id) : eq(s.estates.office_id, advertiser.office_id),
      ),
    )
    .orderBy(asc(s.estates.id));
  for (const row of rows) await regroupDuplicates(tx, row.id);
}
