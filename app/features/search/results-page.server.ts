import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { queryWords, SORTS } from "~/features/search/search-query";
import { queryLang } from "~/platform/forms/queries";
import type { EstateCard } from "~/features/listings/estate-card.server";
import { estateIdByAdNumber } from "~/features/listings/estate.server";
import { searchEstates, similarEstates, type SearchResult } from "~/features/search/estate-search.server";
import { type EstateFilter, type Scope } from "~/features/search/estate-filter.server";
import {
  filterOptions,
  getLookups,
  nameOf,
  RENT_OFFER_TYPE_ID,
  VACATION_PERIOD_TYPE_IDS,
  type FilterOptions,
  type Lookups,
} from "~/features/places/lookups.server";
import type { Locale } from "~/platform/i18n/i18n";
import { formatDateTime } from "~/platform/i18n/dates";
import { formatNumber, formatPrice } from "~/features/listings/format";
import {
  adNumberOf,
  FILTER_PARAMS,
  hasErrors,
  searchChoices,
  isFilterSubmitted,
  isLandingSearch,
  FILTER_DEFAULTS,
  parseEstateFilter,
  type FilterErrors,
  type ParsedFilter,
  type FilterParam,
  type FilterValues,
} from "./estate-filter.server";
import { cachedQuery } from "~/platform/cache/query-cache.server";
import { filterWordsOf, nearestQueries } from "./filter-words.server";
import { mapData, mapFigureAddress, mapForDocument } from "./map-data.server";
import type { MapData } from "~/features/places/PlaceMap";
import { notFound, pageContext } from "~/platform/http/page.server";
import { getDb } from "~/platform/db/db.server";
import type { Db } from "~/platform/db/client.server";
import { SCOPE_PARAM, SCOPE_PATHS } from "~/features/search/search-scope";
import { gazetteerPlace } from "./place-finder.server";

type Options = {
  scope: Scope;
  /** Key of the page's title in locales (common.json). */
  titleKey: string;
  descriptionKey: string;
};

/** The simple filter's fields, whose errors say 'complete the required fields'. */
const SPEC_FIELDS = ["location_id", "estate_type_id", "estate_offer_type_id", "price_domain_id"] as const;

/**
 * The fields each listing page requires once a filter field is sent (decision 006): /estates its place, type and
 * offer type (`is_simple=0`, the advanced search, none); the rent and holiday pages none.
 */
export const REQUIRED_BY_SCOPE: Readonly<Record<Scope, readonly (keyof FilterValues)[]>> = {
  all: ["location_id", "estate_type_id", "estate_offer_type_id"],
  rent: [],
  vacation: [],
};

/** The scope of a listing page's path (SCOPE_PATHS), or undefined for another path. */
function scopeOfPath(pathname: string): Scope | undefined {
  return (Object.keys(SCOPE_PATHS) as Scope[]).find((scope) => SCOPE_PATHS[scope] === pathname);
}

/**
 * A search of a listing page as the page reads it: the filters' address of words typed in `q` (typedSearchAddressWith,
 * decisions 056 and 087; null when there is none), the scope and URL of the search it stands for (another page's when
 * the words ask for it: "for rent" is the rent page's, decision 084), and the filter parsed there with the page's
 * required fields (REQUIRED_BY_SCOPE). The listing pages' loader and the apps' search (POST
 * /api/estate/searchEstateByregionsByestatefeatures) read a search through it. Never throws.
 */
export function readListingSearch(
  url: URL,
  lookups: Lookups,
  scope: Scope,
): { address: string | null; scope: Scope; url: URL; parsed: ParsedFilter } {
  const address = typedSearchAddressWith(url, lookups, scope);
  const next = address ? new URL(address, url) : url;
  const target = (address && scopeOfPath(next.pathname)) || scope;
  const parsed = parseEstateFilter(next.searchParams, lookups, {
    // Decision 006: only a filter field makes the fields required, not `page`, `lang` or a tracking parameter.
    required: target === "all" && !isFilterSubmitted(next.searchParams) ? [] : [...REQUIRED_BY_SCOPE[target]],
    scope: target,
  });
  return { address, scope: target, url: next, parsed };
}

