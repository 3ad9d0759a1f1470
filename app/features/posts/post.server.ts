import { desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { recordAudit } from "~/platform/db/audit.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import type { Actor, PostState } from "./moderation.server";
import { expiresAt } from "~/features/listings/lifetime.server";
import { factsOf, type ListingFacts } from "~/features/listings/facts";
import { priceHoldReason } from "./price-hold.server";

/**
 * Owners' posts: a post is a row of `estates` with a `user_id`, created from /new-estate, edited on
 * /profile/posts/:id and listed on /profile. Its state changes only through moderation.server.ts `transition`; this
 * module holds what a post is made of (its fields and photos, in both directions between the listing, its pending
 * edit and the editor) and the owner's reads. Prices are whole units of `currency` (SYP or USD), areas square metres.
 */

/**
 * The fields an owner can change, the facts among them (app/features/listings/facts.ts, each null when not known).
 * `price` null is "price on request".
 */
export type PostFields = ListingFacts & {
  price: number | null;
  currency: "SYP" | "USD";
  negotiable: boolean;
  furnished: boolean;
  rooms_count: number | null;
  floor: number | null;
  /** Square metres. */
  area: number;
  interior_status_id: number | null;
  /** A rental's period (period_types: 1 daily … 5 yearly); null for sales or when not given. */
  period_type_id: number | null;
  description_ar: string | null;
  description_en: string | null;
};

/** The editable copy of a post: its fields and photos in gallery order (the first is the cover). */
export type WorkingCopy = { fields: PostFields; images: s.StoredImage[] };

/** The columns the listing and its pending edit share. */
type SharedFields = Pick<
  typeof s.estates.$inferSelect,
  | "price"
  | "currency"
  | "negotiable"
  | "furnished"
  | "rooms_count"
  | "floor"
  | "area"
  | "interior_status_id"
  | "period_type_id"
  | keyof ListingFacts
>;

function sharedFields(row: SharedFields): Omit<PostFields, "description_ar" | "description_en"> {
  return {
    ...factsOf(row),
    price: row.price,
    currency: row.currency === "USD" ? "USD" : "SYP",
    negotiable: row.negotiable,
    furnished: row.furnished,
    rooms_count: row.rooms_count,
    floor: row.floor,
    area: row.area,
    interior_status_id: row.interior_status_id,
    period_type_id: row.period_type_id,
  };
}

/** The fields of a listing as the editor shows them. */
export function fieldsOfEstate(e: typeof s.estates.$inferSelect): PostFields {
  return { ...sharedFields(e), description_ar: e.description_ar, description_en: e.description_en };
}

/** The fields of a pending edit: it holds the owner's one description, which stands for both languages. */
export function fieldsOfEdit(e: typeof s.estate_edits.$inferSelect): PostFields {
  return { ...sharedFields(e), description_ar: e.description, description_en: e.description };
}

/** The columns of `estates` that `fields` sets. */
export function estateValues(fields: PostFields) {
  return {
    ...sharedFieldValues(fields),
    description_ar: fields.description_ar,
    description_en: fields.description_en,
  };
}

/** The columns of `estate_edits` that a working copy sets (one description: the Arabic one, else the English one). */
export function editValues(copy: WorkingCopy) {
  return {
    ...sharedFieldValues(copy.fields),
    description: copy.fields.description_ar ?? copy.fields.description_en,
    images: copy.images,
  };
}

function sharedFieldValues(f: PostFields) {
  return {
    ...factsOf(f),
    price: f.price,
    currency: f.currency,
    negotiable: f.negotiable,
    furnished: f.furnished,
    rooms_count: f.rooms_count,
    floor: f.floor,
    area: f.area,
    interior_status_id: f.interior_status_id,
    period_type_id: f.period_type_id,
  };
}

/** The next free ad number (spec: state_id), under a transaction-scoped lock so two posts never share one. */
export async function nextStateId(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(5005)`);
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${s.estates.state_id}), 100000)` }).from(s.estates);
  return Number(row.max) + 1;
}

