import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ScopedListingPage } from "~/components/ListingResults";
import { loadListingPage } from "~/utils/listing-page.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;

/** Long-term rentals (spec 2.1 /rent-properties), with the search filter; every field is optional here. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadListingPage(request, {
    scope: "rent",
    required: [],
    titleKey: "listings.rentTitle",
    descriptionKey: "listings.rentDescription",
  });
}

export default function RentProperties() {
  return <ScopedListingPage data={useLoaderData<typeof loader>()} kind="rent" />;
}
