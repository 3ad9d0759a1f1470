import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EstateCard } from "~/models/estate-card.server";
import type { SearchResult } from "~/models/estate.server";
import { formatNumber } from "~/utils/format";
import { EstateGrid } from "./EstateCard";
import { Icon } from "./Icon";
import { Pagination } from "./Pagination";
import { SearchFilter } from "./SearchFilter";

/**
 * Results of a listing search (spec 2.5): says whether anything was found, lists one page with links to the
 * others, and shows similar listings when there are any. The page's JSON-LD (an ItemList of the listings) is
 * rendered by the server after the page (app/components/StructuredData.server.tsx).
 */
export function ListingResults({
  result,
  similar,
  invalid,
}: {
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
}) {
  const { t } = useTranslation();
  if (invalid || !result) {
    return (
      <div className="notice notice-error" role="alert">
        <Icon name="alert" />
        <p>{t("search.requiredToast")}</p>
      </div>
    );
  }
  return (
    <>
      <p className={result.total ? "result-count" : "notice"} role="status">
        {result.total ? t("search.found", { count: result.total, formatted: formatNumber(result.total) }) : t("search.none")}
      </p>
      {result.total ? (
        <>
          {/* The cards' titles are h3: a heading of the list keeps the outline in order (issue 10, axe heading-order). */}
          <h2 className="visually-hidden">{t("search.listTitle")}</h2>
          <EstateGrid estates={result.items} />
        </>
      ) : null}
      <Pagination page={result.page} pageCount={result.pageCount} />
      {!result.total ? (
        <p className="empty-next">
          <Link to="/advanced-search" className="button">
            <Icon name="search" /> {t("search.widen")}
          </Link>
        </p>
      ) : null}
      {similar.length ? (
        <section className="section similar" aria-labelledby="similar-title">
          <h2 id="similar-title">{t("search.similar")}</h2>
          <EstateGrid estates={similar} eagerFirst={false} />
        </section>
      ) : null}
    </>
  );
}

type ListingPageData = {
  options: import("~/models/lookups.server").FilterOptions;
  values: import("~/utils/estate-filter.server").FilterValues;
  errors: import("~/utils/estate-filter.server").FilterErrors;
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
};

/** The rent and vacation pages: a title, a lead, the filter without offer tabs (all optional) and the results. */
export function ScopedListingPage({ data, kind }: { data: ListingPageData; kind: "rent" | "vacation" }) {
  const { t } = useTranslation();
  return (
    <div className="page listing-page">
      <h1>{t(`listings.${kind}Title`)}</h1>
      <p className="page-lead">{t(`listings.${kind}Lead`)}</p>
      <div className="sticky-filter">
        <SearchFilter
          options={data.options}
          values={data.values}
          errors={data.errors}
          action={`/${kind}-properties`}
          withOfferTabs={false}
          required={false}
          compact
        />
      </div>
      <ListingResults result={data.result} similar={data.similar} invalid={data.invalid} />
    </div>
  );
}
