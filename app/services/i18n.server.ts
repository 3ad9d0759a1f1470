import { parse, serialize } from "cookie";
import { RemixI18Next } from "remix-i18next/server";
import arAccount from "../../locales/ar/account.json";
import arAdmin from "../../locales/ar/admin.json";
import arCommon from "../../locales/ar/common.json";
import arContent from "../../locales/ar/content.json";
import arForms from "../../locales/ar/forms.json";
import arPages from "../../locales/ar/pages.json";
import enAccount from "../../locales/en/account.json";
import enAdmin from "../../locales/en/admin.json";
import enCommon from "../../locales/en/common.json";
import enContent from "../../locales/en/content.json";
import enForms from "../../locales/en/forms.json";
import enPages from "../../locales/en/pages.json";
import i18n, { toLocale, type Locale } from "~/i18n";

/** Every translation, bundled into the server build (the browser loads its one language from /locales). */
export const resources = {
  ar: { common: arCommon, pages: arPages, account: arAccount, forms: arForms, admin: arAdmin, content: arContent },
  en: { common: enCommon, pages: enPages, account: enAccount, forms: enForms, admin: enAdmin, content: enContent },
};

/** Name of the language cookie (spec 4: stored under `lang`, default ar). */
export const LANG_COOKIE = "lang";

/** The Set-Cookie value that keeps a chosen language for a year (the switcher, and a `?lang=` address; issue 9). */
export function langCookie(lang: Locale): string {
  return serialize(LANG_COOKIE, lang, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
}

/**
 * The page language: the `lang` query parameter (so each language has its own URL for hreflang and crawlers),
 * then the `lang` cookie, then Arabic. See docs/decisions/002-language-in-url-and-cookie.md.
 */
export function localeOf(request: Request): Locale {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("lang");
  if (fromQuery === "ar" || fromQuery === "en") return fromQuery;
  const cookies = parse(request.headers.get("Cookie") ?? "");
  return toLocale(cookies[LANG_COOKIE]);
}

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: i18n.supportedLngs,
    fallbackLanguage: i18n.fallbackLng,
    order: ["custom"],
    findLocale: async (request) => localeOf(request),
  },
  i18next: { ...i18n, resources },
});

export default i18next;

/** A server-side translate function for meta, messages and errors of one request. */
export function getT(request: Request) {
  return i18next.getFixedT(localeOf(request), ["common", "pages", "account", "forms", "admin", "content"]);
}

/** A translate function for a given language, for texts sent to someone else than the requester (an owner's SMS). */
export function getLocaleT(locale: Locale) {
  return i18next.getFixedT(locale, ["common", "pages", "account", "forms", "admin", "content"]);
}
