import { desc, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ImageStore } from "~/platform/images/image-store.server";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { governorates as seedGovernorates } from "./data/geography";
import * as lookups from "./data/lookups";
import {
  CHALET,
  FARM,
  finishFactor,
  FLAT,
  floorUsd,
  LAND,
  monthlyRentShare,
  nightlyUsd,
  OFFICE,
  ROOMED_TYPES,
  roomsBand,
  roundSyp,
  roundUsd,
  saleUsdPerM2,
  SHOP,
  typeWeights,
  VILLA,
  type Offer,
} from "./data/market";
import { CHEAP_QUARTER_FACTOR, cheapQuarters, placeKind, type PlaceKind } from "./data/places";
import { photoSvg, storeSvgAsWebp, svgPhotoHash } from "./drawings.server";
import { describeAr, describeEn, floorFor, sizeFor, tableRow } from "./estate-shape.server";
import { ANCHOR, DAY, seededRandom, demoPhone, type Random } from "./random";
import { demoFacts } from "./facts";

/**
 * The demo listings: approved listings spread
 * over the places as the market is, each estate type only where it exists (data/places.ts, data/market.ts), rooms
 * that fit the area, and prices from the table of data/market.ts in USD converted at the back office's exchange rate
 * (about one sale in ten priced in USD), with photos from a shared pool of generated pictures. Sources and the
 * product's choices: docs/decisions/026-believable-demo-data.md.
 */

/** SYP for one USD when the database has no rate (migrations 0009 and 0011 set 110 new pounds). */
const FALLBACK_SYP_PER_USD = 110;
const PHOTO_POOL = 48;
/** Share of sale listings whose owner gives the price in US dollars. */
const USD_SHARE = 0.1;

/** A place with its price level (governorate × place factor, halved in a cheap quarter) and kind. */
type Place = { locationId: number; gi: number; li: number; factor: number; kind: PlaceKind; cheap: boolean };

/** Places grouped for picking: by governorate, and the first six of a governorate (its central, sought-after ones). */
type PlaceGroup = { byGov: Place[][]; firstSix: Place[][] };

type Market = {
  all: PlaceGroup;
  /** Vacation places: the coast and the resorts; city flats; farms and villas around the cities. */
  seaAndMountains: PlaceGroup;
  cities: PlaceGroup;
  outskirts: PlaceGroup;
  sypPerUsd: number;
};

/**
 * Adds `count` approved listings with 3 to 5 photos each (photos come from a pool of generated WebP files).
 * Continues the ad numbers (state_id) after the highest one present, so it can top up a filled database. Each was
 * last confirmed 0 to 55 days before `now` (default: the moment of seeding; see demoConfirmedAt).
 */
export async function seedListings(
  db: Db,
  options: { count: number; images: ImageStore; batch?: number; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const photos: { file: string; width: number; height: number; phash: string | null }[] = [];
  for (let i = 0; i < PHOTO_POOL; i += 8) {
    photos.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, PHOTO_POOL - i) }, async (_, k) => ({
          ...(await storeSvgAsWebp(options.images, `seed-photo-${i + k}`, "photo", photoSvg(i + k))),
          // Decision 099: each photo's perceptual hash, as an upload's.
          phash: await svgPhotoHash(photoSvg(i + k)),
        })),
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
      if (!row) continue;
      const cheap = cheapQuarters[g.name_en]?.includes(l.name_en) ?? false;
      places.push({
        locationId: row.id,
        gi,
        li,
        factor: g.price_factor * l.price_factor * (cheap ? CHEAP_QUARTER_FACTOR : 1),
        kind: placeKind(g.name_en, l.name_en),
        cheap,
      });
    }
  }
  const [rate] = await db
    .select({ sypPerUsd: s.exchange_rates.syp_per_usd })
    .from(s.exchange_rates)
    .orderBy(desc(s.exchange_rates.valid_from), desc(s.exchange_rates.id))
    .limit(1);
  const market: Market = {
    all: groupPlaces(places),
    seaAndMountains: groupPlaces(places.filter((p) => p.kind === "coast" || p.kind === "resort")),
    cities: groupPlaces(places.filter((p) => p.kind === "centre" || p.kind === "villas")),
    outskirts: groupPlaces(places.filter((p) => p.kind === "suburb" || p.kind === "rural")),
    sypPerUsd: rate?.sypPerUsd ?? FALLBACK_SYP_PER_USD,
  };
  const officeRows = await db
    .select({ id: s.offices.id, location_id: s.offices.location_id, contract: s.offices.contract_type_id })
    .from(s.offices)
    .orderBy(s.offices.id);
  const officesByGov = new Map<number, typeof officeRows>();
  for (const o of officeRows) {
    const gi = places.find((p) => p.locationId === o.location_id)?.gi ?? -1;
    officesByGov.set(gi, [...(officesByGov.get(gi) ?? []), o]);
  }

  const [{ maxState }] = await db.select({ maxState: sql<number>`coalesce(max(${s.estates.state_id}), 100000)` }).from(s.estates);
  const start = Number(maxState) + 1;
  const random = seededRandom(20261115 + start);
  const batch = options.batch ?? 1000;

  for (let done = 0; done < options.count; done += batch) {
    const n = Math.min(batch, options.count - done);
    const rows = Array.from({ length: n }, (_, k) => {
      const row = makeListing(random, start + done + k, market, officeRows, officesByGov);
      return { ...row, confirmed_at: demoConfirmedAt(row.state_id, row.created_at!, now) };
    });
    await db.transaction(async (tx) => {
      const inserted = await insertRows(tx, s.estates, rows);
      const images = inserted.flatMap(({ id }) => {
        const howMany = random.int(3, 5);
        const first = random.int(0, PHOTO_POOL - 1);
        return Array.from({ length: howMany }, (_, index) => {
          const p = photos[(first + index * 7) % PHOTO_POOL];
          return { estate_id: id, index, file: p.file, width: p.width, height: p.height, phash: p.phash };
        });
      });
      await insertRows(tx, s.estate_images, images);
    });
  }
  // vacuum sets the visibility map, so counts can use index-only scans.
  await db.execute(sql`vacuum analyze`);
}