/** What /new-estate stores for a logged-in user. Area in square metres. */
export type NewPost = {
  estate_type_id: number;
  estate_offer_type_id: number;
  estate_ownership: number | null;
  estate_finishing: number | null;
  /** A rent's period (period_types id; decision 057: /new-estate requires it for a rent); none for a sale. */
  period_type_id?: number | null;
  location_id: number;
  area: number;
  fullname: string;
  mobile: string;
  subject: string;
  /** The price in whole units of `currency` (decision 087: given in the first flow); null or absent: "price on request". */
  price?: number | null;
  currency?: "SYP" | "USD";
};

/**
 * Creates a user's post from /new-estate: a listing in state `pending` owned by `userId`, with the price given
 * (none: "price on request" until the owner adds one) and no photos yet (addUploadedPhotos adds the offer's), its 24
 * hours starting now, with its audit entry, in one transaction. Keeps the offer's `estate_ownership`, and holds a price
 * too good to be true with its reason (priceHoldReason, decision 100). Returns the listing id.
 */
export async function createPost(db: Db, userId: number, input: NewPost): Promise<number> {
  // A price far from its area's median waits for a person with its reason (decision 100); read before the transaction.
  const held = await priceHoldReason(db, {
    price: input.price ?? null,
    currency: input.currency ?? "SYP",
    estate_offer_type_id: input.estate_offer_type_id,
    estate_type_id: input.estate_type_id,
    location_id: input.location_id,
    period_type_id: input.period_type_id ?? null,
    area: input.area,
    area_unit_id: 1,
  });
  return db.transaction(async (tx) => {
    const state_id = await nextStateId(tx);
    const [row] = await tx
      .insert(s.estates)
      .values({
        state_id,
        status: "pending",
        user_id: userId,
        contact_name: input.fullname,
        phone: input.mobile,
        price: input.price ?? null,
        currency: input.currency ?? "SYP",
        location_id: input.location_id,
        estate_type_id: input.estate_type_id,
        estate_offer_type_id: input.estate_offer_type_id,
        interior_status_id: input.estate_finishing,
        period_type_id: input.period_type_id ?? null,
        area: input.area,
        area_unit_id: 1,
        description_ar: input.subject,
        description_en: input.subject,
        estate_ownership: input.estate_ownership,
        held_reason: held,
      })
      .returning({ id: s.estates.id });
    await recordAudit(tx, {
      actorId: userId,
      action: "estate.submit",
      subjectType: "estate",
      subjectId: row.id,
      details: { to: "pending", estate_ownership: input.estate_ownership, ...(held ? { held } : {}) },
    });
    return row.id;
  });
}

/** A post as its editor shows it. `staff` is true for the offices' listings (no owner account). */
export type EditablePost = {
  id: number;
  stateId: number;
  estateTypeId: number;
  offerTypeId: number;
  locationId: number;
  /** The listing's status (a draft's changes are not reviewed until it is sent). */
  status: s.EstateStatus;
  staff: boolean;
  rejectReason: string | null;
  /** The reason the last edit of an approved post was refused, while no other edit waits. */
  editRejectReason: string | null;
};

/**
 * The post `estateId` if `actor` may edit it: its owner, or an admin for the staff's listings (admins
 * manage the offices' listings with the same editor as owners). Null otherwise, and for deleted
 * listings, so other users' posts look like missing ones (a user can never see or change another user's post).
 */
export async function editablePost(db: Db, estateId: number, actor: Actor): Promise<EditablePost | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e || e.status === "deleted") return null;
  const mine = e.user_id !== null && e.user_id === actor.id;
  // A draft without its owner yet is nobody's to edit: its owner claims it through the SMS link first.
  const staffListing = e.user_id === null && actor.admin && e.status !== "draft";
  if (!mine && !staffListing) return null;
  const [lastEdit] = await db
    .select({ status: s.estate_edits.status, reason: s.estate_edits.reject_reason })
    .from(s.estate_edits)
    .where(eq(s.estate_edits.estate_id, estateId))
    .orderBy(sql`${s.estate_edits.id} desc`)
    .limit(1);
  return {
    id: e.id,
    stateId: e.state_id,
    estateTypeId: e.estate_type_id,
    offerTypeId: e.estate_offer_type_id,
    locationId: e.location_id,
    status: e.status,
    staff: e.user_id === null,
    rejectReason: e.status === "rejected" ? e.reject_reason : null,
    editRejectReason: e.status === "approved" && lastEdit?.status === "rejected" ? lastEdit.reason : null,
  };
}

