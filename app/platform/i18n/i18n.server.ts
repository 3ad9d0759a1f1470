import { parse, serialize } from "cookie";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { LRUCache } from "lru-cache";
import arAccount from "../../../locales/ar/account.json";
import arAdmin from "../../../locales/ar/admin.json";
import arCommon from "../../../locales/ar/common.json";
import arContent from "../../../locales/ar/content.json";
import arForms from "../../../locales/ar/forms.json";
import arOffline from "../../../locales/ar/offline.json";
import arPages from "../../../locales/ar/pages.json";
import enAccount from "../../../locales/en/account.json";
import enAdmin from "../../../locales/en/admin.json";
import enCommon from "../../../locales/en/common.json";
import enContent from "../../../locales/en/content.json";
import enForms from "../../../locales/en/forms.json";
import enOffline from "../../../locales/en/offline.json";
import enPages from "../../../locales/en/pages.json";
import i18n, { toLocale, type Locale } from "~/platform/i18n/i18n";
import type { PageTranslator } from "~/platform/i18n/use-t";
import { queryLang } from "~/platform/forms/queries";

/** Every translation, bundled into the server build (the browser loads its one language from /locales). */
export const resources = {
  ar: {
    common: arCommon,
    pages: arPages,
    account: arAccount,
    forms: arForms,
    admin: arAdmin,
    content: arContent,
    offline: arOffline,
  },
  en: {
    common: enCommon,
    pages: enPages,
    account: enAccount,
    forms: enForms,
    admin: enAdmin,
    content: enContent,
    offline: enOffline,
  },
};

/** Name of the language cookie (stored under `lang`, default ar). */
export const LANG_COOKIE = "lang";

/** The Set-Cookie value that keeps a chosen language for a year (the switcher, and a `?lang=` address). */
export function langCookie(lang: Locale): string {
  return serialize(LANG_COOKIE, lang, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
}

/**
 * The page language: the `lang` query parameter (so each language has its own URL for hreflang and crawlers),
 * read by queryLang (a repeated or unknown `lang` is none), then the `lang` cookie, then Arabic. See
 * docs/decisions/002-language-in-url-and-cookie.md.
 */
export function localeOf(request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> }): Locale {
  const fromQuery = queryLang(new URL(request.url).searchParams);
  if (fromQuery) return fromQuery;
  const cookies = parse(request.headers.get("Cookie") ?? "");
  return toLocale(cookies[LANG_COOKIE]);
}

/** Every namespace, in the order `t` looks a key up. */
const NAMESPACES = ["common", "pages", "account", "forms", "admin", "content", "offline"];

const instances = new Map<Locale, I18n>();

/**
 * The one i18next instance of a language (none per request), made on first use with every namespace from
 * the bundled resources and shared by every request in that language: loaders' `t`, messages and the page render.
 * Nothing changes its language after it is made (the browser has its own instance).
 */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance({ ...i18n, lng: locale, ns: NAMESPACES, resources, initImmediate: false });
    // With the resources given and initImmediate off, init completes before it returns.
    void instance.init();
    memoizeTranslations(instance);
    instances.set(locale, instance);
  }
  return instance;
}

/** How many distinct texts (key and values) each language keeps translated; the least recently used go first. */
const MEMO_TEXTS = 20_000;

/** Characters that separate the parts of a memo key; a call whose strings hold one of them is not memoized. */
const SEPARATORS = /[\u0000-\u0003]/;

/** One value of a memo key, tagged with its kind (so 1 and "1", undefined and "undefined" differ), or null if the value is not plain. */
function keyPart(value: unknown): string | null {
  if (value === undefined) return "u";
  if (value === null) return "n";
  switch (typeof value) {
    case "string":
      return SEPARATORS.test(value) ? null : `s${value}`;
    case "number":
      return `d${value}`;
    case "boolean":
      return value ? "t" : "f";
    default:
      if (!Array.isArray(value)) return null;
      for (const item of value) if (typeof item !== "string" || SEPARATORS.test(item)) return null;
      return `a${value.join("\u0002")}`;
  }
}

/**
 * The memo key of a call `t(key, options)`, or null when the call is not memoized: the key (a string or strings),
 * then each option's name and value. An option given as undefined is kept apart from a missing one ("{{minutes}}"
 * stays or becomes ""). Built by hand: JSON.stringify with a replacer cost a third of the memo's time.
 */
function memoKeyOf(key: unknown, options: unknown): string | null {
  const head = keyPart(key);
  if (head === null || head === "u" || head === "n") return null;
  if (options === undefined) return head;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let memoKey = head;
  for (const [name, value] of Object.entries(options)) {
    const part = keyPart(value);
    if (part === null || SEPARATORS.test(name)) return null;
    memoKey += `\u0001${name}\u0003${part}`;
  }
  return memoKey;
}

/**
 * Keeps the texts an instance's `t` returns (i18next's lookup, fallbacks and interpolation were 10% of a
 * logged-in search page's CPU). The resources never change after start, so `t` with the same key and the same
 * options always returns the same text: a call whose key is a string (or strings) and whose options hold only
 * strings, numbers, booleans, null, undefined or lists of strings is answered from an LRU of MEMO_TEXTS entries per
 * language (memoKeyOf); any other call (objects to interpolate, a function, extra arguments) goes to i18next as
 * before. Everything that translates (`useT` through `pageTranslator`, `getFixedT`, loaders' `t`) goes through
 * `instance.t`.
 */
function memoizeTranslations(instance: I18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const texts = new LRUCache<string, { text: unknown }>({ max: MEMO_TEXTS });
  instance.t = ((...args: unknown[]) => {
    const memoKey = args.length > 2 ? null : memoKeyOf(args[0], args[1]);
    if (memoKey === null) return translate(...args);
    const kept = texts.get(memoKey);
    if (kept) return kept.text;
    const text = translate(...args);
    texts.set(memoKey, { text });
    return text;
  }) as unknown as TFunction;
}

/** A server-side translate function for meta, messages and errors of one request, in the request's language. */
export function getT(request: Request): TFunction {
  return getLocaleT(localeOf(request));
}

/** A translate function for a given language, for texts sent to someone else than the requester (an owner's SMS). */
export function getLocaleT(locale: Locale): TFunction {
  return i18nFor(locale).getFixedT(locale, NAMESPACES);
}

const pageTranslators = new Map<Locale, PageTranslator>();

/**
 * The translator `useT` reads in a server render (entry.server.tsx): the language's one i18next instance, every
 * namespace loaded. One per language, so `useT`'s functions are made once.
 */
export function pageTranslator(locale: Locale): PageTranslator {
  let translator = pageTranslators.get(locale);
  if (!translator) {
    const instance = i18nFor(locale);
    translator = {
      language: locale,
      getFixedT: (lng, ns) => {
        const t = instance.getFixedT(lng ?? locale, ns ?? i18n.defaultNS);
        return (key, options) => String(t(key as string, options));
      },
      hasLoadedNamespace: () => true,
      loadNamespaces: async (_ns, callback) => callback?.(),
    };
    pageTranslators.set(locale, translator);
  }
  return translator;
}
