import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { fallbackLng } from "~/platform/i18n/i18n";
import { queryLang } from "~/platform/forms/queries";
import { FILTER_PARAMS } from "~/features/search/estate-filter.server";
import { SCOPE_PARAM } from "~/features/search/search-scope";
import { searchMap } from "~/features/search/search-map.server";

/** The query parameters the loader reads (decision 045): the search's, its page's scope and the language. */
export const queryParams = [...FILTER_PARAMS, SCOPE_PARAM, "lang"];

/**
 * `/map.json?<a results page's query>&scope=rent|vacation&lang=ar|en`: the places of that search with their counts
 * and points, as the results page's map loads them when a visitor opens it with JavaScript (decision 095; shape
 * SearchMap of search-map.server.ts). 400 with no places for a filter the results page refuses. Kept a minute by
 * browsers and caches, as search results are kept on the server (decision 033).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const map = await searchMap(await getDb(), params, queryLang(params) ?? fallbackLng);
  return new Response(JSON.stringify(map), {
    status: map.invalid ? 400 : 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
