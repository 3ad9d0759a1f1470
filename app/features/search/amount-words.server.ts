import { DUNAM_M2 } from "~/features/listings/prices.server";

/**
 * Amounts written in a search (docs/decisions/084-search-reads-syrian-phrasing.md): an area with its unit ("150 متر",
 * "١٢٠ م٢", "90 sqm", "5 دونم": 5,000 m²), a price with its scale and currency ("50 الف دولار", "$50k", "2.5 مليون
 * ليرة"), each alone or after "تحت/أقل من/under" (a maximum), "فوق/أكثر من/over" (a minimum) or "بين … و …/between …
 * and …" (a range).
 * filter-words.server.ts makes them filters; nothing else reads this.
 */

/** The currency an amount names: US dollars or Syrian pounds (new pounds, decision 027); null when none is named. */
export type AmountCurrency = "USD" | "SYP" | null;

/**
 * One amount of a search: what it bounds, its bounds (a number alone is a range around it), its currency for a
 * price, and where it is in the text (`start`, `end`: UTF-16 indexes of the typed text).
 */
export type AmountWords = {
  kind: "area" | "price";
  /**
   * The lower bound (m² for an area, a dunam counted as 1,000; whole units of the currency for a price), or undefined
   * for none.
   */
  min?: number;
  /** The upper bound, as min. */
  max?: number;
  currency: AmountCurrency;
  start: number;
  end: number;
};

/** A number alone is this range around it: an area ±10%, a price ±20% (decision 084). */
export const AROUND = { area: 0.1, price: 0.2 } as const;

/** Not after a letter or digit (JavaScript's \b knows only ASCII words). */
const B = "(?<![\\p{L}\\p{N}])";
/** Not before a letter or digit. */
const E = "(?![\\p{L}\\p{N}])";
/** A number: digits with thousands separators or a decimal point (Western or Arabic). */
const NUM = "\\d+(?:[.,٫٬]\\d+)*";
/** The scale after a number: thousand, million, billion ("m" is a million only beside a currency). */
const SCALE = `(?:[أاآ]لف|[أاآ]لاف|k|thousands?|مليون|ملايين|million|mn|m|مليار|billion|bn)${E}`;
/** A currency after a number. */
const CUR_AFTER = `(?:\\$|(?:us\\$|usd|دولار(?:ات|اً|ا)?|dollars?|ليرة|ليره|ليرات|ل\\.\\s?س\\.?|ل\\s?س|syp|s\\.p\\.?|sp|lira|pounds?)${E})`;
/** A currency before a number. */
const CUR_BEFORE = "(?:\\$|us\\$|usd\\s?)";
/** One amount: an optional currency, the number, an optional scale and currency. Groups: currency, number, scale, currency. */
const AMOUNT = `(${CUR_BEFORE})?\\s?(?:بـ?)?(${NUM})\\s?(${SCALE})?\\s?(${CUR_AFTER})?`;
/** Words that make what follows a maximum. */
const AT_MOST = `(?:ب?[أا]قل\\s+من|تحت|ما\\s+دون|دون|حتى|لحد|under|below|less\\s+than|at\\s+most|max(?:imum)?|up\\s+to|no\\s+more\\s+than)${E}`;
/** Words that make what follows a minimum. */
const AT_LEAST = `(?:ب?[أا](?:كثر|كبر)\\s+من|فوق|over|above|more\\s+than|at\\s+least|min(?:imum)?)${E}`;
/** Words that announce a price without bounding it ("بسعر", "price", "around"). */
const PRICE_WORD = `(?:ب?سعر|ب?السعر|بحدود|حدود|حوالي|تقريبا|price|priced\\s+at|for|at|around|about|budget|ميزانية)${E}`;
/** Words that announce an area. */
const AREA_WORD = `(?:ب?مساحة|المساحة|مساحتها|مساحته|area|size)${E}`;
/** An area's unit (square metres). */
const AREA_UNIT = `(?:متر(?:اً|ا)?(?:\\s+مربع)?|[أا]متار|م\\s?2|م²|م|m\\s?2|m²|sqm|sq\\.?\\s?m|square\\s+met(?:er|re)s?|met(?:er|re)s?)${E}`;
/** An area's unit of 1,000 m², the dunam, in which land and farms are sold ("5 دونم", "2 dunams"). */
const DUNAM = `(?:دونم(?:ات|اً|ا)?|dunums?|dunams?|donums?)${E}`;
/** Words between the two ends of a range. */
const AND = "(?:و|and|[إا]لى|ل|to|-|–)";

const AREA = new RegExp(
  `${B}(?:(${AT_MOST})|(${AT_LEAST}))?\\s*(?:${AREA_WORD}\\s*)?(?:(?:بين|between|من|from)\\s+(${NUM})\\s*(?:${AREA_UNIT}|${DUNAM})?\\s*${AND}\\s*)?(?:بـ?)?(${NUM})\\s?(?:${AREA_UNIT}|(${DUNAM}))`,
  "giu",
);
const PRICE = new RegExp(
  `${B}(?:${PRICE_WORD}\\s*)?(?:(${AT_MOST})|(${AT_LEAST}))?\\s*(?:${PRICE_WORD}\\s*)?(?:(?:بين|between|من|from)\\s+${AMOUNT}\\s*${AND}\\s*)?${AMOUNT}`,
  "giu",
);

