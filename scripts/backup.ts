/**
 * `npm run db:backup -- [folder]`: backs up the database (PGlite, or PostgreSQL when DATABASE_URL is set) and the
 * stored images (unless they are in a bucket, IMAGE_STORE=s3) into a new dated folder under `folder` (default ./backups/); see app/platform/db/backup.server.ts and the
 * docs/backups.md. Stop the server first when it uses PGlite. Exits with 1 and a message when it cannot.
 */
import { BackupError, createBackup } from "../app/platform/db/backup.server";
import { DatabaseInUseError } from "../app/platform/db/pglite-lock.server";
import { getEnv } from "../app/platform/config/env.server";

const args = process.argv.slice(2);
if (args.length > 1 || args.some((a) => a.startsWith("-"))) {
  console.error("usage: npm run db:backup -- [folder]   (default ./backups/)");
  process.exit(2);
}
const env = getEnv();
try {
  const { path, manifest } = await createBackup(
    // Images in a bucket are not copied: its versioning is their backup (decision 060).
    { databaseUrl: env.DATABASE_URL, pgliteDir: env.pgliteDir, imagesDir: env.IMAGE_STORE === "s3" ? null : env.imagesDir },
    args[0] ?? "./backups",
  );
  const mb = (manifest.images.bytes / 1048576).toFixed(1);
  const images =
    env.IMAGE_STORE === "s3"
      ? `not the images (bucket ${env.S3_BUCKET}: its versioning is their backup)`
      : `${manifest.images.files} images (${mb} MB)`;
  console.log(`backup of ${manifest.database === "pglite" ? "PGlite" : "PostgreSQL"} and ${images} written to ${path}`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DatabaseInUseError)) throw error;
  console.error(`backup failed: ${error.message}`);
  process.exit(1);
}
