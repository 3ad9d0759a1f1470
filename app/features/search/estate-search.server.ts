import { and, eq, inArray, max, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Sort } from "~/features/search/search-query";
import type { Locale } from "~/platform/i18n/i18n";
import { baseCardQuery, cardsOf, imagesOf, type EstateCard } from "~/features/listings/estate-card.server";
import { getLookups, type Lookups } from "~/features/places/lookups.server";
import { budgetOf, COUNT_LIMIT, countWasCut, findPage, idsEachWay, key, type OrderKey } from "./find-page.server";
import { queryStems, searchWords, stemMatcher, wordsKindOf, wordsQuery } from "./search-words.server";
import { priceSortRange, rateOf, whereOf, type EstateFilter } from "./estate-filter.server";

/**
 * Searching the public listings (decisions 024 and 027): a filter's orders, one page of results with its count (at
 * most COUNT_LIMIT), the similar listings of a search, and the count of new listings a saved search alerts about. The
 * filter and its conditions are estate-filter.server.ts's. What is public is publicEstate of public-estate.server.ts; how a page's ids are found within a
 * time budget is find-page.server.ts's (decision 070).
 */

/** Listings per page of results. */
export const PAGE_SIZE = 12;

/**
 * One page of results: `total` matches, counted up to COUNT_LIMIT; `more` when there are more than that (the page
 * then says "more than 1,000" and offers the pages of the first COUNT_LIMIT).
 *
 * `counted` is false when the count was cut by its time budget (decision 043) and the matches did not end on this
 * page: `total` is then the number of the last listing shown (a lower bound), `more` says that listings follow, and
 * `pageCount` is the next page (this one at the last page of the first COUNT_LIMIT). A page past the end of an
 * uncounted search has no items and `pageCount` 0.
 */
export type SearchResult = {
  items: EstateCard[];
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
  counted: boolean;
};

/**
 * Newest first, written NULLS LAST as the newest-first indexes are built (drizzle's .desc()): both columns are never
 * null, so the order is the same, and only so does the planner read those indexes in order (decision 031).
 */
const NEWEST = [key(s.estates.created_at, true), key(s.estates.id, true)];

/**
 * The order of a sort; prices are compared in SYP (decision 027), a rent's per month whatever its
 * period (price_sort_syp and price_per_m2_syp, decision 057), listings without a price last. Each order is written
 * as its index is built, so the index serves it.
 */
function orderOf(sort: Sort | undefined): OrderKey[] {
  switch (sort) {
    case "price_asc":
      return [key(s.estates.price_sort_syp, false), key(s.estates.id, false, false)];
    case "price_desc":
      return [key(s.estates.price_sort_syp, true), key(s.estates.id, true)];
    case "price_per_m2_asc":
      return [key(s.estates.price_per_m2_syp, false), key(s.estates.id, false, false)];
    case "area_desc":
      // NULLS LAST as estates_area_idx is built (drizzle's .desc()), so the index serves the order.
      return [key(s.estates.area, true), key(s.estates.id, true)];
    default:
      return NEWEST;
  }
}

const titleWordsOf = new WeakMap<Lookups, (stem: string) => boolean>();

/**
 * Whether a stem is one a listing's title can hold (migration 0021's weight A: offer types, "للبيع sale للإيجار rent",
 * estate types, places and governorates, in both languages, as search_words makes them), or begins one (stemMatcher);
 * the matcher is kept per lookups object.
 */
function titleWords(lookups: Lookups): (stem: string) => boolean {
  let matches = titleWordsOf.get(lookups);
  if (!matches) {
    const names = [lookups.offerTypes, lookups.estateTypes, lookups.governorates, ...lookups.governorates.map((g) => g.locations)]
      .flat()
      .map((r) => `${r.name_ar} ${r.name_en}`);
    matches = stemMatcher(searchWords(`${names.join(" ")} للبيع sale للإيجار rent`));
    titleWordsOf.set(lookups, matches);
  }
  return matches;
}

/**
 * The first order key of a search with words (decision 056): the listings whose title (offer type, estate type and
 * place) holds every word come before those that have them in their description only; the sort orders each group.
 * Only when some title can hold every word, which the lookups tell without asking the database (a stem of three
 * characters or more is a prefix, as in wordsQuery): the place and type words are filters by then (filter-words),
 * so most searches keep their index-ordered plan. Undefined when no title can match.
 */
