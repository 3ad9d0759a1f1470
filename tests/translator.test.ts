import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import i18n, { supportedLngs, type Locale } from "~/platform/i18n/i18n";
import { i18nFor, pageTranslator } from "~/platform/i18n/i18n.server";
import { createTranslator, type Texts, type Translator } from "~/platform/i18n/translator";
import { TranslatorProvider, useT, type PageTranslator } from "~/platform/i18n/use-t";

/**
 * Decision 020: the browser translates with app/platform/i18n/translator.ts, the server with i18next. Whatever the browser
 * renders on hydration must be what the server rendered, so for every key of every namespace of both languages
 * (the keys of both, so that a key missing in one language shows too) the translator's output is i18next's: with no
 * options, with every {{placeholder}} filled, with the plural counts, with `ns:` prefixes, and for missing keys.
 */

const LOCALES_DIR = path.resolve(__dirname, "../locales");
const namespaces = fs
  .readdirSync(path.join(LOCALES_DIR, "ar"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""))
  .sort();

const files: Record<Locale, Record<string, Texts>> = Object.fromEntries(
  supportedLngs.map((lng) => [
    lng,
    Object.fromEntries(
      namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), "utf8")) as Texts]),
    ),
  ]),
) as Record<Locale, Record<string, Texts>>;

/** Every path of a file ("a.b.c", arrays by index "a.0.b"), inner objects included, with its value. */
function paths(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (prefix) out.set(prefix, value);
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) paths(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 11, 100, 1.5];

/** Per namespace: every path of both languages, and the {{names}} its texts have in either language. */
const keys = Object.fromEntries(
  namespaces.map((ns) => {
    const all = new Map<string, Set<string>>();
    for (const lng of supportedLngs) {
      for (const [key, value] of paths(files[lng][ns])) {
        const names = all.get(key) ?? new Set<string>();
        if (typeof value === "string") for (const m of value.matchAll(/\{\{(.+?)\}\}/g)) names.add(m[1].trim());
        all.set(key, names);
      }
    }
    return [ns, all];
  }),
);

/** The browser's translator of a language with every namespace loaded (from locales/, as the browser loads them). */
async function translatorFor(lng: Locale): Promise<Translator> {
  const translator = createTranslator({
    lng,
    defaultNS: i18n.defaultNS,
    load: async (language, ns) => files[language as Locale][ns],
  });
  await translator.load(lng, namespaces);
  return translator;
}

/** A value for each name, each different and holding characters that mean something to String.replace. */
function valuesFor(names: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...names].map((name, i) => [name, `‹${name} $& ${i}›`]));
}

type Case = { key: string; options?: Record<string, unknown> };

/**
 * A plural form (`x_few`) of a category that `lng` does not have (English has only one and other): no `t` call in
 * that language can ask for it (with `count`, Intl.PluralRules gives only the language's own categories).
 */
function foreignPluralForm(lng: Locale, key: string): boolean {
  const category = PLURAL.exec(key)?.[1];
  return !!category && !new Intl.PluralRules(lng).resolvedOptions().pluralCategories.includes(category as Intl.LDMLPluralRule);
}

/** The calls compared for one namespace in `lng`: each key bare, filled, with counts (plural keys and {{count}} texts). */
function casesOf(ns: string, lng: Locale): Case[] {
  const cases: Case[] = [];
  const bases = new Map<string, Set<string>>();
  for (const [key, names] of keys[ns]) {
    const base = key.replace(PLURAL, "");
    if (base !== key || names.has("count")) bases.set(base, new Set([...(bases.get(base) ?? []), ...names]));
    if (foreignPluralForm(lng, key)) continue;
    cases.push({ key }, { key: `${ns}:${key}` });
    if (names.size) cases.push({ key, options: valuesFor(names) });
  }
  for (const [base, names] of bases) {
    names.delete("count");
    for (const count of COUNTS)
      cases.push({ key: base, options: { ...valuesFor(names), count } }, { key: `${ns}:${base}`, options: { count } });
    cases.push({ key: base, options: { count: "3" } });
  }
  return cases;
}

