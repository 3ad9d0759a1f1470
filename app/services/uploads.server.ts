import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from "@remix-run/node";
import sharp, { type OutputInfo, type SharpOptions } from "sharp";
import type { StoredImage } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { IMAGE_RATIO, IMAGE_WIDTHS, type ImageKind } from "./images.server";

/**
 * Photo uploads (issue 5, photo upload): listing photos sent by owners and article covers / office logos sent by
 * admins, all as plain multipart HTML forms that work without JavaScript. `readMultipartForm` streams the body and
 * keeps at most `maxFiles` files of at most `maxBytes` each in memory; `storeUploadedImage` checks one file by its
 * bytes with sharp and re-encodes it to metadata-free WebP in the sizes the pages use.
 */

/** Why an uploaded file was refused (issue 5, photo upload); callers map each code to a translated message. */
export type UploadProblem = "empty" | "tooLarge" | "notImage" | "tooManyPixels" | "tooMany";

/** A refused upload (issue 5, photo upload): bad client input, to be shown to the user, never a 500. */
export class UploadError extends Error {
  readonly code: UploadProblem;
  constructor(code: UploadProblem) {
    super(`upload refused: ${code}`);
    this.name = "UploadError";
    this.code = code;
  }
}

/** Issue 5 limits: 12 photos per post, 10 MB (10 * 1024 * 1024 bytes) and 40 megapixels per file. */
export const PHOTO_LIMITS: { readonly maxFiles: 12; readonly maxBytes: number; readonly maxPixels: 40_000_000 } = {
  maxFiles: 12,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
};

/** A file part of a multipart form, read into memory (never more than maxBytes of it). */
export type UploadedFile = { field: string; name: string; bytes: Uint8Array };

/** Text of a form kept in memory, in bytes (all text fields together, names included; urlencoded bodies too). */
const TEXT_LIMIT = 1024 * 1024;
/** Text fields kept per form; later ones are read and dropped. */
const MAX_TEXT_FIELDS = 1000;
/**
 * Bytes the multipart parser may read while no part is being handled (boundaries, part headers, the prologue).
 * The parser buffers part headers without limit, so a body whose headers never end is cut off here.
 */
const MAX_BETWEEN_PARTS = 1024 * 1024;
/** The largest side of a WebP image. */
const WEBP_MAX_SIDE = 16383;

const utf8 = new TextDecoder("utf-8");
const emptyResult = () => ({ form: new FormData(), files: [] as UploadedFile[], problems: [] as UploadProblem[] });

/** Media type (lower case) and parameters of a Content-Type header; quoted values are unquoted. */
function parseContentType(header: string | null): { type: string; params: Map<string, string> } {
  const [type = "", ...rest] = (header ?? "").split(";");
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    let value = param.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    params.set(param.slice(0, eq).trim().toLowerCase(), value);
  }
  return { type: type.trim().toLowerCase(), params };
}

/**
 * Reads a part to its end. Keeps its bytes while they are at most `keep`; past that it drops what it has and
 * only counts, so the client can finish sending. `bytes` is null when the part was larger than `keep`.
 */
async function readPart(data: AsyncIterable<Uint8Array>, keep: number): Promise<{ bytes: Uint8Array | null; size: number }> {
  let chunks: Uint8Array[] | null = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (chunks && size <= keep) chunks.push(chunk);
    else chunks = null;
  }
  if (!chunks) return { bytes: null, size };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, size };
}

/** A whole (small) body, or null when it is larger than `limit` bytes (the rest is then not read). */
async function readBodyUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a multipart/form-data (or urlencoded) request: text fields into `form`; file parts of `fileFields` into
 * `files` (at most `maxFiles`, each at most `maxBytes`); parts with an empty filename and 0 bytes (the browser's
 * "no file chosen") are ignored; a chosen 0-byte file gives problem "empty"; files past the limits give "tooLarge"
 * / "tooMany" in `problems` and are dropped (their bytes are read and discarded so the client finishes sending; the
 * whole body is never buffered). Never throws for bad client input (a malformed body gives an empty result).
 *
 * Shapes and units: `maxBytes` in bytes (use PHOTO_LIMITS); `problems` holds one entry per refused file, in body
 * order; `files` keep body order, `name` is the file's base name as the browser sent it (for messages only: the
 * type is decided from the bytes by `storeUploadedImage`). File parts of fields not in `fileFields`, and text
 * parts (no filename) of fields in `fileFields`, are read and dropped. Text fields are kept up to 1 MiB in all
 * (names included, at most 1,000 fields); fields past that are read and dropped. An urlencoded body larger than
 * 1 MiB, a body of another type, or no body gives an empty result. Known limit of Remix's parser: a filename
 * containing ";" or "=" makes the part headers unparsable, so such a body gives an empty result.
 * Source: issue 5, photo upload.
 */
