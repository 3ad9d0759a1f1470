import { execFile } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";

// The images of this file go to a bucket of a real S3-protocol server (tests/helpers/s3-server.ts), started before
// any module reads the environment; DATA_DIR is a folder of this file's own, to show that nothing lands on disk.
const s3 = await vi.hoisted(async () => {
  const { startS3Server } = await import("./helpers/s3-server");
  const server = await startS3Server();
  Object.assign(process.env, server.env);
  process.env.DATA_DIR = `${process.env.TEST_IMAGES_DIR}/../s3-data-${process.pid}`;
  return server;
});

import * as s from "~/platform/db/schema";
import { action as editorAction, loader as editorLoader } from "~/routes/post-editor";
import { copyImageStore } from "~/platform/images/image-copy.server";
import { diskImageStore, imageStore, IMAGE_CACHE_CONTROL } from "~/platform/images/image-store.server";
import { resources } from "~/platform/i18n/i18n.server";
import { getEnv } from "~/platform/config/env.server";
import { serveImages } from "../server/images";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { callLoader, unwrap, type Reply } from "./helpers/remix";
import { startS3Server } from "./helpers/s3-server";

/**
 * Photos in an object store (decision 060) with IMAGE_STORE=s3 against a real S3 server: an upload through the
 * owner's editor lands in the bucket with its headers, is served by /images with the immutable caching, is deleted
 * from the bucket when the post drops it; images:migrate copies a folder and checks it; IMAGE_BASE_URL moves the
 * pages' URLs; a bucket that is down is a translated upload error and a 503, never a 500.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const { newPost } = postFixtures(db);
const ORIGIN = "http://localhost:3000";

/** An S3 client of its own: what is in the bucket is read without the app's store. */
const bucket = new S3Client({
  endpoint: s3.endpoint,
  region: s3.env.S3_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
});
async function keysInBucket(): Promise<string[]> {
  const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}
