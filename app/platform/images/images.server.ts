import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import sharp, { type OutputInfo, type SharpOptions } from "sharp";
import type { StoredImage } from "~/platform/db/schema";
import { getEnv } from "~/platform/config/env.server";
import { imageStore, ImageStoreUnavailableError, type ImageStore } from "./image-store.server";
import { photoHash } from "./photo-hash.server";

/**
 * Stored images: listing photos, office logos and article covers, kept as
 * WebP files in the widths the pages use in the image store (image-store.server.ts: the images folder of the data
 * directory, or a bucket), and served by server.ts or from IMAGE_BASE_URL.
 * An upload (read by multipart.server.ts) is checked by its bytes with sharp, one decode at a time in the process,
 * and re-encoded without metadata (storeUploadedImage); docs/decisions/012-upload-storage.md.
 */

/**
 * Stored image sizes (width in pixels) by kind; every image is kept as WebP in each width,
 * under the key `${base}-${width}.webp` of the image store (imageKey).
 */
export const IMAGE_WIDTHS = {
  photo: [400, 800],
  logo: [96, 192],
  cover: [400, 800],
} as const;

export type ImageKind = keyof typeof IMAGE_WIDTHS;

/** Aspect ratios (height / width): photos 4:3, logos square, article covers 16:9. */
export const IMAGE_RATIO: Record<ImageKind, number> = { photo: 3 / 4, logo: 1, cover: 9 / 16 };

/** The image store's key of one stored width of an image base name: `${file}-${width}.webp`. */
export function imageKey(file: string, width: number): string {
  return `${file}-${width}.webp`;
}

/**
 * Public URL of one stored width of an image base name: `/images/<key>` (served by server.ts from the image store),
 * or `<IMAGE_BASE_URL>/<key>` when the images are served by a CDN or the bucket itself (decision 060).
 */
export function imageUrl(file: string, width: number): string {
  return `${getEnv().IMAGE_BASE_URL ?? "/images"}/${imageKey(file, width)}`;
}

/**
 * Why an uploaded file was refused; callers map each code to a translated message.
 * "busy": another upload of the same account, or too many uploads in the process, were running, so the
 * file was read and dropped; the page answers 429 and the user sends it again. "unavailable" (decision 060): the
 * image store could not be written (bucket unreachable, disk full); the page answers 503 and the user tries later.
 */
export type UploadProblem = "empty" | "tooLarge" | "notImage" | "tooManyPixels" | "tooMany" | "busy" | "unavailable";

/** A refused upload: bad client input, to be shown to the user, never a 500. */
export class UploadError extends Error {
  readonly code: UploadProblem;
  constructor(code: UploadProblem) {
    super(`upload refused: ${code}`);
    this.name = "UploadError";
    this.code = code;
  }
}

/** The photo limits: 12 photos per post, 10 MB (10 * 1024 * 1024 bytes) and 40 megapixels per file. */
export const PHOTO_LIMITS: { readonly maxFiles: 12; readonly maxBytes: number; readonly maxPixels: 40_000_000 } = {
  maxFiles: 12,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
};

/** The largest side of a WebP image. */
const WEBP_MAX_SIDE = 16383;

/** Formats accepted by their bytes; svg, tiff, raw and anything else is refused as "notImage". */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/**
 * Framing by kind: photos keep their own aspect ratio (the pages crop them for display with CSS `object-fit: cover`
 * in a 4:3 box, and the gallery page shows the whole photo), logos and covers are cropped to IMAGE_RATIO.
 */
const CROP: Record<ImageKind, boolean> = { photo: false, logo: true, cover: true };

/** Size of the stored file of one width: never larger than the (oriented) source, at most WEBP_MAX_SIDE tall. */
function targetSize(kind: ImageKind, maxWidth: number, srcWidth: number, srcHeight: number): { width: number; height: number } {
  if (CROP[kind]) {
    const ratio = IMAGE_RATIO[kind];
    const width = Math.max(1, Math.min(maxWidth, srcWidth, Math.floor(srcHeight / ratio)));
    return { width, height: Math.max(1, Math.round(width * ratio)) };
  }
  let width = Math.min(maxWidth, srcWidth);
  let height = Math.max(1, Math.round((srcHeight * width) / srcWidth));
  if (height > WEBP_MAX_SIDE) {
    height = WEBP_MAX_SIDE;
    width = Math.max(1, Math.round((srcWidth * height) / srcHeight));
  }
  return { width, height };
}

/** The UploadError for an error thrown by sharp while reading client bytes. */
function imageError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new UploadError("tooManyPixels");
  return new UploadError("notImage");
}

