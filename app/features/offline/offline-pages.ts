/**
 * What the service worker keeps for reading offline (decision 021), shared by the worker (sw/), the offline
 * page's script and /profile's list: the names of its caches and how a kept page is read back. Browser-only code
 * (Cache Storage); nothing here runs on the server.
 */

/** The caches of pages kept for reading offline, and how many pages each keeps (the oldest go first). */
export const PAGE_CACHES = {
  /** The last 30 listing pages opened (/estate/:id). */
  listings: { name: "pages-listings", maxEntries: 30 },
  /** The last 5 search result pages. */
  searches: { name: "pages-searches", maxEntries: 5 },
  /** Any other page, the last 20. */
  other: { name: "pages-other", maxEntries: 20 },
} as const;

/** The photos of the pages kept (first photos of listings and cards), the last 60. */
export const PHOTO_CACHE = { name: "photos", maxEntries: 60 } as const;

/** Header the worker adds to a kept page: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = "X-Saved-At";
/**
 * Header the worker adds to a kept page that was answered for this browser only (`Cache-Control: private`: a page
 * with a session, or a visitor's page with a toast): such pages are deleted at logout.
 */
export const PRIVATE_HEADER = "X-Saved-Private";

/**
 * Header by which the server marks a page answered for one browser (`Cache-Control: private`) that this browser may
 * keep for reading offline until logout (decision 046): value `private`. The worker keeps `public` pages and these,
 * never anything else.
 */
export const OFFLINE_COPY_HEADER = "Offline-Copy";

/** A page kept for reading offline: its address (path and query), its title and when it was saved (ISO 8601). */
export type SavedPage = { url: string; title: string; savedAt: string; kind: keyof typeof PAGE_CACHES };

/** The <title> of an HTML text, without the site name after " | " or " - " kept as it is. */
export function titleOf(html: string): string {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const text = match?.[1] ?? "";
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/**
 * The pages kept for reading offline, newest first: listings, then searches, then other pages, each with its title
 * (read from the kept HTML). Resolves to [] where the browser has no Cache Storage. Never rejects.
 */
export async function savedPages(): Promise<SavedPage[]> {
  if (typeof caches === "undefined") return [];
  try {
    const pages: SavedPage[] = [];
    for (const kind of Object.keys(PAGE_CACHES) as (keyof typeof PAGE_CACHES)[]) {
      const cache = await caches.open(PAGE_CACHES[kind].name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (!response) continue;
        const url = new URL(request.url);
        pages.push({
          url: url.pathname + url.search,
          title: titleOf(await response.text()) || url.pathname,
          savedAt: response.headers.get(SAVED_AT_HEADER) ?? "",
          kind,
        });
      }
    }
    return pages.sort((a, b) => (a.kind === b.kind ? b.savedAt.localeCompare(a.savedAt) : 0));
  } catch {
    return [];
  }
}
