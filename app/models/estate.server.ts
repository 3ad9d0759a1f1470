import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { Locale } from "~/i18n";
import { maskPhone } from "~/utils/format";
import { areaPrices, pricePerM2, squareMetresPerUnit, type AreaPrices } from "./prices.server";
import { baseCardQuery, cardColumns, cardsOf, imagesOf, toCard, type EstateCard } from "./estate-card.server";
import { currentRate } from "./exchange-rate.server";
import { getLookups, VACATION_PERIOD_TYPE_IDS, type Lookups } from "./lookups.server";

/**
 * Which public listings a page shows (spec 2.5 and 2.7; issue 5, Rules): the rule of what is public, searches and
 * their similar results, the newest, one listing, saved ones, whom to contact, and the sitemap's ids. A row becomes
 * a card in estate-card.server.ts.
 */

/** Listings per page of results. */
export const PAGE_SIZE = 12;

export type EstateDetail = EstateCard & {
  description: string | null;
  /** A daily, weekly or seasonal rental (listed on /vacation-properties). */
  isVacation: boolean;
  locationId: number;
  estateTypeId: number;
  governorateId: number;
  office: { id: number; name: string; logo: string | null; address: string; phoneMasked: string } | null;
  updated: string;
  /** Medians of price per m² around the listing, in its currency (issue 13, prices.server.ts areaPrices). */
  areaPrices: AreaPrices;
};

/** Which public listings a page lists: all, long-term rentals, or vacation (short-stay) rentals (architecture 8). */
export type Scope = "all" | "rent" | "vacation";

/** Orders of the results (issue 13): newest first is the default. */
export const SORTS = ["newest", "price_asc", "price_desc", "price_per_m2_asc", "area_desc"] as const;
export type Sort = (typeof SORTS)[number];
export type Currency = "SYP" | "USD";

/**
 * A validated search (spec 3, Search filter, and issue 13's parameters of decision 024); every field optional here,
 * the route decides what is required. Prices are whole units of `currency` (SYP when absent); areas are the listing's
 * stored area (square metres for nearly all); `q` is words (an ad number is handled by the route before this).
 */
export type EstateFilter = {
  location_id?: number;
  governorate_id?: number;
  estate_type_id?: number;
  estate_offer_type_id?: number;
  price_domain_id?: number;
  office_id?: number;
  scope?: Scope;
  price_min?: number;
  price_max?: number;
  currency?: Currency;
  sort?: Sort;
  rooms_min?: number;
  area_min?: number;
  area_max?: number;
  floor?: number;
  furnished?: boolean;
  /** Interior status id (spec: finishing ids 1 to 6). */
  estate_finishing?: number;
  ownership_type_id?: number;
  negotiable?: boolean;
  with_photos?: boolean;
  advertiser?: "office" | "owner";
  q?: string;
};

/**
 * The words of `q` as a tsquery text for `to_tsquery('simple', search_normalize(...))`: letters and digits only (so
 * nothing the user types is tsquery syntax), at most 8 words, each a prefix (`شق` finds `شقة`), all required. Null
 * when no word is left.
 */
