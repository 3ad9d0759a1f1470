import { desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { exchange_rates, users } from "~/platform/db/schema";
import { RATE_MAX, RATE_MIN } from "~/features/listings/rate-forms";
import { recordAudit } from "~/platform/db/audit.server";
import { cachedQuery } from "~/platform/cache/query-cache.server";

/**
 * The exchange rate of the back office (docs/decisions/025-prices-and-medians.md): how many Syrian pounds
 * one US dollar is worth, from a date. Rows are only added (one per change, each with its audit entry); the current
 * rate is the newest one whose `valid_from` has come.
 */

/** The current exchange rate: SYP for one USD, since when, or null when none was ever set. */
export type ExchangeRate = { sypPerUsd: number; validFrom: Date };

/** The bounds of a rate the back office accepts, in whole SYP for 1 USD (sane bounds). */
export const RATE_LIMITS = { min: RATE_MIN, max: RATE_MAX } as const;

/**
 * The rate in force now: the row with the latest `valid_from` not in the future (ties: the last one set), from
 * table exchange_rates (migration 0009 sets a starting one). Shapes: `sypPerUsd` is a whole number of Syrian pounds
 * for one US dollar. Null when no rate is in force yet. Database errors propagate.
 */
export async function currentRate(db: Db): Promise<ExchangeRate | null> {
  const [row] = await db
    .select({ sypPerUsd: exchange_rates.syp_per_usd, validFrom: exchange_rates.valid_from })
    .from(exchange_rates)
    .where(lte(exchange_rates.valid_from, sql`now()`))
    .orderBy(desc(exchange_rates.valid_from), desc(exchange_rates.id))
    .limit(1);
  return row ?? null;
}

/**
 * currentRate as the pages visitors see read it: kept with the public query results (cachedQuery, decision 033), so a
 * page reads it once per change of visible data or minute instead of once per card list and search (three to four
 * round trips a search page, decision 098). A new rate set in the back office is a visible change and is read at once;
 * a rate scheduled for later is in force on the pages within a minute of its time. The back office reads currentRate.
 */
export function keptCurrentRate(db: Db): Promise<ExchangeRate | null> {
  return cachedQuery("exchange rate in force", () => currentRate(db));
}

/**
 * The rate in force at `at` (the rate a new one from that moment replaces): SYP for one USD of the row with the
 * latest `valid_from` not after `at` (ties: the last one set), rates scheduled before `at` included. Null when none
 * was in force then. Database errors propagate.
 */
export async function rateInForceAt(db: Pick<Db, "select">, at: Date): Promise<number | null> {
  const [row] = await db
    .select({ sypPerUsd: exchange_rates.syp_per_usd })
    .from(exchange_rates)
    .where(lte(exchange_rates.valid_from, at))
    .orderBy(desc(exchange_rates.valid_from), desc(exchange_rates.id))
    .limit(1);
  return row?.sypPerUsd ?? null;
}

/** One row of the rate history of /admin/rates: ISO timestamps, the admin's name (null for the migration's row). */
export type RateRow = { id: number; sypPerUsd: number; validFrom: string; setAt: string; setBy: string | null };

/** The `limit` newest rates by `valid_from` (future ones included, they are shown as scheduled). */
export async function rateHistory(db: Db, limit = 20): Promise<RateRow[]> {
  const rows = await db
    .select({
      id: exchange_rates.id,
      sypPerUsd: exchange_rates.syp_per_usd,
      validFrom: exchange_rates.valid_from,
      setAt: exchange_rates.created_at,
      setBy: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
    })
    .from(exchange_rates)
    .leftJoin(users, eq(users.id, exchange_rates.set_by))
    .orderBy(desc(exchange_rates.valid_from), desc(exchange_rates.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    sypPerUsd: r.sypPerUsd,
    validFrom: r.validFrom.toISOString(),
    setAt: r.setAt.toISOString(),
    setBy: r.setBy,
  }));
}

/**
 * Sets a new rate: inserts a row of exchange_rates (`sypPerUsd` whole SYP for 1 USD, within RATE_LIMITS;
 * `validFrom` defaults to now) set by `actorId`, and its audit entry `exchange_rate.set` (details: `syp_per_usd` the
 * new rate, `previous` the rate in force at its start (rateInForceAt) or null, `valid_from` ISO) in one transaction, so both are kept or neither; a rate in force at once also converts
 * the USD listings' stored SYP prices in that transaction (refreshConvertedPrices). The insert's trigger empties
 * visitors' cached pages (migration 0009). Returns the new row's id. Throws RangeError for a value outside the bounds (the
 * form's schema refuses those first); database errors propagate.
 */
export async function setRate(db: Db, actorId: number, input: { sypPerUsd: number; validFrom?: Date | null }): Promise<number> {
  const { sypPerUsd } = input;
  if (!Number.isInteger(sypPerUsd) || sypPerUsd < RATE_LIMITS.min || sypPerUsd > RATE_LIMITS.max)
    throw new RangeError(`exchange rate out of bounds: ${sypPerUsd}`);
  return db.transaction(async (tx) => {
    // The rate this one replaces: the one in force at its start (now, or its later date).
    const previous = await rateInForceAt(tx, input.validFrom ?? new Date());
    const [row] = await tx
      .insert(exchange_rates)
      .values({ syp_per_usd: sypPerUsd, set_by: actorId, ...(input.validFrom ? { valid_from: input.validFrom } : {}) })
      .returning({ id: exchange_rates.id, validFrom: exchange_rates.valid_from });
    await refreshConvertedPrices(tx);
    await recordAudit(tx, {
      actorId,
      action: "exchange_rate.set",
      subjectType: "exchange_rate",
      subjectId: row.id,
      details: { syp_per_usd: sypPerUsd, previous, valid_from: row.validFrom.toISOString() },
    });
    return row.id;
  });
}

/**
 * Brings the stored SYP prices of USD listings (estates.price_syp and price_per_m2_syp, decision 027) to the rate in
 * force now: SQL function refresh_converted_prices() of migration 0011, one UPDATE of the USD listings whose stored
 * price differs. Called when a rate is set, and on a schedule so that a rate set for a later date takes effect on
 * its day. Returns how many listings changed. Database errors propagate.
 */
export async function refreshConvertedPrices(db: Pick<Db, "execute">): Promise<number> {
  // Both drivers (pg and PGlite) answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`select refresh_converted_prices() as changed`)) as unknown as {
    rows: { changed: number }[];
  };
  return Number(result.rows[0]?.changed ?? 0);
}
