import type { Lookups, Named } from "~/features/places/lookups.server";
import { searchNormalize, searchStem, splitWords, STOP_WORDS, wordKey } from "~/features/search/search-words.server";
import type { FilterParam, FilterValues } from "./estate-filter.server";

/**
 * Words of a search that name a filter (docs/decisions/056-search-words-as-people-type-them.md): "شقة مفروشة في
 * المزة ٣ غرف" is the search of the filters apartment, furnished, Mezzeh and 3 rooms or more, and the page redirects
 * to it, so that one search has one address. What is not a filter word or a stop word stays the text searched.
 */

/** The filter fields a word can set. */
type WordField =
  | "location_id"
  | "governorate_id"
  | "estate_type_id"
  | "estate_offer_type_id"
  | "furnished"
  | "swimming_pool"
  | "floor"
  | "ownership_type_id"
  | "rooms_min";
/**
 * What a phrase means: a field and its value. A place name that several places share (المزرعة is in Damascus and in
 * another governorate) has `choices`, those places' ids and their governorates', and the search's governorate picks.
 */
type Meaning = { field: WordField; value: string; choices?: { id: string; governorate: string }[] };

/**
 * The words people use for each estate type beside its own names (estate_types ids of the seed: 1 home,
 * 2 farm, 3 land, 4 shop, 5 villa, 6 apartment, 7 office, 8 chalet). Plurals need not be listed when the stemmer
 * folds them (search-words.server.ts, STEMS); they are for the reader.
 */
const TYPE_WORDS: Record<number, string[]> = {
  1: ["منزل", "منازل", "بيت", "بيوت", "دار", "home", "homes", "house", "houses"],
  2: ["مزرعة", "مزارع", "farm", "farms"],
  3: ["أرض", "أراضي", "قطعة أرض", "land", "lands", "plot", "plots"],
  4: ["محل", "محلات", "محال", "دكان", "دكاكين", "محل تجاري", "shop", "shops", "store", "stores"],
  5: ["فيلا", "فيلات", "فلل", "فلة", "villa", "villas"],
  6: ["شقة", "شقق", "apartment", "apartments", "flat", "flats"],
  7: ["مكتب", "مكاتب", "office", "offices"],
  8: ["شاليه", "شاليهات", "chalet", "chalets"],
};
/** Sale (estate_offer_types id 1) and rent (2), as a search names them. */
const OFFER_WORDS: Record<number, string[]> = {
  1: ["بيع", "للبيع", "شراء", "sale", "buy"],
  2: ["إيجار", "للإيجار", "أجار", "آجار", "rent", "rental"],
};
/** The deed kinds (ownership_types ids 1 to 6) beside their own names: "طابو" alone is the green deed people mean. */
const OWNERSHIP_WORDS: Record<number, string[]> = {
  1: ["طابو", "طابو أخضر", "tabu", "title deed", "green deed"],
  2: ["حكم محكمة", "court ruling"],
  3: ["كاتب عدل", "وكالة كاتب عدل", "power of attorney"],
  4: ["طابو أسهم", "أسهم"],
  5: ["سكن شبابي", "جمعية", "سكن جمعية"],
  6: ["فروغ"],
};
const FURNISHED_WORDS = ["مفروش", "مفروشة", "furnished"];
/** A swimming pool (decision 071): the listing's own field answers, not the words of its description. */
const POOL_WORDS = ["مسبح", "مسابح", "مسبح خاص", "حمام سباحة", "pool", "pools", "swimming pool", "private pool"];
/**
 * The ground floor (decision 073): floor 0, the listing's own field, not the words of its description (which hold
 * "طابق أرضي" for every ground-floor listing, 15% of them). أرضية stems as أرضي: "شقة أرضية" is a ground-floor flat.
 */
const GROUND_FLOOR_WORDS = ["طابق أرضي", "الطابق الأرضي", "أرضي", "ground floor"];
/** The filters that only ask for a yes: a word after a negation does not set them. */
const YES_FIELDS: ReadonlySet<WordField> = new Set(["furnished", "swimming_pool", "floor"]);
/** Words that say "not": "غير مفروش", "بدون مسبح" are no filter (those filters only ask for a yes). */
const NEGATIONS = new Set(["غير", "بدون", "not", "non", "no"]);
/** Words for a room (after searchStem): "3 غرف", "3 rooms", "3 bedrooms". */
const ROOM_STEMS = new Set(["غرف", "room", "bedroom", "bed", "br"]);
/** A room count written in words, then a room word: "ثلاث غرف". Keys normalised (wordKey). */
const NUMBER_WORDS: Record<string, number> = { ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4, خمس: 5, خمسه: 5, ست: 6, سته: 6 };
/** Two rooms in one word, the dual (wordKey of غرفتين، غرفتان). */
const TWO_ROOMS = new Set(["غرفتين", "غرفتان"]);
/** The longest phrase looked up, in words ("وكالة كاتب عدل", "Mezzeh Western Villas"). */
const LONGEST = 4;