/**
 * Inserts `rows` into `table` in one statement with one parameter, the rows as JSON read by PostgreSQL's
 * json_populate_recordset, and returns their ids. Drizzle's insert builder spent about half of the seed's time in
 * Node building 2,000-row statements of 90,000 parameters; this sends the same rows for a JSON.stringify. Only the
 * columns the rows name are written (the others take their SQL defaults), under the column names of the schema.
 * Throws what PostgreSQL throws (a row that breaks a constraint).
 */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<{ id: number }[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  const named = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key].name, value])));
  const result = (await db.execute(
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(named)}::json) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows;
}

/** The oldest last confirmation of a demo listing, in days: all are public, a few within their warning week. */
export const DEMO_CONFIRMED_MAX_DAYS = 55;

/**
 * When demo listing `stateId` was last confirmed (the freshness text varies): 0 to DEMO_CONFIRMED_MAX_DAYS
 * whole days and 0 to 23 hours before `now`, drawn by a generator of its own seeded with the ad number (so the same
 * listing is always as many days old, and the rest of the demo data is unchanged), and never before its publication.
 */
export function demoConfirmedAt(stateId: number, created: Date, now: Date): Date {
  const random = seededRandom(stateId * 7919 + 14);
  const ago = random.int(0, DEMO_CONFIRMED_MAX_DAYS) * DAY + random.int(0, 23) * (DAY / 24);
  return new Date(Math.max(created.getTime(), now.getTime() - ago));
}

