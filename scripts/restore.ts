/**
 * `npm run db:restore -- [backup] [--force]`: restores a backup made by `npm run db:backup` into the configured
 * database (PGlite, or PostgreSQL when DATABASE_URL is set) and DATA_DIR/images. `backup` is a backup folder, or a
 * folder of backups whose newest is taken (default ./backups/). Refuses a target that is not empty unless --force.
 * Stop the server first when it uses PGlite. See app/platform/db/backup.server.ts and docs/backups.md.
 */
import { BackupError, findBackup, restoreBackup } from "../app/platform/db/backup.server";
import { DatabaseInUseError } from "../app/platform/db/pglite-lock.server";
import { getEnv } from "../app/platform/config/env.server";

const args = process.argv.slice(2);
const force = args.includes("--force");
const paths = args.filter((a) => a !== "--force");
if (paths.length > 1 || paths.some((a) => a.startsWith("-"))) {
  console.error("usage: npm run db:restore -- [backup folder, or a folder of backups: ./backups/] [--force]");
  process.exit(2);
}
const env = getEnv();
try {
  const backup = findBackup(paths[0] ?? "./backups");
  const manifest = await restoreBackup(
    // Images in a bucket are not restored: its versioning is their backup (decision 060).
    { databaseUrl: env.DATABASE_URL, pgliteDir: env.pgliteDir, imagesDir: env.IMAGE_STORE === "s3" ? null : env.imagesDir },
    backup,
    { force },
  );
  const where = env.DATABASE_URL ? "PostgreSQL" : `PGlite at ${env.pgliteDir}`;
  console.log(
    env.IMAGE_STORE === "s3"
      ? `restored ${backup} (made ${manifest.createdAt}) into ${where}; images stay in bucket ${env.S3_BUCKET}`
      : `restored ${backup} (made ${manifest.createdAt}, ${manifest.images.files} images) into ${where} and ${env.imagesDir}`,
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DatabaseInUseError)) throw error;
  console.error(`restore failed: ${error.message}`);
  process.exit(1);
}
