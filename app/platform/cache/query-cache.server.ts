import { LRUCache } from "lru-cache";
import { countLookup } from "./cache-counts.server";
import { visibleGeneration } from "./visible-changes.server";

/** Results kept at most (each a page of 12 cards: about 20 KB). */
const MAX_ENTRIES = 500;
/** How long a result is kept at most, in milliseconds: its cards say "updated 3 days ago", as the page cache's pages do. */
const TTL_MS = 60_000;

const kept = new LRUCache<string, { generation: number; value: unknown }>({ max: MAX_ENTRIES, ttl: TTL_MS });

/**
 * The result of `run` for `key`, reused for every user while nothing visitors see has changed (decision 033): public
 * data only (search results, never anything of one user). Under the same generation of visible data
 * (visibleGeneration) a kept result is returned as it is (callers must not change it); a result computed while a
 * change arrived is not kept. While changes cannot be heard, `run` runs every time. Errors of `run` are thrown and
 * nothing is kept.
 */
export async function cachedQuery<T>(key: string, run: () => Promise<T>): Promise<T> {
  const generation = visibleGeneration();
  if (generation === null) {
    countLookup("query", "bypass");
    return run();
  }
  const hit = kept.get(key);
  if (hit && hit.generation === generation) {
    countLookup("query", "hit");
    return hit.value as T;
  }
  countLookup("query", "miss");
  const value = await run();
  if (visibleGeneration() === generation) kept.set(key, { generation, value });
  return value;
}
