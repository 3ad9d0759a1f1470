import * as z from "zod/v4";
import { dbId } from "~/platform/forms/id";
import {
  amountParam,
  choiceParam,
  idParam,
  INVALID,
  parseQuery,
  type ParsedQuery,
  type QueryOptions,
} from "~/platform/forms/queries";
import { ownersAliasRead } from "./owners-alias";

/**
 * The query strings of the search pages (docs/decisions/024-search-filters.md, 063-queries-parsed-like-forms.md):
 * the estate search filter, which /estates, the rent and vacation pages, saved searches and their alerts read, and
 * the office search. Each parameter's failures are locales keys of common.json; whether an id is in the lookup lists
 * and which fields a page requires are checked by the caller (app/features/search/estate-filter.server.ts), since they depend
 * on the database and the page.
 */

/** Orders of the results (decision 024): newest first is the default. */
export const SORTS = ["newest", "price_asc", "price_desc", "price_per_m2_asc", "area_desc"] as const;
export type Sort = (typeof SORTS)[number];

/** `since`: seconds since 1970 (what an alert's link carries), a date from 2020 to a day ahead of now. */
const sinceParam = /* @__PURE__ */ (() =>
  z
    .string()
    .transform((text, ctx) => {
      const seconds = /^\d{10}$/.test(text) ? Number(text) : NaN;
      if (seconds >= 1_577_836_800 && seconds <= Date.now() / 1000 + 86_400) return new Date(seconds * 1000);
      ctx.issues.push({ code: "custom", message: INVALID, input: text });
      return z.NEVER;
    })
    .optional())();

/**
 * Every parameter of the estate search filter, in the order of the form (the chips and the page's canonical links):
 * first the simple filter's four (place, type, offer type, price domain), then the optional ones of decision 024.
 * Ids follow the one id rule (app/platform/forms/id.ts); amounts are read as people type them (toAmount), prices in whole SYP
 * or USD, areas in the listing's unit.
 */
export const filterQuery = /* @__PURE__ */ (() =>
  z.object({
    location_id: idParam,
    estate_type_id: idParam,
    estate_offer_type_id: idParam,
    price_domain_id: idParam,
    governorate_id: idParam,
    price_min: amountParam(0, 1e15),
    price_max: amountParam(0, 1e15),
    currency: choiceParam(["SYP", "USD"]),
    sort: choiceParam(SORTS),
    rooms_min: amountParam(0, 50),
    area_min: amountParam(0, 1e7),
    area_max: amountParam(0, 1e7),
    floor: amountParam(-5, 200),
    furnished: choiceParam(["1"]),
    swimming_pool: choiceParam(["1"]),
    estate_finishing: idParam,
    ownership_type_id: idParam,
    // A rent's period (decision 057), read like the other ids.
    period_type_id: idParam,
    negotiable: choiceParam(["1"]),
    with_photos: choiceParam(["1"]),
    // Offices' listings only. Owners are asked with estate_ownership=1: the old advertiser=owner is read as it
    // (ownersAliasRead, decision 103) before this schema sees it, so the schema and the apps' API docs offer "office" only.
    advertiser: choiceParam(["office"]),
    // Owners' own listings (decision 100): posted by their owners (estate_ownership 1), never an office's.
    estate_ownership: choiceParam(["1"]),
    // The facts Syrians ask before they call (decision 093): hours of grid electricity a day at least, solar panels,
    // an elevator, a generator subscription, parking, and a rent's months paid upfront at most.
    electricity_min: amountParam(0, 24),
    solar: choiceParam(["1"]),
    elevator: choiceParam(["1"]),
    generator: choiceParam(["1"]),
    parking: choiceParam(["1"]),
    upfront_max: amountParam(0, 24),
    q: z.string().optional(),
    since: sinceParam,
    is_simple: choiceParam(["0", "1"]),
  }))();

/** A parameter of the estate search filter. */
export type FilterParam = keyof typeof filterQuery.shape;

/** How the filter's texts are cut: 40 characters, the words of `q` 100. */
const FILTER_OPTIONS: QueryOptions<typeof filterQuery.shape> = { maxLength: 40, lengths: { q: 100 } };

/**
 * The estate search filter of a query string, read by filterQuery (see parseQuery) after the owners' filter's old
 * spelling is read as the owners' filter (ownersAliasRead). Never throws.
 */
export function parseFilterQuery(params: URLSearchParams): ParsedQuery<typeof filterQuery.shape> {
  return parseQuery(ownersAliasRead(params) ?? params, filterQuery, FILTER_OPTIONS);
}

const wordsQuery = /* @__PURE__ */ (() => z.object({ q: filterQuery.shape.q }))();

/**
 * The words `q` of a search (decision 056's filter words), read as the filter reads them (trimmed, cut to 100
 * characters), or undefined when none came or `q` was sent more than once. Never throws.
 */
export function queryWords(params: URLSearchParams): string | undefined {
  return parseQuery(params, wordsQuery, FILTER_OPTIONS).value.q;
}

/**
 * The office search of /officesResult (docs/decisions/005-office-search-by-place.md): `searchselected` 2 searches by
 * `name`, anything else by place (`location_id`). Control characters of the name (a NUL byte is refused by
 * PostgreSQL) count as spaces; `verified=1` asks for verified offices only. Which of the two is required is the loader's to check, by `searchselected`.
 */
export const officeQuery = /* @__PURE__ */ (() =>
  z.object({
    searchselected: z
      .string()
      .optional()
      .transform((text) => (text === "2" ? "2" : "1")),
    location_id: dbId("offices.errors.place").optional(),
    name: z
      .string()
      .transform((text) => text.replace(/[\u0000-\u001f\u007f]/g, " ").trim())
      .optional(),
    // Only offices verified today (decision 090).
    verified: choiceParam(["1"]),
  }))();

/**
 * The parameters officeQuery reads, written out: a route's `queryParams` (decision 045) is evaluated in the browser
 * too, where building officeQuery would bring zod into the page's scripts (decision 034). tests/query-schemas.test.ts
 * checks that they are the schema's keys.
 */
export const OFFICE_QUERY_PARAMS = ["searchselected", "location_id", "name", "verified"] as const;

/** How the office search's texts are cut: the place 12 characters, the name 60. */
const OFFICE_OPTIONS: QueryOptions<typeof officeQuery.shape> = { maxLength: 12, lengths: { name: 60 } };

/** The office search of a query string, read by officeQuery (see parseQuery). Never throws. */
export function parseOfficeQuery(params: URLSearchParams): ParsedQuery<typeof officeQuery.shape> {
  return parseQuery(params, officeQuery, OFFICE_OPTIONS);
}
