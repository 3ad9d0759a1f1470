import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { formatPrice } from "~/features/listings/format";
import { publicEstate } from "./public-estate.server";
import { MONTHLY_FACTOR, PER_M2_PERIOD_TYPE_IDS, RENT_OFFER_TYPE_ID, type Lookups } from "~/features/places/lookups.server";

/**
 * Prices people use (docs/decisions/025-prices-and-medians.md): a listing's price in the other currency at
 * the back office's exchange rate, its price per square metre, and the median price per m² of comparable listings.
 * Currencies are "SYP" (whole Syrian pounds) and "USD" (US dollars); the rate is whole SYP for 1 USD.
 */

/** Square metres in a dunam, the unit land and farms are sold by (what a search's "5 دونم" reads, decision 084). */
export const DUNAM_M2 = 1000;

/** Square metres in one unit of area_units, by the unit's English name: m², and the dunam (1,000 m²). */
const SQUARE_METRES: Record<string, number> = { "m²": 1, dunam: DUNAM_M2 };

/**
 * Square metres in one unit `unitId` of area_units (1 for m², 1,000 for a dunam), or null for a unit without a
 * known size, whose listings get no price per m² and stay out of the medians.
 */
export function squareMetresPerUnit(lookups: Lookups, unitId: number): number | null {
  const unit = lookups.byId.areaUnit.get(unitId);
  return unit ? (SQUARE_METRES[unit.name_en] ?? null) : null;
}

/**
 * `value` of `currency` in the other currency at `sypPerUsd`: USD → SYP multiplied (exact, whole pounds), SYP →
 * USD divided; to three significant figures (threeFigures). Null without a rate. The
 * converted price is shown marked as approximate.
 */
export function otherCurrency(value: number, currency: string, sypPerUsd: number | null): number | null {
  if (!sypPerUsd) return null;
  return threeFigures(currency === "USD" ? value * sypPerUsd : value / sypPerUsd);
}

/**
 * A whole number kept to three significant figures (12,345 → 12,300; 135,300,000 → 135,000,000): what a converted
 * or per-m² amount is worth (they are approximate), and shorter pages (the search results' HTML budget).
 */
export function threeFigures(value: number): number {
  if (!(Math.abs(value) >= 1000)) return Math.round(value);
  const step = 10 ** (Math.floor(Math.log10(Math.abs(value))) - 2);
  return Math.round(value / step) * step;
}

/**
 * A price per m² in the listing's own currency: `price` over the area in m² (`area` × the unit's m²), a whole
 * amount to three significant figures (threeFigures). Null when the price or the area is missing or not positive, or the unit has no known size.
 */
export function pricePerM2(price: number | null, area: number, m2PerUnit: number | null): number | null {
  if (price === null || !(price > 0) || !(area > 0) || m2PerUnit === null) return null;
  return threeFigures(price / (area * m2PerUnit));
}

/**
 * A listing's own price per m² as cards and its page show it (decision 057), in its currency (pricePerM2): a sale's
 * price over its area; a monthly or yearly rent's price per month (MONTHLY_FACTOR: a year ÷ 12) over its area, with
 * `perMonth` true; null for a nightly, weekly or seasonal rent (PER_M2_PERIOD_TYPE_IDS), and as pricePerM2 says.
 */
export function listingPricePerM2(
  lookups: Lookups,
  row: { price: number | null; estate_offer_type_id: number; period_type_id: number | null; area: number; area_unit_id: number },
): { perM2: number | null; perMonth: boolean } {
  const m2 = squareMetresPerUnit(lookups, row.area_unit_id);
  if (row.estate_offer_type_id !== RENT_OFFER_TYPE_ID) return { perM2: pricePerM2(row.price, row.area, m2), perMonth: false };
  if (row.period_type_id === null || !PER_M2_PERIOD_TYPE_IDS.includes(row.period_type_id)) return { perM2: null, perMonth: true };
  const monthly = row.price === null ? null : row.price * MONTHLY_FACTOR[row.period_type_id];
  return { perM2: pricePerM2(monthly, row.area, m2), perMonth: true };
}

/** The median of an area: price per m² (in the listing's currency, rounded as pricePerM2) and how many listings. */
export type AreaMedian = { perM2: number; count: number };

