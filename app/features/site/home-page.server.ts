import { homeArticles } from "~/features/articles/article.server";
import { latestEstates } from "~/features/listings/estate.server";
import { filterOptions, getLookups } from "~/features/places/lookups.server";
import { topRentalOffices } from "~/features/offices/office.server";
import { pageContext } from "~/platform/http/page.server";

/**
 * The home page's data: its title, the search options, the 6 newest listings, articles 1-3 ("our
 * services") and 4-6 ("latest articles"), and 4 rental offices, in the request's language. One server module for
 * the route, so the browser bundle gets one empty stand-in for it instead of one per model.
 */
export async function loadHomePage(request: Request) {
  const { db, locale, t } = await pageContext(request);
  const [lookups, estates, articles, offices] = await Promise.all([
    getLookups(db),
    latestEstates(db, locale, 6),
    homeArticles(db, locale),
    topRentalOffices(db, locale, 4),
  ]);
  return {
    seo: { title: t("brand"), description: t("home.metaDescription") },
    options: filterOptions(lookups, locale),
    estates,
    services: articles.services,
    latestArticles: articles.latest,
    offices,
  };
}
