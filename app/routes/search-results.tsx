import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListingPage } from "~/features/search/EstateResults";
import { loadListingPage, typedSearchAddress } from "~/features/search/results-page.server";
import { pageMeta } from "~/platform/http/seo";
import { SEARCH_QUERY_PARAMS } from "~/features/search/estate-filter.server";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = SEARCH_QUERY_PARAMS;

/** The filters' address of a search typed as words, from which the server renders this page (decision 087). */
export const pageAddress = (url: URL) => typedSearchAddress(url, "all");

/** Search results (/estates): the filter comes from the query string; location, type and offer type are required. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadListingPage(
    request,
    {
      scope: "all",
      titleKey: "search.resultsTitle",
      descriptionKey: "search.resultsDescription",
    },
    context,
  );
}

export default function Estates() {
  return <ListingPage data={useLoaderData<typeof loader>()} kind="all" />;
}