/** The phrase tables of one lookups object (built once per lookups). */
type Tables = {
  /** Place names as written (normalised, lowered, article kept): "المزرعه" is the place, "مزرعه" the estate type. */
  exact: Map<string, Meaning | null>;
  /** Stemmed phrases: the filter words first, then place names; null where two places share a name. */
  stems: Map<string, Meaning | null>;
  /** Latin spellings of place names by latinKey: Mezzeh, Mazzeh and Mazza are one. */
  latin: Map<string, Meaning | null>;
};

const tablesOf = new WeakMap<Lookups, Tables>();

/** A phrase's key in the stem table: its words stemmed (searchStem), with single spaces. */
function stemKey(words: string[]): string {
  return words.map((w) => searchStem(searchNormalize(w))).join(" ");
}

/**
 * A Latin place name's key (decision 056): lowered, without a leading al-/el-, letters only, each doubled letter once,
 * vowels folded (e → a, o → u, y → i), q → k, and without a final h, so Mezzeh, Mazzeh, Mazza and Mezze meet.
 */
export function latinKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^(al|el)[-\s]+/, "")
    .replace(/[^a-z0-9]/g, "")
    .replace(/(.)\1+/g, "$1")
    .replace(/e/g, "a")
    .replace(/o/g, "u")
    .replace(/y/g, "i")
    .replace(/q/g, "k")
    .replace(/(.)\1+/g, "$1")
    .replace(/h$/, "");
}

function tables(lookups: Lookups): Tables {
  const known = tablesOf.get(lookups);
  if (known) return known;
  const t: Tables = { exact: new Map(), stems: new Map(), latin: new Map() };
  /**
   * The first meaning of a key stays, except that places of one name (not a governorate and its own place) become
   * one meaning with choices.
   */
  const put = (map: Map<string, Meaning | null>, key: string, meaning: Meaning) => {
    if (!key) return;
    const had = map.get(key);
    if (had === undefined) map.set(key, meaning);
    else if (had && had.field === "location_id" && meaning.field === "location_id" && had.value !== meaning.value) {
      const choice = (m: Meaning) => m.choices ?? [{ id: m.value, governorate: governorateOf(m.value) }];
      const choices = [...choice(had), ...choice(meaning)].filter((c, i, all) => all.findIndex((o) => o.id === c.id) === i);
      map.set(key, { field: "location_id", value: "", choices });
    }
  };
  const governorateOf = (locationId: string) => String(lookups.locationById.get(Number(locationId))?.governorate.id);
  const words = (phrase: string) => splitWords(phrase);
  // The filter words first: a place whose stem is an estate type's (المزرعة, a quarter of Damascus) is found only as
  // written, with its article.
  const filterWord = (list: string[], meaning: Meaning) => {
    for (const phrase of list) put(t.stems, stemKey(words(phrase)), meaning);
  };
  for (const type of lookups.estateTypes) {
    filterWord([type.name_ar, type.name_en, ...(TYPE_WORDS[type.id] ?? [])], { field: "estate_type_id", value: String(type.id) });
  }
  for (const offer of lookups.offerTypes) {
    filterWord([offer.name_ar, offer.name_en, ...(OFFER_WORDS[offer.id] ?? [])], {
      field: "estate_offer_type_id",
      value: String(offer.id),
    });
  }
  for (const deed of lookups.ownershipTypes) {
    const names = [deed.name_ar, deed.name_en].flatMap((n) => n.split(/[/()]/)).filter((n) => words(n).length);
    filterWord([...names, ...(OWNERSHIP_WORDS[deed.id] ?? [])], { field: "ownership_type_id", value: String(deed.id) });
  }
  filterWord(FURNISHED_WORDS, { field: "furnished", value: "1" });
  filterWord(POOL_WORDS, { field: "swimming_pool", value: "1" });
  filterWord(GROUND_FLOOR_WORDS, { field: "floor", value: "0" });
  // Places: governorates before their places (a place named as its governorate is the governorate).
  const place = (row: Named, meaning: Meaning) => {
    for (const name of [row.name_ar, row.name_en]) {
      put(t.exact, words(name).map(wordKey).join(" "), meaning);
      put(t.stems, stemKey(words(name)), meaning);
    }
    const latin = latinKey(row.name_en);
    if (latin.length >= 4) put(t.latin, latin, meaning);
  };
  for (const g of lookups.governorates) place(g, { field: "governorate_id", value: String(g.id) });
  for (const g of lookups.governorates) for (const l of g.locations) place(l, { field: "location_id", value: String(l.id) });
  tablesOf.set(lookups, t);
  return t;
}

/** What the words of a search say: the filter fields they set and the words left to search as text. */
export type FilterWords = { set: Partial<Record<FilterParam, string>>; q: string };

