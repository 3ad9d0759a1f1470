import { and, eq, sql, type SQL } from "drizzle-orm";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { isoDay } from "~/platform/i18n/dates";

/**
 * Verified offices (docs/decisions/090-verified-offices-and-owners-listings.md): the staff record an office's trade
 * licence and mark it verified; the mark holds for OFFICE_VERIFICATION_DAYS after the day the licence was checked, then
 * lapses by itself until the staff check it again.
 */

/** How long a check of an office's licence holds, in days. */
export const OFFICE_VERIFICATION_DAYS = 365;

const DAY_MS = 86_400_000;

/**
 * What the site says of an office's verification: the month of the check in the page's language ("November 2026",
 * "تشرين الثاني 2026": the Syrian month names) and whether it has lapsed; null for an office never verified.
 */
export type OfficeVerification = { month: string; lapsed: boolean } | null;

/**
 * The verification of an office row (`verified`, `licence_checked_on` as YYYY-MM-DD) on `now`'s Damascus day: lapsed
 * once OFFICE_VERIFICATION_DAYS days have passed since the check. Null when the office is not marked verified or has no
 * day of check. Never throws.
 */
export function officeVerification(
  row: { verified: boolean | null; licence_checked_on: string | null },
  locale: Locale,
  now: Date = new Date(),
): OfficeVerification {
  if (!row.verified || !row.licence_checked_on) return null;
  const checked = Date.parse(`${row.licence_checked_on}T00:00:00Z`);
  if (Number.isNaN(checked)) return null;
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  return { month: monthName(checked, locale), lapsed: today - checked >= OFFICE_VERIFICATION_DAYS * DAY_MS };
}

const monthFormats: Record<Locale, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat("ar-SY-u-nu-latn", { month: "long", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
};

function monthName(utcMidnight: number, locale: Locale): string {
  return monthFormats[locale].format(new Date(utcMidnight));
}

/**
 * The SQL condition "this office is verified today" on `offices` (what the office search's "verified only" asks):
 * marked verified and checked less than OFFICE_VERIFICATION_DAYS Damascus days ago.
 */
export function verifiedOffice(): SQL {
  return and(
    eq(s.offices.verified, true),
    sql`${s.offices.licence_checked_on} > (now() at time zone 'Asia/Damascus')::date - ${OFFICE_VERIFICATION_DAYS}::int`,
  )!;
}
