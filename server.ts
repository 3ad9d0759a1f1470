/**
 * The production HTTP server (issue 2, Set-up): Express with compression, long-lived caching of fingerprinted assets,
 * a per-request CSP nonce handed to Remix, security headers (helmet), /healthz, structured request logs (pino)
 * and a graceful shutdown on SIGTERM. Opens, migrates and (when empty) seeds the database before it listens.
 */
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { getDatabase } from "./app/db/db.server";
import { getEnv } from "./app/utils/env.server";

const env = getEnv();
const logger = pino({ level: env.LOG_LEVEL });
const started = Date.now();

const database = await getDatabase();
logger.info({ db: database.kind, ms: Date.now() - started }, "database ready");

const build = (await import(path.resolve("build/index.js"))) as ServerBuild;

/** A request URL for the logs: the password-reset token of /rp?t=… is a secret and is written as "…". */
function withoutSecrets(url: string | undefined): string | undefined {
  return url?.replace(/([?&]t=)[^&#]*/g, "$1…");
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/build/") === true },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      req: (req) => ({ method: req.method, url: withoutSecrets(req.url), ua: req.headers?.["user-agent"] }),
      res: (res) => ({ status: res.statusCode }),
    },
  }),
);

// A request whose Host header is not a host name would make every URL the app builds invalid.
app.use((req, res, next) => {
  try {
    new URL(`http://${req.headers.host ?? ""}`);
  } catch {
    res.status(400).type("text/plain").send("Bad Request");
    return;
  }
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
        "img-src": ["'self'", "data:"],
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
 * Every post must come from this site (architecture 7): a cross-site Origin (or "null", or a browser saying
 * Sec-Fetch-Site: cross-site) gets 403 before Remix sees it, and the old `?_data=` data requests, which Remix's own
 * origin check does not cover and this app never makes, are refused.
 */
const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : null;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.headers.origin;
  let sameSite = req.headers["sec-fetch-site"] !== "cross-site";
  if (origin !== undefined) {
    try {
      const host = new URL(origin).host;
      sameSite = sameSite && (host === req.headers.host || host === publicHost);
    } catch {
      sameSite = false;
    }
  }
  if (!sameSite || "_data" in req.query) {
    res.status(403).type("text/plain").send("Forbidden");
    return;
  }
  next();
});

app.use(compression());

app.get("/healthz", async (_req, res) => {
  try {
    await database.ping();
    res.set("Cache-Control", "no-store").json({ status: "ok", db: database.kind });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    res.status(503).json({ status: "error" });
  }
});

// Fingerprinted Remix assets: cache for a year.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
// Stored images never change under a name (seed names are fixed content, uploads get new names).
app.use("/images", express.static(env.imagesDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
// Locale files are requested with ?v=<hash of the files>.
app.use("/locales", express.static("locales", { maxAge: "1y", immutable: true, index: false, fallthrough: false }));
app.use(express.static("public", { maxAge: "1h", index: false }));

// Pages depend on the language cookie (and the home page on the popup cookie): never shared between visitors.
app.use((_req, res, next) => {
  res.vary("Cookie");
  res.setHeader("Cache-Control", "private, no-cache");
  next();
});

app.all(
  "*",
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
  }),
);

// Long query strings (up to 64 KiB of headers) reach the app, which answers them with a page, not a bare 431.
// Addresses Express cannot decode (`/%`) get a plain 400 instead of a stack trace.
app.use((error: Error & { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (res.headersSent) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error({ err: error }, "request failed");
  res.status(status).type("text/plain").send(status === 500 ? "Internal Server Error" : "Bad Request");
});

const server = http.createServer({ maxHeaderSize: 64 * 1024 }, app);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, ms: Date.now() - started }, `listening on http://localhost:${port}`);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await database.close().catch(() => undefined);
    logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
