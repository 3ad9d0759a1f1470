import type { PlaceKind } from "./places";

/**
 * The demo market (sources and reasoning in docs/decisions/026-believable-demo-data.md): which estate
 * types are offered where, how big they are, how many rooms and which floor they have, and what they cost.
 * Prices are set in US dollars, the unit Syrian sellers and the press quote property in, and converted to Syrian
 * pounds (new pounds, since the redenomination of 1 January 2026: decision 027) at the back office's exchange rate
 * (table exchange_rates).
 *
 * Estate type ids (app/platform/db/seed/data/lookups.ts): 1 home, 2 farm, 3 land, 4 shop, 5 villa, 6 flat (apartment),
 * 7 office, 8 chalet.
 */

export const HOME = 1;
export const FARM = 2;
export const LAND = 3;
export const SHOP = 4;
export const VILLA = 5;
export const FLAT = 6;
export const OFFICE = 7;
export const CHALET = 8;

/** Sale, long rent (monthly or yearly) or vacation rent (daily, weekly or a summer season). */
export type Offer = "sale" | "rent" | "vacation";

type Weights = Partial<Record<number, number>>;

/**
 * How often each estate type is offered in each kind of place, by offer (relative weights; a missing type is never
 * offered there). The rules a Syrian would check: no farms or land in a city centre, chalets only on the coast and
 * in summer resorts, villas only in villa districts, suburbs, on the coast and in resorts, offices in cities.
 */
export const typeWeights: Record<Offer, Record<PlaceKind, Weights>> = {
  sale: {
    centre: { [FLAT]: 12, [HOME]: 1.5, [SHOP]: 3, [OFFICE]: 2 },
    villas: { [VILLA]: 6, [FLAT]: 4, [LAND]: 1, [OFFICE]: 0.5 },
    suburb: { [FLAT]: 8, [HOME]: 3, [SHOP]: 2, [LAND]: 2, [VILLA]: 1, [OFFICE]: 0.3 },
    rural: { [HOME]: 6, [FLAT]: 2.5, [LAND]: 5, [FARM]: 3, [SHOP]: 1.5 },
    coast: { [FLAT]: 6, [CHALET]: 3, [VILLA]: 2, [HOME]: 2, [LAND]: 1.5, [SHOP]: 1 },
    resort: { [VILLA]: 3, [CHALET]: 2.5, [FLAT]: 3, [HOME]: 2, [LAND]: 2, [FARM]: 2, [SHOP]: 0.5 },
  },
  rent: {
    centre: { [FLAT]: 14, [HOME]: 1, [SHOP]: 3, [OFFICE]: 3 },
    villas: { [VILLA]: 4, [FLAT]: 5, [OFFICE]: 2 },
    suburb: { [FLAT]: 10, [HOME]: 3, [SHOP]: 2, [VILLA]: 0.5 },
    rural: { [HOME]: 6, [FLAT]: 3, [SHOP]: 1, [LAND]: 1, [FARM]: 1 },
    coast: { [FLAT]: 8, [HOME]: 2, [VILLA]: 1, [SHOP]: 1 },
    resort: { [FLAT]: 3, [HOME]: 3, [VILLA]: 2 },
  },
  vacation: {
    // Furnished flats let by the day or week in the cities (visitors, families back from abroad).
    centre: { [FLAT]: 1 },
    villas: { [FLAT]: 3, [VILLA]: 2 },
    // Farms with a pool let by the day around the cities (the Ghouta, the Beirut road).
    suburb: { [FARM]: 3, [FLAT]: 1 },
    rural: { [FARM]: 3, [HOME]: 1 },
    coast: { [CHALET]: 6, [FLAT]: 3, [VILLA]: 1.5 },
    resort: { [CHALET]: 3, [VILLA]: 3, [FLAT]: 2, [HOME]: 2, [FARM]: 1 },
  },
};

/** The types offered (for sale, rent or vacation) in a kind of place. */
export function typesAllowed(kind: PlaceKind): Set<number> {
  const types = new Set<number>();
  for (const offer of ["sale", "rent", "vacation"] as const)
    for (const [type, weight] of Object.entries(typeWeights[offer][kind])) if (weight) types.add(Number(type));
  return types;
}

/** Types that have rooms (rooms_count); land, farms and shops have none. */
export const ROOMED_TYPES: ReadonlySet<number> = new Set([HOME, VILLA, FLAT, OFFICE, CHALET]);