/**
 * A number as typed (Western digits), with thousands separators ("50,000", "50٬000", "1.500.000") or a decimal point
 * ("1.5", "1٫5", "1,5"): groups of three digits after a comma, or after several points, are thousands; else one
 * separator is a decimal point. NaN for anything else.
 */
export function parseNumber(text: string): number {
  const groups = text.split(/[.,٫٬]/);
  if (groups.length === 1) return Number(text);
  const separators = text.replace(/\d/g, "");
  if (groups.slice(1).every((g) => g.length === 3) && (groups.length > 2 || /[,٬]/.test(separators))) {
    return new Set(separators).size === 1 ? Number(groups.join("")) : NaN;
  }
  return groups.length === 2 ? Number(`${groups[0]}.${groups[1]}`) : NaN;
}

/** The multiplier of a scale word (thousand, million, billion), 1 without one. */
function scaleOf(word: string | undefined): number {
  if (!word) return 1;
  const w = word.toLowerCase();
  if (/^([أاآ]لف|[أاآ]لاف|k|thousands?)$/u.test(w)) return 1e3;
  if (/^(مليار|billion|bn)$/u.test(w)) return 1e9;
  return 1e6;
}

/** The currency a currency word names (null for none). */
function currencyOf(word: string | undefined): AmountCurrency {
  if (!word) return null;
  return /\$|usd|دولار|dollar/iu.test(word) ? "USD" : "SYP";
}

/** The smallest price written without a currency or a scale. */
const MIN_BARE_PRICE = 100;

/** The largest amounts the filter takes (search-query.ts: prices up to 10^15, areas up to 10^7). */
const LIMIT = { area: 1e7, price: 1e15 } as const;

/**
 * The amounts of `q` (its areas first, then its prices), each with its bounds: after a word of "at most" a maximum,
 * after "at least" a minimum, between two numbers a range, alone a range around it (AROUND). A number is a price only
 * with a currency, a scale, a bound word or a price word ("شقة 150" keeps its number as a word); "m" is a million
 * only beside a currency (else "150m" is no amount). Digits of any script. Amounts beyond the filter's limits, zero
 * or unreadable are left as words. Never throws.
 */
export function amountsOf(q: string): AmountWords[] {
  // Arabic-Indic and Persian digits as 0 to 9: one character each, so indexes stay those of `q`.
  const text = q
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const found: AmountWords[] = [];
  const taken = (start: number, end: number) => found.some((a) => start < a.end && a.start < end);
  for (const m of text.matchAll(AREA)) {
    const [, atMost, atLeast, from, value, dunam] = m;
    const start = m.index!;
    const end = start + m[0].trimEnd().length;
    // The filter's area is in m²: a dunam is 1,000 of them (both ends of a range are in the unit written last).
    const unit = dunam ? DUNAM_M2 : 1;
    const n = parseNumber(value) * unit;
    const low = from === undefined ? undefined : parseNumber(from) * unit;
    if (!(n > 0 && n <= LIMIT.area) || (low !== undefined && !(low > 0 && low <= n))) continue;
    found.push({ kind: "area", ...bounds(n, low, atMost, atLeast, AROUND.area), currency: null, start, end });
  }
  for (const m of text.matchAll(PRICE)) {
    const [, atMost, atLeast, curA1, numA, scaleA, curA2, curB1, numB, scaleB, curB2] = m;
    const start = m.index! + (m[0].length - m[0].trimStart().length);
    const end = m.index! + m[0].trimEnd().length;
    if (taken(start, end)) continue;
    const currency = currencyOf(curB1 ?? curB2) ?? currencyOf(curA1 ?? curA2);
    // "m" is a million only beside a currency; a bare number needs a word that makes it a price.
    if ((scaleB?.toLowerCase() === "m" || scaleA?.toLowerCase() === "m") && !currency) continue;
    const priceWord = new RegExp(`^\\s*${PRICE_WORD}`, "iu").test(m[0]);
    if (!currency && !scaleB && !atMost && !atLeast && !priceWord && numA === undefined) continue;
    const scale = scaleOf(scaleB);
    const n = Math.round(parseNumber(numB) * scale);
    const low = numA === undefined ? undefined : Math.round(parseNumber(numA) * (scaleA ? scaleOf(scaleA) : scale));
    if (!(n > 0 && n <= LIMIT.price) || (low !== undefined && !(low > 0 && low <= n))) continue;
    // A number without currency or scale is a price from 100 up ("for 2 people", "under 5 years" are words).
    if (!currency && !scaleB && n < MIN_BARE_PRICE) continue;
    found.push({ kind: "price", ...bounds(n, low, atMost, atLeast, AROUND.price), currency, start, end });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The bounds of an amount `n`: a range from `low`, a maximum, a minimum, or the range of ± `around` (whole units). */
function bounds(n: number, low: number | undefined, atMost: string | undefined, atLeast: string | undefined, around: number) {
  if (low !== undefined) return { min: low, max: n };
  if (atMost) return { max: n };
  if (atLeast) return { min: n };
  // Rounded outward, past a float's error (90 × 1.1 is 99.00000000000001).
  return { min: Math.floor(n * (1 - around) + 1e-9), max: Math.ceil(n * (1 + around) - 1e-9) };
}
