import type { Lookups, Named } from "~/features/places/lookups.server";
import { searchNormalize, searchStem, splitWords, STOP_WORDS, wordKey } from "~/features/search/search-words.server";
import { RENT_OFFER_TYPE_ID, VACATION_PERIOD_TYPE_IDS } from "~/features/places/lookups.server";
import type { FilterParam, FilterValues, Scope } from "./estate-filter.server";
import { distance } from "fastest-levenshtein";
import { amountsOf, type AmountWords } from "./amount-words.server";
import {
  ELEVATOR_WORDS,
  FINISHING_WORDS,
  FURNISHED_WORDS,
  GENERATOR_WORDS,
  GROUND_FLOOR_WORDS,
  HOLIDAY_WORDS,
  NEGATIONS,
  PERIOD_WORDS,
  STUDIO_AREA_MAX,
  STUDIO_WORDS,
  OFFER_WORDS,
  OWNERSHIP_WORDS,
  PLACE_NAMES,
  PLACES_ONLY_AS_WRITTEN,
  PARKING_WORDS,
  POOL_WORDS,
  PROTECTED_WORDS,
  SOLAR_WORDS,
  TYPE_WORDS,
} from "./query-vocabulary";

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
  | "rooms_min"
  | "estate_finishing"
  | "period_type_id"
  /** A holiday let without its period (HOLIDAY_WORDS): the vacation page. */
  | "holiday"
  // The facts of decision 093.
  | "solar"
  | "generator"
  | "elevator"
  | "parking";
/**
 * What a phrase means: a field and its value. A place name that several places share (المزرعة is in Damascus and in
 * another governorate) has `choices`, those places' ids and their governorates', and the search's governorate picks.
 */
type Meaning = {
  field: WordField;
  value: string;
  choices?: { id: string; governorate: string }[];
  /** A studio (STUDIO_WORDS): the apartment type, and a small area unless the words give one. */
  studio?: true;
};

/** The filters that only ask for a yes (or a quality): a word after a negation does not set them ("غير مكسية"). */
const YES_FIELDS: ReadonlySet<WordField> = new Set([
  "furnished",
  "swimming_pool",
  "floor",
  "estate_finishing",
  // The facts of decision 093.
  "solar",
  "generator",
  "elevator",
  "parking",
]);
/** Words for a room (after searchStem): "3 غرف", "3 rooms", "3 bedrooms", "3 نوم". */
const ROOM_STEMS = new Set(["غرف", "room", "bedroom", "bed", "br", "bd", "نوم"]);
/** A room count and its room word written as one: "3BR", "2bd", "4bed", "٣غرف" (keys: normalised, lowered). */
const JOINED_ROOMS = /^(\d{1,2})(br|bd|bed|beds|bhk|غرف|غرفه)$/;
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
  /** The filter words' phrases, stemmed (stemKey). */
  stems: Map<string, Meaning | null>;
  /**
   * Place names by placeKey (each word normalised and without its article, never stemmed: حلبون is not حلب, الكفرون
   * not الكفر).
   */
  places: Map<string, Meaning | null>;
  /** Latin spellings of place names by latinKey: Mezzeh, Mazzeh and Mazza are one. */
  latin: Map<string, Meaning | null>;
  /** The gazetteer's places (decision 095): by placeKey, a one-word name as written (with its article). */
  villages: Map<string, Meaning | null>;
  /** Their Latin spellings by latinKey. */
  villageLatin: Map<string, Meaning | null>;
};

const tablesOf = new WeakMap<Lookups, Tables>();

/** A phrase's key in the stem table: its words stemmed (searchStem), with single spaces. */
function stemKey(words: string[]): string {
  return words.map((w) => searchStem(searchNormalize(w))).join(" ");
}

/** A word's key in the place table: wordKey without an article (ال) that leaves two letters or more. */
function placeWord(key: string): string {
  return /^ال[ء-ي]{2,}/u.test(key) ? key.slice(2) : key;
}

/**
 * The word `key` (wordKey) without the clitics written joined to it, the longest cut last (decision 084): a
 * conjunction (و، ف), then a preposition (ب، ك، ل), or before the article بال، وبال، لل، ولل، and the colloquial
 * عال (على ال: عالعظم). A cut before the article keeps it ("بالمزرعة" → "المزرعه", the place as written); any other
 * cut leaves three letters or more ("بحلب" → "حلب"). None for PROTECTED_WORDS (بحر is not ب + حر) or a word without
 * such a beginning.
 */
