import { getEnv, isLoopbackUrl } from "~/platform/config/env.server";

/** Listing ids per sitemap file (well under the 50,000 URLs a sitemap may hold). */
export const SITEMAP_CHUNK = 10_000;

/**
 * Caching of files whose URLs name the site's origin (sitemaps, robots.txt): shared caches may keep them only when
 * PUBLIC_URL fixes the origin (a public one: on a loopback PUBLIC_URL each loopback name gets its own links,
 * docs/decisions/049); otherwise it comes from the Host header and must not be stored for others.
 */
export function originCacheControl(): string {
  const configured = getEnv().PUBLIC_URL;
  return configured && !isLoopbackUrl(configured) ? "public, max-age=3600" : "private, max-age=3600";
}

/** An XML response cached for an hour (see originCacheControl). */
export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": originCacheControl() },
  });
}

/**
 * The two <url> entries of a page: its Arabic URL (default) and its English one (`lang=en` added to its query), each naming both as
 * alternates (docs/decisions/002), with an optional last-modified date.
 */
export function urlEntry(origin: string, path: string, lastmod?: Date): string[] {
  // A search page by place has a query already; `&` is written `&amp;` in XML.
  const ar = `${origin}${path}`.replaceAll("&", "&amp;");
  const en = `${ar}${path.includes("?") ? "&amp;" : "?"}lang=en`;
  const alternates = `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/><xhtml:link rel="alternate" hreflang="en" href="${en}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return [ar, en].map((loc) => `<url><loc>${loc}</loc>${modified}${alternates}</url>`);
}
