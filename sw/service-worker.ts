/// <reference lib="webworker" />
/**
 * The service worker (decision 021), bundled with Workbox's modules by scripts/build-sw.ts into
 * public/sw.js (scope `/`), which the server sends with `Cache-Control: no-cache`. Each build injects its own list of
 * files to precache (`self.__WB_MANIFEST`, with revisions), so a new build is a new worker: it installs, takes over
 * at once (skipWaiting, clients.claim) and removes the caches of the old one.
 *
 * - On install: the stylesheet, the public pages' scripts of the build, the icons and the offline pages.
 * - Pages (navigations): network first with a 3 s timeout; a copy of each page is kept (listings: the last 30,
 *   searches: the last 5, other pages: the last 20) and shown, with an "offline, saved on DATE" bar, when the network
 *   fails or is too slow; a page never kept gives the offline page in the visitor's language.
 * - Kept only what the server marks (sw/keep-page.ts, decision 046): a 200 HTML page that says `public`, or one
 *   answered for this session with `Offline-Copy: private` (marked, and deleted when the browser posts to /logout);
 *   never `no-store`. The address decides only which cache a page goes to, never whether it is kept.
 * - Photos: cache first, the last 60; the translation files and the place lists: stale while revalidate.
 */
import { clientsClaim } from "workbox-core";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import ar from "../locales/ar/offline.json";
import en from "../locales/en/offline.json";
import { formatDateTime } from "../app/platform/i18n/dates";
import { escapeHtml } from "../app/platform/http/html";
import { reloadDocumentAnswer } from "../app/platform/remix/single-fetch";
import { PAGE_CACHES, PHOTO_CACHE, PRIVATE_HEADER, SAVED_AT_HEADER } from "../app/features/offline/offline-pages";
import { pageToKeep } from "./keep-page";
import { createStore, get, keys, set, values } from "idb-keyval";
import {
  IDEMPOTENCY_FIELD,
  OUTBOX_ATTRIBUTE,
  OUTBOX_DB,
  OUTBOX_FIELD,
  OUTBOX_FORMS,
  OUTBOX_SCOPE_DB,
  OUTBOX_SCOPE_HEADER,
  OUTBOX_SYNC_TAG,
  type OutboxPost,
} from "../app/features/offline/outbox-common";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const TEXTS = { ar, en } as const;
type Lang = keyof typeof TEXTS;

/** Seconds a page may take before the kept copy is shown: about 3 s, so a bad connection is not a blank wait. */
const NETWORK_TIMEOUT_SECONDS = 3;
/** The offline pages written by scripts/build-sw.ts, one per language. */
const OFFLINE_PAGE: Record<Lang, string> = { ar: "/offline-ar.html", en: "/offline-en.html" };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** The language of the last page seen (its Content-Language), for the offline page. */
let lastLang: Lang = (self.navigator.language ?? "").startsWith("en") ? "en" : "ar";

/**
 * Keeps only what the server marks as keepable (pageToKeep, decision 046: `public`, or `Offline-Copy: private` for
 * this session until logout; never `no-store`), each copy stamped with when it was saved.
 */
const keepPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const language = response.headers.get("Content-Language");
    if (language === "en" || language === "ar") lastLang = language;
    return pageToKeep(response, new Date());
  },
  // A kept copy is shown with a bar saying so: an offline copy is always marked as such.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? withOfflineBar(cachedResponse) : null),
};

/**
 * The kept page with the "you are offline; saved on DATE" bar, in the page's language: an attribute of <html> that
 * the stylesheet shows above the page (app.css, `html[data-offline-bar]::before`). An attribute, not an element:
 * React hydrates the whole document and would remove an element it did not render, but leaves an extra attribute.
 */
async function withOfflineBar(response: Response): Promise<Response> {
  const html = await response.text();
  const lang: Lang = /<html[^>]*\blang="en"/.test(html) ? "en" : "ar";
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  const text = TEXTS[lang].bar.replace("{{date}}", savedAt ? formatDateTime(savedAt) : "");
  const marked = html.replace(/<html\b/, `<html data-offline-bar="${escapeHtml(text)}"`);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(marked, { status: 200, statusText: response.statusText, headers });
}

/** Network first for one kind of page, kept in its own cache with its own limit. */
function pages(cache: (typeof PAGE_CACHES)[keyof typeof PAGE_CACHES]): NetworkFirst {
  return new NetworkFirst({
    cacheName: cache.name,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keepPages, new ExpirationPlugin({ maxEntries: cache.maxEntries, purgeOnQuotaError: true })],
  });
}

