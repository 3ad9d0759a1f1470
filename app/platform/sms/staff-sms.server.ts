import { and, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { damascusMinutes } from "~/platform/i18n/dates";
import { getEnv } from "~/platform/config/env.server";
import { siteOrigin } from "~/platform/http/site.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { toLocale, type Locale } from "~/platform/i18n/i18n";
import { enqueue } from "~/platform/jobs/jobs.server";
import { queueSms, STAFF_PURPOSE } from "./sms.server";

/**
 * Staff told by SMS of visitors' requests (docs/decisions/054, amended by 081): consultation requests and
 * visitors' offers are told to every number of STAFF_PHONES in notices, at most one per STAFF_SMS_GAP_MS: the first
 * request of a quiet period is told at once, those that follow within the gap in one later notice with their count.
 * A notice carries no text a visitor typed: the count of each kind and the inbox's link, in the language of the
 * account with that number (Arabic without one). Notices are sent by the `staff.notice` job, which each request
 * queues in its own transaction within the working hours (STAFF_HOURS, Damascus time) and the schedule runs every
 * 15 minutes, so what came in outside the hours is told at the next opening. Contact messages are not announced:
 * they are general messages to the company, listed in the inbox. Notices count against SMS_STAFF_DAILY_LIMIT only.
 */

/** The kinds of requests staff are told of. */
export type StaffNoticeKind = "consultation" | "offer";

/** The least time between two staff notices, in ms (decision 081): 10 minutes. */
export const STAFF_SMS_GAP_MS = 10 * 60_000;

/** The task that sends a staff notice (app/features/jobs/job-tasks.server.ts). */
export const STAFF_NOTICE_TASK = "staff.notice";

/** The advisory lock that makes two workers' notices wait for each other (post.server.ts's ad numbers use 5005). */
const NOTICE_LOCK = 5081;

/**
 * True when `at` falls within the working hours `hours` (minutes after Damascus midnight, start inclusive, end
 * exclusive; default STAFF_HOURS).
 */
export function withinStaffHours(at: Date, hours: { start: number; end: number } = getEnv().STAFF_HOURS): boolean {
  const minutes = damascusMinutes(at);
  return minutes >= hours.start && minutes < hours.end;
}

/**
 * The inbox's address for staff, from the configured origin (never from a request's headers): the new requests, of
 * one kind when the notice tells of one kind only.
 */
function inboxLink(kind?: StaffNoticeKind): string {
  return `${siteOrigin()}/admin/inbox?${kind ? `kind=${kind}&` : ""}state=new`;
}

/** When the last staff notice to any of `phones` was queued (its sms_messages row), or null when never. */
async function lastNoticeAt(db: Db | Tx, phones: readonly string[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(s.sms_messages.created_at) })
    .from(s.sms_messages)
    .where(and(inArray(s.sms_messages.phone, [...phones]), eq(s.sms_messages.purpose, STAFF_PURPOSE)));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Queues the `staff.notice` job for a notice at `now`, or for the end of the gap after the `last` notice when that is
 * later. The later job has the key of its time, so every request of one gap shares it; a job at `now` has no key (a
 * second one finds the first's notice and moves to the end of the gap).
 */
async function queueNotice(tx: Db | Tx, last: Date | null, now: Date): Promise<void> {
  const next = last ? last.getTime() + STAFF_SMS_GAP_MS : 0;
  if (next <= now.getTime()) {
    await enqueue(tx, STAFF_NOTICE_TASK, {}, { runAt: now });
    return;
  }
  const runAt = new Date(next);
  await enqueue(tx, STAFF_NOTICE_TASK, {}, { runAt, key: `${STAFF_NOTICE_TASK}:next:${runAt.toISOString()}` });
}

/**
 * Tells staff of one new request that came in at `now`, in `tx`, the transaction that stores the request: within the
 * working hours and with staff phones, queues the notice job (at once, or at the end of the gap after the last
 * notice: queueNotice); otherwise nothing, and the scheduled notice at the next opening tells it.
 */
export async function tellStaff(tx: Db | Tx, now: Date = new Date()): Promise<void> {
  const phones = getEnv().STAFF_PHONES;
  if (phones.length === 0 || !withinStaffHours(now)) return;
  await queueNotice(tx, await lastNoticeAt(tx, phones), now);
}

/** The language of each staff number: that of the account with the number (users.lang), Arabic without one. */
async function staffLocales(db: Db | Tx, phones: readonly string[]): Promise<Map<string, Locale>> {
  const rows = await db
    .select({ phone: s.users.phone, lang: s.users.lang })
    .from(s.users)
    .where(inArray(s.users.phone, [...phones]));
  return new Map(rows.map((row) => [row.phone, toLocale(row.lang)]));
}

/**
 * A notice's text in `locale` (admin.json `inbox.sms`): the count of each kind of request told (a kind with none is
 * left out) and the inbox's link. Nothing a visitor typed is in it.
 */
export function staffNoticeText(locale: Locale, counts: { consultations: number; offers: number }): string {
  const t = getLocaleT(locale);
  const consultations = counts.consultations ? t("admin:inbox.sms.consultations", { count: counts.consultations }) : "";
  const offers = counts.offers ? t("admin:inbox.sms.offers", { count: counts.offers }) : "";
  const requests = consultations && offers ? t("admin:inbox.sms.both", { consultations, offers }) : consultations || offers;
  const kind = consultations && offers ? undefined : consultations ? "consultation" : "offer";
  return t("admin:inbox.sms.notice", { requests, link: inboxLink(kind) });
}

/**
 * The staff notice (the `staff.notice` job, queued by tellStaff and scheduled every 15 minutes), at `now`: within
 * the working hours and with staff phones, under a transaction lock that makes a second worker's notice wait for
 * this one, either moves to the end of the gap when the last notice is less than STAFF_SMS_GAP_MS old (queueNotice),
 * or marks every consultation request and visitor's offer that staff were not told of as told and queues one SMS
 * (purpose `staff`) per STAFF_PHONES number with their counts, in `tx`. The marking is one UPDATE … RETURNING per
 * table, so each request is in exactly one notice. Does nothing outside the hours, without staff phones, or with
 * nothing new. Returns the counts told.
 */
export async function sendStaffNotice(tx: Db | Tx, now: Date = new Date()): Promise<{ consultations: number; offers: number }> {
  const none = { consultations: 0, offers: 0 };
  const phones = getEnv().STAFF_PHONES;
  if (phones.length === 0 || !withinStaffHours(now)) return none;
  await tx.execute(sql`select pg_advisory_xact_lock(${NOTICE_LOCK})`);
  const last = await lastNoticeAt(tx, phones);
  if (last && now.getTime() < last.getTime() + STAFF_SMS_GAP_MS) {
    await queueNotice(tx, last, now);
    return none;
  }
  const consultations = await tx
    .update(s.messages)
    .set({ staff_notified_at: now })
    .where(and(isNull(s.messages.staff_notified_at), eq(s.messages.kind, "consultation")))
    .returning({ id: s.messages.id });
  const offers = await tx
    .update(s.estate_offers)
    .set({ staff_notified_at: now })
    .where(and(isNull(s.estate_offers.staff_notified_at), isNull(s.estate_offers.user_id)))
    .returning({ id: s.estate_offers.id });
  const counts = { consultations: consultations.length, offers: offers.length };
  if (counts.consultations + counts.offers === 0) return none;
  const locales = await staffLocales(tx, phones);
  for (const phone of phones) {
    const body = staffNoticeText(locales.get(phone) ?? "ar", counts);
    await queueSms(tx, { phone, body }, { purpose: STAFF_PURPOSE, at: now });
  }
  return counts;
}

/** Minutes after midnight as "HH:MM" (1440 is "24:00"). */
function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The working hours as the public pages state them (the consultation and contact pages): `{ start, end }` as
 * "HH:MM" in Damascus time, or null when staff work all day (00:00-24:00). The same at every time of day, so a page
 * kept in the page cache never says something the clock has made wrong.
 */
export function replyHours(hours: { start: number; end: number } = getEnv().STAFF_HOURS): { start: string; end: string } | null {
  if (hours.start === 0 && hours.end === 24 * 60) return null;
  return { start: clockText(hours.start), end: clockText(hours.end) };
}
