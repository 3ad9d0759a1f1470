import { and, asc, count, eq, isNotNull, max, notExists, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { resources } from "~/platform/i18n/i18n.server";
import { dialogFor } from "~/features/site/dialog.server";
import { publicEstate } from "~/features/listings/public-estate.server";
import type { OtherOffer } from "~/features/listings/estate.server";
import { seedDuplicates } from "~/platform/db/seed/duplicates.server";
import { loader as estateLoader } from "~/routes/estate";
import { loader as estatesLoader } from "~/routes/search-results";
import { api, expectAnswersMatchDocument, expectDone, expectRefused, withToken } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";
import { approvedListing } from "./helpers/posts";
import { callLoader } from "./helpers/remix";

/**
 * The apps' search, listing, similar and saved listings and offices (docs/api.md, decision 097): the search form of
 * /estates with every filter, a listing as its page shows it with the advertiser's number counted against the contact
 * dialog's limit, the four similar listings, the token user's saved listings, and the office search.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const AR = resources.ar.common;
const EN = resources.en.common;
const SEARCH = "/api/estate/searchEstateByregionsByestatefeatures/";
let stateSeq = 9_300_000;

/** A place of the gazetteer no listing is in, so that a search there finds only what a test puts there. */
async function emptyPlace(skip = 0): Promise<number> {
  const rows = await db()
    .select({ id: s.locations.id })
    .from(s.locations)
    .where(
      and(
        eq(s.locations.from_gazetteer, true),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(s.estates)
            .where(eq(s.estates.location_id, s.locations.id)),
        ),
      ),
    )
    .orderBy(asc(s.locations.id))
    .offset(skip)
    .limit(1);
  return rows[0].id;
}

/** Three listings in an empty place: two apartments for sale (one with the facts), one for rent by the month. */
async function threeListings(skip = 0) {
  const place = await emptyPlace(skip);
  const sunny = await approvedListing(db(), {
    state_id: ++stateSeq,
    location_id: place,
    estate_type_id: 6,
    rooms_count: 3,
    electricity_hours: 20,
    solar: true,
    elevator: true,
    generator_amperes: 5,
    phone: "+963944777001",
    created_at: new Date(Date.now() - 60_000),
  });
  const dark = await approvedListing(db(), {
    state_id: ++stateSeq,
    location_id: place,
    estate_type_id: 6,
    rooms_count: 1,
    electricity_hours: 4,
    solar: false,
    price: 50_000_000,
  });
  const rent = await approvedListing(db(), {
    state_id: ++stateSeq,
    location_id: place,
    estate_type_id: 6,
    estate_offer_type_id: 2,
    period_type_id: 3,
    price: 1_500_000,
  });
  return { place, sunny, dark, rent };
}

