import { getEnv } from "~/utils/env.server";
import { migrateDatabase, openDatabase, type Database } from "./client.server";
import { ensureAdmin, ensureDemoAdmin, retireDemoAdmin } from "~/models/admin-bootstrap.server";
import { ensureSeeded } from "./seed.server";

declare global {
  // eslint-disable-next-line no-var
  var __database: Promise<Database> | undefined;
}

/**
 * The process-wide database, opened, migrated and (when empty) filled with the demo data on first use.
 * Kept on globalThis so the server and the Remix build share one connection.
 */
export function getDatabase(): Promise<Database> {
  if (!globalThis.__database) {
    globalThis.__database = (async () => {
      const env = getEnv();
      const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir });
      await migrateDatabase(database);
      await ensureSeeded(database.db, { listings: env.SEED_LISTINGS, imagesDir: env.imagesDir });
      // The demo admin belongs to the demo data, never to production (issue 5; decision 010).
      if (env.NODE_ENV !== "production") await ensureDemoAdmin(database.db);
      else await retireDemoAdmin(database.db);
      // The operator's first admin (issue 5): ADMIN_PHONE and ADMIN_PASSWORD at start.
      if (env.ADMIN_PHONE && env.ADMIN_PASSWORD) await ensureAdmin(database.db, env.ADMIN_PHONE, env.ADMIN_PASSWORD);
      return database;
    })();
    globalThis.__database.catch(() => {
      globalThis.__database = undefined;
    });
  }
  return globalThis.__database;
}

/** Shorthand for loaders: the drizzle handle of getDatabase(). */
export async function getDb() {
  return (await getDatabase()).db;
}
