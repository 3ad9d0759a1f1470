/** Listing ids per sitemap file (well under the 50,000 URLs a sitemap may hold). */
export const SITEMAP_CHUNK = 10_000;

/** An XML response cached for an hour. */
export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** One <url> with its Arabic (default) and English alternates and an optional last-modified date. */
export function urlEntry(origin: string, path: string, lastmod?: Date): string {
  const ar = `${origin}${path}`;
  const en = `${origin}${path}?lang=en`;
  return `<url><loc>${ar}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/><xhtml:link rel="alternate" hreflang="en" href="${en}"/></url>`;
}
