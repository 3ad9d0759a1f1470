import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { ImageStore } from "./image-store.server";

/**
 * Copying one image store into another (`npm run images:migrate`, decision 060): the disk folder of a server into
 * the bucket it moves to. Every object is checked in the target by its size and its MD5, so a run that says
 * "0 failed" left a bucket that serves every image the folder had.
 */

/** What a copy did: objects copied now, objects already there with the same bytes, objects that failed. */
export type CopySummary = { copied: number; skipped: number; failed: { key: string; reason: string }[]; bytes: number };

/** Reads a stream whole. */
async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");

/**
 * The size (bytes) and MD5 (hex) of `key` in `store`, or null when it has none. A strong ETag of 32 hex digits is
 * the MD5 of an object S3 took in one part (what put writes) and is trusted without reading the bytes; any other
 * tag (a folder's weak one) means the bytes are read and hashed.
 */
async function fingerprint(store: ImageStore, key: string): Promise<{ size: number; md5: string } | null> {
  const head = await store.head(key);
  if (!head) return null;
  const tag = /^"([0-9a-f]{32})"$/.exec(head.etag);
  if (tag) return { size: head.size, md5: tag[1] };
  const object = await store.get(key);
  if (!object || object === "notModified") return null;
  const bytes = await readAll(object.body);
  return { size: bytes.byteLength, md5: md5(bytes) };
}

/**
 * Copies every object of `from` into `to`, one at a time (a server's images are small; the order is the listing's).
 * An object the target already has with the same size and MD5 is skipped, so a second run copies nothing
 * (idempotent) and an interrupted one picks up where it stopped. After each put the target's object is checked
 * (size + MD5); a mismatch or an error of that object is recorded in `failed` and the copy goes on. `onProgress` is
 * called after each object with the counts so far. Throws ImageStoreUnavailableError only when `from` cannot be
 * listed.
 */
export async function copyImageStore(
  from: ImageStore,
  to: ImageStore,
  onProgress?: (summary: CopySummary) => void,
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const { key } of from.list()) {
    try {
      const object = await from.get(key);
      if (!object || object === "notModified") continue; // deleted since it was listed
      const bytes = await readAll(object.body);
      const want = { size: bytes.byteLength, md5: md5(bytes) };
      const there = await fingerprint(to, key);
      if (there && there.size === want.size && there.md5 === want.md5) {
        summary.skipped++;
      } else {
        await to.put(key, bytes, object.contentType);
        const stored = await fingerprint(to, key);
        if (!stored || stored.size !== want.size || stored.md5 !== want.md5) {
          summary.failed.push({
            key,
            reason: stored
              ? `stored ${stored.size} bytes, md5 ${stored.md5}; expected ${want.size} bytes, md5 ${want.md5}`
              : "missing after the copy",
          });
        } else {
          summary.copied++;
          summary.bytes += want.size;
        }
      }
    } catch (error) {
      summary.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
    onProgress?.(summary);
  }
  return summary;
}
