import { Readable, Transform } from "node:stream";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import type express from "express";
import { isLoopbackUrl, LOOPBACK_HOSTS, type Env } from "~/platform/config/env.server";
import { RETRY_AFTER_SECONDS, type ServerLoadContext } from "./guards";
import { chooseEncoding, isWholeDocument, sendWhole } from "./encoding";
import type { PageCache, RequestHead, VisitorPage } from "./page-cache";
import type { RenderPool } from "./render-pool";
import type { RenderWorkers } from "./render-workers";

/**
 * How a request reaches Remix (decision 011). @remix-run/express builds the request URL from `Host` and
 * `X-Forwarded-Host` and streams the body without a limit; this adapter instead:
 * - gives Remix a URL on the site's trusted origin (`siteOrigin`), never one taken from an untrusted header, so no
 *   link that leaves the site (reset SMS, sitemap, canonical, Open Graph) can point at another host, and Remix's
 *   own Origin check compares with the same host as ours;
 * - hands over a body that server.ts has already read within its limit (plain forms), or a stream that fails past
 *   its limit (uploads).
 */

/** True when `a` and `b` are loopback origins with the same scheme and port (the same site under two names). */
function sameLoopbackSite(a: URL, b: URL): boolean {
  return LOOPBACK_HOSTS.has(a.hostname) && LOOPBACK_HOSTS.has(b.hostname) && a.protocol === b.protocol && a.port === b.port;
}

/** The origin the request was sent to (scheme from Express, host from `Host`), or null when `Host` is no host name. */
function requestOrigin(req: express.Request): URL | null {
  try {
    return new URL(`${req.protocol}://${req.headers.host ?? ""}`);
  } catch {
    return null;
  }
}

/**
 * The origin (`scheme://host[:port]`) of the site for this request (docs/decisions/049): `PUBLIC_URL` when
 * it is set (always in production; server.ts refuses to start without it), except that when PUBLIC_URL is a loopback
 * origin (`npm start` sets `http://localhost:$PORT`) a request to another loopback name on its port and scheme gets
 * its own origin, so a person on 127.0.0.1 stays on 127.0.0.1. Without PUBLIC_URL: the request's own origin when its
 * host is a loopback name or in `ALLOWED_HOSTS`, else `http://localhost:PORT`. `X-Forwarded-Host` is never read; the
 * scheme comes from Express (`X-Forwarded-Proto` is trusted only from a proxy on this machine).
 */
export function siteOrigin(req: express.Request, env: Pick<Env, "PUBLIC_URL" | "PORT" | "ALLOWED_HOSTS">): string {
  const own = requestOrigin(req);
  if (env.PUBLIC_URL) {
    const site = new URL(env.PUBLIC_URL);
    return own && sameLoopbackSite(own, site) ? own.origin : site.origin;
  }
  if (own && (LOOPBACK_HOSTS.has(own.hostname) || env.ALLOWED_HOSTS.includes(own.hostname))) return own.origin;
  return `http://localhost:${env.PORT}`;
}

/**
 * True when a post may be handled: its `Origin`, when sent, is the site's origin (scheme,
 * host and port), or, when the site is a loopback origin, another loopback name with the same scheme and port
 * (docs/decisions/049); "null" never is, and a browser that says `Sec-Fetch-Site: cross-site` is refused.
 */
export function isSameSitePost(req: express.Request, origin: string): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return false;
  const sent = req.headers.origin;
  if (sent === undefined) return true;
  try {
    const from = new URL(sent);
    return from.origin === origin || sameLoopbackSite(from, new URL(origin));
  } catch {
    return false;
  }
}

/** Thrown into a body stream that passes its limit; server.ts answers 413. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(limit: number) {
    super(`request body larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** A stream of the request body that fails with BodyTooLargeError once more than `limit` bytes have arrived. */
