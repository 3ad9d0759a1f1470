import type { EstateCard } from "~/features/listings/estate-card.server";
/**
 * Formatting shared by the server and the browser. Digits stay Latin in both languages and are wrapped
 * left-to-right by the components (numbers, prices and phones stay left-to-right).
 */

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** 1250000 → "1,250,000" (thousands separators). */
export function formatNumber(value: number): string {
  return grouping.format(value);
}

/**
 * A price with thousands separators and the currency label after it: "1,250,000 SYP", "12,300 US$",
 * "12,300 دولار"; with `approx` (a price converted at the exchange rate) it is marked approximate:
 * "≈ 135,300,000 SYP". `value` is in the label's currency (whole SYP, or USD with at most two decimals).
 */
export function formatPrice(value: number, currencyLabel: string, approx = false): string {
  return `${approx ? "≈ " : ""}${formatNumber(value)} ${currencyLabel}`;
}

// Made once: building an Intl.DateTimeFormat costs far more than using one.
export { formatDate, formatDateTime } from "~/platform/i18n/dates";

/**
 * A phone number with its middle hidden for visitors (masked with dots or stars):
 * "+963944123456" → "+963 94•••••56". Keeps the country code, two digits after it and the last two.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  const match = /^(\+963|\+\d{1,3})(\d{2})(\d*)(\d{2})$/.exec(digits);
  if (!match) return "•".repeat(Math.max(6, digits.length));
  const [, cc, head, middle, tail] = match;
  return `${cc} ${head}${"•".repeat(middle.length)}${tail}`;
}

/**
 * The first `length` characters of a text (90 for article teasers), cut at a word when
 * one ends near the limit, with an ellipsis when anything was cut. Counts characters, not bytes.
 */
export function excerpt(text: string, length = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= length) return flat;
  let cut = chars.slice(0, length).join("");
  const space = cut.lastIndexOf(" ");
  if (space > length * 0.7) cut = cut.slice(0, space);
  return `${cut.replace(/[\s،,.;:]+$/u, "")}…`;
}

/** A short title for a listing: "Apartment for rent in Mezzeh" (common.json `card.titleSale` or `card.titleRent`). */
export function estateTitle(
  t: (key: string, o?: Record<string, unknown>) => string,
  e: Pick<EstateCard, "estateType" | "offerTypeId" | "location">,
) {
  return t(e.offerTypeId === 1 ? "card.titleSale" : "card.titleRent", { type: e.estateType, place: e.location });
}
