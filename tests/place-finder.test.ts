import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { getLookups } from "~/features/places/lookups.server";
import { findPlaces } from "~/features/search/place-finder.server";
import { filterWordsOf } from "~/features/search/filter-words.server";
import { loader as finderLoader } from "~/routes/place-finder";
import { loader as suggestLoader } from "~/routes/place-suggestions";
import { loader as estatesLoader } from "~/routes/search-results";
import { callLoader } from "./helpers/remix";
import { useTestDatabase } from "./helpers/db";

/**
 * Every inhabited place of Syria can be chosen (decision 095): the gazetteer's localities are places under their
 * governorates, the place finder lists them in both languages as the word search forgives their spellings, and a
 * search by one of them, or by its governorate, finds its listings.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** A village of the gazetteer only (Rankous, a town of Qalamoun, is not among the site's 241 places). */
let village: { id: number; governorate_id: number; name_ar: string; name_en: string };
const STATE_ID = 920001;

beforeAll(async () => {
  [village] = await db()
    .select({
      id: s.locations.id,
      governorate_id: s.locations.governorate_id,
      name_ar: s.locations.name_ar,
      name_en: s.locations.name_en,
    })
    .from(s.locations)
    .where(and(eq(s.locations.from_gazetteer, true), eq(s.locations.name_ar, "رنكوس")));
  await db().execute(sql`
    insert into estates (state_id, status, price, currency, location_id, estate_type_id, estate_offer_type_id, area, area_unit_id)
    values (${STATE_ID}, 'approved', 90000000, 'SYP', ${village.id}, 1, 1, 120, 1)`);
});

afterAll(async () => {
  await db().execute(sql`delete from estates where state_id = ${STATE_ID}`);
});

describe("the gazetteer's places", () => {
  it("are places under their governorates, after the site's own, without abandoned places or second records", async () => {
    const rows = await db().execute(sql`
      select count(*) filter (where l.from_gazetteer)::int as gazetteer,
        count(*) filter (where not l.from_gazetteer)::int as own,
        count(*) filter (where l.from_gazetteer and z.feature_code = 'PPLQ')::int as abandoned,
        count(*) filter (where l.from_gazetteer and l.id < (select max(id) from locations where not from_gazetteer))::int as before_own,
        count(*) filter (where l.from_gazetteer and (l.latitude is distinct from z.latitude or l.longitude is distinct from z.longitude))::int as moved
      from locations l left join gazetteer z on z.wof_id = l.wof_id`);
    const counts = (rows as unknown as { rows: Record<string, number>[] }).rows[0];
    expect(counts.own).toBe(241);
    expect(counts.gazetteer).toBeGreaterThan(10000);
    expect(counts).toMatchObject({ abandoned: 0, before_own: 0, moved: 0 });
    // A governorate's seat is the governorate, not a second place: no place named دمشق in Damascus.
    const seat = await db()
      .select({ id: s.locations.id })
      .from(s.locations)
      .innerJoin(s.governorates, eq(s.governorates.id, s.locations.governorate_id))
      .where(and(eq(s.governorates.name_en, "Damascus"), eq(s.locations.name_ar, "دمشق")));
    expect(seat).toEqual([]);
    expect(village).toMatchObject({ name_en: "Rankus" });
    const lookups = await getLookups(db());
    expect(lookups.locationById.get(village.id)?.governorate.name_en).toBe("Rif Dimashq");
    // The selects keep the site's own places; the governorate's search covers all of them.
    const rif = lookups.governorates.find((g) => g.id === village.governorate_id)!;
    expect(rif.listed.some((l) => l.id === village.id)).toBe(false);
    expect(rif.locations.some((l) => l.id === village.id)).toBe(true);
  });
});

describe("findPlaces", () => {
  it("finds a place by the start of its name in Arabic or Latin letters, forgiving hamzas and accents", async () => {
    const lookups = await getLookups(db());
    const first = (q: string, locale: "ar" | "en" = "ar") => findPlaces(lookups, q, locale).matches[0];
    expect(first("رنكوس")).toMatchObject({ id: village.id, governorate: "ريف دمشق", from_gazetteer: true });
    expect(first("Rankus", "en")).toMatchObject({ id: village.id, name: "Rankus", governorate: "Rif Dimashq" });
    expect(first("Rankous", "en")).toMatchObject({ id: village.id });
    // أريحا typed without its hamza; خان شيخون by its first word and a half.
    expect(first("اريحا")).toMatchObject({ name: "أريحا", governorate: "إدلب", from_gazetteer: false });
    expect(first("خان شيخ")).toMatchObject({ name: "خان شيخون" });
    // Another name people give a place (PLACE_NAMES).
    expect(first("Kafarsouseh", "en")).toMatchObject({ name: "Kafr Souseh" });
    const many = findPlaces(lookups, "تل", "ar", { limit: 10 });
    expect(many.matches).toHaveLength(10);
    expect(many.more).toBe(true);
    expect(findPlaces(lookups, "زززززز", "ar").matches).toEqual([]);
  });
});

