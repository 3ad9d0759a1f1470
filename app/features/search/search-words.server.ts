import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";

/**
 * The words of a search (docs/decisions/056-search-words-as-people-type-them.md): normalised and stemmed in
 * TypeScript exactly as SQL's search_normalize and search_words (migration 0021) make the documents' words, then
 * written as a tsquery that PostgreSQL always accepts.
 */

/** What search_normalize removes: tashkeel (U+064B to U+065F), superscript alef (U+0670) and tatweel (U+0640). */
const UNWRITTEN = /[\u064B-\u065F\u0670\u0640]/g;
/**
 * What search_normalize folds: hamza and wasla forms of alef to alef, taa marbuta to haa, alif maqsura to yaa, and
 * Arabic-Indic (U+0660 to U+0669) and Persian (U+06F0 to U+06F9) digits to 0 to 9.
 */
const FOLDED: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ة: "ه", ى: "ي" };

/**
 * `text` as SQL's search_normalize (migration 0021, decision 056) makes it, character for character: the
 * tashkeel and tatweel removed, the alef, taa marbuta and alif maqsura forms Arabic writers vary folded, Arabic-Indic
 * and Persian digits read as 0 to 9. It does not lower Latin letters: the 'simple' text search dictionary lowers every
 * word, of the documents and of the query alike. tests/search-words.test.ts compares the two on random text against
 * PGlite and PostgreSQL. Never throws.
 */
