import { and, count, eq, isNull, min, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";

/** What the back office's dashboard counts (issue 5, Dashboard). `oldestPending` is the oldest waiting post, edit or request. */
export type Dashboard = {
  pendingOffers: number;
  pendingRequests: number;
  openReports: number;
  leads: number;
  oldestPending: Date | null;
};

/**
 * The dashboard's counts: posts and edits waiting for review, pending property requests, listings with open
 * reports, leads not yet handled (offers sent by visitors, which stay with the office staff), and the oldest
 * waiting item's time.
 */
export async function dashboard(db: Db): Promise<Dashboard> {
  const pendingEdit = eq(s.estate_edits.status, "pending");
  const [[posts], [edits], [leads], [requests], [reports], [oldestPost], [oldestEdit], [oldestRequest]] = await Promise.all([
    db.select({ n: count() }).from(s.estates).where(eq(s.estates.status, "pending")),
    db.select({ n: count() }).from(s.estate_edits).where(pendingEdit),
    db
      .select({ n: count() })
      .from(s.estate_offers)
      .where(and(isNull(s.estate_offers.user_id), eq(s.estate_offers.inbox_state, "new"))),
    db.select({ n: count() }).from(s.property_requests).where(eq(s.property_requests.status, "pending")),
    db
      .select({ n: sql<number>`count(distinct ${s.estate_reports.estate_id})`.mapWith(Number) })
      .from(s.estate_reports)
      .where(isNull(s.estate_reports.resolved_at)),
    db
      .select({ at: min(s.estates.submitted_at) })
      .from(s.estates)
      .where(eq(s.estates.status, "pending")),
    db
      .select({ at: min(s.estate_edits.created_at) })
      .from(s.estate_edits)
      .where(pendingEdit),
    db
      .select({ at: min(s.property_requests.created_at) })
      .from(s.property_requests)
      .where(eq(s.property_requests.status, "pending")),
  ]);
  const times = [oldestPost.at, oldestEdit.at, oldestRequest.at]
    .filter((d) => d !== null && d !== undefined)
    .map((d) => new Date(d as Date | string))
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    pendingOffers: posts.n + edits.n,
    pendingRequests: requests.n,
    openReports: reports.n,
    leads: leads.n,
    oldestPending: times[0] ?? null,
  };
}
