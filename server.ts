/**
 * The production HTTP server: Express with compression, long-lived caching of fingerprinted assets,
 * a per-request CSP nonce handed to Remix, security headers (helmet), /healthz, structured request logs (pino)
 * and a graceful shutdown on SIGTERM. Opens, migrates and (when empty) seeds the database before it listens.
 */
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import getRawBody from "raw-body";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { demoAdminNotice } from "./app/features/accounts/admin-bootstrap.server";
import { responsesSettled } from "./app/features/accounts/account.server";
import { imageStore } from "./app/platform/images/image-store.server";
import { startAppWorker } from "./app/features/jobs/job-tasks.server";
import { isMultipartForm, UPLOAD_BODY_LIMIT } from "./app/platform/http/multipart.server";
import { consume } from "./app/platform/http/rate-limit.server";
import { carriesLogin, loginTokenOf } from "./app/platform/http/session.server";
import { getEnv } from "./app/platform/config/env.server";
import { exitWhenInUse } from "./app/platform/db/pglite-lock.server";
import { outboxOnPublicSiteWarning } from "./app/platform/sms/sms-providers.server";
import { guardBuild, RETRY_AFTER_SECONDS, type RequestRefusal } from "./server/guards";
import { startDatabase } from "./server/database";
import { compressionFilter } from "./server/encoding";
import { serveImages } from "./server/images";
import { createRemixHandler, isSameSitePost, pageCacheHits, siteOrigin } from "./server/http";
import { PageCache } from "./server/page-cache";
import { withoutSecrets } from "./server/log-redaction";
import { cleanRequestTarget, isOversizedManifestRequest } from "./server/paths";
import { canonicalPathOf, pageAddressOf, queryParamsOf, routeMatcher } from "./server/page-query";
import { createMetrics, serveMetrics } from "./server/metrics";
import { checkReadiness, keptReadiness } from "./server/readiness";
import { clientKey } from "./server/client-address";
import { DEFAULT_RENDER_MS_PER_SECOND, defaultRenderPoolSize, RenderPool } from "./server/render-pool";
import { defaultRenderWorkers, RenderWorkers } from "./server/render-workers";
import { POOL_CONNECTIONS } from "./app/platform/db/client.server";
import { precompressedStatic } from "./server/static-files";

const env = getEnv();
const logger = pino({ level: env.LOG_LEVEL });
const started = Date.now();

// Links that leave the site (SMS, sitemaps, canonical, Open Graph) are built from PUBLIC_URL, never from request
// headers: production does not start without it.
if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
  logger.fatal("PUBLIC_URL must be set in production (for example PUBLIC_URL=https://aqar.example); see docs/production.md");
  process.exit(1);
}

// Codes and links that never reach a phone are a site nobody can sign up to (docs/decisions/079): said at every start.
const smsWarning = outboxOnPublicSiteWarning(env);
if (smsWarning) logger.error(smsWarning);

// A failure that escapes a request (a driver's late error event, a stream error) is logged; the process serves on.
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));

const { database, demoAdmin } = await startDatabase().catch(exitWhenInUse((line) => logger.fatal(line)));
logger.info({ db: database.kind, ms: Date.now() - started }, "database ready");

const build = guardBuild((await import(path.resolve("build/index.js"))) as ServerBuild);
const canonicalPath = canonicalPathOf(build);
const pageAddress = pageAddressOf(build);

/**
 * Visitors' pages kept rendered (decision 013): a minute at most in the process, 30 s at a CDN (then
 * served stale for a minute while it asks again); emptied in every process on any change visitors would see.
 */
const pageCache =
  env.PAGE_CACHE_MB > 0
    ? new PageCache({
        maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
        ttlMs: 60_000,
        sharedMaxAgeSeconds: 30,
        staleWhileRevalidateSeconds: 60,
        queryParams: queryParamsOf(build),
      })
    : undefined;
pageCache?.listen(database);