// Every page of the site goes through its strategy; what is kept is decided by the answer's headers (keepPages).
const isPage = (request: Request, url: URL) =>
  request.mode === "navigate" && request.method === "GET" && url.origin === self.location.origin;

const listingPages = pages(PAGE_CACHES.listings);
const searchPages = pages(PAGE_CACHES.searches);
const otherPages = pages(PAGE_CACHES.other);

/** The strategy (and so the cache) of a page address: listing, search results, or any other page. */
function strategyFor(url: URL): NetworkFirst {
  if (/^\/estate\/\d+\/?$/.test(url.pathname)) return listingPages;
  if (/^\/(estates|rent-properties|vacation-properties|office-estates\/\d+)\/?$/.test(url.pathname)) return searchPages;
  return otherPages;
}

registerRoute(
  ({ request, url }) => isPage(request, url),
  async ({ event, request, url }) => markOutbox(await strategyFor(url).handle({ event, request })),
);

registerRoute(
  ({ request, url }) =>
    request.destination === "image" && url.origin === self.location.origin && url.pathname.startsWith("/images/"),
  new CacheFirst({
    cacheName: PHOTO_CACHE.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: PHOTO_CACHE.maxEntries, purgeOnQuotaError: true }),
    ],
  }),
);

// Translation files and place lists (versioned addresses) and the scripts of pages not precached (the back office's).
registerRoute(
  ({ url }) => url.origin === self.location.origin && (url.pathname.startsWith("/locales/") || url.pathname === "/places.json"),
  new StaleWhileRevalidate({ cacheName: "texts", plugins: [new ExpirationPlugin({ maxEntries: 30 })] }),
);

// A page that could not be loaded and was never kept: the offline page in the visitor's language.
setCatchHandler(async ({ request, url }) => {
  if (request.destination !== "document") return Response.error();
  const lang: Lang = url.searchParams.get("lang") === "en" ? "en" : url.searchParams.get("lang") === "ar" ? "ar" : lastLang;
  return (await matchPrecache(OFFLINE_PAGE[lang])) ?? Response.error();
});

// Logout (a post to /logout, with or without JavaScript): the pages kept for this session are deleted before it is sent.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === "POST" && /^\/logout(\.data)?\/?$/.test(url.pathname)) {
    event.respondWith(deletePrivatePages().then(() => fetch(event.request)));
  }
});

/** Deletes every kept page that was answered for this browser's session (marked by keepPages). */
async function deletePrivatePages(): Promise<void> {
  for (const { name } of Object.values(PAGE_CACHES)) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response?.headers.get(PRIVATE_HEADER)) await cache.delete(request);
    }
  }
}

/** True when the page at `url` was kept in the last minute (a page load just kept it: no second download). */
async function keptRecently(url: URL): Promise<boolean> {
  const kept = await caches.match(url.href);
  const savedAt = kept?.headers.get(SAVED_AT_HEADER);
  return savedAt ? Date.now() - Date.parse(savedAt) < 60_000 : false;
}

/**
 * Messages from the pages (app/features/offline/service-worker.ts): `keep-page` keeps a page opened by a client-side navigation
 * (which fetched only its data) as a document too, through the same strategy and limits as a page load.
 */
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type !== "keep-page" || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const connection = (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection;
  if (!self.navigator.onLine || connection?.saveData) return;
  const request = new Request(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
  event.waitUntil(
    keptRecently(url)
      .then((recent) => (recent ? undefined : strategyFor(url).handle({ event, request })))
      .catch(() => undefined),
  );
});

/**
 * The outbox (docs/decisions/023-offline-forms-and-idempotency.md). Every post of the forms in OUTBOX_FORMS
 * (a plain form post, or Remix's `.data` post) goes through here: it is given an idempotency key when it has none
 * (one per submission: the same submission sent again keeps it) and sent on. When the network fails, the post is
 * kept in IndexedDB and the page is loaded again, where app/features/offline/outbox.ts shows it as waiting with its time and a
 * Cancel button; it is sent by Background Sync where the browser has it, else by the page when it loads or when the
 * `online` event fires, once and in order; the server answers a repeat as it answered the first post.
 */
const outbox = createStore(OUTBOX_DB.name, OUTBOX_DB.store);
const scopeStore = createStore(OUTBOX_SCOPE_DB.name, OUTBOX_SCOPE_DB.store);

