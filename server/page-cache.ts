import crypto from "node:crypto";
import { parse } from "cookie";
import type express from "express";
import { LRUCache } from "lru-cache";
import type { Database, Listener } from "~/platform/db/client.server";
import { dataSaverOf, SAVE_DATA_COOKIE } from "~/features/site/data-saver.server";
import { visibleDataChanged } from "~/platform/cache/visible-changes.server";
import { LANG_COOKIE, localeOf } from "~/platform/i18n/i18n.server";
import { storeFor } from "~/platform/config/company";
import { APP_POPUP_COOKIE } from "~/platform/http/cookies";
import { chooseEncoding, encodeWhole, encodeWholeAsync, markEncoded, type Encoding } from "./encoding";
import { holdsSecret } from "./log-redaction";
import { canonicalSearch, type QueryParamsOf } from "./page-query";

/**
 * Rendered pages kept for visitors (docs/decisions/013-page-cache.md).
 *
 * A GET from a browser that carries no cookie but the language, the app-popup choice and the data saver's choice,
 * asks for no dialog and sets no language, is a visitor's request: its page is the same for every such visitor of
 * the same language and data saver mode (and, on the home page with the app popup, the same phone platform). The
 * first one renders it; the HTML is kept in this process and sent to the next ones with an ETag (304 on a repeat) and
 * a Cache-Control that lets a CDN hold it briefly. The key holds only the query parameters the page reads, in a
 * canonical order (decision 045), and the page is rendered from that canonical address, so junk parameters (utm_*,
 * fbclid) neither make a new entry nor change the page.
 *
 * Compression (decisions 045, 062 and 067): the answer that fills the cache is compressed cheaply (the `rendered`
 * effort), in the one encoding its client takes, and sent at once. When a second visitor asks for the page, the kept
 * copy is compressed at the `kept` effort (brotli 10, gzip 9) in both encodings in the background, one page at a time
 * on libuv's thread pool, so no request waits for it and the event loop never does; a page nobody asks for again (most
 * distinct searches) never costs that work. Any other request (a
 * session, a toast, a dialog, a post, `_data`, an address that holds a secret: a token's link or a login page that
 * returns to one, decision 082) is neither served from nor stored in the cache, and only a 200 HTML answer without
 * `Set-Cookie` is stored.
 *
 * Freshness: every write that changes what visitors see sends `NOTIFY page_changes` (migration 0007), delivered to
 * every process when the transaction commits; each process empties its cache on it. While a process is not
 * listening (its connection lost), it serves nothing from the cache. A page rendered while a change committed is
 * not stored (the generation it started under is gone). Entries also expire after `ttlMs`, for what changes with
 * time alone (dates, counts cached for a minute).
 *
 * Scripts: a kept page is sent to many visitors, so it cannot carry one response's CSP nonce. The nonce attributes
 * are taken out of the HTML when it is stored and its inline scripts are allowed by their SHA-256 hashes instead.
 */
export type PageCacheOptions = {
  /** Largest total size of the kept pages (HTML plus both compressed copies), in bytes. */
  maxBytes: number;
  /** How long a page is kept at most, in milliseconds. */
  ttlMs: number;
  /** `s-maxage` for a CDN, in seconds. */
  sharedMaxAgeSeconds: number;
  /** `stale-while-revalidate` for a CDN, in seconds. */
  staleWhileRevalidateSeconds: number;
  /** The query parameters the page at a path reads (server/page-query.ts): the others are not part of the key. */
  queryParams: QueryParamsOf;
};

/** A visitor's request as the cache sees it: its key, and the canonical query string its page is rendered from. */
export type VisitorPage = { key: string; search: string };

/**
 * What the cache reads of a request to key it: its method, its address and its headers (a Fetch Request, or the view
 * of a Node request that server/http.ts pageCacheHits makes without building one).
 */
export type RequestHead = Pick<Request, "method" | "url"> & { headers: Pick<Headers, "get"> };

/**
 * A kept page: its answer headers, its ETag, the hashes of its inline scripts, its bytes in each encoding (null for
 * an encoding not made yet: until the background compression, only the filling request's encoding exists), and
 * whether those are compressed at the `kept` effort yet (else at the `rendered` one).
 */
type Entry = {
  /** 200, or 429 or 503 for a kept refusal page (refusalKey). */
  status: number;
  headers: [string, string][];
  /**
   * The headers the server's own middleware set on the answer that filled the entry (helmet's security headers, the
   * Permissions-Policy, `Vary: Cookie`): sent again with every hit, also by pageCacheHits, which answers before that
   * middleware runs (decision 098).
   */
  siteHeaders: [string, number | string | string[]][];
  etag: string;
  scriptHashes: string[];
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  recompressed: boolean;
};

