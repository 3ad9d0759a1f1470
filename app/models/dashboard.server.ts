import { count, eq, isNull, min, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { newInboxCount } from "./inbox.server";

/** What the back office's dashboard counts (issue 5, Dashboard). `oldestPending` is the oldest waiting post, edit or request. */
export type Dashboard = {
  pendingOffers: number;
  pendingRequests: number;
  openReports: number;
  /** New requests in the inbox: consultation requests, contact messages and visitors' offers (issue 23). */
  inbox: number;
  oldestPending: Date | null;
};

/**
 * The dashboard's counts: posts and edits waiting for review, pending property requests, listings with open
 * reports, new requests of the inbox (newInboxCount: consultation requests, contact messages and visitors' offers
 * no one has taken yet), and the oldest
 * waiting item's time.
 */
export async function dashboard(db: Db): Promise<Dashboard> {
  const pendingEdit = eq(s.estate_edits.status, "pending");
  const [[posts], [edits], inbox, [requests], [reports], [oldestPost], [oldestEdit], [oldestRequest]] = await Promise.all([
    db.select({ n: count() }).from(s.estates).where(eq(s.estates.status, "pending")),
    db.select({ n: count() }).from(s.estate_edits).where(pendingEdit),
    newInboxCount(db),
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
    inbox,
    oldestPending: times[0] ?? null,
  };
}