function titleFirst(filter: EstateFilter, lookups: Lookups): OrderKey | undefined {
  const stems = filter.q ? queryStems(filter.q) : [];
  if (!stems.length) return undefined;
  if (!stems.every(titleWords(lookups))) return undefined;
  return key(sql`(${s.estates.search_tsv} @@ to_tsquery('simple', ${wordsQuery(filter.q!, "A")}))`, true, false);
}

/**
 * The branches a search's walk reads one by one and merges (decision 072): a price sort over sales and rents
 * together, one walk per offer type. A rent's price is per month, a sale's the whole price, so the prices of the two
 * lie apart: one walk of both passes over every sale (or rent) before reaching the other, while each offer type's
 * prices have an index of their own (with the estate type: migration 0030). Each branch bounds its price order by the
 * search's price range (priceSortRange, `rate` SYP per USD), so its walk starts at the range ("villas over $500,000,
 * cheapest" no longer passes over every cheaper villa); a price range bounds the walk of a price per m² sort only as
 * a filter. None (empty) for other searches, and when words can match a title (titleFirst leads the order, which no
 * index serves).
 */
function walkBranchesOf(filter: EstateFilter, lookups: Lookups, rate: number, offerTypeIds?: number[]): SQL[] {
  if (!branchesWalked(filter, lookups)) return [];
  return (offerTypeIds ?? lookups.offerTypes.map((o) => o.id)).map((id) =>
    and(eq(s.estates.estate_offer_type_id, id), priceSortRange(filter, rate, id))!,
  );
}

/**
 * Whether a search's walk reads one branch per offer type (walkBranchesOf): a price sort, or the price per m² sort
 * (decision 102), naming no offer type. The price per m² has its index per offer type and estate type too
 * (estates_type_price_per_m2_syp_idx, estates_offer_price_per_m2_syp_idx), and a rent's is per month: one walk over
 * both offer types passed over a governorate's listings in another index's order and sorted them (owners' flats in
 * Homs by price per m²: 9,104 of them read and sorted, 18 ms at 1,000,000 listings, against two walks of a few hundred
 * index entries).
 */
function branchesWalked(filter: EstateFilter, lookups: Lookups): boolean {
  if (filter.sort !== "price_asc" && filter.sort !== "price_desc" && filter.sort !== "price_per_m2_asc") return false;
  return (filter.scope ?? "all") === "all" && !filter.estate_offer_type_id && !titleFirst(filter, lookups);
}

/**
 * The offer types whose branch of a walk can have matches (walkBranchesOf), when the search names a finishing
 * (decision 084's words: هيكل، عالعظم): the frame and shell states are listed for sale only, and a branch of rents
 * without them reads every rent of its type to its end before the merge answers (83,827 house rents for "بيت هيكل",
 * dearest first, at 1,000,000 listings). One probe per offer type of estates_finishing_offer_type_idx (migration
 * 0043, about 0.1 ms): whether any approved listing has that finishing, offer type and the search's estate type. Read
 * fresh on every such search, never cached, as roomsNeverMatch; a necessary condition only. Undefined (every offer
 * type) for the other searches. Throws the database's errors.
 */
async function finishingBranches(db: Db, filter: EstateFilter, lookups: Lookups): Promise<number[] | undefined> {
  if (!filter.estate_finishing || !branchesWalked(filter, lookups)) return undefined;
  const found: number[] = [];
  for (const offer of lookups.offerTypes) {
    // Only the index's own columns, so that it is read alone (an index-only scan).
    const [row] = await db
      .select({ offer: s.estates.estate_offer_type_id })
      .from(s.estates)
      .where(
        and(
          eq(s.estates.status, "approved"),
          eq(s.estates.interior_status_id, filter.estate_finishing),
          eq(s.estates.estate_offer_type_id, offer.id),
          filter.estate_type_id ? eq(s.estates.estate_type_id, filter.estate_type_id) : undefined,
        ),
      )
      .limit(1);
    if (row) found.push(offer.id);
  }
  return found;
}

