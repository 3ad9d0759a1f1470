/**
 * The search pages the benchmarks measure (bench:pages draws from them; bench:search --pages measures each): words
 * people type, with or without a governorate, a sort and a room count, and filters alone, as the advanced search
 * form sends them.
 */

/** Words people type into the search box (Arabic and English). */
const WORDS = [
  "شقة مفروشة",
  "ارض زراعية",
  "villa pool",
  "شقة دمشق",
  "مسبح",
  "محل تجاري",
  "بيت عربي",
  "فيلا",
  "مكتب",
  "شقة للايجار",
  "apartment",
  "garden",
];
const GOVERNORATES = ["", "1", "2", "3", "4", "5", "6"];
const SORTS = ["", "price_asc", "price_desc", "newest", "area_desc"];
const ROOMS = ["", "2", "3"];
const OFFERS = ["", "1", "2"];

/** A search page's address from its parameters (empty ones left out), as the advanced search form sends it. */
function searchPath(params: Record<string, string>): string {
  const query = new URLSearchParams({ is_simple: "0" });
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return `/estates?${query}`;
}

/** Every combination measured: word searches (with a governorate, a sort, a room count) and filters alone. */
export function combinations(): { words: string[]; filters: string[] } {
  const words: string[] = [];
  for (const q of WORDS)
    for (const governorate_id of GOVERNORATES)
      for (const sort of SORTS) for (const rooms_min of ROOMS) words.push(searchPath({ q, governorate_id, sort, rooms_min }));
  const filters: string[] = [];
  for (const governorate_id of GOVERNORATES)
    for (const estate_offer_type_id of OFFERS)
      for (const sort of SORTS)
        for (const rooms_min of ROOMS) {
          if (governorate_id || estate_offer_type_id || rooms_min)
            filters.push(searchPath({ governorate_id, estate_offer_type_id, sort, rooms_min }));
        }
  return { words, filters };
}