export function cliticForms(key: string): string[] {
  if (PROTECTED_WORDS.has(key) || !/^[ء-ي]+$/u.test(key)) return [];
  const forms: string[] = [];
  const add = (form: string) => {
    if (form !== key && !forms.includes(form)) forms.push(form);
  };
  // Before the article: (و|ف)? then بال، كال، ال (after و/ف), لل or عال.
  const article = /^([وف]?)(بال|كال|ال|لل|عال)([ء-ي]{2,})$/u.exec(key);
  if (article && (article[1] || article[2] !== "ال")) {
    if (article[1] && article[2] !== "ال") add(key.slice(1));
    add(`ال${article[3]}`);
  }
  // Without the article: (و|ف)? then (ب|ك|ل)?, three letters or more left.
  const bare = /^([وف]?)([بكل]?)([ء-ي]{3,})$/u.exec(key);
  if (bare && (bare[1] || bare[2])) {
    if (bare[1] && bare[2]) add(key.slice(1));
    add(bare[3]);
  }
  return forms;
}

/**
 * A Latin place name's key (decision 056): accents dropped (the gazetteer's Ḩarastā is Harasta), lowered, without a leading al-/el-, letters only, each doubled letter once,
 * vowels folded (e → a, o → u, y → i), q → k, and without a final h, so Mezzeh, Mazzeh, Mazza and Mezze meet.
 */
export function latinKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
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
  const t: Tables = {
    exact: new Map(),
    stems: new Map(),
    places: new Map(),
    latin: new Map(),
    villages: new Map(),
    villageLatin: new Map(),
  };
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
  // A name of a list is also each of its parts: "Excellent finishing (super deluxe)", "موسمي (صيفي)".
  const names = (row: Named) => [row.name_ar, row.name_en].flatMap((n) => n.split(/[/()]/)).filter((n) => words(n).length);
  for (const deed of lookups.ownershipTypes) {
    filterWord([...names(deed), ...(OWNERSHIP_WORDS[deed.id] ?? [])], { field: "ownership_type_id", value: String(deed.id) });
  }
  // A studio is a small apartment (estate type 6, as TYPE_WORDS numbers them).
  if (lookups.byId.estateType.has(6)) filterWord(STUDIO_WORDS, { field: "estate_type_id", value: "6", studio: true });
  for (const status of lookups.interiorStatuses) {
    filterWord([...names(status), ...(FINISHING_WORDS[status.id] ?? [])], {
      field: "estate_finishing",
      value: String(status.id),
    });
  }
  for (const period of lookups.periodTypes) {
    filterWord([...names(period), ...(PERIOD_WORDS[period.id] ?? [])], { field: "period_type_id", value: String(period.id) });
  }
  filterWord(HOLIDAY_WORDS, { field: "holiday", value: "1" });
  filterWord(FURNISHED_WORDS, { field: "furnished", value: "1" });
  filterWord(POOL_WORDS, { field: "swimming_pool", value: "1" });
  filterWord(GROUND_FLOOR_WORDS, { field: "floor", value: "0" });
  // The facts (decision 093).
  filterWord(SOLAR_WORDS, { field: "solar", value: "1" });
  filterWord(GENERATOR_WORDS, { field: "generator", value: "1" });
  filterWord(ELEVATOR_WORDS, { field: "elevator", value: "1" });
  filterWord(PARKING_WORDS, { field: "parking", value: "1" });
  // Places: governorates before their places (a place named as its governorate is the governorate), then the other
  // names people give them (PLACE_NAMES). A place's name is matched whole, never stemmed (decision 084).
  const placeName = (name: string, meaning: Meaning) => {
    const keys = words(name).map(wordKey);
    put(t.exact, keys.join(" "), meaning);
    const key = keys.map(placeWord).join(" ");
    if (!PLACES_ONLY_AS_WRITTEN.has(key)) put(t.places, key, meaning);
    if (/^[A-Za-z0-9\s'-]+$/.test(name)) {
      const latin = latinKey(name);
      if (latin.length >= 4) put(t.latin, latin, meaning);
    }
  };
  const place = (row: Named, meaning: Meaning) => {
    // "Palmyra (Tadmur)" is also Palmyra and Tadmur.
    const parts = row.name_en.includes("(") ? row.name_en.split(/[()]/).map((p) => p.trim()) : [];
    for (const name of [row.name_ar, row.name_en, ...parts.filter(Boolean)]) placeName(name, meaning);
  };
  for (const g of lookups.governorates) place(g, { field: "governorate_id", value: String(g.id) });
  for (const g of lookups.governorates) {
    for (const l of g.locations) if (!l.from_gazetteer) place(l, { field: "location_id", value: String(l.id) });
  }
  // The gazetteer's towns and villages (decision 095), after every other word (a village named as an estate type or
  // a stop word is that word): a name of two words or more by its place key; a one-word name as written, and only
  // where the search or its words name its governorate (روضة is a garden as often as a village; the place finder
  // finds it alone); Latin spellings of eight letters or more.
  for (const g of lookups.governorates) {
    for (const l of g.locations) {
      if (!l.from_gazetteer) continue;
      const meaning: Meaning = { field: "location_id", value: String(l.id) };
      const keys = words(l.name_ar).map(wordKey);
      if (keys.length > 1) put(t.villages, keys.map(placeWord).join(" "), meaning);
      else put(t.villages, keys[0] ?? "", { ...meaning, choices: [{ id: String(l.id), governorate: String(g.id) }] });
      const latin = latinKey(l.name_en);
      if (latin.length >= 8) put(t.villageLatin, latin, meaning);
    }
  }
  for (const [governorate, name, names, within] of PLACE_NAMES) {
    const g = lookups.governorates.find((row) => row.name_en === governorate);
    const l = name ? g?.locations.find((row) => row.name_en === name) : undefined;
    if (!g || (name && !l)) continue;
    const meaning: Meaning = l
      ? {
          field: "location_id",
          value: String(l.id),
          ...(within ? { choices: [{ id: String(l.id), governorate: String(g.id) }] } : {}),
        }
      : { field: "governorate_id", value: String(g.id) };
    for (const alias of names) placeName(alias, meaning);
  }
  tablesOf.set(lookups, t);
  return t;
}

