import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { removeStoredImage } from "~/platform/images/images.server";

/**
 * A post's photos: a listing's photo rows, which stored photos a post's versions still
 * use, and deleting the files of those no post uses any more (docs/decisions/012-upload-storage.md). Written only by
 * moderation.server.ts `transition`, the one writer of a post's photos.
 */

/** A listing's photos in gallery order (the first is the cover). */
export async function imagesOfEstate(tx: Tx | Db, estateId: number): Promise<s.StoredImage[]> {
  return tx
    .select({
      file: s.estate_images.file,
      width: s.estate_images.width,
      height: s.estate_images.height,
      phash: s.estate_images.phash,
    })
    .from(s.estate_images)
    .where(eq(s.estate_images.estate_id, estateId))
    .orderBy(asc(s.estate_images.index), asc(s.estate_images.id));
}

/** Replaces a listing's photos by `images`, in that order. Runs in `tx`. */
export async function replaceImages(tx: Tx, estateId: number, images: s.StoredImage[]): Promise<void> {
  await tx.delete(s.estate_images).where(eq(s.estate_images.estate_id, estateId));
  if (images.length) {
    await tx.insert(s.estate_images).values(images.map((img, index) => ({ estate_id: estateId, index, ...img })));
  }
}

/**
 * The photos a post's versions use: its listing's (unless the post is deleted) and its pending edit's. Base names
 * (StoredImage.file).
 */
export async function photosInUse(tx: Tx, estateId: number): Promise<Set<string>> {
  const [estate] = await tx.select({ status: s.estates.status }).from(s.estates).where(eq(s.estates.id, estateId));
  if (!estate || estate.status === "deleted") return new Set();
  const listed = await tx
    .select({ file: s.estate_images.file })
    .from(s.estate_images)
    .where(eq(s.estate_images.estate_id, estateId));
  const [edit] = await tx
    .select({ images: s.estate_edits.images })
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  return new Set([...listed.map((r) => r.file), ...(edit?.images ?? []).map((i) => i.file)]);
}

/**
 * Of `files`, those that no version of any post uses: no listing that is not deleted has them in estate_images and
 * no pending edit has them in its images. Rejected listings keep theirs (the owner may fix and resubmit).
 */
export async function unusedPhotos(tx: Tx, files: string[]): Promise<string[]> {
  if (!files.length) return [];
  const listed = await tx
    .select({ file: s.estate_images.file })
    .from(s.estate_images)
    .innerJoin(s.estates, eq(s.estates.id, s.estate_images.estate_id))
    .where(and(inArray(s.estate_images.file, files), ne(s.estates.status, "deleted")));
  const edits = await tx
    .select({ images: s.estate_edits.images })
    .from(s.estate_edits)
    .where(
      and(
        eq(s.estate_edits.status, "pending"),
        or(...files.map((file) => sql`${s.estate_edits.images} @> ${JSON.stringify([{ file }])}::jsonb`)),
      ),
    );
  const used = new Set([...listed.map((r) => r.file), ...edits.flatMap((e) => e.images.map((i) => i.file))]);
  return files.filter((f) => !used.has(f));
}

/**
 * Deletes the files (every photo width) of photos a committed transition released (a photo that left every
 * version of every post is no longer served at /images). Uploaded names only (removeStoredImage leaves the shared
 * seed pool alone). A file that cannot be deleted is left behind rather than failing a change already committed.
 */
export async function deleteReleasedPhotos(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => removeStoredImage(file, "photo").catch(() => undefined)));
}
