import { sql } from "drizzle-orm";
import type { Db } from "../client.server";
import * as s from "../schema";
import { governorates as seedGovernorates } from "./data/geography";
import * as lookups from "./data/lookups";
import { photoSvg, storeSvgAsWebp } from "./drawings.server";
import { ANCHOR, DAY, seededRandom, syrianMobile, type Random } from "./random";

/**
 * The demo listings (issue 2, "Demo data"): approved listings at market prices (about 11,500 SYP to the US dollar,
 * docs/decisions/003-demo-prices.md, so the spec's five price domains split them sensibly), spread over the places
 * as the market is, with photos from a shared pool of generated pictures.
 */

const SYP_PER_USD = 11_500;
const PHOTO_POOL = 48;

const RESORTS = new Set([
  "Bloudan",
  "Zabadani",
  "Madaya",
  "Buqqain",
  "Slunfeh",
  "Kassab",
  "Ras al-Basit",
  "Blue Beach",
  "Mashta al-Helu",
  "Kafroun",
  "Golden Sands",
  "Arwad",
  "Marmarita",
  "Wadi al-Uyun",
  "Ain al-Fijeh",
]);

type Place = { locationId: number; gi: number; li: number; factor: number; resort: boolean };

/**
 * Adds `count` approved listings with 3 to 5 photos each (photos come from a pool of generated WebP files).
 * Continues the ad numbers (state_id) after the highest one present, so it can top up a filled database.
 */
export async function seedListings(db: Db, options: { count: number; imagesDir: string; batch?: number }): Promise<void> {
  const photos: { file: string; width: number; height: number }[] = [];
  for (let i = 0; i < PHOTO_POOL; i += 8) {
    photos.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, PHOTO_POOL - i) }, (_, k) =>
          storeSvgAsWebp(options.imagesDir, `seed-photo-${i + k}`, "photo", photoSvg(i + k)),
        ),
      )),
    );
  }

  const locRows = await db
    .select({ id: s.locations.id, name_en: s.locations.name_en, gov_en: s.governorates.name_en })
    .from(s.locations)
    .innerJoin(s.governorates, sql`${s.governorates.id} = ${s.locations.governorate_id}`)
    .orderBy(s.locations.id);
  const places: Place[] = [];
  for (const [gi, g] of seedGovernorates.entries()) {
    for (const [li, l] of g.locations.entries()) {
      const row = locRows.find((r) => r.gov_en === g.name_en && r.name_en === l.name_en);
      if (row)
        places.push({ locationId: row.id, gi, li, factor: g.price_factor * l.price_factor, resort: RESORTS.has(l.name_en) });
    }
  }
  const officeRows = await db
    .select({ id: s.offices.id, location_id: s.offices.location_id, contract: s.offices.contract_type_id })
    .from(s.offices)
    .orderBy(s.offices.id);
  const officeGov = new Map<number, number>();
  for (const o of officeRows) officeGov.set(o.id, places.find((p) => p.locationId === o.location_id)?.gi ?? -1);

  const [{ maxState }] = await db.select({ maxState: sql<number>`coalesce(max(${s.estates.state_id}), 100000)` }).from(s.estates);
  const start = Number(maxState) + 1;
  const random = seededRandom(20261115 + start);
  const batch = options.batch ?? 1000;

  for (let done = 0; done < options.count; done += batch) {
    const n = Math.min(batch, options.count - done);
    const rows = Array.from({ length: n }, (_, k) => makeListing(random, start + done + k, places, officeRows, officeGov));
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(s.estates).values(rows).returning({ id: s.estates.id });
      const images = inserted.flatMap(({ id }) => {
        const howMany = random.int(3, 5);
        const first = random.int(0, PHOTO_POOL - 1);
        return Array.from({ length: howMany }, (_, index) => {
          const p = photos[(first + index * 7) % PHOTO_POOL];
          return { estate_id: id, index, file: p.file, width: p.width, height: p.height };
        });
      });
      for (let i = 0; i < images.length; i += 2000) await tx.insert(s.estate_images).values(images.slice(i, i + 2000));
    });
  }
  // vacuum sets the visibility map, so counts can use index-only scans.
  await db.execute(sql`vacuum analyze`);
}