async function bytesInBucket(key: string): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** /images of server.ts (serveImages over the app's store) on a local port, with the site's 404 after it. */
const images = await new Promise<{ url: string; close(): void }>((resolve) => {
  const app = express();
  app.use(
    "/images",
    serveImages(imageStore(), () => undefined),
  );
  app.use((_req, res) => res.status(404).send("the site's 404 page"));
  const server = app.listen(0, "127.0.0.1", () =>
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/images`, close: () => server.close() }),
  );
});

afterAll(async () => {
  images.close();
  bucket.destroy();
  await s3.close();
});

async function jpeg(seed: number): Promise<File> {
  const bytes = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: seed * 40, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new File([new Uint8Array(bytes)], `photo-${seed}.jpg`, { type: "image/jpeg" });
}
/** Posts to the owner's editor of post `id` (multipart when `body` is a FormData). */
function editor(id: number, body: Record<string, string> | FormData, cookie: string): Promise<Reply> {
  const request = new Request(`${ORIGIN}/profile/posts/${id}`, {
    method: "POST",
    body: body instanceof FormData ? body : new URLSearchParams(body),
    headers: { Origin: ORIGIN, Cookie: cookie },
  });
  return unwrap(() => editorAction({ request, params: { id: String(id) }, context: {} }));
}
async function upload(id: number, cookie: string, seed: number): Promise<Reply> {
  const form = new FormData();
  form.append("photos", await jpeg(seed));
  return editor(id, form, cookie);
}
async function photosOf(id: number): Promise<string[]> {
  const rows = await db().select().from(s.estate_images).where(eq(s.estate_images.estate_id, id));
  return rows.map((r) => r.file);
}

describe("IMAGE_STORE=s3", () => {
  it("an uploaded photo goes into the bucket (every width, WebP, immutable) and nothing into the data folder", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    expect(await upload(id, owner.cookie, 1)).toRedirectTo(`/profile/posts/${id}`);
    const [file] = await photosOf(id);
    expect(file).toMatch(/^u-[0-9a-f-]{36}$/);
    expect(await keysInBucket()).toEqual(expect.arrayContaining([`${file}-400.webp`, `${file}-800.webp`]));
    const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${file}-800.webp` }));
    expect(head).toMatchObject({ ContentType: "image/webp", CacheControl: IMAGE_CACHE_CONTROL });
    expect((await sharp(await bytesInBucket(`${file}-800.webp`)).metadata()).format).toBe("webp");
    expect(fs.existsSync(getEnv().imagesDir) ? fs.readdirSync(getEnv().imagesDir) : []).toEqual([]);
  });

  it("/images streams it from the bucket with Content-Length, ETag and a year of immutable caching; 304 on If-None-Match", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    await upload(id, owner.cookie, 2);
    const [file] = await photosOf(id);
    const stored = await bytesInBucket(`${file}-400.webp`);
    const res = await fetch(`${images.url}/${file}-400.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-length")).toBe(String(stored.byteLength));
    expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${images.url}/${file}-400.webp`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const missing = await fetch(`${images.url}/u-00000000-0000-0000-0000-000000000000-400.webp`);
    expect([missing.status, await missing.text()]).toEqual([404, "the site's 404 page"]);
  });

  it("a photo removed from its post is deleted from the bucket, and /images no longer has it", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    await upload(id, owner.cookie, 3);
    await upload(id, owner.cookie, 4);
    const [gone, kept] = await photosOf(id);
    expect(await editor(id, { intent: "remove", file: gone }, owner.cookie)).toRedirectTo(`/profile/posts/${id}`);
    expect(await photosOf(id)).toEqual([kept]);
    const keys = await keysInBucket();
    expect(keys).not.toContain(`${gone}-400.webp`);
    expect(keys).not.toContain(`${gone}-800.webp`);
    expect(keys).toEqual(expect.arrayContaining([`${kept}-400.webp`, `${kept}-800.webp`]));
    expect((await fetch(`${images.url}/${gone}-400.webp`)).status).toBe(404);
  });

  it("IMAGE_BASE_URL points the pages' photos at the CDN or the bucket instead of /images", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    await upload(id, owner.cookie, 5);
    const [file] = await photosOf(id);
    const open = () => callLoader(editorLoader, `/profile/posts/${id}`, { params: { id: String(id) }, cookie: owner.cookie });
    expect((await open()).data.photos).toEqual([{ file, src: `/images/${file}-400.webp` }]);
    const env = getEnv() as { IMAGE_BASE_URL?: string };
    env.IMAGE_BASE_URL = `${s3.endpoint}/${s3.bucket}`;
    try {
      const src = (await open()).data.photos[0].src as string;
      expect(src).toBe(`${s3.endpoint}/${s3.bucket}/${file}-400.webp`);
      // That address is the bucket's own: the photo is there.
      expect((await fetch(src)).status).toBe(200);
    } finally {
      delete env.IMAGE_BASE_URL;
    }
  });

  it("images:migrate copies a disk store into the bucket, checks each object, and copies nothing the second time", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-migrate-"));
    try {
      const disk = diskImageStore(dir);
      const files = ["seed-photo-1-400.webp", "seed-photo-1-800.webp", "u-11111111-1111-1111-1111-111111111111-96.webp"];
      for (const [i, key] of files.entries()) await disk.put(key, Buffer.from(`bytes of image ${i}`.repeat(100 + i)));
      const first = await copyImageStore(disk, imageStore());
      expect(first).toMatchObject({ copied: 3, skipped: 0, failed: [] });
      for (const key of files) expect((await bytesInBucket(key)).equals(fs.readFileSync(path.join(dir, key)))).toBe(true);
      expect(await copyImageStore(disk, imageStore())).toMatchObject({ copied: 0, skipped: 3, failed: [] });

      // A changed file is copied again; the script itself prints its summary and exits 0.
      fs.writeFileSync(path.join(dir, files[0]), "new bytes");
      // Not spawnSync: the S3 server runs in this process and must go on answering.
      const run = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/images-migrate.ts", dir], {
        env: { ...process.env, IMAGE_STORE: "disk", NODE_NO_WARNINGS: "1" },
        encoding: "utf8",
      });
      expect(run.stderr.trim()).toBe("");
      expect(run.stdout).toMatch(/: 1 copied \(0\.0 MB\), 2 already there, 0 failed, every object checked by size and MD5/);
      expect((await bytesInBucket(files[0])).toString()).toBe("new bytes");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a bucket that is down: the upload answers 503 with the translated message and stores nothing; /images answers 503", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    await upload(id, owner.cookie, 6);
    const [file] = await photosOf(id);
    await s3.close();
    const res = await upload(id, owner.cookie, 7);
    expect(res.status).toBe(503);
    expect(res.data.photoProblems).toEqual(["unavailable"]);
    expect(resources.ar.forms.upload.unavailable).toMatch(/لا يمكن حفظ الصور الآن/);
    expect(resources.en.forms.upload.unavailable).toMatch(/cannot be saved right now/);
    expect(await photosOf(id)).toEqual([file]);
    const served = await fetch(`${images.url}/${file}-400.webp`);
    expect(served.status).toBe(503);
    expect(served.headers.get("retry-after")).toBe("5");
    expect(served.headers.get("cache-control")).toBe("no-store");

    // Back on the same port (empty): uploads work again.
    const back = await startS3Server({ port: s3.port, bucket: s3.bucket });
    try {
      expect(await upload(id, owner.cookie, 8)).toRedirectTo(`/profile/posts/${id}`);
    } finally {
      await back.close();
    }
  }, 60_000);
});

