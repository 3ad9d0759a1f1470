import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchEstates } from "~/features/search/estate-search.server";
import { searchNormalize, searchWords, STEMS, stemMatcher, wordsQuery } from "~/features/search/search-words.server";
import { loader as estatesLoader } from "~/routes/search-results";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * The words of a search (decision 048): normalised once, in TypeScript exactly as SQL's search_normalize does it
 * (checked on random text against the real database, PGlite and PostgreSQL), a word left empty is dropped, and no
 * text typed in the search box makes the query fail.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** The marks and signs search_normalize removes: tashkeel U+064B to U+065F, superscript alef U+0670, tatweel U+0640. */
const REMOVED = [...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => String.fromCodePoint(0x064b + i)), "\u0670", "\u0640"];

/**
 * One character a search box may receive: what normalisation touches (the removed marks, the alef, taa marbuta and
 * alif maqsura forms), joiners, tsquery syntax and other punctuation, letters whose lower case differs between
 * JavaScript and PostgreSQL, any Arabic-block character, and any code point (surrogate planes included).
 */
const char = fc.oneof(
  fc.constantFrom(...REMOVED, "أ", "إ", "آ", "ٱ", "ة", "ى", "ا", "ش", "ق"),
  fc.constantFrom("\u200d", "\u200c", "\u200f", "\u00a0", " ", "\t", "\n"),
  fc.constantFrom(":", "*", "&", "|", "!", "(", ")", "'", "\\", "<", ">", "-", '"', ",", "؟", "،", "%", "#"),
  fc.constantFrom("A", "z", "7", "٣", "É", "Σ", "İ", "ẞ", "\u0301", "𝄞", "𐌰", "😀"),
  fc.integer({ min: 0x0600, max: 0x06ff }).map((c) => String.fromCodePoint(c)),
  fc
    .integer({ min: 1, max: 0x10ffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => String.fromCodePoint(c)),
);
/** Text made of those characters (no NUL and no lone surrogate: PostgreSQL's text holds neither). */
const text = fc.array(char, { maxLength: 30 }).map((chars) => chars.join(""));
/** Anything a JavaScript string can hold, NUL and lone surrogates too (a model function may be given them). */
const anyText = fc.oneof(text, fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }));

// Words as people write them: letters that normalising and stemming touch, articles and endings, digits of
// three scripts, Latin letters, separated by spaces and punctuation.
const piece = fc.constantFrom(
  ...["ال", "وال", "بال", "لل", "و", "ة", "ات", "ون", "ين", "ه", "ى", "أ", "إ", "آ", "ش", "ق", "م", "ز", "ر", "ع"],
  ...["ـ", "\u064E", "\u0651", "٣", "۴", "7", "s", "S", "flat", "Villa", "glass", "pools"],
  ...Object.keys(STEMS),
);
const word = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join(""));
const gap = fc.constantFrom(" ", ", ", "،", "-", ".", "\n", " / ", "؟ ");
const phrase = fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 8 }).map((w) => w.flat().join(""));

