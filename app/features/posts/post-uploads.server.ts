import type { Db } from "~/platform/db/client.server";
import type { StoredImage } from "~/platform/db/schema";
import type { UploadedFile } from "~/platform/http/multipart.server";
import {
  PHOTO_LIMITS,
  removeStoredImage,
  storeUploadedImage,
  UploadError,
  type UploadProblem,
} from "~/platform/images/images.server";
import { photosWith } from "./estate-form.server";
import { transition, type Actor } from "./moderation.server";

/**
 * Photos uploaded to a post: by the editor's multipart form (/profile/posts/:id) and by a logged-in owner's first
 * offer on /new-estate (decision 087: price and photos in the first flow). One way for both.
 */

/**
 * Stores `files` (a multipart form's temporary files, withMultipartForm) as WebP photos and adds them at the end of
 * the post's photos, up to PHOTO_LIMITS.maxFiles, in one transition of the moderation with its audit entry: the
 * owner's `edit` (reviewed), or `revise` for a staff listing (`post.staff`) an admin edits. Returns the problems of
 * the files that are no photo (UploadError codes, in file order); the stored photos the post did not take (cut by the
 * limit, or a refused or failed change) are deleted again. Throws TransitionError when the post's state takes no
 * change (the caller answers 409), Error("missing") for an unknown post, and the image store's errors.
 */
export async function addUploadedPhotos(
  db: Db,
  post: { id: number; staff: boolean },
  actor: Actor,
  files: readonly UploadedFile[],
): Promise<UploadProblem[]> {
  const problems: UploadProblem[] = [];
  const stored: StoredImage[] = [];
  let kept = new Set<StoredImage>();
  try {
    for (const file of files) {
      try {
        stored.push(await storeUploadedImage(file.path, "photo"));
      } catch (error) {
        if (error instanceof UploadError) problems.push(error.code);
        else throw error;
      }
    }
    if (stored.length) {
      let taken: StoredImage[] = [];
      await transition(db, post.id, post.staff ? "revise" : "edit", actor, {
        change: (copy) => {
          const added = photosWith(copy.images, stored, PHOTO_LIMITS.maxFiles);
          taken = added.taken;
          return { ...copy, images: added.images };
        },
      });
      kept = new Set(taken);
    }
    return problems;
  } finally {
    await Promise.all(
      stored.filter((img) => !kept.has(img)).map((img) => removeStoredImage(img.file, "photo").catch(() => undefined)),
    );
  }
}
