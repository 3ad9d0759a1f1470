import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as dataSaverAction } from "~/routes/data-saver-switch";
import {
  browserSavesData,
  dataSaverCookie,
  dataSaverOf,
  keepsScripts,
  ROUTES_WITH_FORM_SCRIPTS,
  withoutScripts,
} from "~/features/site/data-saver.server";
import { DEFERRED_REL } from "~/platform/remix/page-scripts.server";
import { callAction, parseSetCookie, unwrap } from "./helpers/remix";
import { startServer, type TestServer } from "./helpers/server";
import { declaredRoutes } from "./helpers/routes";

/**
 * The data saver (decision 022): the mode from the `Save-Data` header and the `save_data` cookie, the
 * footer's switch (its post and its texts), and the built server's pages: with the data saver on, reading pages send
 * no scripts, one photo per strip and only the 400 px files; form pages keep their scripts; without it, nothing
 * changes. The page cache's side is tests/page-cache.test.ts; the browser's, e2e/data-saver.spec.ts.
 */

const ar = JSON.parse(fs.readFileSync("locales/ar/common.json", "utf8")).footer.dataSaver as Record<string, string>;
const en = JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")).footer.dataSaver as Record<string, string>;

/** A GET of `path` on the site's origin with these headers, as a Fetch Request. */
const request = (headers: Record<string, string> = {}, path = "/") => new Request(`http://localhost:3000${path}`, { headers });

describe("the data saver's mode (decision 022)", () => {
  it("is on for `Save-Data: on`, in any case, with parameters, and off for anything else", () => {
    for (const value of ["on", "On", "ON", " on ", "on; foo=bar", "on;"])
      expect(browserSavesData(request({ "Save-Data": value })), value).toBe(true);
    for (const value of ["off", "", "1", "yes", "onn", "no; on"])
      expect(browserSavesData(request({ "Save-Data": value })), value).toBe(false);
    expect(browserSavesData(request())).toBe(false);
    expect(dataSaverOf(request({ "Save-Data": "on" }))).toBe("browser");
    expect(dataSaverOf(request())).toBeNull();
  });

  it("follows the visitor's cookie first: `on` and `off` win over the header, any other value is no choice", () => {
    expect(dataSaverOf(request({ Cookie: "save_data=on" }))).toBe("on");
    expect(dataSaverOf(request({ Cookie: "lang=en; save_data=on", "Save-Data": "on" }))).toBe("on");
    expect(dataSaverOf(request({ Cookie: "save_data=off", "Save-Data": "on" }))).toBeNull();
    expect(dataSaverOf(request({ Cookie: "save_data=off" }))).toBeNull();
    expect(dataSaverOf(request({ Cookie: "save_data=1", "Save-Data": "on" }))).toBe("browser");
    expect(dataSaverOf(request({ Cookie: "save_data=1" }))).toBeNull();
  });

  it("keeps `on` for a year, deletes `off` unless the browser asks to save data (then keeps `off`)", () => {
    const on = parseSetCookie(dataSaverCookie("on", request()));
    expect(on).toMatchObject({ name: "save_data", value: "on", cleared: false });
    expect(on.attributes).toMatchObject({ "max-age": "31536000", path: "/", samesite: "Lax" });
    expect(on.attributes).not.toHaveProperty("httponly");
    expect(parseSetCookie(dataSaverCookie("off", request()))).toMatchObject({ name: "save_data", cleared: true });
    const override = parseSetCookie(dataSaverCookie("off", request({ "Save-Data": "on" })));
    expect(override).toMatchObject({ name: "save_data", value: "off", cleared: false });
    expect(override.attributes["max-age"]).toBe("31536000");
  });
});

