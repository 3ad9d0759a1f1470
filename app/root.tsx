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
  useRouteLoaderData,
} from "@remix-run/react";
import { parse } from "cookie";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Dialog } from "./components/Dialogs";
import { AppPopup, Footer, Header, ToastBar } from "./components/Layout";
import { Icon } from "./components/Icon";
import { dirOf } from "./i18n";
import { getT, localeOf } from "./services/i18n.server";
import { getDb } from "./db/db.server";
import { savedEstateIds } from "./models/post.server";
import { getCurrentUser } from "./services/auth.server";
import { dialogFor, type DialogData } from "./services/dialog.server";
import { getToast } from "./services/session.server";
import { APP_POPUP_COOKIE } from "./utils/cookies";
import { storeFor } from "./utils/company";
import { localesVersion, publicOrigin } from "./utils/site.server";
import { useNonce } from "./utils/nonce";
import { pageMeta } from "./utils/seo";
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
  const [{ toast, headers }, user] = await Promise.all([getToast(request), getCurrentUser(request)]);
  const db = await getDb();
  const origin = publicOrigin(request);
  const [savedIds, dialog] = await Promise.all([
    user ? savedEstateIds(db, user.id) : Promise.resolve([]),
    dialogFor(request, db, user, locale, origin),
  ]);
  const url = new URL(request.url);
  const cookies = parse(request.headers.get("Cookie") ?? "");
  const payload: RootLoaderData = {
    locale,
    origin,
    siteName: t("brand"),
    toast: toast ?? null,
    user: user ? { first_name: user.first_name, admin: user.role === "admin" } : null,
    savedIds,
    dialog,
    showAppPopup: url.pathname === "/" && cookies[APP_POPUP_COOKIE] !== "closed",
    store: storeFor(request.headers.get("User-Agent")),
    localesVersion: localesVersion(),
    errorTitles: { notFound: t("notFound.title"), error: t("error.title") },
    // The server's year, so the footer renders the same on the server and in the browser.
    year: new Date().getUTCFullYear(),
  };
  // Only a shown toast needs the session written back (remix-toast commits it on every call).
  return data(payload, toast ? { headers } : undefined);
}

export type RootLoaderData = {
  locale: "ar" | "en";
  origin: string;
  siteName: string;
  toast: { message: string; type: "info" | "success" | "error" | "warning" } | null;
  /** The logged-in user (navbar account menu), or null for a visitor. */
  user: { first_name: string; admin: boolean } | null;
  /** Listings the user saved (the save toggles of cards, spec 4). */
  savedIds: number[];
  /** The dialog the URL asks for (architecture 6), rendered over any page. */
  dialog: DialogData | null;
  showAppPopup: boolean;
  store: { platform: "android" | "ios"; url: string };
  localesVersion: string;
  errorTitles: { notFound: string; error: string };
  year: number;
};

/** The document shell: <html lang dir> from the page language (spec 4), navbar, footer and toasts (spec 2.2, 2.3). */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const { i18n } = useTranslation();
  const locale = root?.locale ?? (i18n.language === "en" ? "en" : "ar");
  const nonce = useNonce();
  const matches = useMatches();
  const location = useLocation();
  const flags = matches.reduce<LayoutHandle>((acc, m) => ({ ...acc, ...((m.handle as LayoutHandle | undefined) ?? {}) }), {});
  useChangeLanguage(locale);
  return (
    <html lang={locale} dir={dirOf(locale)} data-locales-version={root?.localesVersion}>
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
          {root?.showAppPopup && location.pathname === "/" ? <AppPopup store={root.store} /> : null}
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

/** One error page for every status (style 9): not found with 404, a general error otherwise; keeps the navbar and offers search. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="page narrow error-page">
      <p className="error-code" aria-hidden="true">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1>{notFound ? t("notFound.title") : t("error.title")}</h1>
      <p>{notFound ? t("notFound.text") : t("error.text")}</p>
      <div className="button-row">
        <Link to="/" className="button button-primary">
          {t("notFound.home")}
        </Link>
        <Link to="/advanced-search" className="button">
          <Icon name="search" /> {t("notFound.search")}
        </Link>
      </div>
    </section>
  );
}
