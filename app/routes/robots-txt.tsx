import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/platform/http/site.server";
import { originCacheControl } from "~/features/site/sitemap.server";

/**
 * The search parameters whose values make endless pages (decision 077): a search with words or another order is never
 * a page worth a crawler's visit. An address with the parameter empty (what the search form sends when the box is
 * left empty) is disallowed too: it is the same page as its canonical address, which drops empty parameters. No Allow
 * rule carves the empty value out: under RFC 9309 the longest matching rule decides for the whole address, so
 * `Allow: /*&sort=$` would also allow `?q=villa&sort=`.
 */
const ENDLESS_PARAMS = ["q", "sort"];

/**
 * robots.txt: everything public may be crawled but searches by words or order (ENDLESS_PARAMS); account and form pages
 * are not worth it; points to the sitemap. Searches of other filter combinations say `noindex, follow` themselves.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const endless = ENDLESS_PARAMS.flatMap((name) => ["?", "&"].map((before) => `Disallow: /*${before}${name}=`));
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /login",
    "Disallow: /profile",
    "Disallow: /admin",
    "Disallow: /confirm",
    "Disallow: /rp",
    "Disallow: /ac",
    "Disallow: /officesResult",
    ...endless,
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": originCacheControl() } });
}
