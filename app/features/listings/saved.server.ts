import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import type { EstateCard } from "./estate-card.server";
import { estateCardsByIds } from "./estate.server";
import { publicEstate } from "./public-estate.server";

/**
 * Saves or unsaves a public listing for a user.
 * Returns "saved" or "unsaved", or "missing" when the listing is not public.
 */
export async function setSaved(
  db: Db,
  userId: number,
  estateId: number,
  saved: boolean,
): Promise<"saved" | "unsaved" | "missing"> {
  if (!saved) {
    // Unsaving works whether or not the listing is still public.
    await db.delete(s.saved_estates).where(and(eq(s.saved_estates.user_id, userId), eq(s.saved_estates.estate_id, estateId)));
    return "unsaved";
  }
  const [estate] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.id, estateId), publicEstate()));
  if (!estate) return "missing";
  await db.insert(s.saved_estates).values({ user_id: userId, estate_id: estateId }).onConflictDoNothing();
  return "saved";
}

/** Ids of the listings a user saved, newest save first. */
export async function savedEstateIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: s.saved_estates.estate_id })
    .from(s.saved_estates)
    .where(eq(s.saved_estates.user_id, userId))
    .orderBy(desc(s.saved_estates.created_at));
  return rows.map((r) => r.id);
}

/**
 * The cards of the listings a user saved that are still public, newest save first, in `locale` (/profile's saved
 * list and the apps' GET /api/estate/saved).
 */
export async function savedEstates(db: Db, userId: number, locale: Locale): Promise<EstateCard[]> {
  return estateCardsByIds(db, await savedEstateIds(db, userId), locale);
}
