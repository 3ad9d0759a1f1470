/**
 * The browser's translator (issue 10, decision 020): the small part of an i18next instance that react-i18next's
 * `I18nextProvider` and `useTranslation`, and remix-i18next's `useChangeLanguage`, use, with the part of i18next's
 * `t` that our locale files and code use. The server keeps i18next (app/services/i18n.server.ts); the browser's
 * output must be the server's, character for character, or hydration breaks: tests/translator.test.ts compares the
 * two for every key of every namespace in both languages.
 *
 * What `t(key, options)` does (the rules of i18next 23.16, Translator.translate / resolve / Interpolator):
 * - `ns:key`: the text of `key` in namespace `ns` (nsSeparator ":"); without a prefix, the namespaces of the
 *   function (`getFixedT(lng, ns)`, `options.ns`) else the default namespace, tried in order. As in i18next, a key
 *   that reads like a sentence (a space, `,`, `?`, `!` or `;` before its first ".") is not split at ":".
 * - `a.b.c`: a path into the nested JSON (keySeparator ".").
 * - `count` (a number): the plural form `key_<category>` of Intl.PluralRules of the language (Arabic has zero, one,
 *   two, few, many and other), `key_zero` first when count is 0, then the key itself. A count given as a string
 *   (from a URL) is text, as in i18next.
 * - `defaultValue` (or a string as the second argument): the text when the key is missing.
 * - A missing key gives the key (without its `ns:` prefix).
 * - `{{name}}`: the option `name`, made a string (null → ""); an option given as undefined → ""; a name not given
 *   at all stays written as it is. Values are inserted as they are (escapeValue false, app/i18n.ts: React escapes)
 *   and are not read again for placeholders.
 * - A key whose text is an object or array gives i18next's "key '… (lng)' returned an object instead of string.".
 * Not supported, because nothing of ours uses them (tests/translator.test.ts checks the locale files for them):
 * `{{name, format}}`, `{{- name}}`, `{{a.b}}` paths, `$t(…)` nesting, `context`, `ordinal`, `returnObjects` (throws;
 * only the server's static pages use it), `keyPrefix`, `replace`, per-call `lng` lists, and fallback languages:
 * every text exists in both languages (tests/locales.test.ts), so the browser loads only the page's language.
 *
 * Loading: `load(lng, namespaces)` fetches namespace files with the `load` function given (entry.client.tsx:
 * `/locales/{lng}/{ns}.json?v=…`), each once. After hydration, a route whose handle asks for a namespace not yet
 * loaded (`required()`, remix-i18next's getInitialNamespaces: the handles of every route module loaded so far) makes
 * `hasLoadedNamespace` false, so every `useTranslation` of that render is not "ready" and calls `loadNamespaces`
 * from its effect, whose callback re-renders it once the files are in.
 */

/** A namespace file: nested objects of texts (arrays only in the server's "pages"). */
export type Texts = { [key: string]: unknown };

/** The options of `t` that the translator reads; every option is also a value for a `{{placeholder}}`. */
export type TOptions = {
  count?: unknown;
  defaultValue?: unknown;
  ns?: string | readonly string[];
  lng?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
};

/** A translate function: `t(key, options?)`, or `t(key, defaultValue)`. */
export type TranslateFunction = (key: unknown, options?: TOptions | string) => string;

/** What a translator is made with. */
export type TranslatorSettings = {
  /** The page language (`<html lang>`). */
  lng: string;
  /** The namespace of keys without an `ns:` prefix when the function names none (app/i18n.ts: "common"). */
  defaultNS: string;
  /** react-i18next's options (app/i18n.ts: `{ useSuspense: false }`), read by useTranslation as `i18n.options.react`. */
  react?: Record<string, unknown>;
  /** Texts already known, by language then namespace (tests; the browser loads them). */
  resources?: Record<string, Record<string, Texts>>;
  /** Fetches one namespace file; rejects when it cannot. Without it, nothing is loaded. */
  load?: (lng: string, ns: string) => Promise<Texts>;
  /** Namespaces the routes on screen ask for (their handles), loaded before their components are "ready". */
  required?: () => readonly string[];
};

type Listener = (...args: unknown[]) => void;

