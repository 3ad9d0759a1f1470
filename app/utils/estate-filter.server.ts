import type { EstateFilter, Scope } from "~/models/estate.server";
import type { Lookups } from "~/models/lookups.server";

/** The filter's fields as typed, kept to fill the form again (spec 3, Search filter). */
export type FilterValues = {
  location_id: string;
  estate_type_id: string;
  estate_offer_type_id: string;
  price_domain_id: string;
};
/** Per field: "required" (empty) or "invalid" (not a value of its lookup list); message keys search.errors.*. */
export type FilterErrors = Partial<Record<keyof FilterValues, "required" | "invalid">>;

export type ParsedFilter = {
  values: FilterValues;
  errors: FilterErrors;
  filter: EstateFilter;
  /** The requested page (1 when absent), or null when `page` is not a whole number from 1 to 100000. */
  page: number | null;
  /** Whether any filter field was sent at all (an empty /estates shows the form without errors). */
  submitted: boolean;
};

const FIELDS = ["location_id", "estate_type_id", "estate_offer_type_id", "price_domain_id"] as const;

/** A positive whole number written with at most 9 digits, else null. */
function toId(raw: string): number | null {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * Reads the search filter from a query string and checks it against the lookup lists (spec 5, Search filters:
 * location, type and offer type required, price optional; id 1 of the price domains means any price).
 * `required` lists the fields that must be present on this page. Never throws.
 */
export function parseEstateFilter(
  params: URLSearchParams,
  lookups: Lookups,
  options: { required: (keyof FilterValues)[]; scope?: Scope },
): ParsedFilter {
  const values = Object.fromEntries(FIELDS.map((f) => [f, (params.get(f) ?? "").trim().slice(0, 40)])) as FilterValues;
  const submitted = isFilterSubmitted(params);
  const errors: FilterErrors = {};
  const known: Record<keyof FilterValues, (id: number) => boolean> = {
    location_id: (id) => lookups.locationById.has(id),
    estate_type_id: (id) => lookups.byId.estateType.has(id),
    estate_offer_type_id: (id) => lookups.byId.offerType.has(id),
    price_domain_id: (id) => lookups.byId.priceDomain.has(id),
  };
  const filter: EstateFilter = { scope: options.scope ?? "all" };
  for (const field of FIELDS) {
    const raw = values[field];
    if (!raw) {
      if (options.required.includes(field)) errors[field] = "required";
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
  const rawPage = params.get("page");
  const page = rawPage === null || rawPage === "" ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : null;
  return { values, errors, filter, page, submitted };
}

/** Whether any filter field was sent (tracking parameters, `page` and `lang` do not count; decision 006). */
export function isFilterSubmitted(params: URLSearchParams): boolean {
  return FIELDS.some((f) => params.has(f));
}

/** Whether a parsed filter has any error. */
export function hasErrors(errors: FilterErrors): boolean {
  return Object.keys(errors).length > 0;
}