function limitedBody(req: express.Request, limit: number): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength;
      if (size > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

/** What server.ts decided about the body: read already (`Buffer`), to stream within a limit, or none. */
export type BodySource = { kind: "buffer"; bytes: Buffer } | { kind: "stream"; limit: number } | { kind: "none" };

/**
 * What the page cache makes of a request (decision 045): the address on the site's origin, the address of the page it
 * names in other words (decision 087), the visitor's page and its key (null for a page that is not a visitor's).
 * Worked out once per request: by pageCacheHits, else by the Remix handler.
 */
type PageLookup = { url: URL; own: string | null; visitor: VisitorPage | null; key: string | null };

/** A Node request's headers as a Fetch request's `get` reads them (a repeated header's values joined). */
function headersOf(req: express.Request): Pick<Headers, "get"> {
  return {
    get: (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

async function lookUpPage(
  req: express.Request,
  origin: string,
  cache: PageCache | undefined,
  pageAddress: ((url: URL) => Promise<string | null>) | undefined,
): Promise<PageLookup> {
  const url = new URL(`${origin}${req.originalUrl.startsWith("/") ? "" : "/"}${req.originalUrl}`);
  const read = req.method === "GET" || req.method === "HEAD";
  // A document asked for in other words (a search typed as words) is the page of its own address: rendered from it
  // without a redirect, and one page-cache entry for both addresses (decision 087). A data request of client-side
  // navigation is answered by its loader, which reads the words itself.
  const own = read && pageAddress && !url.pathname.endsWith(".data") ? await pageAddress(url) : null;
  const head: RequestHead = { method: req.method, url: (own ? new URL(own, url) : url).href, headers: headersOf(req) };
  const visitor = cache?.visitorPage(head) ?? null;
  // The same page under two loopback names has links to each (siteOrigin): one entry per origin (decision 049).
  return { url, own, visitor, key: visitor ? `${url.host} ${visitor.key}` : null };
}

/**
 * Express middleware that answers a visitor's page from the page cache before the rest of the server's middleware
 * runs (decision 098): a hit needs no request log of pino-http's, no CSP nonce, no helmet (the kept page carries the
 * security headers its filling answer had), no Fetch Request and no compression, and costs a fraction of the CPU
 * they take, which under a flood of new pages is event-loop time the renders get. A request it does not answer
 * (not a GET or HEAD, a file, a miss) goes on with its lookup kept for the Remix handler. `served` is called for
 * each hit (the request log).
 */
export function pageCacheHits(options: {
  cache: PageCache;
  origin: (req: express.Request) => string;
  pageAddress?: (url: URL) => Promise<string | null>;
  served?: (req: express.Request, res: express.Response) => void;
}): express.RequestHandler {
  return async (req, res, next) => {
    // A file (with an extension) is never a page: the static middleware answers it.
    if ((req.method !== "GET" && req.method !== "HEAD") || /\.[A-Za-z0-9]+$/.test(req.path)) return next();
    try {
      const lookup = await lookUpPage(req, options.origin(req), options.cache, options.pageAddress);
      const kept = lookup.key ? options.cache.get(lookup.key) : undefined;
      if (!kept) {
        res.locals.pageLookup = lookup;
        return next();
      }
      options.served?.(req, res);
      options.cache.send(req, res, kept, "hit");
    } catch (error) {
      next(error);
    }
  };
}

/**
 * An Express handler that runs the Remix build (decision 011): the Fetch Request gets the trusted `origin`
 * and a `Host` header equal to it (no `X-Forwarded-Host`), the body chosen by `body(req)`, and the load context of
 * `context(req, res)`. Responses are written with their headers replaced (not appended to the Express ones), except
 * `Set-Cookie` (each kept) and `Vary` (merged), so no header is sent twice.
 */
export function createRemixHandler(options: {
  build: ServerBuild;
  mode: string;
  origin: (req: express.Request) => string;
  body: (req: express.Request, res: express.Response) => BodySource;
  context: (req: express.Request, res: express.Response) => ServerLoadContext;
  /** Rendered pages for visitors: served from it and stored in it where its rules allow. */
  cache?: PageCache;
  /**
   * The operator's quota (decision 045, off by default since decision 077): counts a page about to be rendered for a
   * GET or HEAD that the cache did not answer; null to render it, or the seconds to wait, and the translated 429 page
   * is rendered instead (with Retry-After).
   */
  limitMisses?: (req: express.Request, res: express.Response) => Promise<number | null>;
  /**
   * The render pool (decision 077): every GET or HEAD the cache did not answer waits for a slot of it, in a queue fair
   * across `clientOf(req)`; a request it sheds is answered with the translated 503 page (with Retry-After).
   */
  renderPool?: { pool: RenderPool; clientOf: (req: express.Request) => Promise<string> };
  /**
   * Worker threads that render what the pool admitted (decision 104), off the event loop that answers cache hits; the
   * page is rendered here when none is ready.
   */
  renderWorkers?: RenderWorkers;
  /**
   * The address of the page a document request names in other words, or null (server/page-query.ts pageAddressOf,
   * decision 087): the page is rendered from it, at the address asked, and kept under its key.
   */
  pageAddress?: (url: URL) => Promise<string | null>;
}): express.RequestHandler {
  const { cache } = options;
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const origin = options.origin(req);
      const lookup: PageLookup =
        (res.locals.pageLookup as PageLookup | undefined) ?? (await lookUpPage(req, origin, cache, options.pageAddress));
      const { url, own, visitor, key } = lookup;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === "host" || name === "x-forwarded-host") continue;
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else headers.set(name, value);
      }
      headers.set("Host", url.host);
      const context = options.context(req, res);
      // A refused post is never acted upon: its Origin (another site's, when 403) must not make Remix's own check
      // answer a bare 500 before the translated page is rendered.
      if (context.refused) headers.delete("origin");
      // A post from another loopback name of the same site (isSameSitePost) is checked by Remix against our Host.
      else if (isLoopbackUrl(headers.get("origin") ?? undefined) && isLoopbackUrl(url.origin)) headers.set("origin", url.origin);
      const controller = new AbortController();
      // Only a client that leaves before the answer is complete cancels the work (an abort makes a DOMException,
      // which every finished response paid for: 4% of a cached page's CPU in a profile under load).
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const source = options.body(req, res);
        if (source.kind === "buffer") init.body = source.bytes as unknown as BodyInit;
        else if (source.kind === "stream") {
          init.body = createReadableStreamFromReadable(limitedBody(req, source.limit));
          init.duplex = "half";
        }
      }
      const read = req.method === "GET" || req.method === "HEAD";
      let request = new Request(own ? new URL(own, url) : url, init);
      const kept = key ? cache?.get(key) : undefined;
      if (cache && kept) return cache.send(req, res, kept, "hit");
      // A visitor's page is rendered from its canonical address, the one its key names (decision 045).
      const asked = new URL(request.url);
      if (visitor && visitor.search !== asked.search)
        request = new Request(new URL(`${asked.pathname}${visitor.search}`, url), init);
      // A page being rendered already is waited for, not rendered again (decision 077); this render is announced so
      // that the next requests for the page wait for it.
      let shared: ReturnType<PageCache["renderStarted"]> = null;
      if (cache && key && req.method === "GET") {
        const underWay = cache.rendering(key);
        const entry = underWay ? await underWay : undefined;
        if (entry) return cache.send(req, res, entry, "hit");
        shared = cache.renderStarted(key);
      }
      let refusal: { status: 429 | 503; retryAfter: number } | null = null;
      let release: (() => void) | null = null;
      // From here on, whatever happens, the slot is released and the requests waiting for this render are let go.
      try {
        if (read && !context.refused) {
          const wait = options.limitMisses ? await options.limitMisses(req, res) : null;
          if (wait !== null) {
            refusal = { status: 429, retryAfter: wait };
            options.renderPool?.pool.refusedByQuota();
          } else if (options.renderPool && url.pathname !== "/__manifest") {
            // Route discovery (`/__manifest`) runs no loader: Remix answers it before any, so it needs no slot.
            const admission = await options.renderPool.pool.admit(await options.renderPool.clientOf(req), controller.signal);
            if (admission.ok) release = admission.release;
            // Nobody is there to read an answer.
            else if (admission.reason === "left") return void res.destroy();
            else refusal = { status: 503, retryAfter: RETRY_AFTER_SECONDS };
          }
        }
        let storeKey = key;
        if (refusal) {
          shared?.(undefined);
          shared = null;
          context.refused = refusal.status;
          res.setHeader("Retry-After", String(refusal.retryAfter));
          // A visitor's document: the kept refusal page, or rendered from `/` (once however many are refused at
          // once) and kept (decisions 045 and 077).
          if (cache && visitor && !url.pathname.endsWith(".data")) {
            storeKey = `${url.host} ${cache.refusalKey(request, refusal.status)}`;
            const kept = cache.get(storeKey) ?? (await cache.rendering(storeKey));
            if (kept) return cache.send(req, res, kept, "refused");
            if (req.method === "GET") shared = cache.renderStarted(storeKey);
            request = new Request(new URL("/", url), init);
          }
        }
        const generation = cache?.current ?? 0;
        // A page the pool admitted is rendered by a worker thread when there is one (decision 104); a page the worker
        // failed (it stopped, or the render threw there) is rendered here instead of a bare 500 (the worker logged why).
        const keep = Boolean(cache && storeKey && req.method === "GET" && cache.usable);
        const inWorker = release
          ? options.renderWorkers?.render(request, context, { signal: controller.signal, encoding: chooseEncoding(req), keep })
          : null;
        const response = await (inWorker?.catch(() => handle(request, context)) ?? handle(request, context));
        // The page a post redirects to must not come from before the post's change (page cache).
        if (req.method !== "GET" && req.method !== "HEAD") await cache?.sync();
        if (cache && (req.method === "GET" || req.method === "HEAD")) res.setHeader("X-Page-Cache", "bypass");
        const status = refusal && storeKey !== key ? refusal.status : 200;
        if (cache && storeKey && req.method === "GET" && response.status === status && cache.usable) {
          const html = await response.text();
          // The render is done: the slot goes to the next page while this one is compressed and sent.
          release?.();
          const entry = cache.store(storeKey, generation, response, html, context.cspNonce, {
            refusal: status === 200 ? undefined : status,
            encoding: chooseEncoding(req),
            // As written (getRawHeaderNames keeps their letter case, as helmet spells them).
            siteHeaders: rawHeaderNames(res).flatMap((name) => {
              const value = res.getHeader(name);
              return value === undefined ? [] : [[name, value] as [string, number | string | string[]]];
            }),
          });
          shared?.(entry);
          if (entry) return cache.send(req, res, entry, status === 200 ? "miss" : "refused");
          writeHead(res, response);
          sendWhole(req, res, Buffer.from(html, "utf8"));
          return;
        }
        writeHead(res, response);
        // A document is rendered whole (entry.server.tsx): compressed in one call (decision 033), not as a stream.
        if (response.body && isWholeDocument(response)) {
          const body = Buffer.from(await response.arrayBuffer());
          release?.();
          sendWhole(req, res, body);
        } else if (response.body) await writeReadableStreamToWritable(response.body, res);
        else res.end();
      } finally {
        release?.();
        shared?.(undefined);
      }
    } catch (error) {
      next(error);
    }
  };
}

/** Node's OutgoingMessage.getRawHeaderNames (since 15.13), which @types/node 20 declares on ClientRequest only. */
function rawHeaderNames(res: express.Response): string[] {
  return (res as express.Response & { getRawHeaderNames(): string[] }).getRawHeaderNames();
}

/**
 * Writes the status and headers of a Remix answer: replacing the Express ones (not appended to them), except
 * `Set-Cookie` (each kept) and `Vary` (merged), so no header is sent twice.
 */
function writeHead(res: express.Response, response: Response): void {
  res.status(response.status);
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    if (name === "vary") res.vary(value);
    else res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  // Remix does not send the headers of a thrown response on a document; these two belong to their statuses.
  if (response.status === 503 && !response.headers.has("Retry-After")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  if (response.status === 405 && !response.headers.has("Allow")) res.setHeader("Allow", "GET, HEAD, POST");
}
