import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { inlineScriptHashes, PageCache } from "../server/page-cache";
import { queryParamsOf } from "../server/page-query";
import { startServer, type TestServer } from "./helpers/server";

/**
 * Decision 013: visitors' pages are rendered once and kept; nothing of a logged-in user, a toast, a dialog
 * or a post is ever kept or served from the cache; a kept page carries no cookie and no shared nonce; and a change
 * that visitors would see reaches every process sharing the database within a second. Two real server processes on
 * one PostgreSQL database.
 */

const ADMIN_PHONE = "+963944700001";
const ADMIN_PASSWORD = "page-cache-admin-1";
const CAPTCHA = "Kp7Wd";
const database = `aqar_page_cache_${process.pid}`;
const url = `postgres://postgres@127.0.0.1:5432/${database}`;

let a: TestServer;
let b: TestServer;
let sql: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const env = { DATABASE_URL: url, ADMIN_PHONE, ADMIN_PASSWORD, CAPTCHA_TEST_TEXT: CAPTCHA, SEED_LISTINGS: "30" };
  // One after the other: the first migrates and seeds the empty database.
  a = await startServer(env);
  b = await startServer(env);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

/** A GET as a browser sends it (brotli accepted), with `headers` on top; the body is decoded by fetch. */
function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  return fetch(server.url + path, { headers: { "Accept-Encoding": "br, gzip", ...headers }, redirect: "manual" });
}

/** Polls `check` every 50 ms until it is true or `ms` have passed; returns whether it became true. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An approved listing's id, from the database. */
async function aListing(offset: number): Promise<number> {
  const { rows } = await sql.query("SELECT id FROM estates WHERE status = 'approved' ORDER BY id LIMIT 1 OFFSET $1", [offset]);
  return rows[0].id;
}