describe("/places and /places/suggest", () => {
  it("lists the matches as links to their searches, in either language, and suggests as one types", async () => {
    const ar = await callLoader(finderLoader, `/places?q=${encodeURIComponent("رنكوس")}`);
    expect(ar.status).toBe(200);
    expect(ar.data.places[0]).toEqual({ id: village.id, name: "رنكوس", governorate: "ريف دمشق" });
    const en = await callLoader(finderLoader, "/places?q=Rankus&to=offices&lang=en");
    expect(en.data).toMatchObject({ to: "offices", places: [{ id: village.id, name: "Rankus", governorate: "Rif Dimashq" }] });
    const none = await callLoader(finderLoader, "/places?q=zzzzzz");
    expect(none.data.places).toEqual([]);
    const suggest = await callLoader(suggestLoader, "/places/suggest?q=Ranku&lang=en");
    expect(suggest.status).toBe(200);
    // A village named Ranku exactly comes first, then Rankus.
    expect(suggest.data.places.slice(0, 2)).toContainEqual({ id: village.id, name: "Rankus", governorate: "Rif Dimashq" });
    expect(suggest.data.places.length).toBeLessThanOrEqual(8);
  });

  it("a village's search finds its listing and shows it in the place select; so does its governorate's search", async () => {
    const search = await callLoader(estatesLoader, `/estates?is_simple=0&location_id=${village.id}`);
    expect(search.status).toBe(200);
    expect(search.data.result.items.map((e: { id: number }) => e.id)).toHaveLength(1);
    expect(search.data.place).toEqual({ id: village.id, name: "ريف دمشق، رنكوس" });
    const whole = await callLoader(
      estatesLoader,
      `/estates?is_simple=0&governorate_id=${village.governorate_id}&sort=price_desc&q=`,
    );
    expect(whole.status).toBe(200);
    const [row] = await db().select({ id: s.estates.id }).from(s.estates).where(eq(s.estates.state_id, STATE_ID));
    const ids: number[] = [];
    for (let page = 1; page <= 40 && !ids.includes(row.id); page++) {
      const reply = await callLoader(
        estatesLoader,
        `/estates?is_simple=0&governorate_id=${village.governorate_id}&estate_type_id=1&sort=price_desc&page=${page}`,
      );
      if (reply.status !== 200) break;
      ids.push(...reply.data.result.items.map((e: { id: number }) => e.id));
    }
    expect(ids).toContain(row.id);
  });

  it("a town's name typed in the search box becomes its filter; a one-word name within its governorate", async () => {
    const lookups = await getLookups(db());
    const words = (q: string, values = {}) => filterWordsOf(q, values, lookups, { offer: true });
    const assal = lookups.governorates.flatMap((g) => g.locations).find((l) => l.name_ar === "عسال الورد")!;
    expect(assal.from_gazetteer).toBe(true);
    expect(words("بيت في عسال الورد").set).toMatchObject({ estate_type_id: "1", location_id: String(assal.id) });
    // رنكوس alone stays words (a one-word name may be an everyday word); in a search of its governorate, the town.
    expect(words("بيت في رنكوس")).toMatchObject({ set: { estate_type_id: "1" }, q: "رنكوس" });
    expect(words("بيت في رنكوس", { governorate_id: String(village.governorate_id) }).set).toMatchObject({
      location_id: String(village.id),
    });
    // The page of those filters at the typed address (decision 087), the place chosen in its form.
    const typed = await callLoader(estatesLoader, `/estates?q=${encodeURIComponent("بيت في عسال الورد")}`);
    expect(typed.status).toBe(200);
    expect(typed.data.values).toMatchObject({ location_id: String(assal.id), estate_type_id: "1" });
    expect(typed.data.place).toEqual({ id: assal.id, name: "ريف دمشق، عسال الورد" });
  });
});
