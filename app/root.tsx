import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { parse } from "./utils/cookies.server";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Dialog } from "./components/Dialogs";
import { AppPopup, Footer, Header, ToastBar } from "./components/Layout";
import { Icon } from "./components/Icon";
import { dirOf } from "./i18n";
import { getT, langCookie, LANG_COOKIE, localeOf } from "./services/i18n.server";
import { getDb } from "./db/db.server";
import { getLookups, placesUrl } from "./models/lookups.server";
import { savedEstateIds } from "./models/saved.server";
import { getCurrentUser } from "./services/auth.server";
import { dialogFor } from "./services/dialog.server";
import { getToast } from "./services/session.server";
import { APP_POPUP_COOKIE } from "./utils/cookies";
import { storeFor } from "./utils/company";
import { localesVersion, publicOrigin } from "./utils/site.server";
import { useNonce } from "./utils/nonce";
import { useRootData } from "./utils/root-data";
import { notFound } from "./utils/page.server";
import { ERROR_STATUSES, errorTextKey, pageMeta } from "./utils/seo";
import styles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const handle = { i18n: ["common", "forms", "account"] };

/** The title and robots tag of the error page: route meta is not used when the root boundary renders (404, 500). */
export const meta = pageMeta;

/** Layout flags a route can set in its handle (spec 2.2). */
export type LayoutHandle = { i18n?: string[]; hideNavbar?: boolean; hideFooter?: boolean };

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const t = await getT(request);
  // "//host/…" is read by browsers as another site: such an address is never a page here (issue 9, open redirect).
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
    /** Listings the user saved (the save toggles of cards, spec 4). */
    savedIds,
    /** The dialog the URL asks for (architecture 6), rendered over any page. */
    dialog,
    // Only the home page's popup shows the store link (and only then does a page depend on the phone: page cache).
    store: url.pathname === "/" && cookies[APP_POPUP_COOKIE] !== "closed" ? storeFor(request.headers.get("User-Agent")) : null,
    localesVersion: localesVersion(),
    /** The fingerprinted place list file of the page language (issue 10, app/utils/places.ts). */
    placesUrl: placesUrl(lookups, locale),
    /** The error page's title per status (pageMeta); other statuses use `error.title`. */
    errorTitles: Object.fromEntries(
      [404, 500, ...ERROR_STATUSES].map((status) => [status, t(errorTextKey(status, "title"))]),
    ) as Record<string, string>,
    // The server's year, so the footer renders the same on the server and in the browser.
    year: new Date().getUTCFullYear(),
  };
  // Only a shown toast needs the session written back (remix-toast commits it on every call).
  const responseHeaders = new Headers(toast ? headers : undefined);
  // A language chosen by the URL (`?lang=en`, from a search engine or hreflang) is kept for the next pages (issue 9).
  const chosen = url.searchParams.get("lang");
  if ((chosen === "ar" || chosen === "en") && cookies[LANG_COOKIE] !== chosen)
    responseHeaders.append("Set-Cookie", langCookie(chosen));
  // A user past the limit of number reveals sees the wait instead of a number (issue 9), with 429.
  return data(payload, { headers: responseHeaders, status: dialog?.kind === "contactLimited" ? 429 : 200 });
}

/** The document shell: <html lang dir> from the page language (spec 4), navbar, footer and toasts (spec 2.2, 2.3). */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const locale = root?.locale ?? (i18n.language === "en" ? "en" : "ar");
  const nonce = useNonce();
  const matches = useMatches();
  const location = useLocation();
  const flags = matches.reduce<LayoutHandle>((acc, m) => ({ ...acc, ...((m.handle as LayoutHandle | undefined) ?? {}) }), {});
  useChangeLanguage(locale);
  return (
    <html lang={locale} dir={dirOf(locale)} data-locales-version={root?.localesVersion} data-places={root?.placesUrl}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6b53" />
        <Meta />
        <Links />
      </head>
      <body className={flags.hideNavbar ? "no-navbar" : undefined}>
        <a href="#main" className="skip-link">
          {i18n.t("nav.skip")}
        </a>
        {flags.hideNavbar ? null : <Header user={root?.user ?? null} />}
        <main id="main" className="content">
          <ToastBar toast={root?.toast} />
          {root?.store && location.pathname === "/" ? <AppPopup store={root.store} /> : null}
          {children}
        </main>
        {root?.dialog ? <Dialog dialog={root.dialog} /> : null}
        {flags.hideFooter ? null : <Footer year={root?.year ?? new Date().getUTCFullYear()} />}
        <ScrollRestoration nonce={nonce} getKey={(l) => (l.pathname === "/officesResult" ? l.pathname : l.key)} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * One error page for every status (style 9, issue 9): its own title and text for 400, 403, 404 (a listing or any
 * page), 405, 413 and 503, a general error otherwise; keeps the navbar and offers search. A post that could not be
 * stored because the database was down (503) comes back with what was typed and a button that sends it again.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const payload = (isRouteErrorResponse(error) && typeof error.data === "object" ? error.data : null) as {
    notFound?: string;
    values?: [string, string][];
  } | null;
  const title = t(errorTextKey(status, "title"));
  const text = t(errorTextKey(status, "text", payload?.notFound));
  const values = status === 503 ? payload?.values : undefined;
  return (
    <section className="page narrow error-page">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      {values && values.length > 0 ? (
        <form method="post" action={`${location.pathname}${location.search}`} className="stack">
          <p>{t("errorPage.503.kept")}</p>
          <ul className="kept-values">
            {values
              .filter(([name, value]) => value !== "" && !name.startsWith("_") && !HIDDEN_FIELD.test(name))
              .map(([name, value], index) => (
                <li key={`${name}-${index}`} dir="auto">
                  {value}
                </li>
              ))}
          </ul>
          {values.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button-primary">
            {t("errorPage.503.resend")}
          </button>
        </form>
      ) : null}
      <div className="button-row">
        {status === 503 && !values?.length ? (
          <a href={`${location.pathname}${location.search}`} className="button button-primary">
            {t("errorPage.503.reload")}
          </a>
        ) : null}
        <Link to="/" className={status === 503 ? "button" : "button button-primary"}>
          {t("notFound.home")}
        </Link>
        <Link to="/advanced-search" className="button">
          <Icon name="search" /> {t("notFound.search")}
        </Link>
      </div>
    </section>
  );
}

/** Fields of a kept post that are not shown (ids, the honeypot, intents): they are still sent again. */
const HIDDEN_FIELD = /(^|_)(id|intent|redirectTo|version)$|^name__/;
