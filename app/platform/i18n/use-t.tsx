import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";
import { toLocale, type Locale } from "./i18n";

/**
 * Our own translation hook (decision 069): components read texts through `useT`, from a translator given by
 * `TranslatorProvider`: on the server the page language's i18next instance (app/platform/i18n/i18n.server.ts, through
 * `fromI18next`), in the browser the small translator of app/platform/i18n/translator.ts. Neither is cast to the
 * other's type: this file names the four things a page needs of a translator.
 */

/** A translate function: `t(key, options?)`; every option is also a {{placeholder}} value. */
export type TranslateFunction = (key: unknown, options?: Record<string, unknown>) => string;

/** What a page needs of a translator, on the server and in the browser. */
export type PageTranslator = {
  /** The page language ("ar" or "en"). */
  language: string;
  /** A translate function of `lng` (null: the page language) over namespaces `ns` (the first tried first). */
  getFixedT(lng: string | null, ns?: string | readonly string[] | null): TranslateFunction;
  /** Whether `ns`, and every namespace the routes on screen ask for, is loaded in the page language. */
  hasLoadedNamespace(ns: string): boolean;
  /** Loads `ns` and the routes' namespaces, then calls `callback` (never rejects: a failure is logged). */
  loadNamespaces(ns: string, callback?: () => void): Promise<void>;
};

const TranslatorContext = createContext<PageTranslator | null>(null);

/** Gives `translator` to every `useT` below. */
export function TranslatorProvider({ translator, children }: { translator: PageTranslator; children?: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** The context itself, for a subtree rendered on its own (the card cache copies it, decision 033). */
export { TranslatorContext };

/** What `useT` gives: `t` over the namespace asked for (keys of other namespaces as `ns:key`) and the page language. */
export type T = { t: TranslateFunction; lang: Locale };

/**
 * The page's texts for a component: `t` looks keys up in namespace `ns` (default "common"), `lang` is the page
 * language. After a client-side navigation to a route whose namespaces are not loaded yet, `t` gives the keys until
 * the files are in, then the component renders again (as react-i18next's `useTranslation` without suspense did).
 * Throws when no `TranslatorProvider` is above (a programming error: entry.server.tsx and entry.client.tsx give one).
 */
export function useT(ns = "common"): T {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useT needs a TranslatorProvider above it");
  const [loads, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = translator.hasLoadedNamespace(ns);
  useEffect(() => {
    if (!ready) void translator.loadNamespaces(ns, loaded);
  }, [ready, translator, ns]);
  // A new function once the files are in, so memoized children that take `t` render again.
  const t = useMemo(() => translator.getFixedT(null, ns), [translator, ns, loads]); // eslint-disable-line react-hooks/exhaustive-deps
  return { t, lang: toLocale(translator.language) };
}

/**
 * Reloads the page when the root loader answers in another language than the page's (the language chosen in another
 * tab, or a `?lang=` address followed in the browser): the server renders it in that language, `<html lang dir>`
 * included (decision 002). Nothing happens on the server.
 */
export function useReloadOnLanguageChange(locale: string): void {
  const translator = useContext(TranslatorContext);
  useEffect(() => {
    if (translator && locale !== translator.language) location.reload();
  }, [locale, translator]);
}