export async function readMultipartForm(
  request: Request,
  options: { fileFields: string[]; maxFiles: number; maxBytes: number },
): Promise<{ form: FormData; files: UploadedFile[]; problems: UploadProblem[] }> {
  const { type, params } = parseContentType(request.headers.get("Content-Type"));
  try {
    if (!request.body) return emptyResult();
    if (type === "application/x-www-form-urlencoded") {
      const bytes = await readBodyUpTo(request.body, TEXT_LIMIT);
      const result = emptyResult();
      if (bytes) for (const [name, value] of new URLSearchParams(utf8.decode(bytes))) result.form.append(name, value);
      return result;
    }
    const boundary = params.get("boundary") ?? "";
    if (type !== "multipart/form-data" || !/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) {
      return emptyResult();
    }

    // Bytes read while no part is handled are counted (see MAX_BETWEEN_PARTS); the count restarts at every part.
    const guard = { inPart: false, between: 0 };
    const body = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (!guard.inPart) {
            guard.between += chunk.byteLength;
            if (guard.between > MAX_BETWEEN_PARTS) {
              controller.error(new Error("multipart body: part headers too large"));
              return;
            }
          }
          controller.enqueue(chunk);
        },
      }),
    );
    // Remix's parser wants exactly `multipart/form-data; boundary=…` (no quotes, no other parameter after it).
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    };
    const files: UploadedFile[] = [];
    const problems: UploadProblem[] = [];
    let textBytes = 0;
    let textFields = 0;

    const handlePart = async (part: UploadHandlerPart): Promise<string | undefined> => {
      if (part.filename === undefined) {
        // A text part in a file field (undici's FormData sends an unnamed empty File like this) is not a field.
        if (options.fileFields.includes(part.name)) {
          await readPart(part.data, 0);
          return undefined;
        }
        const room = textFields < MAX_TEXT_FIELDS ? Math.max(0, TEXT_LIMIT - textBytes - part.name.length) : 0;
        const { bytes, size } = await readPart(part.data, room);
        if (!bytes || textFields >= MAX_TEXT_FIELDS) return undefined;
        textBytes += size + part.name.length;
        textFields++;
        return utf8.decode(bytes);
      }
      if (!options.fileFields.includes(part.name)) {
        await readPart(part.data, 0);
        return undefined;
      }
      const full = files.length >= options.maxFiles;
      const { bytes, size } = await readPart(part.data, full ? 0 : options.maxBytes);
      if (size === 0) {
        if (part.filename !== "") problems.push("empty");
      } else if (size > options.maxBytes) {
        problems.push("tooLarge");
      } else if (full || !bytes) {
        problems.push("tooMany");
      } else {
        files.push({ field: part.name, name: part.filename.slice(0, 255), bytes });
      }
      return undefined;
    };
    const handler: UploadHandler = async (part) => {
      guard.inPart = true;
      guard.between = 0;
      try {
        return await handlePart(part);
      } finally {
        guard.inPart = false;
      }
    };

    const form = await unstable_parseMultipartFormData(new Request(request.url, init), handler);
    return { form, files, problems };
  } catch {
    // A malformed or cut-off body (bad part headers, missing boundary, aborted upload): nothing is kept.
    return emptyResult();
  }
}

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
 * Checks `bytes` with sharp (the format comes from the bytes: jpeg, png, webp, gif (first frame), heif/avif if sharp
 * reads them; svg and everything else → "notImage"), refuses more than 40 MP ("tooManyPixels", use sharp's
 * limitInputPixels so a decompression bomb is never decoded), rotates by EXIF orientation, and writes WebP files in
 * every width of IMAGE_WIDTHS[kind] to `dir` (default env.imagesDir) under a new random name (e.g. `u-<uuid>`),
 * `${file}-${width}.webp`, atomically (tmp + rename), without metadata. Never enlarges a small photo beyond its size
 * (but still writes each width's file name, so imageUrl(file, width) always exists). Returns the StoredImage with the
 * largest stored width/height. Throws UploadError for bad images.
 *
 * Details: `photo` keeps the photo's aspect ratio (no crop), `logo` is cropped square and `cover` 16:9 (centre);
 * width/height are pixels of the largest file. EXIF, GPS, XMP, IPTC and ICC are not copied (colours are converted
 * to sRGB first). Error codes: "empty" (0 bytes), "tooLarge" (more than PHOTO_LIMITS.maxBytes), "notImage" (not a
 * readable image of an accepted format, or a broken one), "tooManyPixels". File system errors are thrown as they
 * are (a server fault, not bad input); no file of the image is left behind after any error.
 * Source: issue 5, photo upload.
 */
export async function storeUploadedImage(bytes: Uint8Array, kind: ImageKind, dir?: string): Promise<StoredImage> {
  return decodeSlots.run(() => storeNow(bytes, kind, dir));
}

/**
 * At most two photos are decoded at a time in the whole process (a 40 MP photo takes about 160 MB while decoded);
 * further uploads wait their turn instead of running the server out of memory on a 2-core machine.
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
const decodeSlots = new Slots(2);

async function storeNow(bytes: Uint8Array, kind: ImageKind, dir?: string): Promise<StoredImage> {
  if (bytes.byteLength === 0) throw new UploadError("empty");
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) throw new UploadError("tooLarge");
  // failOn "error": refuse broken or cut-off files, accept ones with mere decoder warnings (which browsers show).
  const input: SharpOptions = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "error" };

  let source: { width: number; height: number };
  let pixels: { data: Buffer; info: OutputInfo };
  const sizes: { width: number; height: number; nominal: number }[] = [];
  try {
    const meta = await sharp(bytes, input).metadata();
    if (!ACCEPTED_FORMATS.has(meta.format)) throw new UploadError("notImage");
    if (!meta.width || !meta.height) throw new UploadError("notImage");
    if (meta.width * meta.height > PHOTO_LIMITS.maxPixels) throw new UploadError("tooManyPixels");
    source = meta.autoOrient ?? { width: meta.width, height: meta.height };
    for (const nominal of IMAGE_WIDTHS[kind]) sizes.push({ nominal, ...targetSize(kind, nominal, source.width, source.height) });
    const largest = sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    // Decoded once: oriented, cropped and scaled to the largest size, 8-bit sRGB; the smaller sizes come from it.
    pixels = await sharp(bytes, input)
      .rotate()
      .resize(largest.width, largest.height, { fit: "cover", position: "centre" })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw imageError(error);
  }

  const encoded: { nominal: number; data: Buffer; width: number; height: number }[] = [];
  try {
    const { width, height, channels } = pixels.info;
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

  const target = dir ?? getEnv().imagesDir;
  await fs.mkdir(target, { recursive: true });
  const file = `u-${randomUUID()}`;
  const written: string[] = [];
  try {
    for (const { nominal, data } of encoded) {
      const finalPath = path.join(target, `${file}-${nominal}.webp`);
      const tmp = `${finalPath}.${randomUUID()}.tmp`;
      written.push(tmp, finalPath);
      await fs.writeFile(tmp, data, { flag: "wx" });
      await fs.rename(tmp, finalPath);
    }
  } catch (error) {
    await Promise.all(written.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
    throw error;
  }
  const largest = encoded.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return { file, width: largest.width, height: largest.height };
}

/**
 * Removes the files of a stored image (all widths of its kind); missing files are ignored.
 *
 * Only names made by storeUploadedImage (`u-<uuid>`) are removed: any other name (the shared seed pool
 * `seed-photo-N`, or anything with a path in it) is left alone, so deleting one listing never breaks another.
 * Throws only on file system errors other than a missing file. Source: issue 5, photo upload.
 */
export async function removeStoredImage(file: string, kind: ImageKind, dir?: string): Promise<void> {
  if (!UPLOADED_NAME.test(file)) return;
  const target = dir ?? getEnv().imagesDir;
  await Promise.all(IMAGE_WIDTHS[kind].map((width) => fs.rm(path.join(target, `${file}-${width}.webp`), { force: true })));
}
