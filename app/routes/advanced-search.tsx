import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { ExtraFilters } from "~/features/search/EstateResults";
import { SearchFilter } from "~/features/search/SearchFilter";
import { filterOptions, getLookups } from "~/features/places/lookups.server";
import { FILTER_PARAMS, type FilterValues, SEARCH_QUERY_PARAMS } from "~/features/search/estate-filter.server";
import { filterFields } from "~/features/search/results-page.server";
import type { LayoutHandle } from "~/root";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = SEARCH_QUERY_PARAMS;
/** Neither navbar nor footer on the advanced search. */
export const handle: LayoutHandle = { hideNavbar: true, hideFooter: true };

/**
 * Advanced search: offer type, price range, type and location, each of them may be left open ("any",
 * `is_simple=0`), and the optional filters of decision 024; the form goes to /estates.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const lookups = await getLookups(db);
  const empty = Object.fromEntries(FILTER_PARAMS.map((f) => [f, ""])) as FilterValues;
  return {
    seo: { title: t("advanced.title"), description: t("advanced.description") },
    options: filterOptions(lookups, locale),
    fields: filterFields(empty, {}, lookups, locale, t),
  };
}

export default function AdvancedSearch() {
  const { options, fields } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page narrow standalone">
      <Link to="/" className="standalone-brand">
        <Icon name="building" /> {t("brand")}
      </Link>
      <h1>{t("advanced.title")}</h1>
      <p className="page-lead">{t("advanced.lead")}</p>
      <div className="card form-card">
        <SearchFilter options={options} required={false}>
          <ExtraFilters extra={fields} />
        </SearchFilter>
      </div>
      <p className="standalone-back">
        <Link to="/">
          <Icon name="chevron" className="icon-start" /> {t("advanced.back")}
        </Link>
      </p>
    </div>
  );
}
