import { count, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import * as s from "./schema";
import { governorates as seedGovernorates, offices as seedOffices } from "./seed-data/geography";
import { articles as seedArticles } from "./seed-data/articles";
import * as lookups from "./seed-data/lookups";
import { storeSvgAsWebp } from "~/services/images.server";

/**
 * Deterministic demo data (issue 2, "Demo data"): the same seed gives the same rows on every machine.
 * Prices are whole Syrian pounds at market levels of 2025-2026 (about 11,500 SYP to the US dollar,
 * docs/decisions/003-demo-prices.md), so the spec's five price domains split them sensibly.
 */

/** mulberry32: a small seeded generator returning floats in [0, 1). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof seededRandom>;

const SYP_PER_USD = 11_500;
/** Listings are dated up to 180 days before this fixed day, so the data is the same on every run. */
const ANCHOR = Date.UTC(2026, 10, 15, 9, 0, 0);
const PHOTO_POOL = 48;
const DAY = 86_400_000;

const RESORTS = new Set([
  "Bloudan", "Zabadani", "Madaya", "Buqqain", "Slunfeh", "Kassab", "Ras al-Basit", "Blue Beach",
  "Mashta al-Helu", "Kafroun", "Golden Sands", "Arwad", "Marmarita", "Wadi al-Uyun", "Ain al-Fijeh",
]);

/** Whether the database already holds the reference data (the seed ran). */
async function isSeeded(db: Db): Promise<{ reference: boolean; listings: boolean }> {
  const [gov] = await db.select({ n: count() }).from(s.governorates);
  const [est] = await db.select({ n: count() }).from(s.estates);
  return { reference: Number(gov.n) > 0, listings: Number(est.n) > 0 };
}

/**
 * Fills an empty, migrated database with the demo data; does nothing when it already holds places and listings.
 * `listings` is how many approved listings to make; images are written under `imagesDir`.
 */
export async function ensureSeeded(db: Db, options: { listings: number; imagesDir: string }): Promise<boolean> {
  const seeded = await isSeeded(db);
  if (seeded.reference && seeded.listings) return false;
  // A first start stopped half-way (reference data in, no listings yet) is finished on the next start.
  if (!seeded.reference) await seedReference(db, options.imagesDir);
  await seedListings(db, { count: options.listings, imagesDir: options.imagesDir });
  return true;
}

/** Lookup lists, places, offices and articles, in one transaction. */
export async function seedReference(db: Db, imagesDir: string): Promise<void> {
  const logos = await Promise.all(seedOffices.map((o, i) => storeSvgAsWebp(imagesDir, `seed-logo-${i}`, "logo", logoSvg(i))));
  const covers = await Promise.all(
    seedArticles.map((a, i) => storeSvgAsWebp(imagesDir, `seed-cover-${i}`, "cover", coverSvg(a.hue, i))),
  );
  await db.transaction(async (tx) => {
    await tx.insert(s.estate_offer_types).values(lookups.estateOfferTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.estate_types).values(lookups.estateTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.ownership_types).values(lookups.ownershipTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.contract_types).values(lookups.contractTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.interior_statuses).values(lookups.interiorStatuses.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.period_types).values(lookups.periodTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.area_units).values(lookups.areaUnits.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.report_reasons).values(lookups.reportReasons.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.price_domains).values(lookups.priceDomains);

    const locationIds: number[][] = [];
    for (const [gi, g] of seedGovernorates.entries()) {
      const [gov] = await tx
        .insert(s.governorates)
        .values({ name_ar: g.name_ar, name_en: g.name_en, sort: gi + 1 })
        .returning({ id: s.governorates.id });
      const rows = await tx
        .insert(s.locations)
        .values(g.locations.map((l) => ({ governorate_id: gov.id, name_ar: l.name_ar, name_en: l.name_en })))
        .returning({ id: s.locations.id });
      locationIds.push(rows.map((r) => r.id));
    }

    const random = seededRandom(7);
    await tx.insert(s.offices).values(
      seedOffices.map((o, i) => {
        const gov = seedGovernorates[o.governorate];
        const loc = gov.locations[o.location];
        const phone = syrianMobile(random);
        return {
          name_ar: o.name_ar,
          name_en: o.name_en,
          phone,
          whatsapp: phone,
          address_ar: `${gov.name_ar}، ${loc.name_ar}، ${o.street_ar}`,
          address_en: `${o.street_en}, ${loc.name_en}, ${gov.name_en}`,
          location_id: locationIds[o.governorate][o.location],
          contract_type_id: o.contract_level,
          logo: logos[i].file,
          created_at: new Date(ANCHOR - (400 + i * 9) * DAY),
        };
      }),
    );

    await tx.insert(s.articles).values(
      seedArticles.map((a, i) => ({
        title_ar: a.title_ar,
        title_en: a.title_en,
        body_ar: a.body_ar,
        body_en: a.body_en,
        image: covers[i].file,
        created_at: new Date(a.created_at),
      })),
    );
  });
}

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
      if (row) places.push({ locationId: row.id, gi, li, factor: g.price_factor * l.price_factor, resort: RESORTS.has(l.name_en) });
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
    description_ar: describeAr(type.name_ar, offer.name_ar, loc.name_ar, gov.name_ar, rooms, floor, finish?.name_ar, furnished, pool),
    description_en: describeEn(type.name_en, offer.name_en, loc.name_en, gov.name_en, rooms, floor, finish?.name_en, furnished, pool),
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

/** A valid Syrian mobile number in E.164 (+9639XXXXXXXX). */
function syrianMobile(random: Random): string {
  const prefix = random.pick(["93", "94", "95", "96", "98", "99", "33", "34", "36", "44"]);
  return `+9639${prefix.slice(1)}${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
}

function describeAr(
  type: string, offer: string, loc: string, gov: string, rooms: number | null, floor: number | null,
  finish: string | undefined, furnished: boolean, pool: boolean,
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
  type: string, offer: string, loc: string, gov: string, rooms: number | null, floor: number | null,
  finish: string | undefined, furnished: boolean, pool: boolean,
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

/** A generated "photo": a building or room drawn in flat colours, different for each `n`. */
function photoSvg(n: number): string {
  const r = seededRandom(1000 + n);
  const hue = (n * 47) % 360;
  const sky = `hsl(${(200 + r.int(-15, 15)) % 360},${r.int(45, 70)}%,${r.int(70, 85)}%)`;
  const wall = `hsl(${(hue + 20) % 360},${r.int(15, 35)}%,${r.int(72, 88)}%)`;
  const accent = `hsl(${hue},${r.int(35, 55)}%,${r.int(35, 50)}%)`;
  if (n % 3 === 2) {
    // An interior: floor, wall, window and a sofa.
    return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<rect width="800" height="600" fill="${wall}"/>
<rect y="420" width="800" height="180" fill="hsl(${(hue + 30) % 360},30%,${r.int(40, 55)}%)"/>
<rect x="${r.int(60, 420)}" y="90" width="280" height="220" rx="6" fill="${sky}" stroke="#fff" stroke-width="14"/>
<rect x="${r.int(80, 360)}" y="330" width="340" height="110" rx="26" fill="${accent}"/>
<rect x="${r.int(520, 640)}" y="250" width="26" height="180" fill="#5b4636"/><circle cx="${r.int(530, 660)}" cy="230" r="48" fill="hsl(110,35%,40%)"/>
</svg>`;
  }
  const floors = r.int(2, 6);
  const bw = r.int(300, 480);
  const bx = r.int(80, 800 - bw - 60);
  const fh = 60;
  const top = 470 - floors * fh;
  let windows = "";
  for (let f = 0; f < floors; f++) {
    for (let x = bx + 30; x < bx + bw - 50; x += 80) {
      windows += `<rect x="${x}" y="${top + f * fh + 14}" width="44" height="34" rx="3" fill="${r.chance(0.3) ? "#fde9a8" : "hsl(205,40%,55%)"}"/>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${r.int(80, 720)}" cy="${r.int(60, 140)}" r="40" fill="#fff6c8" opacity="0.9"/>
<path d="M0 470 Q200 ${r.int(400, 440)} 400 450 T800 440 V600 H0Z" fill="hsl(95,${r.int(20, 40)}%,${r.int(45, 60)}%)"/>
<rect x="${bx}" y="${top}" width="${bw}" height="${floors * fh + 10}" fill="${wall}" stroke="${accent}" stroke-width="4"/>
<rect x="${bx - 10}" y="${top - 14}" width="${bw + 20}" height="16" fill="${accent}"/>
${windows}
<rect x="${bx + bw / 2 - 28}" y="${420}" width="56" height="60" fill="${accent}"/>
<rect y="520" width="800" height="80" fill="hsl(30,8%,${r.int(55, 70)}%)"/>
</svg>`;
}

/** A generated office logo: a coloured roof mark on a rounded square. */
function logoSvg(n: number): string {
  const hue = (n * 67 + 12) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
<rect width="192" height="192" rx="36" fill="hsl(${hue},45%,94%)"/>
<path d="M40 100 L96 50 L152 100" fill="none" stroke="hsl(${hue},60%,38%)" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="62" y="96" width="68" height="50" rx="6" fill="hsl(${hue},60%,38%)"/>
<rect x="${84 + (n % 3) * 4}" y="116" width="22" height="30" rx="3" fill="hsl(${hue},45%,94%)"/>
</svg>`;
}

/** A generated article cover: a skyline against a coloured sky. */
function coverSvg(hue: number, n: number): string {
  const r = seededRandom(500 + n);
  let towers = "";
  for (let x = 0; x < 800; x += r.int(50, 90)) {
    const h = r.int(80, 260);
    towers += `<rect x="${x}" y="${450 - h}" width="${r.int(40, 70)}" height="${h}" fill="hsl(${hue},30%,${r.int(20, 35)}%)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,82%)"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#c)"/><circle cx="${r.int(100, 700)}" cy="110" r="56" fill="#fff" opacity="0.55"/>${towers}
</svg>`;
}
