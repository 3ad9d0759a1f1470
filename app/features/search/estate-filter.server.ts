import { MAX_DB_ID, toDbId } from "~/platform/forms/id";
import { SCOPE_PARAM } from "~/features/search/search-scope";
import { message } from "~/platform/forms/message";
import { INVALID, requestedPageOf, toAmount, type QueryErrors } from "~/platform/forms/queries";
import { filterQuery, parseFilterQuery, type FilterParam } from "~/features/search/search-query";
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Sort } from "~/features/search/search-query";
import { publicEstate } from "~/features/listings/public-estate.server";
import { keptCurrentRate } from "~/features/listings/exchange-rate.server";
import { squareMetresPerUnit } from "~/features/listings/prices.server";
import { MONTHLY_FACTOR, RENT_OFFER_TYPE_ID, VACATION_PERIOD_TYPE_IDS, type Lookups } from "~/features/places/lookups.server";
import { wordsQuery } from "./search-words.server";
import { ownersAliasRead } from "./owners-alias";

export type { FilterParam } from "~/features/search/search-query";

/** Which public listings a page lists: all, long-term rentals, or vacation (short-stay) rentals. */
export type Scope = "all" | "rent" | "vacation";

export type Currency = "SYP" | "USD";

/**
 * A validated search (the simple filter and the optional parameters of decision 024); every field optional here,
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
  /** Only listings with a swimming pool (the listing's swimming_pool; decision 071). */
  swimming_pool?: boolean;
  /** Interior status id (finishing ids 1 to 6). */
  estate_finishing?: number;
  ownership_type_id?: number;
  /** A rent's period (period_types id; decision 057): rent and vacation searches. */
  period_type_id?: number;
  negotiable?: boolean;
  with_photos?: boolean;
  /** "office": only offices' listings (decision 024). Owners are estate_ownership (decision 103). */
  advertiser?: "office";
  /** 1: only listings posted by their owners (estate_ownership 1) and never an office's (decision 100). */
  estate_ownership?: 1;
  /** At least this many hours of grid electricity a day (the listing's electricity_hours; decision 093). */
  electricity_min?: number;
  /** Only listings that say they have solar panels. */
  solar?: boolean;
  /** Only listings that say they have an elevator. */
  elevator?: boolean;
  /** Only listings with a generator subscription (generator_amperes above 0). */
  generator?: boolean;
  /** Only listings that say they have parking. */
  parking?: boolean;
  /** Rents whose months paid upfront are at most this (upfront_months; a listing that does not say is left out). */
  upfront_max?: number;
  q?: string;
  /** Only listings published after this moment (the link of a saved search's alert). */
  since?: Date;
};

/** SYP for one USD, as the prices of a search are compared (the back office's current rate; 1 if none was set). */
export async function rateOf(db: Db): Promise<number> {
  return (await keptCurrentRate(db))?.sypPerUsd ?? 1;
}

/** The largest value of a PostgreSQL bigint, the type of estates.price_syp: no stored price is above it. */
const BIGINT_MAX = 2n ** 63n - 1n;

/**
 * The price range condition in both currencies (decision 027): the range, in `filter.currency` (SYP when
 * absent), is compared with each listing's stored SYP price (`price_syp`, a USD price at the rate in force), the USD
 * bounds converted at `rate` and rounded outward to whole pounds. `column` is the stored price compared: price_syp,
 * the price as the listing states it, or for a search of sales only price_sort_syp, which is the same for a sale and
 * keys the price indexes (decision 057), so they serve the range.
 *
 * The bounds are multiplied in BigInt and compared with BIGINT_MAX before they reach SQL (decision 048): the filter
 * takes amounts up to 10^15 and the back office rates up to 10^7 (RATE_MAX), so a USD bound can be 10^22 pounds,
 * beyond both a bigint (about 9.2 × 10^18, where PostgreSQL would fail) and a float's whole numbers (2^53). A
 * minimum above BIGINT_MAX matches nothing; a maximum above it bounds nothing but still leaves out listings without
 * a price, as any maximum does.
 */
