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
export const pageAddress = (url: URL) => typedSearchAddress(url, "rent");

/** Long-term rentals (/rent-properties), with the search filter; every field is optional here. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadListingPage(
    request,
    {
      scope: "rent",
      titleKey: "listings.rentTitle",
      descriptionKey: "listings.rentDescription",
    },
    context,
  );
}

export default function RentProperties() {
  return <ListingPage data={useLoaderData<typeof loader>()} kind="rent" />;
}
