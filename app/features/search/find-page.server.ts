import { LRUCache } from "lru-cache";
import { and, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isQueryCanceled, readWithSettings, stopsStatementsOnTime, type Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { getEnv } from "~/platform/config/env.server";
import type { WordsKind } from "./search-words.server";

/**
 * Finding one page of a search's matches within a time budget (decisions 024, 043 and 070): the count, the walk of
 * the order's index, the sort of the matches, and the budget each statement runs in. What matches and in which order
 * is the caller's (estate-search.server.ts); this module only finds the ids.
 */

/**
 * Matches counted at most (decision 024, "Speed"): a count reads every match, so a search of a whole governorate or
 * the whole country at 1,000,000 listings would read hundreds of thousands of rows for a number nobody pages through.
 * Rightmove shows at most about 1,000 results (42 pages) per search in the same way.
 */
export const COUNT_LIMIT = 1000;

/**
 * One key of a search's order: an expression, its direction, and whether NULLS LAST is written. Each order is written
 * as its index is built, so the index serves it (walkOrder); the same keys sort a search's matches in memory
 * (sortedMatches, decision 070).
 */
export type OrderKey = { expr: SQL | AnyPgColumn; desc: boolean; nullsLast: boolean };

export const key = (expr: SQL | AnyPgColumn, desc: boolean, nullsLast = true): OrderKey => ({ expr, desc, nullsLast });

/** `expr` in `k`'s direction, as ORDER BY writes it ("… desc nulls last"). */
function ordered(expr: SQL | AnyPgColumn, k: OrderKey): SQL {
  return sql`${expr} ${sql.raw(k.desc ? "desc" : "asc")}${sql.raw(k.nullsLast ? " nulls last" : "")}`;
}

/** The ORDER BY of `keys` over the estates table. */
function orderBy(keys: OrderKey[]): SQL[] {
  return keys.map((k) => ordered(k.expr, k));
}

/**
 * The ids of the listings matching `where` in `order`, `limit` of them after `offset`, by walking the order's index
 * (decision 031): the query reads only the index (every column a search tests is in it, so the rows it passes over
 * cost no heap visit) and stops after `offset + limit` matches. Fast when matches are spread along the order; when
 * they are few or gathered at its far end, the walk passes over most of the index (decision 070).
 *
 * With `branches` (conditions that split the matches, such as one per offer type), each branch is walked on its own,
 * `offset + limit` of it, and the walks are merged in `order` (decision 072): each branch's index is then in the
 * order, where one walk of all would pass over one branch's listings to reach the other's. Throws the database's
 * errors.
 */
async function walkOrder(
  db: Db,
  where: SQL | undefined,
  order: OrderKey[],
  limit: number,
  offset = 0,
  branches: SQL[] = [],
): Promise<number[]> {
  if (!branches.length) {
    const rows = await db
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(where)
      .orderBy(...orderBy(order))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }
  const keys = order.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`);
  const walks = branches.map(
    (branch) =>
      sql`(select ${s.estates.id} as "id", ${sql.join(keys, sql`, `)} from ${s.estates} where ${and(where, branch)} order by ${sql.join(
        orderBy(order),
        sql`, `,
      )} limit ${offset + limit})`,
  );
  const result = (await db.execute(
    sql`select "m"."id" from (${sql.join(walks, sql` union all `)}) "m" order by ${keysOrder(order)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * The matches of `where` with their order keys (`id`, `k0`, `k1`…), at most `cap` of them when given, as a subquery
 * the planner plans on its own (decision 070): its LIMIT, or OFFSET 0 when uncapped, keeps the outer ORDER BY out of
 * it, so it reads the matches through the filter's indexes instead of walking the order's.
 */
function matchesWithKeys(where: SQL | undefined, order: OrderKey[], cap?: number): SQL {
  const keys = order.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`);
  return sql`(select ${s.estates.id} as "id", ${sql.join(keys, sql`, `)} from ${s.estates} where ${where} ${
    cap === undefined ? sql`offset 0` : sql`limit ${cap}`
  }) "m"`;
}

/** `order` over matchesWithKeys' columns. */
function keysOrder(order: OrderKey[]): SQL {
  return sql.join(
    order.map((k, i) => ordered(sql`"m".${sql.identifier(`k${i}`)}`, k)),
    sql`, `,
  );
}

/**
 * The same ids as walkOrder, found the other way (decision 070): every match read through the filter's indexes, then
 * sorted. Costs as much as the matches are many, whatever the order.
 */
async function sortedMatches(db: Db, where: SQL | undefined, order: OrderKey[], limit: number, offset = 0): Promise<number[]> {
  const result = (await db.execute(
    sql`select "m"."id" from ${matchesWithKeys(where, order)} order by ${keysOrder(order)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * `work` with statements PostgreSQL stops after `budgetMs` milliseconds (decision 043; readWithSettings, decision 098),
 * or null when one was stopped. Its statements read without parallel workers, which a stopped statement waits for
 * (8 to 10 ms instead of 4), and without bitmap scans unless `options.bitmaps`: a bitmap is built whole before its
 * first row is read, without looking for a cancel (one of the words' GIN index for a prefix such as `شق:*`: 40 to
 * 50 ms at 1,000,000 listings). Throws the database's other errors.
 */
async function withinBudget<T>(
  db: Db,
  budgetMs: number,
  work: (tx: Db) => Promise<T>,
  options: { bitmaps?: boolean } = {},
): Promise<T | null> {
  try {
    return await readWithSettings(
      db,
      {
        statement_timeout: String(budgetMs),
        enable_bitmapscan: options.bitmaps ? "on" : "off",
        max_parallel_workers_per_gather: "0",
      },
      work,
    );
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    return null;
  }
}

/** Rounds of findPage's walk and sort before the sort runs without a budget: 3, 12 and 48 ms at SEARCH_COUNT_MS 3. */
const BUDGET_ROUNDS = 3;

/**
 * The ids of `limit` listings matching `where` in `order` after `offset`, and their number when `countKey` is given
 * (`n`, up to COUNT_LIMIT + 1; null when not counted), each statement within `budgetMs` milliseconds (0, and PGlite,
 * which has no timer: no limit). Decision 070 says why in this order:
 *
 * 1. The count (decisions 024 and 043), which finds the page too when the matches are at most COUNT_LIMIT
 *    (countMatches); a count cut by the budget is remembered for its filter (`countKey`, decision 056).
 * 2. Else the walk of the order's index (walkOrder): fast when the matches are many and spread along the order.
 * 3. A walk cut by the budget: the matches read through the filter's indexes and sorted (sortedMatches), fast when
 *    they are few, whatever the order.
 * 4. Both cut: the walk and the sort again in turn, with a budget four times larger each round (BUDGET_ROUNDS), and
 *    the sort without a budget after them (it ends with the matches; a walk can pass over the whole index).
 *    With `words` "common" (the filter has words that many listings hold, so the sort reads the words' GIN index)
 *    the sort is tried once, last: the bitmap of a word's listings is built whole before a cancel is looked at (24 to
 *    28 ms for "مسبح:*", 85,000 listings), so each budgeted try of it would cost that much.
 *    With `words` "rare" (a word that PostgreSQL's statistics do not list among the common ones, decision 072) the
 *    count and the walk may read the words' index from the first try: its bitmap is small, and it finds the few
 *    matches at once where any other index would pass over the whole governorate or country.
 * Throws the database's other errors.
 */
export async function findPage(
  db: Db,
  where: SQL | undefined,
  order: OrderKey[],
  limit: number,
  offset: number,
  budgetMs: number,
  options: { countKey?: string; words?: WordsKind; branches?: SQL[] } = {},
): Promise<{ n: number | null; ids: number[] }> {
  const { countKey, words = "none", branches } = options;
  const walk = (from: Db) => walkOrder(from, where, order, limit, offset, branches);
  const count = (from: Db) => countMatches(from, where, { order, limit, offset });
  if (budgetMs === 0) {
    const counted = countKey === undefined ? null : await count(db);
    return { n: counted?.n ?? null, ids: counted?.ids ?? (await walk(db)) };
  }
  const tryCount = countKey !== undefined && !cutCounts.has(countKey);
  const found: { n: number | null } = { n: null };
  // The count and the walk in one transaction: the walk costs no more round trips than the count's.
  const first = await withinBudget(
    db,
    budgetMs,
    async (tx) => {
      if (tryCount) {
        const counted = await count(tx);
        found.n = counted.n;
        if (counted.ids) return counted.ids;
      }
      return walk(tx);
    },
    { bitmaps: words === "rare" },
  );
  if (first) return { n: found.n, ids: first };
  const walked = !(tryCount && found.n === null);
  if (!walked) cutCounts.set(countKey!, true);
  // Cut: the walk (the planner's own choice now, bitmaps allowed: the words' index finds rare words at once) and the
  // sort of the matches in turn, each round with four times the budget of the one before, until one ends; the
  // time spent is then a few times the faster one's, whichever it is.
  for (let round = 0, ms = budgetMs; round < BUDGET_ROUNDS; round++, ms *= 4) {
    if (round > 0 || !walked) {
      const ids = await withinBudget(db, ms, walk, { bitmaps: true });
      if (ids) return { n: found.n, ids };
    }
    if (words === "common") continue;
    const ids = await withinBudget(db, ms, (tx) => sortedMatches(tx, where, order, limit, offset), { bitmaps: true });
    if (ids) return { n: found.n, ids };
  }
  return { n: found.n, ids: await sortedMatches(db, where, order, limit, offset) };
}

/**
 * The time budget of a search's statements in milliseconds (decisions 043 and 070): `given`, else SEARCH_COUNT_MS on
 * PostgreSQL and none (0) on PGlite, which has no timer.
 */
export function budgetOf(db: Db, given?: number): number {
  return given ?? (stopsStatementsOnTime(db) ? getEnv().SEARCH_COUNT_MS : 0);
}

/** How long a count cut by its budget is remembered for its filter (decision 056): the query cache's 60 s (decision 033). */
const CUT_MEMORY_MS = 60_000;
/** Filters remembered at most; the least recently used is forgotten first. */
const CUT_MEMORY_SIZE = 2_000;
/** Filters (their count key, see findPage) whose count was cut, each forgotten CUT_MEMORY_MS after its cut (lru-cache, as the other caches). */
const cutCounts = new LRUCache<string, true>({ max: CUT_MEMORY_SIZE, ttl: CUT_MEMORY_MS });

/**
 * How many public listings match `where`, counted up to COUNT_LIMIT + 1 (`n`), with the ids of one page of them in
 * `page.order` (`page.limit` after `page.offset`) when they are at most COUNT_LIMIT (`ids`; null when more): the
 * count reads every match then, so the same statement sorts them too (decision 070), and the page needs no walk of
 * its order. The caller sets its time budget (findPage). Throws the database's errors.
 */
async function countMatches(
  db: Db,
  where: SQL | undefined,
  page: { order: OrderKey[]; limit: number; offset: number },
): Promise<{ n: number; ids: number[] | null }> {
  const { rows } = (await db.execute(sql`select count(*)::int as "n",
    (array_agg("m"."id" order by ${keysOrder(page.order)}))[${page.offset + 1}::int:${page.offset + page.limit}::int] as "ids"
    from ${matchesWithKeys(where, page.order, COUNT_LIMIT + 1)}`)) as unknown as { rows: { n: number; ids: number[] | null }[] };
  const n = Number(rows[0].n);
  return { n, ids: n > COUNT_LIMIT ? null : (rows[0].ids ?? []).map(Number) };
}

/** Forgets every remembered cut count (tests and benchmarks that measure the count itself). */
export function forgetCutCounts(): void {
  cutCounts.clear();
}

/** Whether the count of the filter keyed `countKey` was cut by its budget within CUT_MEMORY_MS (findPage). */
export function countWasCut(countKey: string): boolean {
  return cutCounts.has(countKey);
}

/**
 * The ids of `limit` matches of `where` in `order` after `offset`, read each way findPage can without a budget
 * (decision 070): `count` (the count's statement; null when more than COUNT_LIMIT match), `walk` (the order's index)
 * (with `branches`, each walked and merged) and `sort` (every match read, then sorted). They must agree, whichever plan the database picks
 * (tests/search-pages.test.ts). Throws the database's errors.
 */
export async function idsEachWay(
  db: Db,
  where: SQL | undefined,
  order: OrderKey[],
  limit: number,
  offset: number,
  branches: SQL[] = [],
): Promise<{ count: number[] | null; walk: number[]; sort: number[] }> {
  const counted = await countMatches(db, where, { order, limit, offset });
  const walk = await walkOrder(db, where, order, limit, offset, branches);
  return { count: counted.ids, walk, sort: await sortedMatches(db, where, order, limit, offset) };
}