/**
 * Whether `filter` asks for more rooms (rooms_min) than any approved listing of its estate type has (decision 074):
 * the most rooms of the type, one probe of estates_type_rooms_idx (0.1 ms at 1,000,000 listings). Shops, lands and
 * farms are listed without rooms, and a search of them with rooms would read the type's every listing to find none
 * (about 100,000 index entries, 13 to 260 ms between the budgets' tries). False without both fields. Throws the
 * database's errors.
 */
async function roomsNeverMatch(db: Db, filter: EstateFilter): Promise<boolean> {
  if (filter.rooms_min === undefined || filter.estate_type_id === undefined) return false;
  const [row] = await db
    .select({ most: max(s.estates.rooms_count) })
    .from(s.estates)
    .where(and(eq(s.estates.status, "approved"), eq(s.estates.estate_type_id, filter.estate_type_id)));
  return row.most === null || row.most < filter.rooms_min;
}

/** The order of a search: titleFirst when words can match a title, then the sort's (orderOf). */
function searchOrderOf(filter: EstateFilter, lookups: Lookups): OrderKey[] {
  const first = titleFirst(filter, lookups);
  return first ? [first, ...orderOf(filter.sort)] : orderOf(filter.sort);
}

/** The card rows of `ids`, in the order of `ids` (the order they were found in). */
/**
 * The cards of the listings `ids`, in that order (those no longer public left out): their rows and their photos read
 * at once, on two connections, a round trip less than one after the other (decision 098).
 */
async function cardsOfIds(db: Db, ids: number[], locale: Locale): Promise<EstateCard[]> {
  if (!ids.length) return [];
  const photos = imagesOf(db, ids);
  // Not waited for when the rows fail: its own failure must not be an unhandled rejection.
  photos.catch(() => undefined);
  return cardsOf(db, await cardRowsOf(db, ids), locale, photos);
}

