/** Dates as the site writes them, with no other import: also bundled into the service worker (sw/). */

const dateParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Damascus",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** A date as DD.MM.YYYY in Damascus time; accepts a Date or an ISO string. */
export function formatDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const parts = dateParts.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}.${get("month")}.${get("year")}`;
}

/**
 * The Damascus calendar day of a date as YYYY-MM-DD (a Date or an ISO string): what cards carry as their publication
 * day (10 characters instead of a full timestamp in every card's loader data), and formatDate reads back.
 */
export function isoDay(value: Date | string): string {
  const [day, month, year] = formatDate(value).split(".");
  return `${year}-${month}-${day}`;
}

const timeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Damascus",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** A date and time as "DD.MM.YYYY HH:MM" in Damascus time (24-hour time); a Date or an ISO string. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${formatDate(date)} ${timeParts.format(date)}`;
}

/** Minutes after midnight in Damascus time at `at` (0 to 1439): where the staff's working hours are compared. */
export function damascusMinutes(at: Date): number {
  const [hh, mm] = timeParts.format(at).split(":").map(Number);
  return (hh % 24) * 60 + mm;
}

/**
 * The instant a Damascus calendar day starts (00:00 Damascus time) for the day that holds `at`: what "today" means
 * for the back office's daily counts (the SMS budget, decision 051). Follows the zone's offset on that day.
 */
export function damascusDayStart(at: Date): Date {
  const [year, month, day] = isoDay(at).split("-").map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Damascus' offset at that UTC midnight: its wall clock then, read as if it were UTC, minus the instant.
  const wallDay = isoDay(new Date(utcMidnight));
  const wall = Date.parse(`${wallDay}T00:00:00Z`) + damascusMinutes(new Date(utcMidnight)) * 60_000;
  return new Date(utcMidnight - (wall - utcMidnight));
}
