import http from "node:http";
import type express from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/platform/db/client.server";
import { jobQueueFigures } from "~/platform/jobs/job.server";
import { smsFigures } from "~/features/back-office/sms-admin.server";
import { cacheCounts } from "~/platform/cache/cache-counts.server";
import type { RouteMatcher } from "./page-query";
import type { RenderPool } from "./render-pool";
import type { RenderWorkers } from "./render-workers";

/**
 * The process's figures in Prometheus's text format (docs/decisions/061-readiness-metrics-deploy-cluster-test.md,
 * docs/operations.md), with prom-client, served on a listener of their own (METRICS_PORT, never the site's port):
 *
 * - `http_request_duration_seconds{route,method,status}`: a histogram of the time from a request's arrival to the
 *   end of its answer, in seconds. `route` is the id of the Remix route that answers the path (`routes/estates`),
 *   or one of a few fixed names for what Remix does not serve (`static`, `healthz`, `readyz`, `unmatched`), never the
 *   raw address, so the number of series stays bounded; `method` is GET, HEAD, POST or OTHER.
 * - `aqar_page_cache_requests_total{outcome}`: GETs by the page cache's `X-Page-Cache` answer (hit, miss, bypass,
 *   refused; server/page-cache.ts).
 * - `aqar_cache_lookups_total{cache,outcome}`: lookups of the card and query caches (decision 033).
 * - `aqar_jobs{task,status}`, `aqar_jobs_oldest_due_seconds{task,status}`: the job queue, read from the `jobs` table
 *   when scraped (jobQueueFigures).
 * - `aqar_sms_messages{provider,state}`: outgoing SMS of the last day (smsFigures).
 * - `aqar_db_connections{state}` (open, in_use) and `aqar_db_connections_waiting`: the database pool.
 * - `aqar_ready`: 1 when /readyz answers 200.
 * - The render pool (decision 077): `aqar_render_pool_size` (slots), `aqar_render_pool_rendering` (slots in use),
 *   `aqar_render_queue_length` (pages waiting for a slot), `aqar_render_queue_wait_seconds` (a histogram of each
 *   admitted page's wait, 0 when a slot was free) and `aqar_render_shed_total{reason}` (pages answered 503 or 429
 *   instead: `deadline`, `expired`, `queue_full`, `left`, `quota`).
 * - `aqar_render_workers{state}` (decision 104): render worker threads running and ready;
 *   `aqar_render_budget_ms_per_second`: the pool's rendering a second (RENDER_MS_PER_SECOND);
 *   `aqar_render_worker_pages_total`: the pages they rendered.
 * - prom-client's default metrics: CPU, resident memory, heap, event-loop delay (`nodejs_eventloop_lag_*`), GC.
 *
 * The figures read from the database are the whole site's (every process reports the same): sum them per process
 * in queries only for the per-process series.
 */
export type Metrics = {
  registry: Registry;
  /** Express middleware that times every request and counts the page cache's answers (put it first). */
  middleware: express.RequestHandler;
};

/** Upper bounds of the render queue's wait histogram, in seconds (the deadline is about 2). */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 5];

