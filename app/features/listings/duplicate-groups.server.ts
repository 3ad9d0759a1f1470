import { and, asc, eq, ne, or } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { publicEstate } from "./public-estate.server";

/*
 * The groups of duplicates as the public pages read them (decision 099): a group is a listing and the published
 * listings whose `estates.duplicate_of` names it (its cheapest, which stands for all in the results). The groups are
 * made when the moderator publishes (app/features/posts/duplicates.server.ts regroupDuplicates).
 */

/**
 * The other published offers of the property of listing `estateId` (decision 099): the public listings of its group
 * but itself, cheapest first (price_sort_syp, then the older). Their ids; empty for a listing without a group.
 */
export async function otherOfferIds(db: Db, estateId: number): Promise<number[]> {
  const [estate] = await db.select({ duplicate_of: s.estates.duplicate_of }).from(s.estates).where(eq(s.estates.id, estateId));
  if (!estate) return [];
  const head = estate.duplicate_of ?? estateId;
  const rows = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(publicEstate(), ne(s.estates.id, estateId), or(eq(s.estates.id, head), eq(s.estates.duplicate_of, head))))
    .orderBy(asc(s.estates.price_sort_syp), asc(s.estates.id));
  return rows.map((r) => r.id);
}
