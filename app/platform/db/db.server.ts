import { getEnv } from "~/platform/config/env.server";
import { migrateDatabase, openDatabase, type Database } from "./client.server";

declare global {
  var __database: Promise<Database> | undefined;
}

/**
 * The process-wide database, opened and migrated on first use. Kept on globalThis so the server and the Remix build
 * share one connection. What the server does with it at start (the demo data when it is empty, the admin accounts)
 * is server/database.ts.
 */
export function getDatabase(): Promise<Database> {
  if (!globalThis.__database) {
    globalThis.__database = (async () => {
      const env = getEnv();
      const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir });
      await migrateDatabase(database);
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