/** Logs the bootstrap admin in on `server` through the login form; returns the Cookie header of the session. */
async function logInAdmin(server: TestServer): Promise<string> {
  const page = await fetch(`${server.url}/login`);
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = new URLSearchParams({
    intent: "login",
    country: "SY",
    authentication: "944700001",
    password: ADMIN_PASSWORD,
    captcha: CAPTCHA,
  });
  const res = await fetch(`${server.url}/login`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  expect(session).toBeTruthy();
  return session!;
}

describe("a visitor's page", () => {
  it("is rendered once, then served from the cache with an ETag, a 304 on a repeat and a CDN lifetime", async () => {
    const first = await get(a, "/offices");
    const firstBody = await first.text();
    const second = await get(a, "/offices");
    expect(first.status).toBe(200);
    expect(["miss", "hit"]).toContain(first.headers.get("x-page-cache"));
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("content-encoding")).toBe("br");
    // Chrome lists gzip first; the smaller brotli copy is still the one sent.
    expect((await get(a, "/offices", { "Accept-Encoding": "gzip, deflate, br, zstd" })).headers.get("content-encoding")).toBe(
      "br",
    );
    expect((await get(a, "/offices", { "Accept-Encoding": "gzip" })).headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(second.headers.get("vary")).toMatch(/Cookie/);
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    // fetch() would add `Cache-Control: no-cache` to a conditional request (as browsers do on reload): a plain GET.
    const repeat = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${a.url}/offices`, { headers: { "If-None-Match": etag } }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on("error", reject);
    });
    expect(repeat.status).toBe(304);
    expect(repeat.body).toBe("");
  });

  it("answers a hit with the headers its filling answer had: helmet's, the Permissions-Policy, Vary (decision 098)", async () => {
    const path = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1";
    const filled = await get(a, path);
    await filled.arrayBuffer();
    const hit = await get(a, path);
    await hit.arrayBuffer();
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    // What helmet and the server's own middleware write, which the early hit answer never runs.
    const site = [
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "origin-agent-cluster",
      "referrer-policy",
      "x-content-type-options",
      "x-dns-prefetch-control",
      "x-frame-options",
      "x-permitted-cross-domain-policies",
      "permissions-policy",
    ];
    for (const name of site) {
      expect(hit.headers.get(name), name).toBeTruthy();
      expect(hit.headers.get(name), name).toBe(filled.headers.get(name));
    }
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    expect(hit.headers.get("vary")).toMatch(/Cookie/);
    expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
    // The CSP names the page's scripts by their hashes, never a nonce (one answer's own).
    expect(hit.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(hit.headers.get("content-security-policy")).not.toMatch(/nonce-/);
    expect(hit.headers.get("x-powered-by")).toBeNull();
  });

  it("a search typed as words is the page of its filters, at the typed address, in one entry with theirs (decision 087)", async () => {
    const typed = `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة" })}`;
    const own = "/estates?estate_type_id=6&is_simple=0";
    const first = await get(b, typed);
    // No redirect: one round trip, rendered from the filters' address, which its canonical link names.
    expect(first.status).toBe(200);
    expect(first.redirected).toBe(false);
    const html = await first.text();
    expect(html).toContain(`<link rel="canonical" href="${b.url}${own.replace(/&/g, "&amp;")}"/>`);
    // The filters' own address and the same words typed again are served from the one entry the first filled.
    const filters = await get(b, own);
    expect(filters.headers.get("x-page-cache")).toBe("hit");
    expect(filters.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await filters.text()).toBe(html);
    const again = await get(b, typed);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    // An ad number typed still goes straight to its listing.
    const { rows } = await sql.query("SELECT id, state_id FROM estates WHERE status = 'approved' ORDER BY id LIMIT 1");
    const ad = await get(b, `/estates?${new URLSearchParams({ is_simple: "0", q: String(rows[0].state_id) })}`);
    expect(ad.status).toBe(302);
    expect(ad.headers.get("location")).toBe(`/estate/${rows[0].id}`);
  });

  it("carries no cookie and no nonce: its inline scripts are allowed by their hashes, which the page hydrates with", async () => {
    await get(a, "/articals");
    const res = await get(a, "/articals");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    expect(html).not.toMatch(/nonce=/);
    const policy = res.headers.get("content-security-policy")!;
    expect(policy).not.toMatch(/'nonce-/);
    const scriptSrc = /script-src ([^;]*)/
      .exec(policy)![1]
      .split(" ")
      .filter((s) => s.startsWith("'sha256-"));
    // Every inline script of the page, and nothing else, is allowed.
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${crypto.createHash("sha256").update(m[1]).digest("base64")}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(scriptSrc)).toEqual(new Set(inline));
  });

  it("is kept apart per language, and a ?lang= that sets the language cookie is never answered from the cache", async () => {
    await get(a, "/offices", { Cookie: "lang=en" });
    const en = await get(a, "/offices", { Cookie: "lang=en" });
    expect(en.headers.get("x-page-cache")).toBe("hit");
    expect(await en.text()).toContain(`<html lang="en"`);
    const ar = await get(a, "/offices");
    expect(await ar.text()).toContain(`<html lang="ar"`);
    // Kept for a visitor whose cookie already says English; a new visitor asking ?lang=en must get the cookie.
    await get(a, "/offices?lang=en", { Cookie: "lang=en" });
    expect((await get(a, "/offices?lang=en", { Cookie: "lang=en" })).headers.get("x-page-cache")).toBe("hit");
    const chooser = await get(a, "/offices?lang=en");
    expect(chooser.headers.get("x-page-cache")).toBe("bypass");
    expect(chooser.headers.getSetCookie().join()).toMatch(/^lang=en;/);
  });

  it("keeps the data saver's page apart: a normal visitor never gets it, nor a data saver the normal page (decision 022)", async () => {
    // A page no other test asks for (a parameter the page does not read would not make a new entry: decision 045).
    const path = "/articals?page=1";
    const hasScripts = (html: string) => /<script type="module"/.test(html);
    const saverText = JSON.parse(fs.readFileSync("locales/ar/common.json", "utf8")).footer.dataSaver;
    // The normal page first: kept, with its scripts.
    expect((await get(a, path)).headers.get("x-page-cache")).toBe("miss");
    const normal = await get(a, path);
    expect(normal.headers.get("x-page-cache")).toBe("hit");
    expect(normal.headers.get("vary")).toMatch(/Cookie/);
    expect(normal.headers.get("vary")).toMatch(/Save-Data/);
    expect(hasScripts(await normal.text())).toBe(true);
    // A browser that asks to save data: its own page, rendered then kept, without scripts.
    for (const [visit, outcome] of [
      [1, "miss"],
      [2, "hit"],
    ] as const) {
      const saver = await get(a, path, { "Save-Data": "on" });
      expect(saver.headers.get("x-page-cache"), `Save-Data visit ${visit}`).toBe(outcome);
      expect(saver.headers.get("vary")).toMatch(/Save-Data/);
      const html = await saver.text();
      expect(hasScripts(html)).toBe(false);
      expect(html).toContain(saverText.browser);
    }
    // The visitor's cookie is a visitor's cookie (not a bypass), with a page of its own (its footer says "on").
    expect((await get(a, path, { Cookie: "save_data=on" })).headers.get("x-page-cache")).toBe("miss");
    const chosen = await get(a, path, { Cookie: "lang=ar; save_data=on" });
    expect(chosen.headers.get("x-page-cache")).toBe("hit");
    const chosenHtml = await chosen.text();
    expect(hasScripts(chosenHtml)).toBe(false);
    expect(chosenHtml).toContain(saverText.on);
    // The normal visitor still gets the normal page, and so does a data saver turned off over the header.
    for (const headers of [{}, { Cookie: "save_data=off", "Save-Data": "on" }] as Record<string, string>[]) {
      const again = await get(a, path, headers);
      expect(again.headers.get("x-page-cache"), JSON.stringify(headers)).toBe("hit");
      const html = await again.text();
      expect(hasScripts(html), JSON.stringify(headers)).toBe(true);
      expect(html).toContain(saverText.off);
    }
  });

  it("a CSP nonce stays unique to each response that is not kept", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => {
        const res = await get(a, "/offices?dialog=login");
        return /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
      }),
    );
    expect(new Set(nonces).size).toBe(3);
  });
});

