import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EstateCard } from "~/models/estate-card.server";
import type { SearchResult } from "~/models/estate-search.server";
import { formatNumber } from "~/utils/format";
import type { ExtraFields, FilterField, LinkGroup } from "~/utils/listing-page.server";
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
  notice,
  links = [],
}: {
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  /** The translated message of a wrong filter: 'complete the required fields' (spec 5) or 'check the marked fields'. */
  notice: string;
  /** Issue 13: the applied filters (each a link to the search without it), and wider searches for an empty result. */
  links?: LinkGroup[];
}) {
  const { t } = useTranslation();
  if (invalid || !result) {
    return (
      <div className="notice notice-error" role="alert">
        <Icon name="alert" />
        <p>{notice}</p>
      </div>
    );
  }
  return (
    <>
      <p className={result.total ? "result-count" : "notice"} role="status">
        {!result.total
          ? t("search.none")
          : !result.counted
            ? // Counted past its time budget (decision 043): the listings shown, and that more follow.
              t("search.foundRange", {
                from: formatNumber(result.total - result.items.length + 1),
                to: formatNumber(result.total),
              })
            : t(result.more ? "search.foundMore" : "search.found", {
                count: result.total,
                formatted: formatNumber(result.total),
              })}
      </p>
      {links.map((group) => (
        <nav key={group.className} className={group.className} aria-label={group.label}>
          <ul>
            {group.list.map((l) => (
              <li key={l.href}>
                <Link to={l.href} rel="nofollow">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      {result.total ? (
        <>
          {/* The cards' titles are h3: a heading of the list keeps the outline in order (issue 10, axe heading-order). */}
          <h2 className="visually-hidden">{t("search.listTitle")}</h2>
          <EstateGrid estates={result.items} />
        </>
      ) : null}
      <Pagination page={result.page} pageCount={result.pageCount} />
      {similar.length ? (
        <section className="section similar" aria-labelledby="similar-title">
          <h2 id="similar-title">{t("search.similar")}</h2>
          <EstateGrid estates={similar} eagerFirst={false} />
        </section>
      ) : null}
    </>
  );
}

/**
 * Issue 13's optional filters inside SearchFilter: the words, price and sort fields, then the others under a "more
 * filters" disclosure (open when one of them is set or wrong). The server describes every field with its translated
 * label, attributes and message (listing-page.server.ts filterFields), so this code only draws them: the search page
 * stays within its JavaScript budget (decision 024), and the fields work without JavaScript as a plain GET form.
 */
// In this module, not one of its own: one script less on the search page (decision 024, JavaScript budget).
export function ExtraFilters({ extra }: { extra: ExtraFields }) {
  return (
    <>
      {extra.main.map((f) => (
        <Field key={f.name} f={f} />
      ))}
      <details className="more-filters" open={extra.open}>
        <summary>{extra.summary}</summary>
        <div className="filter-fields">
          {extra.more.map((f) => (
            <Field key={f.name} f={f} />
          ))}
        </div>
      </details>
    </>
  );
}

/** One field: its label wraps it (no ids), its message follows the control inside the label. */
function Field({ f: { label, error, options, ...attributes } }: { f: FilterField }) {
  return (
    <label className="field">
      {label}
      {options ? (
        <select {...attributes}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input {...attributes} />
      )}
      {error && <strong className="field-error">{error}</strong>}
    </label>
  );
}

type ListingPageData = {
  options: import("~/models/lookups.server").FilterOptions;
  values: import("~/utils/estate-filter.server").FilterValues;
  errors: import("~/utils/estate-filter.server").FilterErrors;
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  notice: string;
  fields: ExtraFields;
  links: LinkGroup[];
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
        >
          <ExtraFilters extra={data.fields} />
        </SearchFilter>
      </div>
      <ListingResults {...data} />
    </div>
  );
}