describe("which pages keep their scripts (decision 022)", () => {
  it("keeps them on form pages and in the back office, drops them on reading pages", () => {
    for (const id of ["routes/new-estate", "routes/consultation", "routes/call-us", "routes/login", "routes/profile"])
      expect(keepsScripts(["root", id]), id).toBe(true);
    expect(keepsScripts(["root", "routes/admin", "routes/admin.users"])).toBe(true);
    for (const id of ["routes/_index", "routes/estates", "routes/estate.$id", "routes/offices", "routes/artical.$id", "routes/$"])
      expect(keepsScripts(["root", id]), id).toBe(false);
  });

  it("lists every route whose page uses the form hooks, itself or through a component it imports", async () => {
    const hooks = /\b(useServerForm|useDraft|useForgetDraft|useSubmitting|useFetcher)\(/;
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
    const routes = await declaredRoutes();
    const ids = new Set(routes.map((route) => route.id));
    const parentOf = new Map(routes.map((route) => [route.id, route.parentId]));
    const using: string[] = [];
    for (const route of routes) {
      const source = read(path.join("app", route.file));
      // The modules of app/ it imports (the features' components and the platform's forms), one level down.
      const imported = [...source.matchAll(/from "~\/([\w/.-]+)"/g)].map((m) => m[1]);
      const uses =
        hooks.test(source) || imported.some((name) => hooks.test(read(`app/${name}.tsx`)) || hooks.test(read(`app/${name}.ts`)));
      if (!uses) continue;
      // The page's matches: the route and its parent layout routes.
      const matches = [route.id];
      for (let parent = parentOf.get(route.id); parent; parent = parentOf.get(parent)) matches.unshift(parent);
      if (matches[0] !== "root") matches.unshift("root");
      using.push(route.id);
      expect(keepsScripts(matches), `${route.id} uses the form hooks: add it to ROUTES_WITH_FORM_SCRIPTS`).toBe(true);
    }
    // The check found the forms it is meant to find.
    expect(using).toEqual(expect.arrayContaining(["routes/new-estate", "routes/consultation", "routes/admin.users"]));
    for (const id of ROUTES_WITH_FORM_SCRIPTS) expect(ids.has(id), `${id} is a route`).toBe(true);
  });

  it("removes every script and module preload of a document, and nothing else (JSON-LD stays)", () => {
    const html =
      `<html><head><link rel="modulepreload" href="/build/a.js"/><link rel="stylesheet" href="/build/a.css"/></head>` +
      `<body><p>script &lt;script&gt; text</p><script nonce="x">window.__remixContext = {"a":"\\u003c/script>"};</script>` +
      `<script type="module" async="">import "/build/b.js";</script><script type="application/ld+json">{"a":1}</script>` +
      `</body></html><!--$--><script nonce="x">window.__remixContext.streamController.close();</script><!--/$-->`;
    expect(withoutScripts(html)).toBe(
      `<html><head><link rel="stylesheet" href="/build/a.css"/></head><body><p>script &lt;script&gt; text</p>` +
        `<script type="application/ld+json">{"a":1}</script></body></html><!--$--><!--/$-->`,
    );
  });
});

describe("the switch's post, /data-saver (decision 022)", () => {
  it("turns the data saver on for a year and goes back to the page it was on", async () => {
    const res = await callAction(dataSaverAction, "/data-saver", {
      form: { saveData: "on", redirectTo: "/estates?location_id=3" },
    });
    expect(res).toRedirectTo("/estates?location_id=3");
    expect(res.headers.get("Set-Cookie")).toMatch(/^save_data=on; Max-Age=31536000; Path=\/; SameSite=Lax$/);
  });

  it("turns it off by deleting the cookie, or keeps `off` when the browser sends Save-Data", async () => {
    const off = await callAction(dataSaverAction, "/data-saver", {
      form: { saveData: "off", redirectTo: "/offices" },
      cookie: "save_data=on",
    });
    expect(off).toRedirectTo("/offices");
    expect(parseSetCookie(off.headers.get("Set-Cookie")!)).toMatchObject({ name: "save_data", cleared: true });
    const body = new URLSearchParams({ saveData: "off", redirectTo: "/offices" });
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "Save-Data": "on" };
    const post = new Request("http://localhost:3000/data-saver", { method: "POST", headers, body });
    const override = await unwrap(() => dataSaverAction({ request: post, params: {}, context: {} }));
    expect(override).toRedirectTo("/offices");
    expect(override.headers.get("Set-Cookie")).toMatch(/^save_data=off; Max-Age=31536000;/);
  });

  it("goes back to the Referer when it is this site's (client-side navigation), never to another site", async () => {
    const post = (referer: string, redirectTo: string) =>
      unwrap(() =>
        dataSaverAction({
          request: new Request("http://localhost:3000/data-saver", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: referer },
            body: new URLSearchParams({ saveData: "on", redirectTo }),
          }),
          params: {},
          context: {},
        }),
      );
    expect(await post("http://localhost:3000/estate/7?lang=en", "/estates")).toRedirectTo("/estate/7?lang=en");
    expect(await post("https://evil.example/x", "/estates")).toRedirectTo("/estates");
    expect(await post("https://evil.example/x", "//evil.example/y")).toRedirectTo("/");
  });

  it("reads anything but on as off, and a missing or too long address as the home page", async () => {
    const odd = await callAction(dataSaverAction, "/data-saver", {
      form: { saveData: "maybe", redirectTo: `/${"a".repeat(2001)}` },
    });
    expect(odd).toRedirectTo("/");
    expect(parseSetCookie(odd.headers.get("Set-Cookie")!)).toMatchObject({ name: "save_data", cleared: true });
    const empty = await callAction(dataSaverAction, "/data-saver", { form: {} });
    expect(empty).toRedirectTo("/");
  });
});