export function wordsQuery(q: string): string | null {
  const words = q
    .split(/[^\p{L}\p{N}\p{M}\u0640]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** SYP for one USD, as the prices of a search are compared (the back office's current rate; 1 if none was set). */
async function rateOf(db: Db): Promise<number> {
  return (await currentRate(db))?.sypPerUsd ?? 1;
}

/** A listing's price in SYP at `rate` (null when it has none): what price ranges and price sorts compare. */
function priceInSyp(rate: number): SQL {
  return sql`(case when ${s.estates.currency} = 'USD' then ${s.estates.price} * ${rate}::bigint else ${s.estates.price} end)`;
}

/**
 * The price range condition in both currencies (issue 13): an SYP listing is compared with the range in SYP, a USD one
 * with the range in USD, the other currency's bounds converted at `rate` and rounded inward, so each side is a plain
 * range on (currency, price) that the partial index estates_currency_price_idx serves.
 */
function priceRange(filter: EstateFilter, rate: number): SQL | undefined {
  if (filter.price_min === undefined && filter.price_max === undefined) return undefined;
  const inUsd = filter.currency === "USD";
  const side = (currency: Currency) => {
    const factor = (currency === "USD") === inUsd ? 1 : inUsd ? rate : 1 / rate;
    const min = filter.price_min === undefined ? undefined : Math.ceil(filter.price_min * factor - 1e-9);
    const max = filter.price_max === undefined ? undefined : Math.floor(filter.price_max * factor + 1e-9);
    return and(
      eq(s.estates.currency, currency),
      min === undefined ? undefined : gte(s.estates.price, min),
      max === undefined ? undefined : lte(s.estates.price, max),
    );
  };
  return or(side("SYP"), side("USD"));
}

/**
 * The rule of what is public (issue 5, Rules): an approved listing that is either kept by the staff (no owner
 * account) or posted by an account that is active, and whose office, if any, is active. A suspended owner's listings leave every public page at once
 * and come back when the suspension is lifted; deleted, pending and rejected listings are never public. The status
 * test stays a plain conjunct, so the partial indexes `WHERE status = 'approved'` are used.
 */
export function publicEstate(): SQL {
  return and(
    eq(s.estates.status, "approved"),
    sql`(${s.estates.user_id} is null or exists (select 1 from ${s.users} where ${s.users.id} = ${s.estates.user_id} and ${s.users.status} = 'active'))`,
    // A deactivated office leaves the site with its listings (a hashed subplan over the few offices).
    sql`(${s.estates.office_id} is null or ${s.estates.office_id} in (select ${s.offices.id} from ${s.offices} where ${s.offices.is_active}))`,
  )!;
}

/**
 * Conditions for the public listings matching `filter` (only public listings, see publicEstate); `rate` is SYP per
 * USD for price ranges.
 */
function whereOf(filter: EstateFilter, lookups: Lookups, rate = 1): SQL {
  const conditions: (SQL | undefined)[] = [publicEstate()];
  if (filter.location_id) conditions.push(eq(s.estates.location_id, filter.location_id));
  if (filter.governorate_id) {
    const gov = lookups.governorates.find((g) => g.id === filter.governorate_id);
    conditions.push(inArray(s.estates.location_id, gov?.locations.map((l) => l.id) ?? [-1]));
  }
  if (filter.estate_type_id) conditions.push(eq(s.estates.estate_type_id, filter.estate_type_id));
  if (filter.office_id) conditions.push(eq(s.estates.office_id, filter.office_id));
  const scope = filter.scope ?? "all";
  if (scope === "rent") {
    conditions.push(eq(s.estates.estate_offer_type_id, 2));
    conditions.push(or(isNull(s.estates.period_type_id), notInArray(s.estates.period_type_id, VACATION_PERIOD_TYPE_IDS)));
  } else if (scope === "vacation") {
    conditions.push(eq(s.estates.estate_offer_type_id, 2));
    conditions.push(inArray(s.estates.period_type_id, VACATION_PERIOD_TYPE_IDS));
  } else if (filter.estate_offer_type_id) {
    conditions.push(eq(s.estates.estate_offer_type_id, filter.estate_offer_type_id));
  }
  const domain = filter.price_domain_id ? lookups.byId.priceDomain.get(filter.price_domain_id) : undefined;
  if (domain && domain.id !== 1) {
    // The price ranges are SYP amounts: a price given in USD is not compared with them.
    conditions.push(eq(s.estates.currency, "SYP"));
    conditions.push(gte(s.estates.price, domain.min));
    // Upper bounds are exclusive, so a price on a boundary lies in one domain only (docs/decisions/006).
    if (domain.max !== null) conditions.push(lt(s.estates.price, domain.max));
  }
  conditions.push(priceRange(filter, rate));
  if (filter.rooms_min !== undefined) conditions.push(gte(s.estates.rooms_count, filter.rooms_min));
  if (filter.area_min !== undefined) conditions.push(gte(s.estates.area, filter.area_min));
  if (filter.area_max !== undefined) conditions.push(lte(s.estates.area, filter.area_max));
  if (filter.floor !== undefined) conditions.push(eq(s.estates.floor, filter.floor));
  if (filter.furnished) conditions.push(eq(s.estates.furnished, true));
  if (filter.negotiable) conditions.push(eq(s.estates.negotiable, true));
  if (filter.estate_finishing) conditions.push(eq(s.estates.interior_status_id, filter.estate_finishing));
  if (filter.ownership_type_id) conditions.push(eq(s.estates.ownership_type_id, filter.ownership_type_id));
  if (filter.with_photos) {
    conditions.push(sql`exists (select 1 from ${s.estate_images} where ${s.estate_images.estate_id} = ${s.estates.id})`);
  }
  if (filter.advertiser === "office") conditions.push(isNotNull(s.estates.office_id));
  if (filter.advertiser === "owner") conditions.push(isNull(s.estates.office_id));
  const words = filter.q ? wordsQuery(filter.q) : null;
  if (words) conditions.push(sql`${s.estates.search_tsv} @@ to_tsquery('simple', search_normalize(${words}))`);
  return and(...conditions)!;
}

export type SearchResult = { items: EstateCard[]; total: number; page: number; pageCount: number };

/** The ORDER BY of a sort (issue 13); prices are compared in SYP at `rate`, listings without a price last. */
function orderOf(sort: Sort | undefined, rate: number): SQL[] {
  const newest = [desc(s.estates.created_at), desc(s.estates.id)];
  switch (sort) {
    case "price_asc":
      return [sql`${priceInSyp(rate)} asc nulls last`, ...newest];
    case "price_desc":
      return [sql`${priceInSyp(rate)} desc nulls last`, ...newest];
    case "price_per_m2_asc":
      return [sql`(${priceInSyp(rate)} / nullif(${s.estates.area}, 0)) asc nulls last`, ...newest];
    case "area_desc":
      // NULLS LAST as estates_area_idx is built (drizzle's .desc()), so the index serves the order.
      return [sql`${s.estates.area} desc nulls last`, sql`${s.estates.id} desc nulls last`];
    default:
      return newest;
  }
}

/**
 * One page of public listings matching `filter`, ordered by `filter.sort` (newest first by default; spec 2.5 and 7,
 * searchEstateByregionsByestatefeatures; the first page is 1). Prices in the other currency are converted at the
 * current rate (currentRate). A page past the last one returns no items with the real `pageCount`.
 */
export async function searchEstates(db: Db, filter: EstateFilter, page: number, locale: Locale): Promise<SearchResult> {
  const lookups = await getLookups(db);
  const rate = await rateOf(db);
  const where = whereOf(filter, lookups, rate);
  const [{ n }] = await db.select({ n: count() }).from(s.estates).where(where);
  const total = Number(n);
  const pageCount = Math.ceil(total / PAGE_SIZE);
  if (total === 0 || page > pageCount) return { items: [], total, page, pageCount };
  const rows = await baseCardQuery(db)
    .where(where)
    .orderBy(...orderOf(filter.sort, rate))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items: await cardsOf(db, rows, locale), total, page, pageCount };
}

/**
 * Up to `limit` public listings close to a search (spec 2.5, similar results): the same offer type in the same
 * governorate, the same estate type first; listings in `excludeIds` are left out, and so are the exact matches of
 * `filter` unless `includeExact` (a listing page's neighbours).
 */
export async function similarEstates(
  db: Db,
  filter: EstateFilter,
  locale: Locale,
  options: { limit?: number; excludeIds?: number[]; includeExact?: boolean } = {},
): Promise<EstateCard[]> {
  const lookups = await getLookups(db);
  const limit = options.limit ?? 6;
  const governorateId = filter.location_id ? lookups.locationById.get(filter.location_id)?.governorate.id : filter.governorate_id;
  const base: EstateFilter = {
    governorate_id: governorateId,
    estate_offer_type_id: filter.estate_offer_type_id,
    scope: filter.scope,
  };
  const exclude = options.excludeIds ?? [];
  const notExcluded = exclude.length ? notInArray(s.estates.id, exclude) : undefined;
  // Under search results the exact matches are already listed; under a listing they are the closest neighbours.
  // coalesce: a listing without a price makes the price test unknown (NULL), and it is not an exact match either.
  const notExact = options.includeExact ? undefined : sql`not coalesce((${whereOf(filter, lookups, await rateOf(db))}), false)`;
  const newest = [desc(s.estates.created_at), desc(s.estates.id)];
  // Two indexed queries rather than one sort over the governorate: the same estate type first, then any other.
  const sameType = filter.estate_type_id
    ? await baseCardQuery(db)
        .where(and(whereOf({ ...base, estate_type_id: filter.estate_type_id }, lookups), notExcluded, notExact))
        .orderBy(...newest)
        .limit(limit)
    : [];
  const seen = [...exclude, ...sameType.map((r) => r.id)];
  const others =
    sameType.length < limit
      ? await baseCardQuery(db)
          .where(and(whereOf(base, lookups), seen.length ? notInArray(s.estates.id, seen) : undefined, notExact))
          .orderBy(...newest)
          .limit(limit - sameType.length)
      : [];
  return cardsOf(db, [...sameType, ...others], locale);
}

/** The newest public listings (home page), at most `limit`. */
export async function latestEstates(db: Db, locale: Locale, limit = 6): Promise<EstateCard[]> {
  const rows = await baseCardQuery(db).where(publicEstate()).orderBy(desc(s.estates.created_at), desc(s.estates.id)).limit(limit);
  return cardsOf(db, rows, locale);
}

/** One public listing with its photos and office, or null when there is none with that id (spec 2.7, /estate/{id}). */
export async function getEstate(db: Db, id: number, locale: Locale): Promise<EstateDetail | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      description_ar: s.estates.description_ar,
      description_en: s.estates.description_en,
      updated_at: s.estates.updated_at,
      office_address_ar: s.offices.address_ar,
      office_address_en: s.offices.address_en,
    })
    .from(s.estates)
    .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
    .where(and(eq(s.estates.id, id), publicEstate()));
  if (!row) return null;
  const [lookups, imagesById, rate] = await Promise.all([getLookups(db), imagesOf(db, [id]), currentRate(db)]);
  const images = imagesById.get(id) ?? [];
  const sypPerUsd = rate?.sypPerUsd ?? null;
  const card = toCard(row, images, lookups, locale, sypPerUsd);
  const prices = await areaPrices(
    db,
    lookups,
    {
      typeId: row.estate_type_id,
      offerTypeId: row.estate_offer_type_id,
      periodTypeId: row.estate_offer_type_id === 1 ? null : row.period_type_id,
      locationId: row.location_id,
      currency: row.currency,
      perM2: pricePerM2(row.price === null ? null : Number(row.price), row.area, squareMetresPerUnit(lookups, row.area_unit_id)),
    },
    sypPerUsd,
  );
  const description = locale === "en" ? (row.description_en ?? row.description_ar) : (row.description_ar ?? row.description_en);
  return {
    ...card,
    description,
    isVacation: row.period_type_id !== null && VACATION_PERIOD_TYPE_IDS.includes(row.period_type_id),
    locationId: row.location_id,
    estateTypeId: row.estate_type_id,
    governorateId: lookups.locationById.get(row.location_id)?.governorate.id ?? 0,
    updated: row.updated_at.toISOString(),
    areaPrices: prices,
    office:
      card.office && row.office_phone
        ? {
            ...card.office,
            address: (locale === "en" ? row.office_address_en : row.office_address_ar) ?? "",
            phoneMasked: maskPhone(row.office_phone),
          }
        : null,
  };
}