async function cardRowsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await baseCardQuery(db).where(inArray(s.estates.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many public listings matching `filter` were published after `after` and up to `until` (decision 030:
 * a saved search's new listings), counted up to COUNT_LIMIT + 1. Served by estates_published_at_idx: a day brings
 * a few hundred to a few thousand listings, and only those are tested against the filter. `prepared` (the lookups
 * and the rate, SYP per USD) saves loading them again for each of many counts.
 */
export async function countPublishedBetween(
  db: Db,
  filter: EstateFilter,
  after: Date,
  until: Date,
  prepared?: { lookups: Lookups; rate: number },
): Promise<number> {
  const { lookups, rate } = prepared ?? { lookups: await getLookups(db), rate: await rateOf(db) };
  // The day's publications first, through their index (a CTE named like the table, so the filter's column
  // references read it); the planner would otherwise AND in the place's index, which costs more than the few
  // hundred rows of a day.
  const result = (await db.execute(sql`
    with "estates" as materialized (
      select * from public.estates
      where status = 'approved' and published_at > ${after} and published_at <= ${until}
    )
    select count(*)::int as n from (select 1 from "estates" where ${whereOf(filter, lookups, rate)} limit ${COUNT_LIMIT + 1}) m`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * One page of public listings matching `filter`, ordered by `filter.sort` (newest first by default;
 * the first page is 1). Prices in the other currency are converted at the
 * current rate (currentRate). A page past the last one returns no items with the real `pageCount`.
 *
 * The count finds the page too when the matches are at most COUNT_LIMIT (countMatches); a search with more, or whose
 * count was cut, walks its order's index within the same budget, and sorts its matches when that walk is cut
 * (findPage, decision 070).
 */
export async function searchEstates(
  db: Db,
  filter: EstateFilter,
  page: number,
  locale: Locale,
  options: {
    /**
     * The time budget of the count and of the walk of the order in milliseconds (0: none); SEARCH_COUNT_MS on
     * PostgreSQL and none on PGlite unless given.
     */
    countMs?: number;
  } = {},
): Promise<SearchResult> {
  const lookups = await getLookups(db);
  const rate = await rateOf(db);
  const where = whereOf(filter, lookups, rate);
  const order = searchOrderOf(filter, lookups);
  const budgetMs = budgetOf(db, options.countMs);
  const offset = (page - 1) * PAGE_SIZE;
  // A search whose count was cut pages through its first COUNT_LIMIT matches only (decision 043): past them, nothing
  // to read. Its pages read one listing more than they show, which says whether a next page exists.
  const lastPage = Math.ceil(COUNT_LIMIT / PAGE_SIZE);
  if (page > lastPage && countWasCut(countKey(filter)))
    return { items: [], total: 0, more: false, page, pageCount: 0, counted: false };
  if (await roomsNeverMatch(db, filter)) return { items: [], total: 0, more: false, page, pageCount: 0, counted: true };
  const offerTypeIds = await finishingBranches(db, filter, lookups);
  if (offerTypeIds?.length === 0) return { items: [], total: 0, more: false, page, pageCount: 0, counted: true };
  const { n, ids } = await findPage(db, where, order, PAGE_SIZE + 1, offset, budgetMs, {
    countKey: countKey(filter),
    words: await wordsKindOf(db, filter.q, budgetMs),
    branches: walkBranchesOf(filter, lookups, rate, offerTypeIds),
  });
  const shown = ids.slice(0, PAGE_SIZE);
  if (n === null) {
    // Not counted in time: this page and whether a next one exists.
    if (page > lastPage) return { items: [], total: 0, more: false, page, pageCount: 0, counted: false };
    const items = await cardsOfIds(db, shown, locale);
    // The matches end on this page: their number is known after all.
    if (ids.length <= PAGE_SIZE && (shown.length > 0 || page === 1))
      return { items, total: offset + shown.length, more: false, page, pageCount: page, counted: true };
    if (shown.length === 0) return { items, total: 0, more: false, page, pageCount: 0, counted: false };
    return { items, total: offset + shown.length, more: true, page, pageCount: Math.min(page + 1, lastPage), counted: false };
  }
  const more = n > COUNT_LIMIT;
  const total = Math.min(n, COUNT_LIMIT);
  const pageCount = Math.ceil(total / PAGE_SIZE);
  if (total === 0 || page > pageCount) return { items: [], total, more, page, pageCount, counted: true };
  return { items: await cardsOfIds(db, shown, locale), total, more, page, pageCount, counted: true };
}

/** The key of a filter's count: the filter without its sort, which does not change the count. */
function countKey(filter: EstateFilter): string {
  const { sort: _sort, ...rest } = filter;
  return JSON.stringify(rest);
}

/**
 * Up to `limit` public listings close to a search: the same offer type in the same
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
  // Two indexed queries rather than one sort over the governorate: the same estate type first, then any other; each
  // walks the newest-first order within the search's budget, or sorts its matches (findPage, decision 070).
  const budgetMs = budgetOf(db);
  const sameType = filter.estate_type_id
    ? (
        await findPage(
          db,
          and(whereOf({ ...base, estate_type_id: filter.estate_type_id }, lookups), notExcluded, notExact),
          NEWEST,
          limit,
          0,
          budgetMs,
        )
      ).ids
    : [];
  const seen = [...exclude, ...sameType];
  const others =
    sameType.length < limit
      ? (
          await findPage(
            db,
            and(whereOf(base, lookups), seen.length ? notInArray(s.estates.id, seen) : undefined, notExact),
            NEWEST,
            limit - sameType.length,
            0,
            budgetMs,
          )
        ).ids
      : [];
  return cardsOfIds(db, [...sameType, ...others], locale);
}

/**
 * The ids of page `page` of the search `filter`, read each way findPage can without a budget (decision 070): `count`
 * (the count's statement; null when more than COUNT_LIMIT match), `walk` (the order's index) and `sort` (every match
 * read, then sorted). They must agree, whichever plan the database picks (tests/search-pages.test.ts).
 */
export async function pageIdsEachWay(
  db: Db,
  filter: EstateFilter,
  page: number,
): Promise<{ count: number[] | null; walk: number[]; sort: number[] }> {
  const lookups = await getLookups(db);
  const rate = await rateOf(db);
  return idsEachWay(
    db,
    whereOf(filter, lookups, rate),
    searchOrderOf(filter, lookups),
    PAGE_SIZE,
    (page - 1) * PAGE_SIZE,
    walkBranchesOf(filter, lookups, rate, await finishingBranches(db, filter, lookups)),
  );
}
