import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from "@remix-run/node";
import { getEnv } from "~/platform/config/env.server";
import type { UploadProblem } from "~/platform/images/images.server";

/**
 * Multipart forms with files: listing photos sent by owners and article covers /
 * office logos sent by admins, all as plain multipart HTML forms that work without JavaScript. `withMultipartForm`
 * (what the routes use) admits the upload under the per-account and per-process caps, streams each file to a
 * temporary file (never into memory) with Remix's multipart parser and removes the temporary files when the request
 * ends. What is done with a file (checked and stored as WebP) is images.server.ts. See
 * docs/decisions/012-upload-storage.md (why Remix's parser with our part handler, not another parser: 016).
 */

/**
 * Largest request body, in bytes, of a route that accepts uploads: 12 files of 10 MiB (PHOTO_LIMITS) plus
 * 1 MiB for the text fields and the part headers and boundaries, i.e. 121 MiB (126,877,696 bytes). For server.ts's
 * request-body limit of the upload routes (plain forms get a much smaller one); the body is never held in memory,
 * each file goes to a temporary file as it arrives.
 */
export const UPLOAD_BODY_LIMIT = 12 * 10 * 1024 * 1024 + 1024 * 1024;

/**
 * Uploads running at once: at most one per account and four in the process. Past either, a new upload is
 * answered 429 with a translated message (its file parts are read and dropped, its text fields kept).
 */
export const UPLOAD_CONCURRENCY: { readonly perAccount: 1; readonly perProcess: 4 } = { perAccount: 1, perProcess: 4 };

/**
 * A file part of a multipart form, written to a temporary file as it arrived: `path` is that file (removed when
 * the request ends, see withMultipartForm), `size` its length in bytes (1 to maxBytes), `name` the browser's base name.
 */
export type UploadedFile = { field: string; name: string; path: string; size: number };

/** Text of a form kept in memory, in bytes (all text fields together, names included; urlencoded bodies too). */
const TEXT_LIMIT = 1024 * 1024;
/** Text fields kept per form; later ones are read and dropped. */
const MAX_TEXT_FIELDS = 1000;
/**
 * Bytes the multipart parser may read while no part is being handled (boundaries, part headers, the prologue).
 * The parser buffers part headers without limit, so a body whose headers never end is cut off here.
 */
const MAX_BETWEEN_PARTS = 1024 * 1024;
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
 * Whether a Content-Type header names a multipart form (`multipart/form-data`, any case, with any parameters): the
 * only body the upload routes stream (server.ts) and read part by part (withMultipartForm).
 */
export function isMultipartForm(header: string | null | undefined): boolean {
  return parseContentType(header ?? null).type === "multipart/form-data";
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

/**
 * Streams a file part to `target` (a new file, created exclusively, readable only by this user) as it arrives and
 * returns its size in bytes. Past `maxBytes` nothing more is written, but the part is still read to its end so the
 * client can finish sending; the caller then removes the partial file. Rejects with the file system's error (a
 * server fault) or the parser's (a malformed or cut-off body).
 */
async function savePart(data: AsyncIterable<Uint8Array>, target: string, maxBytes: number): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      size += chunk.byteLength;
      callback(null, size <= maxBytes ? chunk : undefined);
    },
  });
  await pipeline(data, limit, createWriteStream(target, { flags: "wx", mode: 0o600 }));
  return size;
}

/** True for an error of the file system (it names its system call), as opposed to one of the client's body. */
function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
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
      // Not awaited: the cancel of a teed body (a clone was made) settles only when the other branch is done too.
      reader.cancel().catch(() => undefined);
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
 * Reads a multipart/form-data (or urlencoded) request: text fields into `form`; file parts of `fileFields` are
 * streamed, as they arrive, to new files in `dir` (which the caller made and removes, with everything in it, when
 * the request ends: use withMultipartForm) and listed in `files` (at most `maxFiles`, each at most `maxBytes`);
 * parts with an empty filename and 0 bytes (the browser's "no file chosen") are ignored; a chosen 0-byte file gives
 * problem "empty"; files past the limits give "tooLarge" / "tooMany" in `problems` and leave nothing on disk (past
 * `maxBytes` writing stops and the part is still read to its end so the client finishes sending; the partial file is
 * removed at once). With `dir` null every chosen file is read and dropped as "busy" (withMultipartForm does this when
 * the upload caps are reached). Neither the body nor a file is ever held in memory. Never throws for bad client
 * input (a malformed or cut-off body gives an empty result, its files removed).
 *
 * Shapes and units: `maxBytes` in bytes (use PHOTO_LIMITS); `problems` holds one entry per refused file, in body
 * order; `files` keep body order, `name` is the file's base name as the browser sent it (for messages only: the
 * type is decided from the bytes by `storeUploadedImage`), `size` in bytes. File parts of fields not in
 * `fileFields`, and text parts (no filename) of fields in `fileFields`, are read and dropped. Text fields are kept up
 * to 1 MiB in all (names included, at most 1,000 fields); fields past that are read and dropped. An urlencoded body
 * larger than 1 MiB, a body of another type, or no body gives an empty result. Known limit of Remix's parser: a
 * filename containing ";" or "=" makes the part headers unparsable, so such a body gives an empty result.
 * Throws the file system's error when a temporary file cannot be written (a server fault, e.g. a full disk).
 * Files go to disk, not to memory, so a few uploads at once cannot exhaust the server's memory.
 */