describe("pages of the built server (decision 022)", () => {
  let server: TestServer;
  let listing = "";
  const SEARCH = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";

  beforeAll(async () => {
    server = await startServer({ SEED_LISTINGS: "200" });
    const html = await (await fetch(server.url + SEARCH)).text();
    // A listing of the results with more than one photo.
    for (const [, href] of html.matchAll(/href="(\/estate\/\d+)"/g)) {
      const page = await (await fetch(server.url + href)).text();
      if ((page.match(/class="carousel-slide"/g) ?? []).length > 1) {
        listing = href;
        break;
      }
    }
    if (!listing) throw new Error(`${SEARCH} shows no listing with several photos`);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, { headers, redirect: "manual" });
    return { res, html: await res.text() };
  };
  /** The start tags `<tag …>` of `html`. */
  const tags = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].map((m) => m[0]);
  const scriptsOf = (html: string) => tags(html, "script").filter((t) => !t.includes('type="application/ld+json"'));
  /** The number of photo strips and of their slides. */
  const strips = (html: string) => ({
    strips: tags(html, "ul").filter((t) => /class="carousel"/.test(t)).length,
    slides: tags(html, "li").filter((t) => /class="carousel-slide"/.test(t)).length,
  });

  const SAVERS = [
    { name: "Save-Data: on", headers: { "Save-Data": "on" }, mode: "browser" },
    { name: "the cookie", headers: { Cookie: "save_data=on" }, mode: "on" },
  ] as const;

  it.each(SAVERS)("with $name, search results and a listing have no script, one 400 px photo per strip", async ({ headers }) => {
    for (const path of [SEARCH, listing]) {
      const { res, html } = await page(path, headers);
      expect(res.status, path).toBe(200);
      expect(scriptsOf(html), path).toEqual([]);
      expect(html, path).not.toMatch(/\/build\/[^"]*\.js/);
      expect(html, path).not.toContain("modulepreload");
      // Every photo is the 400 px file, without srcset or sizes.
      const images = tags(html, "img").filter((t) => /seed-photo/.test(t));
      expect(images.length, path).toBeGreaterThan(0);
      for (const img of images) {
        expect(img, path).not.toMatch(/srcSet|srcset|sizes=/i);
        expect(img, path).toMatch(/src="[^"]*-400\.webp"/);
      }
      const { strips: count, slides } = strips(html);
      expect(count, path).toBeGreaterThan(0);
      expect(slides, `${path}: one photo per strip`).toBe(count);
      // The strip still says how many photos there are, and JSON-LD is still there for search engines.
      expect(html, path).toMatch(/<\/svg> <!-- -->1\/([2-9]|\d\d)</);
      expect(html, path).toContain('type="application/ld+json"');
    }
    // The listing's preload is the 400 px file its strip shows.
    const { html } = await page(listing, headers);
    const preload = tags(html, "link").find((t) => /rel="preload"/.test(t) && /as="image"/.test(t));
    expect(preload).toMatch(/href="[^"]*-400\.webp"/);
    expect(preload).not.toMatch(/imageSrcSet|imagesrcset/i);
  });

  it.each(SAVERS)("with $name, a form page keeps its scripts", async ({ headers }) => {
    const { res, html } = await page("/new-estate", headers);
    expect(res.status).toBe(200);
    expect(html).toContain(`<link rel="${DEFERRED_REL}" href="/build/`);
    expect(scriptsOf(html).length).toBeGreaterThan(0);
  });

  it("without it, the same pages load their scripts and both sizes; the listing's strip every photo, a card its first (decision 086)", async () => {
    for (const path of [SEARCH, listing]) {
      const { html } = await page(path);
      expect(html, path).toContain(`<link rel="${DEFERRED_REL}" href="/build/`);
      expect(scriptsOf(html).length, path).toBeGreaterThan(0);
      const { strips: count, slides } = strips(html);
      if (path === listing) expect(slides, `${path}: every photo`).toBeGreaterThan(count);
      else expect(slides, `${path}: a card's first photo`).toBe(count);
      expect(html, path).toMatch(/srcSet="[^"]*-400\.webp 400w, [^"]*-800\.webp 800w"/);
      expect(html, path).toContain('type="application/ld+json"');
    }
    const { html } = await page("/new-estate", { "Save-Data": "off" });
    expect(scriptsOf(html).length).toBeGreaterThan(0);
  });

  it("shows the choice under the footer in both languages, saying when the browser asked for it", async () => {
    for (const [lang, texts] of [
      ["ar", ar],
      ["en", en],
    ] as const) {
      const cases: { saveData?: string; cookie?: string; state: string; button: string; value: string }[] = [
        { state: texts.off, button: texts.turnOn, value: "on" },
        { cookie: "save_data=on", state: texts.on, button: texts.turnOff, value: "off" },
        { saveData: "on", state: texts.browser, button: texts.turnOff, value: "off" },
        { saveData: "on", cookie: "save_data=off", state: texts.off, button: texts.turnOn, value: "on" },
      ];
      for (const { saveData, cookie, state, button, value } of cases) {
        const headers: Record<string, string> = { Cookie: [`lang=${lang}`, cookie].filter(Boolean).join("; ") };
        if (saveData) headers["Save-Data"] = saveData;
        const { html } = await page("/offices?page=1", headers);
        expect(html).toContain(`<html lang="${lang}"`);
        const form = /<form method="post" action="\/data-saver"[^>]*>([\s\S]*?)<\/form>/.exec(html);
        expect(form, `${lang} ${JSON.stringify(headers)}`).not.toBeNull();
        // /offices reads no `page`: the page is rendered from its canonical address (decision 045).
        expect(form![1]).toContain('<input type="hidden" name="redirectTo" value="/offices"/>');
        expect(form![1]).toContain(`<span id="data-saver-state">${state}</span>`);
        expect(form![1]).toContain(`<button type="submit" name="saveData" value="${value}">${button}</button>`);
        // Under the footer: after the document's own content.
        expect(html.indexOf("</footer>")).toBeLessThan(html.indexOf('action="/data-saver"'));
      }
    }
    expect(ar.on).toMatch(/[\u0621-\u064A]/);
  });

  it("varies on Save-Data and the cookie, and the switch's post sets and clears the cookie through the server", async () => {
    const { res } = await page("/offices");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(res.headers.get("vary")).toMatch(/Save-Data/);
    const post = (saveData: string, cookie = "") =>
      fetch(`${server.url}/data-saver`, {
        method: "POST",
        body: new URLSearchParams({ saveData, redirectTo: "/offices" }),
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        redirect: "manual",
      });
    const on = await post("on");
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toBe("/offices");
    const cookie = on.headers.getSetCookie()[0].split(";")[0];
    expect(cookie).toBe("save_data=on");
    expect(scriptsOf((await page("/offices", { Cookie: cookie })).html)).toEqual([]);
    const off = await post("off", cookie);
    expect(off.status).toBe(302);
    expect(parseSetCookie(off.headers.getSetCookie()[0])).toMatchObject({ name: "save_data", cleared: true });
    // Opening the address is the not-found page.
    expect((await page("/data-saver")).res.status).toBe(404);
  });
});
