import { and, asc, count, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { composeReason, smsOwner } from "~/features/posts/owner-texts.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { formatNumber, formatPrice } from "~/features/listings/format";
import { factItems, factsFor, factsOf as listingFactsOf, type ListingFacts } from "~/features/listings/facts";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import { recordAudit } from "~/platform/db/audit.server";
import { factKindOf } from "./estate-form.server";
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
  /** Why it is held for a person (decision 100), or null. */
  held: s.HeldReason | null;
  /** The owner's listings posted as "owner" in BROKER_WINDOW_DAYS when above BROKER_OWNER_POSTS, else null. */
  brokerCount: number | null;
};

/** More listings than this posted as "owner" within BROKER_WINDOW_DAYS mark an account as a likely broker (decision 100). */
export const BROKER_OWNER_POSTS = 5;
/** The window of BROKER_OWNER_POSTS, in days. */
export const BROKER_WINDOW_DAYS = 30;

/**
 * Of `userIds`, the accounts that posted more than BROKER_OWNER_POSTS listings as their owner (estate_ownership 1)
 * within the last BROKER_WINDOW_DAYS days (decision 100: shown to the moderator as a likely broker), each with that
 * count. One grouped read over estates_user_id_idx.
 */
export async function likelyBrokers(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ userId: s.estates.user_id, n: count() })
    .from(s.estates)
    .where(
      and(
        inArray(s.estates.user_id, ids),
        eq(s.estates.estate_ownership, 1),
        gte(s.estates.created_at, new Date(Date.now() - BROKER_WINDOW_DAYS * 86_400_000)),
      ),
    )
    .groupBy(s.estates.user_id);
  return new Map(rows.filter((r) => r.n > BROKER_OWNER_POSTS).map((r) => [r.userId!, Number(r.n)]));
}

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
        held: s.estates.held_reason,
        userId: s.estates.user_id,
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
        held: s.estates.held_reason,
        userId: s.estates.user_id,
      })
      .from(s.estate_edits)
      .innerJoin(s.estates, eq(s.estates.id, s.estate_edits.estate_id))
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .where(and(eq(s.estate_edits.status, "pending"), eq(s.estates.status, "approved")))
      .orderBy(asc(s.estate_edits.created_at))
      .limit(200),
  ]);
  const now = Date.now();
  const brokers = await likelyBrokers(
    db,
    [...posts, ...edits].flatMap((p) => (p.userId === null ? [] : [p.userId])),
  );
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
      held: p.held,
      brokerCount: p.userId === null ? null : (brokers.get(p.userId) ?? null),
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
  /**
   * The facts of the version under review (the pending edit's, else the listing's) as the staff correct them
   * (decision 093), and which of its kind's facts a listing has: a rent's months upfront, a shop's key money.
   */
  correction: { facts: ListingFacts; rent: boolean; shop: boolean };
  /** Why it is held for a person (decision 100), or null. */
  held: s.HeldReason | null;
  /** The owner's listings posted as "owner" in 30 days when that makes them a likely broker (likelyBrokers), else null. */
  brokerCount: number | null;
  /** Who the advertiser says they are (estate_ownership: 1 owner, 2 agent, 3 other), or null. */
  ownership: number | null;
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
  const brokers = e.user_id === null ? new Map<number, number>() : await likelyBrokers(db, [e.user_id]);
  return {
    held: e.held_reason,
    brokerCount: e.user_id === null ? null : (brokers.get(e.user_id) ?? null),
    ownership: e.estate_ownership,
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
    correction: { facts: listingFactsOf(edit ?? e), ...factKindOf(e) },
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

/**
 * An admin's correction of a post's facts (decision 093): `facts` (null when not known), cut to what a listing of its
 * kind has (factsFor), are written to the version under review (the pending edit when there is one, else the
 * listing), its state kept, in one transition with the audit entry `estate.correct` that names the admin and keeps
 * each changed fact before and after. `expectedVersion` is the version the page showed. Throws TransitionError when
 * the post is not pending, approved or waiting with an edit, or changed since; Error("missing") for an unknown id.
 */
export async function correctFacts(
  db: Db,
  estateId: number,
  actor: Actor,
  facts: ListingFacts,
  expectedVersion?: string | null,
): Promise<TransitionResult> {
  const [e] = await db
    .select({ estate_offer_type_id: s.estates.estate_offer_type_id, estate_type_id: s.estates.estate_type_id })
    .from(s.estates)
    .where(eq(s.estates.id, estateId));
  if (!e) throw new Error("missing");
  return transition(db, estateId, "correct", actor, { facts: factsFor(facts, factKindOf(e)), expectedVersion });
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
 * listing's open reports, and so does approving (dismissed) or rejecting (unpublished) a listing the reports held
 * (decision 100). All in one transaction with the audit entry. Throws TransitionError when the post's
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
    .select({ lang: s.users.lang, held: s.estates.held_reason })
    .from(s.estates)
    .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
    .where(eq(s.estates.id, estateId));
  const composed = await composeReason(reason.code, reason.text, row?.lang ?? "ar");
  return transition(db, estateId, action, actor, {
    reason: composed,
    expectedVersion,
    also: async (tx, result) => {
      // Decision 100: a listing the reports held is decided by a person; each open report's outcome is what they
      // decided (put back: dismissed; refused: unpublished), recorded with the decision's audit entry.
      const heldByReports = row?.held === "reports" && (action === "approve" || action === "reject");
      if (action === "unpublish" || heldByReports) {
        const resolution = action === "approve" ? "dismissed" : "unpublished";
        const closed = await tx
          .update(s.estate_reports)
          .set({ resolved_at: new Date(), resolution })
          .where(and(eq(s.estate_reports.estate_id, estateId), isNull(s.estate_reports.resolved_at)))
          .returning({ id: s.estate_reports.id });
        if (heldByReports && closed.length) {
          await recordAudit(tx, {
            actorId: actor.id,
            action: action === "approve" ? "reports.dismiss" : "reports.uphold",
            subjectType: "estate",
            subjectId: estateId,
            reason: composed,
            details: { reports: closed.map((r) => r.id), resolution },
          });
        }
      }
      const key = SMS_OF[action];
      if (key && result.owner) await smsOwner(tx, result.owner, key, { number: result.stateId, reason: composed ?? "" });
    },
  });
}
