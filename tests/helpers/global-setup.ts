import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite, migrateDatabase } from "../../app/platform/db/client.server";
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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
