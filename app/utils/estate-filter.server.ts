import { SORTS, type EstateFilter, type Scope, type Sort } from "~/models/estate-search.server";
import type { Lookups } from "~/models/lookups.server";

/** The simple filter's fields, required on /estates (decision 006). */
const FIELDS = ["location_id", "estate_type_id", "estate_offer_type_id", "price_domain_id"] as const;
/** The optional parameters of decision 024, beside the simple filter's; all GET, so every search is a link. */
const EXTRA = [
  "governorate_id",
  "price_min",
  "price_max",
  "currency",
  "sort",
  "rooms_min",
  "area_min",
  "area_max",
  "floor",
  "furnished",
  "estate_finishing",
  "ownership_type_id",
  "period_type_id",
  "negotiable",
  "with_photos",
  "advertiser",
  "q",
  "since",
  "is_simple",
] as const;
/** Every parameter the filter reads, in the order of the form (the chips and the page's canonical links). */
export const FILTER_PARAMS = [...FIELDS, ...EXTRA] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
/** Every query parameter parseEstateFilter reads: the filter's and `page` (a search page's `queryParams`, decision 045). */
export const SEARCH_QUERY_PARAMS = [...FILTER_PARAMS, "page"] as const;

/** The filter's fields as typed, kept to fill the form again. */
export type FilterValues = Record<FilterParam, string>;
/**
 * Per field, the message key under search.errors: "required" (empty), "invalid" (not a value of its list, or sent
 * more than once), "number" (not a number in range), "range" (a minimum above its maximum).
 */
export type FilterErrors = Partial<Record<FilterParam, "required" | "invalid" | "number" | "range">>;

export type ParsedFilter = {
  values: FilterValues;
  errors: FilterErrors;
  filter: EstateFilter;
  /** The requested page (1 when absent), or null when `page` is not a whole number from 1 to 100000. */
  page: number | null;
  /** Whether any filter field was sent at all (an empty /estates shows the form without errors). */
  submitted: boolean;
};

/** A positive whole number written with at most 9 digits, else null. */
function toId(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * An amount as people type it: Arabic-Indic or Persian digits read as digits, thousands separators (`,` `٬` `.`
 * between groups of three, spaces) dropped; a whole number from `min` to `max`, else null.
 */
export function toAmount(raw: string, min: number, max: number): number | null {
  const digits = raw
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s,٬]/g, "")
    .replace(/\.(?=\d{3}(\D|$))/g, "");
  if (!/^-?\d{1,16}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= min && n <= max ? n : null;
}

/** Bounds of the numeric parameters: [min, max] (prices in whole SYP or USD, areas in the listing's unit). */
const AMOUNTS = {
  price_min: [0, 1e15],
  price_max: [0, 1e15],
  rooms_min: [0, 50],
  area_min: [0, 1e7],
  area_max: [0, 1e7],
  floor: [-5, 200],
} as const;

/**
 * Reads the search filter from a query string and checks it against the lookup lists (location,
 * type and offer type required, price optional; id 1 of the price domains means any price) and the optional
 * parameters of decision 024. `required` lists the fields that must be present on this page; `is_simple=0`
 * (the advanced search) requires none, and `governorate_id` stands for `location_id`. A parameter sent more than once
 * is invalid. Never throws.
 */
