import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { isPageNumber } from "~/platform/forms/queries";
import { publishedArticleIds } from "~/features/articles/article.server";
import { publicEstateIds, publicEstateStats } from "~/features/listings/estate.server";
import { activeOfficeIds } from "~/features/offices/office.server";
import { getLookups } from "~/features/places/lookups.server";
import { notFound } from "~/platform/http/page.server";
import { publicOrigin } from "~/platform/http/site.server";
import { SITEMAP_CHUNK, urlEntry, xmlResponse } from "~/features/site/sitemap.server";

const STATIC_PATHS = [
  "/",
  "/vacation-properties",
  "/rent-properties",
  "/estates",
  "/offices",
  "/articals",
  "/who-us",
  "/call-us",
  "/privacy-policy",
  "/company-profile",
  "/advanced-search",
  "/consultation",
  "/new-estate",
  "/user-order",
];

/**
 * The search pages by place (decision 077): each offer type in each governorate and each place, the pages worth a
 * crawler's visit besides the listings themselves (every other filter combination says noindex).
 */
async function placeSearchPaths(): Promise<string[]> {
  const lookups = await getLookups(await getDb());
  return lookups.offerTypes.flatMap((offer) => [
    ...lookups.governorates.map((g) => `/estates?estate_offer_type_id=${offer.id}&governorate_id=${g.id}&is_simple=0`),
    // In the order of the page's own canonical address (seoMeta writes FILTER_PARAMS in their order).
    ...[...lookups.locationById.keys()].map((id) => `/estates?location_id=${id}&estate_offer_type_id=${offer.id}&is_simple=0`),
  ]);
}

/**
 * One sitemap: `pages.xml` (static pages, search pages by place, offices, articles) or `estates-N.xml` (public listings with ids from
 * (N-1)*10000+1 to N*10000). Each page is listed in Arabic and in English, each with both alternates. Anything else is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const db = await getDb();
  const name = params.name ?? "";
  if (name === "pages.xml") {
    const [offices, articles, places] = await Promise.all([activeOfficeIds(db), publishedArticleIds(db), placeSearchPaths()]);
    const urls = [
      ...STATIC_PATHS.flatMap((p) => urlEntry(origin, p)),
      ...places.flatMap((p) => urlEntry(origin, p)),
      ...offices.flatMap((id) => urlEntry(origin, `/office/${id}`)),
      ...articles.flatMap((a) => urlEntry(origin, `/artical/${a.id}`, a.date)),
    ];
    return xmlResponse(wrap(urls));
  }
  const match = /^estates-(\d+)\.xml$/.exec(name);
  if (!match || !isPageNumber(match[1])) notFound();
  const n = Number(match[1]);
  if ((n - 1) * SITEMAP_CHUNK > (await publicEstateStats(db)).maxId) notFound();
  const rows = await publicEstateIds(db, (n - 1) * SITEMAP_CHUNK, SITEMAP_CHUNK);
  const inChunk = rows.filter((r) => r.id <= n * SITEMAP_CHUNK);
  if (!inChunk.length && n > 1) notFound();
  return xmlResponse(wrap(inChunk.flatMap((r) => urlEntry(origin, `/estate/${r.id}`, r.updated))));
}

function wrap(urls: string[]): string {
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>`;
}
