import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fromPglite, migrateDatabase, openDatabase } from "../../app/platform/db/client.server";
import { diskImageStore } from "../../app/platform/images/image-store.server";
import { seedListings } from "../../app/platform/db/seed/estates.server";
import { seedReference } from "../../app/platform/db/seed/reference.server";

/** Listings in the test database: enough for several pages of results in most filters. */
export const TEST_LISTINGS = 400;

/**
 * Builds one migrated, seeded PGlite database for the whole run and dumps it to a file; every test file loads
 * its own copy from the dump (migrating and seeding once is faster than once
 * per file).
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-test-"));
  const imagesDir = path.join(dir, "images");
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrateDatabase(database);
  await seedReference(database.db, diskImageStore(imagesDir));
  await seedListings(database.db, { count: TEST_LISTINGS, images: diskImageStore(imagesDir) });
  const dump = await client.dumpDataDir("gzip");
  const dumpFile = path.join(dir, "base.tar.gz");
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.TEST_DB_DUMP = dumpFile;
  process.env.TEST_IMAGES_DIR = imagesDir;
  const dropTemplate = process.env.TEST_DATABASE_URL ? await postgresTemplate(process.env.TEST_DATABASE_URL, imagesDir) : null;
  return async () => {
    await dropTemplate?.();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * On PostgreSQL (TEST_DATABASE_URL), the same migrated and seeded database made once as a template: each test file's
 * database is a copy of it (`create database … template …`, a file copy in the server), not migrated and seeded again.
 * Sets TEST_PG_TEMPLATE to its name; returns what drops it at the end of the run.
 */
async function postgresTemplate(url: string, imagesDir: string): Promise<() => Promise<void>> {
  const name = `aqar_template_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), pgliteDir: "" });
  await migrateDatabase(database);
  await seedReference(database.db, diskImageStore(imagesDir));
  await seedListings(database.db, { count: TEST_LISTINGS, images: diskImageStore(imagesDir) });
  // A template is copied only while nobody is connected to it.
  await database.close();
  process.env.TEST_PG_TEMPLATE = name;
  return () => admin(`drop database if exists ${name} with (force)`);
}