describe("the browser's translator gives the server's i18next texts (decision 020)", () => {
  for (const lng of supportedLngs) {
    for (const ns of namespaces) {
      it(`every key of ${ns} in ${lng}`, async () => {
        const server = i18nFor(lng).getFixedT(lng, ns);
        // react-i18next asks for getFixedT(null, ns): the current language.
        const browser = (await translatorFor(lng)).getFixedT(null, ns);
        const cases = casesOf(ns, lng);
        expect(cases.length).toBeGreaterThan(keys[ns].size);
        // Arabic's zero, two, few and many forms asked for by their full key in English: see the test below.
        const mismatches = cases
          .map(({ key, options }) => ({
            key,
            options,
            server: server(key, options as never) as unknown,
            browser: browser(key, options),
          }))
          .filter((c) => c.server !== c.browser);
        expect(mismatches).toEqual([]);
      });
    }

    it(`ns: prefixes from another namespace, missing keys, default values and odd values in ${lng}`, async () => {
      const translator = await translatorFor(lng);
      for (const fixed of [undefined, "common", "admin", ["common", "forms"]] as const) {
        const server = i18nFor(lng).getFixedT(lng, fixed as never);
        const browser = translator.getFixedT(null, fixed);
        const cases: Case[] = [
          { key: "forms:post.photos", options: { count: 3, max: 12 } },
          { key: "admin:waiting", options: { count: 0 } },
          { key: "nav.home" },
          { key: "no.such.key" },
          { key: "forms:no.such.key" },
          { key: "nosuchns:key" },
          { key: "a:b:c" },
          { key: "Error: the phone number is not valid." },
          { key: "Done, see: {{n}} items", options: { n: 4 } },
          { key: "Invalid input: expected string, received undefined" },
          { key: "forms:a b.c" },
          { key: "a.b c:d" },
          { key: "a b.c:d" },
          { key: ".a b:c" },
          { key: "account:errors.tooMany", options: { minutes: "15" } },
          { key: "account:errors.tooMany", options: {} },
          { key: "account:errors.tooMany", options: { minutes: undefined } },
          { key: "account:errors.tooMany", options: { minutes: null } },
          { key: "account:errors.tooMany", options: { minutes: "{{minutes}} $t(nav.home) $1" } },
          { key: "admin:actions.no_such", options: { defaultValue: "estate.approve" } },
          { key: "admin:subjects.nothing", options: { id: 7, defaultValue: "nothing {{id}}" } },
          { key: "admin:subjects.nothing", options: { defaultValue: "" } },
          { key: "card" },
          { key: "pages:whoUs.sections" },
          { key: "pages:whoUs.sections.0.heading" },
          { key: "" },
        ];
        for (const { key, options } of cases)
          expect(browser(key, options), `${String(fixed)} ${key}`).toBe(server(key, options as never));
      }
      // A function of the page language in the default namespace (useT() without a namespace).
      expect(translator.getFixedT(null)("nav.skip")).toBe(i18nFor(lng).t("nav.skip"));
    });
  }

  it("differs only for Arabic's extra plural forms asked for by their full key in English, which no code does", async () => {
    // The server falls back to Arabic (fallbackLng "ar"); the browser loads only the page's language and gives the key.
    const translator = await translatorFor("en");
    const foreign = namespaces.flatMap((ns) =>
      [...keys[ns].keys()].filter((key) => foreignPluralForm("en", key)).map((key) => ({ ns, key })),
    );
    expect(foreign.length).toBeGreaterThan(0);
    for (const { ns, key } of foreign) {
      expect(paths(files.en[ns]).has(key), key).toBe(false);
      expect(translator.getFixedT(null, ns)(key)).toBe(key);
      expect(i18nFor("en").getFixedT("en", ns)(key)).toBe(paths(files.ar[ns]).get(key));
    }
  });

  it("renders the same HTML through useT with the browser's translator as with the server's", async () => {
    function Probe() {
      const { t, lang } = useT();
      const admin = useT("admin");
      return createElement(
        "p",
        { lang },
        t("nav.home"),
        " ",
        t("forms:post.photos", { count: 2, max: 12 }),
        " ",
        admin.t("waiting", { count: 5 }),
      );
    }
    for (const lng of supportedLngs) {
      const render = (translator: PageTranslator) =>
        renderToString(createElement(TranslatorProvider, { translator }, createElement(Probe)));
      const html = render(await translatorFor(lng));
      expect(html).toBe(render(pageTranslator(lng)));
      expect(html).toContain(`lang="${lng}"`);
    }
  });

  it("uses no i18next feature the translator leaves out: placeholders are {{name}}, no nesting, every text a string", () => {
    const unsupported: string[] = [];
    for (const lng of supportedLngs) {
      for (const ns of namespaces) {
        for (const [key, value] of paths(files[lng][ns])) {
          if (value && typeof value === "object") continue;
          if (typeof value !== "string") unsupported.push(`${lng} ${ns}:${key} is not a text`);
          else {
            for (const m of value.matchAll(/\{\{(.*?)\}\}/g))
              if (!/^\w+$/.test(m[1])) unsupported.push(`${lng} ${ns}:${key}: ${m[0]}`);
            if (value.includes("$t(")) unsupported.push(`${lng} ${ns}:${key} nests`);
          }
        }
      }
    }
    expect(unsupported).toEqual([]);
  });
});

