import type { Locale } from "~/platform/i18n/i18n";
import { latinKey } from "~/features/search/filter-words.server";
import { PLACE_NAMES } from "~/features/search/query-vocabulary";
import { splitWords, wordKey } from "~/features/search/search-words.server";
import { nameOf, placeName, type Lookups } from "~/features/places/lookups.server";
import type { FoundPlace } from "~/features/places/PlaceFinder";
import { FIND_PLACE_INTENT, PLACE_QUERY_FIELD } from "./PlaceField";

/**
 * The place finder (decision 095): among every place of Syria (the site's 241 and the gazetteer's 10,000 towns and
 * villages), the ones whose name begins with what was typed, in Arabic or a Latin spelling, forgiving what the word
 * search forgives (hamzas, taa marbuta and alif maqsura folded, tashkeel dropped, the article optional; Mezzeh,
 * Mazzeh and Mazza one; the other names of PLACE_NAMES). In memory: a scan of the names, well under a millisecond.
 */

/** One place the finder found, named in the page's language. */
export type PlaceMatch = {
  id: number;
  name: string;
  governorate_id: number;
  governorate: string;
  /** One of the gazetteer's places, not of the site's own list. */
  from_gazetteer: boolean;
};

type Entry = { id: number; governorate_id: number; from_gazetteer: boolean; keys: string[]; latin: string[] };

const indexes = new WeakMap<Lookups, Entry[]>();
/** One collator per language: made once, it compares names far faster than localeCompare does. */
const collators = { ar: new Intl.Collator("ar"), en: new Intl.Collator("en") } satisfies Record<Locale, Intl.Collator>;

/** An Arabic name's key: each word normalised (wordKey) and without its article (ال). */
function arabicKey(text: string): string {
  return splitWords(text)
    .map(wordKey)
    .map((w) => (/^ال[ء-ي]{2,}/u.test(w) ? w.slice(2) : w))
    .join(" ");
}

function index(lookups: Lookups): Entry[] {
  let entries = indexes.get(lookups);
  if (entries) return entries;
  const aliases = new Map<number, string[]>();
  for (const [governorate, place, names] of PLACE_NAMES) {
    const g = lookups.governorates.find((row) => row.name_en === governorate);
    const l = place ? g?.locations.find((row) => row.name_en === place) : undefined;
    if (l) aliases.set(l.id, [...(aliases.get(l.id) ?? []), ...names]);
  }
  entries = [];
  for (const g of lookups.governorates) {
    for (const l of g.locations) {
      const names = [l.name_ar, l.name_en, ...(aliases.get(l.id) ?? [])];
      entries.push({
        id: l.id,
        governorate_id: g.id,
        from_gazetteer: l.from_gazetteer,
        keys: [...new Set(names.map(arabicKey).filter((k) => /[ء-ي]/u.test(k)))],
        latin: [...new Set(names.map(latinKey).filter((k) => /[a-z]/.test(k)))],
      });
    }
  }
  indexes.set(lookups, entries);
  return entries;
}

/**
 * The places whose name (or another name of it) begins with `q`, or has a word that does: those named exactly `q`
 * first, then by the start of their name, then by a later word; the site's own places before the gazetteer's, then
 * by name. At most `limit` (`more` when others were left out); none for a `q` without a letter. Only in
 * `governorateId`'s governorate when given. Named in `locale`. Never throws.
 */
export function findPlaces(
  lookups: Lookups,
  q: string,
  locale: Locale,
  options: { limit?: number; governorateId?: number } = {},
): { matches: PlaceMatch[]; more: boolean } {
  const limit = options.limit ?? 30;
  const arabic = arabicKey(q);
  const latin = latinKey(q);
  const hasArabic = /[ء-ي]/u.test(arabic);
  if (!hasArabic && latin.length < 2) return { matches: [], more: false };
  const rankOf = (e: Entry): number => {
    let best = 9;
    if (hasArabic) {
      for (const k of e.keys) {
        if (k === arabic) return 0;
        if (k.startsWith(arabic)) best = Math.min(best, 1);
        else if (k.includes(` ${arabic}`)) best = Math.min(best, 2);
      }
    } else {
      for (const k of e.latin) {
        if (k === latin) return 0;
        if (k.startsWith(latin)) best = Math.min(best, 1);
        else if (latin.length >= 3 && k.includes(latin)) best = Math.min(best, 2);
      }
    }
    return best;
  };
  const found: { e: Entry; rank: number; name: string }[] = [];
  for (const e of index(lookups)) {
    if (options.governorateId && e.governorate_id !== options.governorateId) continue;
    const rank = rankOf(e);
    if (rank < 9) found.push({ e, rank, name: nameOf(lookups.locationById.get(e.id)!.location, locale)! });
  }
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.e.from_gazetteer) - Number(b.e.from_gazetteer) ||
      collators[locale].compare(a.name, b.name) ||
      a.e.id - b.e.id,
  );
  const matches = found.slice(0, limit).map(({ e, name }) => ({
    id: e.id,
    name,
    governorate_id: e.governorate_id,
    governorate: nameOf(lookups.locationById.get(e.id)!.governorate, locale)!,
    from_gazetteer: e.from_gazetteer,
  }));
  return { matches, more: found.length > limit };
}

/**
 * The place of `locationId` when the place selects do not list it (a town or village of the gazetteer, decision
 * 095): its id and "governorate, place" in `locale`, for a select to show it as its first option; else null.
 */
export function gazetteerPlace(lookups: Lookups, locationId: unknown, locale: Locale): { id: number; name: string } | null {
  const place =
    typeof locationId === "string" && /^\d+$/.test(locationId) ? lookups.locationById.get(Number(locationId)) : undefined;
  return place?.location.from_gazetteer ? { id: place.location.id, name: placeName(lookups, place.location.id, locale) } : null;
}

/** The place finder's step inside a form: what was typed (`q`), the places found (at most 30) and whether more exist. */
export type PlaceStep = { q: string; places: FoundPlace[]; more: boolean };

/**
 * The place finder's step of a form with a place (decision 095: every locality chosen without JavaScript): when the
 * form was sent by its "Find" button (`intent=find-place`), the places whose name begins with the text of its
 * `place_q` field (findPlaces, named in `locale`), which the form shows first in its place select; null for any other
 * post. Never throws.
 */
export function placeStepOf(form: FormData, lookups: Lookups, locale: Locale): PlaceStep | null {
  if (form.get("intent") !== FIND_PLACE_INTENT) return null;
  const typed = form.get(PLACE_QUERY_FIELD);
  const q = (typeof typed === "string" ? typed : "").trim().slice(0, 100);
  const found = q ? findPlaces(lookups, q, locale, { limit: 30 }) : { matches: [], more: false };
  return {
    q,
    places: found.matches.map((m) => ({ id: m.id, name: m.name, governorate: m.governorate })),
    more: found.more,
  };
}