/**
 * What the words of a search say: the filter fields they set, the words left to search as text, and the listing page
 * they ask for when it is not the one searched (`scope`: a rent's period or "for rent" alone is the rent page, a
 * nightly, weekly or seasonal period or a holiday word the vacation page).
 */
export type FilterWords = { set: Partial<Record<FilterParam, string>>; q: string; scope?: Scope };

/**
 * Reads the filter words of `q` (decisions 056 and 084): place names (Arabic, English and Latin spellings; the longest
 * phrase first; prefixes such as بـ، لـ، و taken off), estate types and their plurals and synonyms (a studio is an
 * apartment of at most STUDIO_AREA_MAX m²), sale or rent (only when `offer`: the rent pages have their own),
 * furnished, a swimming pool, the ground floor, finishing, a rent's period and holiday words, room counts ("3 غرف",
 * "٣ غرف", "غرفتين", "3 bedrooms", "3BR": rooms_min), deed kinds, amounts (amountsOf: an area in m² and a price with
 * its currency; a price without one is in US dollars below 1,000,000, or 10,000 for a rent, and in Syrian pounds
 * from there), and stop words, which are dropped. What the words say replaces what the search's fields (`values`)
 * had chosen: the visitor typed it last (the home page's sale tab is chosen before anything is typed). A field the
 * words name twice keeps the first, the second stays text. A place replaces the search's place, except that a
 * governorate word leaves a place of that governorate chosen; a place shared by several governorates is the one of
 * the search's governorate or of the one the words name. `options.scope` is the page searched (all by default).
 * Returns the fields to set ("" to remove one), the other words as typed with single spaces, and the page the words
 * ask for. Never throws.
 */
