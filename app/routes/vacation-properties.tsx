import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ScopedListingPage } from "~/components/ListingResults";
import { loadListingPage } from "~/utils/listing-page.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;

/** Vacation rentals: daily, weekly and seasonal periods (spec 2.1 /vacation-properties), with the search filter; every field is optional here. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadListingPage(request, {
    scope: "vacation",
    required: [],
    titleKey: "listings.vacationTitle",
    descriptionKey: "listings.vacationDescription",
  });
}

export default function VacationProperties() {
  return <ScopedListingPage data={useLoaderData<typeof loader>()} kind="vacation" />;
}
