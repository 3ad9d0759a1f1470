/**
 * `npm run db:seed -- --listings N`: migrates, fills an empty database with the demo data, then adds
 * approved listings until there are N in all (for benchmarks: `--listings 100000`).
 */
import { count, eq } from "drizzle-orm";
import { migrateDatabase } from "../app/platform/db/client.server";
import { estates } from "../app/platform/db/schema";
import { seedListings } from "../app/platform/db/seed/estates.server";
import { seedDemoContent, seedPlaces } from "../app/platform/db/seed/reference.server";
import { seedStatus } from "../app/platform/db/seed/status.server";
import { imageStore } from "../app/platform/images/image-store.server";
import { demoAdminNotice, settleDemoAdmin } from "../app/features/accounts/admin-bootstrap.server";
import { getEnv, isPublicSite } from "../app/platform/config/env.server";
import { openScriptDatabase } from "./cli";

const arg = process.argv.indexOf("--listings");
const wanted = arg > 0 ? Number(process.argv[arg + 1]) : getEnv().SEED_LISTINGS;
if (!Number.isInteger(wanted) || wanted < 0) {
  console.error("usage: npm run db:seed -- --listings N");
  process.exit(2);
}
const env = getEnv();
const started = Date.now();
const database = await openScriptDatabase();
await migrateDatabase(database);
const { db } = database;
// This command is the ask for demo data (docs/decisions/079): places when missing, the offices and articles when
// there are none, then the listings.
const seeded = await seedStatus(db);
if (!seeded.places) await seedPlaces(db);
if (!seeded.offices) await seedDemoContent(db, imageStore());
// The demo data brings its demo admin, except on a public site (docs/decisions/049).
const demoAdmin = await settleDemoAdmin(db, { seededDemo: !seeded.offices, publicSite: isPublicSite(env) });
const [{ n }] = await db.select({ n: count() }).from(estates).where(eq(estates.status, "approved"));
const missing = wanted - Number(n);
if (missing > 0) await seedListings(db, { count: missing, images: imageStore(), batch: 2000 });
await database.close();
const notice = demoAdminNotice(demoAdmin, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
if (notice) console.log(notice);
console.log(
  `${Math.max(missing, 0)} listings added (${Math.max(wanted, Number(n))} approved in all) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
