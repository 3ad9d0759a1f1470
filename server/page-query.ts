import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { LRUCache } from "lru-cache";

/**
 * The query parameters each page reads (docs/decisions/045-page-cache-key-and-miss-limit.md). A route module says
 * which parameters its loader reads with an export of its own, `queryParams` (a list of names, most of them taken
 * from the schema that parses them, e.g. the search filter's FILTER_PARAMS). Remix sends only its own exports to the
 * browser, so the list and what it imports stay on the server. The parameters a page reads are those of every route
 * that matches its path (the root's `lang` and dialog parameters, then the page's own); tests/page-query.test.ts
 * fails when a loader reads a parameter that is not in them.
 */
export type QueryParamsOf = (pathname: string) => ReadonlySet<string>;

/** What a route module may export: the names of the query parameters its loader reads. */
type WithQueryParams = { queryParams?: readonly string[] };

/** The routes of `build` that match a path, outermost first (the root, then its children), or null for none. */
export type RouteMatcher = (pathname: string) => string[] | null;

/** How many path shapes routeMatcher keeps matched (a few hundred bytes each). */
const MATCHES_KEPT = 5000;

/**
 * The shape of a path for matching: each segment of digits alone becomes "0" (`/estate/66821` → `/estate/0`). No
 * route has a static segment of digits (tests/page-query.test.ts checks), so every path of a shape matches the same
 * routes, and the listings' and articles' pages share one entry.
 */
export function pathShape(pathname: string): string {
  return pathname.replace(/\/\d+(?=\/|$)/g, "/0");
}

/**
 * Matches paths against `build`'s routes as Remix matches them (React Router's matchRoutes on the route tree made
 * from the build's flat route list): a path to the ids of the routes it matches. Shared by the page cache's query
 * parameters (queryParamsOf) and the metrics' route label (server/metrics.ts), on every request, cached pages
 * included. matchRoutes flattens and ranks the whole route tree at each call (a quarter of a cached search page's
 * CPU, docs/benchmarks.md), so the answer for each path shape is kept (MATCHES_KEPT, least recently used first out).
 */
export function routeMatcher(build: ServerBuild): RouteMatcher {
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  const nodes = new Map<string, AgnosticRouteObject>();
  for (const route of Object.values(build.routes)) {
    const node = (
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] }
    ) as AgnosticRouteObject;
    nodes.set(route.id, node);
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  for (const [parentId, list] of children) {
    const parent = parentId === undefined ? undefined : nodes.get(parentId);
    if (parent && "children" in parent) parent.children = list;
  }
  const tree = children.get(undefined) ?? [];
  const kept = new LRUCache<string, { ids: string[] | null }>({ max: MATCHES_KEPT });
  return (pathname) => {
    const shape = pathShape(pathname);
    let found = kept.get(shape);
    if (!found) {
      found = { ids: matchRoutes(tree, pathname)?.map((match) => match.route.id!) ?? null };
      kept.set(shape, found);
    }
    return found.ids;
  };
}

/**
 * A function from a path (`/estates`) to the names of the query parameters its page reads, from the `queryParams`
 * exports of `build`'s route modules, matched as Remix matches them (routeMatcher). A path no route matches reads
 * none.
 */
export function queryParamsOf(build: ServerBuild): QueryParamsOf {
  const match = routeMatcher(build);
  const byRoutes = new Map<string, ReadonlySet<string>>();
  const none: ReadonlySet<string> = new Set();
  return (pathname) => {
    const matches = match(pathname);
    if (!matches) return none;
    const ids = matches.join(" ");
    let names = byRoutes.get(ids);
    if (!names) {
      const found = new Set<string>();
      for (const id of matches) {
        const module = build.routes[id]?.module as WithQueryParams | undefined;
        for (const name of module?.queryParams ?? []) found.add(name);
      }
      byRoutes.set(ids, (names = found));
    }
    return names;
  };
}

/** What a route module may export: the address of the page a request names in other words (pageAddressOf). */
type WithPageAddress = { pageAddress?: (url: URL) => Promise<string | null> };

/**
 * A function from a request's address to the address (path and query) of the page it names in other words, or null
 * when it names its own (decision 087): the `pageAddress` export of the deepest route matching the path, such as the
 * results pages' filters' address of a search typed as words. The server renders that page at the address asked and
 * keys it in the page cache by the page's own address, so both share one entry and no redirect is needed. Like
 * `queryParams`, the export stays on the server (Remix sends only its own exports to the browser).
 */
export function pageAddressOf(build: ServerBuild): (url: URL) => Promise<string | null> {
  const match = routeMatcher(build);
  return async (url) => {
    const deepest = match(url.pathname)?.at(-1);
    const module = deepest ? (build.routes[deepest]?.module as WithPageAddress | undefined) : undefined;
    return module?.pageAddress ? module.pageAddress(url) : null;
  };
}

/**
 * The canonical query string (`?a=1&b=2`, or "" when nothing is kept) of `params` for a page that reads `accepted`:
 * the parameters it does not read are dropped; the others are sorted by name (a repeated name keeps its values in the
 * order sent, since the page may read the first or refuse the repetition) and written as URLSearchParams writes them.
 */
export function canonicalSearch(params: URLSearchParams, accepted: ReadonlySet<string>): string {
  const kept: [string, string][] = [];
  for (const [name, value] of params) if (accepted.has(name)) kept.push([name, value]);
  // Array.prototype.sort is stable: values of one name keep their order.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(kept).toString();
  return search ? `?${search}` : "";
}

/**
 * The address a page is served at, for a path that names it another way (decision 077): a trailing slash (`/estates/`)
 * or a static segment in other letter case (`/ESTATES`, `/Estates`, `/OFFICESRESULT`) than its route's. React Router
 * matches paths without regard to case and with or without a trailing slash, so each page had several addresses, each
 * a page of its own to a crawler and to the page cache; server.ts answers them with a permanent redirect to the one
 * this returns. Returns null when `pathname` is already that address. The segments a route reads as parameters
 * (`:id`, `:token`, the catch-all's rest) are kept as sent: a token's letters are its own.
 */
export function canonicalPathOf(build: ServerBuild): (pathname: string) => string | null {
  const match = routeMatcher(build);
  const patterns = new Map<string, string[]>();
  const patternOf = (id: string): string[] => {
    let found = patterns.get(id);
    if (!found) {
      const route = build.routes[id];
      const parent = route?.parentId ? patternOf(route.parentId) : [];
      const own = route?.path ? route.path.split("/").filter(Boolean) : [];
      patterns.set(id, (found = [...parent, ...own]));
    }
    return found;
  };
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
    const ids = match(trimmed);
    const deepest = ids?.at(-1);
    let canonical = trimmed;
    if (deepest) {
      const pattern = patternOf(deepest);
      const segments = trimmed.split("/").filter(Boolean);
      const rebuilt: string[] = [];
      for (const [index, part] of pattern.entries()) {
        if (part === "*") {
          rebuilt.push(...segments.slice(index));
          break;
        }
        const sent = segments[index];
        if (sent === undefined) break;
        rebuilt.push(part.startsWith(":") ? sent : part);
      }
      if (rebuilt.length === segments.length) canonical = `/${rebuilt.join("/")}`;
    }
    return canonical === pathname ? null : canonical;
  };
}
