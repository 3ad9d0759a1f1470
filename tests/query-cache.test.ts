import { afterEach, describe, expect, it } from "vitest";
import { cachedQuery } from "~/platform/cache/query-cache.server";
import { visibleDataChanged, visibleGeneration } from "~/platform/cache/visible-changes.server";

/**
 * Decision 033: public query results reused between requests only while nothing visitors see has changed, and never
 * while changes cannot be heard.
 */

afterEach(() => visibleDataChanged(false));

/** A query that counts its runs and answers its run number. */
function counter() {
  let runs = 0;
  return {
    run: async () => ++runs,
    get runs() {
      return runs;
    },
  };
}

describe("cachedQuery (decision 033)", () => {
  it("runs every time while changes are not heard", async () => {
    visibleDataChanged(false);
    expect(visibleGeneration()).toBeNull();
    const q = counter();
    expect(await cachedQuery("not-heard", q.run)).toBe(1);
    expect(await cachedQuery("not-heard", q.run)).toBe(2);
  });

  it("reuses a result under the same generation, per key, and runs again after a change", async () => {
    visibleDataChanged(true);
    const q = counter();
    expect(await cachedQuery("k1", q.run)).toBe(1);
    expect(await cachedQuery("k1", q.run)).toBe(1);
    expect(await cachedQuery("k2", q.run)).toBe(2);
    visibleDataChanged(true);
    expect(await cachedQuery("k1", q.run)).toBe(3);
    expect(await cachedQuery("k1", q.run)).toBe(3);
    // Listening lost: nothing is reused, even what was kept before.
    visibleDataChanged(false);
    expect(await cachedQuery("k1", q.run)).toBe(4);
  });

  it("does not keep a result computed while a change arrived, nor a failure", async () => {
    visibleDataChanged(true);
    let runs = 0;
    const changedMeanwhile = async () => {
      runs++;
      visibleDataChanged(true);
      return runs;
    };
    expect(await cachedQuery("raced", changedMeanwhile)).toBe(1);
    expect(await cachedQuery("raced", async () => 99)).toBe(99);
    await expect(cachedQuery("failed", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cachedQuery("failed", async () => 7)).toBe(7);
  });
});
