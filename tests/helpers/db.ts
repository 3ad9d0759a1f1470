import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { fromPglite, migrateDatabase, openDatabase, type Database } from "../../app/platform/db/client.server";
import { diskImageStore } from "../../app/platform/images/image-store.server";
import { seedListings } from "../../app/platform/db/seed/estates.server";
import { seedReference } from "../../app/platform/db/seed/reference.server";
import { TEST_LISTINGS } from "./global-setup";

/**
 * A fresh database for one test file: a copy of the seeded PGlite base made by global-setup, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server, migrated and seeded the same way.
 * It becomes the app's database (what getDb() returns) for the file's loaders. `url` is the PostgreSQL one's address.
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `aqar_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A copy of the run's migrated and seeded template (global-setup), or, without one, a database seeded here.
    const template = process.env.TEST_PG_TEMPLATE;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), pgliteDir: "" });
    if (!template) {
      await migrateDatabase(database);
      const images = diskImageStore(process.env.TEST_IMAGES_DIR!);
      await seedReference(database.db, images);
      await seedListings(database.db, { count: TEST_LISTINGS, images });
    }
    return {
      ...database,
      url: target.toString(),
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dump = fs.readFileSync(process.env.TEST_DB_DUMP!);
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  const database = fromPglite(client);
  return { ...database, drop: () => database.close() };
}

/** Opens a fresh database before the file's tests, installs it as the app's database, and drops it after. */
export function useTestDatabase(): { get(): Database } {
  let database: (Database & { drop(): Promise<void> }) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    globalThis.__database = Promise.resolve(database);
  });
  afterAll(async () => {
    globalThis.__database = undefined;
    await database?.drop();
  });
  return {
    get() {
      if (!database) throw new Error("the test database is not open yet");
      return database;
    },
  };
}
