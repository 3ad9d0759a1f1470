import type { Database } from "~/platform/db/client.server";
import { getDatabase } from "~/platform/db/db.server";
import { seedStatus } from "~/platform/db/seed/status.server";
import { imageStore } from "~/platform/images/image-store.server";
import { ensureAdmin, settleDemoAdmin, type DemoAdminOutcome } from "~/features/accounts/admin-bootstrap.server";
import { getEnv, isPublicSite } from "~/platform/config/env.server";

/**
 * The database as the server starts with it: opened and migrated (getDatabase), filled with the
 * demo data when it is empty (the generator, app/platform/db/seed/, is loaded only then: a dynamic import, so a start on a
 * filled database never loads it), the demo admin made with the demo data and retired on a public site
 * (settleDemoAdmin, docs/decisions/049), and the operator's first admin made from ADMIN_PHONE and ADMIN_PASSWORD.
 * Returns the database and what became of the demo admin (for server.ts to print). Rejects when the database cannot
 * be opened or ADMIN_PHONE is not an E.164 number.
 */
export async function startDatabase(): Promise<{ database: Database; demoAdmin: DemoAdminOutcome }> {
  const env = getEnv();
  const database = await getDatabase();
  const seeded = await seedStatus(database.db);
  let seededDemo = false;
  if (!seeded.reference || !seeded.listings) {
    const { ensureSeeded } = await import("../app/platform/db/seed/index.server");
    seededDemo = await ensureSeeded(database.db, { listings: env.SEED_LISTINGS, images: imageStore() });
  }
  const demoAdmin = await settleDemoAdmin(database.db, { seededDemo, publicSite: isPublicSite(env) });
  if (env.ADMIN_PHONE && env.ADMIN_PASSWORD) await ensureAdmin(database.db, env.ADMIN_PHONE, env.ADMIN_PASSWORD);
  return { database, demoAdmin };
}
