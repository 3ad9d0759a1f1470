/**
 * The shape of one demo listing (docs/decisions/026-believable-demo-data.md): its row of the price table,
 * its size and unit, its floor, and its descriptions in both languages. Used by listings.server.ts.
 */
import { CHALET, FARM, FLAT, HOME, LAND, OFFICE, SHOP, VILLA, type Offer, type saleUsdPerM2 } from "./data/market";
import type { PlaceKind } from "./data/places";
import type { Random } from "./random";

/** The row of the sale price table for a type (land: a plot in m² or farmland by the dunam). */
export function tableRow(typeId: number, areaUnit: number): keyof typeof saleUsdPerM2 {
  switch (typeId) {
    case HOME:
      return "home";
    case FARM:
      return "farm";
    case LAND:
      return areaUnit === 2 ? "field" : "plot";
    case SHOP:
      return "shop";
    case VILLA:
      return "villa";
    case OFFICE:
      return "office";
    case CHALET:
      return "chalet";
    default:
      return "flat";
  }
}

/** Area (m², or dunams for farms and farmland) and its unit (1 m², 2 dunam) for a type in a kind of place. */
export function sizeFor(
  random: Random,
  typeId: number,
  place: { kind: PlaceKind; cheap: boolean },
  offer: Offer,
): { area: number; areaUnit: number } {
  const kind = place.kind;
  const m2 = (area: number) => ({ area, areaUnit: 1 });
  switch (typeId) {
    case FARM:
      return {
        area: offer === "vacation" ? random.int(1, 4) : kind === "rural" ? random.int(2, 40) : random.int(1, 10),
        areaUnit: 2,
      };
    case LAND:
      if (kind === "rural" || ((kind === "resort" || kind === "coast") && random.chance(0.4))) {
        if (kind !== "rural" || random.chance(0.6)) return { area: random.int(1, kind === "rural" ? 25 : 6), areaUnit: 2 };
      }
      return m2(roundTo(random.int(kind === "villas" ? 500 : 200, kind === "villas" ? 2000 : 1200), 50));
    case SHOP:
      return m2(random.int(12, 120));
    case OFFICE:
      return m2(roundTo(random.int(35, 200), 5));
    case VILLA:
      return m2(roundTo(random.int(220, 650), 10));
    case CHALET:
      return m2(roundTo(random.int(45, 140), 5));
    case HOME:
      return m2(roundTo(random.int(70, kind === "rural" ? 300 : 250), 5));
    default: {
      // Flats: a few small ones, most of 85 to 135 m², some large; none over 200 m² in towns, 135 m² in cheap quarters.
      const r = random.next();
      const [lo, hi] = r < 0.2 ? [55, 85] : r < 0.65 ? [85, 135] : r < 0.9 ? [135, 200] : [200, 280];
      const most = place.cheap ? 135 : kind === "rural" ? 200 : hi;
      return m2(roundTo(random.int(Math.min(lo, most - 20), Math.min(hi, most)), 5));
    }
  }
}

/**
 * Floor number: flats on 0 (ground) to 10 in cities, lower in towns; offices on 1 to 8; shops on the ground floor;
 * houses, villas, chalets, land and farms have none.
 */
export function floorFor(random: Random, typeId: number, kind: PlaceKind): number | null {
  if (typeId === FLAT) return random.int(0, kind === "centre" ? 10 : kind === "rural" ? 3 : 6);
  if (typeId === OFFICE) return random.int(1, 8);
  if (typeId === SHOP) return 0;
  return null;
}

/** `value` rounded to a multiple of `step`, at least `step` (areas as advertisers round them). */
export function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/** The Arabic description of a demo listing (type, offer, place, rooms, floor, finishing, furniture, pool). */
export function describeAr(
  type: string,
  offer: string,
  loc: string,
  gov: string,
  rooms: number | null,
  floor: number | null,
  finish: string | undefined,
  furnished: boolean,
  pool: boolean,
): string {
  const parts = [`${type} لل${offer === "بيع" ? "بيع" : "إيجار"} في ${loc}، ${gov}.`];
  if (rooms) parts.push(rooms === 1 ? "غرفة نوم واحدة." : rooms === 2 ? "غرفتا نوم." : `${rooms} غرف نوم.`);
  if (floor !== null) parts.push(floor === 0 ? "طابق أرضي." : `الطابق ${floor}.`);
  if (finish) parts.push(`${finish}.`);
  if (furnished) parts.push("مفروش بالكامل.");
  if (pool) parts.push("مع مسبح خاص.");
  parts.push("قريب من الخدمات والمواصلات، والأوراق نظامية.");
  return parts.join(" ");
}

/** The English description of a demo listing, as describeAr. */
export function describeEn(
  type: string,
  offer: string,
  loc: string,
  gov: string,
  rooms: number | null,
  floor: number | null,
  finish: string | undefined,
  furnished: boolean,
  pool: boolean,
): string {
  const parts = [`${type} for ${offer.toLowerCase()} in ${loc}, ${gov}.`];
  if (rooms) parts.push(`${rooms} bedroom${rooms > 1 ? "s" : ""}.`);
  if (floor !== null) parts.push(floor === 0 ? "Ground floor." : `Floor ${floor}.`);
  if (finish) parts.push(`${finish}.`);
  if (furnished) parts.push("Fully furnished.");
  if (pool) parts.push("Private swimming pool.");
  parts.push("Close to shops and transport; papers in order.");
  return parts.join(" ");
}
