import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useT } from "~/platform/i18n/use-t";
import type { EstateCard } from "~/features/listings/estate-card.server";
import type { SearchResult } from "~/features/search/estate-search.server";
import { formatNumber } from "~/features/listings/format";
import type { ExtraFields, FilterField, LinkGroup } from "~/features/search/results-page.server";
import { EstateGrid } from "~/features/listings/EstateCard";
import { Icon } from "~/platform/ui/Icon";
import { Pagination } from "~/platform/ui/Pagination";
import { SearchFilter } from "./SearchFilter";
import { PlaceMap } from "~/features/places/PlaceMap";

/** The id of a results page's search form: the sort beside the count belongs to it through its `form` attribute. */
const SEARCH_FORM = "search-form";

/**
 * Results of a listing search: says whether anything was found, with the sort beside the count, lists one
 * page with links to the others, and shows similar listings when there are any. The page's JSON-LD (an ItemList of
 * the listings) is rendered by the server after the page (app/features/site/StructuredData.server.tsx).
 */
export function EstateResults({
  result,
  similar,
  invalid,
  notice,
  links = [],
  sort,
  budget = [],
}: {
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  /** The translated message of a wrong filter: 'complete the required fields' or 'check the marked fields'. */
  notice: string;
  /** Wider searches for an empty result and the alert link (the applied filters are in the SearchBar). */
  links?: LinkGroup[];
  /** The sort field, drawn beside the count as a control of the search form (docs/decisions/058-results-first.md). */
  sort?: FilterField;
  /**
   * The highest price and its currency, drawn on the same line as controls of the search form, so that a budget is
   * set without opening "Edit search" (docs/decisions/087-typed-words-answered-where-typed.md); empty: not shown.
   */
  budget?: FilterField[];
}) {
  const { t } = useT();
  const { search } = useLocation();
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
      <div className="results-head">
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
        {budget.length ? (
          // Made again for each search: a client-side navigation shows the new search's budget, as a page load does.
          <div className="sort budget" key={search}>
            {budget.map((f) => (
              // The currency's select is named by its label for screen readers; the line shows "SYP" or "US$".
              <Field key={f.name} f={{ ...f, form: SEARCH_FORM }} labelHidden={f.name === "currency"} />
            ))}
            <button type="submit" form={SEARCH_FORM} className="button">
              {t("search.budgetApply")}
            </button>
          </div>
        ) : null}
        {sort ? (
          <div className="sort">
            <Field f={{ ...sort, form: SEARCH_FORM }} />
            <button type="submit" form={SEARCH_FORM} className="button">
              {t("search.sortApply")}
            </button>
          </div>
        ) : null}
      </div>
      {links.map((group) => (group.className === "chips" ? null : <SearchLinks key={group.className} group={group} />))}
      {result.total ? (
        <>
          {/* The cards' titles are h3: a heading of the list keeps the outline in order (axe heading-order). */}
          <h2 className="visually-hidden">{t("search.listTitle")}</h2>
          <EstateGrid estates={result.items} />
        </>
      ) : null}
      <Pagination page={result.page} pageCount={result.pageCount} />
      {result.total || similar.length ? <p className="currency-note">{t("card.currencyNote")}</p> : null}
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
 * A labelled list of links (LinkGroup): the applied filters as removable chips, the nearest searches after their
 * sentence, wider searches, the alert link.
 */
function SearchLinks({ group }: { group: LinkGroup }) {
  return (
    <nav className={group.className} aria-label={group.label}>
      {group.lead ? <p>{group.lead}</p> : null}
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
  );
}

/**
 * The search above the results as one line (docs/decisions/058-results-first.md): what was asked, as removable chips,
 * and an "Edit search" disclosure (`<details>`, no script) that holds the whole form, open when the search is wrong so
 * that its messages show. Only this line sticks to the top on scroll; the form opened from it scrolls within the screen.
 */
function SearchBar({ chips, open, children }: { chips?: LinkGroup; open: boolean; children: ReactNode }) {
  const { t } = useT();
  // A new search closes the form again (with JavaScript the page is not reloaded, and React keeps what was opened).
  const { search } = useLocation();
  return (
    // Open from the start (a wrong search), the form is the page's content: the line does not stick then.
    <div className={open ? "search-bar search-bar-open" : "search-bar"}>
      {chips ? <SearchLinks group={chips} /> : <p className="search-hint">{t("search.unfiltered")}</p>}
      <details key={search} className="search-edit" open={open}>
        <summary className="button">
          <Icon name="filter" /> {t("search.edit")}
        </summary>
        {children}
      </details>
    </div>
  );
}

/**
 * The optional filters (decision 024) inside SearchFilter: the words, price and sort fields (but those drawn `beside`
 * the results' count, which belong to the form through their `form` attribute), then the others under a "more
 * filters" disclosure (open when one of them is set or wrong). The server describes every field with its translated
 * label, attributes and message (listing-page.server.ts filterFields), so this code only draws them: the search page
 * stays within its JavaScript budget (decision 024), and the fields work without JavaScript as a plain GET form.
 */
// In this module, not one of its own: one script less on the search page (decision 024, JavaScript budget).
export function ExtraFilters({ extra, beside = [] }: { extra: ExtraFields; beside?: readonly string[] }) {
  return (
    <>
      {extra.main.map((f) => (beside.includes(f.name) ? null : <Field key={f.name} f={f} />))}
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

/**
 * One field: its label wraps it (no ids), its message follows the control inside the label; `form` names its form.
 * `labelHidden` keeps the label for screen readers only.
 */
function Field({
  f: { label, error, options, ...attributes },
  labelHidden,
}: {
  f: FilterField & { form?: string };
  labelHidden?: boolean;
}) {
  return (
    <label className="field">
      {labelHidden ? <span className="visually-hidden">{label}</span> : label}
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
  options: import("~/features/places/lookups.server").FilterOptions;
  values: import("~/features/search/estate-filter.server").FilterValues;
  errors: import("~/features/search/estate-filter.server").FilterErrors;
  /** The address of the map of listings under the results (decisions 095 and 101); null when the search is refused. */
  map: string | null;
  /** The chosen place when the place select lacks it (gazetteerPlace, decision 095). */
  place: { id: number; name: string } | null;
  result: SearchResult | null;
  similar: EstateCard[];
  invalid: boolean;
  notice: string;
  fields: ExtraFields;
  links: LinkGroup[];
  /** Whether the form marks location, type and offer type as required (/estates, unless from the advanced search). */
  required: boolean;
};

/** The fields of the budget drawn on the results' first line: the highest price and its currency. */
const BUDGET_FIELDS: readonly string[] = ["price_max", "currency"];

const PAGES = {
  all: { action: "/estates", title: "search.resultsTitle", lead: null },
  rent: { action: "/rent-properties", title: "listings.rentTitle", lead: "listings.rentLead" },
  vacation: { action: "/vacation-properties", title: "listings.vacationTitle", lead: "listings.vacationLead" },
} as const;

/**
 * A listing search page (/estates, /rent-properties, /vacation-properties): a title (and the rent and vacation pages'
 * lead), the search as one line with the whole form behind "Edit search", then the results, so that the first result
 * shows on a phone's first screen (docs/decisions/058-results-first.md). /estates has the sale/rent tabs and marks
 * location, type and offer type required unless the search came from the advanced search (`data.required`); the
 * rent and vacation pages fix the offer type and require nothing.
 */
export function ListingPage({ data, kind }: { data: ListingPageData; kind: keyof typeof PAGES }) {
  const { t } = useT();
  const page = PAGES[kind];
  // Beside the count when there is something to sort; else inside the form, so that a search sent again keeps it.
  const sortBeside = !data.invalid && Boolean(data.result?.total);
  // The budget (highest price and currency) on the results' first line whenever there are results to narrow or none
  // found; a wrong search opens the whole form, which keeps them (decision 087).
  const budgetBeside = !data.invalid;
  const beside = [...(sortBeside ? ["sort"] : []), ...(budgetBeside ? BUDGET_FIELDS : [])];
  return (
    <div className="page listing-page">
      <h1>{t(page.title)}</h1>
      {page.lead ? <p className="page-lead">{t(page.lead)}</p> : null}
      <SearchBar chips={data.links.find((group) => group.className === "chips")} open={data.invalid}>
        <SearchFilter
          id={SEARCH_FORM}
          options={data.options}
          values={data.values}
          place={data.place}
          errors={data.errors}
          action={page.action}
          withOfferTabs={kind === "all"}
          required={kind === "all" && data.required}
          compact
        >
          <ExtraFilters extra={data.fields} beside={beside} />
        </SearchFilter>
      </SearchBar>
      <EstateResults
        {...data}
        sort={sortBeside ? data.fields.main.find((f) => f.name === "sort") : undefined}
        budget={budgetBeside ? data.fields.main.filter((f) => BUDGET_FIELDS.includes(f.name)) : []}
      />
      {data.map ? <ResultsMap map={data.map} kind={kind} /> : null}
    </div>
  );
}

/**
 * The SVG map under the results (decision 095): the search's governorate and its places, else every governorate. With
 * JavaScript, a button opens the interactive map of the search's listings (SearchMapView, pan, zoom and clusters),
 * whose code is loaded only then (a dynamic import): the results page's first scripts do not grow. Without JavaScript
 * the button is never drawn (it appears once the page's script runs) and the SVG map stays as it is.
 */
function ResultsMap({ map, kind }: { map: string; kind: keyof typeof PAGES }) {
  const { t } = useT();
  const { search } = useLocation();
  const [scripted, setScripted] = useState(false);
  const [view, setView] = useState<typeof import("./SearchMapView").SearchMapView | "loading" | "failed" | null>(null);
  useEffect(() => setScripted(true), []);
  const open = () => {
    setView("loading");
    import("./SearchMapView").then(
      (module) => setView(() => module.SearchMapView),
      () => setView("failed"),
    );
  };
  const View = typeof view === "function" ? view : null;
  return (
    <section className={View ? "section results-map-open" : "section"}>
      {scripted && !View ? (
        <p>
          <button type="button" className="button" onClick={open} disabled={view === "loading"} aria-busy={view === "loading"}>
            <Icon name="map" /> {t("places.map.open")}
          </button>
          {view === "failed" ? <span role="alert"> {t("places.map.failed")}</span> : null}
        </p>
      ) : null}
      {View ? (
        <>
          <View query={search} scope={kind} />
          <p>
            <button type="button" className="button" onClick={() => setView(null)}>
              {t("places.map.close")}
            </button>
          </p>
        </>
      ) : null}
      <PlaceMap src={map} />
    </section>
  );
}
