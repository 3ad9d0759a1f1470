import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import { company } from "~/platform/config/company";
import { Icon } from "~/platform/ui/Icon";

/** The eight menu links, in order, then "Post your property" (decision 087; in the drawer, the bar has its button). */
export const MENU = [
  { to: "/", key: "nav.home" },
  { to: "/vacation-properties", key: "nav.vacation" },
  { to: "/rent-properties", key: "nav.rent" },
  { to: "/user-order", key: "nav.userOrders" },
  { to: "/offices", key: "nav.offices" },
  { to: "/consultation", key: "nav.consultation" },
  { to: "/articals", key: "nav.articles" },
  { to: "/call-us", key: "nav.contact" },
  { to: "/new-estate", key: "nav.post" },
] as const;

/** The language switcher: a form that posts `lang` and comes back to the same page, with or without JavaScript. */
export function LanguageSwitcher() {
  const { t, lang } = useT();
  const location = useLocation();
  const other = lang === "en" ? "ar" : "en";
  const params = new URLSearchParams(location.search);
  params.delete("lang");
  const query = params.toString();
  return (
    <Form method="post" action="/language" className="lang-form" reloadDocument>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${query ? `?${query}` : ""}`} />
      <button type="submit" name="lang" value={other} className="lang-button" lang={other}>
        <Icon name="globe" /> {t("nav.otherLanguage")}
      </button>
    </Form>
  );
}

/**
 * The navbar: a <header> whose <nav> holds the menu's links and the language switcher, then "Post your property"
 * and the login button. On phones the links are a side drawer opened by a checkbox toggle, so it works without JavaScript.
 */
export function Header({ user }: { user: { first_name: string; admin?: boolean } | null }) {
  const { t } = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.key]);
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <input
          type="checkbox"
          id="drawer-toggle"
          className="drawer-toggle visually-hidden"
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
          aria-controls="main-menu"
          aria-label={t("nav.menu")}
        />
        {/* The checkbox is the control keyboards and screen readers use; its labels are for pointers only. */}
        <label htmlFor="drawer-toggle" className="icon-button drawer-open" aria-hidden="true" title={t("nav.menu")}>
          <Icon name="menu" />
        </label>
        <Link to="/" className="brand" aria-label={t("nav.homeAria")}>
          <span className="brand-mark" aria-hidden="true">
            <Icon name="building" />
          </span>
          <span className="brand-name">{t("brand")}</span>
        </Link>
        {/* A click target over the page that closes the menu; hidden from assistive technology (the button is the control). */}
        {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
        <label htmlFor="drawer-toggle" className="drawer-backdrop" aria-hidden="true" />
        <nav className="menu-nav" aria-label={t("nav.mainMenu")}>
          <div id="main-menu" className="menu">
            <div className="menu-head">
              <span className="brand-name">{t("brand")}</span>
              <label htmlFor="drawer-toggle" className="icon-button" aria-hidden="true" title={t("nav.closeMenu")}>
                <Icon name="close" />
              </label>
            </div>
            <ul>
              {MENU.map((item) => (
                <li key={item.to} className={item.to === "/new-estate" ? "menu-post" : undefined}>
                  <NavLink to={item.to} end={item.to === "/"}>
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
          <LanguageSwitcher />
        </nav>
        <div className="navbar-actions">
          {/* Posting is one tap from every page (decision 087): a short word on phones, the whole phrase on wider screens. */}
          <Link
            to="/new-estate"
            className="button button-primary button-small post-button"
            aria-label={t("nav.post")}
            title={t("nav.post")}
          >
            <Icon name="key" /> <span className="post-short">{t("nav.postShort")}</span>
            <span className="post-long">{t("nav.post")}</span>
          </Link>
          {user ? (
            <AccountMenu firstName={user.first_name} admin={user.admin} />
          ) : (
            <Link
              to="/login"
              className="button button-primary button-small login-button"

              aria-label={t("nav.login")}
            >
              <Icon name="user" /> <span>{t("nav.login")}</span>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The account menu of a logged-in user (profile menu, logout): a <details> disclosure, so it opens without
 * JavaScript; Logout is a POST form. Closes itself on navigation when JavaScript runs.
 */
export function AccountMenu({ firstName, admin = false }: { firstName: string; admin?: boolean }) {
  const { t } = useT();
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details className="account-menu" ref={ref}>
      <summary className="button button-small account-summary" aria-label={`${t("nav.account")}: ${firstName}`}>
        <Icon name="user" /> <span className="account-name">{firstName}</span>
      </summary>
      <ul className="account-list">
        <li>
          <Link to="/profile">
            <Icon name="user" /> {t("nav.profile")}
          </Link>
        </li>
        {admin ? (
          <li>
            {/* A full load: the back office's texts are a namespace of their own, loaded with its first page. */}
            <Link to="/admin" reloadDocument>
              <Icon name="building" /> {t("nav.backOffice")}
            </Link>
          </li>
        ) : null}
        <li>
          <Form method="post" action="/logout">
            <button type="submit">
              <Icon name="logout" /> {t("nav.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

/** The footer: links, address map link, phone and e-mail, social links, store badges and copyright. */
export function Footer({ year }: { year: number }) {
  const { t } = useT();
  const links = [
    { to: "/", key: "footer.home" },
    { to: "/offices", key: "footer.offices" },
    { to: "/articals", key: "footer.articles" },
    { to: "/who-us", key: "footer.whoUs" },
    { to: "/call-us", key: "footer.contact" },
    { to: "/privacy-policy", key: "footer.privacy" },
    { to: "/company-profile/", key: "footer.companyProfile" },
    { to: "/consultation", key: "footer.consultation" },
  ];
  return (
    <footer className="footer">
      <div className="footer-inner">
        <section className="footer-about">
          <p className="brand-name">{t("brand")}</p>
          <p>{t("footer.tagline")}</p>
          <StoreBadges />
        </section>
        <nav aria-label={t("footer.linksTitle")} className="footer-links">
          <h2>{t("footer.linksTitle")}</h2>
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="footer-contact">
          <h2>{t("footer.contactTitle")}</h2>
          <ul>
            <li>
              <a href={company.mapUrl} rel="noopener" target="_blank">
                <Icon name="map" /> {t("footer.address")}
              </a>
            </li>
            <li>
              <a href={`tel:${company.phone}`}>
                <Icon name="phone" /> <bdi dir="ltr">{company.phone}</bdi>
              </a>
            </li>
            <li>
              <a href={`mailto:${company.email}`}>
                <Icon name="mail" /> <bdi dir="ltr">{company.email}</bdi>
              </a>
            </li>
          </ul>
          <ul className="social">
            <li>
              <a href={company.social.linkedin} rel="noopener" target="_blank" aria-label="LinkedIn">
                <Icon name="linkedin" />
              </a>
            </li>
            <li>
              <a href={company.social.facebook} rel="noopener" target="_blank" aria-label="Facebook">
                <Icon name="facebook" />
              </a>
            </li>
            <li>
              <a href={company.social.instagram} rel="noopener" target="_blank" aria-label="Instagram">
                <Icon name="instagram" />
              </a>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}

/** Android and iOS store badges. */
export function StoreBadges() {
  const { t } = useT();
  return (
    <div className="store-badges">
      <a href={company.stores.android} className="store-badge" rel="noopener" target="_blank">
        <Icon name="play" />
        <span>
          <small>{t("stores.androidSmall")}</small>
          <strong>Google Play</strong>
        </span>
      </a>
      <a href={company.stores.ios} className="store-badge" rel="noopener" target="_blank">
        <Icon name="apple" />
        <span>
          <small>{t("stores.iosSmall")}</small>
          <strong>App Store</strong>
        </span>
      </a>
    </div>
  );
}

type Toast = { message: string; type: "info" | "success" | "error" | "warning" };

/**
 * The flash toast of the session: a live region at the top of the content, closed by a
 * CSS-only button without JavaScript and after 5 seconds with it.
 */
export function ToastBar({ toast }: { toast: Toast | null | undefined }) {
  const { t } = useT();
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!toast) return;
    const timer = setTimeout(() => setHidden(true), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || hidden) return null;
  const isError = toast.type === "error" || toast.type === "warning";
  return (
    <div className="toast-wrap">
      <input type="checkbox" id="toast-close" className="visually-hidden toast-toggle" />
      <div className={`toast toast-${toast.type}`} role={isError ? "alert" : "status"}>
        <Icon name={isError ? "alert" : "check"} />
        <p>{toast.message}</p>
        <label htmlFor="toast-close" className="icon-button" aria-label={t("toast.close")}>
          <Icon name="close" />
        </label>
      </div>
    </div>
  );
}

/**
 * The app-download popup: home page only; the store follows the visitor's platform (decided on the
 * server from the User-Agent); closing is a POST that sets a cookie, so it works without JavaScript and is remembered.
 */
export function AppPopup({ store }: { store: { platform: "android" | "ios"; url: string } }) {
  const { t } = useT();
  return (
    <aside className="app-popup" aria-labelledby="app-popup-title">
      <span className="brand-mark" aria-hidden="true">
        <Icon name="building" />
      </span>
      <div className="app-popup-text">
        <p id="app-popup-title" className="app-popup-title">
          {t("popup.title")}
        </p>
        <p>{t("popup.text")}</p>
      </div>
      <a
        href={store.url}
        className="button button-primary button-small"
        rel="noopener"
        target="_blank"
        data-platform={store.platform}
      >
        <Icon name={store.platform === "ios" ? "apple" : "play"} /> {t(store.platform === "ios" ? "popup.ios" : "popup.android")}
      </a>
      <Form method="post" action="/app-popup" reloadDocument className="app-popup-close">
        <input type="hidden" name="redirectTo" value="/" />
        <button type="submit" className="icon-button" aria-label={t("popup.close")}>
          <Icon name="close" />
        </button>
      </Form>
    </aside>
  );
}