export function searchNormalize(text: string): string {
  return text
    .replace(UNWRITTEN, "")
    .replace(/[أإآٱةى]/g, (c) => FOLDED[c])
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * Words whose stem is not what the rules of searchStem give (migration 0021 has the same table, in search_words):
 * broken plurals of the property words and the duals the rules would cut wrongly, and English synonyms (a flat is
 * an apartment, a store a shop, a plot land, a house a home). Keys are normalised (searchNormalize) and without
 * their article; values are the stem of the singular as the rules make it (شقة → شقه → شق).
 */
export const STEMS: Readonly<Record<string, string>> = {
  شقق: "شق",
  شقتين: "شق",
  شقتان: "شق",
  فلل: "فيلا",
  فله: "فيلا",
  فيله: "فيلا",
  فيلات: "فيلا",
  فلات: "فيلا",
  محال: "محل",
  دكاكين: "دكان",
  مكاتب: "مكتب",
  اراضي: "ارض",
  اراض: "ارض",
  بيوت: "بيت",
  منازل: "منزل",
  مزارع: "مزرع",
  شاليه: "شالي",
  شاليهات: "شالي",
  ابنيه: "بناي",
  مخازن: "مخزن",
  طوابق: "طابق",
  مسابح: "مسبح",
  حدائق: "حديق",
  غرفتين: "غرف",
  غرفتان: "غرف",
  flat: "apartment",
  flats: "apartment",
  store: "shop",
  stores: "shop",
  plot: "land",
  plots: "land",
  house: "home",
  houses: "home",
  properties: "property",
};

/**
 * The stem of one normalised word, as SQL's search_words makes it (migrations 0021 and 0024, decisions 056 and
 * 066): a word of ASCII letters lowered; an Arabic word without its article (ال، وال، بال، فال، كال، لل) when two
 * letters or more remain, or without a leading و ("and") when four remain (وحديقة → حديقة); then the
 * word of STEMS, else without an English plural s (pools → pool, not glass), an Arabic ات، ون or ين (three letters
 * left) or the ه of a taa marbuta (two letters left); last, every ASCII letter lowered. Never throws.
 */
export function searchStem(word: string): string {
  return stemOf(word).replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** searchStem before its ASCII letters are lowered (only a word of letters is lowered before the rules). */
function stemOf(word: string): string {
  let w = word;
  if (/^[A-Za-z]+$/.test(w)) w = w.toLowerCase();
  else if (/^(وال|بال|فال|كال)[ء-ي]{2,}$/u.test(w)) w = w.slice(3);
  else if (/^(ال|لل)[ء-ي]{2,}$/u.test(w)) w = w.slice(2);
  else if (/^و[ء-ي]{4,}$/u.test(w)) w = w.slice(1);
  if (Object.hasOwn(STEMS, w)) return STEMS[w];
  if (/^[a-z]{3,}[^s]s$/.test(w)) return w.slice(0, -1);
  if (/^[ء-ي]{3,}(ات|ون|ين)$/u.test(w)) return w.slice(0, -2);
  if (/^[ء-ي]{2,}ه$/u.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * Words a search drops (decision 056): Arabic and English prepositions and conjunctions that say nothing of a
 * listing. Written normalised; compared with a word's normalised, lowered spelling before stemming.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "في",
  "من",
  "مع",
  "علي",
  "الي",
  "عن",
  "و",
  "او",
  "ب",
  "قرب",
  "بجانب",
  "جانب",
  "ذات",
  "فيها",
  "in",
  "at",
  "on",
  "of",
  "the",
  "a",
  "an",
  "and",
  "or",
  "with",
  "near",
  "for",
  "by",
  "to",
]);

/**
 * The words of `text` as typed, cut where the application and SQL's search_words cut them: at every character that
 * is not a letter, a digit or a mark (punctuation, spaces, joiners, symbols). Words without a letter or a digit are
 * dropped. The originals are kept (for the text left after the filter words, decision 056).
 */
export function splitWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** A word as typed → its normalised spelling (searchNormalize, ASCII lowered) as STOP_WORDS and the filter words compare it. */
export function wordKey(word: string): string {
  return searchNormalize(word).toLowerCase();
}

/** Whether a word as typed is a stop word (STOP_WORDS). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(wordKey(word));
}

/**
 * The stems of `text` (normalised, cut into words, each stemmed), as the documents' tsvector holds them (SQL's
 * search_words). Words left empty by normalising are dropped.
 */
export function searchWords(text: string): string[] {
  return splitWords(searchNormalize(text)).map(searchStem);
}

/** Words a query keeps: the rest of a long text is dropped. */
const MAX_WORDS = 8;
/**
 * The longest word kept, in UTF-8 bytes: PostgreSQL indexes no longer word (so none could match) and refuses a
 * longer one in a tsquery. The search box sends at most 100 characters, so only a model's caller meets it.
 */
const MAX_WORD_BYTES = 2047;
/**
 * Stems shorter than this are matched whole, longer ones as prefixes (decision 056): "مز" (مزة) must not find
 * "مزرعة", while "مسب" still finds "مسبح" as the visitor types.
 */
const PREFIX_FROM = 3;

/**
 * The stems `q` is searched by (decision 056): stop words dropped, each other word stemmed as the documents were
 * (searchWords), a word too long to be indexed dropped, duplicates once, at most MAX_WORDS. Empty when none is left.
 */
export function queryStems(q: string): string[] {
  const stems = splitWords(searchNormalize(q))
    .filter((w) => !STOP_WORDS.has(w.toLowerCase()))
    .map(searchStem)
    .filter((w) => Buffer.byteLength(w) <= MAX_WORD_BYTES);
  return [...new Set(stems)].slice(0, MAX_WORDS);
}

/**
 * The words of `q` as a tsquery text for `to_tsquery('simple', ...)` (decision 056): queryStems, each a
 * prefix when it has PREFIX_FROM characters or more (`مسب` finds `مسبح`), all required; with `weight` "A", each
 * matches only the listing's title (offer type, estate type and place names: migration 0021's weight A). Null when
 * no word is left: the search then has no words. Never throws, and PostgreSQL accepts whatever it returns.
 */
export function wordsQuery(q: string, weight: "" | "A" = ""): string | null {
  const stems = queryStems(q);
  if (!stems.length) return null;
  return stems.map((w) => `${w}:${[...w].length >= PREFIX_FROM ? "*" : ""}${weight}`.replace(/:$/, "")).join(" & ");
}

/**
 * How a search's words weigh on finding its page (decision 072): none, "rare" (one word few listings hold: the words'
 * index finds them at once) or "common" (many hold every word: the index's bitmap is large).
 */
export type WordsKind = "none" | "rare" | "common";

/** How long the common stems read from PostgreSQL's statistics are kept, in milliseconds (they change with ANALYZE). */
const COMMON_STEMS_MS = 10 * 60_000;
const commonStemsOf = new WeakMap<Db, { at: number; listed: (stem: string) => boolean }>();

/**
 * The stems that PostgreSQL's statistics list as the most common of the listings' words (pg_stats.most_common_elems
 * of estates.search_tsv: at 1,000,000 listings, the 428 stems held by more than about 1% of them), kept
 * COMMON_STEMS_MS per database, as a stemMatcher. Empty before the first ANALYZE. Throws the database's errors.
 */
async function commonStems(db: Db): Promise<(stem: string) => boolean> {
  const kept = commonStemsOf.get(db);
  if (kept && Date.now() - kept.at < COMMON_STEMS_MS) return kept.listed;
  const { rows } = (await db.execute(
    sql`select coalesce(most_common_elems::text::text[], '{}') as "stems" from pg_stats
      where schemaname = current_schema() and tablename = 'estates' and attname = 'search_tsv'`,
  )) as unknown as { rows: { stems: string[] }[] };
  const listed = stemMatcher(rows[0]?.stems ?? []);
  commonStemsOf.set(db, { at: Date.now(), listed });
  return listed;
}

/** Forgets the common stems read of `db`, so that the next search reads them again (tests, after an ANALYZE). */
export function forgetCommonStems(db: Db): void {
  commonStemsOf.delete(db);
}

/**
 * A test of stems against a list of stems as wordsQuery matches them: a stem matches a word it equals, or that it begins
 * when it has three characters or more (a prefix query). The words are sorted once, so a stem is looked up by binary
 * search (O(log n)) instead of compared with every word: the title words (estate-search.server.ts) hold every place of
 * the gazetteer, tens of thousands of stems, and a search with words asks for them on every page.
 */
export function stemMatcher(words: Iterable<string>): (stem: string) => boolean {
  const sorted = [...new Set(words)].sort();
  const exact = new Set(sorted);
  return (stem) => {
    if (exact.has(stem)) return true;
    if ([...stem].length < 3) return false;
    // The first word not below the stem: the words it begins, if any, follow it in code-unit order.
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] < stem) low = middle + 1;
      else high = middle;
    }
    return low < sorted.length && sorted[low].startsWith(stem);
  };
}

/**
 * Whether the words `q` of a search are none, rare or common (decision 072), as findPage reads them: "rare" when one of its
 * stems (a prefix from three characters, as wordsQuery matches it) matches none of the common stems (commonStems),
 * so the words' index holds few listings for it; "common" otherwise. Without a budget (PGlite) the statistics are not
 * read. Throws the database's errors.
 */
export async function wordsKindOf(db: Db, q: string | undefined, budgetMs: number): Promise<WordsKind> {
  const stems = q ? queryStems(q) : [];
  if (!stems.length) return "none";
  if (budgetMs === 0) return "common";
  const listed = await commonStems(db);
  return stems.every(listed) ? "common" : "rare";
}