describe("the words of a search", () => {
  it("a word of only tatweel or tashkeel is no word: the page answers the search without it, not an error", async () => {
    const none = await callLoader(estatesLoader, "/estates?is_simple=0");
    expect(none.status).toBe(200);
    expect(none.data.result.total).toBeGreaterThan(0);
    for (const q of ["%D9%80", "%D9%8E", "%D9%80%D9%80%20%D9%8E%D9%91%20%D9%B0"]) {
      // Decisions 056 and 087: the page is that of the same search without the words that are none.
      const res = await callLoader(estatesLoader, `/estates?is_simple=0&q=${q}`);
      expect(res.status, q).toBe(200);
      expect(res.data.seo.address, q).toBe("/estates?is_simple=0");
      expect(res.data.result.total, q).toBe(none.data.result.total);
    }
  });

  it("tatweel and tashkeel inside a word are dropped on both sides: شـقّة finds what شقة finds", async () => {
    const plain = await searchEstates(db(), { q: "شقة" }, 1, "ar");
    expect(plain.total).toBeGreaterThan(0);
    const marked = await searchEstates(db(), { q: "شـقّـة" }, 1, "ar");
    expect(marked.total).toBe(plain.total);
    expect(marked.items.map((e) => e.id)).toEqual(plain.items.map((e) => e.id));
    // Stemmed (decision 056): شقة → شق, matched whole (two letters); إطلالة → اطلال, a prefix.
    expect(wordsQuery("شـقّة ـ َ إطلالة")).toBe("شق & اطلال:*");
    expect(wordsQuery("شـقّة ـ َ إطلالة", "A")).toBe("شق:A & اطلال:*A");
    expect(wordsQuery("ـ َ ّ")).toBeNull();
  });

  it("TypeScript normalises text exactly as SQL's search_normalize does, on the database", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 20 }), async (texts) => {
        const result = (await db().execute(
          sql`select search_normalize(t.value) as n from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(value, i) order by t.i`,
        )) as unknown as { rows: { n: string }[] };
        expect(result.rows.map((r) => r.n)).toEqual(texts.map(searchNormalize));
      }),
      { numRuns: 150 },
    );
  });

  it("TypeScript stems the words of a text exactly as SQL's search_words does for the documents", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(phrase, { minLength: 1, maxLength: 20 }), async (texts) => {
        const result = (await db().execute(
          sql`select search_words(t.value) as w from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(value, i) order by t.i`,
        )) as unknown as { rows: { w: string }[] };
        expect(result.rows.map((r) => r.w)).toEqual(texts.map((t) => searchWords(t).join(" ")));
      }),
      { numRuns: 150 },
    );
    // Every word of the table, alone and with an article.
    const words = Object.keys(STEMS).flatMap((w) => [w, /^[a-z]/.test(w) ? w.toUpperCase() : `ال${w}`]);
    const result = (await db().execute(
      sql`select search_words(t.value) as w from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as t(value, i) order by t.i`,
    )) as unknown as { rows: { w: string }[] };
    expect(result.rows.map((r) => r.w)).toEqual(words.map((w) => searchWords(w).join(" ")));
  });

  it("migration 0024's search_words makes the documents 0021's made: nothing had to be rebuilt (decision 066)", async () => {
    // 0021's definition, read from its migration, under another name in a schema of this test.
    const m0021 = readFileSync(new URL("../app/platform/db/migrations/0021_search_stems.sql", import.meta.url), "utf8");
    const create = m0021.split("--> statement-breakpoint").find((s) => s.includes('CREATE FUNCTION "search_words"'));
    expect(create).toBeDefined();
    await db().execute(sql.raw("create schema if not exists m0021"));
    await db().execute(sql.raw(create!.replace('FUNCTION "search_words"', "FUNCTION m0021.search_words")));
    const differing = async (texts: string[]) => {
      const result = (await db().execute(
        sql`select t.value as text from json_array_elements_text(${JSON.stringify(texts)}::json) as t(value)
          where to_tsvector('simple', search_words(t.value)) <> to_tsvector('simple', m0021.search_words(t.value))`,
      )) as unknown as { rows: { text: string }[] };
      return result.rows.map((r) => r.text);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(phrase, { minLength: 1, maxLength: 20 }), async (texts) => {
        expect(await differing(texts)).toEqual([]);
      }),
      { numRuns: 150 },
    );
    // Every listing of the demo data, both descriptions.
    const listings = (await db().execute(
      sql`select concat_ws(' ', description_ar, description_en) as text from estates`,
    )) as unknown as { rows: { text: string }[] };
    expect(listings.rows.length).toBeGreaterThan(100);
    expect(await differing(listings.rows.map((r) => r.text))).toEqual([]);
  });

  it("lower() left search_normalize changes no stored document: the 'simple' dictionary lowers the same way", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 20 }), async (texts) => {
        const result = (await db().execute(
          sql`select count(*)::int as n from json_array_elements_text(${JSON.stringify(texts)}::json) as t(value)
            where to_tsvector('simple', search_normalize(t.value)) is distinct from to_tsvector('simple', lower(search_normalize(t.value)))`,
        )) as unknown as { rows: { n: number }[] };
        expect(result.rows[0].n).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it("a search of any text answers, never fails (the model and the page)", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (q) => {
        const result = await searchEstates(db(), { q }, 1, "ar");
        expect(result.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (q) => {
        const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q })}`);
        // An ad number's digits may redirect to its listing; anything else is a page of results.
        expect([200, 302]).toContain(res.status);
      }),
      { numRuns: 40 },
    );
  });
});

describe("stemMatcher", () => {
  const words = ["دمشق", "المزه", "مزه", "حلب", "حلبون", "sale", "rent", "latakia", "ab"];
  const naive = (stem: string) => words.some((w) => w === stem || ([...stem].length >= 3 && w.startsWith(stem)));
  const matches = stemMatcher(words);

  it("matches a word it equals, and a word it begins from three characters", () => {
    expect(matches("حلب")).toBe(true);
    expect(matches("حلبو")).toBe(true);
    expect(matches("دمش")).toBe(true);
    expect(matches("lat")).toBe(true);
    expect(matches("ab")).toBe(true);
  });

  it("does not match a stem of fewer than three characters as a prefix, nor a word it does not begin", () => {
    expect(matches("حل")).toBe(false);
    expect(matches("la")).toBe(false);
    expect(matches("مشق")).toBe(false);
    expect(matches("flood123")).toBe(false);
    expect(matches("rents")).toBe(false);
  });

  it("answers as comparing the stem with every word would, for every prefix and more of the words", () => {
    const stems = words.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1))).concat(words.map((w) => `${w}x`));
    for (const stem of stems) expect(matches(stem), stem).toBe(naive(stem));
  });

  it("answers as the comparison with every word for any words and stem (property)", () => {
    const letter = fc.constantFrom("ا", "ب", "ل", "a", "b", "l");
    const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((l) => l.join(""));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), word, (list, stem) => {
        const slow = list.some((w) => w === stem || ([...stem].length >= 3 && w.startsWith(stem)));
        expect(stemMatcher(list)(stem)).toBe(slow);
      }),
    );
  });
});
