import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precacheList, readAssetsManifest } from "../scripts/build-sw";
import { startServer, type TestServer } from "./helpers/server";

/**
 * The service worker's server side (decision 021), on the built app (`npm run build` first): /sw.js is the
 * build's worker, sent for revalidation on every check (no-cache), with this build's precache list (no back-office
 * script, the offline pages); `SERVICE_WORKER=off` (the kill switch) sends the worker that unregisters itself and
 * pages stop registering one. The browser's side is e2e/offline.spec.ts.
 */

let on: TestServer;
let off: TestServer;

beforeAll(async () => {
  [on, off] = await Promise.all([
    startServer({ SEED_LISTINGS: "20" }),
    startServer({ SEED_LISTINGS: "20", SERVICE_WORKER: "off" }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([on?.stop(), off?.stop()]);
});

describe("service worker", () => {
  it("sends the build's worker at /sw.js, never from a cache without asking, and pages register it", async () => {
    const res = await fetch(`${on.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await res.text()).toBe(fs.readFileSync("public/sw.js", "utf8"));
    expect(await (await fetch(`${on.url}/`)).text()).toContain('data-sw="on"');
  });

  it("with SERVICE_WORKER=off sends the worker that unregisters itself, and pages say off", async () => {
    const body = await (await fetch(`${off.url}/sw.js`)).text();
    expect(body).toBe(fs.readFileSync("public/sw-off.js", "utf8"));
    expect(body).toContain("unregister");
    const home = await (await fetch(`${off.url}/`)).text();
    expect(home).toContain('data-sw="off"');
    expect(home).not.toContain('data-sw="on"');
  });

  it("precaches the public pages' scripts, the stylesheet and the offline pages, not the back office", () => {
    const worker = fs.readFileSync("public/sw.js", "utf8");
    const list = precacheList("public/build", "public", ["offline-ar.html", "offline-en.html"]);
    const urls = list.map((entry) => entry.url);
    const manifest = readAssetsManifest("public/build");
    expect(urls).toContain(manifest.entry.module);
    expect(urls).toContain(manifest.routes["routes/estate.$id"].module);
    expect(urls).not.toContain(manifest.routes["routes/admin.posts._index"].module);
    expect(urls.some((url) => /^\/build\/_assets\/.+\.css$/.test(url))).toBe(true);
    for (const url of ["/offline-ar.html", "/offline-en.html", "/manifest.webmanifest", "/icon-512.png"])
      expect(worker).toContain(`"url":"${url}"`);
    // A file's revision is its content: another build of it gives another worker.
    const offline = list.find((entry) => entry.url === "/offline-ar.html");
    expect(offline?.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(worker).toContain(`"revision":"${offline?.revision}"`);
  });

  it("lets a visitor keep the public site's shared pages, never a noindex page (decision 046)", async () => {
    // A visitor's page is kept because the page cache shares it (`public`); Offline-Copy marks a session's own copy
    // (a logged-in user's pages: e2e/offline.spec.ts), so a visitor's answer never carries it.
    const search = await fetch(`${on.url}/estates`);
    expect(search.status).toBe(200);
    expect(search.headers.get("cache-control")).toMatch(/^public/);
    expect(search.headers.get("offline-copy")).toBeNull();
    const form = await fetch(`${on.url}/forgot-password`);
    expect(form.status).toBe(200);
    expect(form.headers.get("offline-copy")).toBeNull();
  });

  it("serves the installable manifest with icons in both sizes", async () => {
    const manifest = (await (await fetch(`${on.url}/manifest.webmanifest`)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBe("/");
    for (const size of ["192x192", "512x512"]) {
      const icon = manifest.icons.find((i) => i.sizes === size);
      expect(icon, size).toBeDefined();
      const res = await fetch(`${on.url}${icon!.src}`);
      expect(res.headers.get("content-type")).toBe("image/png");
    }
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  });
});