const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe("POST /api/estate/searchEstateByregionsByestatefeatures", () => {
  it("answers the page of the site's search with the apps' filter form, every card as JSON, and each filter narrowing it", async () => {
    const { place, sunny, dark } = await threeListings();
    const form = { location_id: String(place), estate_type_id: "6", estate_offer_type_id: "1" };
    const found = expectDone(await api("POST", SEARCH, { form, lang: "en" }));
    expect(found).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 2, more: false, scope: "all" });
    expect(ids(found.data)).toEqual([dark, sunny]);
    const card = found.data[1];
    expect(card).toMatchObject({
      id: sunny,
      state_id: stateSeq - 2,
      price: 100_000_000,
      currency: "SYP",
      estate_offer_type_id: 1,
      rooms_count: 3,
      electricity_hours: 20,
      solar: true,
      is_saved: false,
      phone_masked: expect.any(String),
      images: { data: [] },
      also_offered_by: 0,
    });
    expect(card.phone_masked).not.toContain("777001");
    // The facts of decision 093, the rooms and the price range narrow it as on the site.
    const facts = { ...form, electricity_min: "12", solar: "1", elevator: "1", generator: "1" };
    expect(ids(expectDone(await api("POST", SEARCH, { form: facts })).data)).toEqual([sunny]);
    expect(ids(expectDone(await api("POST", SEARCH, { form: { ...form, rooms_min: "2" } })).data)).toEqual([sunny]);
    const cheap = { ...form, price_max: "60000000", sort: "price_asc" };
    expect(ids(expectDone(await api("POST", SEARCH, { form: cheap })).data)).toEqual([dark]);
    // Owners' own listings (decision 100), and the old advertiser=owner read as that filter (decision 103): an agent's
    // listing without an office is no match.
    await db().update(s.estates).set({ estate_ownership: 1 }).where(eq(s.estates.id, sunny));
    await db().update(s.estates).set({ estate_ownership: 2 }).where(eq(s.estates.id, dark));
    for (const owners of [{ estate_ownership: "1" }, { advertiser: "owner" }] as Record<string, string>[]) {
      expect(ids(expectDone(await api("POST", SEARCH, { form: { ...form, ...owners } })).data)).toEqual([sunny]);
    }
    expect(ids(expectDone(await api("POST", SEARCH, { form: { ...form, advertiser: "office" } })).data)).toEqual([]);
    // The page comes in the query string, as the apps' path has it.
    expectRefused(await api("POST", `${SEARCH}?page=2`, { form }), 404);
    expectRefused(await api("POST", `${SEARCH}?page=x`, { form }), 404);
  });

  it("reads typed words as the site does: filter words become filters ('for rent' searches the rents), an ad number is that listing", async () => {
    const { place, rent, sunny } = await threeListings(1);
    const words = expectDone(
      await api("POST", SEARCH, { form: { location_id: String(place), q: "شقة للإيجار شهري", is_simple: "0" } }),
    );
    expect(words.scope).toBe("rent");
    expect(ids(words.data)).toEqual([rent]);
    const [row] = await db().select({ state_id: s.estates.state_id }).from(s.estates).where(eq(s.estates.id, sunny));
    const ad = expectDone(await api("POST", SEARCH, { form: { q: String(row.state_id) } }));
    expect(ids(ad.data)).toEqual([sunny]);
  });

  it("refuses what /estates refuses (422 with each field's message in the request's language)", async () => {
    const place = await emptyPlace();
    const missing = await api("POST", SEARCH, { form: { location_id: String(place) } });
    expectRefused(missing, 422);
    expect(missing.body.message).toBe(AR.search.requiredToast);
    expect(missing.body.errors).toEqual({
      estate_type_id: [AR.search.errors.required],
      estate_offer_type_id: [AR.search.errors.required],
    });
    const wrong = await api("POST", SEARCH, {
      form: { is_simple: "0", electricity_min: "lots", area_min: "200", area_max: "100" },
      lang: "en",
    });
    expectRefused(wrong, 422);
    expect(wrong.body.message).toBe(EN.search.checkToast);
    expect(wrong.body.errors).toEqual({ electricity_min: [EN.search.errors.number], area_min: [EN.search.errors.range] });
    expectRefused(await api("POST", SEARCH, { form: { estate_type_id: "999999", is_simple: "0" } }), 422);
    expectRefused(await api("POST", SEARCH, { raw: { body: "{}", type: "application/json" } }), 415);
  });

  it("answers every public listing without a filter, photos as absolute URLs, and marks the token user's saved ones", async () => {
    const all = expectDone(await api("POST", SEARCH));
    const [{ n }] = await db().select({ n: count() }).from(s.estates).where(publicEstate());
    expect(all.total).toBe(Math.min(Number(n), 1000));
    const photo = all.data.find((card: { images: { data: unknown[] } }) => card.images.data.length)?.images.data[0];
    expect(photo).toMatchObject({ index: 0, url: expect.stringMatching(/^http:\/\/localhost:3000\/.+/) });
    const me = await withToken(db());
    const other = await withToken(db());
    const first = all.data[0].id;
    expectDone(await api("POST", `/api/estate/save?estate_id=${first}`, { token: me.token }));
    const mine = expectDone(await api("POST", SEARCH, { token: me.token }));
    expect(mine.data[0]).toMatchObject({ id: first, is_saved: true });
    expect(expectDone(await api("POST", SEARCH, { token: other.token })).data[0]).toMatchObject({ id: first, is_saved: false });
    expectRefused(await api("POST", SEARCH, { token: "x".repeat(43) }), 401);
  });
});

