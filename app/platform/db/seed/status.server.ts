import { count } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";

/**
 * Whether the database already holds the demo data's reference rows (places) and listings: what the start path asks
 * before it loads the demo-data generator (server/database.ts), and what the generator asks before it fills anything.
 */
export async function seedStatus(db: Db): Promise<{ reference: boolean; listings: boolean }> {
  const [gov] = await db.select({ n: count() }).from(s.governorates);
  const [est] = await db.select({ n: count() }).from(s.estates);
  return { reference: Number(gov.n) > 0, listings: Number(est.n) > 0 };
}