/**
 * The background job worker (decision 028): sends the SMS and runs the recurring jobs. On by default, so a
 * single process does everything; WORKER=off leaves the jobs to `npm run worker` processes on the same PostgreSQL.
 */
const worker = env.WORKER === "on" ? startAppWorker(database, { log: (line) => logger.warn(line) }) : undefined;
if (!worker && database.kind === "pglite") logger.warn("WORKER=off on the embedded database: no job (SMS) will run");

/** Set once SIGTERM or SIGINT arrives: /readyz answers 503 while the process finishes what it serves. */
let stopping = false;
/**
 * Whether this process can serve now (server/readiness.ts): what /readyz and the `aqar_ready` metric report. The
 * answer is kept for a second (decision 077): a health checker, a crowd of them or a flood on /readyz costs at most one
 * database ping and one image-store check a second. Stopping is always read as it is now.
 */
const readiness = keptReadiness(
  () => checkReadiness({ database, listening: pageCache ? pageCache.usable : null, images: imageStore(), stopping: false }),
  { maxAgeMs: 1_000, stopping: () => stopping },
);

/**
 * Render workers (decision 104): on PostgreSQL, the pages the pool admits are rendered in worker threads, so that their
 * CPU is not taken from the event loop that answers cache hits. Started before the server listens.
 */
const workerCount =
  database.kind === "pglite"
    ? 0
    : env.RENDER_WORKERS === "auto"
      ? defaultRenderWorkers(database.kind, os.availableParallelism())
      : env.RENDER_WORKERS;
if (database.kind === "pglite" && env.RENDER_WORKERS !== "auto" && env.RENDER_WORKERS > 0)
  logger.warn("RENDER_WORKERS is for PostgreSQL: on the embedded database pages are rendered on the event loop");
const renderWorkers =
  workerCount > 0
    ? new RenderWorkers({ count: workerCount, log: (message, error) => logger.error({ err: error }, message) })
    : undefined;
await renderWorkers?.whenReady(60_000);
if (renderWorkers) logger.info({ count: renderWorkers.count }, "render workers ready");

/**
 * The render pool (decision 077): pages the cache does not answer are rendered at most RENDER_POOL_SIZE at once (0:
 * chosen from the database and the cores), the others wait in a queue fair across clients (a login, else the client's
 * address or IPv6 /64) for at most RENDER_QUEUE_DEADLINE_MS, past which they get the translated 503 page.
 */
const renderPool = new RenderPool({
  size: env.RENDER_POOL_SIZE || defaultRenderPoolSize(database.kind, os.availableParallelism(), POOL_CONNECTIONS),
  deadlineMs: env.RENDER_QUEUE_DEADLINE_MS,
  // Rendering a second may take (decision 104): RENDER_MS_PER_SECOND, or with a render worker 3,000 ms of its slots.
  busyMsPerSecond: env.RENDER_MS_PER_SECOND || (renderWorkers ? DEFAULT_RENDER_MS_PER_SECOND : undefined),
});

/**
 * Prometheus figures (decision 061) on a listener of their own, METRICS_PORT on METRICS_HOST (127.0.0.1 unless set),
 * never on the site's port; off when METRICS_PORT is unset.
 */
const metrics = env.METRICS_PORT
  ? createMetrics({
      database,
      match: routeMatcher(build),
      ready: async () => (await readiness()).ready,
      renderPool,
      renderWorkers,
      log: (error, what) => logger.warn({ err: error }, `metrics: ${what} figures not read`),
    })
  : undefined;
const metricsServer =
  metrics && env.METRICS_PORT ? await serveMetrics(metrics.registry, env.METRICS_PORT, env.METRICS_HOST) : undefined;
if (metricsServer) logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, "metrics listening");

const app = express();
app.disable("x-powered-by");
// Whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY, decision 077; docs/production.md).
app.set("trust proxy", env.TRUST_PROXY);
if (metrics) app.use(metrics.middleware);
// While the process stops (SIGTERM), every answer closes its connection, so that a proxy's kept-alive connections
// end with the answers under way instead of carrying a next request into a closing process (decision 061).
app.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  next();
});