describe("never kept, never served from the cache", () => {
  it("a logged-in user's page: not from the cache, not stored, private; visitors never see the user", async () => {
    const session = await logInAdmin(a);
    const { rows } = await sql.query("SELECT first_name FROM users WHERE phone = $1", [ADMIN_PHONE]);
    const name: string = rows[0].first_name;
    // Whatever a visitor's page holds, the user's pages are rendered for them.
    await get(a, "/offices");
    for (let i = 0; i < 2; i++) {
      const mine = await get(a, "/offices", { Cookie: session });
      expect(mine.headers.get("x-page-cache")).toBe("bypass");
      expect(mine.headers.get("cache-control")).toBe("private, no-cache");
      expect(await mine.text()).toContain("/logout");
    }
    // A page first asked for by the logged-in user is not stored for visitors.
    const path = "/who-us";
    await get(a, path, { Cookie: session });
    const visitor = await get(a, path);
    expect(visitor.headers.get("x-page-cache")).toBe("miss");
    const html = await visitor.text();
    expect(html).not.toContain("/logout");
    expect(html).not.toContain(`>${name}<`);
  });

  it("a request with a toast, a dialog, or any other cookie; a post; a data request", async () => {
    await get(a, "/offices");
    expect((await get(a, "/offices", { Cookie: "__toast=x" })).headers.get("x-page-cache")).toBe("bypass");
    expect((await get(a, "/offices", { Cookie: "lang=ar; other=1" })).headers.get("x-page-cache")).toBe("bypass");
    expect((await get(a, "/offices?dialog=login")).headers.get("x-page-cache")).toBe("bypass");
    const post = await fetch(`${a.url}/offices`, {
      method: "POST",
      body: "a=1",
      headers: { Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(post.headers.get("x-page-cache")).not.toBe("hit");
    expect(post.headers.get("cache-control")).not.toMatch(/public/);
  });

  it("an answer that is not a 200 page (a 404) is not kept", async () => {
    await get(a, "/estate/999999999");
    const again = await get(a, "/estate/999999999");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).not.toBe("hit");
  });
});

describe("every process stops serving a changed page within a second", () => {
  /**
   * Fills the cache of both processes with `path` and checks that both serve it from the cache. The test's own writes
   * just before may still be on their way to a process (a notification empties its cache when it arrives), so each
   * process has a second to settle.
   */
  async function keptInBoth(path: string) {
    for (const server of [a, b]) {
      const kept = await within(1_000, async () => {
        await get(server, path);
        return (await get(server, path)).headers.get("x-page-cache") === "hit";
      });
      expect(kept, `${server.url}${path}`).toBe(true);
    }
  }

  /** Both processes serve a page for which `fresh` holds within a second of now. */
  async function freshInBoth(path: string, fresh: (res: Response, html: string) => boolean) {
    for (const server of [a, b]) {
      const ok = await within(1_000, async () => {
        const res = await get(server, path);
        return fresh(res, await res.text());
      });
      expect(ok, `${server.url}${path}`).toBe(true);
    }
  }

  it("an edit of a listing (in the database, from anywhere)", async () => {
    const listing = { id: await aListing(0) };
    await keptInBoth(`/estate/${listing.id}`);
    const description = `Edited ${Date.now()}`;
    await sql.query("UPDATE estates SET description_ar = $1, description_en = $1 WHERE id = $2", [description, listing.id]);
    await freshInBoth(`/estate/${listing.id}`, (_res, html) => html.includes(description));
  });

  it("a moderation decision (a listing taken down) and an office or article change", async () => {
    const listing = { id: await aListing(1) };
    await keptInBoth(`/estate/${listing.id}`);
    await sql.query("UPDATE estates SET status = 'rejected' WHERE id = $1", [listing.id]);
    await freshInBoth(`/estate/${listing.id}`, (res) => res.status === 404);

    const { rows: offices } = await sql.query("SELECT id FROM offices ORDER BY id LIMIT 1");
    await keptInBoth(`/office/${offices[0].id}`);
    const officeName = `Office ${Date.now()}`;
    await sql.query("UPDATE offices SET name_ar = $1, name_en = $1 WHERE id = $2", [officeName, offices[0].id]);
    await freshInBoth(`/office/${offices[0].id}`, (_res, html) => html.includes(officeName));

    const { rows: articles } = await sql.query("SELECT id FROM articles ORDER BY id LIMIT 1");
    await keptInBoth(`/artical/${articles[0].id}`);
    const articleTitle = `Article ${Date.now()}`;
    await sql.query("UPDATE articles SET title_ar = $1, title_en = $1 WHERE id = $2", [articleTitle, articles[0].id]);
    await freshInBoth(`/artical/${articles[0].id}`, (_res, html) => html.includes(articleTitle));
  });

  it("a suspension made in the back office: the process that made it at once, the other within a second", async () => {
    // A listing of an owner's own (the demo listings belong to nobody or to offices).
    const { rows: owners } = await sql.query(
      `INSERT INTO users (first_name, last_name, phone, password_hash, activated_at) VALUES ('Owner', 'Test', '+963944700002', 'x', now()) RETURNING id`,
    );
    const listing = { id: await aListing(2), userId: owners[0].id as number };
    await sql.query("UPDATE estates SET user_id = $1, office_id = NULL WHERE id = $2", [listing.userId, listing.id]);
    await keptInBoth(`/estate/${listing.id}`);
    const session = await logInAdmin(a);
    const res = await fetch(`${a.url}/admin/users`, {
      method: "POST",
      body: new URLSearchParams({ user_id: String(listing.userId), decision: "suspend", reason_text: "page cache test", q: "" }),
      headers: { Cookie: session, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
    const { rows } = await sql.query("SELECT status FROM users WHERE id = $1", [listing.userId]);
    expect(rows[0].status).toBe("suspended");
    // The process that handled the post has heard of its own change before it answered.
    expect((await get(a, `/estate/${listing.id}`)).status).toBe(404);
    await freshInBoth(`/estate/${listing.id}`, (r) => r.status === 404);
  });

  it("a property request approved in the back office appears on /user-order: the process that approved it at once, the other within a second", async () => {
    const notes = `Wanted ${Date.now()}`;
    const { rows: owners } = await sql.query(
      `INSERT INTO users (first_name, last_name, phone, password_hash, activated_at) VALUES ('Seeker', 'Test', '+963944700003', 'x', now()) RETURNING id`,
    );
    const { rows: requests } = await sql.query(
      `INSERT INTO property_requests (user_id, estate_offer_type_id, location_id, estate_type_id, notes)
       VALUES ($1, 1, (SELECT id FROM locations ORDER BY id LIMIT 1), 1, $2) RETURNING id`,
      [owners[0].id, notes],
    );
    await keptInBoth("/user-order");
    expect(await (await get(a, "/user-order")).text()).not.toContain(notes);
    const session = await logInAdmin(a);
    const res = await fetch(`${a.url}/admin/requests`, {
      method: "POST",
      body: new URLSearchParams({ id: String(requests[0].id), decision: "approve" }),
      headers: { Cookie: session, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const { rows } = await sql.query("SELECT status FROM property_requests WHERE id = $1", [requests[0].id]);
    expect(rows[0].status).toBe("approved");
    expect(await (await get(a, "/user-order")).text()).toContain(notes);
    await freshInBoth("/user-order", (_res, html) => html.includes(notes));
  });

  it("a process that loses its listening connection serves nothing from the cache until it listens again", async () => {
    await keptInBoth("/articals");
    await sql.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    // Not listening: every answer is rendered (a change made now could not be heard).
    expect(await within(2_000, async () => (await get(b, "/articals")).headers.get("x-page-cache") === "bypass")).toBe(true);
    // Listening again: pages are kept again.
    expect(await within(5_000, async () => (await get(b, "/articals")).headers.get("x-page-cache") === "hit")).toBe(true);
  });

  // After the test above: a login's post makes the process's listening connection run a query of its own (sync), and
  // the test above finds the listening connections by their last query, LISTEN.
  it("a logged-in user's search results, whose rows both processes reuse between users (decision 033)", async () => {
    const { rows } = await sql.query(
      "SELECT id, estate_offer_type_id, estate_type_id, location_id FROM estates WHERE status = 'approved' ORDER BY created_at DESC, id DESC LIMIT 1",
    );
    const [listing] = rows;
    const path = `/estates?estate_offer_type_id=${listing.estate_offer_type_id}&estate_type_id=${listing.estate_type_id}&location_id=${listing.location_id}&price_domain_id=`;
    const sessions = new Map([
      [a, await logInAdmin(a)],
      [b, await logInAdmin(b)],
    ]);
    const search = (server: TestServer) => get(server, path, { Cookie: `${sessions.get(server)}; lang=en` });
    for (const server of [a, b]) {
      for (let i = 0; i < 2; i++) {
        const res = await search(server);
        expect(res.headers.get("x-page-cache")).toBe("bypass");
        expect(await res.text()).toContain(`href="/estate/${listing.id}"`);
      }
    }
    const rooms = 30 + (Date.now() % 60);
    await sql.query("UPDATE estates SET rooms_count = $1 WHERE id = $2", [rooms, listing.id]);
    for (const server of [a, b]) {
      const ok = await within(1_000, async () => (await (await search(server)).text()).includes(`Rooms: ${rooms}`));
      expect(ok, server.url).toBe(true);
    }
    // Taken down: gone from both processes' results.
    await sql.query("UPDATE estates SET status = 'rejected' WHERE id = $1", [listing.id]);
    for (const server of [a, b]) {
      const ok = await within(1_000, async () => !(await (await search(server)).text()).includes(`href="/estate/${listing.id}"`));
      expect(ok, server.url).toBe(true);
    }
  });
});

/**
 * Routes as a server build has them: the root (it reads `lang`), the search page, the login page, a draft's link and a
 * page that reads nothing.
 */
const SMALL_BUILD = {
  routes: {
    root: { id: "root", path: "", module: { queryParams: ["lang", "dialog"] } },
    "routes/estates": {
      id: "routes/estates",
      parentId: "root",
      path: "estates",
      module: { queryParams: ["location_id", "estate_type_id", "q", "page"] },
    },
    "routes/login": { id: "routes/login", parentId: "root", path: "login", module: { queryParams: ["tab", "redirectTo"] } },
    "routes/od.$token": { id: "routes/od.$token", parentId: "root", path: "od/:token", module: {} },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: {} },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: {} },
  },
} as unknown as ServerBuild;

describe("keys and hashes", () => {
  const cache = new PageCache({
    maxBytes: 1024 * 1024,
    ttlMs: 1000,
    sharedMaxAgeSeconds: 30,
    staleWhileRevalidateSeconds: 60,
    queryParams: queryParamsOf(SMALL_BUILD),
  });
  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://127.0.0.1${path}`, { method, headers });

  it("keys a visitor's page by language, path and query, and the phone platform only on the home page's popup", () => {
    expect(cache.keyFor(request("/estates?location_id=1"))).toBe("ar full - /estates?location_id=1");
    expect(cache.keyFor(request("/estates", { Cookie: "lang=en" }))).toBe("en full - /estates");
    expect(cache.keyFor(request("/", { "User-Agent": "Mozilla/5.0 (iPhone)" }))).toBe("ar full ios /");
    expect(cache.keyFor(request("/", { "User-Agent": "Mozilla/5.0 (iPhone)", Cookie: "app_popup=closed" }))).toBe("ar full - /");
  });

  it("keys the data saver's mode as the page shows it: the cookie first, then the browser's Save-Data (decision 022)", () => {
    expect(cache.keyFor(request("/estates", { "Save-Data": "on" }))).toBe("ar browser - /estates");
    expect(cache.keyFor(request("/estates", { Cookie: "save_data=on" }))).toBe("ar on - /estates");
    expect(cache.keyFor(request("/estates", { Cookie: "lang=en; save_data=on", "Save-Data": "on" }))).toBe("en on - /estates");
    // Turned off over the header: the normal page, kept under the normal page's key.
    expect(cache.keyFor(request("/estates", { Cookie: "save_data=off", "Save-Data": "on" }))).toBe("ar full - /estates");
    expect(cache.keyFor(request("/estates", { "Save-Data": "off" }))).toBe("ar full - /estates");
    expect(cache.keyFor(request("/", { "User-Agent": "Mozilla/5.0 (iPhone)", "Save-Data": "on" }))).toBe("ar browser ios /");
  });

  it("has no key for a session, a toast, a dialog, a data request, a post or a language being set", () => {
    expect(cache.keyFor(request("/", { Cookie: "__session=abc" }))).toBeNull();
    expect(cache.keyFor(request("/", { Cookie: "__toast=abc" }))).toBeNull();
    expect(cache.keyFor(request("/?dialog=login"))).toBeNull();
    expect(cache.keyFor(request("/?_data=root"))).toBeNull();
    expect(cache.keyFor(request("/", {}, "POST"))).toBeNull();
    expect(cache.keyFor(request("/estates?lang=en"))).toBeNull();
    expect(cache.keyFor(request("/estates?lang=en", { Cookie: "lang=en" }))).toBe("en full - /estates?lang=en");
  });

  it("has no key for an address that holds a secret, as the page reads it: a token's path, or a login that returns to one (decision 082)", () => {
    expect(cache.keyFor(request("/od/12ab.mz8k3q.secret"))).toBeNull();
    expect(cache.keyFor(request("/login?redirectTo=%2Fod%2F12ab.mz8k3q.secret&tab=2"))).toBeNull();
    expect(cache.keyFor(request("/login?tab=2&redirectTo=%2Flc%3Ft%3D12ab.secret"))).toBeNull();
    // A login that returns to a public page is a visitor's page; a parameter the page does not read is no secret of it.
    expect(cache.keyFor(request("/login?redirectTo=%2Festates&tab=2"))).toBe("ar full - /login?redirectTo=%2Festates&tab=2");
    expect(cache.keyFor(request("/estates?location_id=1&t=120"))).toBe("ar full - /estates?location_id=1");
  });

  it("keys only the parameters the page reads, sorted by name: junk parameters and their order make no new entry (decision 045)", () => {
    const plain = cache.keyFor(request("/estates?location_id=1&estate_type_id=6"));
    expect(plain).toBe("ar full - /estates?estate_type_id=6&location_id=1");
    for (const junk of [
      "/estates?location_id=1&estate_type_id=6&utm_source=x1",
      "/estates?utm_source=x2&fbclid=abc&estate_type_id=6&location_id=1",
      "/estates?estate_type_id=6&gclid=1&location_id=1&utm_campaign=a&utm_medium=b",
    ]) {
      expect(cache.keyFor(request(junk)), junk).toBe(plain);
    }
    // A page that reads no parameter has one key whatever is appended; the home page keeps its platform.
    expect(cache.keyFor(request("/nowhere?utm_source=x&a=1"))).toBe("ar full - /nowhere");
    expect(cache.keyFor(request("/?utm_source=x", { "User-Agent": "Mozilla/5.0 (iPhone)" }))).toBe("ar full ios /");
    // A name sent twice keeps both values in their order (the page refuses the repetition, so it is another page).
    expect(cache.keyFor(request("/estates?q=b&page=2&q=a"))).toBe("ar full - /estates?page=2&q=b&q=a");
    expect(cache.keyFor(request("/estates?q=a&q=b"))).not.toBe(cache.keyFor(request("/estates?q=b&q=a")));
    // The root's parameters count on every page.
    expect(cache.keyFor(request("/estates?lang=en&utm_source=1", { Cookie: "lang=en" }))).toBe("en full - /estates?lang=en");
  });

  it("hashes inline scripts only", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module">b()</script>`;
    const hash = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([hash("a()"), hash("b()")]);
  });
});
