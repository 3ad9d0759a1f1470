import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exchange_rates } from "~/db/schema";

/** The current exchange rate (issue 13): SYP for one USD, since when, or null when none was ever set. */
export type ExchangeRate = { sypPerUsd: number; validFrom: Date };

/**
 * The newest exchange rate of the back office (table exchange_rates; migration 0009 sets a starting one). Shapes:
 * `sypPerUsd` is a whole number of Syrian pounds for one US dollar. Database errors propagate.
 */
export async function currentRate(db: Db): Promise<ExchangeRate | null> {
  const [row] = await db
    .select({ sypPerUsd: exchange_rates.syp_per_usd, validFrom: exchange_rates.valid_from })
    .from(exchange_rates)
    .orderBy(desc(exchange_rates.valid_from), desc(exchange_rates.id))
    .limit(1);
  return row ?? null;
}