describe("GET /api/estate/{id}", () => {
  it("answers the listing page's facts, photos and office, with the advertiser's number only when asked with a token", async () => {
    const { sunny } = await threeListings(2);
    const page = expectDone(await api("GET", `/api/estate/${sunny}`, { lang: "en" }));
    expect(page).toMatchObject({
      id: sunny,
      url: `http://localhost:3000/estate/${sunny}`,
      facts: { electricity_hours: 20, solar: true, elevator: true, generator_amperes: 5, parking: null },
      contact: null,
      office: null,
    });
    expect(page.facts_text).toContainEqual({ name: "elevator", label: expect.any(String), value: EN.common.yes });
    expectRefused(await api("GET", `/api/estate/${sunny}?contact=1`), 401);
    const { token } = await withToken(db());
    const shown = expectDone(await api("GET", `/api/estate/${sunny}?contact=1`, { token }));
    expect(shown.contact).toMatchObject({ name: null, phone: "+963944777001", tel: "tel:+963944777001" });
    expect(shown.contact.whatsapp).toMatch(/^https:\/\/wa\.me\/963944777001\?text=/);
    expectRefused(await api("GET", `/api/estate/${sunny}?contact=2`, { token }), 422);
  });

  it("counts each number shown against the contact dialog's limit: past 30 an hour, 429, and the site's dialog is refused too", async () => {
    const { sunny } = await threeListings(3);
    const me = await withToken(db());
    for (let i = 0; i < 30; i++) expectDone(await api("GET", `/api/estate/${sunny}?contact=1`, { token: me.token }));
    const limited = await api("GET", `/api/estate/${sunny}?contact=1`, { token: me.token });
    expectRefused(limited, 429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The listing without its number is still there, and another user's limit is their own.
    expect(expectDone(await api("GET", `/api/estate/${sunny}`, { token: me.token })).contact).toBeNull();
    const other = await withToken(db());
    expect(expectDone(await api("GET", `/api/estate/${sunny}?contact=1`, { token: other.token })).contact.phone).toBe(
      "+963944777001",
    );
    const request = new Request(`http://localhost:3000/estate/${sunny}?dialog=contact&estate_id=${sunny}`);
    const dialog = await dialogFor(request, db(), me.user as never, "ar", "http://localhost:3000");
    expect(dialog).toMatchObject({ kind: "contactLimited" });
  });

  it("answers 404 for an unknown, malformed or hidden listing", async () => {
    const hidden = await approvedListing(db(), { state_id: ++stateSeq, status: "pending" });
    expectRefused(await api("GET", `/api/estate/${hidden}`), 404);
    expectRefused(await api("GET", "/api/estate/99999999"), 404);
    expectRefused(await api("GET", "/api/estate/abc"), 404);
    expectRefused(await api("GET", "/api/estate/99999999999999999999"), 404);
  });
});

describe("GET /api/estate/similar", () => {
  it("answers the listings its page shows under it, of a public or an ended listing; 404 for one never public", async () => {
    const { sunny, dark, rent } = await threeListings(4);
    const similar = expectDone(await api("GET", `/api/estate/similar?estate_id=${sunny}`));
    expect(similar.data.length).toBeGreaterThan(0);
    expect(similar.data.length).toBeLessThanOrEqual(4);
    expect(ids(similar.data)).toContain(dark);
    expect(ids(similar.data)).not.toContain(sunny);
    expect(ids(similar.data)).not.toContain(rent);
    await db().update(s.estates).set({ status: "sold" }).where(eq(s.estates.id, sunny));
    expect(ids(expectDone(await api("GET", `/api/estate/similar?estate_id=${sunny}`)).data)).toContain(dark);
    const hidden = await approvedListing(db(), { state_id: ++stateSeq, status: "rejected" });
    expectRefused(await api("GET", `/api/estate/similar?estate_id=${hidden}`), 404);
    const none = await api("GET", "/api/estate/similar");
    expectRefused(none, 422);
    expect(Object.keys(none.body.errors)).toEqual(["estate_id"]);
  });
});

describe("GET /api/estate/saved", () => {
  it("answers the token user's saved public listings, newest save first; another user's token sees theirs only", async () => {
    const { sunny, dark, rent } = await threeListings(5);
    const me = await withToken(db());
    const other = await withToken(db());
    for (const id of [sunny, dark, rent]) expectDone(await api("POST", `/api/estate/save?estate_id=${id}`, { token: me.token }));
    // A save a second later: the newest save comes first.
    await db()
      .update(s.saved_estates)
      .set({ created_at: new Date(Date.now() + 1000) })
      .where(and(eq(s.saved_estates.user_id, me.user.id), eq(s.saved_estates.estate_id, dark)));
    await db().update(s.estates).set({ status: "withdrawn" }).where(eq(s.estates.id, rent));
    const saved = expectDone(await api("GET", "/api/estate/saved", { token: me.token }));
    expect(saved).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(ids(saved.data)).toEqual([dark, sunny]);
    expect(saved.data.every((card: { is_saved: boolean }) => card.is_saved)).toBe(true);
    expect(expectDone(await api("GET", "/api/estate/saved", { token: other.token }))).toMatchObject({ data: [], total: 0 });
    expectRefused(await api("GET", "/api/estate/saved"), 401);
    expectRefused(await api("GET", "/api/estate/saved?page=2", { token: me.token }), 404);
  });
});

describe("the offices: GET /api/offices, POST and GET /api/office/search", () => {
  async function anOffice() {
    const [office] = await db().select().from(s.offices).where(eq(s.offices.is_active, true)).orderBy(asc(s.offices.id)).limit(1);
    return office;
  }

  it("lists every active office by page, higher contract levels first", async () => {
    const [{ n }] = await db().select({ n: count() }).from(s.offices).where(eq(s.offices.is_active, true));
    const list = expectDone(await api("GET", "/api/offices", { lang: "en" }));
    expect(list).toMatchObject({ current_page: 1, per_page: 20, total: Number(n) });
    expect(list.data.length).toBe(Math.min(20, Number(n)));
    const levels = list.data.map((office: { contract_level: number }) => office.contract_level);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    expect(list.data[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), rent_count: expect.any(Number) });
    expectRefused(await api("GET", `/api/offices?page=${list.last_page + 1}`), 404);
  });

  it("searches by name and by place as /officesResult does, verified offices only when asked", async () => {
    const office = await anOffice();
    const part = office.name_en.slice(0, 5);
    const byName = expectDone(await api("POST", "/api/office/search", { form: { searchselected: "2", name: part }, lang: "en" }));
    expect(ids(byName.data)).toContain(office.id);
    expect(
      ids(expectDone(await api("GET", `/api/office/search?name=${encodeURIComponent(part)}`, { lang: "en" })).data),
    ).toContain(office.id);
    const byPlace = expectDone(
      await api("POST", "/api/office/search", { form: { searchselected: "1", location_id: String(office.location_id) } }),
    );
    // The offices of the place itself come before the rest of its governorate's (decision 005).
    expect(byPlace.data[0].location).toBe(byPlace.data.find((o: { id: number }) => o.id === office.id).location);
    expect(ids(byPlace.data)).toContain(office.id);
    await db().update(s.offices).set({ verified: false });
    await db()
      .update(s.offices)
      .set({ verified: true, licence_checked_on: new Date().toISOString().slice(0, 10) })
      .where(eq(s.offices.id, office.id));
    const verified = expectDone(
      await api("POST", "/api/office/search", {
        form: { searchselected: "1", location_id: String(office.location_id), verified: "1" },
      }),
    );
    expect(ids(verified.data)).toEqual([office.id]);
    expect(verified.data[0].verification).toMatchObject({ lapsed: false });
  });

  it("refuses a search without its place or name (422 with the page's message)", async () => {
    const noPlace = await api("POST", "/api/office/search", { form: { searchselected: "1" } });
    expectRefused(noPlace, 422);
    expect(noPlace.body).toMatchObject({ message: AR.offices.errors.place, errors: { location_id: [AR.offices.errors.place] } });
    const noName = await api("GET", "/api/office/search", { lang: "en" });
    expectRefused(noName, 422);
    expect(noName.body).toMatchObject({ message: EN.offices.errors.name, errors: { name: [EN.offices.errors.name] } });
    expectRefused(await api("POST", "/api/office/search", { form: { searchselected: "1", location_id: "99999999" } }), 422);
  });
});

