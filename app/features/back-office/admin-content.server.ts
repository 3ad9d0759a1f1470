import { message, type Message } from "~/platform/forms/message";
import { queryLang, requestedPageOf } from "~/platform/forms/queries";
import {
  removeStoredImage,
  storeUploadedImage,
  UploadError,
  type ImageKind,
  type UploadProblem,
} from "~/platform/images/images.server";
import type { UploadedFile } from "~/platform/http/multipart.server";
import { notFound, requireId } from "~/platform/http/page.server";

/**
 * Server helpers shared by the back office's Content pages: the article and office lists
 * (routes/admin/articles.tsx, routes/admin/offices.tsx) and their editors (routes/admin/article-editor.tsx,
 * routes/admin/office-editor.tsx). Messages are keys of locales/<lang>/content.json, translated by the pages.
 */

/**
 * The row an editor URL names: `new` (as in /admin/articles/new) is a row still to be created (null); any other
 * value must be a database id (app/platform/forms/id.ts), returned as a number. Throws the 404 Response of notFound() for
 * anything else (a missing, malformed or too large id).
 */
export function editedId(param: string | undefined): number | null {
  return param === "new" ? null : requireId(param);
}

/**
 * `path` (a back-office path without a query) with the request's `lang` query parameter kept when it is "en" or
 * "ar" (`/admin/articles/7?lang=en`, read by queryLang), so that a redirect after a post stays in the language in
 * the URL (decision 002); any other, a repeated or no `lang` gives `path` unchanged. Never throws.
 */
export function sameLanguage(request: Request, path: string): string {
  const lang = queryLang(new URL(request.url).searchParams);
  return lang ? `${path}?lang=${lang}` : path;
}

/**
 * The page a back-office list is asked for: the request's `?page=` read by app/platform/forms/queries.ts's requestedPageOf (a
 * whole number from 1 to 999999, 1 when absent or empty). Throws the 404 Response of notFound() for a malformed value
 * (0, a sign, leading zeros, more than six digits, sent twice). Whether the page exists is checked after
 * loading it, with requireExistingPage.
 */
export function requestedPage(request: Request): number {
  return requestedPageOf(new URL(request.url).searchParams) ?? notFound();
}

/**
 * Checks that a loaded page of a list exists: `page` (from 1) is not past `pageCount` (at least 1, so page 1 always
 * exists, even of an empty list). Throws the 404 Response of notFound() otherwise.
 */
export function requireExistingPage(result: { page: number; pageCount: number }): void {
  if (result.page > result.pageCount) notFound();
}

/** The Message of a refused upload: its content.json key "content:upload.<code>" (e.g. "content:upload.notImage"). */
function uploadProblem(code: UploadProblem): Message {
  return message(`content:upload.${code}`);
}

/**
 * The error of an editor's file field (the cover or the logo) when a post is refused: the first upload problem
 * (`problems`, as readMultipartForm gives them) as the Message of its content.json key ("content:upload.<code>");
 * else, when a file was chosen (`chosen`), "content:upload.again", since a file input cannot be refilled and the
 * user must choose the file again; else null (no error beside the field). Never throws.
 */
export function fileFieldError(problems: readonly UploadProblem[], chosen: boolean): Message | null {
  if (problems[0]) return uploadProblem(problems[0]);
  return chosen ? message("content:upload.again") : null;
}

/**
 * Saves an edited row with its optional new image, once everything typed is valid. The chosen file (`upload`, or
 * undefined to keep the old image) is stored first as WebP files of `kind` ("cover" or "logo"); then `create(image)`
 * (when `id` is null; `image` is the new base name or null) or `update(id, image)` (`image` undefined keeps the old
 * one) writes the row and its audit entry. After an update the replaced image's files are deleted; if the write
 * fails, the new image's files are deleted again. Returns `{ savedId }` (the new or edited row's id), or
 * `{ uploadError }` (the Message of a content.json key for the file field; nothing written) when the file is no usable photo
 * (UploadError). Throws the 404 Response of notFound() when `update` finds no such row (null), and rethrows any other
 * error of storing or writing; deleting files never fails the save.
 */
export async function saveWithImage(options: {
  id: number | null;
  upload: UploadedFile | undefined;
  kind: ImageKind;
  create: (image: string | null) => Promise<number>;
  update: (id: number, image: string | undefined) => Promise<{ replacedImage: string | null } | null>;
}): Promise<{ savedId: number } | { uploadError: Message }> {
  const { id, upload, kind } = options;
  let image: string | undefined;
  if (upload) {
    try {
      image = (await storeUploadedImage(upload.path, kind)).file;
    } catch (error) {
      if (error instanceof UploadError) return { uploadError: uploadProblem(error.code) };
      throw error;
    }
  }
  const forget = (file: string | null | undefined) => (file ? removeStoredImage(file, kind).catch(() => undefined) : undefined);
  try {
    if (id === null) return { savedId: await options.create(image ?? null) };
    const result = await options.update(id, image);
    if (!result) notFound();
    await forget(result.replacedImage);
    return { savedId: id };
  } catch (error) {
    await forget(image);
    throw error;
  }
}