function priceRange(
  filter: EstateFilter,
  rate: number,
  column: AnyPgColumn,
  scaled?: { min: number; max: number },
): SQL | undefined {
  if (filter.price_min === undefined && filter.price_max === undefined) return undefined;
  const factor = BigInt(filter.currency === "USD" ? rate : 1);
  let min = filter.price_min === undefined ? undefined : BigInt(Math.floor(filter.price_min)) * factor;
  let max = filter.price_max === undefined ? undefined : BigInt(Math.ceil(filter.price_max)) * factor;
  // Bounds on a stated price scaled to a month's (priceSortRange): widened past a float's error, and a minimum kept
  // within a bigint, where PostgreSQL caps a month's price (migration 0022's price_per_month).
  if (scaled && min !== undefined) min = BigInt(Math.floor(Number(min) * scaled.min * (1 - 1e-9)));
  if (scaled && max !== undefined) max = BigInt(Math.ceil(Number(max) * scaled.max * (1 + 1e-9)));
  if (scaled && min !== undefined && min > BIGINT_MAX) min = BIGINT_MAX;
  if (min !== undefined && min > BIGINT_MAX) return sql`false`;
  const bound = (n: bigint) => sql`${(n > BIGINT_MAX ? BIGINT_MAX : n).toString()}::bigint`;
  return and(min === undefined ? undefined : gte(column, bound(min)), max === undefined ? undefined : lte(column, bound(max)));
}

/**
 * What a rent's month costs for each unit of its stated price, for the periods a rent search of `filter` can find
 * (MONTHLY_FACTOR, decision 057): its period's only, or the long-term periods' (with 1 for a rent without a period,
 * which counts as monthly) on the rent page, the holiday periods' on the holiday page, every one otherwise.
 */
function rentFactors(filter: EstateFilter): number[] {
  if (filter.period_type_id) return [MONTHLY_FACTOR[filter.period_type_id] ?? 1];
  const scope = filter.scope ?? "all";
  const periods = Object.keys(MONTHLY_FACTOR)
    .map(Number)
    .filter((id) => scope === "all" || VACATION_PERIOD_TYPE_IDS.includes(id) === (scope === "vacation"));
  return [...periods.map((id) => MONTHLY_FACTOR[id]), ...(scope === "vacation" ? [] : [1])];
}

/**
 * The price range of `filter` (on the price as stated, priceRange) as bounds on price_sort_syp, the key of the price
 * orders (decision 057), that every listing of the offer type `offerTypeId` within the range meets: a sale's
 * price_sort_syp is its price_syp; a rent's is its price a month, the stated price × its period's MONTHLY_FACTOR
 * (rentFactors), so the bounds are those of the smallest and the largest factor, a little wider for rounding. Added
 * to the range (the same matches), they let a walk of a price order start and end at the range instead of passing
 * over the listings outside it (decision 072's walk per offer type, a rent search by price). Undefined without a
 * price range.
 */
export function priceSortRange(filter: EstateFilter, rate: number, offerTypeId: number): SQL | undefined {
  if (offerTypeId !== RENT_OFFER_TYPE_ID) return priceRange(filter, rate, s.estates.price_sort_syp);
  const factors = rentFactors(filter);
  return priceRange(filter, rate, s.estates.price_sort_syp, { min: Math.min(...factors), max: Math.max(...factors) });
}

/**
 * The area range of `filter` (`area_min`, `area_max`: square metres) over each listing's area as stored, in its own
 * unit (`area_unit_id`; a dunam is 1,000 m², squareMetresPerUnit, decision 084): per unit, the bounds divided by the
 * unit's size, so "over 1,000 m²" finds a farm of 2 dunams and "5 دونم" a plot of 5,000 m². A listing in a unit of no
 * known size matches no area range. The loosest of the units' bounds are repeated on `area` alone, so that an index
 * keyed on the area still reads their range only.
 */