describe("loading namespaces in the browser (decision 020)", () => {
  /** A translator whose files come from locales/ through a counted loader; `required` plays the route handles. */
  function loading(lng: Locale, required: string[] = []) {
    const asked: string[] = [];
    const translator = createTranslator({
      lng,
      defaultNS: "common",
      load: async (language, ns) => {
        asked.push(`${language}/${ns}`);
        if (!namespaces.includes(ns)) throw new Error(`/locales/${language}/${ns}.json: 404`);
        return files[language as Locale][ns];
      },
      required: () => required,
    });
    return { translator, asked, required };
  }

  it("loads each file once, even when asked again while it loads", async () => {
    const { translator, asked } = loading("en");
    expect(translator.hasLoadedNamespace("common")).toBe(false);
    await Promise.all([translator.load("en", ["common", "forms", "common"]), translator.load("en", ["forms"])]);
    await translator.load("en", ["common"]);
    expect(asked).toEqual(["en/common", "en/forms"]);
    expect(translator.getFixedT(null)("nav.home")).toBe(files.en.common.nav && (files.en.common.nav as Texts).home);
  });

  it("is not ready while a route's namespace is missing, and calls back once it is loaded (client-side navigation)", async () => {
    const { translator, asked, required } = loading("ar", ["common"]);
    await translator.load("ar", ["common"]);
    expect(translator.hasLoadedNamespace("common")).toBe(true);
    // A navigation to a route whose handle asks for "content": every useT of that render is not ready.
    required.push("admin", "content");
    expect(translator.hasLoadedNamespace("common")).toBe(false);
    const t = translator.getFixedT(null, "common");
    expect(t("content:articles.title")).toBe("articles.title");
    let called = 0;
    await translator.loadNamespaces("common", () => called++);
    expect(called).toBe(1);
    expect(asked).toEqual(["ar/common", "ar/admin", "ar/content"]);
    expect(translator.hasLoadedNamespace("common")).toBe(true);
    expect(t("content:articles.title")).toBe(i18nFor("ar").getFixedT("ar", "common")("content:articles.title"));
  });

  it("rejects when a file cannot be loaded (the first page then stays as the server sent it), and asks again later", async () => {
    const { translator, asked } = loading("en");
    await expect(translator.load("en", ["common", "nosuch"])).rejects.toThrow("404");
    expect(translator.hasLoadedNamespace("common")).toBe(true);
    expect(translator.hasLoadedNamespace("nosuch")).toBe(false);
    await expect(translator.load("en", ["nosuch"])).rejects.toThrow("404");
    expect(asked.filter((a) => a === "en/nosuch")).toHaveLength(2);
  });
});

describe("the server's memoized translations (decision 033)", () => {
  it("answers each distinct call with its own text, the same as on the first call", () => {
    const t = i18nFor("en").getFixedT("en", "common");
    for (let round = 0; round < 2; round++) {
      expect(t("card.photos", { count: 1 })).toBe("Property photos: 1");
      expect(t("card.photos", { count: 2 })).toBe("Property photos: 2");
      // A number and a string of the same digits, a value and no value, are different calls.
      expect(t("search.wholeGovernorate", { name: "1" })).toBe("1, all areas");
      expect(t("search.wholeGovernorate", { name: 1 })).toBe("1, all areas");
      expect(t("search.wholeGovernorate", { name: "Homs" })).toBe("Homs, all areas");
      expect(t("search.wholeGovernorate", { name: undefined })).toBe(", all areas");
      expect(t("search.wholeGovernorate")).toBe("{{name}}, all areas");
      // A value holding a character the memo keys use for their parts is translated by i18next every time.
      expect(t("search.wholeGovernorate", { name: "a\u0001b" })).toBe("a\u0001b, all areas");
      expect(t("search.wholeGovernorate", { name: "a" })).toBe("a, all areas");
    }
  });
});
