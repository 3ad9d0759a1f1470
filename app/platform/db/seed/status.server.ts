import { count } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";

/**
 * What the database already holds of what the seed makes: places (seedPlaces: every site has them), offices (the
 * demo content) and listings. What the start path asks before it loads the demo-data generator (server/database.ts),
 * and what the generator asks before it fills anything.
 */
export async function seedStatus(db: Db): Promise<{ places: boolean; offices: boolean; listings: boolean }> {
  const [[gov], [off], [est]] = await Promise.all([
    db.select({ n: count() }).from(s.governorates),
    db.select({ n: count() }).from(s.offices),
    db.select({ n: count() }).from(s.estates),
  ]);
  return { places: Number(gov.n) > 0, offices: Number(off.n) > 0, listings: Number(est.n) > 0 };
}
