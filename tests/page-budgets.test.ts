import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser, type Request } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOnWire, kb, pageWeight, scriptsOf, type PageWeight } from "./helpers/page-weight";
import { startServer, type TestServer } from "./helpers/server";

/**
 * Decision 014: the weight of the public pages in bytes on the wire, through the built production server
 * (`npm run build` first): static files are sent as their build-time brotli and gzip copies with the right headers,
 * and every public page in both languages stays within its budgets for a browser that accepts brotli:
 * JavaScript at most 90 KB, CSS at most 10 KB and the search results' HTML at most 12 KB (1 KB = 1,000 bytes). The
 * JavaScript budget is met since the browser translates with app/platform/i18n/translator.ts instead of i18next (decision
 * 020), by little: home 89,961 bytes, search results 89,275, a listing 88,366 (after the freshness text of decision 029: 89,906,
 * 89,861 and 89,611; the search results' HTML 11,942 bytes in Arabic, decision 029). The offer form is within it since
 * its fields are checked by the server only and the browser loads neither zod nor Conform's form runtime (decision
 * 034; 121.7 KB before, 89.5 KB after); no page loads zod.
 * The sizes are printed so that they can be written down (docs/benchmarks.md). The first visit in all (photos
 * included) is measured in a browser: e2e/page-weight.spec.ts; the search results read to their end, with JavaScript
 * and without, here (decision 086).
 */

const KB = 1000;
// The search page's HTML before its map at most 12 KB (decision 083, back to 12 KB since the map's data left the
// loader's JSON, decision 101), and the map (decision 095) at most 15 KB of its own.
const BUDGET = { js: 90 * KB, css: 10 * KB, searchHtml: 12 * KB, map: 15 * KB };

/** The map's markup in `html` (the server's drawing, app/features/places/PlaceMapSvg.server.tsx), or "" without one. */
const mapOf = (html: string) => /<figure class="place-map"[\s\S]*?<\/figure>/.exec(html)?.[0] ?? "";
/** `text` compressed as the page cache keeps a page (brotli quality 10, decision 067), in bytes. */
const brotli10 = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }).byteLength;
/** The measured search: apartments (type 6) for sale (offer 1) in place 1, which has results in the demo data. */
const SEARCH = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";

let server: TestServer;
let pages: Record<"home" | "search" | "listing" | "form", string>;
const measured: { page: string; lang: string; br: PageWeight; gzip: PageWeight }[] = [];