/** How a request and its answer are written in the request log (pino-http's, and the page cache's hits below). */
const logSerializers = {
  req: (req: http.IncomingMessage) => ({ method: req.method, url: withoutSecrets(req.url), ua: req.headers?.["user-agent"] }),
  res: (res: http.ServerResponse) => ({ status: res.statusCode }),
};

// Visitors' pages the page cache holds are answered here, before the middleware below (decision 098): the kept page
// carries the headers helmet and the others set when it was rendered. Each hit is logged as pino-http logs a request.
if (pageCache) {
  app.use(
    pageCacheHits({
      cache: pageCache,
      origin: (req) => siteOrigin(req, env),
      pageAddress,
      served: (req, res) => {
        if (!logger.isLevelEnabled("info")) return;
        const started = performance.now();
        res.on("finish", () =>
          logger.info(
            { req: logSerializers.req(req), res: logSerializers.res(res), responseTime: Math.round(performance.now() - started) },
            "request completed",
          ),
        );
      },
    }),
  );
}

app.use(
  pinoHttp({
    logger,
    autoLogging: {
      ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || req.url?.startsWith("/build/") === true,
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: logSerializers,
  }),
);

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "style-src": ["'self'"],
        // Images served by a CDN or the bucket itself (IMAGE_BASE_URL, decision 060) come from its origin.
        "img-src": ["'self'", "data:", ...(env.IMAGE_BASE_URL ? [new URL(env.IMAGE_BASE_URL).origin] : [])],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "upgrade-insecure-requests": env.PUBLIC_URL?.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    strictTransportSecurity: env.PUBLIC_URL?.startsWith("https://") ? undefined : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);
app.use((_req, res, next) => {
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  next();
});

/**
 * Addresses Remix 2 must never see (decision 050): a path with a backslash or an empty segment is sent to its clean
 * address (301, or 308 for a post), so no page's location, nor any link built from it, can start with "//" or "/\";
 * a route discovery request larger than any page asks for gets no routes instead of seconds of matching.
 */
app.use((req, res, next) => {
  const clean = cleanRequestTarget(req.originalUrl);
  if (clean) return res.redirect(req.method === "GET" || req.method === "HEAD" ? 301 : 308, clean);
  // One address per page (decision 077): `/estates/`, `/ESTATES` and `/Estates` are sent to `/estates` for good.
  const canonical = req.method === "GET" || req.method === "HEAD" ? canonicalPath(req.path) : null;
  if (canonical) {
    const query = req.originalUrl.indexOf("?");
    return res.redirect(301, query < 0 ? canonical : `${canonical}${req.originalUrl.slice(query)}`);
  }
  if (isOversizedManifestRequest(req.path, new URL(req.originalUrl, "http://local.invalid").searchParams)) {
    return res.set("Cache-Control", "no-store").json({});
  }
  next();
});

// Answers that are not whole documents (JSON, resource routes, files without a precompressed copy): brotli at
// quality 2 costs half of compression's default 4 for 8% more bytes (decision 019). Documents are compressed whole
// by server/encoding.ts (decision 033) and the page cache; this middleware leaves an encoded answer alone.
// A kept page sent as it is to a deflate-only client is not compressed for each request (decision 045).
app.use(compression({ filter: compressionFilter, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } }));

app.get("/healthz", async (_req, res) => {
  try {
    await database.ping();
    res.set("Cache-Control", "no-store").json({ status: "ok", db: database.kind });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "error" });
  }
});

/**
 * Readiness (decision 061): 200 when this process can serve (database reachable, page-change listener up, image
 * store reachable, not stopping), else 503, with the checks as a small JSON. nginx's health checks and the systemd
 * units (deploy/) ask it; /healthz only says the process is alive.
 */
app.get("/readyz", async (_req, res) => {
  const state = await readiness();
  if (!state.ready) res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS));
  res.set("Cache-Control", "no-store").json({ status: state.ready ? "ready" : "not ready", ...state });
});

