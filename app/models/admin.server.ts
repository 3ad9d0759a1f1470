import { and, count, eq, isNotNull, isNull, min } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { hashPassword } from "~/services/password.server";
import { toE164 } from "~/services/phone.server";

/** The moderation promise of the policy text (spec 1): posts are reviewed within 24 hours (milliseconds). */
export const REVIEW_PROMISE_MS = 24 * 60 * 60 * 1000;

/**
 * Makes sure the operator's first admin exists (issue 5, Admins): the account of `phone` (E.164) is created or
 * updated with this password, made active and given the admin role. Called at start when ADMIN_PHONE and
 * ADMIN_PASSWORD are set. Returns the user id. Throws when the phone is not a valid E.164 number.
 */
export async function ensureAdmin(db: Db, phone: string, password: string): Promise<number> {
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) throw new Error("ADMIN_PHONE must be an E.164 number like +963944123456");
  const password_hash = await hashPassword(password);
  const [row] = await db
    .insert(s.users)
    .values({ first_name: "Admin", last_name: "Aqar", phone, password_hash, status: "active", role: "admin", activated_at: new Date() })
    .onConflictDoUpdate({ target: s.users.phone, set: { password_hash, status: "active", role: "admin" } })
    .returning({ id: s.users.id });
  return row.id;
}

/**
 * Gives an existing account the admin role (`npm run admin:grant -- +963…`). The number may be typed in E.164 or
 * nationally for Syria. Returns the user id, or null when no account has that number.
 */
export async function grantAdmin(db: Db, typed: string): Promise<number | null> {
  const phone = typed.startsWith("+") ? typed.replace(/[\s-]/g, "") : toE164("SY", typed);
  if (!phone) return null;
  const [row] = await db.update(s.users).set({ role: "admin" }).where(eq(s.users.phone, phone)).returning({ id: s.users.id });
  return row?.id ?? null;
}

/** What the back office's dashboard counts (issue 5, Dashboard). `oldestPending` is the oldest waiting post or request. */
export type Dashboard = {
  pendingOffers: number;
  pendingRequests: number;
  openReports: number;
  leads: number;
  oldestPending: Date | null;
};

/**
 * The dashboard's counts: pending offers of users, pending property requests, reports not yet handled, leads
 * (offers sent by visitors, which stay with the office staff), and the oldest pending item's time.
 */
export async function dashboard(db: Db): Promise<Dashboard> {
  const pending = eq(s.estate_offers.status, "pending");
  const [[offers], [leads], [requests], [reports], [oldestOffer], [oldestRequest]] = await Promise.all([
    db.select({ n: count() }).from(s.estate_offers).where(and(pending, isNotNull(s.estate_offers.user_id))),
    db.select({ n: count() }).from(s.estate_offers).where(and(pending, isNull(s.estate_offers.user_id))),
    db.select({ n: count() }).from(s.property_requests).where(eq(s.property_requests.status, "pending")),
    db.select({ n: count() }).from(s.estate_reports).where(isNull(s.estate_reports.resolved_at)),
    db.select({ at: min(s.estate_offers.created_at) }).from(s.estate_offers).where(pending),
    db.select({ at: min(s.property_requests.created_at) }).from(s.property_requests).where(eq(s.property_requests.status, "pending")),
  ]);
  const times = [oldestOffer.at, oldestRequest.at]
    .filter((d) => d !== null && d !== undefined)
    .map((d) => new Date(d as Date | string))
    .sort((a, b) => a.getTime() - b.getTime());
  return { pendingOffers: offers.n, pendingRequests: requests.n, openReports: reports.n, leads: leads.n, oldestPending: times[0] ?? null };
}
