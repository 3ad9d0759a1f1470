import * as z from "zod/v4";
import { ApiError, invalid, page, pageSchema, type ApiEndpoint } from "~/platform/api/api.server";
import type { Message } from "~/platform/forms/message";
import { estateCardsByIds, estateIdByAdNumber } from "~/features/listings/estate.server";
import { apiEstateCard, apiEstateCardSchema, cardContext } from "~/features/listings/listings-api.server";
import { getLookups } from "~/features/places/lookups.server";
import { adNumberOf, governorateChoice, SEARCH_QUERY_PARAMS } from "./estate-filter.server";
import { PAGE_SIZE } from "./estate-search.server";
import { filterNoticeKey, isPastLastPage, readListingSearch, searchWithSimilar } from "./results-page.server";
import { filterQuery } from "./search-query";

/**
 * The search of the apps' API (docs/api.md, decision 097): `POST /api/estate/searchEstateByregionsByestatefeatures/?page=n`
 * with the apps' filter form (`location_id`, `estate_type_id`, `estate_offer_type_id`, `price_domain_id`,
 * `is_simple`) and every other field of the site's search (filterQuery), read as /estates reads its query
 * (readListingSearch: typed words that name filters become them, the page's required fields, the same messages),
 * answered with the same page of results and similar listings (searchWithSimilar), the cards as JSON.
 */

/** The fields the search reads, documented as form fields (they are parsed as /estates parses its query). */
const searchBody = /* @__PURE__ */ (() =>
  filterQuery.meta({
    description:
      "The search filter of /estates: without is_simple=0, a search that sends one of the simple filter's fields needs location_id (or governorate_id), estate_type_id and estate_offer_type_id",
  }))();

/** The answer of a search: a page of cards, whether the count was cut, the search's page and similar listings. */
const searchData = /* @__PURE__ */ (() =>
  pageSchema(apiEstateCardSchema).extend({
    more: z.boolean().meta({ description: "More listings match than the 1,000 counted (total is then 1,000)" }),
    counted: z.boolean().meta({
      description: "false when the count was cut by its time budget: total is then a lower bound and last_page the next page",
    }),
    scope: z.enum(["all", "rent", "vacation"]).meta({
      description: "The listings searched: all, the long-term rents or the holiday lets (words such as 'for rent' choose it)",
    }),
    similar: z.array(apiEstateCardSchema).meta({
      description: "Listings close to the search, when nothing was found or on the last page of a narrowed search",
    }),
  }))();

/** The fields of a search request: the body's fields, with the page of the query (`?page=n`) when it has one. */
function searchFields(body: URLSearchParams, query: URLSearchParams): URLSearchParams {
  // "All areas of a governorate" sent as location_id=g<id> is that governorate, as the site redirects it.
  const fields = governorateChoice(body) ?? new URLSearchParams(body);
  const pages = query.has("page") ? query.getAll("page") : body.getAll("page");
  fields.delete("page");
  for (const value of pages) fields.append("page", value);
  // Only what the search reads: an unknown field is ignored, as the page ignores it.
  for (const name of [...new Set(fields.keys())]) {
    if (!(SEARCH_QUERY_PARAMS as readonly string[]).includes(name)) fields.delete(name);
  }
  return fields;
}

export const searchEndpoints: ApiEndpoint<{ id: number } | null>[] = [
  {
    method: "POST",
    path: "/estate/searchEstateByregionsByestatefeatures",
    summary:
      "Search the public listings with the site's filter (the simple filter's fields and every advanced one), a page of 12 at a time (?page=n)",
    tag: "search",
    auth: "optional",
    body: { kind: "form", schema: searchBody, raw: true },
    query: z.object({ page: z.int().min(1).optional() }),
    data: searchData,
    errors: [404, 422],
    async handle({ db, t, locale, user, query, body, request }) {
      const fields = searchFields(body as URLSearchParams, query);
      const context = await cardContext(db, request, user);
      const card = (item: Parameters<typeof apiEstateCard>[0]) => apiEstateCard(item, context.origin, context.savedIds);
      // An ad number typed in the words is that listing, as the site opens its page.
      const adNumber = adNumberOf(fields);
      const adId = adNumber === null ? null : await estateIdByAdNumber(db, adNumber);
      if (adId !== null) {
        const cards = await estateCardsByIds(db, [adId], locale);
        return {
          data: { ...page(cards.map(card), 1, PAGE_SIZE, cards.length), more: false, counted: true, scope: "all", similar: [] },
        };
      }
      const lookups = await getLookups(db);
      const search = readListingSearch(new URL(`/estates?${fields}`, request.url), lookups, "all");
      const { parsed } = search;
      if (Object.keys(parsed.errors).length) {
        throw invalid(t, parsed.errors as Record<string, Message[]>, t(filterNoticeKey(parsed.errors)));
      }
      if (parsed.page === null) throw new ApiError(404, t("api.errors.notFound"));
      const { result, similar } = await searchWithSimilar(db, parsed.filter, parsed.page, locale);
      if (isPastLastPage(result, parsed.page)) throw new ApiError(404, t("api.errors.notFound"));
      return {
        data: {
          ...page(result.items.map(card), parsed.page, PAGE_SIZE, result.total),
          last_page: Math.max(1, result.pageCount),
          more: result.more,
          counted: result.counted,
          scope: search.scope,
          similar: similar.map(card),
        },
      };
    },
  },
];
