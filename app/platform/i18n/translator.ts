import type { PageTranslator } from "./use-t";

/**
 * The browser's translator (decisions 020 and 069): what `useT` (app/platform/i18n/use-t.tsx) needs of a translator,
 * with the part of i18next's `t` that our locale files and code use. The server keeps i18next (app/platform/i18n/i18n.server.ts); the browser's
 * output must be the server's, character for character, or hydration breaks: tests/translator.test.ts compares the
 * two for every key of every namespace in both languages. Every byte here is sent to every visitor (the 90 KB
 * JavaScript budget of decision 014), hence the closure (its names minify) and nothing more than what is used.
 *
 * What `t(key, options)` does (the rules of i18next 23.16: Translator.translate / resolve, Interpolator):
 * - `ns:key`: the text of `key` in namespace `ns` (nsSeparator ":"); without a prefix, the namespaces of the
 *   function (`getFixedT(lng, ns)`, a name or a list tried in order), else the default namespace. As in i18next, a
 *   key that reads like a sentence (a space, `,`, `?`, `!` or `;` before its first ".") is not split at ":", so a
 *   message that is not a key (a library's "Invalid input: …") comes back whole.
 * - `a.b.c`: a path into the nested JSON (keySeparator ".").
 * - `count` (a number): the plural form `key_<category>` of Intl.PluralRules of the language (Arabic has zero, one,
 *   two, few, many and other), `key_zero` first when count is 0, then the key itself. A count given as a string
 *   (from a URL) is text, as in i18next.
 * - `defaultValue`: the text when the key is missing.
 * - A missing key gives the key (without its `ns:` prefix).
 * - `{{name}}`: the option `name` as a string (null → ""); an option given as undefined → ""; a name not given at all
 *   stays written as it is. Values go in as they are (escapeValue false, app/platform/i18n/i18n.ts: React escapes) and are not read
 *   again for placeholders.
 * - A key whose text is an object or an array gives i18next's "key '… (lng)' returned an object instead of string.".
 * Left out, because nothing of ours uses them in the browser (tests/translator.test.ts checks the locale files):
 * `{{name, format}}`, `{{- name}}`, `{{a.b}}`, `$t(…)` nesting (in a text, or in a key, which i18next would nest),
 * `context`, `ordinal`, `returnObjects` (only the server's static pages use it), `keyPrefix`, `replace`, per-call
 * `lng` and `ns`, `defaultValue_<plural>`, a string as second argument (`t(key, "default")`), and fallback languages:
 * every text exists in both languages (tests/locales.test.ts), so the browser loads only the page's own.
 *
 * Loading: `load(lng, namespaces)` fetches namespace files with the `load` function given (entry.client.tsx:
 * `/locales/{lng}/{ns}.json?v=…`), each once. After hydration, a route whose handle asks for a namespace not yet
 * loaded (`required()`: remix-i18next's getInitialNamespaces, the handles of every route module loaded so far) makes
 * `hasLoadedNamespace` false, so every `useT` mounted in that render is not "ready" and calls `loadNamespaces` from
 * its effect, whose callback renders it again once the files are in.
 *
 * Language: a page's language is the server's (the `lang` cookie or `?lang=`, decision 002) and the switcher reloads
 * the document (so does `useReloadOnLanguageChange` when the root loader answers in another language).
 */

/** A namespace file: nested objects of texts (arrays only in the server's "pages"). */
export type Texts = { [key: string]: unknown };

/** What a translator is made with. */
export type TranslatorSettings = {
  /** The page language (`<html lang>`): "ar" or "en" (a language code without region). */
  lng: string;
  /** The namespace of keys without an `ns:` prefix when the function names none (app/platform/i18n/i18n.ts: "common"). */
  defaultNS: string;
  /** Fetches one namespace file of a language; rejects when it cannot. */
  load: (lng: string, ns: string) => Promise<Texts>;
  /** Namespaces the routes on screen ask for (their handles); none when not given. */
  required?: () => readonly string[];
};

/** The browser's translator: what `useT` needs, and the loading of the first page's files. */
export type Translator = PageTranslator & {
  /** Loads the namespaces of `lng` not loaded yet, each file once and in parallel; rejects when a file cannot be loaded. */
  load(lng: string, namespaces: readonly string[]): Promise<unknown>;
};