/**
 * Reads the filter words of `q` (decision 056): place names (Arabic, English and Latin spellings; the longest phrase
 * first), estate types and their plurals and synonyms, sale or rent (only when `offer`: the rent pages have their
 * own), furnished, a swimming pool, the ground floor, room counts ("3 غرف", "٣ غرف", "غرفتين", "3 bedrooms": rooms_min), deed kinds, and stop words,
 * which are dropped. What the words say replaces what the search's fields (`values`) had chosen: the visitor typed
 * it last (the home page's sale tab is chosen before anything is typed). A field the words name twice keeps the first,
 * the second stays text. A place replaces the search's place, except that a governorate word leaves a place of that
 * governorate chosen; a place shared by several governorates is the one of the search's governorate or of the one
 * the words name. Returns the fields to set ("" to remove one) and the other words as typed, with single spaces.
 * Never throws.
 */
export function filterWordsOf(
  q: string,
  values: Partial<FilterValues>,
  lookups: Lookups,
  options: { offer: boolean },
): FilterWords {
  const t = tables(lookups);
  // A word that normalising leaves without a letter or digit (tatweel alone) is no word (decision 056).
  const typed = splitWords(q).filter((w) => splitWords(searchNormalize(w)).length);
  const keys = typed.map(wordKey);
  const stems = keys.map(searchStem);
  const set: Partial<Record<FilterParam, string>> = {};
  const rest: string[] = [];
  const governorateOf = (locationId: string) => String(lookups.locationById.get(Number(locationId))?.governorate.id);
  /** The governorates the words name anywhere: a place name several places share is the one in that governorate. */
  const named = new Set<string>();
  for (let i = 0; i < typed.length; i++) {
    for (let n = 1; n <= LONGEST && i + n <= typed.length; n++) {
      const m = phrase(i, n);
      if (m?.field === "governorate_id") named.add(m.value);
    }
  }
  /** Applies a meaning; false when it contradicts the search (the words then stay text). */
  const apply = (meaning: Meaning): boolean => {
    let m = meaning;
    if (m.field === "estate_offer_type_id" && !options.offer) return false;
    // The words' own place, else the search's.
    const location = set.location_id || (set.governorate_id ? "" : (values.location_id ?? ""));
    const governorate = set.governorate_id || (set.location_id ? "" : (values.governorate_id ?? ""));
    if (m.choices) {
      const within = location ? governorateOf(location) : governorate || (named.size === 1 ? [...named][0] : "");
      const choice = m.choices.find((c) => c.governorate === within);
      if (!choice) return false;
      m = { field: "location_id", value: choice.id };
    }
    if (m.field === "governorate_id") {
      if (set.location_id || set.governorate_id) return (set.governorate_id || governorateOf(set.location_id!)) === m.value;
      // The search's place within this governorate stays (the word says no more); another gives way.
      if (location && governorateOf(location) === m.value) return true;
      Object.assign(set, { governorate_id: m.value, location_id: "" });
      return true;
    }
    if (m.field === "location_id") {
      if (set.location_id) return set.location_id === m.value;
      if (set.governorate_id && governorateOf(m.value) !== set.governorate_id) return false;
      Object.assign(set, { location_id: m.value, governorate_id: "" });
      return true;
    }
    // A field the words set once; what they say replaces what the form had chosen.
    if (set[m.field] && set[m.field] !== m.value) return false;
    set[m.field] = m.value;
    return true;
  };
  /** The meaning of the phrase of `n` words at `i`, if any. */
  function phrase(i: number, n: number): Meaning | null | undefined {
    const exact = t.exact.get(keys.slice(i, i + n).join(" "));
    if (exact !== undefined) return exact;
    const stem = t.stems.get(stems.slice(i, i + n).join(" "));
    if (stem !== undefined) return stem;
    if (typed.slice(i, i + n).every((w) => /^[A-Za-z]+$/.test(w))) {
      const key = latinKey(typed.slice(i, i + n).join(""));
      if (key.length >= 4) return t.latin.get(key);
    }
    return undefined;
  }
  let i = 0;
  while (i < typed.length) {
    const negated = i > 0 && NEGATIONS.has(keys[i - 1]);
    // A room count: a number (digits of any script, or in words) and a room word, or the dual غرفتين.
    const count = /^\d{1,2}$/.test(keys[i]) ? Number(keys[i]) : NUMBER_WORDS[keys[i]];
    if (count !== undefined && i + 1 < typed.length && ROOM_STEMS.has(stems[i + 1]) && count >= 1 && count <= 50) {
      const n = i + 2 < typed.length && keys[i + 2] === "نوم" ? 3 : 2;
      if (apply({ field: "rooms_min", value: String(count) })) {
        i += n;
        continue;
      }
    }
    if (TWO_ROOMS.has(keys[i]) && apply({ field: "rooms_min", value: "2" })) {
      i += 1;
      continue;
    }
    let matched = 0;
    for (let n = Math.min(LONGEST, typed.length - i); n >= 1 && !matched; n--) {
      const meaning = phrase(i, n);
      if (meaning && !(negated && YES_FIELDS.has(meaning.field)) && apply(meaning)) matched = n;
    }
    if (matched) {
      i += matched;
      continue;
    }
    if (!STOP_WORDS.has(keys[i])) rest.push(typed[i]);
    i += 1;
  }
  return { set, q: rest.join(" ") };
}