/** One of a user's own posts on /profile, with its moderation state. */
export type UserPost = {
  kind: "estate" | "request";
  id: number;
  /** The ad number of a listing (spec: state_id); null for requests. */
  stateId: number | null;
  estateType: string;
  place: string;
  state: PostState;
  /** Why it was rejected or unpublished (or why the last edit was refused), in the owner's language. */
  rejectReason: string | null;
  /** When the current review started (ISO), for the time left of the 24 hours; null when nothing waits. */
  waitingSince: string | null;
  date: string;
  /** A listing's offer type (1 sale, 2 rent): whether it can be marked sold or rented; null for requests. */
  offerTypeId: number | null;
  /** ISO end of a published or expired listing's 60 days; null otherwise. */
  expires: string | null;
};

/**
 * A user's listings (every state, deleted ones included: kept for the record) and property requests, newest first
 * (/profile: pending with the time left).
 */
export async function userPosts(db: Db, userId: number, locale: Locale): Promise<UserPost[]> {
  const lookups = await getLookups(db);
  const placeOf = (id: number) => placeName(lookups, id, locale);
  const typeOf = (id: number | null) => (id === null ? "" : (nameOf(lookups.byId.estateType.get(id), locale) ?? ""));
  const [estates, edits, requests] = await Promise.all([
    db.select().from(s.estates).where(eq(s.estates.user_id, userId)),
    db
      .select({
        estate_id: s.estate_edits.estate_id,
        status: s.estate_edits.status,
        reason: s.estate_edits.reject_reason,
        created_at: s.estate_edits.created_at,
      })
      .from(s.estate_edits)
      .innerJoin(s.estates, eq(s.estates.id, s.estate_edits.estate_id))
      .where(eq(s.estates.user_id, userId))
      .orderBy(desc(s.estate_edits.id)),
    db.select().from(s.property_requests).where(eq(s.property_requests.user_id, userId)),
  ]);
  const lastEdit = new Map<number, (typeof edits)[number]>();
  for (const e of edits) if (!lastEdit.has(e.estate_id)) lastEdit.set(e.estate_id, e);
  const posts: UserPost[] = [
    ...estates.map((e) => {
      const edit = lastEdit.get(e.id);
      const editPending = e.status === "approved" && edit?.status === "pending";
      const state: PostState = editPending ? "edit_pending" : e.status;
      const waitingSince = state === "pending" ? e.submitted_at : editPending ? edit!.created_at : null;
      const refusedEdit = e.status === "approved" && edit?.status === "rejected" ? edit.reason : null;
      return {
        kind: "estate" as const,
        id: e.id,
        stateId: e.state_id,
        estateType: typeOf(e.estate_type_id),
        place: placeOf(e.location_id),
        state,
        rejectReason: e.status === "rejected" ? e.reject_reason : refusedEdit,
        waitingSince: waitingSince ? waitingSince.toISOString() : null,
        date: e.created_at.toISOString(),
        offerTypeId: e.estate_offer_type_id,
        expires: ["approved", "expired", "withdrawn"].includes(e.status) ? expiresAt(e.confirmed_at).toISOString() : null,
      };
    }),
    ...requests.map((r) => ({
      kind: "request" as const,
      id: r.id,
      stateId: null,
      estateType: typeOf(r.estate_type_id),
      place: placeOf(r.location_id),
      state: r.status as PostState,
      rejectReason: r.reject_reason,
      waitingSince: r.status === "pending" ? r.created_at.toISOString() : null,
      date: r.created_at.toISOString(),
      offerTypeId: null,
      expires: null,
    })),
  ];
  return posts.sort((a, b) => b.date.localeCompare(a.date));
}