function makeListing(
  random: Random,
  stateId: number,
  places: Place[],
  offices: { id: number; location_id: number; contract: number }[],
  officeGov: Map<number, number>,
): typeof s.estates.$inferInsert {
  // 45% sale, 35% long rent, 20% vacation rentals (mostly at resorts).
  const roll = random.next();
  const kind = roll < 0.45 ? "sale" : roll < 0.8 ? "rent" : "vacation";
  const resorts = places.filter((p) => p.resort);
  const place = kind === "vacation" && random.chance(0.75) ? random.pick(resorts) : weightedPlace(random, places);

  let typeId: number;
  if (kind === "vacation") typeId = random.pick([8, 8, 5, 6, 6, 1]);
  else typeId = random.pick([6, 6, 6, 6, 1, 1, 1, 4, 4, 3, 3, 5, 2, 7]);

  const areaUnit = typeId === 2 || (typeId === 3 && random.chance(0.5)) ? 2 : 1;
  const area = sizeFor(random, typeId, areaUnit);
  const areaM2 = areaUnit === 2 ? area * 1000 : area;
  // USD per square metre in central Damascus, by type.
  const perM2: Record<number, number> = { 1: 900, 2: 25, 3: 180, 4: 2200, 5: 1400, 6: 1100, 7: 1300, 8: 1000 };
  const value = perM2[typeId] * areaM2 * place.factor * (0.8 + random.next() * 0.45) * SYP_PER_USD;

  let price: number;
  let periodTypeId: number | null = null;
  if (kind === "sale") {
    price = roundTo(value, value > 1e9 ? 10_000_000 : 1_000_000);
  } else if (kind === "rent") {
    periodTypeId = random.chance(0.85) ? 3 : 5;
    const monthly = Math.max(value * 0.004, 400_000);
    price = roundTo(periodTypeId === 3 ? monthly : monthly * 11, 50_000);
  } else {
    periodTypeId = random.pick([1, 1, 1, 2, 4]);
    const daily = Math.max(value * 0.0009, 250_000);
    price = roundTo(periodTypeId === 1 ? daily : periodTypeId === 2 ? daily * 6 : daily * 60, 10_000);
  }

  const inGov = offices.filter((o) => officeGov.get(o.id) === place.gi);
  const office = random.chance(0.7) ? (inGov.length ? random.pick(inGov) : random.pick(offices)) : null;
  const isBuilding = typeId === 1 || typeId === 5 || typeId === 6 || typeId === 7 || typeId === 8;
  const rooms = isBuilding ? (typeId === 5 ? random.int(4, 8) : typeId === 7 ? random.int(1, 4) : random.int(1, 5)) : null;
  const floor = typeId === 6 || typeId === 7 ? random.int(0, 10) : typeId === 1 ? random.int(0, 2) : null;
  const pool = (typeId === 5 || typeId === 8 || typeId === 2) && random.chance(0.45);
  const interior = isBuilding || typeId === 4 ? random.pick([2, 3, 3, 4, 4, 5, 6, 1]) : null;
  const furnished = isBuilding && (kind === "vacation" ? true : random.chance(kind === "rent" ? 0.55 : 0.2));
  const created = new Date(ANCHOR - Math.floor(random.next() * 180 * DAY));

  const gov = seedGovernorates[place.gi];
  const loc = gov.locations[place.li];
  const type = lookups.estateTypes.find((t) => t.id === typeId)!;
  const offer = kind === "sale" ? lookups.estateOfferTypes[0] : lookups.estateOfferTypes[1];
  const finish = interior ? lookups.interiorStatuses.find((x) => x.id === interior) : undefined;

  return {
    state_id: stateId,
    status: "approved",
    price,
    currency: "SYP",
    negotiable: random.chance(0.5),
    furnished,
    location_id: place.locationId,
    estate_type_id: typeId,
    estate_offer_type_id: offer.id,
    ownership_type_id: kind === "sale" ? random.pick([1, 1, 1, 1, 2, 3, 4, 5]) : random.pick([1, 1, 3]),
    interior_status_id: interior,
    period_type_id: periodTypeId,
    area,
    area_unit_id: areaUnit,
    rooms_count: rooms,
    floor,
    swimming_pool: pool,
    phone: office ? null : syrianMobile(random),
    office_id: office?.id ?? null,
    contract_type_id: office?.contract ?? 1,
    description_ar: describeAr(
      type.name_ar,
      offer.name_ar,
      loc.name_ar,
      gov.name_ar,
      rooms,
      floor,
      finish?.name_ar,
      furnished,
      pool,
    ),
    description_en: describeEn(
      type.name_en,
      offer.name_en,
      loc.name_en,
      gov.name_en,
      rooms,
      floor,
      finish?.name_en,
      furnished,
      pool,
    ),
    created_at: created,
    updated_at: created,
  };
}

/** Places weighted towards the big cities and their central neighbourhoods, as the market is. */
function weightedPlace(random: Random, places: Place[]): Place {
  const weights = [5, 4, 3.5, 2, 1.5, 2.5, 2, 0.6, 0.8, 0.8, 0.3, 0.5, 0.4, 0.6];
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random.next() * total;
  let gi = 0;
  for (; gi < weights.length - 1; gi++) {
    r -= weights[gi];
    if (r < 0) break;
  }
  const inGov = places.filter((p) => p.gi === gi);
  if (!inGov.length) return random.pick(places);
  // Half of a governorate's listings are in its first six (central, most sought-after) places, as on real portals.
  return random.chance(0.5) ? random.pick(inGov.slice(0, 6)) : random.pick(inGov);
}

function sizeFor(random: Random, typeId: number, unit: number): number {
  if (unit === 2) return random.int(1, typeId === 2 ? 30 : 8);
  switch (typeId) {
    case 3:
      return roundTo(random.int(200, 2500), 10);
    case 4:
      return random.int(15, 120);
    case 5:
      return roundTo(random.int(250, 900), 10);
    case 7:
      return random.int(40, 200);
    case 8:
      return random.int(60, 180);
    default:
      return roundTo(random.int(60, 260), 5);
  }
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function describeAr(
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

function describeEn(
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
