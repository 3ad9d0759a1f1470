/**
 * The owners' filter's old spelling (docs/decisions/103-one-filter-for-who-posted.md): decision 024's
 * `advertiser=owner` ("no office") and decision 100's `estate_ownership=1` ("posted by its owner, never an office")
 * asked for nearly the same listings. The second is the one filter for owners; the first is still read, as it, so
 * that saved searches stored with it, bookmarked links, the apps and the advanced search's "Posted by" select (whose
 * owners option sends it, a GET form field having one name) keep working. Without zod or the server's modules: the
 * saved searches' links are made in the browser too (search-scope.ts savedSearchAddress).
 */

/**
 * `params` with `advertiser=owner` written as `estate_ownership=1` in its place (left out when `estate_ownership` is
 * already there, whose value then decides), or null when `params` has no such alias: `advertiser` absent, another
 * value, or sent more than once (the filter refuses it as any repeated parameter). Never throws.
 */
export function ownersAliasRead(params: URLSearchParams): URLSearchParams | null {
  const advertiser = params.getAll("advertiser");
  if (advertiser.length !== 1 || advertiser[0] !== "owner") return null;
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== "advertiser") next.append(key, value);
    else if (!params.has("estate_ownership")) next.append("estate_ownership", "1");
  }
  return next;
}
