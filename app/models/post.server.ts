import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { publicEstate } from "./estate.server";
import type { Locale } from "~/i18n";
import { getLookups, nameOf, placeName } from "./lookups.server";
import type { PostState } from "./moderation.server";

/**
 * What users send and keep (issue 4): consultation and contact messages, property offers and requests for
 * moderation, saved properties and reports. Prices are SYP, areas square metres.
 */

/** Stores a consultation or contact message (spec 7, contactUs/import). Returns its id. */
export async function createMessage(
  db: Db,
  input: { kind: s.MessageKind; name: string; mobile: string; subject: string; user_id: number | null },
): Promise<number> {
  const [row] = await db.insert(s.messages).values(input).returning({ id: s.messages.id });
  return row.id;
}

/** Whether a place id is one of the site's locations (forms refuse ids of things that do not exist). */
export async function locationExists(db: Db, id: number): Promise<boolean> {
  return (await getLookups(db)).locationById.has(id);
}

/** Whether an estate type id exists. */
export async function estateTypeExists(db: Db, id: number): Promise<boolean> {
  return (await getLookups(db)).byId.estateType.has(id);
}

/** Stores a /new-estate offer as `pending` for moderation (spec 3, New property offer). Returns its id. */
export async function createEstateOffer(db: Db, input: typeof s.estate_offers.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(s.estate_offers)
    .values({ ...input, status: "pending" })
    .returning({ id: s.estate_offers.id });
  return row.id;
}

/** Stores a property request as `pending` for moderation (spec 3, Property request). Returns its id. */
export async function createPropertyRequest(db: Db, input: typeof s.property_requests.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(s.property_requests)
    .values({ ...input, status: "pending" })
    .returning({ id: s.property_requests.id });
  return row.id;
}

/** A published property request as /user-order shows it. */
export type RequestItem = {
  id: number;
  offerTypeId: number;
  estateType: string;
  place: string;
  minPrice: number | null;
  maxPrice: number | null;
  notes: string;
  date: string;
};

/** Requests shown per page on /user-order. */
export const REQUESTS_PER_PAGE = 20;

/** Approved property requests, newest first, one page of REQUESTS_PER_PAGE (page from 1), with the page count. */
export async function listApprovedRequests(
  db: Db,
  page: number,
  locale: Locale,
): Promise<{ items: RequestItem[]; total: number; pageCount: number }> {
  // Approved, and its account active: a suspended user's requests leave the public pages (issue 5).
  const approved = and(
    eq(s.property_requests.status, "approved"),
    sql`exists (select 1 from ${s.users} where ${s.users.id} = ${s.property_requests.user_id} and ${s.users.status} = 'active')`,
  );
  const [{ total }] = await db.select({ total: count() }).from(s.property_requests).where(approved);
  const rows = await db
    .select()
    .from(s.property_requests)
    .where(approved)
    .orderBy(desc(s.property_requests.created_at), desc(s.property_requests.id))
    .limit(REQUESTS_PER_PAGE)
    .offset((page - 1) * REQUESTS_PER_PAGE);
  const lookups = await getLookups(db);
  const items = rows.map((r) => ({
    id: r.id,
    offerTypeId: r.estate_offer_type_id,
    estateType: nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "",
    place: placeName(lookups, r.location_id, locale),
    minPrice: r.min_price,
    maxPrice: r.max_price,
    notes: r.notes,
    date: r.created_at.toISOString(),
  }));
  return { items, total, pageCount: Math.max(1, Math.ceil(total / REQUESTS_PER_PAGE)) };
}

/**
 * Saves or unsaves a public listing for a user (spec 4, Saved flag; spec 7 estate/save and estate/unSave).
 * Returns "saved" or "unsaved", or "missing" when the listing is not public.
 */
export async function setSaved(db: Db, userId: number, estateId: number, saved: boolean): Promise<"saved" | "unsaved" | "missing"> {
  if (!saved) {
    // Unsaving works whether or not the listing is still public.
    await db.delete(s.saved_estates).where(and(eq(s.saved_estates.user_id, userId), eq(s.saved_estates.estate_id, estateId)));
    return "unsaved";
  }
  const [estate] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.id, estateId), publicEstate()));
  if (!estate) return "missing";
  await db.insert(s.saved_estates).values({ user_id: userId, estate_id: estateId }).onConflictDoNothing();
  return "saved";
}

/** Ids of the listings a user saved, newest save first. */
export async function savedEstateIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: s.saved_estates.estate_id })
    .from(s.saved_estates)
    .where(eq(s.saved_estates.user_id, userId))
    .orderBy(desc(s.saved_estates.created_at));
  return rows.map((r) => r.id);
}

/**
 * Reports a public listing (spec 7, report): one report per user and listing. Returns "reported", "already" when
 * the user reported it before, or "missing" when the listing is not public.
 */
export async function reportEstate(db: Db, userId: number, estateId: number, reasonId: number): Promise<"reported" | "already" | "missing"> {
  const [estate] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.id, estateId), publicEstate()));
  if (!estate) return "missing";
  const [row] = await db
    .insert(s.estate_reports)
    .values({ user_id: userId, estate_id: estateId, report_type_id: reasonId })
    .onConflictDoNothing()
    .returning({ id: s.estate_reports.id });
  return row ? "reported" : "already";
}

/** Whether a user already reported a listing. */
export async function hasReported(db: Db, userId: number, estateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.estate_reports.id })
    .from(s.estate_reports)
    .where(and(eq(s.estate_reports.user_id, userId), eq(s.estate_reports.estate_id, estateId)));
  return Boolean(row);
}

/** One of a user's own posts on /profile, with its moderation state (issue 5, Owners). */
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
};

/**
 * A user's listings (every state, deleted ones included: kept for the record) and property requests, newest first
 * (issue 5, /profile: pending with the time left, approved with a link, rejected with the reason, deleted).
 */
export async function userPosts(db: Db, userId: number, locale: Locale): Promise<UserPost[]> {
  const lookups = await getLookups(db);
  const placeOf = (id: number) => placeName(lookups, id, locale);
  const typeOf = (id: number | null) => (id === null ? "" : (nameOf(lookups.byId.estateType.get(id), locale) ?? ""));
  const [estates, edits, requests] = await Promise.all([
    db.select().from(s.estates).where(eq(s.estates.user_id, userId)),
    db
      .select({ estate_id: s.estate_edits.estate_id, status: s.estate_edits.status, reason: s.estate_edits.reject_reason, created_at: s.estate_edits.created_at })
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
    })),
  ];
  return posts.sort((a, b) => b.date.localeCompare(a.date));
}
