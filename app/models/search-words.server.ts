/**
 * The words of a search (docs/decisions/048-search-words-alert-isolation-and-price-bounds.md): normalised once, in
 * TypeScript exactly as SQL's search_normalize does it for the documents, then written as a tsquery that PostgreSQL
 * always accepts.
 */

/** What search_normalize removes: tashkeel (U+064B to U+065F), superscript alef (U+0670) and tatweel (U+0640). */
const UNWRITTEN = /[\u064B-\u065F\u0670\u0640]/g;
/** What search_normalize folds: hamza and wasla forms of alef to alef, taa marbuta to haa, alif maqsura to yaa. */
const FOLDED: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ة: "ه", ى: "ي" };

/**
 * `text` as SQL's search_normalize (migration 0017, decision 048) makes it, character for character: the tashkeel
 * and tatweel removed, the alef, taa marbuta and alif maqsura forms Arabic writers vary folded. It does not lower
 * Latin letters: the 'simple' text search dictionary lowers every word, of the documents and of the query alike.
 * tests/search-words.test.ts compares the two on random text against PGlite and PostgreSQL. Never throws.
 */
export function searchNormalize(text: string): string {
  return text.replace(UNWRITTEN, "").replace(/[أإآٱةى]/g, (c) => FOLDED[c]);
}

/** Words a query keeps (issue 13): the rest of a long text is dropped. */
const MAX_WORDS = 8;
/**
 * The longest word kept, in UTF-8 bytes: PostgreSQL indexes no longer word (so none could match) and refuses a
 * longer one in a tsquery. The search box sends at most 100 characters, so only a model's caller meets it.
 */
const MAX_WORD_BYTES = 2047;

/**
 * The words of `q` as a tsquery text for `to_tsquery('simple', ...)` (decision 048): `q` normalised once by
 * searchNormalize, as the documents were, then cut into words of letters, digits and marks (so nothing the user types
 * is tsquery syntax). A word left empty by normalising (tatweel or tashkeel alone) or made of other marks only is dropped,
 * so is one too long to be indexed; at most MAX_WORDS are kept, each a prefix (`شق` finds `شقة`), all required. Null
 * when no word is left: the search then has no words. Never throws, and PostgreSQL accepts whatever it returns.
 */
export function wordsQuery(q: string): string | null {
  const words = searchNormalize(q)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w) && Buffer.byteLength(w) <= MAX_WORD_BYTES)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}