/**
 * The number of rooms (bedrooms; for an office, rooms) that fits a built area in m², as [fewest, most]: a flat of
 * 60–90 m² has 1–2 bedrooms, 90–130 m² 2–3, 130–180 m² 3–4, 180–250 m² 4–6 (a 220 m² house has 4 to 6 rooms),
 * 250–400 m² 4–7, more 5–8. Source: the usual layouts of Syrian flats (a salon plus bedrooms) in listings.
 */
export function roomsBand(areaM2: number): [number, number] {
  if (areaM2 < 60) return [1, 1];
  if (areaM2 < 90) return [1, 2];
  if (areaM2 < 130) return [2, 3];
  if (areaM2 < 180) return [3, 4];
  if (areaM2 < 250) return [4, 6];
  if (areaM2 < 400) return [4, 7];
  return [5, 8];
}

/**
 * Sale price in USD per m² by type and kind of place, for a place of price level 1.0 (central Damascus; the
 * governorate's and the place's price factors of geography.ts multiply it, so Malki is 1.8 times this and a Hasakah
 * village a quarter). Land is split in two: `plot` is a building plot in m², `field` farmland counted by the dunam
 * (1,000 m²). Sources: docs/decisions/026-believable-demo-data.md.
 */
export const saleUsdPerM2: Record<"home" | "farm" | "plot" | "field" | "shop" | "villa" | "flat" | "office" | "chalet", Partial<Record<PlaceKind, number>>> = {
  flat: { centre: 1100, villas: 1100, suburb: 750, rural: 450, coast: 850, resort: 800 },
  home: { centre: 950, suburb: 650, rural: 350, coast: 600, resort: 650 },
  villa: { villas: 1300, suburb: 900, coast: 1100, resort: 1000 },
  chalet: { coast: 1100, resort: 900 },
  office: { centre: 1300, villas: 1200, suburb: 800 },
  shop: { centre: 2600, suburb: 1500, rural: 700, coast: 1500, resort: 1200 },
  plot: { villas: 600, suburb: 250, rural: 60, coast: 180, resort: 120 },
  field: { rural: 12, resort: 30, coast: 30 },
  farm: { rural: 20, suburb: 40, resort: 40 },
};

/** Price multipliers of the finishing (interior_status_id 1 to 6): a shell or a bare frame sells for less. */
export const finishFactor: Record<number, number> = { 1: 0.75, 2: 0.95, 3: 1.05, 4: 1.25, 5: 0.85, 6: 0.7 };

/**
 * Long rent a month as a share of the sale value: 0.35% for homes (a gross yield near 4% a year, as reported for
 * Damascus in 2024–2025), 0.5% for shops and offices; farmland and farms are let by the year at about 5% of their value.
 * Furnished homes let for about 30% more. Yearly rent is eleven months' rent paid ahead.
 */
export const monthlyRentShare = { home: 0.0035, business: 0.005, landPerYear: 0.05, furnished: 1.3, yearMonths: 11 };

/**
 * Vacation rent in USD a night by type, for a place of price level 1.0 and a typical size (flat 100 m², chalet
 * 90 m², villa 350 m², house 120 m², farm 3 dunams); the square root of the place's price factor and of the size
 * ratio scales it. A week costs six nights, a summer season (June to September) sixty.
 */
export const nightlyUsd: Record<number, { usd: number; typicalM2: number }> = {
  [FLAT]: { usd: 40, typicalM2: 100 },
  [CHALET]: { usd: 80, typicalM2: 90 },
  [VILLA]: { usd: 160, typicalM2: 350 },
  [HOME]: { usd: 45, typicalM2: 120 },
  [FARM]: { usd: 110, typicalM2: 3000 },
};

/** The lowest long rent a month and vacation rent a night, in USD (a room in a village, a night in a small flat). */
export const floorUsd = { month: 40, night: 20 };

/**
 * Rounds a price in (new) SYP as people quote it: to two and a half significant digits (17,160,000 → 17,000,000;
 * 1,563,000 → 1,550,000; 69,400 → 70,000; 4,370 → 4,500), at least to 500.
 */
export function roundSyp(value: number): number {
  const step = Math.max(500, 10 ** (Math.floor(Math.log10(value)) - 1) / 2);
  return Math.max(step, Math.round(value / step) * step);
}

/** Rounds a price in USD as people quote it: to 1,000 dollars (500 under 20,000, at least 500). */
export function roundUsd(value: number): number {
  const step = value < 20_000 ? 500 : 1000;
  return Math.max(step, Math.round(value / step) * step);
}