function makeListing(
  random: Random,
  stateId: number,
  market: Market,
  offices: { id: number; location_id: number; contract: number }[],
  officesByGov: Map<number, { id: number; location_id: number; contract: number }[]>,
): typeof s.estates.$inferInsert {
  // 45% sale, 35% long rent, 20% vacation rentals (mostly on the coast and in the resorts).
  const roll = random.next();
  const kind: Offer = roll < 0.45 ? "sale" : roll < 0.8 ? "rent" : "vacation";
  let group = market.all;
  if (kind === "vacation") {
    const where = random.next();
    group = where < 0.55 ? market.seaAndMountains : where < 0.8 ? market.cities : market.outskirts;
  }
  const place = weightedPlace(random, group);
  const typeId = pickWeighted(random, typeWeights[kind][place.kind]);

  const { area, areaUnit } = sizeFor(random, typeId, place, kind);
  const areaM2 = areaUnit === 2 ? area * 1000 : area;
  const roomed = ROOMED_TYPES.has(typeId);
  const [fewest, most] = roomsBand(areaM2);
  const rooms = roomed ? random.int(fewest, most) : null;
  const floor = floorFor(random, typeId, place.kind);
  const interior =
    roomed || typeId === SHOP ? (kind === "sale" ? random.pick([2, 3, 3, 4, 4, 5, 6, 1]) : random.pick([2, 3, 3, 4, 4])) : null;
  const furnished =
    kind === "vacation"
      ? roomed || typeId === FARM
      : roomed && typeId !== OFFICE && random.chance(kind === "rent" ? (typeId === FLAT || typeId === VILLA ? 0.5 : 0.25) : 0.08);
  const pool =
    typeId === VILLA
      ? random.chance(place.kind === "suburb" ? 0.25 : 0.5)
      : typeId === CHALET
        ? random.chance(0.35)
        : typeId === FARM && random.chance(kind === "vacation" ? 0.9 : 0.4);

  // Value in USD: the table's price per m² here, the finishing, and a spread of -20% to +25%.
  const noise = 0.8 + random.next() * 0.45;
  const usdPerM2 = saleUsdPerM2[tableRow(typeId, areaUnit)][place.kind] ?? 0;
  const valueUsd = usdPerM2 * areaM2 * place.factor * (interior ? finishFactor[interior] : 1) * noise;

  let price: number;
  let currency = "SYP";
  let periodTypeId: number | null = null;
  if (kind === "sale") {
    if (random.chance(USD_SHARE)) {
      currency = "USD";
      price = roundUsd(roundSyp(valueUsd * market.sypPerUsd) / market.sypPerUsd);
    } else price = roundSyp(valueUsd * market.sypPerUsd);
  } else if (kind === "rent") {
    let monthlyUsd: number;
    if (typeId === LAND || typeId === FARM) {
      periodTypeId = 5;
      monthlyUsd = (valueUsd * monthlyRentShare.landPerYear) / 12;
    } else {
      const business = typeId === SHOP || typeId === OFFICE;
      // Shops and offices are let by the year, homes mostly by the month (decision 057).
      periodTypeId = random.chance(0.7) === business ? 5 : 3;
      const share = business ? monthlyRentShare.business : monthlyRentShare.home;
      monthlyUsd = valueUsd * share * (furnished ? monthlyRentShare.furnished : 1);
    }
    monthlyUsd = Math.max(monthlyUsd, floorUsd.month);
    price = roundSyp((periodTypeId === 3 ? monthlyUsd : monthlyUsd * monthlyRentShare.yearMonths) * market.sypPerUsd);
  } else {
    const seaside = place.kind === "coast" || place.kind === "resort";
    periodTypeId =
      typeId === FARM
        ? random.pick([1, 1, 1, 1, 1, 1, 1, 1, 1, 2])
        : seaside
          ? random.pick([1, 1, 2, 4])
          : random.pick([1, 1, 2]);
    const night = nightlyUsd[typeId];
    const nightUsd = Math.max(night.usd * Math.sqrt(place.factor) * Math.sqrt(areaM2 / night.typicalM2) * noise, floorUsd.night);
    price = roundSyp(nightUsd * (periodTypeId === 1 ? 1 : periodTypeId === 2 ? 6 : 60) * market.sypPerUsd);
  }

  const inGov = officesByGov.get(place.gi) ?? [];
  const office = random.chance(0.7) ? (inGov.length ? random.pick(inGov) : random.pick(offices)) : null;
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
    currency,
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
    // The facts of decision 093, from a generator of their own (the other values are as before them).
    ...demoFacts({ stateId, typeId, offerTypeId: offer.id, periodTypeId, governorate: gov.name_en, floor }),
    phone: office ? null : demoPhone(random),
    office_id: office?.id ?? null,
    // Who posts it (decision 100: 1 owner, 2 agent, 3 other): an office's listings are an agent's; of the
    // others, seven in ten their owner's, two an agent's, one other. Taken from the ad number, not the random stream,
    // so every other value stays what it was.
    estate_ownership: office ? 2 : stateId % 10 < 7 ? 1 : stateId % 10 < 9 ? 2 : 3,
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
    published_at: created,
    updated_at: created,
  };
}

function groupPlaces(places: Place[]): PlaceGroup {
  const byGov: Place[][] = seedGovernorates.map(() => []);
  const firstSix: Place[][] = seedGovernorates.map(() => []);
  for (const p of places) {
    byGov[p.gi].push(p);
    if (p.li < 6) firstSix[p.gi].push(p);
  }
  return { byGov, firstSix };
}

/** Listings per governorate, relative: the big cities first, as the market is. */
const GOVERNORATE_WEIGHTS = [5, 4, 3.5, 2, 1.5, 2.5, 2, 0.6, 0.8, 0.8, 0.3, 0.5, 0.4, 0.6];

/** A place of the group, weighted towards the big cities and their central neighbourhoods, as the market is. */
function weightedPlace(random: Random, group: PlaceGroup): Place {
  const weights = GOVERNORATE_WEIGHTS.map((w, gi) => (group.byGov[gi].length ? w : 0));
  const gi = pickIndex(random, weights);
  const inGov = group.byGov[gi];
  // Half of a governorate's listings are in its first six (central, most sought-after) places, as on real portals.
  const central = group.firstSix[gi];
  return central.length && random.chance(0.5) ? random.pick(central) : random.pick(inGov);
}

function pickIndex(random: Random, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0 && weights[i] > 0) return i;
  }
  let last = weights.length - 1;
  while (last > 0 && !(weights[last] > 0)) last--;
  return last;
}

function pickWeighted(random: Random, weights: Partial<Record<number, number>>): number {
  const entries = Object.entries(weights).filter(([, w]) => (w ?? 0) > 0);
  return Number(
    entries[
      pickIndex(
        random,
        entries.map(([, w]) => w ?? 0),
      )
    ][0],
  );
}