/**
 * What a listing page shows about its area: the listing's own price per m² (its currency; null without
 * one) and the medians of its place and of its governorate, null below the threshold.
 */
export type AreaPrices = {
  perM2: number | null;
  location: AreaMedian | null;
  governorate: AreaMedian | null;
  /** A rent's: its price and the medians are per m² per month (decision 057). */
  perMonth: boolean;
};

/** A median resting on fewer listings than this is not shown. */
export const MEDIAN_MIN_LISTINGS = 5;

/** Medians kept in the process per database handle; key: type, offer, period, place, rate. */
const medianCache = new WeakMap<Db, LRUCache<string, { median: number; count: number }>>();
/** How long a median is kept (ms): the cached pages of visitors live a minute too (decision 013). */
export const MEDIAN_TTL_MS = 60_000;

/** Drops every kept median of `db` (tests, and after a change that must show at once). */
export function forgetMedians(db: Db): void {
  medianCache.get(db)?.clear();
}

/**
 * Median price per m² in SYP and count of the public listings (publicEstate: approved, active owner and office) of
 * one estate type and offer type in `locationIds`, with a price and an area in m² or dunams: the stored
 * `price_per_m2_syp` (decision 027; USD prices at the rate in force, `sypPerUsd` only keys the cache). Rents are the
 * monthly and yearly ones (PER_M2_PERIOD_TYPE_IDS), whose stored price per m² is per month (decision 057): like with
 * like. One aggregate with percentile_cont(0.5), which the partial index estates_search_idx (offer,
 * type, location) serves.
 */
