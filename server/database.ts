import type { Database } from "~/platform/db/client.server";
import { getDatabase } from "~/platform/db/db.server";
import { seedStatus } from "~/platform/db/seed/status.server";
import { imageStore } from "~/platform/images/image-store.server";
import {
  ensureAdmin,
  settleDemoAdmin,
  type DemoAdminOutcome,
  type StatusChanged,
} from "~/features/accounts/admin-bootstrap.server";
import { regroupAdvertiser } from "~/features/posts/duplicates.server";
import { demoDataWanted, getEnv, isPublicSite } from "~/platform/config/env.server";

/**
 * The database as the server starts with it: opened and migrated (getDatabase); an empty one given its places and
 * lookup lists, and the demo data only when asked (DEMO_DATA, demoDataWanted: off in production unless set,
 * docs/decisions/079; the generator, app/platform/db/seed/, is loaded only then: a dynamic import, so a start on a
 * filled database never loads it); the demo admin made with the demo data and retired on a public site
 * (settleDemoAdmin, docs/decisions/049), and the operator's first admin made from ADMIN_PHONE and ADMIN_PASSWORD.
 * Returns the database and what became of the demo admin (for server.ts to print: `empty` when an empty database was
 * started without demo data and without ADMIN_PHONE). Rejects when the database cannot be opened (another process
 * has its PGlite folder: DatabaseInUseError) or ADMIN_PHONE is not an E.164 number.
 */
export async function startDatabase(): Promise<{ database: Database; demoAdmin: DemoAdminOutcome }> {
  const env = getEnv();
  const database = await getDatabase();
  const seeded = await seedStatus(database.db);
  const demo = demoDataWanted(env);
  let seededDemo = false;
  if (!seeded.places || (demo && !seeded.listings)) {
    const { ensureSeeded } = await import("../app/platform/db/seed/index.server");
    seededDemo = await ensureSeeded(database.db, { demo, listings: env.SEED_LISTINGS, images: imageStore() });
    if (seededDemo) {
      // Owners' posts held for their price, a likely broker, reported listings (decision 100): made through the
      // features' own services, which the platform's seed may not import.
      const { seedTrustDemo } = await import("../app/features/posts/trust-demo.server");
      await seedTrustDemo(database.db);
    }
  }
  // An account made active or suspended here: its listings join or leave their groups of duplicates (decision 103).
  const statusChanged: StatusChanged = (tx, userId) => regroupAdvertiser(tx, { user_id: userId });
  let demoAdmin = await settleDemoAdmin(database.db, { seededDemo, publicSite: isPublicSite(env), statusChanged });
  if (env.ADMIN_PHONE && env.ADMIN_PASSWORD) await ensureAdmin(database.db, env.ADMIN_PHONE, env.ADMIN_PASSWORD, statusChanged);
  else if (!seeded.places && !seededDemo) demoAdmin = "empty";
  return { database, demoAdmin };
}