/** The id of the public listing whose ad number (spec: state_id) is `stateId`, or null (issue 13: find by ad number). */
export async function estateIdByAdNumber(db: Db, stateId: number): Promise<number | null> {
  if (!Number.isSafeInteger(stateId) || stateId < 1 || stateId > 2147483647) return null;
  const [row] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.state_id, stateId), publicEstate()));
  return row?.id ?? null;
}

/** Ids and last change of public listings after `afterId`, ascending, for the sitemap (at most `limit`). */
export async function publicEstateIds(db: Db, afterId: number, limit: number): Promise<{ id: number; updated: Date }[]> {
  return db
    .select({ id: s.estates.id, updated: s.estates.updated_at })
    .from(s.estates)
    .where(and(publicEstate(), sql`${s.estates.id} > ${afterId}`))
    .orderBy(asc(s.estates.id))
    .limit(limit);
}

/** The number of public listings and the highest id (sitemap chunks). */
export async function publicEstateStats(db: Db): Promise<{ total: number; maxId: number }> {
  const [row] = await db
    .select({ total: count(), maxId: sql<number>`coalesce(max(${s.estates.id}), 0)` })
    .from(s.estates)
    .where(publicEstate());
  return { total: Number(row.total), maxId: Number(row.maxId) };
}

/** Public listings with the given ids as cards, in the order of `ids` (saved properties on /profile). */
export async function estateCardsByIds(db: Db, ids: number[], locale: Locale): Promise<EstateCard[]> {
  if (!ids.length) return [];
  const rows = await baseCardQuery(db).where(and(inArray(s.estates.id, ids), publicEstate()));
  const cards = await cardsOf(db, rows, locale);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)).filter((c): c is EstateCard => c !== undefined);
}

/**
 * Whom to contact about a public listing (spec 6: logged-in users only): the listing's own number or else its
 * office's, in E.164 or as stored, the office's WhatsApp number when it has one, the office's name (null for a
 * private owner), and what a message needs to name the listing. Null when the listing is not public.
 */
export async function estateContact(
  db: Db,
  id: number,
  locale: Locale,
): Promise<{ phone: string; whatsapp: string; name: string | null; card: EstateCard } | null> {
  const [row] = await db
    .select({ ...cardColumns, office_whatsapp: s.offices.whatsapp })
    .from(s.estates)
    .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
    .where(and(eq(s.estates.id, id), publicEstate()));
  if (!row) return null;
  const phone = row.phone ?? row.office_phone;
  if (!phone) return null;
  const [card] = await cardsOf(db, [row], locale);
  // The listing's own number when it has one (as its masked number on cards), else the office's numbers.
  return { phone, whatsapp: row.phone ?? row.office_whatsapp ?? phone, name: card.office?.name ?? null, card };
}