/** The key of what an invalid search says: 'complete the required fields' for the simple filter's, else 'check the marked fields'. */
export function filterNoticeKey(errors: FilterErrors): string {
  return SPEC_FIELDS.some((f) => errors[f]) ? "search.requiredToast" : "search.checkToast";
}

/**
 * Page `page` of the search `filter` in `locale` and, when the page shows them (showsSimilar), up to six similar
 * listings not on it; both kept while nothing visitors see has changed (decision 033). Throws the database's errors.
 */
export async function searchWithSimilar(
  db: Db,
  filter: EstateFilter,
  page: number,
  locale: Locale,
): Promise<{ result: SearchResult; similar: EstateCard[] }> {
  const query = JSON.stringify([filter, page, locale]);
  const result = await cachedQuery(`search ${query}`, () => searchEstates(db, filter, page, locale));
  const similar = showsSimilar(filter, result)
    ? await cachedQuery(`similar ${query}`, () =>
        similarEstates(db, filter, locale, { limit: 6, excludeIds: result.items.map((e) => e.id) }),
      )
    : [];
  return { result, similar };
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * One of the optional fields (decision 024) as ExtraFilters draws it, named on the server: `label` and `error` (translated),
 * `options` for a select ([value, text], the first the empty choice), and the control's own attributes.
 */
export type FilterField = {
  name: FilterParam;
  label: string;
  error?: string;
  options?: [string, string][];
  type?: "search" | "text" | "checkbox";
  inputMode?: "numeric";
  value?: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  "aria-invalid"?: true;
};

/** The optional fields of the form: the words, prices, currency and sort, then the others ("more filters"). */
export type ExtraFields = { main: FilterField[]; more: FilterField[]; open: boolean; summary: string };

/** A link that says one thing about the search: an applied filter (the link is the search without it) or a wider search. */
export type SearchLink = { label: string; href: string };
/**
 * A labelled list of such links as the results show it: `chips` (the applied filters), `nearest` (the searches nearest
 * to words that found nothing, after `lead`, a sentence shown above them) or `widen` (wider searches).
 */
export type LinkGroup = {
  className: "chips" | "nearest" | "widen" | "alert-link";
  label: string;
  lead?: string;
  list: SearchLink[];
};

/**
 * The longest filters' address typed words are answered with (characters); a search form's addresses are far
 * shorter. An address no form writes (values of thousands of characters) is read as it was sent, and its filter is
 * refused (400, tests/fuzz.test.ts).
 */
const WORDS_ADDRESS_MAX = 8000;

/**
 * The loader of a listing page (/estates, /rent-properties, /vacation-properties): reads the filter from the URL,
 * answers 400 with the form and its messages when it is incomplete or wrong, 404 for a page out of range, else one
 * page of results and similar listings. A governorate chosen in the place select, the owners chosen in the "Posted by"
 * select (decision 103) and an ad number typed in the search box redirect (to `governorate_id=…`, to
 * `estate_ownership=1`, to /estate/:id); typed words that name filters are
 * answered where they were typed, with the page of those filters (`seo.address`, decision 087); the results come with
 * the applied filters as removable links (`chips`) and, when nothing is found, wider searches (`widen`). The map's
 * data goes to the document through `context` (mapForDocument), its address (`map`) into the loader's data.
 */
export async function loadListingPage(request: Request, options: Options, context?: AppLoadContext) {
  let url = new URL(request.url);
  const choices = searchChoices(url.searchParams);
  if (choices) throw redirect(`${url.pathname}?${choices}`);
  const { db, locale, t } = await pageContext(request);
  const adNumber = adNumberOf(url.searchParams);
  if (adNumber !== null) {
    const id = await estateIdByAdNumber(db, adNumber);
    if (id !== null) throw redirect(`/estate/${id}${locale === "en" && queryLang(url.searchParams) === "en" ? "?lang=en" : ""}`);
  }
  const lookups = await getLookups(db);
  // Decisions 056 and 087: words that name a filter become it, and the page is that of the filters' address (its
  // canonical link, the page cache's key), rendered here without a second round trip.
  const search = readListingSearch(url, lookups, options.scope);
  const { address, parsed } = search;
  // Words that ask for another listing page (decision 084: "for rent" is the long-term rents) go there: another
  // route, so a redirect, the one other than an ad number's (decision 087).
  if (address && search.url.pathname !== url.pathname) throw redirect(address);
  url = search.url;
  if (parsed.page === null) notFound();
  const title = t(options.titleKey);
  const invalid = hasErrors(parsed.errors);
  const base = {
    seo: {
      title: parsed.page > 1 ? t("pagination.titleWithPage", { title, page: parsed.page }) : title,
      description: t(options.descriptionKey),
      keep: [...FILTER_PARAMS, "page"],
      defaults: FILTER_DEFAULTS,
      noindex: false,
      index: isLandingSearch(parsed.values),
      address: address ?? undefined,
    },
    options: scopedOptions(filterOptions(lookups, locale), options.scope),
    // The place select shows a whole governorate as its option `g<id>` (SearchFilter, LocationOptions).
    values: {
      ...parsed.values,
      location_id: parsed.values.location_id || (parsed.values.governorate_id ? `g${parsed.values.governorate_id}` : ""),
    },
    // A place of the gazetteer is no option of the place select: the select shows it first (decision 095).
    place: gazetteerPlace(lookups, parsed.values.location_id, locale),
    errors: parsed.errors,
    fields: filterFields(parsed.values, parsed.errors, lookups, locale, t, options.scope),
    // An invalid search of the simple filter's fields says 'complete the required fields'; the optional fields
    // alone say 'check the marked fields'.
    notice: t(filterNoticeKey(parsed.errors)),
    /** Whether the form marks location, type and offer type as required (not on the advanced search's links). */
    required: parsed.values.is_simple !== "0",
  };
  if (invalid) {
    return data(
      {
        ...base,
        seo: { ...base.seo, noindex: true },
        invalid: true as const,
        result: null as SearchResult | null,
        similar: [] as EstateCard[],
        links: [] as LinkGroup[],
        map: null as string | null,
      },
      { status: 400 },
    );
  }
  // The same for every user: reused while nothing visitors see has changed (decision 033).
  const { result, similar } = await searchWithSimilar(db, parsed.filter, parsed.page, locale);
  if (isPastLastPage(result, parsed.page)) notFound();
  const links: LinkGroup[] = [
    { className: "chips", label: t("search.applied"), list: appliedFilters(url, parsed.values, lookups, locale, t) },
    ...(!result.total && parsed.values.q ? [unknownWords(url, parsed.values.q, lookups, t)] : []),
    {
      className: "widen",
      label: t("search.widen"),
      list: result.total ? [] : widerSearches(url, parsed.values, lookups, locale, t),
    },
    // Keep this search and get an SMS when new listings match (a visitor logs in first).
    {
      className: "alert-link",
      label: t("search.alertLabel"),
      list: [{ label: t("search.alert"), href: saveSearchHref(url, options.scope) }],
    },
  ];
  const map = mapForDocument(
    context,
    await resultsMapData(db, lookups, locale, url, parsed.filter),
    mapFigureAddress(url, search.scope, locale),
  );
  return data({
    ...base,
    seo: { ...base.seo, noindex: result.total === 0 },
    invalid: false as const,
    result,
    similar,
    links: links.filter((group) => group.list.length),
    map,
  });
}

/**
 * The map of listings under the results of the search `url` (decision 095): the search's governorate with its places,
 * else the country; each area a link to this search there (linkWith). Read by the results pages and /map-figure.
 */
export function resultsMapData(db: Db, lookups: Lookups, locale: Locale, url: URL, filter: EstateFilter): Promise<MapData> {
  const focus = filter.location_id ? lookups.locationById.get(filter.location_id)?.governorate.id : filter.governorate_id;
  return mapData(db, lookups, locale, {
    focus,
    governorateHref: (id) => linkWith(url, { governorate_id: String(id), location_id: "" }),
    placeHref: (id) => linkWith(url, { location_id: String(id), governorate_id: "" }),
  });
}

/** Whether `page` is past the last page of `result` (the page answers 404). */
export function isPastLastPage(result: SearchResult, page: number): boolean {
  return result.pageCount > 0 ? page > result.pageCount : page > 1;
}

/**
 * The filter's options on a page of `scope`: the rent page offers the rent bands only, the holiday page none (a night's
 * price is in no band of a month's or a year's rent; its budget is the highest price, decision 087).
 */
function scopedOptions(options: FilterOptions, scope: Scope): FilterOptions {
  if (scope === "all") return options;
  const rent = (b: FilterOptions["priceDomains"][number]) => scope === "rent" && b.offerTypeId === RENT_OFFER_TYPE_ID;
  return { ...options, priceDomains: options.priceDomains.filter((b) => b.offerTypeId === null || rent(b)) };
}

/**
 * Whether a page of results shows similar listings under them (similarEstates): when nothing was found, and on the
 * last page of a search narrowed to a place, a type or a price range.
 */
export function showsSimilar(filter: EstateFilter, result: SearchResult): boolean {
  const narrowed = Boolean(filter.location_id || filter.estate_type_id || filter.price_domain_id);
  return (narrowed && result.page === result.pageCount) || result.total === 0;
}

export { SCOPE_PATHS };

/**
 * The address of `url`'s search with the filter words of its `q` made filters (filterWordsOf, decision 056: "شقة
 * مفروشة في المزة ٣ غرف" → apartment, furnished, Mezzeh, 3 rooms or more, no words left), its page kept, or null when
 * `q` has none and nothing to drop, and the search is already the advanced one or has its place, type and offer type.
 * Sale and rent words are filters on /estates only (the rent pages have their scope). Words that ask for another
 * listing page give that page's address, from its first page (decision 084): "for rent" or a monthly or yearly
 * period the long-term rents, a nightly, weekly or seasonal period or a holiday word the holiday lets, without the
 * offer type and a period the page lacks; so does the rent chosen in the form (the home page's rent tab), even without
 * words (rentTabAddress). An ad number (adNumberOf) and an address longer than WORDS_ADDRESS_MAX give null: the loader
 * answers them as sent.
 */
export function typedSearchAddressWith(url: URL, lookups: Lookups, scope: Scope): string | null {
  const q = queryWords(url.searchParams);
  if (adNumberOf(url.searchParams) !== null) return null;
  const values = Object.fromEntries(url.searchParams) as Partial<FilterValues>;
  if (!q) return scope === "all" && url.searchParams.has("q") ? rentTabAddress(url, values) : null;
  const found = filterWordsOf(q, values, lookups, { offer: scope === "all", scope });
  const target = found.scope ?? scope;
  if (target !== scope) {
    found.set.estate_offer_type_id = "";
    const period = found.set.period_type_id ?? values.period_type_id;
    if (period && VACATION_PERIOD_TYPE_IDS.includes(Number(period)) !== (target === "vacation")) found.set.period_type_id = "";
  }
  // Words without the place, type or offer type of a submitted form make the search the advanced one (decision 024:
  // is_simple=0 requires none), as linkWith writes it; the home page's form sends its selects empty.
  const place = (found.set.location_id ?? values.location_id) || (found.set.governorate_id ?? values.governorate_id);
  const type = found.set.estate_type_id ?? values.estate_type_id;
  const offer = found.set.estate_offer_type_id ?? values.estate_offer_type_id;
  const simple =
    isFilterSubmitted(url.searchParams) && values.is_simple !== "0" && (!place || !type || (scope === "all" && !offer));
  const changed = Object.entries(found.set).some(([key, value]) => (values[key as FilterParam] ?? "") !== value);
  if (!changed && found.q === q && !simple && target === scope) return null;
  const address = new URL(linkWith(url, { ...found.set, q: found.q }, SCOPE_PATHS[target]), url);
  const page = url.searchParams.get("page");
  if (page && target === scope) address.searchParams.set("page", page);
  const path = `${address.pathname}${address.search}`;
  return path.length <= WORDS_ADDRESS_MAX ? path : null;
}

/**
 * The address of a search box's form sent without words from /estates with the rent chosen (the home page's rent tab,
 * decision 084): "for rent" is a monthly or yearly rent, so the long-term rents' page, or the holiday lets' page for a
 * nightly, weekly or seasonal period chosen; the search's other fields kept, its offer type dropped (those pages fix
 * it). Null for any other search, and for a form whose place or type is missing: it answers here with the required
 * fields' messages (decision 006).
 */
function rentTabAddress(url: URL, values: Partial<FilterValues>): string | null {
  if (values.estate_offer_type_id !== String(RENT_OFFER_TYPE_ID)) return null;
  const complete = values.is_simple === "0" || ((values.location_id || values.governorate_id) && values.estate_type_id);
  if (!complete) return null;
  const period = values.period_type_id;
  const target = period && VACATION_PERIOD_TYPE_IDS.includes(Number(period)) ? "vacation" : "rent";
  const path = linkWith(url, { estate_offer_type_id: "", q: "" }, SCOPE_PATHS[target]);
  return path.length <= WORDS_ADDRESS_MAX ? path : null;
}

/**
 * The `pageAddress` of the results routes (server/page-query.ts, decision 087): the filters' address of a search
 * typed as words (typedSearchAddressWith), from which the server renders the page and keys it in the page cache;
 * null when the address is the page's own or the database cannot be reached (the loader then answers as it can).
 */
export async function typedSearchAddress(url: URL, scope: Scope): Promise<string | null> {
  if (!url.searchParams.get("q")) return null;
  try {
    const address = typedSearchAddressWith(url, await getLookups(await getDb()), scope);
    // Another listing page is the loader's redirect: rendered here it would be another route at this address.
    return address && new URL(address, url).pathname === url.pathname ? address : null;
  } catch {
    return null;
  }
}

/**
 * The address of the form that keeps `url`'s search: /save-search with its non-empty parameters but page and lang, and
 * the page's scope when it is the rent or holiday page (search-scope.ts).
 */
function saveSearchHref(url: URL, scope: Scope): string {
  const params = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (value && key !== "page" && key !== "lang") params.append(key, value);
  // A rent or holiday page's search is kept with its page (decision 087): its alerts count that page's listings.
  if (scope !== "all") params.set(SCOPE_PARAM, scope);
  return `/save-search?${params}`;
}

/**
 * `url`'s search with `changes` applied (an empty value removes the parameter) and without `page`, on `pathname`
 * (url's by default).
 */
export function linkWith(url: URL, changes: Partial<Record<FilterParam, string>>, pathname = url.pathname): string {
  const next = new URLSearchParams(url.searchParams);
  next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  // A search without one of the required fields is the advanced search's (decision 024: is_simple=0 requires none).
  const place = next.get("location_id") || next.get("governorate_id");
  if (!place || !next.get("estate_type_id") || !next.get("estate_offer_type_id")) next.set("is_simple", "0");
  const query = next.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** The price bound as written in the search's currency, with the cards' labels: "50,000 US$", "1,000,000 ل.س". */
function money(values: FilterValues, raw: string, t: T): string {
  const n = Number(raw.replace(/[^\d]/g, ""));
  return formatPrice(n, t(values.currency === "USD" ? "card.currencyUSD" : "card.currency"));
}

/**
 * The filters a search applied, each as a link to the same search without it (results say what was asked).
 * Only valid values come here (the loader shows none on a wrong filter).
 */
export function appliedFilters(url: URL, values: FilterValues, lookups: Lookups, locale: Locale, t: T): SearchLink[] {
  const chips: SearchLink[] = [];
  const add = (label: string | null | undefined, changes: Partial<Record<FilterParam, string>>) => {
    if (label) chips.push({ label, href: linkWith(url, changes) });
  };
  const id = (field: FilterParam) => Number(values[field]);
  if (values.governorate_id) {
    const gov = lookups.governorates.find((g) => g.id === id("governorate_id"));
    add(gov && t("search.wholeGovernorate", { name: nameOf(gov, locale) }), { governorate_id: "" });
  }
  if (values.location_id) {
    const place = lookups.locationById.get(id("location_id"));
    add(place && `${nameOf(place.governorate, locale)}${t("search.placeSeparator")}${nameOf(place.location, locale)}`, {
      location_id: "",
    });
  }
  add(nameOf(lookups.byId.estateType.get(id("estate_type_id")), locale), { estate_type_id: "" });
  if (url.pathname === "/estates")
    add(nameOf(lookups.byId.offerType.get(id("estate_offer_type_id")), locale), { estate_offer_type_id: "" });
  if (values.price_domain_id && values.price_domain_id !== "1") {
    add(nameOf(lookups.byId.priceDomain.get(id("price_domain_id")), locale), { price_domain_id: "" });
  }
  if (values.price_min) add(t("search.chip.priceMin", { price: money(values, values.price_min, t) }), { price_min: "" });
  if (values.price_max) add(t("search.chip.priceMax", { price: money(values, values.price_max, t) }), { price_max: "" });
  if (values.rooms_min) add(t("search.chip.roomsMin", { count: id("rooms_min"), n: values.rooms_min }), { rooms_min: "" });
  if (values.area_min) add(t("search.chip.areaMin", { n: formatNumber(id("area_min")) }), { area_min: "" });
  if (values.area_max) add(t("search.chip.areaMax", { n: formatNumber(id("area_max")) }), { area_max: "" });
  if (values.floor)
    add(values.floor === "0" ? t("card.groundFloor") : t("search.chip.floor", { n: values.floor }), { floor: "" });
  if (values.furnished) add(t("search.f.furnished"), { furnished: "" });
  if (values.swimming_pool) add(t("search.f.swimming_pool"), { swimming_pool: "" });
  if (values.estate_finishing)
    add(nameOf(lookups.byId.interiorStatus.get(id("estate_finishing")), locale), { estate_finishing: "" });
  if (values.ownership_type_id)
    add(nameOf(lookups.byId.ownershipType.get(id("ownership_type_id")), locale), { ownership_type_id: "" });
  if (values.period_type_id) add(nameOf(lookups.byId.periodType.get(id("period_type_id")), locale), { period_type_id: "" });
  if (values.negotiable) add(t("search.f.negotiable"), { negotiable: "" });
  if (values.with_photos) add(t("search.f.with_photos"), { with_photos: "" });
  // Decision 103: one chip for offices, one for owners (decision 100's).
  if (values.advertiser) add(t("search.chip.offices"), { advertiser: "" });
  if (values.estate_ownership) add(t("search.f.estate_ownership"), { estate_ownership: "" });
  // The facts (decision 093).
  if (values.electricity_min) add(t("search.chip.electricityMin", { n: values.electricity_min }), { electricity_min: "" });
  for (const flag of ["solar", "elevator", "generator", "parking"] as const) {
    if (values[flag]) add(t(`search.f.${flag}`), { [flag]: "" });
  }
  if (values.upfront_max) add(t("search.chip.upfrontMax", { n: values.upfront_max }), { upfront_max: "" });
  if (values.q) add(t("search.chip.words", { q: values.q }), { q: "" });
  if (values.since && /^\d{10}$/.test(values.since))
    add(t("search.chip.since", { date: formatDateTime(new Date(Number(values.since) * 1000)) }), { since: "" });
  return chips;
}

/**
 * What an empty search with words left says (decision 084): that no listing holds the words `q` (what the filters did
 * not take) with these filters, and the nearest searches (nearestQueries: a word replaced by a known place or type a
 * letter or two away), or the search without the words when none is near.
 */
function unknownWords(url: URL, q: string, lookups: Lookups, t: T): LinkGroup {
  const nearest = nearestQueries(q, lookups);
  return {
    className: "nearest",
    label: t("search.nearest"),
    lead: t(nearest.length ? "search.unknownWords" : "search.unknownWordsNoNearest", { q }),
    list: nearest.length
      ? nearest.map((near) => ({ label: near, href: linkWith(url, { q: near }) }))
      : [{ label: t("search.withoutWords"), href: linkWith(url, { q: "" }) }],
  };
}

/**
 * Wider searches for an empty result: the whole governorate of the chosen place, the same amounts in the
 * other currency, and the search without each filter (the chips).
 */
export function widerSearches(url: URL, values: FilterValues, lookups: Lookups, locale: Locale, t: T): SearchLink[] {
  const links: SearchLink[] = [];
  const place = values.location_id ? lookups.locationById.get(Number(values.location_id)) : undefined;
  if (place) {
    links.push({
      label: t("search.wholeGovernorate", { name: nameOf(place.governorate, locale) }),
      href: linkWith(url, { location_id: "", governorate_id: String(place.governorate.id) }),
    });
  }
  if (values.price_min || values.price_max) {
    const other = values.currency === "USD" ? "SYP" : "USD";
    links.push({ label: t(`search.inCurrency.${other}`), href: linkWith(url, { currency: other }) });
  }
  for (const chip of appliedFilters(url, values, lookups, locale, t)) {
    links.push({ label: t("search.without", { filter: chip.label }), href: chip.href });
  }
  links.push({ label: t("advanced.title"), href: "/advanced-search" });
  return links;
}

/**
 * The optional fields (decision 024) as data for the form (ExtraFilters: the results pages and the advanced search), named
 * and with their messages in `locale`, so that the browser's code only draws them (decision 024: the search page's
 * JavaScript budget). "More filters" is open when one of its fields is set or wrong. The rental period (decision 057)
 * is a main field of the rent and vacation pages, offering that page's periods, and one of the others elsewhere.
 */
export function filterFields(
  values: FilterValues,
  errors: FilterErrors,
  lookups: Lookups,
  locale: Locale,
  t: T,
  scope: Scope = "all",
): ExtraFields {
  const base = (name: FilterParam): FilterField => ({
    name,
    label: t(`search.f.${name}`),
    ...(errors[name] ? { error: t(errors[name][0].key, errors[name][0].values), "aria-invalid": true as const } : {}),
  });
  const text = (name: FilterParam, numeric = true): FilterField => ({
    ...base(name),
    type: numeric ? "text" : "search",
    ...(numeric ? { inputMode: "numeric" as const } : {}),
    defaultValue: values[name],
  });
  const select = (name: FilterParam, options: [string, string][]): FilterField => ({
    ...base(name),
    options,
    defaultValue: values[name],
  });
  const check = (name: FilterParam): FilterField => ({
    ...base(name),
    type: "checkbox",
    value: "1",
    defaultChecked: values[name] === "1",
  });
  const any: [string, string] = ["", t("search.any")];
  const named = (rows: { id: number; name_ar: string; name_en: string }[]) => [
    any,
    ...rows.map((r): [string, string] => [String(r.id), nameOf(r, locale)!]),
  ];
  const periods = lookups.periodTypes.filter((p) =>
    scope === "all" ? true : VACATION_PERIOD_TYPE_IDS.includes(p.id) === (scope === "vacation"),
  );
  const period = select("period_type_id", named(periods));
  const main = [
    text("q", false),
    text("price_min"),
    text("price_max"),
    select("currency", [
      ["SYP", t("card.currency")],
      ["USD", t("card.currencyUSD")],
    ]),
    select(
      "sort",
      SORTS.map((s) => [s, t(`search.sort.${s}`)]),
    ),
    ...(scope === "all" ? [] : [period]),
  ];
  const more = [
    text("rooms_min"),
    text("area_min"),
    text("area_max"),
    text("floor"),
    select("estate_finishing", named(lookups.interiorStatuses)),
    select("ownership_type_id", named(lookups.ownershipTypes)),
    ...(scope === "all" ? [period] : []),
    postedBy(values, errors, t),
    check("furnished"),
    check("swimming_pool"),
    check("negotiable"),
    check("with_photos"),
    // The facts Syrians ask before they call (decision 093); upfront months only where rents are searched.
    text("electricity_min"),
    ...(scope === "vacation" ? [] : [text("upfront_max")]),
    check("solar"),
    check("generator"),
    check("elevator"),
    check("parking"),
  ];
  return { main, more, open: more.some((f) => f.defaultValue || f.defaultChecked || f.error), summary: t("search.more") };
}

/**
 * The "Posted by" select of decision 103, the one control for who posted a listing: anyone, real-estate offices
 * (`advertiser=office`) or owners. A GET form field has one name, so the owners' option sends `advertiser=owner`,
 * which the results pages redirect to the owners' filter `estate_ownership=1` (searchChoices); the select shows owners
 * for a search with that filter, and says beside it what is wrong with either parameter.
 */
function postedBy(values: FilterValues, errors: FilterErrors, t: T): FilterField {
  const wrong = errors.advertiser?.[0] ?? errors.estate_ownership?.[0];
  return {
    name: "advertiser",
    label: t("search.f.advertiser"),
    options: [
      ["", t("search.advertiser.any")],
      ["office", t("search.advertiser.office")],
      ["owner", t("search.advertiser.owner")],
    ],
    defaultValue: values.estate_ownership === "1" ? "owner" : values.advertiser,
    ...(wrong ? { error: t(wrong.key, wrong.values), "aria-invalid": true as const } : {}),
  };
}