/** Characters that make a key read as a sentence (i18next's looksLikeObjectPath). */
const SENTENCE = /[ ,?!;]/;
/** i18next's nesting marker: a key holding it is never split at ":". */
const NESTING = /\$t\((.+?)\)/;

/** Whether `key` looks like `ns:a.b` rather than a sentence with a colon (i18next's looksLikeObjectPath). */
function looksLikeObjectPath(key: string): boolean {
  if (!SENTENCE.test(key)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && !SENTENCE.test(key.slice(0, dot));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `lng` ("one", "few"…), by Intl.PluralRules as i18next asks it. */
function pluralCategory(lng: string, count: unknown): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng.replace("_", "-"), { type: "cardinal" });
    pluralRules.set(lng, rules);
  }
  return rules.select(count as number);
}

/**
 * Fills the `{{name}}` placeholders of `text` with `values` (i18next's Interpolator with skipOnVariables and no
 * escaping): a value not given leaves its placeholder; inserted values are not scanned again.
 */
export function interpolate(text: string, values: Record<string, unknown>): string {
  const placeholder = /\{\{(.+?)\}\}/g;
  let match: RegExpExecArray | null;
  while ((match = placeholder.exec(text))) {
    const name = match[1].trim();
    const raw = values[name];
    let value: string;
    if (raw === undefined) {
      if (!Object.prototype.hasOwnProperty.call(values, name)) continue;
      value = "";
    } else {
      value = typeof raw === "string" ? raw : raw === null ? "" : "" + (raw as string); // i18next's makeString
    }
    // As i18next: the first occurrence of the placeholder's text is replaced, and the search goes on after the value.
    text = text.replace(match[0], () => value);
    placeholder.lastIndex += value.length - match[0].length;
  }
  return text;
}

/**
 * An i18next-compatible translator for the browser (see the top of this file). Languages and namespaces are loaded
 * with `load`; `t` and `getFixedT` translate synchronously with what is loaded.
 */
export class Translator {
  /** The language `t` uses (remix-i18next's useChangeLanguage compares it with the page's). */
  language: string;
  /** [language]: react-i18next only checks that it is not empty. */
  languages: string[];
  /** What react-i18next reads: `react` (useSuspense…) and `defaultNS`. */
  readonly options: { defaultNS: string; react: Record<string, unknown> };
  /** Always true: react-i18next waits for nothing else. */
  readonly isInitialized = true;
  /** Set by react-i18next (the namespaces components asked for); unused here. */
  reportNamespaces?: unknown;
  /** `t` in the current language and the default namespace (root.tsx calls `i18n.t`). */
  readonly t: TranslateFunction;

