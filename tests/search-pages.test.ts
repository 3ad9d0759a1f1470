import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { pageIdsEachWay, searchEstates, similarEstates } from "~/features/search/estate-search.server";
import { forgetCommonStems, wordsKindOf } from "~/features/search/search-words.server";
import { type EstateFilter } from "~/features/search/estate-filter.server";
import { useTestDatabase } from "./helpers/db";

/**
 * Decision 070: a page of results is found by the count's statement (at most 1,000 matches), by walking the order's
 * index, or by sorting every match when the walk is cut by its budget. Whichever way runs, the visitor must see the
 * same listings in the same order: each search below is read all three ways and compared, on PGlite and PostgreSQL.
 */

const test = useTestDatabase();
const db = () => test.get().db;
let governorate_id = 0;
let location_id = 0;

beforeAll(async () => {
  const [model] = await db()
    .select({ location_id: s.estates.location_id, governorate_id: s.estates.governorate_id })
    .from(s.estates)
    .where(eq(s.estates.status, "approved"))
    .limit(1);
  location_id = model.location_id;
  governorate_id = model.governorate_id!;
  // 1,300 more approved listings in one place, some without a price and many with equal prices and areas, so that
  // the orders' ties and NULLS LAST decide, and a search has more matches than the count reads.
  await db().execute(sql`
    insert into estates (state_id, status, price, currency, location_id, estate_type_id, estate_offer_type_id, area, area_unit_id, rooms_count)
    select 910000 + g, 'approved', case when g % 9 = 0 then null else 40000 + (g % 50) * 1000 end, 'SYP', ${location_id},
      1 + g % 8, 1 + g % 2, 80 + g % 40, 1, g % 6
    from generate_series(1, 1300) g`);
});

afterAll(async () => {
  await db().execute(sql`delete from estates where state_id > 910000 and state_id <= 911300`);
});

/** The searches compared: a name, the filter (read once the place is known) and the page. */
const SEARCHES: [string, () => EstateFilter, number][] = [
  ["newest, the place", () => ({ location_id }), 1],
  ["newest, the place, page 3", () => ({ location_id }), 3],
  ["cheapest, the governorate", () => ({ governorate_id, sort: "price_asc" }), 1],
  ["dearest, the governorate, page 2", () => ({ governorate_id, sort: "price_desc" }), 2],
  ["largest, 3 rooms or more", () => ({ governorate_id, rooms_min: 3, sort: "area_desc" }), 1],
  ["cheapest per m², sales", () => ({ estate_offer_type_id: 1, sort: "price_per_m2_asc" }), 1],
  // Sales and rents by price per m²: one walk per offer type, merged.
  [
    "cheapest per m², a type in the governorate, page 2",
    () => ({ governorate_id, estate_type_id: 1, sort: "price_per_m2_asc" }),
    2,
  ],
  ["cheapest per m², the governorate's owners", () => ({ governorate_id, estate_ownership: 1, sort: "price_per_m2_asc" }), 1],
  ["a type in the place, cheapest", () => ({ location_id, estate_type_id: 3, sort: "price_asc" }), 2],
  ["a type with rooms it never has", () => ({ governorate_id, estate_type_id: 4, rooms_min: 9, sort: "price_asc" }), 1],
  ["words, newest", () => ({ q: "شقة" }), 1],
  ["words, cheapest", () => ({ q: "شقة", sort: "price_asc" }), 1],
  ["the whole country, cheapest, page 40", () => ({ sort: "price_asc" }), 40],
  // Decision 072: price sorts over sales and rents walk each offer type and merge the walks.
  ["a type over the whole country, dearest, page 3", () => ({ estate_type_id: 1, sort: "price_desc" }), 3],
  ["with a pool, cheapest", () => ({ swimming_pool: true, sort: "price_asc" }), 1],
  // Decision 075: a pool's own orders.
  ["with a pool, 2 rooms or more, dearest", () => ({ swimming_pool: true, rooms_min: 2, sort: "price_desc" }), 1],
  ["with a pool, largest", () => ({ swimming_pool: true, sort: "area_desc" }), 1],
  // Decision 073: a governorate's largest listings are walked on its own area order.
  ["the ground floor in the governorate, largest", () => ({ governorate_id, floor: 0, sort: "area_desc" }), 1],
  // Decision 076: a governorate's prices by offer type.
  ["the governorate, 3 rooms or more, cheapest, page 2", () => ({ governorate_id, rooms_min: 3, sort: "price_asc" }), 2],
  [
    "the governorate's rents, 2 rooms or more, dearest",
    () => ({ governorate_id, estate_offer_type_id: 2, rooms_min: 2, sort: "price_desc" }),
    1,
  ],
  ["the governorate, 2 rooms or more, largest, page 2", () => ({ governorate_id, rooms_min: 2, sort: "area_desc" }), 2],
];

