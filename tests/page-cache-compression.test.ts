import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { encodeWhole } from "../server/encoding";
import { PageCache } from "../server/page-cache";
import { queryParamsOf } from "../server/page-query";

/**
 * Decisions 045 and 062: the answer that fills the page cache is compressed cheaply, in the one encoding its client
 * takes, and sent at once; the kept copy is compressed at the storage levels (brotli 10, gzip 9) in the background,
 * and later visitors get that copy (smaller or equal); a change heard between the fill and the background compression
 * wins (the old page never comes back). Through HTTP: PageCache.send on an Express server, as server/http.ts uses it.
 */

const BUILD = {
  routes: { root: { id: "root", path: "", module: { queryParams: ["lang"] } } },
} as unknown as ServerBuild;
const KEY = "ar full - /estates";

/** A page cache that hears page_changes (a stand-in listener that is listening at once). */
function listeningCache(): PageCache {
  const cache = new PageCache({
    maxBytes: 64 * 1024 * 1024,
    ttlMs: 60_000,
    sharedMaxAgeSeconds: 30,
    staleWhileRevalidateSeconds: 60,
    queryParams: queryParamsOf(BUILD),
  });
  cache.listen({
    listen: (_channel: string, events: { listening: () => void }) => (
      events.listening(),
      { close: async () => undefined, sync: async () => undefined }
    ),
  } as never);
  return cache;
}

/** A search page's worth of HTML (about 120 KB for 2,000 lines, as the results page), its `length` listings numbered from `from`. */
function page(from: number, length = 2_000): string {
  const cards = Array.from(
    { length },
    (_, i) => `<li><a href="/estate/${from + i}">شقة ${(from + i) % 97} غرف في دمشق، المزة</a> ${i * 37} ل.س</li>`,
  );
  return `<!DOCTYPE html><html lang="ar" dir="rtl"><body><ul>${cards.join("")}</ul></body></html>`;
}

const html = (body: string) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

let cache: PageCache;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  cache = listeningCache();
  const app = express();
  // The kept page as server/http.ts sends it (a hit), or 404 when the cache has none.
  app.get("/estates", (req, res) => {
    const entry = cache.get(KEY);
    if (entry) cache.send(req, res, entry, "hit");
    else res.status(404).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await cache.close();
  await new Promise((resolve) => server.close(resolve));
});

