import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "@remix-run/node";
import { enqueue } from "~/platform/jobs/jobs.server";
import { queueSms } from "~/platform/sms/sms.server";
import { createMetrics, routeLabel } from "../server/metrics";
import { routeMatcher } from "../server/page-query";
import { useTestDatabase } from "./helpers/db";
import { freePort, startServer, type TestServer } from "./helpers/server";

/**
 * The metrics of docs/decisions/061-readiness-metrics-deploy-cluster-test.md: the series exist, move with what the
 * process does, and are served on their own listener only.
 */

/** The value of the series `name{labels}` in a Prometheus text scrape, or undefined when it is absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[3] ?? "").split(",").filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[4]);
  }
  return undefined;
}

/** Routes shaped like the app's: the root, the home page, /estates, /estate/:id, the catch-all, a file route. */
const SMALL_BUILD = {
  routes: {
    root: { id: "root", path: "" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true },
    "routes/estates": { id: "routes/estates", parentId: "root", path: "estates" },
    "routes/estate.$id": { id: "routes/estate.$id", parentId: "root", path: "estate/:id" },
    "routes/robots[.]txt": { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
    "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("the route label", () => {
  const match = routeMatcher(SMALL_BUILD);
  it("is the Remix route id, never the address: any listing is routes/estate.$id", () => {
    expect(routeLabel("/estate/17", match)).toBe("routes/estate.$id");
    expect(routeLabel("/estate/99999", match)).toBe("routes/estate.$id");
    expect(routeLabel("/estates", match)).toBe("routes/estates");
    expect(routeLabel("/", match)).toBe("routes/_index");
  });
  it("names a data request by its page, files by `static`, unknown pages by the catch-all", () => {
    expect(routeLabel("/estate/17.data", match)).toBe("routes/estate.$id");
    expect(routeLabel("/_root.data", match)).toBe("routes/_index");
    expect(routeLabel("/build/entry.client-ABC.js", match)).toBe("static");
    expect(routeLabel("/images/estates/1.webp", match)).toBe("static");
    expect(routeLabel("/favicon.ico", match)).toBe("static");
    expect(routeLabel("/robots.txt", match)).toBe("routes/robots[.]txt");
    expect(routeLabel("/no/such/page", match)).toBe("routes/$");
    expect(routeLabel("/readyz", match)).toBe("readyz");
  });
});

describe("the figures read from the database", () => {
  const database = useTestDatabase();

  it("count queued jobs by task with the age of the oldest due one, and SMS by provider and state", async () => {
    const db = database.get().db;
    await db.execute(sql`delete from jobs`);
    await enqueue(db, "metrics.test", {}, { runAt: new Date(Date.now() - 90_000) });
    await enqueue(db, "metrics.test", {}, { runAt: new Date(Date.now() + 3_600_000) });
    await queueSms(db, { phone: "+963944111222", body: "test" }, { purpose: "test" });
    const metrics = createMetrics({ database: database.get(), match: () => null, ready: async () => true, log: () => {} });
    const text = await metrics.registry.metrics();
    expect(series(text, "aqar_jobs", { task: "metrics.test", status: "queued" })).toBe(2);
    const age = series(text, "aqar_jobs_oldest_due_seconds", { task: "metrics.test", status: "queued" })!;
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(400);
    expect(series(text, "aqar_jobs", { task: "sms", status: "queued" })).toBe(1);
    expect(series(text, "aqar_sms_messages", { provider: "", state: "queued" })).toBeGreaterThanOrEqual(1);
    expect(series(text, "aqar_db_connections", { state: "open" })).toBeGreaterThanOrEqual(1);
    expect(series(text, "aqar_db_connections_waiting")).toBe(0);
    expect(series(text, "aqar_ready")).toBe(1);
    expect(series(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
  });
});

describe("the metrics listener of a running server", () => {
  let server: TestServer;
  let metricsPort: number;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/plain");
    return res.text();
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_PORT: String(metricsPort) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("counts a request in the histogram of its route and status, and a page cache hit as a hit", async () => {
    const before = await scrape();
    const count = (text: string) =>
      series(text, "http_request_duration_seconds_count", { route: "routes/offices", method: "GET", status: "200" }) ?? 0;
    const hits = (text: string) => series(text, "aqar_page_cache_requests_total", { outcome: "hit" }) ?? 0;
    const first = await fetch(`${server.url}/offices`);
    await first.text();
    const second = await fetch(`${server.url}/offices?utm_source=x`);
    await second.text();
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const after = await scrape();
    expect(count(after) - count(before)).toBe(2);
    expect(hits(after) - hits(before)).toBe(1);
    // The address with its query is no label: only the route id is.
    expect(after).not.toContain("utm_source");
    expect(series(after, "http_request_duration_seconds_bucket", { route: "routes/offices", le: "+Inf" })).toBeGreaterThan(0);
  });

  it("counts the card cache's lookups: a page rendered again finds its cards kept", async () => {
    const hits = (text: string) => series(text, "aqar_cache_lookups_total", { cache: "card", outcome: "hit" }) ?? 0;
    const before = await scrape();
    // A dialog is never served from the page cache: both requests render the page and its cards.
    for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/estates?dialog=share`)).text();
    expect(hits(await scrape())).toBeGreaterThan(hits(before));
  });

  it("serves nothing but /metrics, and the site's port has no /metrics", async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    const site = await fetch(`${server.url}/metrics`);
    expect(site.status).toBe(404);
    expect(await site.text()).not.toContain("http_request_duration_seconds");
  });

  it("/readyz answers 200 with its checks, and the ready gauge says 1", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({
      status: "ready",
      ready: true,
      database: "ok",
      listener: "ok",
      images: "ok",
      stopping: false,
    });
    expect(series(await scrape(), "aqar_ready")).toBe(1);
  });
});