// Fingerprinted Remix assets: cache for a year; sent as their brotli or gzip copies (npm run build, decision 014).
app.use("/build", precompressedStatic("public/build", { immutable: true, maxAge: "1y", index: false }));
// Stored images never change under a name (seed names are fixed content, uploads get new names): streamed from the
// image store, the folder or the bucket (decision 060), cached a year.
app.use(
  "/images",
  serveImages(imageStore(), (error) => logger.error({ err: error }, "image store")),
);
// Locale files are requested with ?v=<hash of the files>.
app.use("/locales", precompressedStatic("locales", { maxAge: "1y", immutable: true, index: false, fallthrough: false }));
// The service worker (decision 021), at the root so that its scope is the whole site, checked for updates on
// every page load (no-cache); with SERVICE_WORKER=off (the kill switch) the worker that unregisters itself instead.
const serviceWorkerFile = path.resolve("public", env.SERVICE_WORKER === "off" ? "sw-off.js" : "sw.js");
app.get("/sw.js", (_req, res, next) => {
  res.setHeader("Cache-Control", "no-cache");
  res.sendFile(serviceWorkerFile, { headers: { "Content-Type": "text/javascript; charset=utf-8" } }, (error) => error && next());
});
const publicFiles = precompressedStatic("public", { maxAge: "1h", index: false });
// Only an address that names a file (with an extension) is looked for on disk: a page never waits for a stat().
app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

// Pages depend on the language cookie (and the home page on the popup cookie): never shared between visitors.
app.use((_req, res, next) => {
  res.vary("Cookie");
  res.setHeader("Cache-Control", "private, no-cache");
  next();
});

/**
 * Every post must come from this site: an Origin other than the site's own (scheme, host
 * and port; "null" included) or `Sec-Fetch-Site: cross-site` is refused with 403 before the body is read, and so are
 * the old `?_data=` data requests, which Remix's own check does not cover and this app never makes.
 */
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (!isSameSitePost(req, siteOrigin(req, env)) || "_data" in req.query) refuse(res, 403);
  next();
});

/**
 * Request bodies are read within a limit before Remix sees them: 64 KiB for plain forms. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked body is counted as it arrives and
 * refused once it passes the limit. Either way the rest is never read (nor drained: the connection closes after the
 * 413 page). Compressed request bodies are not accepted (browsers never send them). The upload routes stream their
 * multipart body within UPLOAD_BODY_LIMIT instead.
 */
const FORM_BODY_LIMIT = 64 * 1024;
/**
 * Routes that take photo uploads (multipart forms): the owners' editor, a logged-in owner's offer with its photos
 * (decision 087; its action reads a visitor's as a plain form) and the admin's article and office editors.
 */
const UPLOAD_ROUTES = /^\/((profile\/posts|admin\/articles|admin\/offices)\/[^/]+|new-estate(\.data)?)\/?$/;
/**
 * A multipart post to an upload route: streamed within UPLOAD_BODY_LIMIT. Any other body there (an urlencoded form,
 * the buttons' forms) is a plain form, read within FORM_BODY_LIMIT like every other: the action guard keeps a copy of
 * an urlencoded body for its 503 page, and a streamed copy would make a reader that stops early wait for it forever.
 */
const isUpload = (req: express.Request) => UPLOAD_ROUTES.test(req.path) && isMultipartForm(req.headers["content-type"]);
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || res.locals.refused) return next();
  const length = req.headers["content-length"] === undefined ? null : Number(req.headers["content-length"]);
  const limit = isUpload(req) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  if (length !== null && !(length <= limit)) {
    refuse(res, Number.isFinite(length) ? 413 : 400);
    return next();
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") {
    refuse(res, 400);
    return next();
  }
  if (isUpload(req)) return next();
  getRawBody(req, { length, limit }, (error, body) => {
    if (error) refuse(res, (error as { status?: number }).status === 413 ? 413 : 400);
    else res.locals.body = body;
    next();
  });
});