  private readonly texts = new Map<string, Texts>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly settings: TranslatorSettings) {
    this.language = settings.lng;
    this.languages = [settings.lng];
    this.options = { defaultNS: settings.defaultNS, react: { ...settings.react } };
    for (const [lng, namespaces] of Object.entries(settings.resources ?? {})) {
      for (const [ns, texts] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, texts);
    }
    this.t = this.getFixedT(null);
  }

  /** Adds (replaces) the texts of one namespace of a language. */
  addResourceBundle(lng: string, ns: string, texts: Texts): void {
    this.texts.set(`${lng}|${ns}`, texts);
  }

  /** Whether the texts of `ns` in `lng` are loaded. */
  hasResourceBundle(lng: string, ns: string): boolean {
    return this.texts.has(`${lng}|${ns}`);
  }

  /**
   * A translate function for `lng` (null: the current language, read at each call) and namespaces `ns` (default:
   * the default namespace), as i18next's getFixedT. `keyPrefix` is not supported (throws).
   */
  getFixedT(lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): TranslateFunction {
    if (keyPrefix) throw new Error("Translator: keyPrefix is not supported");
    return (key, options) => {
      const opts: TOptions = typeof options === "string" ? { defaultValue: options } : { ...options };
      opts.lng = opts.lng || lng || undefined;
      opts.ns = opts.ns || ns || undefined;
      return this.translate(key, opts);
    };
  }

  /** i18next's Translator.translate, for the features listed at the top of this file. */
  private translate(rawKey: unknown, options: TOptions): string {
    if (rawKey === undefined || rawKey === null) return "";
    if (options.returnObjects) throw new Error("Translator: returnObjects is not supported");
    let key = String(rawKey);
    let namespaces: readonly string[] = typeof options.ns === "string" ? [options.ns] : (options.ns ?? [this.options.defaultNS]);
    if (key.includes(":") && looksLikeObjectPath(key) && !NESTING.test(key)) {
      const parts = key.split(":");
      namespaces = [parts.shift()!];
      key = parts.join(".");
    }
    const lng = options.lng || this.language;
    const plural = options.count !== undefined && typeof options.count !== "string";
    let found: unknown;
    for (const ns of namespaces) {
      const tries = [key];
      if (plural) tries.push(`${key}_${pluralCategory(lng, options.count)}`);
      if (plural && options.count === 0) tries.push(`${key}_zero`);
      while (found === undefined && tries.length) found = this.lookup(lng, ns, tries.pop()!);
      if (found !== undefined) break;
    }
    if (found !== undefined && typeof found !== "string") return `key '${key} (${this.language})' returned an object instead of string.`;
    let text: unknown = found;
    if (text === undefined && options.defaultValue !== undefined) text = options.defaultValue;
    if (text === undefined || text === null) text = key;
    return interpolate(String(text), options);
  }

  /** The value at path `key` ("a.b.c") of namespace `ns` in `lng`, or undefined (null counts as missing). */
  private lookup(lng: string, ns: string, key: string): unknown {
    let value: unknown = this.texts.get(`${lng}|${ns}`);
    for (const part of key.split(".")) {
      if (!value || typeof value !== "object" || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    return value === null ? undefined : value;
  }

  /**
   * Whether `ns` (in `options.lng` or the current language) is loaded, and with it every namespace the routes on
   * screen ask for (`required`): react-i18next's "ready". A namespace whose file failed counts as loaded.
   */
  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    const settled = (lng: string, name: string) => this.hasResourceBundle(lng, name) || this.failed.has(`${lng}|${name}`) || !this.settings.load;
    return settled(options.lng || this.language, ns) && (this.settings.required?.() ?? []).every((name) => settled(this.language, name));
  }

  /**
   * Loads the namespaces `namespaces` of `lng` that are not loaded yet (each file once, in parallel). Rejects when a
   * file cannot be loaded (it is then not asked for again; the page's first load does not hydrate then).
   */
  load(lng: string, namespaces: readonly string[]): Promise<void> {
    const { load } = this.settings;
    if (!load) return Promise.resolve();
    return Promise.all(
      [...new Set(namespaces)].map((ns) => {
        const id = `${lng}|${ns}`;
        if (this.texts.has(id) || this.failed.has(id)) return undefined;
        let pending = this.loading.get(id);
        if (!pending) {
          pending = load(lng, ns)
            .then(
              (texts) => this.addResourceBundle(lng, ns, texts),
              (error: unknown) => {
                this.failed.add(id);
                throw error;
              },
            )
            .finally(() => this.loading.delete(id));
          this.loading.set(id, pending);
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /**
   * react-i18next's call when a component is not ready: loads `ns` and the routes' namespaces in the current
   * language, then calls `callback` (also when a file failed: that is logged). Never rejects.
   */
  loadNamespaces(ns: string | readonly string[], callback?: (error?: unknown) => void): Promise<void> {
    const wanted = [...(typeof ns === "string" ? [ns] : ns), ...(this.settings.required?.() ?? [])];
    return this.load(this.language, wanted).then(
      () => callback?.(),
      (error: unknown) => {
        console.error(error);
        callback?.(error);
      },
    );
  }

  /**
   * remix-i18next's useChangeLanguage, when the root's locale differs: loads the namespaces loaded in the current
   * language in `lng`, switches, and tells every useTranslation ("languageChanged") to render again.
   */
  async changeLanguage(lng: string, callback?: (error: unknown, t: TranslateFunction) => void): Promise<TranslateFunction> {
    const loaded = [...this.texts.keys()].filter((id) => id.startsWith(`${this.language}|`)).map((id) => id.slice(this.language.length + 1));
    let failure: unknown = null;
    await this.load(lng, loaded).catch((error: unknown) => {
      console.error(error);
      failure = error;
    });
    this.language = lng;
    this.languages = [lng];
    this.emit("languageChanged", lng);
    callback?.(failure, this.t);
    return this.t;
  }

  /** Adds a listener of `event` (react-i18next binds "languageChanged"). */
  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  /** Removes a listener added with `on`. */
  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}
