import type { Database } from "~/platform/db/client.server";
import { getDatabase } from "~/platform/db/db.server";
import { seedStatus } from "~/platform/db/seed/status.server";
import { imageStore } from "~/platform/images/image-store.server";
import { ensureAdmin, settleDemoAdmin, type DemoAdminOutcome } from "~/features/accounts/admin-bootstrap.server";
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
  }
  let demoAdmin = await settleDemoAdmin(database.db, { seededDemo, publicSite: isPublicSite(env) });
  if (env.ADMIN_PHONE && env.ADMIN_PASSWORD) await ensureAdmin(database.db, env.ADMIN_PHONE, env.ADMIN_PASSWORD);
  else if (!seeded.places && !seededDemo) demoAdmin = "empty";
  return { database, demoAdmin };
}