async function medianOf(
  db: Db,
  key: { typeId: number; offerTypeId: number },
  locationIds: number[],
  sypPerUsd: number | null,
): Promise<{ median: number; count: number }> {
  const cacheKey = `${key.typeId}:${key.offerTypeId}:${locationIds.join(",")}:${sypPerUsd}`;
  let cache = medianCache.get(db);
  const hit = cache?.get(cacheKey);
  if (hit) return hit;
  const [row] = await db
    .select({
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${s.estates.price_per_m2_syp})`,
      count: sql<number>`count(*)::int`,
    })
    .from(s.estates)
    .where(
      and(
        eq(s.estates.estate_offer_type_id, key.offerTypeId),
        eq(s.estates.estate_type_id, key.typeId),
        locationIds.length === 1 ? eq(s.estates.location_id, locationIds[0]) : inArray(s.estates.location_id, locationIds),
        publicEstate(),
        isNotNull(s.estates.price_per_m2_syp),
        key.offerTypeId === RENT_OFFER_TYPE_ID ? inArray(s.estates.period_type_id, PER_M2_PERIOD_TYPE_IDS) : undefined,
      ),
    );
  const result = {
    median: row?.median === null || row?.median === undefined ? 0 : Number(row.median),
    count: Number(row?.count ?? 0),
  };
  if (!cache) {
    cache = new LRUCache({ max: 5000, ttl: MEDIAN_TTL_MS });
    medianCache.set(db, cache);
  }
  cache.set(cacheKey, result);
  return result;
}

/**
 * The median price per m² in SYP of the public listings comparable with one in `locationId` (medianOf: same estate
 * type and offer type, a rent's per month among monthly and yearly rents): its place's when at least
 * MEDIAN_MIN_LISTINGS listings rest under it, else its governorate's, else null. What a held price is measured against
 * (app/features/posts/price-hold.server.ts, decision 100); `sypPerUsd` keys the cache as for the listing page.
 */
export async function comparableMedianSyp(
  db: Db,
  lookups: Lookups,
  key: { typeId: number; offerTypeId: number },
  locationId: number,
  sypPerUsd: number | null,
): Promise<number | null> {
  const usable = (m: { median: number; count: number }) => (m.count >= MEDIAN_MIN_LISTINGS && m.median > 0 ? m.median : null);
  const own = usable(await medianOf(db, key, [locationId], sypPerUsd));
  if (own !== null) return own;
  const inGovernorate = governoratePlaceIds(lookups, locationId);
  return inGovernorate ? usable(await medianOf(db, key, inGovernorate, sypPerUsd)) : null;
}

/** The ids of every place of the governorate that `locationId` lies in, or null for an unknown place. */
function governoratePlaceIds(lookups: Lookups, locationId: number): number[] | null {
  const governorate = lookups.locationById.get(locationId)?.governorate.id;
  const gov = lookups.governorates.find((g) => g.id === governorate);
  return gov ? gov.locations.map((l) => l.id) : null;
}

/**
 * The medians a listing page shows: price per m² of public listings of the same estate type and offer
 * type, in the listing's place and in its governorate, in the listing's currency (`currency`; computed in SYP, a USD
 * listing's median divided by the rate), each with its count; null where fewer than MEDIAN_MIN_LISTINGS listings (or
 * none with a price per m²) rest under it. The listing itself counts. A rent's are per month, among monthly and
 * yearly rents; a nightly, weekly or seasonal rent (`periodTypeId` not in PER_M2_PERIOD_TYPE_IDS) gets none
 * (decision 057). Database errors propagate.
 */
export async function areaPrices(
  db: Db,
  lookups: Lookups,
  estate: {
    typeId: number;
    offerTypeId: number;
    periodTypeId: number | null;
    locationId: number;
    currency: string;
    perM2: number | null;
  },
  sypPerUsd: number | null,
): Promise<AreaPrices> {
  const perMonth = estate.offerTypeId === RENT_OFFER_TYPE_ID;
  if (perMonth && (estate.periodTypeId === null || !PER_M2_PERIOD_TYPE_IDS.includes(estate.periodTypeId)))
    return { perM2: null, location: null, governorate: null, perMonth };
  const key = { typeId: estate.typeId, offerTypeId: estate.offerTypeId };
  const governorateIds = governoratePlaceIds(lookups, estate.locationId);
  const [location, inGovernorate] = await Promise.all([
    medianOf(db, key, [estate.locationId], sypPerUsd),
    governorateIds ? medianOf(db, key, governorateIds, sypPerUsd) : null,
  ]);
  const shown = (m: { median: number; count: number } | null): AreaMedian | null => {
    if (!m || m.count < MEDIAN_MIN_LISTINGS || !(m.median > 0)) return null;
    if (estate.currency === "USD") {
      if (!sypPerUsd) return null;
      return { perM2: Math.round((m.median / sypPerUsd) * 100) / 100, count: m.count };
    }
    return { perM2: Math.round(m.median), count: m.count };
  };
  return { perM2: estate.perM2, location: shown(location), governorate: shown(inGovernorate), perMonth };
}

/**
 * Where a price per m² stands against a median, in whole percent: negative below, positive above, 0 within half a
 * percent. Both in the same currency. Example: 88 against 100 → -12 ("12% below the area's median").
 */
export function standing(perM2: number, median: number): number {
  const pct = Math.round(((perM2 - median) / median) * 100);
  return pct === 0 ? 0 : pct;
}

/** One line of a listing page's area prices: the median, what it rests on, and where the listing stands (or null). */
export type MedianLine = { median: string; basis: string; standing: string | null };

/**
 * The lines of a listing page's area prices, place first then governorate, written on the server so the
 * page's JavaScript needs no formatting of its own: `t` the page's translator, `names` the place's and governorate's
 * names, `currencyLabel` the listing's currency as the cards write it. A median that is not shown (fewer than
 * MEDIAN_MIN_LISTINGS listings) gives no line.
 */
export function medianLines(
  t: (key: string, options?: Record<string, unknown>) => string,
  prices: AreaPrices,
  names: { location: string; governorate: string },
  currencyLabel: string,
): MedianLine[] {
  const line = (place: string, median: AreaMedian | null): MedianLine | null => {
    if (!median) return null;
    const pct = prices.perM2 === null ? null : standing(prices.perM2, median.perM2);
    return {
      median: t(prices.perMonth ? "estate.prices.medianMonth" : "estate.prices.median", {
        place,
        price: formatPrice(median.perM2, currencyLabel),
      }),
      basis: t("estate.prices.basis", { count: median.count }),
      standing:
        pct === null
          ? null
          : pct === 0
            ? t("estate.prices.at")
            : t(pct < 0 ? "estate.prices.below" : "estate.prices.above", { pct: Math.abs(pct) }),
    };
  };
  return [line(names.location, prices.location), line(names.governorate, prices.governorate)].filter((l) => l !== null);
}
