import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { damascusMinutes } from "~/platform/i18n/dates";
import { getEnv } from "~/platform/config/env.server";
import { siteOrigin } from "~/platform/http/site.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { queueSms } from "./sms.server";

/**
 * Staff told by SMS of visitors' requests (docs/decisions/054): each new consultation request and visitor's
 * offer that comes in during the working hours (STAFF_HOURS, Damascus time) is one SMS to every number of
 * STAFF_PHONES, queued in the request's own transaction; what comes in outside them is told in one digest per number
 * at the next opening (the `staff.digest` job). Contact messages are not announced: they are general messages to the
 * company, listed in the inbox. Texts are in the staff's language, Arabic (admin.json `inbox.sms`).
 */

/** The kinds of requests staff are told of. */
export type StaffNoticeKind = "consultation" | "offer";

/** Characters of a sender's name kept in a staff SMS, so the message stays within two UCS-2 parts (134 characters). */
const SMS_NAME_MAX = 30;

/**
 * True when `at` falls within the working hours `hours` (minutes after Damascus midnight, start inclusive, end
 * exclusive; default STAFF_HOURS).
 */
export function withinStaffHours(at: Date, hours: { start: number; end: number } = getEnv().STAFF_HOURS): boolean {
  const minutes = damascusMinutes(at);
  return minutes >= hours.start && minutes < hours.end;
}

/** The inbox's address for staff, from the configured origin (never from a request's headers). */
function inboxLink(kind?: StaffNoticeKind): string {
  return `${siteOrigin()}/admin/inbox${kind ? `?kind=${kind}` : ""}`;
}

/**
 * Tells staff of one new request when it comes in at `now` within the working hours: one SMS (purpose `staff`) to
 * each STAFF_PHONES number, queued in `tx`, the transaction that stores the request. Returns the time to store as
 * the request's `staff_notified_at` (`now`), or null when no one was told (outside the hours, or no staff phones:
 * the digest tells them later). `name` and `mobile` are the sender's as typed.
 */
export async function tellStaff(
  tx: Db | Tx,
  request: { kind: StaffNoticeKind; name: string; mobile: string },
  now: Date = new Date(),
): Promise<Date | null> {
  const phones = getEnv().STAFF_PHONES;
  if (phones.length === 0 || !withinStaffHours(now)) return null;
  const t = getLocaleT("ar");
  const name = Array.from(request.name.trim()).slice(0, SMS_NAME_MAX).join("");
  const body = t(`admin:inbox.sms.${request.kind}`, { name, mobile: request.mobile, link: inboxLink(request.kind) });
  for (const phone of phones) await queueSms(tx, { phone, body }, { purpose: "staff" });
  return now;
}

/**
 * The staff digest (the `staff.digest` job, every 15 minutes): at `now` within the working hours, marks every
 * consultation request and visitor's offer that staff were not told of as told, and queues one SMS (purpose
 * `digest`) per STAFF_PHONES number with their counts and the inbox's link. The marking is one UPDATE … RETURNING
 * per table in `tx`: a second worker running the same digest waits on the rows' locks and then finds none, so each
 * request is in exactly one digest. Does nothing outside the hours, without staff phones, or with nothing new.
 * Returns the counts told.
 */
export async function sendStaffDigest(tx: Db | Tx, now: Date = new Date()): Promise<{ consultations: number; offers: number }> {
  const none = { consultations: 0, offers: 0 };
  const phones = getEnv().STAFF_PHONES;
  if (phones.length === 0 || !withinStaffHours(now)) return none;
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
  if (consultations.length + offers.length === 0) return none;
  const t = getLocaleT("ar");
  const body = t("admin:inbox.sms.digest", {
    consultations: t("admin:inbox.sms.consultations", { count: consultations.length }),
    offers: t("admin:inbox.sms.offers", { count: offers.length }),
    link: inboxLink(),
  });
  for (const phone of phones) await queueSms(tx, { phone, body }, { purpose: "digest" });
  return { consultations: consultations.length, offers: offers.length };
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
