import { asc, count, eq, isNull, min, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { SmsLimitName } from "~/platform/sms/sms-limits.server";
import { smsSentToday } from "~/platform/sms/sms.server";
import { isoDay } from "~/platform/i18n/dates";
import { getEnv } from "~/platform/config/env.server";
import { newInboxCount } from "~/features/inbox/inbox.server";

/** What the back office's dashboard counts. `oldestPending` is the oldest waiting post, edit or request. */
export type Dashboard = {
  pendingOffers: number;
  pendingRequests: number;
  openReports: number;
  /** New requests in the inbox: consultation requests, contact messages and visitors' offers. */
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

/** The SMS limits reached on one Damascus day (decision 053): each limit's name, times reached and last time. */
export type SmsLimitsToday = {
  hits: Array<{ name: SmsLimitName; hits: number; lastAt: Date }>;
  /** Messages handed to a provider since the Damascus day began (smsSentToday). */
  sent: number;
  /** SMS_DAILY_LIMIT, or null when there is no budget (unset or 0). */
  budget: number | null;
};

/**
 * What the dashboard shows of the SMS limits (decision 053) on the Damascus day of `at` (default now): the
 * rows of sms_limit_hits for that day (recordSmsLimitHit writes them), in the order of their names, and the day's
 * sent messages against SMS_DAILY_LIMIT.
 */
export async function smsLimitsToday(db: Db, at = new Date()): Promise<SmsLimitsToday> {
  const [rows, sent] = await Promise.all([
    db
      .select({ name: s.sms_limit_hits.limit_name, hits: s.sms_limit_hits.hits, lastAt: s.sms_limit_hits.last_at })
      .from(s.sms_limit_hits)
      .where(eq(s.sms_limit_hits.day, isoDay(at)))
      .orderBy(asc(s.sms_limit_hits.limit_name)),
    smsSentToday(db, at),
  ]);
  return {
    hits: rows.map((r) => ({ ...r, name: r.name as SmsLimitName, lastAt: new Date(r.lastAt) })),
    sent,
    budget: getEnv().SMS_DAILY_LIMIT || null,
  };
}
