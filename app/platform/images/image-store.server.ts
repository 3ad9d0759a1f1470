import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getEnv, type Env } from "~/platform/config/env.server";

/**
 * Where the stored images' files live (docs/decisions/060-images-in-an-object-store.md): a folder on the server's
 * disk (IMAGE_STORE=disk, the default) or a bucket of an S3-protocol object store (IMAGE_STORE=s3: AWS S3, MinIO,
 * Ceph, Garage, R2…). Keys are the files' names, `${base}-${width}.webp`, the same in both, so a folder copies into a
 * bucket as it is (`npm run images:migrate`). Everything that writes, reads, serves or deletes images goes through
 * `imageStore()`.
 */

/** What the store knows of one object: its size in bytes, an entity tag for HTTP caching, and its media type. */
export type StoredObjectInfo = { size: number; etag: string; contentType: string; lastModified?: Date };

/** An object read from the store: its info and its bytes as a stream (the caller reads or destroys it). */
export type StoredObject = StoredObjectInfo & { body: Readable };

/** One object of a listing: its key and its size in bytes. */
export type ListedObject = { key: string; size: number };

/** The media type of every stored image (all are WebP). */
export const IMAGE_CONTENT_TYPE = "image/webp";

/**
 * The headers a stored image is sent with, by our server or (written with each object) by the bucket or a CDN in
 * front of it: names never get new content (decision 012), so caches keep it a year without asking again.
 */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The store could not be reached or answered with a server error: a fault of ours, to be retried later. */
