import type { ImageStore } from "~/platform/images/image-store.server";
import type { Db } from "~/platform/db/client.server";
import { seedListings } from "./estates.server";
import { seedDuplicates } from "./duplicates.server";
import { seedDemoContent, seedPlaces } from "./reference.server";
import { seedStatus } from "./status.server";

/**
 * Deterministic demo data: the same seed gives the same rows on every machine. Prices are
 * whole Syrian pounds (about one sale in ten in US dollars) at market levels of 2025-2026, each estate type only
 * where it exists (docs/decisions/026-believable-demo-data.md), every phone number one reserved for fiction
 * (docs/decisions/079). The start path loads this
 * module only when the database is empty (server/database.ts); `npm run db:seed` and the tests use
 * reference.server.ts and listings.server.ts directly.
 */

/**
 * Fills what an empty, migrated database lacks: the places and lookup lists always (seedPlaces); with `demo`, the
 * demo data too (offices and articles, then `listings` approved listings, their images written to the store
 * `images`; the start path then adds the owners' posts and reports of app/features/posts/trust-demo.server.ts), but only into a database without listings: a site already in use is never given invented listings.
 * Returns whether demo data was seeded now.
 */
export async function ensureSeeded(db: Db, options: { demo: boolean; listings: number; images: ImageStore }): Promise<boolean> {
  const seeded = await seedStatus(db);
  if (!seeded.places) await seedPlaces(db);
  if (!options.demo || seeded.listings) return false;
  // A first start stopped half-way (offices in, no listings yet) is finished on the next start.
  if (!seeded.offices) await seedDemoContent(db, options.images);
  await seedListings(db, { count: options.listings, images: options.images });
  // Decision 099: a few flats offered by other advertisers too, grouped under one card.
  await seedDuplicates(db);
  return true;
}
