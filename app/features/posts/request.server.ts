import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { composeReason, smsOwner } from "~/features/posts/owner-texts.server";
import { recordAudit } from "~/platform/db/audit.server";
import { paging } from "~/platform/db/back-office.server";
import { getLookups, nameOf, placeName, type Lookups } from "~/features/places/lookups.server";
import { ReasonRequiredError, REVIEW_PROMISE_MS, type Actor } from "./moderation.server";

/**
 * Property requests: sent by logged-in users as `pending`, approved or
 * rejected by an admin, the approved ones listed on /user-order. Prices are SYP.
 */

/** Stores a property request as `pending` for moderation. Returns its id. */
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
  // Approved, and its account active: a suspended user's requests leave the public pages.
  const approved = and(
    eq(s.property_requests.status, "approved"),
    sql`exists (select 1 from ${s.users} where ${s.users.id} = ${s.property_requests.user_id} and ${s.users.status} = 'active')`,
  );
  const { total, offset, pageCount } = await paging(db, s.property_requests, approved, page, REQUESTS_PER_PAGE);
  const rows = await db
    .select()
    .from(s.property_requests)
    .where(approved)
    .orderBy(desc(s.property_requests.created_at), desc(s.property_requests.id))
    .limit(REQUESTS_PER_PAGE)
    .offset(offset);
  const lookups = await getLookups(db);
  const items = rows.map((r) => ({ ...requestItem(r, lookups, locale), date: r.created_at.toISOString() }));
  return { items, total, pageCount };
}

/** What a request shows wherever it is listed, named in the page's language (prices in SYP). */
function requestItem(r: typeof s.property_requests.$inferSelect, lookups: Lookups, locale: Locale): Omit<RequestItem, "date"> {
  return {
    id: r.id,
    offerTypeId: r.estate_offer_type_id,
    estateType: nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "",
    place: placeName(lookups, r.location_id, locale),
    minPrice: r.min_price,
    maxPrice: r.max_price,
    notes: r.notes,
  };
}

/** A pending property request for review: what /user-order would show, with its sender and its wait. Prices in SYP. */
export type RequestReview = Omit<RequestItem, "date"> & {
  user: string;
  phone: string;
  since: string;
  late: boolean;
};

/** Pending property requests, oldest first. */
export async function requestQueue(db: Db, locale: Locale): Promise<RequestReview[]> {
  const lookups = await getLookups(db);
  const rows = await db
    .select({ r: s.property_requests, first: s.users.first_name, last: s.users.last_name, phone: s.users.phone })
    .from(s.property_requests)
    .innerJoin(s.users, eq(s.users.id, s.property_requests.user_id))
    .where(eq(s.property_requests.status, "pending"))
    .orderBy(asc(s.property_requests.created_at), asc(s.property_requests.id))
    .limit(200);
  const now = Date.now();
  return rows.map(({ r, first, last, phone }) => ({
    ...requestItem(r, lookups, locale),
    user: `${first} ${last}`,
    phone,
    since: r.created_at.toISOString(),
    late: now - r.created_at.getTime() > REVIEW_PROMISE_MS,
  }));
}

/**
 * Approves or rejects a pending property request with its audit entry and the owner's SMS, in one
 * transaction. Returns false when the request does not exist or is not pending. A rejection needs a reason.
 */
export async function moderateRequest(
  db: Db,
  requestId: number,
  action: "approve" | "reject",
  actor: Actor,
  reason: { code: string | null; text: string } = { code: null, text: "" },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: s.property_requests.id, status: s.property_requests.status, phone: s.users.phone, lang: s.users.lang })
      .from(s.property_requests)
      .innerJoin(s.users, eq(s.users.id, s.property_requests.user_id))
      .where(eq(s.property_requests.id, requestId))
      .for("update");
    if (!row || row.status !== "pending") return false;
    const composed = action === "reject" ? await composeReason(reason.code, reason.text, row.lang) : null;
    if (action === "reject" && !composed) throw new ReasonRequiredError();
    await tx
      .update(s.property_requests)
      .set({ status: action === "approve" ? "approved" : "rejected", reject_reason: composed, reviewed_at: new Date() })
      .where(eq(s.property_requests.id, requestId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `request.${action}`,
      subjectType: "property_request",
      subjectId: requestId,
      reason: composed,
    });
    await smsOwner(tx, row, action === "approve" ? "requestApproved" : "requestRejected", { reason: composed ?? "" });
    return true;
  });
}
