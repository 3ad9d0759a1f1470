import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { Locale } from "~/i18n";
import { recordAudit } from "./audit.server";
import { getLookups, nameOf, placeName } from "./lookups.server";
import type { Actor } from "./moderation.server";

/**
 * Leads (spec 3, New property offer; issue 5): the property offers visitors send from /new-estate without an
 * account, kept as `pending` for the office staff, who see them with their contact details and mark them handled.
 * (A logged-in user's offer is their post instead: post.server.ts createPost.) Areas in square metres.
 */

/** Stores a /new-estate offer as `pending` for moderation (spec 3, New property offer). Returns its id. */
export async function createEstateOffer(db: Db, input: typeof s.estate_offers.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(s.estate_offers)
    .values({ ...input, status: "pending" })
    .returning({ id: s.estate_offers.id });
  return row.id;
}

/** A visitor's offer (lead) for the office staff (issue 5). Area in square metres. */
export type Lead = {
  id: number;
  fullname: string;
  mobile: string;
  offerTypeId: number;
  estateType: string;
  place: string;
  area: number;
  subject: string;
  date: string;
  handled: boolean;
};

/** Visitors' offers, unhandled first then newest first, at most 100. */
export async function listLeads(db: Db, locale: Locale): Promise<Lead[]> {
  const lookups = await getLookups(db);
  const rows = await db
    .select()
    .from(s.estate_offers)
    .where(isNull(s.estate_offers.user_id))
    .orderBy(sql`${s.estate_offers.inbox_state} <> 'new'`, desc(s.estate_offers.created_at))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    fullname: r.fullname,
    mobile: r.mobile,
    offerTypeId: r.estate_offer_type_id,
    estateType: r.estate_type_id ? (nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "") : "",
    place: placeName(lookups, r.location_id, locale),
    area: r.area,
    subject: r.subject,
    date: r.created_at.toISOString(),
    handled: r.inbox_state !== "new",
  }));
}

/** Marks a lead handled, with an audit entry. False when it does not exist or was handled already. */
export async function markLeadHandled(db: Db, leadId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s.estate_offers)
      .set({ inbox_state: "done", inbox_changed_at: new Date(), taken_by: actor.id })
      .where(and(eq(s.estate_offers.id, leadId), isNull(s.estate_offers.user_id), eq(s.estate_offers.inbox_state, "new")))
      .returning({ id: s.estate_offers.id });
    if (!row) return false;
    await recordAudit(tx, { actorId: actor.id, action: "lead.handled", subjectType: "lead", subjectId: leadId });
    return true;
  });
}
