import { homeArticles } from "~/features/articles/article.server";
import { latestEstates } from "~/features/listings/estate.server";
import { filterOptions, getLookups } from "~/features/places/lookups.server";
import { topRentalOffices } from "~/features/offices/office.server";
import { pageContext } from "~/platform/http/page.server";
import type { AppLoadContext } from "@remix-run/node";
import { mapData, mapFigureAddress, mapForDocument } from "~/features/search/map-data.server";

/**
 * The home page's data: its title, the search options, the 6 newest listings, articles 1-3 ("our
 * services") and 4-6 ("latest articles"), 4 rental offices and the map of listings by governorate (decision 095),
 * in the request's language (the map's data to the document through `context`, its address in the loader's data:
 * mapForDocument, decision 101). One server module for
 * the route, so the browser bundle gets one empty stand-in for it instead of one per model.
 */
export async function loadHomePage(request: Request, context?: AppLoadContext) {
  const { db, locale, t } = await pageContext(request);
  const [lookups, estates, articles, offices] = await Promise.all([
    getLookups(db),
    latestEstates(db, locale, 6),
    homeArticles(db, locale),
    topRentalOffices(db, locale, 4),
  ]);
  // Every governorate, each a link to its search: the map of the search of every listing, /estates?is_simple=0.
  const map = mapForDocument(
    context,
    await mapData(db, lookups, locale, {
      governorateHref: (id) => `/estates?is_simple=0&governorate_id=${id}`,
      placeHref: (id) => `/estates?is_simple=0&location_id=${id}`,
    }),
    mapFigureAddress(new URL("/estates?is_simple=0", request.url), "all", locale),
  );
  return {
    seo: { title: t("brand"), description: t("home.metaDescription") },
    options: filterOptions(lookups, locale),
    map,
    estates,
    services: articles.services,
    latestArticles: articles.latest,
    offices,
  };
}
