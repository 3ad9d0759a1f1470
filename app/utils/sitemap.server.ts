/** Listing ids per sitemap file (well under the 50,000 URLs a sitemap may hold). */
export const SITEMAP_CHUNK = 10_000;

/** An XML response cached for an hour. */
export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * The two <url> entries of a page: its Arabic URL (default) and its English one (`?lang=en`), each naming both as
 * alternates (docs/decisions/002), with an optional last-modified date.
 */
export function urlEntry(origin: string, path: string, lastmod?: Date): string[] {
  const ar = `${origin}${path}`;
  const en = `${origin}${path}?lang=en`;
  const alternates = `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/><xhtml:link rel="alternate" hreflang="en" href="${en}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return [ar, en].map((loc) => `<url><loc>${loc}</loc>${modified}${alternates}</url>`);
}
