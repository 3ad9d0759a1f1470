import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPglite, migrateDatabase, type Database } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { governorates as seedGovernorates } from "~/platform/db/seed/data/geography";
import { ROOMED_TYPES, roomsBand, roundSyp, roundUsd, typesAllowed } from "~/platform/db/seed/data/market";
import { PLACE_KINDS, placeKind, placeKinds } from "~/platform/db/seed/data/places";
import { DEMO_CONFIRMED_MAX_DAYS, seedListings } from "~/platform/db/seed/estates.server";
import { seededRandom } from "~/platform/db/seed/random";
import { seedReference } from "~/platform/db/seed/reference.server";
import { DEMO_ADMIN, demoAdminNotice, settleDemoAdmin } from "~/features/accounts/admin-bootstrap.server";
import { diskImageStore } from "~/platform/images/image-store.server";
import { verifyPassword } from "~/features/accounts/password.server";
import { isPublicSite } from "~/platform/config/env.server";
import { isFictionPhone } from "~/platform/config/fiction-phones";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";
import { loader as userOrderLoader } from "~/routes/property-requests";
import { TEST_LISTINGS } from "./helpers/global-setup";

/** The demo data: what the seeded database holds. */

const test = useTestDatabase();
const db = () => test.get().db;

const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The moment the determinism test's second database is seeded at (confirmations are dated from it). */
const SECOND_SEED_AT = new Date();

const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

