import { parse, serialize } from "cookie";

/**
 * The data saver (docs/decisions/022-data-saver.md): when it is on, pages send listing and article photos at
 * the small size only (400 px WebP), one photo per photo strip, and no JavaScript on pages whose forms do not need it.
 * It is on when the visitor chose it in the footer (the `save_data` cookie) or, without a choice, when the browser
 * asks for less data with the `Save-Data: on` request header (Client Hints, https://wicg.github.io/savedata/).
 * The visitor's choice wins over the header both ways: `save_data=off` turns it off on a browser that sends the header.
 */

/** Name of the cookie that keeps the visitor's choice: `on` or `off` (any other value is no choice). */
export const SAVE_DATA_COOKIE = "save_data";

/** How long the choice is kept: a year, in seconds (as the language). */
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * The data saver of one request, as pages and the footer need it: `null` when it is off (by default, or turned off
 * by the visitor), `"on"` when the visitor turned it on, `"browser"` when it is on because the browser sends
 * `Save-Data: on` and the visitor has not chosen. Off is `null` so that the browser's code tests it with a plain `if`.
 */
export type DataSaverMode = "on" | "browser" | null;

/**
 * True when `request` carries `Save-Data: on`. The header's value is a token list (`on`, possibly followed by
 * `;`-separated parameters, WICG Save Data 2.1); the first token is compared without regard to case and spaces.
 */
export function browserSavesData(request: { headers: Pick<Headers, "get"> }): boolean {
  const value = request.headers.get("Save-Data");
  return value !== null && value.split(";")[0].trim().toLowerCase() === "on";
}

/** The visitor's own choice from the `save_data` cookie of `request`: "on", "off", or null when there is none. */
export function savedChoice(request: { headers: Pick<Headers, "get"> }): "on" | "off" | null {
  const value = parse(request.headers.get("Cookie") ?? "")[SAVE_DATA_COOKIE];
  return value === "on" || value === "off" ? value : null;
}

/**
 * The data saver's mode for `request` (see DataSaverMode): the `save_data` cookie when it says `on` or `off`, else
 * `"browser"` when the request carries `Save-Data: on`, else off (null). Used by the root loader (what components
 * show), the document renderer (scripts) and the page cache (its key), so all three always agree.
 */
export function dataSaverOf(request: { headers: Pick<Headers, "get"> }): DataSaverMode {
  const choice = savedChoice(request);
  if (choice) return choice === "on" ? "on" : null;
  return browserSavesData(request) ? "browser" : null;
}

/**
 * The Set-Cookie value for the visitor's `choice` posted from the footer (app/routes/data-saver-switch.tsx): `on` is kept
 * for a year; `off` too when the browser sends `Save-Data: on` (the choice must override the header), otherwise the
 * cookie is deleted, since off is what a visitor without the cookie gets, and a visitor without cookies may be
 * served from the page cache and a CDN. Path `/`, SameSite=Lax, readable by scripts (it holds nothing secret), like
 * the language cookie (app/platform/i18n/i18n.server.ts langCookie).
 */
export function dataSaverCookie(choice: "on" | "off", request: Request): string {
  if (choice === "off" && !browserSavesData(request))
    return serialize(SAVE_DATA_COOKIE, "", { path: "/", maxAge: 0, sameSite: "lax" });
  return serialize(SAVE_DATA_COOKIE, choice, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax" });
}

/**
 * Route ids (Remix's, as in `app/routes/<file>` without the extension) of the pages that keep their JavaScript with
 * the data saver on, because their forms use it: drafts kept in the browser and checked before sending (the four
 * visitors' forms), the account forms (phone field, captcha, validation), the profile (forgets a sent form's draft) and its account pages (name, password, number, sessions, deletion)
 * and its post editor (photo uploads and order), the saved-search forms, and the back office (`routes/admin`, the layout route of every
 * back-office page, so one of the matches of each). Every
 * other page (home, search results, listings, offices, articles, static pages, error pages) is read, not filled in,
 * and is sent without scripts: its links and its plain forms (search, report, save, the footer's) work without them.
 * tests/data-saver.test.ts checks that every route module using the form hooks is listed.
 */
export const ROUTES_WITH_FORM_SCRIPTS: readonly string[] = [
  "routes/new-estate",
  "routes/consultation",
  "routes/call-us",
  "routes/create-real-estate-request",
  "routes/login",
  "routes/confirm",
  "routes/ac",
  "routes/forgot-password",
  "routes/rp",
  "routes/profile",
  "routes/profile_.delete",
  "routes/profile_.name",
  "routes/profile_.password",
  "routes/profile_.phone",
  "routes/profile_.sessions",
  "routes/profile_.posts.$id",
  "routes/save-search",
  "routes/saved-searches.$id",
  "routes/admin",
];

/**
 * True when a page made of the route ids `routeIds` (its matched routes, root first) keeps its scripts with the data
 * saver on: one of them is in ROUTES_WITH_FORM_SCRIPTS.
 */
export function keepsScripts(routeIds: readonly string[]): boolean {
  return routeIds.some((id) => ROUTES_WITH_FORM_SCRIPTS.includes(id));
}

/**
 * `html`, a document rendered by app/entry.server.tsx, without the JavaScript Remix puts in it: every
 * `<link rel="modulepreload">` and every `<script>` element (Remix's context and module scripts, the scroll
 * restoration and the single-fetch data scripts), except JSON-LD (`type="application/ld+json"`, data for search
 * engines, never run). Remix's `<Scripts/>` has no switch, and deciding in app/root.tsx would add code to every
 * page's JavaScript (the 90 KB budget of decision 014); this runs on the server only. The document's own text cannot hold a
 * `<script` or `</script>`: React escapes text and attributes, and Remix and our JSON-LD escape `<` inside scripts.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "")
    .replace(/<script\b(?![^>]*\btype="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, "");
}
