/**
 * `npm run images:migrate -- [folder]`: copies the images of a disk store (default DATA_DIR/images) into the bucket
 * of S3_BUCKET (with S3_ENDPOINT, S3_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as for the
 * server), checks every object in the bucket by size and MD5, and prints a summary (decision 060; docs/images.md).
 * Objects already in the bucket with the same bytes are skipped, so it can be run again (after an interruption, or
 * once more right before switching IMAGE_STORE=s3 on). Exits with 1 when an object failed, 2 on bad arguments.
 */
import { copyImageStore } from "../app/platform/images/image-copy.server";
import { diskImageStore, s3ConfigOf, s3ImageStore } from "../app/platform/images/image-store.server";
import { getEnv } from "../app/platform/config/env.server";

const args = process.argv.slice(2);
if (args.length > 1 || args.some((a) => a.startsWith("-"))) {
  console.error("usage: npm run images:migrate -- [images folder]   (default DATA_DIR/images)");
  process.exit(2);
}
const env = getEnv();
const bucket = s3ConfigOf({ ...env, IMAGE_STORE: "s3" });
if (!bucket) {
  console.error("images:migrate needs the bucket: set S3_BUCKET (and S3_ENDPOINT, the key pair… as for IMAGE_STORE=s3)");
  process.exit(2);
}
const folder = args[0] ?? env.imagesDir;
const started = Date.now();
let shown = 0;
const summary = await copyImageStore(diskImageStore(folder), s3ImageStore(bucket), (s) => {
  const done = s.copied + s.skipped + s.failed.length;
  if (done - shown >= 500) {
    shown = done;
    console.log(`${done} objects: ${s.copied} copied, ${s.skipped} already there, ${s.failed.length} failed`);
  }
});
for (const failure of summary.failed) console.error(`failed ${failure.key}: ${failure.reason}`);
console.log(
  `${folder} → bucket ${bucket.bucket}: ${summary.copied} copied (${(summary.bytes / 1048576).toFixed(1)} MB), ` +
    `${summary.skipped} already there, ${summary.failed.length} failed, every object checked by size and MD5, ` +
    `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(summary.failed.length ? 1 : 0);