export async function readMultipartForm(
  request: Request,
  options: { fileFields: string[]; maxFiles: number; maxBytes: number; dir: string | null },
): Promise<{ form: FormData; files: UploadedFile[]; problems: UploadProblem[] }> {
  const { type, params } = parseContentType(request.headers.get("Content-Type"));
  const files: UploadedFile[] = [];
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
      if (options.dir === null || files.length >= options.maxFiles) {
        // Nothing is written: the part is only counted.
        const { size } = await readPart(part.data, 0);
        if (size === 0) {
          if (part.filename !== "") problems.push("empty");
        } else if (options.dir === null) problems.push("busy");
        else problems.push(size > options.maxBytes ? "tooLarge" : "tooMany");
        return undefined;
      }
      const target = path.join(options.dir, `part-${files.length + problems.length}-${randomUUID()}`);
      const size = await savePart(part.data, target, options.maxBytes);
      if (size === 0 || size > options.maxBytes) {
        await fs.rm(target, { force: true });
        if (size > options.maxBytes) problems.push("tooLarge");
        else if (part.filename !== "") problems.push("empty");
      } else {
        files.push({ field: part.name, name: part.filename.slice(0, 255), path: target, size });
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
  } catch (error) {
    // A malformed or cut-off body (bad part headers, missing boundary, aborted upload): nothing is kept. The files
    // already written are removed here (the caller removes `dir` too, this only frees the disk sooner).
    await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
    if (isFileSystemError(error)) throw error;
    return emptyResult();
  }
}

/** Counts the uploads running (UPLOAD_CONCURRENCY): per account and in the whole process. */
class UploadGate {
  private running = 0;
  private byAccount = new Map<string, number>();
  constructor(private readonly limits: { perAccount: number; perProcess: number }) {}
  /** Admits one upload of `account`: its release function (call it once), or null when a cap is reached. */
  enter(account: string): (() => void) | null {
    const mine = this.byAccount.get(account) ?? 0;
    if (mine >= this.limits.perAccount || this.running >= this.limits.perProcess) return null;
    this.running++;
    this.byAccount.set(account, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byAccount.get(account) ?? 1) - 1;
      if (left > 0) this.byAccount.set(account, left);
      else this.byAccount.delete(account);
    };
  }
}
const uploadGate = new UploadGate(UPLOAD_CONCURRENCY);

/**
 * The folder of the uploads' temporary files: `tmp/uploads` in the data directory (DATA_DIR), on the same disk as
 * the stored images and never a memory-backed /tmp. Each request gets a folder of its own in it.
 */
export function uploadTempRoot(): string {
  return path.join(getEnv().dataDir, "tmp", "uploads");
}

/** Request folders older than this were left by a process that stopped mid-upload; the first upload removes them. */
const STALE_TEMP_MS = 60 * 60 * 1000;
let swept: Promise<void> | undefined;

async function sweepStaleTemp(root: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    const entry = path.join(root, name);
    const stat = await fs.stat(entry).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(entry, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** A read multipart form as withMultipartForm hands it over; `busy` is true when an upload cap refused its files. */
export type MultipartUpload = { form: FormData; files: UploadedFile[]; problems: UploadProblem[]; busy: boolean };

/**
 * Reads an upload form with readMultipartForm and runs `use` on it, under the caps of UPLOAD_CONCURRENCY (at most
 * one upload per `account`, four in the process): a multipart request that finds a cap reached has its text fields
 * read and each chosen file read and dropped as problem "busy" (`busy` true, `files` empty; the route answers 429
 * with a translated message and what was typed); one without a chosen file goes on as usual. The files of an
 * admitted request are streamed to a folder of their own under uploadTempRoot(), which is removed with everything in
 * it when `use` settles (success, refusal, error or a thrown Response). Urlencoded requests take no slot and write
 * nothing. Returns what `use` returns; rethrows what it throws, and the file system's errors (server faults).
 */
export async function withMultipartForm<T>(
  request: Request,
  options: { fileFields: string[]; maxFiles: number; maxBytes: number; account: string | number },
  use: (upload: MultipartUpload) => Promise<T>,
): Promise<T> {
  const { account, ...limits } = options;
  if (!isMultipartForm(request.headers.get("Content-Type"))) {
    return use({ ...(await readMultipartForm(request, { ...limits, dir: null })), busy: false });
  }
  const release = uploadGate.enter(String(account));
  if (!release) {
    const result = await readMultipartForm(request, { ...limits, dir: null });
    return use({ ...result, busy: result.problems.includes("busy") });
  }
  let dir: string | null = null;
  try {
    const root = uploadTempRoot();
    await fs.mkdir(root, { recursive: true });
    swept ??= sweepStaleTemp(root);
    await swept;
    dir = await fs.mkdtemp(path.join(root, "req-"));
    const result = await readMultipartForm(request, { ...limits, dir });
    return await use({ ...result, busy: false });
  } finally {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    release();
  }
}
