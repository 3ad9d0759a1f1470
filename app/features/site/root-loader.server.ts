import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { getLookups, placesUrl } from "~/features/places/lookups.server";
import { savedEstateIds } from "~/features/listings/saved.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { dataSaverOf } from "~/features/site/data-saver.server";
import { DIALOG_PARAMS, dialogFor } from "~/features/site/dialog.server";
import { getT, langCookie, LANG_COOKIE, localeOf } from "~/platform/i18n/i18n.server";
import { getToast } from "~/platform/http/session.server";
import { storeFor } from "~/platform/config/company";
import { APP_POPUP_COOKIE } from "~/platform/http/cookies";
import { parse } from "~/platform/http/cookies.server";
import { getEnv } from "~/platform/config/env.server";
import { notFound } from "~/platform/http/page.server";
import { queryLang } from "~/platform/forms/queries";
import { ERROR_STATUSES, errorTextKey } from "~/platform/http/seo";
import { localesVersion, publicOrigin } from "~/platform/http/site.server";

/**
 * The query parameters every page reads (decision 045): the page language (`?lang=`, decision 002) and the dialog (`?dialog=`).
 * A page's own are its route module's `queryParams`.
 */
export const queryParams = ["lang", ...DIALOG_PARAMS];

/**
 * The root route's loader (app/root.tsx re-exports it; kept here so that the browser's root module imports one server
 * module instead of a dozen): the page language, the user, the toast, the dialog the URL asks for, the place list's
 * address and the error titles. Throws the 404 page for a path starting with "//" (an open-redirect trick).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = await getT(request);
  // "//host/…" is read by browsers as another site: such an address is never a page here (open redirect).
  if (new URL(request.url).pathname.startsWith("//")) notFound("page", t("notFound.title"));
  const [{ toast, headers }, user] = await Promise.all([getToast(request), getCurrentUser(request)]);
  const db = await getDb();
  const origin = publicOrigin(request);
  const [savedIds, dialog, lookups] = await Promise.all([
    user ? savedEstateIds(db, user.id) : Promise.resolve([]),
    dialogFor(request, db, user, locale, origin),
    getLookups(db),
  ]);
  const url = new URL(request.url);
  const cookies = parse(request.headers.get("Cookie") ?? "");
  const payload = {
    locale,
    origin,
    siteName: t("brand"),
    toast: toast ?? null,
    /** The logged-in user (navbar account menu), or null for a visitor. */
    user: user ? { first_name: user.first_name, admin: user.role === "admin" } : null,
    /** Listings the user saved (the save toggles of cards). */
    savedIds,
    /** The dialog the URL asks for, rendered over any page. */
    dialog,
    // Only the home page's popup shows the store link (and only then does a page depend on the phone: page cache).
    store: url.pathname === "/" && cookies[APP_POPUP_COOKIE] !== "closed" ? storeFor(request.headers.get("User-Agent")) : null,
    localesVersion: localesVersion(),
    /** The fingerprinted place list file of the page language (app/features/places/places.ts). */
    placesUrl: placesUrl(lookups, locale),
    /** The error page's title per status (pageMeta); other statuses use `error.title`. */
    errorTitles: Object.fromEntries(
      // 409 (a form still being sent) brings its own title (features/forms/idempotency.server.ts): one text less on every page.
      [404, 500, ...ERROR_STATUSES.filter((status) => status !== 409)].map((status) => [
        status,
        t(errorTextKey(status, "title")),
      ]),
    ) as Record<string, string>,
    // The server's year, so the footer renders the same on the server and in the browser.
    year: new Date().getUTCFullYear(),
    /** The data saver (decision 022): null when off, "on" (chosen) or "browser" (`Save-Data: on`). */
    dataSaver: dataSaverOf(request),
    /** Whether pages register the service worker (`SERVICE_WORKER=off` is the kill switch). */
    serviceWorker: getEnv().SERVICE_WORKER === "on",
  };
  // Only a shown toast needs the session written back (remix-toast commits it on every call).
  const responseHeaders = new Headers(toast ? headers : undefined);
  // A language chosen by the URL (`?lang=en`, from a search engine or hreflang) is kept for the next pages.
  const chosen = queryLang(url.searchParams);
  if (chosen && cookies[LANG_COOKIE] !== chosen) responseHeaders.append("Set-Cookie", langCookie(chosen));
  // A user past the limit of number reveals sees the wait instead of a number, with 429.
  return data(payload, { headers: responseHeaders, status: dialog?.kind === "contactLimited" ? 429 : 200 });
}