/**
 * A key that reads as a sentence, not `ns:a.b` (i18next's looksLikeObjectPath): a space, `,`, `?`, `!` or `;` before
 * its first "." (anywhere when it has none or starts with one).
 */
const SENTENCE = /^[^.]*[ ,?!;]|^\.[^]*[ ,?!;]/;

/**
 * Fills the `{{name}}` placeholders of `text` with `values` as i18next's Interpolator does (skipOnVariables, no
 * escaping): a name not given leaves its placeholder; the first occurrence of the placeholder's text is replaced and
 * the search goes on after the value, so inserted values are not read again.
 */
export function interpolate(text: string, values: Record<string, unknown>): string {
  const placeholder = /\{\{(.+?)\}\}/g;
  let match: RegExpExecArray | null;
  while ((match = placeholder.exec(text))) {
    const name = match[1].trim();
    const raw = values[name];
    if (raw === undefined && !(name in values)) continue;
    // i18next's makeString: undefined and null → "", anything else as `"" + value`.
    const value = raw == null ? "" : "" + (raw as string);
    text = text.replace(match[0], () => value);
    placeholder.lastIndex += value.length - match[0].length;
  }
  return text;
}

/** Makes the browser's translator of `settings.lng`, with nothing loaded yet (see `load`). */
export function createTranslator(settings: TranslatorSettings): Translator {
  const texts = new Map<string, Texts>();
  const loading: Record<string, Promise<void>> = {};
  const plurals: Record<string, Intl.PluralRules> = {};
  const required = () => settings.required?.() ?? [];

  /** The value at path `key` of namespace `ns` in `lng`, or undefined. */
  const lookup = (lng: string, ns: string, key: string) =>
    key
      .split(".")
      .reduce<unknown>(
        (value, part) => (value && typeof value === "object" ? (value as Texts)[part] : undefined),
        texts.get(`${lng}|${ns}`),
      );

  /** i18next's translate for the features listed at the top of this file. */
  const translate = (
    rawKey: unknown,
    options: Record<string, unknown>,
    lng: string,
    fixed: string | readonly string[],
  ): string => {
    if (rawKey == null) return "";
    let key = String(rawKey);
    let namespaces = typeof fixed === "string" ? [fixed] : fixed;
    if (key.includes(":") && !SENTENCE.test(key)) {
      const parts = key.split(":");
      namespaces = [parts.shift()!];
      key = parts.join(".");
    }
    const { count } = options;
    const plural = count !== undefined && typeof count !== "string";
    let found: unknown;
    for (const ns of namespaces) {
      const tries = [key];
      if (plural) tries.push(`${key}_${(plurals[lng] ??= new Intl.PluralRules(lng)).select(count as number)}`);
      if (count === 0) tries.push(`${key}_zero`);
      while (found == null && tries.length) found = lookup(lng, ns, tries.pop()!);
      if (found != null) break;
    }
    if (found != null && typeof found !== "string")
      return `key '${key} (${self.language})' returned an object instead of string.`;
    const text = found ?? options.defaultValue ?? key;
    return interpolate(String(text), options);
  };

  const self: Translator = {
    language: settings.lng,
    getFixedT: (lng, ns) => (key, options) => translate(key, options ?? {}, lng || self.language, ns || settings.defaultNS),
    load: (lng, namespaces) =>
      Promise.all(
        namespaces.map((ns) => {
          const id = `${lng}|${ns}`;
          return texts.has(id)
            ? 0
            : (loading[id] ??= settings.load(lng, ns).then(
                (loaded) => void texts.set(id, loaded),
                (error) => {
                  // Not kept: a later render may ask again.
                  delete loading[id];
                  throw error;
                },
              ));
        }),
      ),
    hasLoadedNamespace: (ns) => [ns, ...required()].every((name) => texts.has(`${self.language}|${name}`)),
    loadNamespaces: (ns, callback) =>
      self
        .load(self.language, [ns, ...required()])
        .catch(console.error)
        .then(() => callback?.()),
  };
  return self;
}
