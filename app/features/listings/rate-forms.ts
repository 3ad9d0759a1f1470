import * as z from "zod/v4";

/**
 * The exchange-rate form of the back office (/admin/rates): SYP for one USD as a whole number within
 * RATE_LIMITS, and an optional "valid from" date. Messages are keys of locales/<lang>/admin.json.
 */

/** The bounds of a rate in whole SYP for 1 USD (kept equal to RATE_LIMITS of features/listings/exchange-rate.server.ts). */
export const RATE_MIN = 1;
export const RATE_MAX = 10_000_000;

/** Arabic-Indic and Eastern Arabic-Indic digits (what an Arabic keyboard types) as Latin digits. */
function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/**
 * A typed rate as a whole number: digits (Latin or Arabic-Indic) with optional thousands separators ("," "٬" "."
 * between groups of three or spaces), or null when it is anything else. Never throws.
 */
export function parseRate(value: string): number | null {
  const plain = latinDigits(value.trim()).replace(/[\s,\u066c\u00a0]/g, "");
  if (!/^\d{1,12}$/.test(plain)) return null;
  return Number(plain);
}

/**
 * A "valid from" date typed as YYYY-MM-DD, read as midnight in Damascus (UTC+3, Syria's time all year since 2022);
 * null when the text is not such a date (or not a real day). Never throws.
 */
export function parseValidFrom(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(latinDigits(value.trim()));
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00+03:00`);
  if (Number.isNaN(date.getTime())) return null;
  // "2026-02-31" is no day: JavaScript rolls it over to March.
  const back = new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  return back === `${match[1]}-${match[2]}-${match[3]}` ? date : null;
}

/**
 * How far a new rate may move from the rate it replaces before the back office asks to confirm it on a second screen
 * (docs/decisions/049-rate-confirmation-loopback-site-demo-admin.md): a fifth, up or down. A rate typed in old
 * pounds (decision 027: a hundred times the new figure) or a digit too many is far beyond it; a month's market move is not.
 */
export const RATE_CONFIRM_CHANGE = 0.2;

/**
 * True when going from `previous` to `next` (whole SYP for 1 USD) changes the rate by more than RATE_CONFIRM_CHANGE
 * of `previous`, so the change must be confirmed; false when there is no previous rate. Never throws.
 */
export function isLargeRateChange(previous: number | null, next: number): boolean {
  if (previous === null || previous <= 0) return false;
  return Math.abs(next - previous) > previous * RATE_CONFIRM_CHANGE;
}

/** The earliest "valid from" accepted, and how far ahead one may be scheduled (a year). */
const EARLIEST = Date.parse("2000-01-01T00:00:00+03:00");
const AHEAD_MS = 366 * 24 * 3_600_000;

/**
 * /admin/rates: `syp_per_usd` (required, a whole number from RATE_MIN to RATE_MAX; "admin:rates.errors.required",
 * ".whole", ".range" with {min, max}) and `valid_from` (optional YYYY-MM-DD from 2000 to a year ahead; empty = now;
 * "admin:rates.errors.date") and `intent` ("set", the default, or "confirm" from the confirmation screen that
 * a large change shows; anything else: "forms:errors.checkData"). Output:
 * `{ syp_per_usd: number, valid_from: Date | null, intent: "set" | "confirm" }`.
 */
export const rateSchema = /* @__PURE__ */ (() =>
  z.object({
    intent: z.enum(["set", "confirm"], { error: "forms:errors.checkData" }).default("set"),
    syp_per_usd: z.string({ error: "admin:rates.errors.required" }).transform((value, ctx) => {
      const rate = parseRate(value);
      if (rate === null) {
        ctx.issues.push({ code: "custom", message: "admin:rates.errors.whole", input: value });
        return z.NEVER;
      }
      if (rate < RATE_MIN || rate > RATE_MAX) {
        ctx.issues.push({ code: "custom", message: "admin:rates.errors.range", input: value });
        return z.NEVER;
      }
      return rate;
    }),
    valid_from: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return null;
        const date = parseValidFrom(value);
        if (date === null || date.getTime() < EARLIEST || date.getTime() > Date.now() + AHEAD_MS) {
          ctx.issues.push({ code: "custom", message: "admin:rates.errors.date", input: value });
          return z.NEVER;
        }
        return date;
      }),
  }))();
