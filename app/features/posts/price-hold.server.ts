import type { Db } from "~/platform/db/client.server";
import type { HeldReason } from "~/platform/db/schema";
import { currentRate } from "~/features/listings/exchange-rate.server";
import { comparableMedianSyp, squareMetresPerUnit } from "~/features/listings/prices.server";
import { getLookups, MONTHLY_FACTOR, PER_M2_PERIOD_TYPE_IDS, RENT_OFFER_TYPE_ID } from "~/features/places/lookups.server";

/**
 * Prices too good to be true (docs/decisions/100-prices-held-owners-listings-reports-that-act.md): a post whose price
 * per m² is far from its area's median, or a rent that reads as a sale price, is held for a person with its reason
 * (estates.held_reason), which the moderator reads in the queue and on the review. The owner sees "under review" as
 * for any post; nothing is published without the moderator's decision.
 */

/** Below this share of its area's median price per m² a price is held (`price_low`). */
export const PRICE_HOLD_LOW = 0.4;
/** Above this multiple of its area's median price per m² a price is held (`price_high`). */
export const PRICE_HOLD_HIGH = 4;
/**
 * A rent whose month costs at least this share of what the property would sell for (its area in m² times the area's
 * median sale price per m² of its type) reads as a sale price (`rent_as_sale`): a Syrian home lets for well under 1%
 * of its value a month, so a tenth is a sale price typed in the rent's form.
 */
export const RENT_AS_SALE_SHARE = 0.1;

/** The fields of a version of a listing that its price is judged on (a listing row or a pending edit with its listing's place and type). */
export type PricedVersion = {
  /** Whole units of `currency`; null is "price on request", never held. */
  price: number | null;
  currency: string;
  estate_offer_type_id: number;
  estate_type_id: number;
  location_id: number;
  /** A rent's period (period_types id); null counts as monthly. */
  period_type_id: number | null;
  /** In units of `area_unit_id` (1 m², 2 dunam). */
  area: number;
  area_unit_id: number;
};

/**
 * Why `version`'s price holds it for a person, or null: `rent_as_sale` when a rent's month (MONTHLY_FACTOR) is at
 * least RENT_AS_SALE_SHARE of the property's value at its area's median sale price per m²; else `price_low` or
 * `price_high` when its price per m² (a rent's per month, monthly and yearly rents only: decision 057) is below
 * PRICE_HOLD_LOW or above PRICE_HOLD_HIGH times the median of comparable public listings (comparableMedianSyp: its
 * place's, else its governorate's). USD prices are compared in SYP at the rate in force (currentRate); without a rate,
 * a price, a known area or a median, nothing is held. Database errors propagate.
 */
export async function priceHoldReason(db: Db, version: PricedVersion): Promise<HeldReason | null> {
  if (version.price === null || !(version.price > 0) || !(version.area > 0)) return null;
  const lookups = await getLookups(db);
  const m2PerUnit = squareMetresPerUnit(lookups, version.area_unit_id);
  if (m2PerUnit === null) return null;
  const rate = (await currentRate(db))?.sypPerUsd ?? null;
  if (version.currency === "USD" && !rate) return null;
  const inSyp = (amount: number) => (version.currency === "USD" ? amount * rate! : amount);
  const areaM2 = version.area * m2PerUnit;
  const median = (offerTypeId: number) =>
    comparableMedianSyp(db, lookups, { typeId: version.estate_type_id, offerTypeId }, version.location_id, rate);
  let perM2: number;
  if (version.estate_offer_type_id === RENT_OFFER_TYPE_ID) {
    const period = version.period_type_id ?? 3;
    const monthlyPerM2 = inSyp(version.price * (MONTHLY_FACTOR[period] ?? 1)) / areaM2;
    const saleMedian = await median(1);
    if (saleMedian !== null && monthlyPerM2 >= RENT_AS_SALE_SHARE * saleMedian) return "rent_as_sale";
    if (!PER_M2_PERIOD_TYPE_IDS.includes(period)) return null;
    perM2 = monthlyPerM2;
  } else {
    perM2 = inSyp(version.price) / areaM2;
  }
  const own = await median(version.estate_offer_type_id);
  if (own === null) return null;
  if (perM2 < PRICE_HOLD_LOW * own) return "price_low";
  if (perM2 > PRICE_HOLD_HIGH * own) return "price_high";
  return null;
}
