import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { action as newEstateAction } from "~/routes/estate-offer";
import { action as requestAction } from "~/routes/property-request-form";
import { loader as officesLoader } from "~/routes/office-search-results";
import { loader as mapLoader } from "~/routes/search-map";
import { MAP_PLACES_MAX } from "~/features/search/search-map.server";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader } from "./helpers/remix";

/**
 * Every locality chosen in the forms and seen on the results' map (decision 095): the place finder as a step of the
 * offer form and of the property request (without JavaScript: the form comes back as typed with the places found,
 * and a village chosen is stored as its `location_id`), the office search showing a village chosen through the
 * finder, and /map.json, the search's places with their counts for the map the results page opens with JavaScript.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** Rankous, a town of Qalamoun that only the gazetteer has (not among the site's 241 places). */
let village: { id: number; governorate_id: number };
const STATE_IDS = [920101, 920102, 920103];

let ipSeq = 0;
/** An address nobody used yet in this file (the per-address limits are shared by the whole file). */
const newIp = () => ({ clientIp: `10.9.0.${++ipSeq}` });

beforeAll(async () => {
  [village] = await db()
    .select({ id: s.locations.id, governorate_id: s.locations.governorate_id })
    .from(s.locations)
    .where(and(eq(s.locations.from_gazetteer, true), eq(s.locations.name_ar, "رنكوس")));
  // Three public listings of apartments for sale in the village: the map counts them.
  for (const stateId of STATE_IDS) {
    await db().execute(sql`
      insert into estates (state_id, status, price, currency, location_id, estate_type_id, estate_offer_type_id, area, area_unit_id)
      values (${stateId}, 'approved', 90000000, 'SYP', ${village.id}, 1, 1, 120, 1)`);
  }
});

afterAll(async () => {
  await db().execute(sql`delete from estates where state_id in (${sql.join(STATE_IDS, sql`, `)})`);
});

describe("the place finder inside the offer form (/new-estate)", () => {
  const typed = {
    subject: "بيت عربي مع أرض",
    fullname: "Finder Owner",
    mobile: "0944123457",
    area: "150",
    location_id: "",
    place_q: "رنكوس",
  };

  it("finds the village by its name and gives the form back as typed, storing nothing", async () => {
    const res = await callAction(newEstateAction, "/new-estate", {
      form: { ...typed, intent: "find-place" },
      context: newIp(),
    });
    expect(res.status).toBe(200);
    expect(res.data.found.q).toBe("رنكوس");
    expect(res.data.found.places[0]).toEqual({ id: village.id, name: "رنكوس", governorate: "ريف دمشق" });
    // Every typed value comes back, and no message: nothing was checked.
    expect(res.data.lastResult.initialValue).toMatchObject({ subject: typed.subject, fullname: typed.fullname, area: "150" });
    expect(res.data.lastResult.error ?? {}).toEqual({});
    const stored = await db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, typed.fullname));
    expect(stored).toEqual([]);
  });

  it("in English too, forgiving the Latin spelling; a name nothing bears finds nothing", async () => {
    const en = await callAction(newEstateAction, "/new-estate?lang=en", {
      form: { ...typed, place_q: "Rankus", intent: "find-place" },
      context: newIp(),
      cookie: "lang=en",
    });
    expect(en.data.found.places).toContainEqual({ id: village.id, name: "Rankus", governorate: "Rif Dimashq" });
    const none = await callAction(newEstateAction, "/new-estate", {
      form: { ...typed, place_q: "zzzzqq", intent: "find-place" },
      context: newIp(),
    });
    expect(none.status).toBe(200);
    expect(none.data.found).toEqual({ q: "zzzzqq", places: [], more: false });
  });

  it("stores the offer with the village chosen; a refused one comes back naming the village", async () => {
    const refused = await callAction(newEstateAction, "/new-estate", {
      form: { ...typed, area: "", location_id: String(village.id) },
      context: newIp(),
    });
    expect(refused.status).toBe(400);
    expect(refused.data.place).toEqual({ id: village.id, name: "ريف دمشق، رنكوس" });
    expect(refused.data.lastResult.initialValue.location_id).toBe(String(village.id));
    const taken = await callAction(newEstateAction, "/new-estate", {
      form: { ...typed, location_id: String(village.id) },
      context: newIp(),
    });
    expect(taken).toRedirectTo("/new-estate?sent=1");
    const [stored] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, typed.fullname));
    expect(stored).toMatchObject({ location_id: village.id, area: 150 });
  });
});