function areaRange(filter: EstateFilter, lookups: Lookups): SQL | undefined {
  const { area_min: min, area_max: max } = filter;
  if (min === undefined && max === undefined) return undefined;
  const units = lookups.areaUnits.flatMap((unit) => {
    const m2 = squareMetresPerUnit(lookups, unit.id);
    return m2 === null ? [] : [{ id: unit.id, m2 }];
  });
  if (!units.length) return sql`false`;
  const within = (smallest: number, largest: number) =>
    and(
      min === undefined ? undefined : gte(s.estates.area, min / largest),
      max === undefined ? undefined : lte(s.estates.area, max / smallest),
    );
  const sizes = units.map((u) => u.m2);
  return and(
    within(Math.min(...sizes), Math.max(...sizes)),
    or(...units.map((u) => and(eq(s.estates.area_unit_id, u.id), within(u.m2, u.m2)))),
  );
}

/**
 * Conditions for the public listings matching `filter` (only public listings, see publicEstate); `rate` is SYP per
 * USD for price ranges.
 */
export function whereOf(filter: EstateFilter, lookups: Lookups, rate = 1): SQL {
  const conditions: (SQL | undefined)[] = [publicEstate()];
  // One property, one card (decision 099): a published duplicate is shown by its group's cheapest listing only, so a
  // group counts once; tested inside every search index (migration 0044's INCLUDE). An office's page lists all of its own.
  if (!filter.office_id) conditions.push(isNull(s.estates.duplicate_of));
  if (filter.location_id) conditions.push(eq(s.estates.location_id, filter.location_id));
  // The stored governorate (migration 0015, decision 031), which leads the governorate indexes.
  if (filter.governorate_id) conditions.push(eq(s.estates.governorate_id, filter.governorate_id));
  // A place with any type (or any offer type): every value named, which selects the same listings (both columns are
  // required references to those lists), so the place indexes, led by (offer type, type), read only the place's
  // ranges instead of every entry before the place (decision 031).
  const place = filter.location_id || filter.governorate_id;
  if (place && !filter.estate_type_id) {
    conditions.push(
      inArray(
        s.estates.estate_type_id,
        lookups.estateTypes.map((t) => t.id),
      ),
    );
  }
  if (place && !filter.estate_offer_type_id && (filter.scope ?? "all") === "all") {
    conditions.push(
      inArray(
        s.estates.estate_offer_type_id,
        lookups.offerTypes.map((t) => t.id),
      ),
    );
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
  if (filter.period_type_id) conditions.push(eq(s.estates.period_type_id, filter.period_type_id));
  // Ranges compare the price as stated (a rent's "250 US$ / night" is 250); for sales only, price_sort_syp is that
  // same price and keys the price indexes (decision 057).
  const salesOnly = scope === "all" && filter.estate_offer_type_id === 1;
  const price = salesOnly ? s.estates.price_sort_syp : s.estates.price_syp;
  const domain = filter.price_domain_id ? lookups.byId.priceDomain.get(filter.price_domain_id) : undefined;
  if (domain && domain.id !== 1) {
    // The price ranges are SYP amounts: a USD price is compared at the rate in force (price_syp, decision 027).
    conditions.push(gte(price, domain.min));
    // Upper bounds are exclusive, so a price on a boundary lies in one domain only (docs/decisions/006).
    if (domain.max !== null) conditions.push(lt(price, domain.max));
  }
  conditions.push(priceRange(filter, rate, price));
  // A rent search's range also bounds the month's price, the key of its price orders (the same matches).
  const rentsOnly = scope !== "all" || filter.estate_offer_type_id === RENT_OFFER_TYPE_ID;
  if (rentsOnly) conditions.push(priceSortRange(filter, rate, RENT_OFFER_TYPE_ID));
  if (filter.rooms_min !== undefined) conditions.push(gte(s.estates.rooms_count, filter.rooms_min));
  conditions.push(areaRange(filter, lookups));
  if (filter.floor !== undefined) conditions.push(eq(s.estates.floor, filter.floor));
  if (filter.furnished) conditions.push(eq(s.estates.furnished, true));
  if (filter.swimming_pool) conditions.push(eq(s.estates.swimming_pool, true));
  if (filter.negotiable) conditions.push(eq(s.estates.negotiable, true));
  if (filter.estate_finishing) conditions.push(eq(s.estates.interior_status_id, filter.estate_finishing));
  if (filter.ownership_type_id) conditions.push(eq(s.estates.ownership_type_id, filter.ownership_type_id));
  if (filter.with_photos) {
    conditions.push(sql`exists (select 1 from ${s.estate_images} where ${s.estate_images.estate_id} = ${s.estates.id})`);
  }
  if (filter.since) conditions.push(gt(s.estates.published_at, filter.since));
  if (filter.advertiser === "office") conditions.push(isNotNull(s.estates.office_id));
  // Both columns are in every search index's INCLUDE (migration 0045), so a walk or a count tests them in the index.
  if (filter.estate_ownership === 1) conditions.push(eq(s.estates.estate_ownership, 1), isNull(s.estates.office_id));
  // The facts (decision 093): a listing that does not say (null) never matches a fact asked for.
  if (filter.electricity_min !== undefined) conditions.push(gte(s.estates.electricity_hours, filter.electricity_min));
  if (filter.solar) conditions.push(eq(s.estates.solar, true));
  if (filter.elevator) conditions.push(eq(s.estates.elevator, true));
  if (filter.generator) conditions.push(gt(s.estates.generator_amperes, 0));
  if (filter.parking) conditions.push(eq(s.estates.parking, true));
  if (filter.upfront_max !== undefined) conditions.push(lte(s.estates.upfront_months, filter.upfront_max));
  const words = filter.q ? wordsQuery(filter.q) : null;
  if (words) conditions.push(sql`${s.estates.search_tsv} @@ to_tsquery('simple', ${words})`);
  return and(...conditions)!;
}

/** The simple filter's fields, required on /estates (decision 006). */
const FIELDS = ["location_id", "estate_type_id", "estate_offer_type_id", "price_domain_id"] as const;
/**
 * Every parameter the filter reads, in the order of the form (the chips and the page's canonical links): the keys of
 * its schema, app/features/search/search-query.ts's filterQuery (the simple filter's four, then decision 024's optional ones; all GET, so
 * every search is a link).
 */
export const FILTER_PARAMS = Object.keys(filterQuery.shape) as readonly FilterParam[];
/** Every query parameter parseEstateFilter reads: the filter's and `page` (a search page's `queryParams`, decision 045). */
export const SEARCH_QUERY_PARAMS = [...FILTER_PARAMS, "page"] as const;

/** What /save-search reads: a search's parameters and the results page it came from (`scope`, search-scope.ts). */
export const SAVE_SEARCH_QUERY_PARAMS = [...SEARCH_QUERY_PARAMS, SCOPE_PARAM] as const;

/**
 * The filter fields of a search page worth a search engine's visit (decision 077): what a listing is (offer type, type,
 * period of a rent) and where (a place or a governorate), the bounded set of pages the home page, the place links and
 * the sitemap lead to. Any other field with a value (words, prices, areas, rooms, sort, features, dates…) makes one of
 * endless combinations: such a page says `noindex, follow` (it stays public and cached) and robots.txt keeps crawlers
 * off the words and the sort.
 */
export const LANDING_FILTER_PARAMS: ReadonlySet<FilterParam> = new Set([
  "estate_offer_type_id",
  "estate_type_id",
  "period_type_id",
  "location_id",
  "governorate_id",
  "is_simple",
]);

/**
 * The values a filter field has when it is not sent (prices in SYP, the newest first): the results form sends them,
 * and a field at its default names nothing (a search page's canonical address and isLandingSearch leave it out).
 */
export const FILTER_DEFAULTS: Readonly<Partial<Record<FilterParam, string>>> = { currency: "SYP", sort: "newest" };

/**
 * Whether a search's values (as typed) name only LANDING_FILTER_PARAMS (a field empty or at its FILTER_DEFAULTS value
 * names nothing): a page for search engines to index.
 */
export function isLandingSearch(values: Partial<Record<FilterParam, string>>): boolean {
  return Object.entries(values).every(
    ([name, value]) => !value || value === FILTER_DEFAULTS[name as FilterParam] || LANDING_FILTER_PARAMS.has(name as FilterParam),
  );
}

/** The filter's fields as typed, kept to fill the form again (decision 024). */
export type FilterValues = Record<FilterParam, string>;
/**
 * Per field, its Messages (the shape of a form's errors, app/platform/forms/queries.ts), keys under search.errors: "required"
 * (empty), "invalid" (not a value of its list, or sent more than once), "number" (not a number in range), "range" (a
 * minimum above its maximum).
 */
export type FilterErrors = QueryErrors<FilterParam>;

export type ParsedFilter = {
  values: FilterValues;
  errors: FilterErrors;
  filter: EstateFilter;
  /** The requested page (1 when absent or empty), or null when `page` is not a page number (app/platform/forms/queries.ts). */
  page: number | null;
  /** Whether any filter field was sent at all (an empty /estates shows the form without errors). */
  submitted: boolean;
};

/** The id fields of the filter and the lookup list each must be in (a rent's period too, decision 057). */
const KNOWN: Record<
  (typeof FIELDS)[number] | "governorate_id" | "ownership_type_id" | "estate_finishing" | "period_type_id",
  (lookups: Lookups, id: number) => boolean
> = {
  location_id: (lookups, id) => lookups.locationById.has(id),
  estate_type_id: (lookups, id) => lookups.byId.estateType.has(id),
  estate_offer_type_id: (lookups, id) => lookups.byId.offerType.has(id),
  price_domain_id: (lookups, id) => lookups.byId.priceDomain.has(id),
  governorate_id: (lookups, id) => lookups.governorates.some((g) => g.id === id),
  ownership_type_id: (lookups, id) => lookups.byId.ownershipType.has(id),
  estate_finishing: (lookups, id) => lookups.byId.interiorStatus.has(id),
  period_type_id: (lookups, id) => lookups.byId.periodType.has(id),
};
const KNOWN_FIELDS = Object.keys(KNOWN) as (keyof typeof KNOWN)[];
const AMOUNTS = [
  "price_min",
  "price_max",
  "rooms_min",
  "area_min",
  "area_max",
  "floor",
  "electricity_min",
  "upfront_max",
] as const;
const CHOICES = ["currency", "sort", "advertiser"] as const;
const FLAGS = ["furnished", "swimming_pool", "negotiable", "with_photos", "solar", "elevator", "generator", "parking"] as const;

/**
 * Reads the search filter from a query string with its schema (app/features/search/search-query.ts's filterQuery: ids, amounts,
 * lists of values, `since`) and checks it against the lookup lists (location, type and offer
 * type required, price optional; id 1 of the price domains means any price) and decision 024's optional parameters.
 * `required` lists the fields that must be present on this page; `is_simple=0` (the advanced search) requires none,
 * and `governorate_id` stands for `location_id`. A parameter sent more than once is invalid. The filter holds every
 * field that is right, even when others are wrong. Never throws.
 */
export function parseEstateFilter(
  params: URLSearchParams,
  lookups: Lookups,
  options: { required: (keyof FilterValues)[]; scope?: Scope },
): ParsedFilter {
  const { texts: values, value, errors } = parseFilterQuery(params);
  const submitted = isFilterSubmitted(params);
  const required = values.is_simple === "0" ? [] : options.required;
  const filter: EstateFilter = { scope: options.scope ?? "all" };
  for (const field of KNOWN_FIELDS) {
    if (errors[field]) continue;
    const id = value[field];
    if (id === undefined) {
      const stoodFor = field === "location_id" && values.governorate_id;
      if (required.includes(field) && !stoodFor) errors[field] = [message("search.errors.required")];
    } else if (KNOWN[field](lookups, id)) {
      filter[field] = id;
    } else {
      errors[field] = [message(INVALID)];
    }
  }
  if (filter.price_domain_id === 1) delete filter.price_domain_id;
  // A band is of one offer type (decision 087): asked with the other, or on the rent or holiday page for a sale, it
  // is refused beside its field rather than bounding what it was not made for.
  const band = filter.price_domain_id ? lookups.byId.priceDomain.get(filter.price_domain_id) : undefined;
  const offer = filter.scope === "all" ? filter.estate_offer_type_id : RENT_OFFER_TYPE_ID;
  if (band?.estate_offer_type_id && offer && band.estate_offer_type_id !== offer) {
    errors.price_domain_id = [message("search.errors.priceBand")];
    delete filter.price_domain_id;
  }
  for (const field of AMOUNTS) if (value[field] !== undefined) filter[field] = value[field];
  for (const [min, max] of [
    ["price_min", "price_max"],
    ["area_min", "area_max"],
  ] as const) {
    if (filter[min] !== undefined && filter[max] !== undefined && filter[min]! > filter[max]!) {
      errors[min] = [message("search.errors.range")];
    }
  }
  for (const field of CHOICES) if (value[field] !== undefined) filter[field] = value[field] as never;
  for (const flag of FLAGS) if (value[flag]) filter[flag] = true;
  if (value.estate_ownership === "1") filter.estate_ownership = 1;
  if (value.q) filter.q = value.q;
  // `since`: what an alert's link carries (decision 030).
  if (value.since) filter.since = value.since;
  return { values, errors, filter, page: requestedPageOf(params), submitted };
}

/**
 * Whether any of the simple filter's fields (or `governorate_id`) was sent: then the page's required fields apply
 * (decision 006). The other parameters of decision 024, `page`, `lang` and tracking parameters do not count.
 */
export function isFilterSubmitted(params: URLSearchParams): boolean {
  return FIELDS.some((f) => params.has(f)) || params.has("governorate_id");
}

/** Whether a parsed filter has any error. */
export function hasErrors(errors: FilterErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The place select's "all areas of a governorate" choice is sent as `location_id=g<id>` (one select, no JavaScript):
 * the query string to redirect to, with `governorate_id=<id>` and an empty `location_id` (decision 024), or null when
 * `location_id` is not such a choice.
 */
export function governorateChoice(params: URLSearchParams): URLSearchParams | null {
  const choice = params.get("location_id") ?? "";
  const id = choice.startsWith("g") ? toDbId(choice.slice(1)) : null;
  if (id === null) return null;
  const next = new URLSearchParams(params);
  next.set("location_id", "");
  next.set("governorate_id", String(id));
  next.delete("page");
  return next;
}

/**
 * The query string a search page redirects to so that a search has one address (decision 024's governorate choice,
 * governorateChoice; decision 103's owners' filter, whose old spelling `advertiser=owner` the advanced search's "Posted
 * by" select still sends: ownersAliasRead), or null when `params` is already so written.
 */
export function searchChoices(params: URLSearchParams): URLSearchParams | null {
  const governorate = governorateChoice(params);
  const owners = ownersAliasRead(governorate ?? params);
  return owners ?? governorate;
}

/**
 * The ad number a search box query asks for (the listing's state_id, e.g. 102335): `q` made of digits only (Arabic-Indic too,
 * spaces and a leading # allowed), else null.
 */
export function adNumberOf(params: URLSearchParams): number | null {
  const q = params.get("q")?.trim().replace(/^#/, "") ?? "";
  if (!q) return null;
  const n = toAmount(q.replace(/\s/g, ""), 1, MAX_DB_ID);
  return n !== null && /^[\d٠-٩۰-۹\s]+$/.test(q) ? n : null;
}