describe("the image store's variables", () => {
  /** The environment as getEnv() parses it with `vars` set (a fresh module, so nothing is cached). */
  async function parseWith(vars: Record<string, string | undefined>) {
    const saved = { ...process.env };
    for (const [key, value] of Object.entries(vars)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    vi.resetModules();
    try {
      const { getEnv } = await import("~/platform/config/env.server");
      return getEnv();
    } finally {
      for (const key of Object.keys(vars)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  }
  const messageOf = (vars: Record<string, string | undefined>) =>
    parseWith(vars).then(
      () => "",
      (error: Error) => error.message,
    );

  it("disk by default; s3 with its bucket, path style and a CDN base without its trailing slash", async () => {
    expect(
      await parseWith({
        IMAGE_STORE: undefined,
        S3_BUCKET: undefined,
        S3_FORCE_PATH_STYLE: undefined,
        AWS_ACCESS_KEY_ID: undefined,
        AWS_SECRET_ACCESS_KEY: undefined,
      }),
    ).toMatchObject({ IMAGE_STORE: "disk", S3_FORCE_PATH_STYLE: false });
    expect(await parseWith({ IMAGE_BASE_URL: "https://cdn.example.com/img/", S3_FORCE_PATH_STYLE: "true" })).toMatchObject({
      IMAGE_STORE: "s3",
      S3_BUCKET: s3.bucket,
      S3_FORCE_PATH_STYLE: true,
      IMAGE_BASE_URL: "https://cdn.example.com/img",
    });
  });

  it("refuses to start on a missing bucket, half a key pair or a bad address, naming the variable", async () => {
    expect(await messageOf({ S3_BUCKET: undefined })).toContain("S3_BUCKET is required when IMAGE_STORE=s3");
    expect(await messageOf({ AWS_SECRET_ACCESS_KEY: undefined })).toContain(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together",
    );
    expect(await messageOf({ IMAGE_STORE: "bucket" })).toContain("IMAGE_STORE must be disk or s3");
    expect(await messageOf({ S3_ENDPOINT: "minio:9000" })).toContain("S3_ENDPOINT must be an http:// or https:// URL");
    expect(await messageOf({ S3_BUCKET: "Aqar_Images" })).toContain("S3_BUCKET must be a bucket name");
    expect(await messageOf({ IMAGE_BASE_URL: "cdn.example.com" })).toContain("IMAGE_BASE_URL must be an http:// or https:// URL");
    expect(await messageOf({ S3_FORCE_PATH_STYLE: "yes" })).toContain("S3_FORCE_PATH_STYLE must be true or false");
  });
});