describe("a page of results is the same whichever way it is read (decision 070)", () => {
  for (const [name, filter, page] of SEARCHES) {
    it(name, async () => {
      const ways = await pageIdsEachWay(db(), filter(), page);
      if (!name.includes("never")) expect(ways.walk.length).toBeGreaterThan(0);
      expect(ways.sort).toEqual(ways.walk);
      if (ways.count) expect(ways.count).toEqual(ways.walk);
      const shown = await searchEstates(db(), filter(), page, "ar");
      expect(shown.items.map((e) => e.id)).toEqual(ways.walk);
    });
  }

  it("a search with more matches than the count reads is walked, and the sort agrees", async () => {
    const ways = await pageIdsEachWay(db(), { location_id, sort: "price_asc" }, 5);
    expect(ways.count).toBeNull();
    expect(ways.walk).toHaveLength(12);
    expect(ways.sort).toEqual(ways.walk);
  });

  it("the similar listings of a search that finds nothing are the governorate's newest, the same type first", async () => {
    const filter: EstateFilter = { governorate_id, estate_type_id: 4, rooms_min: 9 };
    const result = await searchEstates(db(), filter, 1, "ar");
    expect(result.total).toBe(0);
    const similar = await similarEstates(db(), filter, "ar", { limit: 6 });
    expect(similar.length).toBe(6);
    const rows = await db()
      .select({ id: s.estates.id, estate_type_id: s.estates.estate_type_id })
      .from(s.estates)
      .where(
        inArray(
          s.estates.id,
          similar.map((e) => e.id),
        ),
      );
    const typeOf = new Map(rows.map((r) => [r.id, r.estate_type_id]));
    const types = similar.map((e) => typeOf.get(e.id));
    // The same type first, then the others: no listing of the type after one of another type.
    expect(types.indexOf(4) === -1 || types.lastIndexOf(4) < types.findIndex((t) => t !== 4) || types.every((t) => t === 4)).toBe(
      true,
    );
  });

  it("a word most listings hold is common, one that few hold is rare (decision 072)", async () => {
    await db().execute(sql`analyze estates`);
    forgetCommonStems(db());
    expect(await wordsKindOf(db(), "شقة", 4)).toBe("common");
    expect(await wordsKindOf(db(), "شقة زمرد", 4)).toBe("rare");
    expect(await wordsKindOf(db(), "شقة زمرد", 0)).toBe("common");
    expect(await wordsKindOf(db(), undefined, 4)).toBe("none");
  });

  it("the planner knows how type, governorate and rooms go together (migration 0028)", async () => {
    const { rows } = (await db().execute(
      sql`select stxname from pg_statistic_ext where stxname = 'estates_type_place_rooms_stats'`,
    )) as unknown as { rows: { stxname: string }[] };
    expect(rows.map((r) => r.stxname)).toEqual(["estates_type_place_rooms_stats"]);
  });

  it("a type asked for more rooms than any of its listings has finds nothing, and the others still find theirs (decision 074)", async () => {
    const [{ most }] = (
      (await db().execute(
        sql`select max(rooms_count)::int as "most" from estates where status = 'approved' and estate_type_id = 6`,
      )) as unknown as { rows: { most: number }[] }
    ).rows;
    const beyond = await searchEstates(db(), { estate_type_id: 6, rooms_min: most + 1 }, 1, "ar");
    expect(beyond).toMatchObject({ items: [], total: 0, counted: true });
    const at = await searchEstates(db(), { estate_type_id: 6, rooms_min: most }, 1, "ar");
    expect(at.items.length).toBeGreaterThan(0);
    expect(at.items.every((e) => e.rooms !== null && e.rooms >= most)).toBe(true);
  });

  /** The search indexes of decisions 071 to 076: each name, what its definition must say, and the migration. */
  const INDEXES: [string, RegExp[], string][] = [
    [
      "estates_pool_idx",
      [
        /\(governorate_id, estate_type_id, created_at DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*rooms_count/,
        /WHERE \(\(status = 'approved'::text\) AND swimming_pool\)/,
      ],
      "0029",
    ],
    [
      "estates_governorate_area_idx",
      [/\(governorate_id, area DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*floor, furnished, swimming_pool/],
      "0031",
    ],
    [
      "estates_governorate_offer_price_sort_syp_desc_idx",
      [/\(governorate_id, estate_offer_type_id, price_sort_syp DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*rooms_count/],
      "0034",
    ],
    ["estates_type_rooms_idx", [/\(estate_type_id, rooms_count\) WHERE \(status = 'approved'::text\)$/], "0032"],
    [
      "estates_pool_price_sort_syp_desc_idx",
      [
        /\(estate_offer_type_id, price_sort_syp DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*rooms_count/,
        /WHERE \(\(status = 'approved'::text\) AND swimming_pool\)/,
      ],
      "0033",
    ],
    [
      "estates_vacation_governorate_price_sort_syp_idx",
      [
        /\(governorate_id, price_sort_syp, id\) INCLUDE \(.*period_type_id.*duplicate_of, estate_ownership\)/,
        /WHERE \(\(status = 'approved'::text\) AND \(period_type_id = ANY \(ARRAY\[1, 2, 4\]\)\)\)/,
      ],
      "0046",
    ],
    [
      "estates_governorate_floor_area_idx",
      [
        /\(governorate_id, floor, area DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*rooms_count.*estate_ownership\)/,
        /WHERE \(\(status = 'approved'::text\) AND \(floor IS NOT NULL\)\)/,
      ],
      "0046",
    ],
    [
      "estates_type_recent_idx",
      [/\(estate_type_id, created_at DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(.*area, .*area_unit_id.*estate_ownership\)/],
      "0046",
    ],
  ];
  for (const [name, definition, migration] of INDEXES) {
    it(`${name} orders what its searches walk, with the filters' columns (migration ${migration})`, async () => {
      const { rows } = (await db().execute(sql`select indexdef from pg_indexes where indexname = ${name}`)) as unknown as {
        rows: { indexdef: string }[];
      };
      expect(rows).toHaveLength(1);
      for (const part of definition) expect(rows[0].indexdef).toMatch(part);
    });
  }
});
