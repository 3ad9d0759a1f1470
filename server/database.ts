import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { seedStatus } from "~/db/seed/status.server";
import { ensureAdmin, ensureDemoAdmin, retireDemoAdmin } from "~/models/admin-bootstrap.server";
import { getEnv } from "~/utils/env.server";

/**
 * The database as the server starts with it (issue 11, Layers): opened and migrated (getDatabase), filled with the
 * demo data when it is empty (the generator, app/db/seed/, is loaded only then: a dynamic import, so a start on a
 * filled database never loads it), the demo admin kept outside production and retired in it (issue 5; decision
 * 010), and the operator's first admin made from ADMIN_PHONE and ADMIN_PASSWORD. Rejects when the database cannot
 * be opened or ADMIN_PHONE is not an E.164 number.
 */
export async function startDatabase(): Promise<Database> {
  const env = getEnv();
  const database = await getDatabase();
  const seeded = await seedStatus(database.db);
  if (!seeded.reference || !seeded.listings) {
    const { ensureSeeded } = await import("../app/db/seed/index.server");
    await ensureSeeded(database.db, { listings: env.SEED_LISTINGS, imagesDir: env.imagesDir });
  }
  if (env.NODE_ENV !== "production") await ensureDemoAdmin(database.db);
  else await retireDemoAdmin(database.db);
  if (env.ADMIN_PHONE && env.ADMIN_PASSWORD) await ensureAdmin(database.db, env.ADMIN_PHONE, env.ADMIN_PASSWORD);
  return database;
}