beforeAll(async () => {
  // Enough listings for the search to have results (the seed is deterministic).
  server = await startServer({ SEED_LISTINGS: "200" });
  const search = await getOnWire(server.url + SEARCH, "identity");
  const listing = /href="(\/estate\/\d+)"/.exec(search.body)?.[1];
  if (!listing) throw new Error(`${SEARCH} shows no listing`);
  pages = { home: "/", search: SEARCH, listing, form: "/new-estate" };
  // The budgets are those of the kept pages every later visitor gets: the answer that fills the page cache is
  // compressed cheaply and the kept copy again at brotli 10 in the background (decision 045). Each page is filled,
  // then asked for until its kept copy is the smaller one (at most 5 s).
  for (const path of Object.values(pages)) {
    for (const lang of ["ar", "en"]) {
      const headers = { Cookie: `lang=${lang}` };
      const fill = await getOnWire(server.url + path, "br", headers);
      for (const until = Date.now() + 5_000; Date.now() < until;) {
        const again = await getOnWire(server.url + path, "br", headers);
        if (again.headers["x-page-cache"] !== "hit" || again.wireBytes < fill.wireBytes) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (measured.length) {
    const rows = measured.map(
      ({ page, lang, br, gzip }) =>
        `${page.padEnd(8)} ${lang}  HTML ${kb(br.html).padStart(5)} / ${kb(gzip.html).padStart(5)}   CSS ${kb(br.css.total).padStart(5)} / ${kb(gzip.css.total).padStart(5)}   JS ${kb(br.js.total).padStart(6)} / ${kb(gzip.js.total).padStart(6)}  (${br.js.files.size} scripts)`,
    );
    console.log(`Page weight, KB on the wire (brotli / gzip):\n${rows.join("\n")}`);
  }
});

/** The one built script of public/build whose name starts with `prefix` (e.g. "entry.client-"). */
function builtFile(prefix: string, dir = "public/build"): string {
  const name = fs.readdirSync(dir).find((file) => file.startsWith(prefix) && /\.(js|css)$/.test(file));
  if (!name) throw new Error(`no ${prefix}* in ${dir}: run npm run build`);
  return path.join(dir, name);
}

describe("static files sent precompressed", () => {
  it("sends a script as its brotli copy, or its gzip copy to a browser without brotli, or as it is, with one Vary", async () => {
    const file = builtFile("entry.client-");
    const url = `${server.url}/${path.relative("public", file)}`;
    const bytes = fs.readFileSync(file);
    const cases = [
      { accept: "gzip, deflate, br, zstd", encoding: "br", copy: `${file}.br` },
      { accept: "br", encoding: "br", copy: `${file}.br` },
      { accept: "gzip, deflate", encoding: "gzip", copy: `${file}.gz` },
      { accept: "identity", encoding: undefined, copy: file },
    ];
    for (const { accept, encoding, copy } of cases) {
      const res = await getOnWire(url, "identity", { "Accept-Encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"], accept).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
      expect(res.headers.vary, accept).toBe("Accept-Encoding");
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      // The copy written at build time, byte for byte, and it decodes to the script.
      expect(res.wireBytes, accept).toBe(fs.statSync(copy).size);
      expect(res.body, accept).toBe(bytes.toString("utf8"));
    }
    const none = await getOnWire(url, null);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.wireBytes).toBe(bytes.length);
  });

  it("writes brotli at its highest quality: the copy is no larger than Node's quality 11 of the file", () => {
    const file = builtFile("entry.client-");
    const best = zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(fs.statSync(`${file}.br`).size).toBeLessThanOrEqual(best.length);
  });

  it("loads no empty stand-in of a .server module (decision 034: patches/@remix-run+dev, applied by npm's postinstall)", () => {
    // Remix's browser build replaces each app/**/*.server.* module with `module.exports = {}`. Unless that stand-in is
    // marked free of side effects, every route importing a loader's module loads a shared chunk holding only that.
    // (The modules of resource routes, such as robots.txt, are such stand-ins themselves; no page loads them.)
    const dir = "public/build/_shared";
    const scripts = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".js"))
      .map((f) => path.join(dir, f));
    expect(scripts.length).toBeGreaterThan(20);
    const empty = scripts.filter((file) => /exports\s*=\s*\{\}/.test(fs.readFileSync(file, "utf8")));
    expect(empty).toEqual([]);
  });

  it("builds no browser script with zod or Conform's form runtime (decision 034: the server checks every form)", () => {
    // esbuild's record of the browser build (`remix build` writes it): which source files each script holds. The
    // schemas (app/forms/*.ts) are built in pure-annotated calls, so a page that imports a constant from them, or a
    // route whose action uses them, does not keep them, nor zod.
    const meta = JSON.parse(fs.readFileSync("build/metafile.js.json", "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith(".js"));
    expect(outputs.length).toBeGreaterThan(20);
    const found = outputs.flatMap(([file, { inputs }]) =>
      Object.keys(inputs)
        .filter((input) => /node_modules\/(zod|@conform-to\/(dom|zod))\/|app\/data\/countries/.test(input))
        .map((input) => `${file}: ${input}`),
    );
    // The country list stays on the pages with a phone number and its country (login, activation, forgot password).
    expect(found.filter((line) => !/countries/.test(line))).toEqual([]);
    const withCountries = new Set(found.map((line) => line.split(":")[0]));
    const formPage = Object.entries(meta.outputs).find(([file]) => /\/routes\/new-estate-/.test(file));
    expect(formPage, "the offer form's route script").toBeDefined();
    expect(withCountries.has(formPage![0])).toBe(false);
  });

  it("sends the stylesheet, a translation file and the icon sprite compressed, each with its own type", async () => {
    const css = builtFile("app-", "public/build/_assets");
    const cases = [
      { path: `/${path.relative("public", css)}`, type: /^text\/css; charset=utf-8$/i },
      { path: "/locales/en/common.json?v=1", type: /^application\/json; charset=utf-8$/i },
      { path: "/icons.svg?v=4", type: /^image\/svg\+xml/ },
    ];
    for (const { path: file, type } of cases) {
      for (const [accept, encoding] of [
        ["br, gzip", "br"],
        ["gzip", "gzip"],
      ]) {
        const res = await getOnWire(server.url + file, "identity", { "Accept-Encoding": accept });
        expect(res.status, file).toBe(200);
        expect(res.headers["content-encoding"], `${file} ${accept}`).toBe(encoding);
        expect(res.headers["content-type"], file).toMatch(type);
        expect(res.headers.vary, file).toBe("Accept-Encoding");
      }
    }
    const translation = await getOnWire(`${server.url}/locales/en/common.json`, "br");
    expect(JSON.parse(translation.body)).toEqual(JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")));
  });

  it("still answers an address that cannot be decoded with the translated 400 page", async () => {
    for (const address of ["/build/%ZZ.js", "/locales/%ZZ", "/%ZZ.svg"]) {
      const res = await getOnWire(`${server.url}${address}?lang=en`, "br");
      expect(res.status, address).toBe(400);
      expect(res.body, address).toContain("<title>");
    }
  });
});

describe("pages rendered for one request (decision 033)", () => {
  it("come whole, compressed in the browser's best encoding, with their length, and decode to the page", async () => {
    // A cookie other than a visitor's makes the page rendered for this request alone (not from the page cache).
    const url = `${server.url}/offices?lang=en`;
    const cookie = { Cookie: "lang=en; other=1" };
    const plain = await getOnWire(url, "identity", { ...cookie, "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["x-page-cache"]).toBe("bypass");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("</html>");
    const cases = [
      { accept: "gzip, deflate, br, zstd", encoding: "br" },
      { accept: "gzip, deflate", encoding: "gzip" },
    ] as const;
    for (const { accept, encoding } of cases) {
      const res = await getOnWire(url, encoding, { ...cookie, "Accept-Encoding": accept });
      expect(res.headers["x-page-cache"], accept).toBe("bypass");
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-length"], accept).toBe(String(res.wireBytes));
      expect(res.headers["transfer-encoding"], accept).toBeUndefined();
      expect(res.headers.vary, accept).toContain("Accept-Encoding");
      expect(res.wireBytes, accept).toBeLessThan(Buffer.byteLength(plain.body) / 3);
      // The same page apart from its per-response nonce.
      expect(res.body.replace(/nonce="[^"]*"/g, ""), accept).toBe(plain.body.replace(/nonce="[^"]*"/g, ""));
    }
  });
});

describe("public pages within the budgets, with brotli", () => {
  const cases = (["home", "search", "listing", "form"] as const).flatMap((page) =>
    (["ar", "en"] as const).map((lang) => ({ page, lang })),
  );

  it.each(cases)("$page in $lang: JavaScript ≤ 90 KB, CSS ≤ 10 KB (search results: HTML ≤ 12 KB)", async ({ page, lang }) => {
    const br = await pageWeight(server.url, pages[page], "br", lang);
    const gzip = await pageWeight(server.url, pages[page], "gzip", lang);
    measured.push({ page, lang, br, gzip });
    // The page really is the one asked for, in its language, and loads its scripts.
    const html = (await getOnWire(server.url + pages[page], "identity", { Cookie: `lang=${lang}` })).body;
    expect(html).toContain(`lang="${lang}"`);
    expect(scriptsOf(html).length).toBeGreaterThan(0);
    if (br.js.total > BUDGET.js)
      console.log(`${page} ${lang}: JavaScript ${kb(br.js.total)} KB, over the budget's ${kb(BUDGET.js)} KB`);
    expect.soft(br.js.total, `${page} ${lang}: JavaScript bytes (brotli)`).toBeLessThanOrEqual(BUDGET.js);
    expect.soft(br.css.total, `${page} ${lang}: CSS bytes (brotli)`).toBeLessThanOrEqual(BUDGET.css);
    if (page === "search") {
      // The page without its map within 12 KB, the map within its own 15 KB, and what is sent within both.
      const map = mapOf(html);
      expect(map, "the search page's map").not.toBe("");
      console.log(`search ${lang}: HTML before the map ${brotli10(html.replace(map, ""))} bytes, the map ${brotli10(map)}`);
      expect
        .soft(brotli10(html.replace(map, "")), `${page} ${lang}: HTML bytes before the map`)
        .toBeLessThanOrEqual(BUDGET.searchHtml);
      expect.soft(brotli10(map), `${page} ${lang}: the map's bytes`).toBeLessThanOrEqual(BUDGET.map);
      expect.soft(br.html, `${page} ${lang}: HTML bytes (brotli)`).toBeLessThanOrEqual(BUDGET.searchHtml + brotli10(map));
    }
  });

  it.each(["ar", "en"] as const)(
    "search results in %s as Chromium asks for them (gzip, deflate, br, zstd): HTML ≤ 12 KB",
    async (lang) => {
      // The page cache keeps each page in brotli and gzip: a browser that accepts both must get the smaller one.
      for (let visit = 1; visit <= 2; visit++) {
        const res = await getOnWire(server.url + pages.search, null, {
          "Accept-Encoding": "gzip, deflate, br, zstd",
          Cookie: `lang=${lang}`,
        });
        expect(res.status).toBe(200);
        console.log(
          `search ${lang} as Chromium asks, visit ${visit}: HTML ${kb(res.wireBytes)} KB (${res.headers["content-encoding"]})`,
        );
        expect.soft(res.headers["content-encoding"], `search ${lang}, visit ${visit}: coding`).toBe("br");
        expect
          .soft(res.wireBytes, `search ${lang}, visit ${visit}: HTML bytes`)
          .toBeLessThanOrEqual(BUDGET.searchHtml + BUDGET.map);
      }
    },
  );
});

/** Decision 086: a results page read to its end, photos included, with JavaScript and without. */
const READ_BUDGET = { js: 200 * KB, nojs: 120 * KB };
/** A full page of 12 results and more pages: apartments for sale anywhere (the advanced search, no place required). */
const READ_SEARCH = "/estates?estate_offer_type_id=1&estate_type_id=6&is_simple=0";

type Transfer = { url: string; type: string; body: number };

/** What one finished request cost on the wire: its body as sent (compressed), in bytes. */
async function transferOf(request: Request): Promise<Transfer> {
  const sizes = await request.sizes();
  return { url: request.url(), type: request.resourceType(), body: sizes.responseBodySize };
}

describe("search results read to their end on a phone (360x740, pixel ratio 2, an empty cache)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const cases = (["ar", "en"] as const).flatMap((lang) => [true, false].map((javaScript) => ({ lang, javaScript })));
  it.each(cases)(
    "$lang, JavaScript $javaScript: every response's body within 200 KB with JavaScript, 120 KB without; one photo a card",
    async ({ lang, javaScript }) => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: javaScript,
        serviceWorkers: "block",
      });
      try {
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        const transfers: Promise<Transfer>[] = [];
        const record = (request: Request) => transfers.push(transferOf(request));
        page.on("requestfinished", record);
        await page.goto(server.url + READ_SEARCH, { waitUntil: "load" });
        const cards = await page.locator("article.estate-card").count();
        expect(cards, "a full page of results").toBe(12);
        // Read to the end: a screen at a time, as a thumb does, so that every lazy photo is asked for.
        for (let y = 0; ; y += 600) {
          const end = await page.evaluate((top) => {
            window.scrollTo(0, top);
            return top + window.innerHeight >= document.documentElement.scrollHeight;
          }, y);
          await page.waitForTimeout(150);
          if (end) break;
        }
        // On a loaded machine (CI runs the test files side by side) a lazy photo may still be on its way, or not yet
        // asked for, when the network first falls idle: wait until every card's first photo is drawn, then for quiet.
        await expect
          .poll(
            () =>
              page
                .locator("article.estate-card .carousel-slide:first-child img")
                .evaluateAll((imgs) =>
                  imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
                ),
            { message: "every card's first photo drawn", timeout: 30_000 },
          )
          .toBe(true);
        await page.waitForLoadState("networkidle");
        page.off("requestfinished", record);
        const all = await Promise.all(transfers);
        const sum = (list: Transfer[]) => list.reduce((total, t) => total + t.body, 0);
        const photos = all.filter((t) => t.type === "image" && /\/images\//.test(new URL(t.url).pathname));
        const byType = new Map<string, Transfer[]>();
        for (const t of all) byType.set(t.type, [...(byType.get(t.type) ?? []), t]);
        console.log(
          [
            `Search results read to the end (${lang}, JavaScript ${javaScript ? "on" : "off"}): ${all.length} responses, ${kb(sum(all))} KB`,
            ...[...byType].map(
              ([type, list]) => `  ${type.padEnd(10)} ${String(list.length).padStart(3)}  ${kb(sum(list)).padStart(6)} KB`,
            ),
          ].join("\n"),
        );
        // Every card's first photo and no other: the listing's other photos wait for the carousel or the gallery.
        const firstPhotos = await page
          .locator("article.estate-card .carousel-slide:first-child img")
          .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
        expect(await page.locator("article.estate-card .carousel-slide img").count()).toBe(firstPhotos.length);
        const logos = new Set(
          await page
            .locator("article.estate-card .card-office img")
            .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src)),
        );
        const listingPhotos = photos.map((t) => t.url).filter((url) => !logos.has(url));
        expect(
          firstPhotos.filter((src) => !listingPhotos.includes(src)),
          "first photos not loaded",
        ).toEqual([]);
        // (Two cards may show the same photo: the demo data reuses its generated photos.)
        expect(
          listingPhotos.filter((url) => !firstPhotos.includes(url)),
          "photos past the cards' first",
        ).toEqual([]);
        expect(listingPhotos.length, "each photo loaded once").toBe(new Set(listingPhotos).size);
        expect(sum(all), "bytes transferred (response bodies)").toBeLessThanOrEqual(
          javaScript ? READ_BUDGET.js : READ_BUDGET.nojs,
        );
        // Asked for, the other photos come: moving a card's strip (JavaScript) or its count (a link to the gallery).
        const strip = page
          .locator("article.estate-card .carousel")
          .filter({ hasText: /1\/[2-9]/ })
          .first();
        if (javaScript) {
          expect(await strip.locator("img").count()).toBe(1);
          await strip.scrollIntoViewIfNeeded();
          await strip.evaluate((ul) =>
            ul.scrollBy({ left: (getComputedStyle(ul).direction === "rtl" ? -1 : 1) * ul.clientWidth }),
          );
          const second = strip.locator("img").nth(1);
          await expect
            .poll(() =>
              second.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
            )
            .toBe(true);
        } else {
          await strip.getByRole("link").click();
          await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/estate-gallery\/\d+$/);
        }
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