export class ImageStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`image store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ImageStoreUnavailableError";
  }
}

/**
 * The image store: one interface, a folder or a bucket behind it. Keys are plain file names (no folders).
 * Every method throws ImageStoreUnavailableError when the store cannot be reached (a bucket's network or 5xx
 * errors; a folder's file system errors other than a missing file).
 */
export interface ImageStore {
  readonly kind: "disk" | "s3";
  /** Stores `body` under `key`, replacing any object there; a reader never sees half of it. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /**
   * The object under `key` as a stream, or null when there is none. With `ifNoneMatch` (an If-None-Match value)
   * equal to its tag, "notModified" instead (a bucket answers that without sending the bytes).
   */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<StoredObject | "notModified" | null>;
  /** The object's info without its bytes, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Deletes the object under `key`; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object, in pages as the store gives them (for `npm run images:migrate`). */
  list(): AsyncIterable<ListedObject>;
  /** Resolves when the store is reachable (the folder exists or can be made; the bucket answers), else throws. */
  ping(): Promise<void>;
}

/** A key is one file name: no separators, no dot-dot, no leading dot. */
function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) || key.includes("..")) throw new Error(`not an image key: ${key}`);
  return key;
}

/** True for a file system error that means "no such file". */
function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

/**
 * The images folder as a store (IMAGE_STORE=disk). Writes go to a temporary name and are renamed into place; the
 * tag is a weak one from size and modification time, as Express's static files had (no read of the bytes).
 */
export function diskImageStore(dir: string): ImageStore {
  const file = (key: string) => path.join(dir, checkKey(key));
  const info = (stat: { size: number; mtime: Date }): StoredObjectInfo => ({
    size: stat.size,
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    contentType: IMAGE_CONTENT_TYPE,
    lastModified: stat.mtime,
  });
  const head = async (key: string) => {
    try {
      return info(await fs.stat(file(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new ImageStoreUnavailableError(error);
    }
  };
  return {
    kind: "disk",
    async put(key, body) {
      const target = file(key);
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(tmp, body, { flag: "wx" });
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => undefined);
        throw new ImageStoreUnavailableError(error);
      }
    },
    async get(key, options = {}) {
      const found = await head(key);
      if (!found) return null;
      if (options.ifNoneMatch && etagMatches(options.ifNoneMatch, found.etag)) return "notModified";
      return { ...found, body: createReadStream(file(key)) };
    },
    head,
    async delete(key) {
      try {
        await fs.rm(file(key), { force: true });
      } catch (error) {
        throw new ImageStoreUnavailableError(error);
      }
    },
    async *list() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw new ImageStoreUnavailableError(error);
      }
      for (const name of names.sort()) {
        if (name.endsWith(".tmp")) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) yield { key: name, size: stat.size };
      }
    },
    async ping() {
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.access(dir, fs.constants.W_OK);
      } catch (error) {
        throw new ImageStoreUnavailableError(error);
      }
    },
  };
}

/** True when an If-None-Match value names `etag` (or is `*`); weak and strong tags compare by their value. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** The settings of a bucket store, from S3_* and AWS_* (app/platform/config/env.server.ts checks them at start). */
export type S3StoreConfig = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** The HTTP status of an S3 error, or undefined for a network error (no answer). */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * A bucket as a store (IMAGE_STORE=s3), through the official AWS SDK. Each object is written with its media type
 * and IMAGE_CACHE_CONTROL, so a CDN or the bucket serving it directly (IMAGE_BASE_URL) sends the same headers as our
 * server. A store that does not answer within 2 s (connection) or 10 s (request), after one retry, is unavailable.
 * Checksums are sent only where S3 requires them: several S3-protocol servers refuse the newer checksum headers.
 */
export function s3ImageStore(config: S3StoreConfig): ImageStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    maxAttempts: 2,
    // Without throwOnRequestTimeout the SDK only warns when a request outlasts requestTimeout, and waits on.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  /** Runs an S3 call; a missing object is null, a network error or 5xx is ImageStoreUnavailableError. */
  async function call<T>(send: () => Promise<T>): Promise<T | null> {
    try {
      return await send();
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === undefined || status >= 500 || !(error instanceof S3ServiceException)) {
        throw new ImageStoreUnavailableError(error);
      }
      throw error;
    }
  }
  const info = (object: {
    ContentLength?: number;
    ETag?: string;
    ContentType?: string;
    LastModified?: Date;
  }): StoredObjectInfo => ({
    size: object.ContentLength ?? 0,
    etag: object.ETag ?? "",
    contentType: object.ContentType ?? IMAGE_CONTENT_TYPE,
    lastModified: object.LastModified,
  });
  return {
    kind: "s3",
    async put(key, body, contentType = IMAGE_CONTENT_TYPE) {
      await call(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: checkKey(key),
            Body: body,
            ContentLength: body.byteLength,
            ContentType: contentType,
            CacheControl: IMAGE_CACHE_CONTROL,
          }),
        ),
      );
    },
    async get(key, options = {}) {
      try {
        const object = await call(() =>
          client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), IfNoneMatch: options.ifNoneMatch })),
        );
        if (!object) return null;
        return { ...info(object), body: object.Body as Readable };
      } catch (error) {
        if (statusOf(error) === 304) return "notModified";
        throw error;
      }
    },
    async head(key) {
      const object = await call(() => client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) })));
      return object ? info(object) : null;
    },
    async delete(key) {
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) })));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await call(() => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        for (const object of page?.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page?.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      const found = await call(() => client.send(new HeadBucketCommand({ Bucket })));
      if (found === null) throw new ImageStoreUnavailableError(new Error(`bucket ${Bucket} does not exist`));
    },
  };
}

/** The bucket settings of the environment (IMAGE_STORE=s3), or null with IMAGE_STORE=disk. */
export function s3ConfigOf(env: Env): S3StoreConfig | null {
  if (env.IMAGE_STORE !== "s3" || !env.S3_BUCKET) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

let current: ImageStore | undefined;

/** The process's image store, made once from the environment: the bucket with IMAGE_STORE=s3, else the folder. */
export function imageStore(): ImageStore {
  if (current) return current;
  const env = getEnv();
  const s3 = s3ConfigOf(env);
  current = s3 ? s3ImageStore(s3) : diskImageStore(env.imagesDir);
  return current;
}

/**
 * Whether the image store is reachable now (for a readiness check such as /readyz): true, or false after logging
 * nothing (the caller decides what to say). Never throws.
 */
export async function storeReachable(store: ImageStore = imageStore()): Promise<boolean> {
  try {
    await store.ping();
    return true;
  } catch {
    return false;
  }
}