export function filterWordsOf(
  q: string,
  values: Partial<FilterValues>,
  lookups: Lookups,
  options: { offer: boolean; scope?: Scope },
): FilterWords {
  const t = tables(lookups);
  // The amounts first: their numbers, units and currencies are not words (a blank keeps the other words' places).
  const amounts = amountsOf(q);
  let words = q;
  for (const a of amounts) words = `${words.slice(0, a.start)}${" ".repeat(a.end - a.start)}${words.slice(a.end)}`;
  // A word that normalising leaves without a letter or digit (tatweel alone) is no word (decision 056).
  const typed = splitWords(words).filter((w) => splitWords(searchNormalize(w)).length);
  const keys = typed.map(wordKey);
  const stems = keys.map(searchStem);
  const forms = keys.map((key) => [key, ...cliticForms(key)]);
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
  /** A holiday word was read (HOLIDAY_WORDS); a studio was read. */
  let holiday = false;
  let studio = false;
  const longTerm = (period: string) => !VACATION_PERIOD_TYPE_IDS.includes(Number(period));
  /** Applies a meaning; false when it contradicts the search (the words then stay text). */
  const apply = (meaning: Meaning): boolean => {
    let m = meaning;
    if (m.field === "estate_offer_type_id" && !options.offer) return false;
    if (m.field === "period_type_id" || m.field === "holiday") {
      // A period or a holiday is a rent: not with a sale the words named, nor a holiday with a long-term period.
      if (options.offer && set.estate_offer_type_id && set.estate_offer_type_id !== RENT) return false;
      if (m.field === "holiday" ? set.period_type_id && longTerm(set.period_type_id) : holiday && longTerm(m.value)) {
        return false;
      }
      if (m.field === "holiday") holiday = true;
      else if (set.period_type_id && set.period_type_id !== m.value) return false;
      else set.period_type_id = m.value;
      if (options.offer) set.estate_offer_type_id = RENT;
      return true;
    }
    if (
      m.field === "estate_offer_type_id" &&
      set.estate_offer_type_id === RENT &&
      m.value !== RENT &&
      (holiday || set.period_type_id)
    ) {
      return false;
    }
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
    const field = m.field as Exclude<WordField, "holiday">;
    if (set[field] && set[field] !== m.value) return false;
    set[field] = m.value;
    if (m.studio) studio = true;
    return true;
  };
  /**
   * The meaning of the phrase of `n` words at `i`, if any: the place as written, then the filter words by stem, then
   * the place names (never stemmed), then the Latin spellings; in each table the first word as typed first, then
   * without its clitics (cliticForms: "بحلب الجديدة" is حلب الجديدة).
   */
  function phrase(i: number, n: number): Meaning | null | undefined {
    const heads = forms[i];
    const tail = (key: (k: string) => string) => keys.slice(i + 1, i + n).map(key);
    const find = (map: Map<string, Meaning | null>, key: (k: string) => string) => {
      const rest = tail(key);
      for (const head of heads) {
        const meaning = map.get([key(head), ...rest].join(" "));
        if (meaning !== undefined) return meaning;
      }
      return undefined;
    };
    for (const [map, key] of [
      [t.exact, (k: string) => k],
      [t.stems, searchStem],
      [t.places, placeWord],
    ] as const) {
      const found = find(map, key);
      if (found !== undefined) return found;
    }
    const latin = typed.slice(i, i + n).every((w) => /^[A-Za-z0-9]+$/.test(w)) && /[A-Za-z]/.test(typed[i]);
    const key = latin ? latinKey(typed.slice(i, i + n).join("")) : "";
    if (key.length >= 4 && t.latin.has(key)) return t.latin.get(key);
    // The gazetteer's places last (decision 095): a one-word name as written, longer names by their place key.
    const village = find(t.villages, n === 1 ? (k: string) => k : placeWord);
    if (village !== undefined) return village;
    return key.length >= 8 ? t.villageLatin.get(key) : undefined;
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
    const joined = JOINED_ROOMS.exec(keys[i]);
    if (joined && Number(joined[1]) >= 1 && apply({ field: "rooms_min", value: joined[1] })) {
      i += 1;
      continue;
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
  const rent =
    options.scope === "rent" ||
    options.scope === "vacation" ||
    holiday ||
    (set.estate_offer_type_id ?? values.estate_offer_type_id) === RENT;
  for (const amount of amounts) {
    if (!applyAmount(set, amount, rent)) rest.push(q.slice(amount.start, amount.end));
  }
  if (studio && set.area_min === undefined && set.area_max === undefined) {
    Object.assign(set, { area_min: "", area_max: String(STUDIO_AREA_MAX) });
  }
  // The page a rent belongs on (decision 084), whether the words or the form (the home page's rent tab) chose the rent:
  // "for rent" is a monthly or yearly rent unless a period or a holiday word says otherwise.
  const offer = set.estate_offer_type_id ?? (options.offer ? values.estate_offer_type_id : undefined);
  const period = set.period_type_id || (options.offer && offer === RENT ? values.period_type_id : undefined);
  const scope: Scope | undefined = period
    ? longTerm(period)
      ? "rent"
      : "vacation"
    : holiday
      ? "vacation"
      : options.offer && offer === RENT
        ? "rent"
        : undefined;
  return { set, q: rest.join(" "), ...(scope ? { scope } : {}) };
}

/** The offer type of a rent, as a filter value (RENT_OFFER_TYPE_ID). */
const RENT = String(RENT_OFFER_TYPE_ID);

/**
 * Sets the filter fields of one amount of the words (amountsOf), both bounds of its range ("" for none) and for a price
 * its currency: the one named, else US dollars below 1,000,000 (10,000 for a `rent`: a monthly rent in pounds is
 * tens of thousands) and Syrian pounds from there (decision 084). False when the words already set that range: the
 * second stays text.
 */
function applyAmount(set: Partial<Record<FilterParam, string>>, amount: AmountWords, rent: boolean): boolean {
  const [min, max] = amount.kind === "area" ? (["area_min", "area_max"] as const) : (["price_min", "price_max"] as const);
  if (set[min] !== undefined || set[max] !== undefined) return false;
  set[min] = amount.min === undefined ? "" : String(amount.min);
  set[max] = amount.max === undefined ? "" : String(amount.max);
  if (amount.kind === "price") {
    const n = amount.max ?? amount.min ?? 0;
    set.currency = amount.currency ?? (n < (rent ? 10_000 : 1_000_000) ? "USD" : "SYP");
  }
  return true;
}

/** A name the search knows (a place, a type, a filter word), as people read it and as typed words are compared to it. */
type KnownName = { text: string; key: string };
const knownNamesOf = new WeakMap<Lookups, KnownName[]>();

/** A name's key for nearestQueries: latinKey for a Latin name, else each word normalised without its article. */
function nearKey(text: string): string {
  return /^[A-Za-z0-9\s'()-]+$/.test(text) ? latinKey(text) : splitWords(text).map(wordKey).map(placeWord).join(" ");
}

/** The names nearestQueries offers: the places (in both languages, and their other names) and the estate types. */
function knownNames(lookups: Lookups): KnownName[] {
  const known = knownNamesOf.get(lookups);
  if (known) return known;
  const texts = new Set<string>();
  // The site's own places: the gazetteer's 10,000 villages (decision 095) would drown the near names in villages a
  // letter away from every word; the place finder finds them.
  for (const g of lookups.governorates) {
    for (const row of [g, ...g.listed]) for (const name of [row.name_ar, row.name_en]) texts.add(name);
  }
  for (const [, , names] of PLACE_NAMES) for (const name of names) texts.add(name);
  for (const type of lookups.estateTypes) {
    for (const name of [type.name_ar, type.name_en, ...(TYPE_WORDS[type.id] ?? [])]) texts.add(name);
  }
  for (const words of [STUDIO_WORDS, FURNISHED_WORDS, POOL_WORDS, ...Object.values(FINISHING_WORDS)]) {
    for (const word of words) texts.add(word);
  }
  const names = [...texts].map((text) => ({ text, key: nearKey(text) })).filter((n) => n.key.length >= 3);
  knownNamesOf.set(lookups, names);
  return names;
}

/** How many letters a typed word may differ from a known name and still be offered: one, two from eight letters. */
const nearness = (key: string) => (key.length >= 8 ? 2 : 1);

/**
 * The nearest searches to the words `q` that found nothing (decision 084): each word that names nothing known
 * replaced by a known name (a place, a type, a finishing…) one or two letters away (Levenshtein distance on the
 * normalised spelling, the article and Latin vowels aside): "مزه" → "المزة", "jaramna" → "Jaramana". At most
 * `limit` queries, the nearest first, each `q` with one word replaced. [] when no word is near a known name.
 */
export function nearestQueries(q: string, lookups: Lookups, limit = 4): string[] {
  const typed = splitWords(q);
  const names = knownNames(lookups);
  const found: { q: string; d: number }[] = [];
  typed.forEach((word, i) => {
    const key = nearKey(word);
    if (key.length < 3 || STOP_WORDS.has(wordKey(word))) return;
    const most = nearness(key);
    for (const name of names) {
      if (Math.abs(name.key.length - key.length) > most || name.key === key) continue;
      const d = distance(key, name.key);
      if (d <= most) found.push({ q: [...typed.slice(0, i), name.text, ...typed.slice(i + 1)].join(" "), d });
    }
  });
  found.sort((a, b) => a.d - b.d || a.q.localeCompare(b.q));
  return [...new Set(found.map((f) => f.q))].slice(0, limit);
}