describe("one property, one card (decision 099)", () => {
  let groups: { head: number; copies: { id: number; head: number | null; office_id: number | null }[] }[] = [];
  beforeAll(async () => {
    groups = await demoGroups();
    // The copies took the ad numbers after the highest, which this file's listings count on: they go on after them.
    const [{ top }] = await db()
      .select({ top: max(s.estates.state_id) })
      .from(s.estates);
    stateSeq = Number(top);
  });

  /** The demo data's groups (seedDuplicates): each head (its cheapest) with its other offers, cheapest first. */
  async function demoGroups() {
    await seedDuplicates(db());
    const copies = await db()
      .select({ id: s.estates.id, head: s.estates.duplicate_of, office_id: s.estates.office_id })
      .from(s.estates)
      .where(and(isNotNull(s.estates.duplicate_of), publicEstate()))
      .orderBy(asc(s.estates.price_sort_syp), asc(s.estates.id));
    const heads = [...new Set(copies.map((c) => c.head!))];
    return heads.map((head) => ({ head, copies: copies.filter((c) => c.head === head) }));
  }

  /** The search of a head's place, type, offer, rooms and area (its copies match it too), as form fields. */
  async function searchOf(head: number): Promise<Record<string, string>> {
    const [row] = await db().select().from(s.estates).where(eq(s.estates.id, head));
    return {
      location_id: String(row.location_id),
      estate_type_id: String(row.estate_type_id),
      estate_offer_type_id: String(row.estate_offer_type_id),
      rooms_min: String(row.rooms_count),
      area_min: String(Math.floor(row.area * 0.97)),
      area_max: String(Math.ceil(row.area * 1.03)),
    };
  }

  it("a search shows a group once, its card saying how many other advertisers offer it, as the site's card does", async () => {
    expect(groups.length).toBeGreaterThanOrEqual(2);
    expect(groups.some((g) => g.copies.length === 2)).toBe(true);
    for (const { head, copies } of groups) {
      const form = await searchOf(head);
      const found = expectDone(await api("POST", SEARCH, { form, lang: "en" }));
      expect(
        found.data.find((card: { id: number }) => card.id === head),
        `head ${head}`,
      ).toMatchObject({
        also_offered_by: copies.length,
      });
      for (const copy of copies) expect(ids(found.data)).not.toContain(copy.id);
      // Every card of the page says what the site's card of the same search says.
      const site = await callLoader(estatesLoader, `/estates?${new URLSearchParams(form)}&lang=en`);
      expect(site.status).toBe(200);
      expect(found.data.map((card: { id: number; also_offered_by: number }) => [card.id, card.also_offered_by])).toEqual(
        site.data.result.items.map((card: { id: number; otherOffers: number }) => [card.id, card.otherOffers]),
      );
    }
  });

  it("a grouped listing lists the other advertisers' offers, cheapest first, as its page does", async () => {
    const { head, copies } = groups.find((g) => g.copies.length === 2)!;
    const listing = expectDone(await api("GET", `/api/estate/${head}`, { lang: "en" }));
    expect(listing.also_offered_by).toBe(2);
    expect(ids(listing.other_offers)).toEqual(copies.map((c) => c.id));
    const page = await callLoader(estateLoader, `/estate/${head}?lang=en`, { params: { id: String(head) } });
    expect(page.status).toBe(200);
    const offers = page.data.estate.offers as OtherOffer[];
    expect(listing.other_offers).toEqual(
      offers.map((offer) => ({
        id: offer.id,
        state_id: offer.stateId,
        price: offer.price,
        currency: offer.currency,
        price_note: offer.priceNote,
        price_period: offer.pricePeriod,
        office: offer.office ? expect.objectContaining({ name: offer.office.name }) : null,
        advertiser: offer.office ? offer.office.name : EN.estate.offers.owner,
        url: `http://localhost:3000/estate/${offer.id}`,
      })),
    );
    // The demo's second copy is a private seller's: "the owner", in the request's language.
    expect(listing.other_offers.map((o: { advertiser: string }) => o.advertiser)).toContain(EN.estate.offers.owner);
    const arabic = expectDone(await api("GET", `/api/estate/${head}`));
    expect(arabic.other_offers.map((o: { advertiser: string }) => o.advertiser)).toContain(AR.estate.offers.owner);
    expect(listing.other_offers[0].price).toBeLessThanOrEqual(listing.other_offers[1].price);
    // Each other offer is a listing of its own, which lists the rest of its group, the head first (the cheapest).
    const copy = expectDone(await api("GET", `/api/estate/${copies[0].id}`, { lang: "en" }));
    expect(ids(copy.other_offers)).toEqual([head, copies[1].id]);
    // A listing without a group has none.
    const { sunny } = await threeListings(5);
    expect(expectDone(await api("GET", `/api/estate/${sunny}`))).toMatchObject({ also_offered_by: 0, other_offers: [] });
  });
});

describe("the contract", () => {
  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
