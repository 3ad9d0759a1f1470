/**
 * Lookups of the process's caches of rendered data (docs/decisions/061-readiness-metrics-deploy-cluster-test.md): the
 * card fragment cache (decision 033) and the query cache of search results (decision 033) count each lookup here, and
 * the metrics listener (server/metrics.ts) reports the counts as `aqar_cache_lookups_total`.
 *
 * Kept on globalThis: server.ts (with the metrics) and the Remix build (with the caches) each hold their own copy of
 * the app's modules in the one process (as app/platform/cache/visible-changes.server.ts does).
 */

/** The caches counted. */
export type CountedCache = "card" | "query";

/**
 * What a lookup found: `hit` (kept and usable), `miss` (computed and, when allowed, kept), `bypass` (the cache could
 * not be used: the query cache while the process does not hear changes).
 */
export type LookupOutcome = "hit" | "miss" | "bypass";

/** Lookups so far by cache and outcome, since the process started. */
export type CacheCounts = Record<CountedCache, Record<LookupOutcome, number>>;

declare global {
  var __cacheCounts: CacheCounts | undefined;
}

function counts(): CacheCounts {
  globalThis.__cacheCounts ??= {
    card: { hit: 0, miss: 0, bypass: 0 },
    query: { hit: 0, miss: 0, bypass: 0 },
  };
  return globalThis.__cacheCounts;
}

/** Counts one lookup of `cache` with its outcome. */
export function countLookup(cache: CountedCache, outcome: LookupOutcome): void {
  counts()[cache][outcome]++;
}

/** The lookups counted so far in this process (a copy). */
export function cacheCounts(): CacheCounts {
  const now = counts();
  return { card: { ...now.card }, query: { ...now.query } };
}
