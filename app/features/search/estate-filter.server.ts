import { MAX_DB_ID, toDbId } from "~/platform/forms/id";
import { message } from "~/platform/forms/message";
import { INVALID, requestedPageOf, toAmount, type QueryErrors } from "~/platform/forms/queries";
import { filterQuery, parseFilterQuery, type FilterParam } from "~/features/search/search-query";
import type { EstateFilter, Scope } from "~/features/search/estate-search.server";
import type { Lookups } from "~/features/places/lookups.server";

export type { FilterParam } from "~/features/search/search-query";

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
const AMOUNTS = ["price_min", "price_max", "rooms_min", "area_min", "area_max", "floor"] as const;
const CHOICES = ["currency", "sort", "advertiser"] as const;
const FLAGS = ["furnished", "swimming_pool", "negotiable", "with_photos"] as const;

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
 * The ad number a search box query asks for (the listing's state_id, e.g. 102335): `q` made of digits only (Arabic-Indic too,
 * spaces and a leading # allowed), else null.
 */
export function adNumberOf(params: URLSearchParams): number | null {
  const q = params.get("q")?.trim().replace(/^#/, "") ?? "";
  if (!q) return null;
  const n = toAmount(q.replace(/\s/g, ""), 1, MAX_DB_ID);
  return n !== null && /^[\d٠-٩۰-۹\s]+$/.test(q) ? n : null;
}
