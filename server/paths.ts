/**
 * Request addresses that Remix 2 must never see (decision 050). Remix 2 and React Router 6 are end of life, and two
 * of their published advisories are not fixed in the versions we can install:
 * - a path with a backslash or an empty segment ("/\evil.example", "//evil.example") becomes the page's location,
 *   and every link built from the location ("?dialog=…", the next results page) then starts with "//" or "/\",
 *   which a browser reads as another site (GHSA-wrjc-x8rr-h8h6);
 * - the route discovery endpoint (`/__manifest?p=…`) matches every leading part of every path it is asked for, so
 *   one request of a few thousand segments keeps the server busy for seconds (GHSA-chx6-hx7r-mcp5).
 */

/** The deepest path the route discovery endpoint answers for: no route of the site is deeper than 4 segments. */
export const MANIFEST_MAX_SEGMENTS = 16;
/** The most paths one discovery request may name: a page with JavaScript asks for the links it shows, in batches. */
export const MANIFEST_MAX_PATHS = 100;

/** A backslash, raw or percent-encoded, which browsers read as "/" in a web address. */
const BACKSLASH = /\\|%5c/gi;

/**
 * The clean address for a request target (`req.originalUrl`: the path and the query, as sent) whose path holds a
 * backslash (raw or `%5C`) or an empty segment ("//"), or undefined when the path is clean. The backslashes become
 * "/" (as browsers read them), the empty segments are dropped, and the query is kept as sent, so the result is
 * always one local path ("/evil.example?dialog=login" for "/\evil.example?dialog=login").
 */
export function cleanRequestTarget(target: string): string | undefined {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith("/")) return undefined;
  const slashed = path.replace(BACKSLASH, "/");
  if (!slashed.includes("//") && slashed === path) return undefined;
  const clean = `/${slashed.split("/").filter(Boolean).join("/")}`;
  return queryAt === -1 ? clean : `${clean}${target.slice(queryAt)}`;
}

/**
 * True for a route discovery request (`/__manifest`) that would cost the server more than any page of the site can
 * ask for: more than MANIFEST_MAX_PATHS paths, or a path deeper than MANIFEST_MAX_SEGMENTS segments.
 */
export function isOversizedManifestRequest(pathname: string, search: URLSearchParams): boolean {
  if (pathname !== "/__manifest") return false;
  const paths = search.getAll("p");
  return paths.length > MANIFEST_MAX_PATHS || paths.some((p) => p.split("/").length - 1 > MANIFEST_MAX_SEGMENTS);
}