/**
 * This browser's secret that scopes its keys for the server (decision 046), made once and kept in IndexedDB: sent
 * with every post of the outbox's forms (OUTBOX_SCOPE_HEADER), so that a key is this browser's from its first post,
 * before any answer could set a cookie.
 */
async function scopeHeaders(): Promise<Record<string, string>> {
  let secret = await get<string>("secret", scopeStore).catch(() => undefined);
  if (!secret) {
    secret = crypto.randomUUID();
    await set("secret", secret, scopeStore).catch(() => undefined);
  }
  return { [OUTBOX_SCOPE_HEADER]: secret };
}

/** The path of a post to one of the outbox's forms (without Remix's `.data`), or null. */
function outboxPath(request: Request): string | null {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.origin !== self.location.origin) return null;
  const path = url.pathname.replace(/\.data$/, "").replace(/\/$/, "");
  return path in OUTBOX_FORMS ? path : null;
}

/** Sends a post of an outbox form with its idempotency key; keeps it in the outbox when the network fails. */
async function sendOrKeep(request: Request, path: string): Promise<Response> {
  const type = request.headers.get("Content-Type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  const form = await request.clone().formData();
  if (!form.get(IDEMPOTENCY_FIELD)) form.set(IDEMPOTENCY_FIELD, crypto.randomUUID());
  const body = multipart ? form : toUrlEncoded([...form]);
  const headers = await scopeHeaders();
  try {
    return await fetch(request.url, { method: "POST", body, headers, credentials: "same-origin", redirect: request.redirect });
  } catch {
    const referrer = request.referrer ? new URL(request.referrer) : null;
    const page = referrer && referrer.origin === self.location.origin ? referrer.href : new URL(path, self.location.origin).href;
    const post: OutboxPost = {
      key: String(form.get(IDEMPOTENCY_FIELD)),
      action: new URL(path, self.location.origin).href,
      enctype: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded",
      // The outbox's own mark is added again when it is sent.
      fields: [...form].filter(([name]) => name !== OUTBOX_FIELD),
      at: Date.now(),
      page,
      form: OUTBOX_FORMS[path],
      state: "waiting",
    };
    await set(post.key, post, outbox);
    const sync = (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
    await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
    return request.mode === "navigate" ? Response.redirect(page, 303) : reloadDocumentAnswer(page);
  }
}

function toUrlEncoded(fields: [string, FormDataEntryValue][]): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
  return body;
}

self.addEventListener("fetch", (event) => {
  const path = outboxPath(event.request);
  if (path) event.respondWith(sendOrKeep(event.request, path));
});

/**
 * Background Sync: the waiting posts are sent in order, even with no page of the site open. A post that reached the
 * server is marked `delivered`: the next page sends it again in the open (app/features/offline/outbox.ts) and the server answers
 * as it did the first time, so the user sees the result and nothing is stored twice. A network failure makes the
 * browser try the sync again later.
 */
async function sendOutbox(): Promise<void> {
  const posts = (await values<OutboxPost>(outbox)).sort((a, b) => a.at - b.at);
  for (const post of posts) {
    if (post.state !== "waiting") continue;
    let body: FormData | URLSearchParams = toUrlEncoded(post.fields);
    if (post.enctype === "multipart/form-data") {
      body = new FormData();
      for (const [name, value] of post.fields) body.append(name, value);
    }
    await fetch(post.action, {
      method: "POST",
      body,
      headers: await scopeHeaders(),
      credentials: "same-origin",
      redirect: "manual",
    });
    await set(post.key, { ...post, state: "delivered" } satisfies OutboxPost, outbox);
  }
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "outbox-delivered" });
}

self.addEventListener("sync", (event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
});

/**
 * A page with `data-outbox="N"` on <html> while N posts wait (the page then loads the outbox's code; a page without
 * scripts, as the data saver sends them, gets the script tag itself).
 */
async function markOutbox(response: Response): Promise<Response> {
  const waiting = (await keys(outbox).catch(() => [])).length;
  if (waiting === 0 || !(response.headers.get("Content-Type") ?? "").includes("text/html")) return response;
  let html = (await response.text()).replace(/<html\b/, `<html ${OUTBOX_ATTRIBUTE}="${waiting}"`);
  // A page sent without scripts (the data saver, decision 022) gets the outbox's own script: nothing hydrates there.
  if (!html.includes('type="module"')) html = html.replace(/<\/body>/, '<script src="/outbox.js" defer></script></body>');
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