/** Cookies a visitor's page may depend on; any other cookie (a session, a toast) means "not a visitor's page". */
const VISITOR_COOKIES = new Set([LANG_COOKIE, APP_POPUP_COOKIE, SAVE_DATA_COOKIE]);
/** Longest address kept, in characters (longer ones are rendered each time). */
const MAX_KEY_LENGTH = 2_048;
/** Most kept pages waiting to be compressed again; a page asked for while so many wait is queued by a later request. */
const MAX_WAITING = 64;
/**
 * Whether the page cache may keep `response` (decision 045): the status it keeps (200, or the refusal page's 429 or
 * 503), HTML, no Set-Cookie (one visitor's), and, for a page, not `Cache-Control: no-store`. A render worker asks it too
 * (decision 104): a page that will not be kept is compressed there.
 */
export function mayKeep(response: Pick<Response, "status" | "headers">, refusal?: 429 | 503): boolean {
  if (response.status !== (refusal ?? 200) || response.headers.has("Set-Cookie")) return false;
  if (!refusal && /\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) return false;
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/** The channel of migration 0007. */
export const PAGE_CHANGES_CHANNEL = "page_changes";

export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  private generation = 0;
  private listening = false;
  private listener: Listener | null = null;
  /** Keys of kept pages waiting to be compressed at the `kept` effort, oldest first. */
  private readonly waiting = new Set<string>();
  /** The background compression under way, if any (see idle()). */
  private compressing: Promise<void> | null = null;
  /** Pages being rendered to be kept, by key: what later requests for the same page wait for (renderStarted). */
  private readonly inFlight = new Map<string, Promise<Entry | undefined>>();

  constructor(private readonly options: PageCacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.identity.byteLength + (entry.br?.byteLength ?? 0) + (entry.gzip?.byteLength ?? 0) + 512,
      ttl: options.ttlMs,
    });
  }

  /** Starts listening to `page_changes` on `database`; until it listens, nothing is served from the cache. */
  listen(database: Database): void {
    this.listener = database.listen(PAGE_CHANGES_CHANNEL, {
      notify: () => this.forget(),
      listening: () => {
        // Changes made while not listening were missed: start afresh.
        this.listening = true;
        this.forget();
      },
      lost: () => {
        this.listening = false;
        this.forget();
      },
    });
  }

  /** Stops listening (shutdown). */
  async close(): Promise<void> {
    this.listening = false;
    this.forget();
    await this.listener?.close();
  }

  /**
   * Drops every kept page; a render under way is not stored. The process's other caches of visible data hear it too
   * (visibleDataChanged, decision 033).
   */
  forget(): void {
    this.generation++;
    this.entries.clear();
    this.waiting.clear();
    visibleDataChanged(this.listening);
  }

  /**
   * Waits until every change committed so far has reached this process (after a post: the redirect that follows
   * must not find the page as it was). Empties the cache when that cannot be known.
   */
  async sync(): Promise<void> {
    try {
      await this.listener?.sync();
    } catch {
      this.forget();
    }
  }

  /**
   * The key of a visitor's page for `request` (a Fetch Request on the site's origin), or null when the request is
   * not one (see the class comment). The key holds the language, the data saver's mode as the page shows it
   * (`full`, or `on` or `browser`: decision 022; from the cookie and the `Save-Data` header, the way the page is
   * rendered, so a normal page and a data saver page are never mixed), the phone platform on the home page while its
   * app popup shows (its store link), then the path and the canonical query (visitorPage).
   */
  keyFor(request: RequestHead): string | null {
    return this.visitorPage(request)?.key ?? null;
  }

  /**
   * keyFor's key with the canonical query string (`?a=1&b=2` or ""): only the parameters the page reads
   * (`queryParams`), sorted by name (decision 045). The page of a key must be rendered from that query, so that
   * every address of the key gets the same page.
   */
  visitorPage(request: RequestHead): VisitorPage | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    // A data request of client-side navigation (single fetch's `.data`, the old `_data`) and a route discovery
    // request (`/__manifest`) are for the router, not pages: their parameters are not a page's, and must reach Remix
    // as sent.
    const url = new URL(request.url);
    if (url.pathname.endsWith(".data") || url.pathname === "/__manifest") return null;
    // The apps' API answers each token and language its own JSON (decision 088): never a page to keep or share.
    if (/^\/api(\/|$)/i.test(url.pathname)) return null;
    if (url.searchParams.has("_data") || url.searchParams.has("dialog")) return null;
    const cookies = parse(request.headers.get("Cookie") ?? "");
    if (Object.keys(cookies).some((name) => !VISITOR_COOKIES.has(name))) return null;
    // `?lang=` that differs from the cookie sets the cookie (root loader): that answer is the visitor's own.
    const chosen = url.searchParams.get("lang");
    if (chosen !== null && chosen !== cookies[LANG_COOKIE]) return null;
    const popup = url.pathname === "/" && cookies[APP_POPUP_COOKIE] !== "closed";
    const variant = popup ? storeFor(request.headers.get("User-Agent")).platform : "-";
    const search = url.search ? canonicalSearch(url.searchParams, this.options.queryParams(url.pathname)) : "";
    // A page whose address, as the page reads it, holds a secret (server/log-redaction.ts) is one visitor's: kept
    // nowhere (decision 045), whatever its loader says.
    if (holdsSecret(`${url.pathname}${search}`)) return null;
    const key = `${localeOf(request)} ${dataSaverOf(request) ?? "full"} ${variant} ${url.pathname}${search}`;
    return key.length > MAX_KEY_LENGTH ? null : { key, search };
  }

  /**
   * The key of the translated refusal page of `status` (429: the operator's quota, decision 045; 503: shed by the
   * render pool, decision 077) for `request`'s language and data saver mode: rendered once (from the address `/`, so
   * it names no visitor's address), kept like a page and sent to every refused request, since refusing must cost less
   * than rendering.
   */
  refusalKey(request: RequestHead, status: 429 | 503): string {
    return `${localeOf(request)} ${dataSaverOf(request) ?? "full"} ${status}`;
  }

  /**
   * The render under way of the page of `key`, if any (renderStarted): a request for a page being rendered waits for
   * that render instead of rendering it again (decision 077), so a crowd asking for the same new page, or for a page
   * the cache just dropped, costs one render and one slot of the render pool. Resolves with the kept entry, or
   * undefined when the render could not be kept (the waiter then renders for itself).
   */
  rendering(key: string): Promise<Entry | undefined> | undefined {
    return this.inFlight.get(key);
  }

  /**
   * Marks the page of `key` as being rendered to be kept, and returns the function that ends it (call it once, with
   * the entry stored, or undefined when nothing was kept); null when a render of that page is under way already.
   */
  renderStarted(key: string): ((entry: Entry | undefined) => void) | null {
    if (this.inFlight.has(key)) return null;
    let settle!: (entry: Entry | undefined) => void;
    this.inFlight.set(key, new Promise<Entry | undefined>((resolve) => (settle = resolve)));
    let ended = false;
    return (entry) => {
      if (ended) return;
      ended = true;
      this.inFlight.delete(key);
      settle(entry);
    };
  }

  /** The current generation: a page rendered under it is stored only if it is still current when rendered. */
  get current(): number {
    return this.generation;
  }

  /** True when pages may be served from the cache now (the process hears about changes). */
  get usable(): boolean {
    return this.listening;
  }

  /**
   * The kept page of `key`, if any and usable, as it is now. A page asked for again is queued for its compression at
   * the `kept` effort (recompressLater, decision 067): the answer this call serves is the cheap copy.
   */
  get(key: string): Entry | undefined {
    const entry = this.listening ? this.entries.get(key) : undefined;
    if (entry && !entry.recompressed) this.recompressLater(key);
    return entry;
  }

  /**
   * Stores `response` under `key` when it may be kept (200, HTML, no Set-Cookie, not `Cache-Control: no-store`,
   * rendered under the current generation) and returns the entry to send; returns undefined when it may not (send it
   * as it is). `html` is the complete body; `nonce` this response's CSP nonce (its attributes are taken out). The
   * entry is compressed at the `rendered` effort now in `options.encoding` only (the filling request's, chooseEncoding;
   * brotli when not given), and in both encodings at the `kept` effort once it is asked for again (get).
   */
  store(
    key: string,
    generation: number,
    response: Response,
    html: string,
    nonce: string,
    options: { refusal?: 429 | 503; encoding?: Encoding; siteHeaders?: Entry["siteHeaders"] } = {},
  ): Entry | undefined {
    if (!this.listening || generation !== this.generation) return undefined;
    if (!mayKeep(response, options.refusal)) return undefined;
    const shared = nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
    const encoding = options.encoding ?? "br";
    const identity = Buffer.from(shared, "utf8");
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !SKIPPED_HEADERS.has(name)),
      siteHeaders: (options.siteHeaders ?? []).filter(
        ([name]) => !SKIPPED_HEADERS.has(name.toLowerCase()) && !PER_ANSWER_HEADERS.has(name.toLowerCase()),
      ),
      etag: `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      scriptHashes: inlineScriptHashes(shared),
      identity,
      // Only what the filling request takes (decision 062): the other encoding is made by the background compression
      // once the page is asked for again, and until then compressed cheaply for each request that takes it (bodyOf).
      br: encoding === "br" ? encodeWhole(identity, "br", "rendered") : null,
      gzip: encoding === "gzip" ? encodeWhole(identity, "gzip", "rendered") : null,
      recompressed: false,
    };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Queues the kept page of `key` to be compressed at the `kept` effort (at most MAX_WAITING pages wait; a page asked
   * for while the queue is full is queued by a later request). One page is compressed at a time, off the event loop.
   */
  private recompressLater(key: string): void {
    if (this.waiting.has(key) || this.waiting.size >= MAX_WAITING) return;
    this.waiting.add(key);
    this.compressing ??= this.recompressWaiting().finally(() => (this.compressing = null));
  }

  /** Compresses the waiting pages one after the other; a page dropped or replaced meanwhile is left alone. */
  private async recompressWaiting(): Promise<void> {
    for (const key of this.waiting) {
      this.waiting.delete(key);
      const entry = this.entries.peek(key);
      if (!entry || entry.recompressed) continue;
      const generation = this.generation;
      const [br, gzip] = [
        await encodeWholeAsync(entry.identity, "br", "kept"),
        await encodeWholeAsync(entry.identity, "gzip", "kept"),
      ];
      if (generation !== this.generation || this.entries.peek(key) !== entry) continue;
      const smaller = (kept: Buffer, cheap: Buffer | null) => (!cheap || kept.byteLength < cheap.byteLength ? kept : cheap);
      const next = { ...entry, br: smaller(br, entry.br), gzip: smaller(gzip, entry.gzip), recompressed: true };
      this.entries.set(key, next, { noUpdateTTL: true });
    }
  }

  /** Resolves once no kept page waits to be compressed again (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.compressing) await this.compressing;
  }

  /**
   * Sends a kept page: 304 when the browser has it (If-None-Match), else the best encoding it accepts, as kept: a
   * browser that accepts neither brotli nor gzip (only `deflate`) gets the kept HTML as it is, which the
   * `compression` middleware leaves alone (markEncoded), so no request pays for a compression. The
   * Content-Security-Policy that helmet set for this response gets the page's script hashes instead of its nonce.
   */
  send(req: express.Request, res: express.Response, entry: Entry, outcome: "hit" | "miss" | "refused"): void {
    res.status(entry.status);
    // Set already when the answer went through the server's middleware; not yet when pageCacheHits answers first.
    for (const [name, value] of entry.siteHeaders) {
      if (name.toLowerCase() === "vary") res.vary(String(value));
      else if (!res.hasHeader(name)) res.setHeader(name, value);
    }
    for (const [name, value] of entry.headers) {
      if (name === "vary") res.vary(value);
      else res.setHeader(name, value);
    }
    res.vary("Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    res.setHeader(
      "Cache-Control",
      entry.status !== 200
        ? "no-store"
        : `public, max-age=0, must-revalidate, s-maxage=${this.options.sharedMaxAgeSeconds}, stale-while-revalidate=${this.options.staleWhileRevalidateSeconds}`,
    );
    res.setHeader("X-Page-Cache", outcome);
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      res.setHeader(
        "Content-Security-Policy",
        policy.replace(/ ?'nonce-[^']*'/g, entry.scriptHashes.map((hash) => ` ${hash}`).join("")),
      );
    }
    if (entry.status === 200 && req.fresh) {
      res.status(304).end();
      return;
    }
    markEncoded(res);
    const encoding = chooseEncoding(req);
    const body = bodyOf(entry, encoding);
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.byteLength));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }
}

/**
 * The bytes of `entry` in `encoding`: the kept ones, or, for an encoding not made yet (a page between its fill and its
 * background compression, asked for in the other encoding), compressed now at the `rendered` effort and not kept.
 */
function bodyOf(entry: Entry, encoding: Encoding): Buffer {
  if (encoding === "identity") return entry.identity;
  return entry[encoding] ?? encodeWhole(entry.identity, encoding, "rendered");
}

/** Headers of a rendered answer that are not kept: the cache writes its own, the length depends on the encoding. */
const SKIPPED_HEADERS = new Set([
  "cache-control",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "set-cookie",
  "etag",
  "date",
  "connection",
  "keep-alive",
]);

/**
 * Headers the server's middleware sets that belong to one answer, never replayed from a kept one: the HTTP layer's
 * own marks and the cache's (written by send).
 */
const PER_ANSWER_HEADERS = new Set(["x-page-cache", "retry-after", "content-type", "x-powered-by"]);

/** CSP source expressions (`'sha256-…'`) of the inline scripts of `html` (those without `src`), in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
