import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { publicEstateStats } from "~/features/listings/estate.server";
import { publicOrigin } from "~/platform/http/site.server";
import { SITEMAP_CHUNK, xmlResponse } from "~/features/site/sitemap.server";

/** The sitemap index: one sitemap of pages, offices and articles, and one per 10,000 listing ids (each page in both languages). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const { maxId } = await publicEstateStats(await getDb());
  const chunks = Math.max(1, Math.ceil(maxId / SITEMAP_CHUNK));
  const entries = [
    `${origin}/sitemaps/pages.xml`,
    ...Array.from({ length: chunks }, (_, i) => `${origin}/sitemaps/estates-${i + 1}.xml`),
  ];
  return xmlResponse(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join("")}</sitemapindex>`,
  );
}