/** Base names made by storeUploadedImage; the only ones removeStoredImage deletes. */
const UPLOADED_NAME = /^u-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks an uploaded image with sharp, `source` being the path of its file (UploadedFile.path, what the routes pass:
 * sharp reads it from disk) or its bytes: the format comes from the bytes: jpeg, png, webp, gif (first frame),
 * heif/avif if sharp reads them; svg and everything else → "notImage"; refuses more than 40 MP ("tooManyPixels", use
 * sharp's limitInputPixels so a decompression bomb is never decoded), rotates by EXIF orientation, and writes WebP
 * files in every width of IMAGE_WIDTHS[kind] to `store` (default imageStore(): the folder or the bucket) under a new
 * random name (e.g. `u-<uuid>`), keys `${file}-${width}.webp` (each written whole or not at all), without metadata. Never enlarges a small photo
 * beyond its size (but still writes each width's file name, so imageUrl(file, width) always exists). Returns the
 * StoredImage with the largest stored width/height (and, for a `photo`, its perceptual hash: photoHash, decision 099). Throws UploadError for bad images. One image is decoded at a
 * time in the process: further calls wait their turn.
 *
 * Details: `photo` keeps the photo's aspect ratio (no crop), `logo` is cropped square and `cover` 16:9 (centre);
 * width/height are pixels of the largest file. EXIF, GPS, XMP, IPTC and ICC are not copied (colours are converted
 * to sRGB first). Error codes: "empty" (0 bytes), "tooLarge" (more than PHOTO_LIMITS.maxBytes), "notImage" (not a
 * readable image of an accepted format, or a broken one), "tooManyPixels", "unavailable" (the store could not be
 * written: bucket unreachable, disk full; decision 060). Errors reading the source file are thrown as they are (a
 * server fault, not bad input); no object of the image is left behind after any error. The source file is left as
 * it is (its request removes it).
 */
export async function storeUploadedImage(
  source: string | Uint8Array,
  kind: ImageKind,
  store: ImageStore = imageStore(),
): Promise<StoredImage> {
  return decodeSlots.run(() => storeNow(source, kind, store));
}

/**
 * At most one photo is decoded at a time in the whole process (a 40 MP photo takes about 160 MB while
 * decoded); further uploads wait their turn instead of running the server out of memory on a 2-core machine.
 */
class Slots {
  private free: number;
  private waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  /** Runs `task` when a slot is free; the slot is given back whether it succeeds or throws. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
const decodeSlots = new Slots(1);

async function storeNow(source: string | Uint8Array, kind: ImageKind, store: ImageStore): Promise<StoredImage> {
  const size = typeof source === "string" ? (await fs.stat(source)).size : source.byteLength;
  if (size === 0) throw new UploadError("empty");
  if (size > PHOTO_LIMITS.maxBytes) throw new UploadError("tooLarge");
  // failOn "error": refuse broken or cut-off files, accept ones with mere decoder warnings (which browsers show).
  const input: SharpOptions = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "error" };

  let oriented: { width: number; height: number };
  let pixels: { data: Buffer; info: OutputInfo };
  const sizes: { width: number; height: number; nominal: number }[] = [];
  try {
    const meta = await sharp(source, input).metadata();
    if (!ACCEPTED_FORMATS.has(meta.format)) throw new UploadError("notImage");
    if (!meta.width || !meta.height) throw new UploadError("notImage");
    if (meta.width * meta.height > PHOTO_LIMITS.maxPixels) throw new UploadError("tooManyPixels");
    oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
    for (const nominal of IMAGE_WIDTHS[kind])
      sizes.push({ nominal, ...targetSize(kind, nominal, oriented.width, oriented.height) });
    const largest = sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    // Decoded once: oriented, cropped and scaled to the largest size, 8-bit sRGB; the smaller sizes come from it.
    pixels = await sharp(source, input)
      .rotate()
      .resize(largest.width, largest.height, { fit: "cover", position: "centre" })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw imageError(error);
  }

  const encoded: { nominal: number; data: Buffer; width: number; height: number }[] = [];
  // A listing photo's perceptual hash from the same decoded pixels (decision 099: its duplicates are found by it).
  let phash: string | null = null;
  try {
    const { width, height, channels } = pixels.info;
    if (kind === "photo") phash = await photoHash(pixels.data, { width, height, channels });
    for (const size of sizes) {
      const data = await sharp(pixels.data, { raw: { width, height, channels } })
        .resize(size.width, size.height, { fit: "fill" })
        .webp({ quality: size.width > 400 ? 72 : 68, effort: 4 })
        .toBuffer();
      encoded.push({ nominal: size.nominal, data, width: size.width, height: size.height });
    }
  } catch (error) {
    throw imageError(error);
  }

  const file = `u-${randomUUID()}`;
  const written: string[] = [];
  try {
    for (const { nominal, data } of encoded) {
      const key = imageKey(file, nominal);
      written.push(key);
      await store.put(key, data);
    }
  } catch (error) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => undefined)));
    if (error instanceof ImageStoreUnavailableError) throw new UploadError("unavailable");
    throw error;
  }
  const largest = encoded.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return { file, width: largest.width, height: largest.height, ...(phash ? { phash } : {}) };
}

/**
 * Removes the objects of a stored image (all widths of its kind) from `store` (default imageStore()); missing ones
 * are ignored.
 *
 * Only names made by storeUploadedImage (`u-<uuid>`) are removed: any other name (the shared seed pool
 * `seed-photo-N`, or anything with a path in it) is left alone, so deleting one listing never breaks another.
 * Throws ImageStoreUnavailableError when the store cannot be reached. See decision 060.
 */
export async function removeStoredImage(file: string, kind: ImageKind, store: ImageStore = imageStore()): Promise<void> {
  if (!UPLOADED_NAME.test(file)) return;
  await Promise.all(IMAGE_WIDTHS[kind].map((width) => store.delete(imageKey(file, width))));
}