/** Upper bounds of the request duration histogram, in seconds (a kept page takes about a millisecond). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Paths served before Remix: static folders and the service worker, and the health checks by their name. */
const FIXED_ROUTES: [RegExp, string][] = [
  [/^\/(build|images|locales)\//, "static"],
  [/^\/sw\.js$/, "static"],
  [/^\/healthz$/, "healthz"],
  [/^\/readyz$/, "readyz"],
];

/**
 * The route label of a path: a fixed name (FIXED_ROUTES), else the id of the deepest Remix route that matches it
 * (a `.data` request of client-side navigation is its page's route; `/_root.data` is the home page's), where a file's
 * address that only the catch-all route (`routes/$`) matches is `static` (the public files), else `unmatched`.
 */
export function routeLabel(pathname: string, match: RouteMatcher): string {
  for (const [pattern, name] of FIXED_ROUTES) if (pattern.test(pathname)) return name;
  const data = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : null;
  const page = data === null ? pathname : data === "/_root" || data === "" ? "/" : data;
  const id = match(page)?.at(-1);
  if (!id) return "unmatched";
  return id === "routes/$" && data === null && /\.[A-Za-z0-9]+$/.test(page) ? "static" : id;
}

/**
 * Makes the registry of the metrics above for `database`; `match` names routes (routeMatcher of the build),
 * `ready` says whether the process can serve (the /readyz check). Throws nothing; a database query that fails at a
 * scrape leaves its series out of that scrape (and logs with `log`).
 */
export function createMetrics(options: {
  database: Database;
  match: RouteMatcher;
  ready: () => Promise<boolean>;
  /** The process's render pool (decision 077): its figures are read when scraped, its waits and sheds observed. */
  renderPool?: RenderPool;
  /** The process's render workers (decision 104), when it has any: how many run and how many are ready. */
  renderWorkers?: RenderWorkers;
  log: (error: unknown, what: string) => void;
}): Metrics {
  const { database, match } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, in seconds, by route, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "aqar_page_cache_requests_total",
    help: "GET and HEAD requests by the page cache's answer (X-Page-Cache: hit, miss, bypass, refused).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  new Counter({
    name: "aqar_cache_lookups_total",
    help: "Lookups of the card fragment cache and the search results' query cache, by outcome (hit, miss, bypass).",
    labelNames: ["cache", "outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, outcomes] of Object.entries(cacheCounts())) {
        for (const [outcome, n] of Object.entries(outcomes)) this.inc({ cache, outcome }, n);
      }
    },
  });
  for (const [name, help, value] of [
    [
      "aqar_jobs",
      "Jobs in the queue by task and status (queued, running, failed), read from the jobs table when scraped.",
      "jobs",
    ],
    [
      "aqar_jobs_oldest_due_seconds",
      "Seconds since the oldest due job of each task and status was due (0 when none is due).",
      "oldestDueSeconds",
    ],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ["task", "status"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await figures("jobs", () => jobQueueFigures(database.db))) {
          this.set({ task: row.task, status: row.status }, row[value]);
        }
      },
    });
  }
  new Gauge({
    name: "aqar_sms_messages",
    help: "Outgoing SMS created in the last 24 hours by provider (empty before one took it) and state.",
    labelNames: ["provider", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await figures("sms", () => smsFigures(database.db))) {
        this.set({ provider: row.provider, state: row.state }, row.messages);
      }
    },
  });
  new Gauge({
    name: "aqar_db_connections",
    help: "Database connections of this process: open, and in use by a query or transaction.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const now = database.connections();
      this.set({ state: "open" }, now.open);
      this.set({ state: "in_use" }, now.inUse);
    },
  });
  new Gauge({
    name: "aqar_db_connections_waiting",
    help: "Queries of this process waiting for a database connection.",
    registers: [registry],
    collect() {
      this.set(database.connections().waiting);
    },
  });
  new Gauge({
    name: "aqar_ready",
    help: "1 when the process can serve (what /readyz answers 200 for), else 0.",
    registers: [registry],
    async collect() {
      this.set((await options.ready()) ? 1 : 0);
    },
  });

  const pool = options.renderPool;
  if (pool) {
    for (const [name, help, read] of [
      ["aqar_render_pool_size", "Pages this process renders at once at most (RENDER_POOL_SIZE).", () => pool.size],
      ["aqar_render_pool_rendering", "Pages being rendered now (slots of the render pool in use).", () => pool.rendering],
      ["aqar_render_queue_length", "Pages waiting for a render slot now.", () => pool.queued],
      [
        "aqar_render_budget_ms_per_second",
        "Rendering this process may do per second, all slots together, in ms (RENDER_MS_PER_SECOND); 0: only the slots bound it.",
        () => pool.budgetMsPerSecond,
      ],
    ] as const) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    }
    const wait = new Histogram({
      name: "aqar_render_queue_wait_seconds",
      help: "Time each rendered page waited for a render slot, in seconds (0 when one was free).",
      buckets: WAIT_BUCKETS,
      registers: [registry],
    });
    const shed = new Counter({
      name: "aqar_render_shed_total",
      help: "Pages not rendered, by reason: deadline (wait estimated past it), expired (waited past it), queue_full, left (client gone), quota (PAGE_MISSES_PER_MINUTE).",
      labelNames: ["reason"] as const,
      registers: [registry],
    });
    for (const reason of ["deadline", "expired", "queue_full", "left", "quota"] as const) shed.inc({ reason }, 0);
    pool.observe({ waited: (ms) => wait.observe(ms / 1000), shed: (reason) => shed.inc({ reason }) });
  }

  const workers = options.renderWorkers;
  new Gauge({
    name: "aqar_render_workers",
    help: "Render worker threads by state: running (RENDER_WORKERS) and ready (rendering pages); 0 when pages render on the event loop.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "running" }, workers?.count ?? 0);
      this.set({ state: "ready" }, workers?.ready ?? 0);
    },
  });
  new Counter({
    name: "aqar_render_worker_pages_total",
    help: "Pages rendered by the render worker threads since the process started.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(workers?.rendered ?? 0);
    },
  });

  // The jobs figures feed two gauges: one query per scrape, shared while it runs.
  const pending = new Map<string, Promise<unknown>>();
  async function figures<T>(name: string, read: () => Promise<T[]>): Promise<T[]> {
    let run = pending.get(name) as Promise<T[]> | undefined;
    if (!run) {
      run = read().finally(() => setTimeout(() => pending.delete(name), 0));
      pending.set(name, run);
    }
    try {
      return await run;
    } catch (error) {
      options.log(error, name);
      return [];
    }
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const method = ["GET", "HEAD", "POST"].includes(req.method) ? req.method : "OTHER";
      duration.observe({ route: routeLabel(req.path, match), method, status: String(res.statusCode) }, seconds);
      const outcome = res.getHeader("X-Page-Cache");
      if (typeof outcome === "string") pageCache.inc({ outcome });
    });
    next();
  };
  return { registry, middleware };
}

/**
 * Serves `GET /metrics` of `registry` on `host`:`port` (METRICS_HOST, METRICS_PORT; 127.0.0.1 by default, so only
 * this machine's Prometheus reads it); any other path is 404. Resolves with the listening server.
 */
export function serveMetrics(registry: Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: Error) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`${error.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
