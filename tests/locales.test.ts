import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The two languages of the site: every text exists in Arabic and English, none is empty,
 * each is written in its own script, and both carry the same {{placeholders}}.
 */

const LOCALES_DIR = path.resolve(__dirname, "../locales");
const ARABIC_LETTER = /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF]/;
const ANY_LETTER = /\p{L}/u;

/** Keys whose Arabic value is legitimately not Arabic, or English value not English (the other language's name). */
const NOT_IN_OWN_SCRIPT = new Set(["common:nav.otherLanguage"]);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens nested objects and arrays into "a.b[0].c" → value. */
function flatten(value: Json, prefix = "", out: Record<string, Json> = {}): Record<string, Json> {
  if (Array.isArray(value)) {
    if (!value.length) out[prefix] = value;
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  } else if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) out[prefix] = value;
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

function load(lang: string): Record<string, Record<string, Json>> {
  const dir = path.join(LOCALES_DIR, lang);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => [f.replace(/\.json$/, ""), flatten(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Json)]),
  );
}

const ar = load("ar");
const en = load("en");
const namespaces = [...new Set([...Object.keys(ar), ...Object.keys(en)])].sort();

/** Every (namespace:key, ar, en) of both languages. */
const all = namespaces.flatMap((ns) =>
  [...new Set([...Object.keys(ar[ns] ?? {}), ...Object.keys(en[ns] ?? {})])].map((key) => ({
    id: `${ns}:${key}`,
    ar: ar[ns]?.[key],
    en: en[ns]?.[key],
  })),
);

/** The text without its {{placeholders}} and $t(...) nestings, which are code, not language. */
const prose = (text: Json | undefined) => String(text ?? "").replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, "");

