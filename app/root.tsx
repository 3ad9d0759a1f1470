import type { LinksFunction } from "@remix-run/node";
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
import { lazy, Suspense } from "react";
import { useReloadOnLanguageChange, useT } from "~/platform/i18n/use-t";
import { AppPopup, Footer, Header, ToastBar } from "./features/site/Layout";
import { Icon } from "./platform/ui/Icon";
import { dirOf } from "./platform/i18n/i18n";
import { useKeepPagesOffline, useReloadWhenOffline } from "./features/offline/service-worker";
import { useNonce } from "./platform/http/nonce";
import { useRootData } from "./platform/ui/root-data";
import { errorTextKey, pageMeta } from "./platform/http/seo";
import styles from "./styles/app.css";

/** The open dialog, in a script of its own that only a page with a dialog loads (the 90 KB JavaScript budget of decision 014). */
const Dialog = lazy(() => import("./features/site/Dialogs").then((module) => ({ default: module.Dialog })));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const handle = { i18n: ["common", "forms", "account"] };

/** The title and robots tag of the error page: route meta is not used when the root boundary renders (404, 500). */
export const meta = pageMeta;

/** Layout flags a route can set in its handle. */
export type LayoutHandle = { i18n?: string[]; hideNavbar?: boolean; hideFooter?: boolean };

/** The root loader (locale, user, toast, dialog…) and the query parameters it reads: app/features/site/root-loader.server.ts. */
export { loader, queryParams } from "./features/site/root-loader.server";

/** The document shell: <html lang dir> from the page language, navbar, footer and toasts. */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { t, lang } = useT();
  const locale = root?.locale ?? lang;
  const nonce = useNonce();
  const matches = useMatches();
  const location = useLocation();
  const flags = matches.reduce<LayoutHandle>((acc, m) => ({ ...acc, ...((m.handle as LayoutHandle | undefined) ?? {}) }), {});
  useReloadOnLanguageChange(locale);
  return (
    <html
      lang={locale}
      dir={dirOf(locale)}
      data-locales-version={root?.localesVersion}
      data-places={root?.placesUrl}
      data-sw={root ? (root.serviceWorker ? "on" : "off") : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6b53" />
        <Meta />
        <Links />
      </head>
      <body className={flags.hideNavbar ? "no-navbar" : undefined}>
        <a href="#main" className="skip-link">
          {t("nav.skip")}
        </a>
        {flags.hideNavbar ? null : <Header user={root?.user ?? null} />}
        <main id="main" className="content">
          <ToastBar toast={root?.toast} />
          {root?.store && location.pathname === "/" ? <AppPopup store={root.store} /> : null}
          {children}
        </main>
        {root?.dialog ? (
          <Suspense fallback={null}>
            <Dialog dialog={root.dialog} />
          </Suspense>
        ) : null}
        {flags.hideFooter ? null : <Footer year={root?.year ?? new Date().getUTCFullYear()} />}
        <ScrollRestoration nonce={nonce} getKey={(l) => (l.pathname === "/officesResult" ? l.pathname : l.key)} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useKeepPagesOffline();
  return <Outlet />;
}

/**
 * One error page for every status: its own title and text for 400, 403, 404 (a listing or any
 * page), 405, 413 and 503, a general error otherwise; keeps the navbar and offers search. A post that could not be
 * stored because the database was down (503) comes back with what was typed and a button that sends it again.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  useReloadWhenOffline();
  const { t } = useT();
  const location = useLocation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const payload = (isRouteErrorResponse(error) && typeof error.data === "object" ? error.data : null) as {
    notFound?: string;
    values?: [string, string][];
    busy?: true;
  } | null;
  // A page the render pool shed (decision 077) is kept and sent to every shed request: rendered from `/`, it names no
  // visitor's page, so it offers no reload link of its own and says to reload instead.
  const busy = status === 503 && payload?.busy === true;
  const title = t(errorTextKey(status, "title"));
  const text = busy ? t("errorPage.503.busy") : t(errorTextKey(status, "text", payload?.notFound));
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
        {status === 503 && !busy && !values?.length ? (
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
