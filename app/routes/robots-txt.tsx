import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/platform/http/site.server";
import { originCacheControl } from "~/features/site/sitemap.server";

/** robots.txt: everything public may be crawled; account and form pages are not worth it; points to the sitemap. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
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
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": originCacheControl() } });
}