describe("places", () => {
  it("has the 14 governorates of Syria, each named in Arabic and English", async () => {
    const rows = await db().select().from(s.governorates);
    expect(rows).toHaveLength(14);
    for (const g of rows) {
      expect(g.name_ar).toMatch(ARABIC);
      expect(g.name_en).toMatch(LATIN);
      expect(g.name_en).not.toMatch(ARABIC);
    }
    const english = rows.map((g) => g.name_en);
    expect(english).toEqual(expect.arrayContaining(["Damascus", "Rif Dimashq", "Aleppo", "Homs", "Hama", "Latakia", "Tartus"]));
    expect(new Set(english).size).toBe(14);
    expect(new Set(rows.map((g) => g.name_ar)).size).toBe(14);
  });

  it("has at least 150 locations with Arabic and English names, spread over every governorate", async () => {
    const all = await db().select().from(s.locations);
    // The gazetteer's localities (decision 095) come after the site's own; one without an Arabic name in the data is
    // named by its English one in both languages.
    for (const l of all.filter((row) => row.from_gazetteer)) {
      expect(ARABIC.test(l.name_ar) || l.name_ar === l.name_en, `location ${l.id}`).toBe(true);
    }
    const rows = all.filter((l) => !l.from_gazetteer);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    for (const l of rows) {
      expect(l.name_ar, `location ${l.id}`).toMatch(ARABIC);
      expect(l.name_en, `location ${l.id}`).toMatch(LATIN);
      expect(l.name_en, `location ${l.id}`).not.toMatch(ARABIC);
    }
    const governorates = await db().select({ id: s.governorates.id }).from(s.governorates);
    for (const g of governorates) {
      expect(rows.filter((l) => l.governorate_id === g.id).length, `locations of governorate ${g.id}`).toBeGreaterThanOrEqual(3);
    }
    // Within a governorate no two locations share a name (the select would show duplicates).
    const keys = rows.map((l) => `${l.governorate_id}:${l.name_en}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("lookup lists", () => {
  it("has the price bands of each offer type in new pounds (decision 087), and id 1 for any price", async () => {
    const rows = byId(await db().select().from(s.price_domains));
    expect(rows.map((r) => [r.id, r.estate_offer_type_id, Number(r.min), r.max === null ? null : Number(r.max)])).toEqual([
      [1, null, 0, 1e18],
      [2, 1, 0, 4_000_000],
      [3, 1, 4_000_000, 8_000_000],
      [4, 1, 8_000_000, 16_000_000],
      [5, 1, 16_000_000, null],
      [6, 2, 0, 15_000],
      [7, 2, 15_000, 50_000],
      [8, 2, 50_000, 200_000],
      [9, 2, 200_000, null],
    ]);
    for (const r of rows.filter((r) => r.id !== 1)) {
      expect(r.name_ar).toContain("ليرة جديدة");
      expect(r.name_en).toContain("new pounds");
    }
    for (const r of rows) {
      expect(r.name_ar).toMatch(ARABIC);
      expect(r.name_en).toMatch(LATIN);
    }
  });

  it("has offer types 1 sale and 2 rent", async () => {
    const rows = byId(await db().select().from(s.estate_offer_types));
    expect(rows.map((r) => [r.id, r.name_en])).toEqual([
      [1, "Sale"],
      [2, "Rent"],
    ]);
    expect(rows.map((r) => r.name_ar)).toEqual(["بيع", "إيجار"]);
  });

  it("has estate types 1 to 5 as home, farm, land, shop, villa", async () => {
    const rows = byId(await db().select().from(s.estate_types));
    expect(rows.slice(0, 5).map((r) => [r.id, r.name_en.toLowerCase()])).toEqual([
      [1, "home"],
      [2, "farm"],
      [3, "land"],
      [4, "shop"],
      [5, "villa"],
    ]);
    expect(rows.slice(0, 5).map((r) => r.name_ar)).toEqual(["منزل", "مزرعة", "أرض", "محل تجاري", "فيلا"]);
  });

  it("has finishing ids 1 to 6, contract levels 1 to 4 and report reasons 1 to 5", async () => {
    const finishing = byId(await db().select().from(s.interior_statuses));
    expect(finishing.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(finishing[0].name_en.toLowerCase()).toContain("structural");
    expect(finishing[5].name_en.toLowerCase()).toContain("shell");

    const contracts = byId(await db().select().from(s.contract_types));
    expect(contracts.map((r) => [r.id, r.name_en])).toEqual([
      [1, "Free"],
      [2, "Silver"],
      [3, "Bronze"],
      [4, "Gold"],
    ]);

    const reasons = byId(await db().select().from(s.report_reasons));
    expect(reasons.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(reasons[1].name_en.toLowerCase()).toContain("price");
    expect(reasons[4].name_en).toBe("Other");
  });

  it("names every row of every lookup list in both languages", async () => {
    for (const table of [
      s.estate_offer_types,
      s.estate_types,
      s.ownership_types,
      s.contract_types,
      s.interior_statuses,
      s.period_types,
      s.area_units,
      s.report_reasons,
    ]) {
      const rows = await db().select().from(table);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.name_ar.trim()).not.toBe("");
        expect(r.name_ar).toMatch(ARABIC);
        expect(r.name_en.trim()).not.toBe("");
        expect(r.name_en).not.toMatch(ARABIC);
      }
    }
  });
});

describe("offices and articles", () => {
  it("has at least 30 active offices spread over at least 10 governorates, with numbers reserved for fiction", async () => {
    const rows = await db()
      .select({ office: s.offices, governorate_id: s.locations.governorate_id })
      .from(s.offices)
      .innerJoin(s.locations, eq(s.locations.id, s.offices.location_id));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.governorate_id)).size).toBeGreaterThanOrEqual(10);
    for (const { office } of rows) {
      expect(office.is_active).toBe(true);
      expect(office.name_ar).toMatch(ARABIC);
      expect(office.name_en).toMatch(LATIN);
      expect(office.address_ar).toMatch(ARABIC);
      expect(isFictionPhone(office.phone), office.phone).toBe(true);
      expect(office.whatsapp).toBe(office.phone);
      expect([1, 2, 3, 4]).toContain(office.contract_type_id);
      expect(office.logo).toBeTruthy();
    }
    // Every contract level is represented, so every card colour shows up.
    expect(new Set(rows.map((r) => r.office.contract_type_id))).toEqual(new Set([1, 2, 3, 4]));
  });

  it("has 12 published articles with bilingual titles and bodies longer than a teaser", async () => {
    const rows = await db().select().from(s.articles).orderBy(asc(s.articles.id));
    expect(rows).toHaveLength(12);
    for (const a of rows) {
      expect(a.is_published).toBe(true);
      expect(a.title_ar).toMatch(ARABIC);
      expect(a.body_ar).toMatch(ARABIC);
      expect(a.title_en).not.toMatch(ARABIC);
      expect(a.body_en).not.toMatch(ARABIC);
      expect(Array.from(a.body_ar).length).toBeGreaterThan(90);
      expect(Array.from(a.body_en).length).toBeGreaterThan(90);
      expect(a.image).toBeTruthy();
    }
  });
});

describe("property requests", () => {
  it("has published requests of demo accounts on /user-order, no one able to log in to them (decision 087)", async () => {
    const res = await callLoader(userOrderLoader, "/user-order");
    expect(res.status).toBe(200);
    expect(res.data.total).toBeGreaterThanOrEqual(10);
    const places = new Set(res.data.items.map((i: { place: string }) => i.place));
    expect(places.size).toBeGreaterThanOrEqual(5);
    const requesters = await db()
      .selectDistinct({ phone: s.users.phone, hash: s.users.password_hash })
      .from(s.property_requests)
      .innerJoin(s.users, eq(s.users.id, s.property_requests.user_id));
    expect(requesters.length).toBeGreaterThanOrEqual(5);
    for (const r of requesters) {
      expect(isFictionPhone(r.phone), r.phone).toBe(true);
      expect(await verifyPassword(r.hash, "!demo-requester")).toBe(false);
    }
  });
});

describe("listings", () => {
  it(`has ${TEST_LISTINGS} approved listings with distinct ad numbers, in SYP (some sales in USD)`, async () => {
    const rows = await db().select().from(s.estates);
    expect(rows).toHaveLength(TEST_LISTINGS);
    expect(rows.every((r) => r.status === "approved")).toBe(true);
    expect(rows.every((r) => r.currency === "SYP" || (r.currency === "USD" && r.estate_offer_type_id === 1))).toBe(true);
    expect(new Set(rows.map((r) => r.state_id)).size).toBe(TEST_LISTINGS);
    for (const r of rows) {
      expect(Number.isInteger(r.price) && (r.price ?? 0) > 0, `price of ${r.id}`).toBe(true);
      expect(r.area, `area of ${r.id}`).toBeGreaterThan(0);
      expect(r.description_ar).toMatch(ARABIC);
      expect(r.description_en).not.toMatch(ARABIC);
      // Either an office or the owner's own phone to call, one reserved for fiction (docs/decisions/079).
      expect(r.office_id !== null || isFictionPhone(r.phone ?? ""), `contact of ${r.id}`).toBe(true);
      if (r.estate_offer_type_id === 1) expect(r.period_type_id, `sale ${r.id} has no rental period`).toBeNull();
      else expect(r.period_type_id, `rental ${r.id} has a period`).not.toBeNull();
    }
  });

  it("gives every listing at least 3 photos, numbered from 0 without gaps", async () => {
    const rows = await db()
      .select({ estate_id: s.estate_images.estate_id, index: s.estate_images.index })
      .from(s.estate_images)
      .orderBy(asc(s.estate_images.estate_id), asc(s.estate_images.index));
    const byEstate = new Map<number, number[]>();
    for (const r of rows) byEstate.set(r.estate_id, [...(byEstate.get(r.estate_id) ?? []), r.index]);
    const estates = await db().select({ id: s.estates.id }).from(s.estates);
    for (const { id } of estates) {
      const indexes = byEstate.get(id) ?? [];
      expect(indexes.length, `photos of listing ${id}`).toBeGreaterThanOrEqual(3);
      expect(indexes).toEqual(indexes.map((_, i) => i));
    }
  });

  it("stores the photo files that the images point to", async () => {
    const dir = process.env.TEST_IMAGES_DIR!;
    const files = await db().selectDistinct({ file: s.estate_images.file }).from(s.estate_images);
    expect(files.length).toBeGreaterThan(10);
    for (const { file } of files) {
      for (const width of [400, 800])
        expect(fs.existsSync(path.join(dir, `${file}-${width}.webp`)), `${file}-${width}`).toBe(true);
    }
  });

  it("covers sale, long rent and vacation rent, every governorate and several estate types", async () => {
    const rows = await db()
      .select({
        offer: s.estates.estate_offer_type_id,
        period: s.estates.period_type_id,
        type: s.estates.estate_type_id,
        gov: s.locations.governorate_id,
      })
      .from(s.estates)
      .innerJoin(s.locations, eq(s.locations.id, s.estates.location_id));
    const sale = rows.filter((r) => r.offer === 1).length;
    const vacation = rows.filter((r) => r.offer === 2 && [1, 2, 4].includes(r.period ?? 0)).length;
    const longRent = rows.filter((r) => r.offer === 2 && ![1, 2, 4].includes(r.period ?? 0)).length;
    expect(sale).toBeGreaterThan(rows.length * 0.3);
    expect(longRent).toBeGreaterThan(rows.length * 0.2);
    expect(vacation).toBeGreaterThan(rows.length * 0.1);
    expect(new Set(rows.map((r) => r.type)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.gov)).size).toBeGreaterThanOrEqual(10);
  });

  it("has plausible Syrian prices", async () => {
    const found = await db()
      .select({
        price: s.estates.price,
        currency: s.estates.currency,
        type: s.estates.estate_type_id,
        offer: s.estates.estate_offer_type_id,
        period: s.estates.period_type_id,
        gov: s.governorates.name_en,
      })
      .from(s.estates)
      .innerJoin(s.locations, eq(s.locations.id, s.estates.location_id))
      .innerJoin(s.governorates, eq(s.governorates.id, s.locations.governorate_id));
    // Every seeded listing has a price (only owners' posts may wait for one).
    expect(found.every((r) => r.price !== null)).toBe(true);
    // The SYP prices (the price domains are SYP amounts; the USD ones are checked in "believable demo data").
    const rows = found.filter((r) => r.currency === "SYP").map((r) => ({ ...r, price: r.price ?? 0 }));

    const damascusFlats = rows.filter((r) => r.offer === 1 && r.type === 6 && r.gov === "Damascus").map((r) => r.price);
    expect(damascusFlats.length).toBeGreaterThanOrEqual(5);
    // New pounds (decision 027): 110 SYP to the dollar. A Damascus flat's median over 5,000,000 SYP (about 45,000 USD)…
    expect(median(damascusFlats)).toBeGreaterThan(5_000_000);
    // …but not absurd: under 1 billion SYP (about 9 million USD) for a flat.
    expect(Math.max(...damascusFlats)).toBeLessThan(1_000_000_000);

    // Monthly rents: at least 4,000 SYP (about 36 USD) for anything, at most 1,000,000 SYP (about 9,000 USD) for a
    // home, flat, villa, chalet or office. (Large plots of land or farms let by the month may cost more.)
    const monthly = rows.filter((r) => r.offer === 2 && r.period === 3);
    expect(monthly.length).toBeGreaterThan(20);
    for (const r of monthly) expect(r.price).toBeGreaterThanOrEqual(4_000);
    const homes = monthly.filter((r) => [1, 5, 6, 7, 8].includes(r.type));
    expect(homes.length).toBeGreaterThan(20);
    for (const r of homes) expect(r.price).toBeLessThanOrEqual(1_000_000);
    expect(median(monthly.map((r) => r.price))).toBeLessThan(200_000);

    // The lower price domains hold listings (USD ones compared at the rate, 110 SYP); the top one (over about
    // 909,000 USD) is rare, and the 2,400 listings of a first start fill it ("spreads the default search" below).
    const converted = found.map((r) => (r.currency === "USD" ? (r.price ?? 0) * 110 : (r.price ?? 0)));
    for (const [min, max] of [
      [0, 1_000_000],
      [1_000_000, 50_000_000],
      [50_000_000, 100_000_000],
    ]) {
      expect(converted.filter((p) => p >= min && p < max).length, `prices ${min}..${max}`).toBeGreaterThan(0);
    }

    // A sale costs more than a month's rent of the same kind in the same governorate.
    const medianOf = (offer: number, period: number | null) =>
      median(
        rows
          .filter((r) => r.offer === offer && r.type === 6 && r.gov === "Damascus" && (period === null || r.period === period))
          .map((r) => r.price),
      );
    expect(medianOf(1, null)).toBeGreaterThan(50 * medianOf(2, 3));
  });

  it("dates listings in the past six months or so, newest not in the future of the seed's anchor", async () => {
    const [row] = await db()
      .select({ min: sql<string>`min(${s.estates.created_at})`, max: sql<string>`max(${s.estates.created_at})` })
      .from(s.estates);
    const min = new Date(row.min).getTime();
    const max = new Date(row.max).getTime();
    expect(max).toBeLessThanOrEqual(Date.UTC(2026, 10, 15, 9, 0, 0));
    expect(max - min).toBeLessThanOrEqual(181 * 86_400_000);
    expect(max - min).toBeGreaterThan(90 * 86_400_000);
  });

  it("confirms listings 0 to 55 days before the seeding, never before publication, so the freshness text varies", async () => {
    const rows = await db()
      .select({ confirmed: s.estates.confirmed_at, created: s.estates.created_at })
      .from(s.estates)
      .where(isNull(s.estates.user_id));
    const now = Date.now();
    const days = rows.map((r) => Math.floor((now - r.confirmed.getTime()) / 86_400_000));
    for (const [i, r] of rows.entries()) {
      expect(r.confirmed.getTime()).toBeGreaterThanOrEqual(r.created.getTime());
      expect(days[i]).toBeLessThanOrEqual(DEMO_CONFIRMED_MAX_DAYS);
    }
    // Some today, some about a month ago, a few in their last week (whose owners are warned).
    expect(new Set(days).size).toBeGreaterThan(30);
    expect(days.filter((d) => d === 0).length).toBeGreaterThan(0);
    expect(days.filter((d) => d >= 53).length).toBeGreaterThan(0);
    expect(days.filter((d) => d >= 53).length).toBeLessThan(rows.length / 10);
  });
});

/** Listings with their place's kind (app/platform/db/seed/data/places.ts), for the rules of decision 026. */
async function listingsWithKind(d: Database["db"]) {
  const rows = await d
    .select({
      id: s.estates.id,
      type: s.estates.estate_type_id,
      offer: s.estates.estate_offer_type_id,
      period: s.estates.period_type_id,
      price: s.estates.price,
      currency: s.estates.currency,
      area: s.estates.area,
      unit: s.estates.area_unit_id,
      rooms: s.estates.rooms_count,
      floor: s.estates.floor,
      furnished: s.estates.furnished,
      location_id: s.estates.location_id,
      place: s.locations.name_en,
      gov: s.governorates.name_en,
    })
    .from(s.estates)
    .innerJoin(s.locations, eq(s.locations.id, s.estates.location_id))
    .innerJoin(s.governorates, eq(s.governorates.id, s.locations.governorate_id));
  return rows.map((r) => ({ ...r, kind: placeKind(r.gov, r.place), price: r.price ?? 0 }));
}

/**
 * How many of `prices` (SYP, as the search compares them) each price band of offer type `offer` holds (upper bounds
 * exclusive, decision 006), by band id.
 */
async function bandsOf(d: Database["db"], offer: number, prices: number[]): Promise<Map<number, number>> {
  const domains = (await d.select().from(s.price_domains)).filter((p) => p.estate_offer_type_id === offer);
  const counts = new Map(domains.map((p) => [p.id, 0]));
  for (const price of prices) {
    const domain = domains.find((p) => price >= Number(p.min) && (p.max === null || price < Number(p.max)));
    if (domain) counts.set(domain.id, counts.get(domain.id)! + 1);
  }
  return counts;
}

const [HOME, FARM, LAND, SHOP, VILLA, FLAT, OFFICE, CHALET] = [1, 2, 3, 4, 5, 6, 7, 8];

describe("believable demo data", () => {
  it("gives every one of the 241 places exactly one kind", () => {
    let count = 0;
    for (const g of seedGovernorates)
      for (const l of g.locations) {
        expect(PLACE_KINDS).toContain(placeKind(g.name_en, l.name_en));
        count++;
      }
    expect(count).toBe(241);
    const listed = Object.entries(placeKinds).flatMap(([g, places]) => Object.keys(places).map((p) => `${g}/${p}`));
    expect(listed).toHaveLength(241);
    // The places of decision 026's examples, and the famous ones, are what a Syrian knows them as.
    expect(placeKind("Damascus", "Mezzeh 86")).toBe("centre");
    expect(placeKind("Damascus", "Al-Baramkeh")).toBe("centre");
    expect(placeKind("Damascus", "Al-Muhajireen")).toBe("centre");
    expect(placeKind("Damascus", "Mezzeh Western Villas")).toBe("villas");
    expect(placeKind("Rif Dimashq", "Yafour")).toBe("villas");
    for (const resort of ["Bloudan", "Zabadani"]) expect(placeKind("Rif Dimashq", resort)).toBe("resort");
    for (const resort of ["Slunfeh", "Kassab"]) expect(placeKind("Latakia", resort)).toBe("resort");
    for (const resort of ["Mashta al-Helu", "Safita"]) expect(placeKind("Tartus", resort)).toBe("resort");
    expect(placeKind("Latakia", "Blue Beach")).toBe("coast");
    expect(placeKind("Latakia", "Jableh")).toBe("coast");
    expect(placeKind("Tartus", "Baniyas")).toBe("coast");
  });

  it("offers each estate type only where it exists", async () => {
    const rows = await listingsWithKind(db());
    for (const r of rows) {
      const where = `listing ${r.id} (type ${r.type}) in ${r.gov} / ${r.place} (${r.kind})`;
      if (r.type === FARM || r.type === LAND) expect(r.kind, where).not.toBe("centre");
      if (r.type === CHALET) expect(["coast", "resort"], where).toContain(r.kind);
      if (r.type === VILLA) expect(["villas", "suburb", "coast", "resort"], where).toContain(r.kind);
      if (r.type === OFFICE) expect(["centre", "villas", "suburb"], where).toContain(r.kind);
      expect(typesAllowed(r.kind).has(r.type), where).toBe(true);
    }
    // The implausible listings of decision 026 are gone: no farm in Mezzeh 86, no land for rent in Baramkeh, no chalet in
    // Muhajireen.
    expect(rows.filter((r) => r.place === "Mezzeh 86" && r.type === FARM)).toEqual([]);
    expect(rows.filter((r) => r.place === "Al-Baramkeh" && r.type === LAND)).toEqual([]);
    expect(rows.filter((r) => r.place === "Al-Muhajireen" && r.type === CHALET)).toEqual([]);
    // …and the market still has every type.
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([HOME, FARM, LAND, SHOP, VILLA, FLAT, OFFICE, CHALET]));
  });

  it("gives rooms that fit the area, none to land, farms and shops, and floors that fit the type", async () => {
    expect(roomsBand(75)).toEqual([1, 2]);
    expect(roomsBand(220)).toEqual([4, 6]);
    for (const r of await listingsWithKind(db())) {
      const where = `listing ${r.id} (type ${r.type}, ${r.area} ${r.unit === 2 ? "dunam" : "m²"})`;
      if (ROOMED_TYPES.has(r.type)) {
        expect(r.unit, where).toBe(1);
        const [fewest, most] = roomsBand(r.area);
        expect(r.rooms, where).toBeGreaterThanOrEqual(fewest);
        expect(r.rooms, where).toBeLessThanOrEqual(most);
      } else expect(r.rooms, where).toBeNull();
      if ([LAND, FARM, VILLA, HOME, CHALET].includes(r.type)) expect(r.floor, where).toBeNull();
      if (r.type === SHOP) expect(r.floor, where).toBe(0);
      if (r.type === FLAT) expect(r.floor, where).toBeGreaterThanOrEqual(0);
      if (r.type === LAND || r.type === SHOP) expect(r.furnished, where).toBe(false);
      if (r.type === FLAT && r.area < 90) expect(r.rooms, where).toBeLessThanOrEqual(2);
    }
  });

  it("furnishes mostly what is let, and every vacation home", async () => {
    const rows = (await listingsWithKind(db())).filter((r) => ROOMED_TYPES.has(r.type) && r.type !== OFFICE);
    const share = (list: typeof rows) => list.filter((r) => r.furnished).length / list.length;
    const vacation = rows.filter((r) => r.offer === 2 && [1, 2, 4].includes(r.period ?? 0));
    const longRent = rows.filter((r) => r.offer === 2 && [3, 5].includes(r.period ?? 0));
    const sale = rows.filter((r) => r.offer === 1);
    expect(share(vacation)).toBe(1);
    expect(share(longRent)).toBeGreaterThan(share(sale) + 0.2);
    expect(share(sale)).toBeLessThan(0.2);
  });

  it("prices about 10% of sale listings in USD, derived from SYP at the current rate and rounded as people do", async () => {
    const rows = await listingsWithKind(db());
    const sales = rows.filter((r) => r.offer === 1);
    const usd = sales.filter((r) => r.currency === "USD");
    expect(usd.length / sales.length).toBeGreaterThanOrEqual(0.07);
    expect(usd.length / sales.length).toBeLessThanOrEqual(0.13);
    expect(rows.filter((r) => r.offer === 2 && r.currency !== "SYP")).toEqual([]);
    const [rate] = await db().select().from(s.exchange_rates);
    expect(rate.syp_per_usd).toBe(110);
    for (const r of usd) {
      expect(r.price % 500, `USD price of ${r.id}`).toBe(0);
      if (r.price >= 20_000) expect(r.price % 1000, `USD price of ${r.id}`).toBe(0);
      // A USD price is a sale price in dollars, not pounds: between 1,000 and 5 million dollars.
      expect(r.price).toBeGreaterThanOrEqual(1000);
      expect(r.price).toBeLessThanOrEqual(5_000_000);
    }
    for (const r of rows.filter((x) => x.currency === "SYP")) expect(r.price % 500, `SYP price of ${r.id}`).toBe(0);
    // Damascus flats in USD cost what Damascus flats in SYP cost, at the rate.
    const damascus = (currency: string) =>
      median(sales.filter((r) => r.gov === "Damascus" && r.type === FLAT && r.currency === currency).map((r) => r.price));
    const inUsd = sales.filter((r) => r.gov === "Damascus" && r.type === FLAT && r.currency === "USD");
    if (inUsd.length >= 3) {
      const ratio = (damascus("USD") * 110) / damascus("SYP");
      expect(ratio).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    }
    expect(roundSyp(17_160_000)).toBe(17_000_000);
    expect(roundSyp(4_370)).toBe(4_500);
    expect(roundUsd(156_321)).toBe(156_000);
  });

  it("prices by type, size and place: Malki over Mezzeh 86, flats over farmland by the m², bigger over smaller", async () => {
    const rows = (await listingsWithKind(db())).filter((r) => r.currency === "SYP" && r.offer === 1);
    const perM2 = (r: (typeof rows)[number]) => r.price / (r.unit === 2 ? r.area * 1000 : r.area);
    const flatsIn = (kind: string) => rows.filter((r) => r.type === FLAT && r.kind === kind).map(perM2);
    const centreFlats = rows.filter((r) => r.type === FLAT && r.gov === "Damascus");
    expect(median(centreFlats.map(perM2))).toBeGreaterThan(median(flatsIn("rural")));
    const fields = rows.filter((r) => r.type === LAND && r.unit === 2).map(perM2);
    if (fields.length) expect(median(fields)).toBeLessThan(median(centreFlats.map(perM2)) / 20);
    const small = centreFlats.filter((r) => r.area < 100).map((r) => r.price);
    const large = centreFlats.filter((r) => r.area >= 150).map((r) => r.price);
    expect(median(large)).toBeGreaterThan(median(small));
  });

  describe("the first start's 2,400 listings", () => {
    let first: Database;
    let dir: string;
    let seconds = 0;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-seed-2400-"));
      const original = process.env.TEST_IMAGES_DIR!;
      for (const file of fs.readdirSync(original)) fs.copyFileSync(path.join(original, file), path.join(dir, file));
      first = fromPglite(await PGlite.create());
      await migrateDatabase(first);
      await seedReference(first.db, diskImageStore(dir));
      const started = performance.now();
      await seedListings(first.db, { count: 2400, images: diskImageStore(dir) });
      seconds = (performance.now() - started) / 1000;
    }, 300_000);
    afterAll(async () => {
      await first?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("seeds in a few seconds", () => {
      // About 3 s alone; the limit leaves room for a busy machine running the whole suite.
      expect(seconds).toBeLessThan(120);
    });

    it("splits each offer type's listings over its four price bands, none holding most of them (decision 087)", async () => {
      // Prices in SYP as the search compares them: new pounds, USD listings at the rate (110 SYP, decision 027).
      const rows = (await listingsWithKind(first.db)).map((r) => ({ ...r, syp: r.currency === "USD" ? r.price * 110 : r.price }));
      const bands = (offer: number, filter: (r: (typeof rows)[number]) => boolean = () => true) =>
        bandsOf(
          first.db,
          offer,
          rows.filter((r) => r.offer === offer && r.price > 0 && filter(r)).map((r) => r.syp),
        );
      for (const offer of [1, 2]) {
        const counts = await bands(offer);
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        expect(counts.size, `bands of offer type ${offer}`).toBe(4);
        for (const [id, n] of counts) {
          // About a quarter each: never most of them, never a band nearly empty.
          expect(n / total, `band ${id}: ${n} of ${total}`).toBeLessThan(0.5);
          expect(n / total, `band ${id}: ${n} of ${total}`).toBeGreaterThan(0.1);
        }
      }
      // The rent page's long-term rents (monthly and yearly) are split too, none holding most.
      const longRents = await bands(2, (r) => r.period === 3 || r.period === 5);
      const longTotal = [...longRents.values()].reduce((a, b) => a + b, 0);
      for (const [id, n] of longRents) expect(n / longTotal, `long rents in band ${id}`).toBeLessThan(0.5);
      // Flats for sale in Damascus as a whole, and villas: more than one band.
      expect(
        [...(await bands(1, (r) => r.type === FLAT && r.gov === "Damascus")).values()].filter(Boolean).length,
      ).toBeGreaterThanOrEqual(2);
      expect([...(await bands(1, (r) => r.type === VILLA)).values()].filter(Boolean).length).toBeGreaterThanOrEqual(2);
    });

    it("prices flats for sale by neighbourhood: Malki over Mezzeh over Mezzeh 86, small flats in the informal quarters", async () => {
      const rows = (await listingsWithKind(first.db)).filter((r) => r.offer === 1 && r.type === FLAT && r.currency === "SYP");
      const usdPerM2 = (place: string) => median(rows.filter((r) => r.place === place).map((r) => r.price / r.area / 110));
      expect(usdPerM2("Malki")).toBeGreaterThan(usdPerM2("Mezzeh"));
      expect(usdPerM2("Mezzeh")).toBeGreaterThan(usdPerM2("Mezzeh 86") * 2);
      // Press figures (decision 026): Malki about 2,000–3,500 USD/m², Mezzeh 1,000–1,800, Mezzeh 86 a few hundred.
      expect(usdPerM2("Malki")).toBeGreaterThan(1500);
      expect(usdPerM2("Mezzeh 86")).toBeLessThan(600);
      for (const r of rows.filter((x) => x.place === "Mezzeh 86")) expect(r.area, `listing ${r.id}`).toBeLessThanOrEqual(135);
    });

    it("keeps the searches the end-to-end tests hard-code populated", async () => {
      const rows = await listingsWithKind(first.db);
      // e2e/offline.spec.ts and e2e/page-weight.spec.ts: flats for sale in Mezzeh (location 1).
      expect(rows.filter((r) => r.offer === 1 && r.type === FLAT && r.location_id === 1).length).toBeGreaterThanOrEqual(5);
      // e2e/support.ts populatedSearch: its first candidate, flats for sale in Malki (location 4).
      expect(rows.filter((r) => r.offer === 1 && r.type === FLAT && r.location_id === 4).length).toBeGreaterThanOrEqual(1);
      // /rent-properties?estate_type_id=6 (e2e/search.spec.ts): flats for long rent.
      expect(rows.filter((r) => r.offer === 2 && r.type === FLAT && [3, 5].includes(r.period ?? 0)).length).toBeGreaterThan(20);
    });
  });
});

describe("determinism", () => {
  it("seededRandom gives the same sequence for the same seed and another one for another seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
    const r = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });

  describe("seeding a second, empty database", () => {
    let second: Database;
    let dir: string;
    /** Images drawn again from scratch (the others are copied from the first seed, to keep the test fast). */
    const redrawn = ["seed-photo-0", "seed-photo-5", "seed-logo-3", "seed-cover-2"];
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-seed-"));
      const images = path.join(dir, "images");
      fs.mkdirSync(images);
      const original = process.env.TEST_IMAGES_DIR!;
      for (const file of fs.readdirSync(original)) {
        if (!redrawn.some((base) => file.startsWith(`${base}-`)))
          fs.copyFileSync(path.join(original, file), path.join(images, file));
      }
      second = fromPglite(await PGlite.create());
      await migrateDatabase(second);
      await seedReference(second.db, diskImageStore(images));
      await seedListings(second.db, { count: TEST_LISTINGS, images: diskImageStore(images), now: SECOND_SEED_AT });
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("gives the same places and offices", async () => {
      const places = (d: Database["db"]) => d.select().from(s.locations).orderBy(asc(s.locations.id));
      expect(await places(second.db)).toEqual(await places(db()));
      const offices = (d: Database["db"]) =>
        d
          .select({
            id: s.offices.id,
            name: s.offices.name_en,
            phone: s.offices.phone,
            location: s.offices.location_id,
            logo: s.offices.logo,
          })
          .from(s.offices)
          .orderBy(asc(s.offices.id));
      expect(await offices(second.db)).toEqual(await offices(db()));
    });

    it("gives the same listings: prices, places, types, dates and descriptions", async () => {
      const listings = (d: Database["db"]) =>
        d
          .select({
            id: s.estates.id,
            state_id: s.estates.state_id,
            price: s.estates.price,
            location_id: s.estates.location_id,
            estate_type_id: s.estates.estate_type_id,
            offer: s.estates.estate_offer_type_id,
            period: s.estates.period_type_id,
            area: s.estates.area,
            office_id: s.estates.office_id,
            phone: s.estates.phone,
            created_at: s.estates.created_at,
            description_en: s.estates.description_en,
          })
          .from(s.estates)
          .orderBy(asc(s.estates.id));
      const a = await listings(db());
      const b = await listings(second.db);
      expect(b).toHaveLength(a.length);
      expect(b.slice(0, 50)).toEqual(a.slice(0, 50));
      expect(b).toEqual(a);
    });

    it("confirms each listing as long before its seeding as in the first seed (drawn by its ad number)", async () => {
      const confirmations = (d: Database["db"]) =>
        d
          .select({ state_id: s.estates.state_id, confirmed: s.estates.confirmed_at, created: s.estates.created_at })
          .from(s.estates)
          .orderBy(asc(s.estates.state_id));
      const a = await confirmations(db());
      const b = await confirmations(second.db);
      // Apart from the listings confirmed at their publication, the two seeds differ by the time between them only.
      const shifts = new Set(
        a
          .map((r, i) => ({ r, other: b[i] }))
          .filter(({ r, other }) => r.confirmed > r.created && other.confirmed > other.created)
          .map(({ r, other }) => other.confirmed.getTime() - r.confirmed.getTime()),
      );
      expect(b.map((r) => r.state_id)).toEqual(a.map((r) => r.state_id));
      expect(shifts.size).toBe(1);
      for (const r of b) expect(r.confirmed.getTime()).toBeLessThanOrEqual(SECOND_SEED_AT.getTime());
    });

    it("gives the same photos to the same listings", async () => {
      const images = (d: Database["db"]) =>
        d
          .select({ estate_id: s.estate_images.estate_id, index: s.estate_images.index, file: s.estate_images.file })
          .from(s.estate_images)
          .orderBy(asc(s.estate_images.estate_id), asc(s.estate_images.index));
      expect(await images(second.db)).toEqual(await images(db()));
    });

    it("renders the same image files", () => {
      const original = process.env.TEST_IMAGES_DIR!;
      const names = fs.readdirSync(path.join(dir, "images")).filter((f) => redrawn.some((base) => f.startsWith(`${base}-`)));
      expect(names.sort()).toEqual(
        [
          "seed-cover-2-400",
          "seed-cover-2-800",
          "seed-logo-3-192",
          "seed-logo-3-96",
          "seed-photo-0-400",
          "seed-photo-0-800",
          "seed-photo-5-400",
          "seed-photo-5-800",
        ].map((n) => `${n}.webp`),
      );
      for (const name of names) {
        const again = fs.readFileSync(path.join(dir, "images", name));
        expect(again.length, name).toBeGreaterThan(500);
        expect(again.subarray(0, 4).toString() + again.subarray(8, 12).toString(), name).toBe("RIFFWEBP");
        expect(again.equals(fs.readFileSync(path.join(original, name))), name).toBe(true);
      }
    });
  });
});

describe("the demo admin comes with the demo data (docs/decisions/049)", () => {
  const demo = () => db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));

  it("is made when the demo data is seeded on a site that is not public, with the password the README gives", async () => {
    await db().delete(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    // A database not seeded now gets no account with a known password.
    expect(await settleDemoAdmin(db(), { seededDemo: false, publicSite: false })).toBeNull();
    expect(await demo()).toEqual([]);
    expect(await settleDemoAdmin(db(), { seededDemo: true, publicSite: false })).toBe("ready");
    const [row] = await demo();
    expect(row).toMatchObject({ role: "admin", status: "active" });
    expect(await verifyPassword(row.password_hash, DEMO_ADMIN.password)).toBe(true);
    expect(demoAdminNotice("ready", "http://localhost:3000")).toContain(
      `http://localhost:3000/login with the country United States, number ${DEMO_ADMIN.nationalPhone} and password ${DEMO_ADMIN.password}`,
    );
  });

  it("is never usable on a public site, even when the demo data is seeded there", async () => {
    expect(await settleDemoAdmin(db(), { seededDemo: true, publicSite: true })).toBe("skipped");
    const [row] = await demo();
    expect(row).toMatchObject({ role: "user", status: "suspended" });
    expect(demoAdminNotice("skipped", "https://aqar.example")).toMatch(/ADMIN_PHONE.*ADMIN_PASSWORD/);
    expect(demoAdminNotice("skipped", "https://aqar.example")).not.toContain(DEMO_ADMIN.password);
    await db().delete(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    expect(await settleDemoAdmin(db(), { seededDemo: true, publicSite: true })).toBe("skipped");
    expect(await demo()).toEqual([]);
  });

  it("calls a site public by its PUBLIC_URL, not by NODE_ENV: npm start's localhost is not", () => {
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" })).toBe(false);
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:8080" })).toBe(false);
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: "http://[::1]:3000" })).toBe(false);
    expect(isPublicSite({ NODE_ENV: "development", PUBLIC_URL: undefined })).toBe(false);
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: "https://aqar.example" })).toBe(true);
    expect(isPublicSite({ NODE_ENV: "test", PUBLIC_URL: "https://aqar.example" })).toBe(true);
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: "http://localhost.evil.example" })).toBe(true);
    // Production without PUBLIC_URL (a script run without it): public, to be safe.
    expect(isPublicSite({ NODE_ENV: "production", PUBLIC_URL: undefined })).toBe(true);
  });
});
