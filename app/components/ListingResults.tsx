import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EstateCard } from "~/models/estate-card.server";
import type { SearchResult } from "~/models/estate.server";
import { formatNumber } from "~/utils/format";
import type { FilterField, SearchLink } from "~/utils/listing-page.server";
import { EstateGrid, ListingsJsonLd } from "./EstateCard";
import { Icon } from "./Icon";
import { Pagination } from "./Pagination";
import { SearchFilter } from "./SearchFilter";

/**
 * Results of a listing search (spec 2.5): says whether anything was found, lists one page with links to the
 * others, and shows similar listings when there are any.
 */
export function ListingResults({
  result,
  similar,
  invalid,
  notice = "search.requiredToast",
  chips = [],
  widen = [],
}: {
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  /** The message key of a wrong filter: 'complete the required fields' (spec 5) or 'check the marked fields'. */
  notice?: string;
  /** Issue 13: the applied filters, each a link to the search without it, and wider searches for an empty result. */
  chips?: SearchLink[];
  widen?: SearchLink[];
}) {
  const { t } = useTranslation();
  if (invalid || !result) {
    return (
      <div className="notice notice-error" role="alert">
        <Icon name="alert" />
        <p>{t(notice)}</p>
      </div>
    );
  }
  return (
    <>
      <p className={result.total ? "result-count" : "notice"} role="status">
        {result.total ? t("search.found", { count: result.total, formatted: formatNumber(result.total) }) : t("search.none")}
      </p>
      <Links list={chips} label={t("search.applied")} className="chips" />
      <Links list={widen} label={t("search.widen")} className="widen" />
      {result.total ? (
        <>
          {/* The cards' titles are h3: a heading of the list keeps the outline in order (issue 10, axe heading-order). */}
          <h2 className="visually-hidden">{t("search.listTitle")}</h2>
          <EstateGrid estates={result.items} />
        </>
      ) : null}
      <ListingsJsonLd estates={result.items} />
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

/** A labelled list of links (applied filters, wider searches); nothing when empty. */
function Links({ list, label, className }: { list: SearchLink[]; label: string; className: string }) {
  return list.length ? (
    <nav className={className} aria-label={label}>
      <ul>
        {list.map((l) => (
          <li key={l.href}>
            <Link to={l.href} rel="nofollow">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;
}

type ListingPageData = {
  options: import("~/models/lookups.server").FilterOptions;
  values: import("~/utils/estate-filter.server").FilterValues;
  errors: import("~/utils/estate-filter.server").FilterErrors;
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  notice: string;
  fields: FilterField[];
  chips: SearchLink[];
  widen: SearchLink[];
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
          fields={data.fields}
        />
      </div>
      <ListingResults {...data} />
    </div>
  );
}
