import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { fallbackLng, supportedLngs, type Locale } from "~/platform/i18n/i18n";
import { FILTER_PARAMS } from "~/features/search/estate-filter.server";
import { SCOPE_PARAM, savedScope, SCOPE_PATHS } from "~/features/search/search-scope";
import { getLookups } from "~/features/places/lookups.server";
import { hasErrors } from "~/features/search/estate-filter.server";
import { readListingSearch, resultsMapData } from "~/features/search/results-page.server";
import { mapFigureHtml } from "~/features/places/map-figure.server";

/** The query parameters the loader reads (decision 045): the search's and its page's scope. */
export const queryParams = [...FILTER_PARAMS, SCOPE_PARAM];

/**
 * `/map-figure/ar|en?<a results page's query>&scope=rent|vacation`: the SVG map of that search's page alone (its
 * `<figure>`, mapFigureHtml), in that language, the address mapFigureAddress writes; its links are the page's own. The map of a page reached without a new document
 * is fetched from here (PlaceMap, decision 101); the home page's is `?is_simple=0`. A language other than ar
 * or en is read as Arabic. The search is read as its page
 * reads it (readListingSearch: typed words made filters); a search the page refuses gets 400 and no map. Kept a
 * minute by browsers and caches, as search results are kept on the server (decision 033).
 */
export async function loader({ request, params: path }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const locale = (supportedLngs as readonly string[]).includes(path.lang ?? "") ? (path.lang as Locale) : fallbackLng;
  const scope = savedScope(params);
  const url = new URL(`${SCOPE_PATHS[scope]}?${params}`, request.url);
  url.searchParams.delete(SCOPE_PARAM);
  const db = await getDb();
  const lookups = await getLookups(db);
  const search = readListingSearch(url, lookups, scope);
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" };
  if (hasErrors(search.parsed.errors)) return new Response("", { status: 400, headers });
  const data = await resultsMapData(db, lookups, locale, search.url, search.parsed.filter);
  return new Response(mapFigureHtml(data, locale), { headers: { ...headers, "Content-Language": locale } });
}
