import { data } from "@remix-run/node";
import type { EstateCard } from "~/models/estate-card.server";
import { searchEstates, similarEstates, type Scope, type SearchResult } from "~/models/estate.server";
import { filterOptions, getLookups } from "~/models/lookups.server";
import { hasErrors, isFilterSubmitted, parseEstateFilter, type FilterValues } from "./estate-filter.server";
import { notFound, pageContext } from "./page.server";

type Options = {
  scope: Scope;
  /** Fields that must be chosen on this page (spec 5: location, type and offer type on the search). */
  required: (keyof FilterValues)[];
  /** Key of the page's title in locales (common.json). */
  titleKey: string;
  descriptionKey: string;
};

/**
 * The loader of a listing page (/estates, /rent-properties, /vacation-properties): reads the filter from the URL,
 * answers 400 with the form and its messages when it is incomplete or wrong, 404 for a page out of range,
 * else one page of results and similar listings (spec 2.5).
 */
export async function loadListingPage(request: Request, options: Options) {
  const { db, locale, t } = await pageContext(request);
  const lookups = await getLookups(db);
  const url = new URL(request.url);
  const parsed = parseEstateFilter(url.searchParams, lookups, {
    // Decision 006: only a filter field makes the fields required, not `page`, `lang` or a tracking parameter.
    required: options.scope === "all" && !isFilterSubmitted(url.searchParams) ? [] : options.required,
    scope: options.scope,
  });
  if (parsed.page === null) notFound();
  const title = t(options.titleKey);
  const base = {
    seo: {
      title: parsed.page > 1 ? t("pagination.titleWithPage", { title, page: parsed.page }) : title,
      description: t(options.descriptionKey),
      keep: ["location_id", "estate_type_id", "estate_offer_type_id", "price_domain_id", "page"],
      noindex: false,
    },
    options: filterOptions(lookups, locale),
    values: parsed.values,
    errors: parsed.errors,
  };
  if (hasErrors(parsed.errors)) {
    return data(
      {
        ...base,
        seo: { ...base.seo, noindex: true },
        invalid: true as const,
        result: null as SearchResult | null,
        similar: [] as EstateCard[],
      },
      { status: 400 },
    );
  }
  const result = await searchEstates(db, parsed.filter, parsed.page, locale);
  if (result.pageCount > 0 && parsed.page > result.pageCount) notFound();
  if (result.pageCount === 0 && parsed.page > 1) notFound();
  const narrowed = Boolean(parsed.filter.location_id || parsed.filter.estate_type_id || parsed.filter.price_domain_id);
  const similar =
    (narrowed && result.page === result.pageCount) || result.total === 0
      ? await similarEstates(db, parsed.filter, locale, { limit: 6, excludeIds: result.items.map((e) => e.id) })
      : [];
  return data({ ...base, seo: { ...base.seo, noindex: result.total === 0 }, invalid: false as const, result, similar });
}
