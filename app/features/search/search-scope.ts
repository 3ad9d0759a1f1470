import type { Scope } from "~/features/search/estate-filter.server";
import { ownersAliasRead } from "./owners-alias";

/**
 * A saved search's page (decision 087): a search kept from /rent-properties or /vacation-properties holds `scope=rent`
 * or `scope=vacation` in its query, so that its alerts count and its links open the same page's listings (the long-term
 * rents, the holiday lets); a search kept from /estates has none.
 */
export const SCOPE_PARAM = "scope";

/** The listing page of each scope (a rent's period or a holiday word takes a search to its page, decision 084). */
export const SCOPE_PATHS: Readonly<Record<Scope, string>> = {
  all: "/estates",
  rent: "/rent-properties",
  vacation: "/vacation-properties",
};

/** The scope a saved query names (`scope=rent` or `scope=vacation`), else "all". */
export function savedScope(params: URLSearchParams): Scope {
  const scope = params.get(SCOPE_PARAM);
  return scope === "rent" || scope === "vacation" ? scope : "all";
}

/**
 * The results page of a saved `query`: its scope's page with the query's filters (`/rent-properties?location_id=3`),
 * a search stored with the owners' filter's old spelling written with the owners' filter (ownersAliasRead, decision 103).
 */
export function savedSearchAddress(query: string): string {
  const stored = new URLSearchParams(query);
  const params = ownersAliasRead(stored) ?? stored;
  const path = SCOPE_PATHS[savedScope(params)];
  params.delete(SCOPE_PARAM);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}`;
}
