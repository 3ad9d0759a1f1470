import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExtraFilters, ListingResults } from "~/components/ListingResults";
import { SearchFilter } from "~/components/SearchFilter";
import { loadListingPage } from "~/utils/listing-page.server";
import { pageMeta } from "~/utils/seo";
import { SEARCH_QUERY_PARAMS } from "~/utils/estate-filter.server";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = SEARCH_QUERY_PARAMS;

/** Search results (spec 2.1 /estates): the filter comes from the query string; location, type and offer type are required. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadListingPage(request, {
    scope: "all",
    required: ["location_id", "estate_type_id", "estate_offer_type_id"],
    titleKey: "search.resultsTitle",
    descriptionKey: "search.resultsDescription",
  });
}

export default function Estates() {
  const data = useLoaderData<typeof loader>();
  const { options, values, errors, fields, required } = data;
  const { t } = useTranslation();
  return (
    <div className="page listing-page">
      <h1>{t("search.resultsTitle")}</h1>
      <div className="sticky-filter">
        <SearchFilter options={options} values={values} errors={errors} required={required} compact>
          <ExtraFilters extra={fields} />
        </SearchFilter>
      </div>
      <ListingResults {...data} />
    </div>
  );
}