export function parseEstateFilter(
  params: URLSearchParams,
  lookups: Lookups,
  options: { required: (keyof FilterValues)[]; scope?: Scope },
): ParsedFilter {
  const values = Object.fromEntries(
    FILTER_PARAMS.map((f) => [f, (params.get(f) ?? "").trim().slice(0, f === "q" ? 100 : 40)]),
  ) as FilterValues;
  const submitted = isFilterSubmitted(params);
  const errors: FilterErrors = {};
  const known: Record<
    (typeof FIELDS)[number] | "governorate_id" | "ownership_type_id" | "estate_finishing" | "period_type_id",
    (id: number) => boolean
  > = {
    location_id: (id) => lookups.locationById.has(id),
    estate_type_id: (id) => lookups.byId.estateType.has(id),
    estate_offer_type_id: (id) => lookups.byId.offerType.has(id),
    price_domain_id: (id) => lookups.byId.priceDomain.has(id),
    governorate_id: (id) => lookups.governorates.some((g) => g.id === id),
    ownership_type_id: (id) => lookups.byId.ownershipType.has(id),
    estate_finishing: (id) => lookups.byId.interiorStatus.has(id),
    // A rent's period (decision 057), read like the other ids.
    period_type_id: (id) => lookups.byId.periodType.has(id),
  };
  const required = values.is_simple === "0" ? [] : options.required;
  const filter: EstateFilter = { scope: options.scope ?? "all" };
  for (const field of Object.keys(known) as (keyof typeof known)[]) {
    const raw = values[field];
    if (!raw) {
      const stoodFor = field === "location_id" && values.governorate_id;
      if (required.includes(field) && !stoodFor) errors[field] = "required";
      continue;
    }
    const id = toId(raw);
    if (id === null || !known[field](id)) {
      errors[field] = "invalid";
      continue;
    }
    filter[field] = id;
  }
  if (filter.price_domain_id === 1) delete filter.price_domain_id;
  for (const field of Object.keys(AMOUNTS) as (keyof typeof AMOUNTS)[]) {
    if (!values[field]) continue;
    const n = toAmount(values[field], AMOUNTS[field][0], AMOUNTS[field][1]);
    if (n === null) errors[field] = "number";
    else filter[field] = n;
  }
  for (const [min, max] of [
    ["price_min", "price_max"],
    ["area_min", "area_max"],
  ] as const) {
    if (filter[min] !== undefined && filter[max] !== undefined && filter[min]! > filter[max]!) errors[min] = "range";
  }
  const choice = <T extends string>(field: FilterParam, allowed: readonly T[]): T | undefined => {
    const raw = values[field];
    if (!raw) return undefined;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    errors[field] = "invalid";
    return undefined;
  };
  filter.currency = choice("currency", ["SYP", "USD"] as const);
  filter.sort = choice<Sort>("sort", SORTS);
  filter.advertiser = choice("advertiser", ["office", "owner"] as const);
  choice("is_simple", ["0", "1"] as const);
  for (const flag of ["furnished", "negotiable", "with_photos"] as const) {
    if (choice(flag, ["1"] as const)) filter[flag] = true;
  }
  if (values.q) filter.q = values.q;
  // `since`: seconds since 1970, what an alert's link carries; a date from 2020 to a day ahead.
  if (values.since) {
    const seconds = /^\d{10}$/.test(values.since) ? Number(values.since) : NaN;
    if (seconds >= 1_577_836_800 && seconds <= Date.now() / 1000 + 86_400) filter.since = new Date(seconds * 1000);
    else errors.since = "invalid";
  }
  for (const f of FILTER_PARAMS) if (params.getAll(f).length > 1) errors[f] = "invalid";
  for (const key of Object.keys(filter) as (keyof EstateFilter)[]) if (filter[key] === undefined) delete filter[key];
  const rawPage = params.get("page");
  const page = rawPage === null || rawPage === "" ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : null;
  return { values, errors, filter, page, submitted };
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
  const match = /^g([1-9]\d{0,8})$/.exec(params.get("location_id") ?? "");
  if (!match) return null;
  const next = new URLSearchParams(params);
  next.set("location_id", "");
  next.set("governorate_id", match[1]);
  next.delete("page");
  return next;
}

/**
 * The ad number a search box query asks for (spec: state_id, e.g. 102335): `q` made of digits only (Arabic-Indic too,
 * spaces and a leading # allowed), else null.
 */
export function adNumberOf(params: URLSearchParams): number | null {
  const q = params.get("q")?.trim().replace(/^#/, "") ?? "";
  if (!q) return null;
  const n = toAmount(q.replace(/\s/g, ""), 1, 2147483647);
  return n !== null && /^[\d٠-٩۰-۹\s]+$/.test(q) ? n : null;
}
