import { count, desc } from "drizzle-orm";
import { isQueryCanceled, readWithSettings, type Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { cachedQuery } from "~/platform/cache/query-cache.server";
import { getLookups, nameOf } from "~/features/places/lookups.server";
import { hasErrors, parseEstateFilter, rateOf, whereOf, type EstateFilter, type Scope } from "./estate-filter.server";
import { linkWith, typedSearchAddressWith } from "./results-page.server";
import { savedScope, SCOPE_PATHS } from "./search-scope";
import type { MapGovernorate } from "~/features/places/PlaceMap";

/** The most places one search's map gets (those with the most listings first): the answer stays bounded. */
export const MAP_PLACES_MAX = 2000;
/** The time budget of the grouped count, in milliseconds: past it the map shows no points and says so. */
const MAP_COUNT_MS = 1500;

/**
 * One place of a search's map: its id, name (in the asked language), count of the search's listings there, its point
 * in degrees (WGS 84; a city quarter the gazetteer lacks has its city's, decision 094) and the address of the same
 * search in that place.
 */
export type MapPoint = { id: number; name: string; count: number; lat: number; lon: number; href: string };

/**
 * What /map.json answers (decision 095): the search's places with their counts (`places`, at most MAP_PLACES_MAX,
 * the most first), `more` when places were left out, `cut` when the count ran past its time budget (no places then),
 * or `invalid` for a filter the results page refuses; and every governorate with the address of the same search
 * there (`governorates`, the outlines' links, as the SVG map has them but without counts, which would cost a count of
 * every listing: decision 101).
 */
export type SearchMap = {
  places: MapPoint[];
  more: boolean;
  cut: boolean;
  invalid: boolean;
  governorates: Omit<MapGovernorate, "count">[];
};

/**
 * The search's listings counted by place (ids and counts, the most first, MAP_PLACES_MAX + 1 at most), within
 * MAP_COUNT_MS on PostgreSQL (a budgeted read, decisions 043 and 098; PGlite has no timer): past it, PostgreSQL's
 * query_canceled is thrown, and cachedQuery keeps nothing.
 */
async function countsByPlace(db: Db, filter: EstateFilter): Promise<{ id: number; n: number }[]> {
  const lookups = await getLookups(db);
  const where = whereOf(filter, lookups, await rateOf(db));
  return readWithSettings(db, { statement_timeout: String(MAP_COUNT_MS) }, async (reader) =>
    reader
      .select({ id: s.estates.location_id, n: count() })
      .from(s.estates)
      .where(where)
      .groupBy(s.estates.location_id)
      .orderBy(desc(count()), s.estates.location_id)
      .limit(MAP_PLACES_MAX + 1),
  );
}

/**
 * The map of the search of `params` (a results page's query string; `scope=rent|vacation` for the rent and holiday
 * pages, as saved searches name them): the filter is read by the results pages' own parser (parseEstateFilter, typed
 * words made filters as the page makes them, typedSearchAddressWith), its public listings counted by place (one
 * grouped query, kept a minute as search results are, decision 033) and each place given its point and the address of
 * the search there. Names in `locale`. Database errors propagate.
 */
export async function searchMap(db: Db, params: URLSearchParams, locale: Locale): Promise<SearchMap> {
  const lookups = await getLookups(db);
  let scope: Scope = savedScope(params);
  let url = new URL(`${SCOPE_PATHS[scope]}?${params}`, "http://map.invalid");
  url.searchParams.delete("scope");
  url.searchParams.delete("page");
  const address = typedSearchAddressWith(url, lookups, scope);
  if (address) {
    url = new URL(address, url);
    scope = (Object.keys(SCOPE_PATHS) as Scope[]).find((k) => SCOPE_PATHS[k] === url.pathname) ?? scope;
  }
  const parsed = parseEstateFilter(url.searchParams, lookups, { required: [], scope });
  if (hasErrors(parsed.errors)) return { places: [], more: false, cut: false, invalid: true, governorates: [] };
  const governorates = lookups.governorates.flatMap((g) =>
    g.wof_id === null
      ? []
      : [
          {
            id: g.id,
            wof_id: g.wof_id,
            name: nameOf(g, locale) ?? "",
            href: linkWith(url, { governorate_id: String(g.id), location_id: "" }),
          },
        ],
  );
  const filter = parsed.filter;
  const { sort: _sort, ...counted } = filter;
  let rows: { id: number; n: number }[];
  try {
    rows = await cachedQuery(`map search ${JSON.stringify(counted)}`, () => countsByPlace(db, filter));
  } catch (error) {
    if (isQueryCanceled(error)) return { places: [], more: false, cut: true, invalid: false, governorates };
    throw error;
  }
  const places: MapPoint[] = [];
  for (const row of rows.slice(0, MAP_PLACES_MAX)) {
    const point = lookups.pointByLocationId.get(row.id);
    const place = lookups.locationById.get(row.id);
    if (!point || !place) continue;
    places.push({
      id: row.id,
      name: nameOf(place.location, locale) ?? "",
      count: row.n,
      lat: point.latitude,
      lon: point.longitude,
      href: linkWith(url, { location_id: String(row.id), governorate_id: "" }),
    });
  }
  return { places, more: rows.length > MAP_PLACES_MAX, cut: false, invalid: false, governorates };
}