/** GETs the kept page with `accept` as Accept-Encoding: status, Content-Encoding, bytes as sent and decoded. */
function get(accept: string): Promise<{ status: number; encoding: string; sent: Buffer; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/estates`, { headers: { "Accept-Encoding": accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const sent = Buffer.concat(chunks);
          const encoding = String(res.headers["content-encoding"] ?? "identity");
          const decoded =
            encoding === "br" ? zlib.brotliDecompressSync(sent) : encoding === "gzip" ? zlib.gunzipSync(sent) : sent;
          resolve({ status: res.statusCode ?? 0, encoding, sent, text: decoded.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

describe("the page cache's compression (decisions 045 and 062)", () => {
  it("fills in the client's encoding at the cheap level only, and later visitors get the copy compressed at the storage levels", async () => {
    const body = page(1);
    const identity = Buffer.from(body);
    const entry = cache.store(KEY, cache.current, html(body), body, "", { encoding: "br" })!;
    // The filling answer: brotli at the `rendered` level, nothing else made yet.
    expect(entry.br?.equals(encodeWhole(identity, "br", "rendered"))).toBe(true);
    expect(entry.gzip).toBeNull();
    // A page nobody asks for again is not compressed again (decision 067): nothing was queued by the fill.
    await cache.idle();
    expect(cache.get(KEY)).toMatchObject({ recompressed: false, br: entry.br, gzip: null });
    // Before the background compression: every client gets the page, correct, in its own encoding.
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["deflate", "identity"],
    ]) {
      const got = await get(accept);
      expect([got.status, got.encoding]).toEqual([200, encoding]);
      expect(got.text).toBe(body);
    }
    await cache.idle();
    const kept = cache.get(KEY)!;
    expect(kept.br?.equals(encodeWhole(identity, "br", "kept"))).toBe(true);
    // gzip 9, or gzip 6 when that is smaller (on some pages it is).
    expect(kept.gzip?.byteLength).toBe(
      Math.min(encodeWhole(identity, "gzip", "kept").byteLength, encodeWhole(identity, "gzip", "rendered").byteLength),
    );
    expect(kept.etag).toBe(entry.etag);
    const br = await get("gzip, deflate, br");
    expect(br.text).toBe(body);
    expect(br.sent.equals(kept.br!)).toBe(true);
    expect(br.sent.byteLength).toBeLessThan(entry.br!.byteLength);
    const gzip = await get("gzip");
    expect(gzip.text).toBe(body);
    expect(gzip.sent.equals(kept.gzip!)).toBe(true);
  });

  it("a gzip client's fill is compressed with gzip, brotli made in the background", async () => {
    cache.forget();
    const body = page(5_000);
    const entry = cache.store(KEY, cache.current, html(body), body, "", { encoding: "gzip" })!;
    expect(entry.gzip?.equals(encodeWhole(Buffer.from(body), "gzip", "rendered"))).toBe(true);
    expect(entry.br).toBeNull();
    // Asked for again, by a brotli client: compressed for it at once, cheaply, and kept at brotli 10 in the background.
    const first = await get("br");
    expect([first.encoding, first.text]).toEqual(["br", body]);
    expect(first.sent.equals(encodeWhole(Buffer.from(body), "br", "rendered"))).toBe(true);
    await cache.idle();
    expect(cache.get(KEY)!.br?.equals(encodeWhole(Buffer.from(body), "br", "kept"))).toBe(true);
    expect((await get("br")).text).toBe(body);
  });

  it("a change heard while the kept copy is being compressed wins: the old page never comes back", async () => {
    cache.forget();
    const before = page(10_000);
    cache.store(KEY, cache.current, html(before), before, "", { encoding: "br" });
    cache.get(KEY);
    // The background compression of `before` is under way; page_changes arrives (an edit committed).
    cache.forget();
    expect((await get("br")).status).toBe(404);
    await cache.idle();
    expect(cache.get(KEY)).toBeUndefined();
    expect((await get("br")).status).toBe(404);

    // The edited page is rendered and stored while the old one is still being compressed: the new one stays.
    const old = page(20_000);
    cache.store(KEY, cache.current, html(old), old, "", { encoding: "br" });
    cache.get(KEY);
    cache.forget();
    const edited = page(30_000);
    cache.store(KEY, cache.current, html(edited), edited, "", { encoding: "br" });
    cache.get(KEY);
    await cache.idle();
    const got = await get("gzip, deflate, br");
    expect(got.text).toBe(edited);
    expect(got.sent.equals(encodeWhole(Buffer.from(edited), "br", "kept"))).toBe(true);

    // A page rendered under a generation that a change has ended is not stored at all.
    const generation = cache.current;
    cache.forget();
    expect(cache.store(KEY, generation, html(old), old, "", { encoding: "br" })).toBeUndefined();
  });

  it("a page asked for again while too many wait for their background compression is queued by a later request", async () => {
    cache.forget();
    // Small pages, so that 65 of them are compressed at brotli 10 quickly.
    const body = page(40_000, 20);
    // 70 pages asked for twice at once: the first is taken up at once, 64 wait, the others are not queued.
    for (let i = 0; i < 70; i++) cache.store(`${KEY}&n=${i}`, cache.current, html(body), body, "", { encoding: "br" });
    for (let i = 0; i < 70; i++) cache.get(`${KEY}&n=${i}`);
    await cache.idle();
    expect(cache.get(`${KEY}&n=10`)!.br?.equals(encodeWhole(Buffer.from(body), "br", "kept"))).toBe(true);
    const over = cache.get(`${KEY}&n=69`)!;
    expect([over.recompressed, over.br?.equals(encodeWhole(Buffer.from(body), "br", "rendered")), over.gzip]).toEqual([
      false,
      true,
      null,
    ]);
    // Its next visitor found the queue empty: now it is compressed too.
    await cache.idle();
    expect(cache.get(`${KEY}&n=69`)!.recompressed).toBe(true);
    cache.forget();
    await cache.idle();
  });

  it("never keeps a page marked no-store", () => {
    const body = page(1);
    const secret = new Response(body, { headers: { "Content-Type": "text/html", "Cache-Control": "no-store" } });
    expect(cache.store("ar full - /rp?t=x", cache.current, secret, body, "")).toBeUndefined();
  });
});
