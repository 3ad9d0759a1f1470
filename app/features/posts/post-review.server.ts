import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { composeReason, smsOwner } from "~/features/posts/owner-texts.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { formatNumber, formatPrice } from "~/features/listings/format";
import { factItems, factsOf as listingFactsOf } from "~/features/listings/facts";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import {
  postVersion,
  REVIEW_PROMISE_MS,
  transition,
  type Actor,
  type PostAction,
  type PostState,
  type TransitionResult,
} from "./moderation.server";

/**
 * The back office's review of owners' posts: the queue of posts and edits waiting, everything the
 * owner entered for one review, and an admin's decision with the owner's reason and SMS. The state machine itself
 * is moderation.server.ts.
 */

/** One item of the posts queue: a new or resubmitted post, or an edit of an approved one. */
export type QueueItem = {
  kind: "post" | "edit";
  estateId: number;
  stateId: number;
  estateType: string;
  place: string;
  owner: string;
  /** ISO time the review started. */
  since: string;
  late: boolean;
};

/** Pending posts and edits, oldest first. */
export async function postQueue(db: Db, locale: Locale): Promise<QueueItem[]> {
  const lookups = await getLookups(db);
  const [posts, edits] = await Promise.all([
    db
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        type: s.estates.estate_type_id,
        loc: s.estates.location_id,
        since: s.estates.submitted_at,
        first: s.users.first_name,
        last: s.users.last_name,
      })
      .from(s.estates)
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .where(eq(s.estates.status, "pending"))
      .orderBy(asc(s.estates.submitted_at))
      .limit(200),
    db
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        type: s.estates.estate_type_id,
        loc: s.estates.location_id,
        since: s.estate_edits.created_at,
        first: s.users.first_name,
        last: s.users.last_name,
      })
      .from(s.estate_edits)
      .innerJoin(s.estates, eq(s.estates.id, s.estate_edits.estate_id))
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .where(and(eq(s.estate_edits.status, "pending"), eq(s.estates.status, "approved")))
      .orderBy(asc(s.estate_edits.created_at))
      .limit(200),
  ]);
  const now = Date.now();
  return [...posts.map((p) => ({ ...p, kind: "post" as const })), ...edits.map((p) => ({ ...p, kind: "edit" as const }))]
    .map((p) => ({
      kind: p.kind,
      estateId: p.id,
      stateId: p.state_id,
      estateType: nameOf(lookups.byId.estateType.get(p.type), locale) ?? "",
      place: placeName(lookups, p.loc, locale),
      owner: p.first ? `${p.first} ${p.last}` : "",
      since: new Date(p.since).toISOString(),
      late: now - new Date(p.since).getTime() > REVIEW_PROMISE_MS,
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

/**
 * One line of a post's review: its key (admin.json `facts.<key>` translates it unless `label` is given, as for the
 * facts of decision 093) and its value ("yes", "no", or the text shown).
 */
export type ReviewFact = { key: string; value: string; label?: string };

/** Everything the owner entered, for one review: the listing, its photos and any pending edit. */
export type PostReview = {
  estateId: number;
  stateId: number;
  status: string;
  state: PostState;
  owner: { id: number; name: string; phone: string; lang: string; status: string } | null;
  contactName: string | null;
  phone: string | null;
  offerType: string;
  /** 1 sale, 2 rent: whether the listing closes as sold or rented. */
  offerTypeId: number;
  estateType: string;
  place: string;
  facts: ReviewFact[];
  description: string | null;
  photos: string[];
  rejectReason: string | null;
  since: string;
  edit: { facts: ReviewFact[]; description: string | null; photos: string[]; since: string } | null;
  /** What the decision forms send back (postVersion), so a post changed since the page was opened is not decided. */
  version: string;
};

/** One post for review, or null when there is no listing with that id. */
export async function postReview(db: Db, estateId: number, locale: Locale): Promise<PostReview | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e) return null;
  const lookups = await getLookups(db);
  const [owner] = e.user_id ? await db.select().from(s.users).where(eq(s.users.id, e.user_id)) : [];
  const [edit] = await db
    .select()
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  const images = await db
    .select({ file: s.estate_images.file })
    .from(s.estate_images)
    .where(eq(s.estate_images.estate_id, estateId))
    .orderBy(asc(s.estate_images.index));
  const t = await getLocaleT(locale);
  const finishing = (id: number | null) => (id ? (nameOf(lookups.byId.interiorStatus.get(id), locale) ?? "") : "");
  const factsOf = (
    f: {
      price: number | null;
      currency: string;
      negotiable: boolean;
      furnished: boolean;
      rooms_count: number | null;
      floor: number | null;
      area: number;
      interior_status_id: number | null;
    } & Parameters<typeof listingFactsOf>[0],
  ): ReviewFact[] => [
    {
      key: "price",
      value: f.price === null ? "" : `${formatNumber(f.price)} ${t(f.currency === "USD" ? "card.currencyUSD" : "card.currency")}`,
    },
    { key: "negotiable", value: f.negotiable ? "yes" : "no" },
    { key: "furnished", value: f.furnished ? "yes" : "no" },
    { key: "rooms", value: f.rooms_count === null ? "" : String(f.rooms_count) },
    { key: "floor", value: f.floor === null ? "" : String(f.floor) },
    { key: "area", value: String(f.area) },
    { key: "finishing", value: finishing(f.interior_status_id) },
    // The facts Syrians ask before they call (decision 093): those the advertiser gave, labelled as the listing page.
    ...factItems(listingFactsOf(f), t, (amount, currency) =>
      formatPrice(amount, t(currency === "USD" ? "card.currencyUSD" : "card.currency")),
    ).map((item) => ({ key: item.name, label: item.label, value: item.value })),
  ];
  const state: PostState = e.status === "approved" && edit ? "edit_pending" : e.status;
  return {
    estateId: e.id,
    stateId: e.state_id,
    status: e.status,
    state,
    owner: owner
      ? {
          id: owner.id,
          name: `${owner.first_name} ${owner.last_name}`,
          phone: owner.phone,
          lang: owner.lang,
          status: owner.status,
        }
      : null,
    contactName: e.contact_name,
    phone: e.phone,
    offerType: nameOf(lookups.byId.offerType.get(e.estate_offer_type_id), locale) ?? "",
    offerTypeId: e.estate_offer_type_id,
    estateType: nameOf(lookups.byId.estateType.get(e.estate_type_id), locale) ?? "",
    place: placeName(lookups, e.location_id, locale),
    facts: factsOf(e),
    description: (locale === "en" ? e.description_en : e.description_ar) ?? e.description_ar ?? e.description_en,
    photos: images.map((i) => imageUrl(i.file, 400)),
    rejectReason: e.reject_reason,
    since: e.submitted_at.toISOString(),
    version: postVersion(e, edit ?? null),
    edit: edit
      ? {
          facts: factsOf(edit),
          description: edit.description,
          photos: edit.images.map((i) => imageUrl(i.file, 400)),
          since: edit.created_at.toISOString(),
        }
      : null,
  };
}

/** The SMS key of each moderation action that tells the owner something (the owner gets an SMS). */
const SMS_OF: Partial<Record<PostAction, string>> = {
  approve: "approved",
  reject: "rejected",
  approve_edit: "editApproved",
  reject_edit: "editRejected",
  unpublish: "unpublished",
};

/**
 * An admin's decision on a post: approve, reject, approve_edit, reject_edit or
 * unpublish, with the reason composed in the owner's language; the owner gets an SMS; unpublishing also closes the
 * listing's open reports. All in one transaction with the audit entry. Throws TransitionError when the post's
 * state does not allow the action, Error("missing") for an unknown id, ReasonRequiredError.
 */
export async function moderatePost(
  db: Db,
  estateId: number,
  action: "approve" | "reject" | "approve_edit" | "reject_edit" | "unpublish",
  actor: Actor,
  reason: { code: string | null; text: string } = { code: null, text: "" },
  expectedVersion?: string | null,
): Promise<TransitionResult> {
  const [row] = await db
    .select({ lang: s.users.lang })
    .from(s.estates)
    .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
    .where(eq(s.estates.id, estateId));
  const composed = await composeReason(reason.code, reason.text, row?.lang ?? "ar");
  return transition(db, estateId, action, actor, {
    reason: composed,
    expectedVersion,
    also: async (tx, result) => {
      if (action === "unpublish") {
        await tx
          .update(s.estate_reports)
          .set({ resolved_at: new Date(), resolution: "unpublished" })
          .where(and(eq(s.estate_reports.estate_id, estateId), isNull(s.estate_reports.resolved_at)));
      }
      const key = SMS_OF[action];
      if (key && result.owner) await smsOwner(tx, result.owner, key, { number: result.stateId, reason: composed ?? "" });
    },
  });
}
