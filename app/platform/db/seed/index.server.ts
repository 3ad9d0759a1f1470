import type { ImageStore } from "~/platform/images/image-store.server";
import type { Db } from "~/platform/db/client.server";
import { seedListings } from "./estates.server";
import { seedReference } from "./reference.server";
import { seedStatus } from "./status.server";

/**
 * Deterministic demo data: the same seed gives the same rows on every machine. Prices are
 * whole Syrian pounds (about one sale in ten in US dollars) at market levels of 2025-2026, each estate type only
 * where it exists (docs/decisions/026-believable-demo-data.md). The start path loads this
 * module only when the database is empty (server/database.ts); `npm run db:seed` and the tests use
 * reference.server.ts and listings.server.ts directly.
 */

/**
 * Fills an empty, migrated database with the demo data; does nothing when it already holds places and listings.
 * `listings` is how many approved listings to make; images are written to the store `images`.
 */
export async function ensureSeeded(db: Db, options: { listings: number; images: ImageStore }): Promise<boolean> {
  const seeded = await seedStatus(db);
  if (seeded.reference && seeded.listings) return false;
  // A first start stopped half-way (reference data in, no listings yet) is finished on the next start.
  if (!seeded.reference) await seedReference(db, options.images);
  await seedListings(db, { count: options.listings, images: options.images });
  return true;
}
