import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "./helpers/s3-server";
import { startServer, type TestServer } from "./helpers/server";

/**
 * The built server (server.ts) with IMAGE_STORE=s3 against a real S3 server (decision 060): its first start seeds
 * the demo photos into the bucket, /images streams them from there with the immutable caching, a bucket that is
 * down is a 503, and IMAGE_BASE_URL moves the pages' <img> addresses and the CSP to the bucket's origin.
 */

let s3: S3TestServer;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  server = await startServer({ ...s3.env, SEED_LISTINGS: "10" }, 240_000);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

async function bucketBytes(key: string): Promise<Buffer> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  });
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

describe("server.ts with IMAGE_STORE=s3", () => {
  it("seeds the demo photos into the bucket (none on disk) and serves them at /images with immutable caching", async () => {
    expect(fs.existsSync(path.join(server.dataDir, "images"))).toBe(false);
    const home = await (await fetch(`${server.url}/`)).text();
    const src = /src="(\/images\/seed-photo-\d+-400\.webp)"/.exec(home)?.[1];
    expect(src).toBeDefined();
    const res = await fetch(`${server.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("image/webp");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await bucketBytes(src!.slice("/images/".length)))).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(body.byteLength));
    const again = await fetch(`${server.url}${src}`, { headers: { "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("IMAGE_BASE_URL: the pages' photos come from the bucket's address, which the CSP allows", async () => {
    const base = `${s3.endpoint}/${s3.bucket}`;
    const direct = await startServer({ ...s3.env, SEED_LISTINGS: "10", IMAGE_BASE_URL: base }, 240_000);
    try {
      const res = await fetch(`${direct.url}/`);
      const home = await res.text();
      const src = new RegExp(`src="(${base}/seed-photo-\\d+-400\\.webp)"`).exec(home)?.[1];
      expect(src).toBeDefined();
      expect(home).not.toMatch(/src="\/images\//);
      expect(res.headers.get("content-security-policy")).toContain(`img-src 'self' data: ${s3.endpoint}`);
      const photo = await fetch(src!);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    } finally {
      await direct.stop();
    }
  }, 300_000);

  it("a bucket that is down: /images answers 503 with Retry-After, not a 500 or a 404", async () => {
    await s3.close();
    const res = await fetch(`${server.url}/images/seed-photo-1-400.webp`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