/** Marks a request as refused: Remix renders the translated page with that status and never reads the body. */
function refuse(res: express.Response, status: RequestRefusal) {
  res.locals.refused = status;
  // The unread body is not drained: the connection closes after the answer.
  res.setHeader("Connection", "close");
}

const remix = createRemixHandler({
  build,
  mode: env.NODE_ENV,
  origin: (req) => siteOrigin(req, env),
  body: (req, res) => {
    if (res.locals.refused) return { kind: "none" };
    if (Buffer.isBuffer(res.locals.body)) return { kind: "buffer", bytes: res.locals.body };
    return isUpload(req) ? { kind: "stream", limit: UPLOAD_BODY_LIMIT } : { kind: "none" };
  },
  // Every limit counts a client by clientKey: an address, or its /64 for IPv6 (decision 077).
  context: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: clientKey(req.ip), refused: res.locals.refused }),
  cache: pageCache,
  limitMisses: env.PAGE_MISSES_PER_MINUTE > 0 ? limitMisses : undefined,
  renderPool: { pool: renderPool, clientOf: renderClient },
  renderWorkers,
  pageAddress,
});

/**
 * Who a page waits for its render slot as (decision 077): a logged-in user by their login (people behind one carrier
 * address who have logged in do not share a turn with whoever floods from it), anyone else by clientKey.
 */
async function renderClient(req: express.Request): Promise<string> {
  const token = await loginTokenOf(req.headers.cookie);
  return token ? `login ${token}` : `address ${clientKey(req.ip)}`;
}

/**
 * The operator's quota of pages rendered for a client without a login (decision 045; off unless
 * PAGE_MISSES_PER_MINUTE is set, decision 077): that many a minute per client (clientKey), a sixth per 10 s, counted
 * in the database across processes; past it, the seconds to wait. A login's pages are never counted, nor pages served
 * from the cache. When the count cannot be kept (the database is down), nothing is limited.
 */
async function limitMisses(req: express.Request): Promise<number | null> {
  if (await carriesLogin(req.headers.cookie)) return null;
  try {
    const outcome = await consume(database.db, [["pageMissIp", clientKey(req.ip)]]);
    return outcome.ok ? null : outcome.retryAfter;
  } catch (error) {
    logger.warn({ err: error }, "page miss limit not counted");
    return null;
  }
}
app.all("*", remix);

/**
 * Errors before or around Remix: a body over its limit (413), a body that cannot be read or decoded (400)
 * and an address Express cannot decode (`/%`) are rendered by Remix as translated pages with that status; anything
 * else is logged and answered 500.
 */
app.use(
  (
    error: Error & { status?: number; type?: string },
    req: express.Request,
    res: express.Response,
    next: express.NextFunction,
  ) => {
    if (res.headersSent) return next(error);
    const status = error.status ?? 500;
    if (status >= 400 && status < 500 && !res.locals.refused) {
      refuse(res, status === 413 ? 413 : status === 403 ? 403 : 400);
      return remix(req, res, next);
    }
    logger.error({ err: error }, "request failed");
    res.status(500).type("text/plain").send("Internal Server Error");
  },
);

const server = http.createServer({ maxHeaderSize: 64 * 1024 }, app);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, ms: Date.now() - started }, `listening on http://localhost:${port}`);
  // What became of the demo admin, once the site can be opened (docs/decisions/049): a warning, so that it shows at
  // every LOG_LEVEL but error and silent.
  const notice = demoAdminNotice(demoAdmin, env.PUBLIC_URL ?? `http://localhost:${port}`);
  if (notice) logger.warn(notice);
});
server.keepAliveTimeout = 65_000;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    // Work a response did not wait for (a reset SMS being sent) finishes before the database closes.
    await responsesSettled();
    // The job being run finishes; jobs claimed but not started go back to the queue.
    await worker?.stop();
    await renderWorkers?.close();
    await pageCache?.close();
    metricsServer?.close();
    await database.close().catch(() => undefined);
    logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
