import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type TestServer } from "./helpers/server";

/**
 * Decision 077 through real server processes (PGlite): no per-address quota by default, so a carrier's NAT or a
 * crawler gets every page it asks for; pages the cache does not answer wait for a render slot in a queue fair across
 * addresses, so a burst from one address does not hold back another's page; a wait past the deadline is answered at
 * once with the translated 503 page; cache hits never wait behind renders; one address per page.
 */

/** A GET as a phone's browser sends it, from `address` (a client behind a proxy on this machine). */
function get(server: TestServer, path: string, address: string, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    headers: { "Accept-Encoding": "br, gzip", "X-Forwarded-For": address, ...headers },
    redirect: "manual",
  });
}

/**
 * Sends `count` distinct word searches from `address` at once; resolves with each answer's status, in the order the
 * answers were complete, and records each completion in `finished` (shared by the requests of one test).
 */
function burst(server: TestServer, address: string, count: number, finished: string[], word: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await get(server, `/estates?is_simple=0&q=${word}${i}`, address);
      await res.arrayBuffer();
      finished.push(address);
      return res.status;
    }),
  );
}

/** Distinct searches one address sends at once in the fairness tests. */
const BURST = 40;

describe("a crowd behind one address (decision 077)", () => {
  let server: TestServer;

  beforeAll(async () => {
    // One render at a time makes the queue's order visible; a long deadline keeps every page of these tests.
    server = await startServer({ RENDER_POOL_SIZE: "1", RENDER_QUEUE_DEADLINE_MS: "20000", SEED_LISTINGS: "200" });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("sets no quota of pages per address by default: 30 new searches from one address are 30 pages", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await get(server, `/estates?is_simple=0&q=crowd${i}`, "198.51.100.30");
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // Before decision 077 the default quota (60 a minute, 10 in 10 s) refused the eleventh with 429.
    expect(statuses).toEqual(statuses.map(() => 200));
  });

  it("serves another address's page in its turn while one address's burst waits", async () => {
    const finished: string[] = [];
    const flood = burst(server, "203.0.113.40", BURST, finished, "burst");
    // The burst is queued before the visitor asks.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const visitor = await get(server, "/estates?is_simple=0&q=visitorpage", "192.0.2.41");
    await visitor.arrayBuffer();
    finished.push("visitor");
    expect(visitor.status).toBe(200);
    expect((await flood).every((status) => status === 200)).toBe(true);
    // Fair turns: once the visitor's request is in, it waits for the render under way and one of the burst's, so most
    // of the burst is still to come (without the pool the visitor's page came last: 0 after it). The time the request
    // takes to reach a busy server is not the queue's, hence a loose bound.
    const after = finished.length - 1 - finished.indexOf("visitor");
    expect(after, `${after} of the burst's ${BURST} pages came after the visitor's`).toBeGreaterThanOrEqual(BURST / 2);
  });

  it("answers a cached page at once while renders wait: hits never queue", async () => {
    await (await get(server, "/offices", "192.0.2.42")).arrayBuffer();
    const finished: string[] = [];
    const flood = burst(server, "203.0.113.43", BURST, finished, "hits");
    await new Promise((resolve) => setTimeout(resolve, 150));
    const kept = await get(server, "/offices", "192.0.2.42");
    await kept.arrayBuffer();
    const after = BURST - finished.length;
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    await flood;
    expect(after, `${after} of the burst's ${BURST} renders came after the kept page`).toBeGreaterThanOrEqual(BURST / 2);
  });

  it("keeps crawlers on listings and places: endless filter combinations say noindex yet stay cached", async () => {
    const place = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";
    const placePage = await (await get(server, place, "192.0.2.45")).text();
    expect(placePage).not.toMatch(/<meta name="robots"/);
    const priced = `${place}&price_min=1000&sort=price_asc`;
    for (let visit = 1; visit <= 2; visit++) {
      const res = await get(server, priced, "192.0.2.45");
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
      // Not a visitor's private page: public and kept, the second visit a hit.
      expect(res.headers.get("cache-control")).toMatch(/^public/);
      if (visit === 2) expect(res.headers.get("x-page-cache")).toBe("hit");
    }
    // The sitemap lists the pages by place (each offer type in each governorate and place), each an indexed page.
    const sitemap = await (await get(server, "/sitemaps/pages.xml", "192.0.2.45")).text();
    const entries = [...sitemap.matchAll(/<loc>[^<]*?(\/estates\?[^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    expect(entries).toContain("/estates?location_id=1&estate_offer_type_id=1&is_simple=0");
    expect(entries).toContain("/estates?estate_offer_type_id=2&governorate_id=1&is_simple=0&lang=en");
    expect(sitemap).not.toMatch(/&(?!amp;)/);
    for (const path of [
      "/estates?location_id=1&estate_offer_type_id=1&is_simple=0",
      "/estates?estate_offer_type_id=2&governorate_id=1&is_simple=0",
    ]) {
      const res = await get(server, path, "192.0.2.45");
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).not.toMatch(/<meta name="robots"/);
      // The address the sitemap names is the page's own canonical one.
      expect(html, path).toContain(`<link rel="canonical" href="${server.url}${path.replaceAll("&", "&amp;")}"/>`);
    }
    // The results form sends the defaults (prices in SYP, the newest first): still the place's page.
    const submitted = await (await get(server, `${place}&currency=SYP&sort=newest&q=`, "192.0.2.45")).text();
    expect(submitted).not.toMatch(/<meta name="robots"/);
    expect(submitted).toContain(
      `<link rel="canonical" href="${server.url}/estates?location_id=1&amp;estate_type_id=6&amp;estate_offer_type_id=1"/>`,
    );
    const robots = await (await get(server, "/robots.txt", "192.0.2.45")).text();
    const rules = robots.split("\n");
    for (const line of ["Disallow: /*?q=", "Disallow: /*&q=", "Disallow: /*?sort=", "Disallow: /*&sort="]) {
      expect(rules).toContain(line);
    }
    // No Allow rule may outweigh them: the longest matching rule decides for the whole address (RFC 9309).
    expect(rules.filter((rule) => rule.startsWith("Allow:"))).toEqual(["Allow: /"]);
  });

  it("sends another spelling of a page's address to it for good", async () => {
    for (const [path, location] of [
      ["/ESTATES?estate_offer_type_id=1", "/estates?estate_offer_type_id=1"],
      ["/Estates", "/estates"],
      ["/estates/", "/estates"],
      ["/officesresult?q=a", "/officesResult?q=a"],
    ]) {
      const res = await get(server, path, "192.0.2.44");
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(location);
    }
  });
});

describe("a wait past the deadline (decision 077)", () => {
  let server: TestServer;
  let metricsUrl: string;

  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServer({ RENDER_POOL_SIZE: "1", RENDER_QUEUE_DEADLINE_MS: "150", METRICS_PORT: String(metricsPort) });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("is answered at once with the translated 503 page and Retry-After, in the visitor's language", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const lang = i % 2 ? "en" : "ar";
        const res = await get(server, `/estates?is_simple=0&q=zqxv${i}`, "203.0.113.50", { Cookie: `lang=${lang}` });
        return { lang, res, html: await res.text() };
      }),
    );
    const shed = answers.filter(({ res }) => res.status === 503);
    expect(shed.length, "pages shed").toBeGreaterThan(0);
    expect(answers.some(({ res }) => res.status === 200)).toBe(true);
    expect(answers.every(({ res }) => res.status === 200 || res.status === 503)).toBe(true);
    for (const { lang, res, html } of shed) {
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(lang === "ar" ? "الموقع مزدحم جدًا الآن" : "The site is very busy right now");
      // The kept busy page names no visitor's search.
      expect(html).not.toContain("zqxv");
    }
    const metrics = await (await fetch(metricsUrl)).text();
    expect(metrics).toMatch(/^aqar_render_pool_size 1$/m);
    expect(metrics).toMatch(/^aqar_render_queue_length \d+$/m);
    // PGlite renders on the event loop (decision 104): no worker, and only the slots bound the rendering.
    expect(metrics).toMatch(/^aqar_render_workers\{state="running"\} 0$/m);
    expect(metrics).toMatch(/^aqar_render_budget_ms_per_second 0$/m);
    expect(metrics).toMatch(/^aqar_render_queue_wait_seconds_count [1-9]\d*$/m);
    const deadline = Number(/^aqar_render_shed_total\{reason="deadline"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
    const expired = Number(/^aqar_render_shed_total\{reason="expired"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
    expect(deadline + expired).toBe(shed.length);
  });
});