const variables = (text: Json | undefined) =>
  [...String(text ?? "").matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  it("have the same files in both languages, with a reasonable number of texts", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    expect(namespaces).toEqual(expect.arrayContaining(["common", "pages"]));
    expect(all.length).toBeGreaterThan(100);
  });

  it("have every Arabic key in English and every English key in Arabic (nested and array keys included)", () => {
    // Plural forms differ by language (Arabic has zero, one, two, few, many and other; English one and other), so a
    // plural key counts as present when the other language has any plural form of it.
    const base = (id: string) => id.replace(/_(zero|one|two|few|many|other)$/, "");
    const pluralsIn = (lang: "ar" | "en") => new Set(all.filter((e) => e[lang] !== undefined).map((e) => base(e.id)));
    const [arBases, enBases] = [pluralsIn("ar"), pluralsIn("en")];
    const missingInEn = all
      .filter((e) => e.en === undefined && !(base(e.id) !== e.id && enBases.has(base(e.id))))
      .map((e) => e.id);
    const missingInAr = all
      .filter((e) => e.ar === undefined && !(base(e.id) !== e.id && arBases.has(base(e.id))))
      .map((e) => e.id);
    expect(missingInEn).toEqual([]);
    expect(missingInAr).toEqual([]);
  });

  it("hold only non-empty strings (no empty text, no empty arrays or objects, no numbers)", () => {
    const bad = all.flatMap((e) =>
      (["ar", "en"] as const)
        .filter((lang) => e[lang] !== undefined && (typeof e[lang] !== "string" || !(e[lang] as string).trim()))
        .map((lang) => `${lang} ${e.id}: ${JSON.stringify(e[lang])}`),
    );
    expect(bad).toEqual([]);
  });

  it("write the Arabic texts in Arabic letters (texts without any letter, like numbers, aside)", () => {
    const notArabic = all
      .filter((e) => typeof e.ar === "string" && !NOT_IN_OWN_SCRIPT.has(e.id))
      .filter((e) => ANY_LETTER.test(prose(e.ar)) && !ARABIC_LETTER.test(prose(e.ar)))
      .map((e) => `${e.id}: ${e.ar}`);
    expect(notArabic).toEqual([]);
  });

  it("write no Arabic letter in the English texts", () => {
    const arabicInEnglish = all
      .filter((e) => typeof e.en === "string" && !NOT_IN_OWN_SCRIPT.has(e.id))
      .filter((e) => ARABIC_LETTER.test(prose(e.en)))
      .map((e) => `${e.id}: ${e.en}`);
    expect(arabicInEnglish).toEqual([]);
  });

  it("name the other language in its own script on the language switcher", () => {
    expect(ar.common["nav.otherLanguage"]).toBe("English");
    expect(en.common["nav.otherLanguage"]).toMatch(ARABIC_LETTER);
  });

  it("use the same {{variables}} in both languages for every key", () => {
    const mismatched = all
      .filter((e) => e.ar !== undefined && e.en !== undefined)
      // Singular and dual plural forms may spell the number in words ("one report": Arabic has no {{count}} there).
      .filter((e) => !/_(zero|one|two)$/.test(e.id))
      .filter((e) => JSON.stringify(variables(e.ar)) !== JSON.stringify(variables(e.en)))
      .map((e) => `${e.id}: ar ${variables(e.ar).join(",") || "-"} / en ${variables(e.en).join(",") || "-"}`);
    expect(mismatched).toEqual([]);
  });

  it("write formal Arabic without the known slips (hamza, plural after a number, dialect)", () => {
    // Form IV nouns take a hamza below (إرسال، إنشاء، إعادة، إبلاغ), أن and التأكد take one above; a number from 11
    // up is followed by a singular noun, and a number given as {{…}} is put after its noun ("عدد الصور: 12").
    // The interface speaks Modern Standard Arabic: no Levantine dialect (رح، نبعتلك، لما meaning "when").
    const slips = [
      /(^|[^\p{L}])[اأ](رسال|نشاء|عادة|بلاغ|دخال|لغاء|ضافة|زالة|كمال)/u,
      /التاكد|(^|\s)ان(\s|$)|(^|\s)الى(\s|$)|(^|\s)اذا(\s|$)/u,
      /(^|[^\d])(1[1-9]|[2-9]\d)\s+صور(\s|$|[.،])/u,
      /\{\{[^}]+\}\}\s+صور(\s|$|[.،])/u,
      /(^|\s)(رح|نبعتلك|بنبعتلك|لما|هلق|شو|بدك)(\s|$)/u,
      /الكود/u,
    ];
    const found = all
      .filter((e) => typeof e.ar === "string")
      .filter((e) => slips.some((slip) => slip.test(String(e.ar))))
      .map((e) => `${e.id}: ${String(e.ar)}`);
    expect(found).toEqual([]);
    // The slips are found where they are written.
    for (const text of ["أنشاء", "تم ارسال", "التاكد من ان", "12 صور", "يمكنك إضافة {{left}} صور", "رح نبعتلك"])
      expect(
        slips.some((slip) => slip.test(text)),
        text,
      ).toBe(true);
  });

  it("have balanced interpolation braces", () => {
    const broken = all.flatMap((e) =>
      (["ar", "en"] as const)
        .filter((lang) => typeof e[lang] === "string")
        .filter((lang) => {
          const text = e[lang] as string;
          return (text.match(/\{\{/g) ?? []).length !== (text.match(/\}\}/g) ?? []).length;
        })
        .map((lang) => `${lang} ${e.id}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("keys used by the app", () => {
  /** Every .ts/.tsx file under app/. */
  const sources = (function walk(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) return walk(p);
      return /\.tsx?$/.test(d.name) ? [p] : [];
    });
  })(path.resolve(__dirname, "../app"));

  const has = (lang: Record<string, Record<string, Json>>, ref: string) => {
    const [ns, key] = ref.includes(":") ? ref.split(":", 2) : ["common", ref];
    const flat = lang[ns] ?? {};
    return (
      key in flat || `${key}_other` in flat || Object.keys(flat).some((k) => k.startsWith(`${key}.`) || k.startsWith(`${key}[`))
    );
  };

  it('exist in both languages for every literal t("…") key in app/', () => {
    const used = new Set<string>();
    for (const file of sources) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*["']([A-Za-z][\w.:-]*)["']/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !has(ar, k) || !has(en, k)).sort();
    expect(missing).toEqual([]);
  });

  it("include the messages of the search and office filters", () => {
    for (const key of ["search.errors.required", "search.errors.invalid", "offices.errors.place", "offices.errors.name"]) {
      expect(has(ar, key), `ar ${key}`).toBe(true);
      expect(has(en, key), `en ${key}`).toBe(true);
    }
  });
});