describe("the place finder inside the property request", () => {
  it("finds the village, then stores the request there", async () => {
    const { user, cookie } = await account(db());
    const form = { estate_offer_type_id: "1", estate_type_id: "1", location_id: "", notes: "قرب الساحة", place_q: "Rankus" };
    const step = await callAction(requestAction, "/create-real-estate-request", {
      form: { ...form, intent: "find-place" },
      cookie,
      context: newIp(),
    });
    expect(step.status).toBe(200);
    expect(step.data.found.places.map((p: { id: number }) => p.id)).toContain(village.id);
    expect(step.data.lastResult.initialValue).toMatchObject({ notes: "قرب الساحة" });
    const taken = await callAction(requestAction, "/create-real-estate-request", {
      form: { ...form, location_id: String(village.id) },
      cookie,
      context: newIp(),
    });
    expect(taken).toRedirectTo("/profile?sent=request");
    const rows = await db().select().from(s.property_requests).where(eq(s.property_requests.user_id, user.id));
    expect(rows.map((r) => r.location_id)).toEqual([village.id]);
  });
});

describe("the office search", () => {
  it("shows a village chosen through the finder in its place select", async () => {
    const res = await callLoader(officesLoader, `/officesResult?searchselected=1&location_id=${village.id}`);
    expect(res.status).toBe(200);
    expect(res.data.place).toEqual({ id: village.id, name: "ريف دمشق، رنكوس" });
    const own = await callLoader(officesLoader, "/officesResult?searchselected=1&location_id=1");
    expect(own.data.place).toBeNull();
  });
});

describe("/map.json, the results' map with JavaScript", () => {
  it("counts the search's listings by place, with each place's point and the address of its search", async () => {
    const res = await callLoader(mapLoader, `/map.json?is_simple=0&governorate_id=${village.governorate_id}&estate_type_id=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const place = res.data.places.find((p: { id: number }) => p.id === village.id);
    expect(place).toMatchObject({ name: "رنكوس", count: STATE_IDS.length });
    expect(place.lat).toBeCloseTo(33.75, 0);
    expect(place.lon).toBeCloseTo(36.4, 0);
    expect(place.href).toBe(`/estates?is_simple=0&estate_type_id=1&location_id=${village.id}`);
    // The most listings first, at most MAP_PLACES_MAX places.
    const counts = res.data.places.map((p: { count: number }) => p.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.data.places.length).toBeLessThanOrEqual(MAP_PLACES_MAX);
    expect(res.data).toMatchObject({ cut: false, invalid: false });
    // The governorates' links of the interactive map (decision 101): each the same search in that governorate.
    expect(res.data.governorates).toHaveLength(14);
    expect(res.data.governorates).toContainEqual(
      expect.objectContaining({
        id: village.governorate_id,
        href: `/estates?is_simple=0&governorate_id=${village.governorate_id}&estate_type_id=1`,
      }),
    );
  });

  it("reads the search as the results page does: typed words, the rent page's scope, English names, refusals", async () => {
    // A one-word village name is its place where the words name its governorate too (decision 095).
    const typedWords = await callLoader(mapLoader, `/map.json?q=${encodeURIComponent("رنكوس ريف دمشق")}&lang=en`);
    expect(typedWords.status).toBe(200);
    expect(typedWords.data.places).toEqual([
      expect.objectContaining({ id: village.id, name: "Rankus", count: STATE_IDS.length }),
    ]);
    const rent = await callLoader(mapLoader, `/map.json?location_id=${village.id}&scope=rent`);
    expect(rent.data.places).toEqual([]);
    const wrong = await callLoader(mapLoader, "/map.json?location_id=999999999");
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ places: [], invalid: true });
  });
});
