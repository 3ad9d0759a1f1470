import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { searchEstates } from "~/features/search/estate-search.server";
import { getLookups } from "~/features/places/lookups.server";
import { loader as estatesLoader } from "~/routes/search-results";
import { loader as rentLoader } from "~/routes/rent-results";
import { loader as vacationLoader } from "~/routes/vacation-results";
import { parseEstateFilter } from "~/features/search/estate-filter.server";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";
import { DEFAULT_AREA, DEFAULT_PRICE, FIXTURES, QUERIES, type Fixture, type Name } from "./helpers/search-relevance";

/**
 * Search relevance (docs/decisions/056-search-words-as-people-type-them.md): real queries, in Arabic and English, as
 * typed in the search box, each with the listings of the fixtures (tests/helpers/search-relevance.ts) it must find and those it must not. Each
 * query goes the visitor's way: /estates?is_simple=0&q=… answers the page of its filters where it was typed (decision
 * 087: the filters' address is the page's `seo.address`), and every page of that search is read. The seed's own listings are in the database too; only the fixtures are judged.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const test = useTestDatabase();
const db = () => test.get().db;

const ids = {} as Record<Name, number>;

beforeAll(async () => {
  const lookups = await getLookups(db());
  const placeId = (name: string) => {
    for (const g of lookups.governorates) for (const l of g.locations) if (l.name_en === name) return l.id;
    throw new Error(`no place ${name}`);
  };
  const [model] = await db().select().from(s.estates).where(eq(s.estates.status, "approved")).limit(1);
  const { id: _id, search_tsv: _tsv, price_syp: _p, price_per_m2_syp: _m, published_at: _at, state_id, ...rest } = model;
  let n = 0;
  for (const [name, f] of Object.entries(FIXTURES) as [Name, Fixture][]) {
    const [row] = await db()
      .insert(s.estates)
      .values({
        ...rest,
        state_id: 900_000 + state_id + ++n,
        estate_type_id: f.type,
        estate_offer_type_id: f.offer,
        period_type_id: f.offer === 2 ? (f.period ?? 3) : null,
        area: f.area ?? DEFAULT_AREA,
        area_unit_id: f.unit ?? 1,
        price: f.price ?? DEFAULT_PRICE,
        currency: f.currency ?? "SYP",
        interior_status_id: f.finish ?? null,
        location_id: placeId(f.place),
        rooms_count: f.rooms ?? null,
        furnished: f.furnished ?? false,
        swimming_pool: f.pool ?? false,
        floor: f.floor ?? null,
        ownership_type_id: f.deed ?? null,
        description_ar: f.ar,
        description_en: f.en,
        user_id: null,
        office_id: null,
        created_at: new Date(),
      })
      .returning({ id: s.estates.id });
    ids[name] = row.id;
  }
});

/**
 * The filters' address a results page answered typed words with (decision 087: rendered where they were typed, no
 * redirect), or the address asked when the words named no filter.
 */
function addressOf(res: { status: number; data: { seo: { address?: string } } }, asked: string): URL {
  expect(res.status, asked).toBe(200);
  return new URL(res.data.seo.address ?? asked, "http://x");
}

/** Each listing page's loader and scope, by its address (words may take a search to the rent or holiday lets). */
const PAGES = {
  "/estates": [estatesLoader, "all"],
  "/rent-properties": [rentLoader, "rent"],
  "/vacation-properties": [vacationLoader, "vacation"],
} as const;

/**
 * The fixtures a query finds, the visitor's way: the search box's address, the filters it names (or the other listing
 * page it redirects to, decision 084), then every page.
 */
async function found(q: string): Promise<Set<Name>> {
  const typed = `/estates?${new URLSearchParams({ is_simple: "0", q })}`;
  const first = await callLoader(estatesLoader, typed);
  let url: string;
  if (first.status === 302) {
    url = first.headers.get("Location")!;
    const page = PAGES[new URL(url, "http://x").pathname as keyof typeof PAGES];
    expect(page && page[1] !== "all", `${q} → ${url}`).toBe(true);
    expect((await callLoader(page[0], url)).status, `${q} → ${url}`).toBe(200);
  } else {
    const address = addressOf(first, typed);
    url = `${address.pathname}${address.search}`;
    // The page answered is that of the filters: the same listings as their own address gives.
    if (url !== typed) {
      const own = await callLoader(estatesLoader, url);
      expect(own.data.result.items, `${q} → ${url}`).toEqual(first.data.result.items);
    }
  }
  return fixturesOf(url);
}

/** The fixtures every page of the search at `url` (a listing page's address) lists. */
async function fixturesOf(url: string): Promise<Set<Name>> {
  const lookups = await getLookups(db());
  const target = new URL(url, "http://x");
  const scope = PAGES[target.pathname as keyof typeof PAGES][1];
  const { filter, errors } = parseEstateFilter(target.searchParams, lookups, { required: [], scope });
  expect(errors, url).toEqual({});
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await searchEstates(db(), filter, page, "ar", { countMs: 0 });
    for (const item of result.items) seen.add(item.id);
    if (page >= result.pageCount) break;
  }
  return new Set((Object.keys(ids) as Name[]).filter((name) => seen.has(ids[name])));
}

describe("search relevance: real queries find what they should", () => {
  it("has at least 40 queries, each judged on both sides", () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const [q, finds, not] of QUERIES) expect(finds.length && not.length, q).toBeTruthy();
  });

  for (const [q, finds, not] of QUERIES) {
    it(`"${q}" finds ${finds.join(", ")} and not ${not.join(", ")}`, async () => {
      const result = await found(q);
      for (const name of finds) expect(result.has(name), `${q} must find ${name}`).toBe(true);
      for (const name of not) expect(result.has(name), `${q} must not find ${name}`).toBe(false);
    });
  }
});

describe("words that name a filter: answered where typed with the page of their filters, and its chips", () => {
  /** The labels of the applied-filter chips of a results page. */
  const chips = (data: { links: { className: string; list: { label: string; href: string }[] }[] }) =>
    data.links.find((g) => g.className === "chips")?.list ?? [];

  it("شقة مفروشة في المزة ٣ غرف is the search of those four filters, shown as four removable chips", async () => {
    const lookups = await getLookups(db());
    const mezzeh = lookups.governorates[0].locations.find((l) => l.name_en === "Mezzeh")!;
    const res = await callLoader(
      estatesLoader,
      `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة مفروشة في المزة ٣ غرف" })}`,
    );
    const location = addressOf(res, "res");
    expect(location.pathname).toBe("/estates");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      is_simple: "0",
      estate_type_id: "6",
      furnished: "1",
      location_id: String(mezzeh.id),
      rooms_min: "3",
    });
    // No redirect: the typed address is answered with the filters' page, its chips built on the filters' address.
    expect(res.data.result.items.map((e: { id: number }) => e.id)).toContain(ids.mezzehFurnished);
    const list = chips(res.data);
    expect(list.map((c) => c.label)).toEqual(["دمشق، المزة", "شقة", "3 غرف على الأقل", "مفروش"]);
    // Each chip is the same search without its filter.
    const withoutFurnished = new URL(list[3].href, "http://x").searchParams;
    expect(withoutFurnished.get("furnished")).toBeNull();
    expect(withoutFurnished.get("estate_type_id")).toBe("6");
  });

  it("villa pool in English: the villa type and the swimming pool filter, each with its chip", async () => {
    const res = await callLoader(estatesLoader, "/estates?is_simple=0&q=villa+pool&lang=en");
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("5");
    expect(location.searchParams.get("swimming_pool")).toBe("1");
    expect(location.searchParams.get("q")).toBeNull();
    expect(location.searchParams.get("lang")).toBe("en");
    const ids_ = res.data.result.items.map((e: { id: number }) => e.id);
    expect(ids_).toContain(ids.villaPool);
    expect(ids_).not.toContain(ids.villaParking);
    expect(chips(res.data).map((c) => c.label)).toEqual(expect.arrayContaining(["With a swimming pool"]));
  });

  it("a negated pool is no filter: فيلا بدون مسبح keeps its words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "فيلا بدون مسبح" })}`);
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("5");
    expect(location.searchParams.get("swimming_pool")).toBeNull();
    expect(location.searchParams.get("q")).toBe("بدون مسبح");
  });

  it("the ground floor is the floor filter, with its chip; a negated one keeps its words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة طابق أرضي" })}`);
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("6");
    expect(location.searchParams.get("floor")).toBe("0");
    expect(location.searchParams.get("q")).toBeNull();
    expect(chips(res.data).map((c) => c.label)).toEqual(expect.arrayContaining(["طابق أرضي"]));
    const negated = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة غير أرضية" })}`);
    const kept = addressOf(negated, "negated");
    expect(kept.searchParams.get("floor")).toBeNull();
    expect(kept.searchParams.get("q")).toBe("غير أرضية");
  });

  it("the canonical address answers itself; a typed word replaces the form's choice of its field", async () => {
    const canonical = await callLoader(estatesLoader, "/estates?is_simple=0&estate_type_id=5&swimming_pool=1&q=garden");
    expect(canonical.status).toBe(200);
    const typed = await callLoader(
      estatesLoader,
      "/estates?is_simple=0&estate_type_id=5&estate_offer_type_id=1&q=%D8%B4%D9%82%D8%A9+%D9%84%D9%84%D8%A5%D9%8A%D8%AC%D8%A7%D8%B1",
    );
    // "For rent" is a monthly or yearly rent: the rent page, another route, so a redirect (decision 084).
    expect(typed.status).toBe(302);
    expect(typed.headers.get("Location")).toBe("/rent-properties?is_simple=0&estate_type_id=6");
    expect(canonical.data.seo.address).toBeUndefined();
    // Twice the same field: the first word is the filter, the second stays a word.
    const twice = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة فيلا" })}`);
    const location = addressOf(twice, "twice");
    expect(Object.fromEntries(location.searchParams)).toEqual({ is_simple: "0", estate_type_id: "6", q: "فيلا" });
  });

  it("the home page's form, its selects empty and sale chosen, becomes the advanced search of the typed words", async () => {
    const home = "/estates?estate_offer_type_id=1&location_id=&estate_type_id=&price_domain_id=";
    const words = await callLoader(estatesLoader, `${home}&q=${encodeURIComponent("مسبح مطل")}`);
    const location = addressOf(words, "words");
    expect(location.searchParams.get("is_simple")).toBe("0");
    expect(location.searchParams.get("swimming_pool")).toBe("1");
    expect(location.searchParams.get("q")).toBe("مطل");
    expect(words.data.invalid).toBe(false);
  });

  it("the home page's rent tab is a monthly or yearly rent, with words or without; a holiday period is the holiday lets", async () => {
    const lookups = await getLookups(db());
    const ziraa = lookups.governorates.flatMap((g) => g.locations).find((l) => l.name_en === "Al-Ziraa")!.id;
    const home = `/estates?estate_offer_type_id=2&location_id=${ziraa}&estate_type_id=6&price_domain_id=`;
    /** The fixtures of the page the home form's address leads to (one redirect), and that page's path. */
    const landing = async (address: string) => {
      const first = await callLoader(estatesLoader, address);
      expect(first.status, address).toBe(302);
      const url = first.headers.get("Location")!;
      const path = new URL(url, "http://x").pathname as keyof typeof PAGES;
      expect((await callLoader(PAGES[path][0], url)).status, url).toBe(200);
      return { path, url: new URL(url, "http://x"), found: [...(await fixturesOf(url))] };
    };
    // Without words (the search box left empty): the long-term rents' page, the offer type dropped, the rest kept.
    const plain = await landing(`${home}&q=`);
    expect(plain.path).toBe("/rent-properties");
    expect(plain.url.searchParams.get("location_id")).toBe(String(ziraa));
    expect(plain.url.searchParams.get("estate_type_id")).toBe("6");
    expect(plain.url.searchParams.get("estate_offer_type_id")).toBeNull();
    expect(plain.found).toEqual(expect.arrayContaining(["latakiaMonthly", "latakiaYearly"]));
    expect(plain.found).not.toContain("latakiaNightly");
    expect(plain.found).not.toContain("latakiaWeekly");
    // With words that name no rent: the same page, the words searched there.
    const worded = await landing(`${home}&q=${encodeURIComponent("قرب الجامعة")}`);
    expect(worded.path).toBe("/rent-properties");
    expect(worded.found).toEqual(["latakiaYearly"]);
    // A nightly period chosen: the holiday lets.
    const nightly = await landing(`${home}&period_type_id=1&q=`);
    expect(nightly.path).toBe("/vacation-properties");
    expect(nightly.found).toEqual(["latakiaNightly"]);
    // The sale tab stays on /estates, and a form missing its place answers there with the required field's message.
    expect((await callLoader(estatesLoader, `${home.replace("offer_type_id=2", "offer_type_id=1")}&q=`)).status).toBe(200);
    const incomplete = await callLoader(estatesLoader, "/estates?estate_offer_type_id=2&location_id=&estate_type_id=6&q=");
    expect(incomplete.status).toBe(400);
  });

  it("words that find nothing say so and offer the nearest searches, each a link that finds", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "بيت جرمنا" })}`);
    expect(res.status).toBe(200);
    expect(res.data.result.total).toBe(0);
    const nearest = res.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(nearest.lead).toContain("«جرمنا»");
    expect(nearest.lead).toContain("هل تقصد");
    const jaramana = nearest.list.find((l: { label: string }) => l.label === "جرمانا");
    expect(jaramana).toBeDefined();
    // The nearest search keeps the filters understood (the house type) and finds the house in Jaramana.
    const near = await callLoader(estatesLoader, jaramana.href);
    expect(near.status).toBe(200);
    expect(near.data.result.items.map((e: { id: number }) => e.id)).toContain(ids.jaramanaHouse);
    // In English, a Latin spelling a letter away.
    const en = await callLoader(estatesLoader, "/estates?is_simple=0&q=villa+in+jaramna&lang=en");
    const group = en.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(group.lead).toContain("“jaramna”");
    expect(group.list.map((l: { label: string }) => l.label)).toContain("Jaramana");
    // Words near nothing known: said so, and the search without them offered.
    const none = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة زمردية" })}`);
    const alone = none.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(alone.lead).toContain("«زمردية»");
    expect(alone.list).toEqual([{ label: "ابحث بدون هذه الكلمات", href: "/estates?is_simple=0&estate_type_id=6" }]);
    // A search that finds something has no such group.
    const found = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "بيت جرمانا" })}`);
    expect(found.data.links.some((g: { className: string }) => g.className === "nearest")).toBe(false);
  });

  it("stop words alone are dropped: في من leaves the search without words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "في من" })}`);
    expect(res.status).toBe(200);
    expect(res.data.seo.address).toBe("/estates?is_simple=0");
  });

  it("on the rent pages sale and rent are words, not a filter; the other filter words still are", async () => {
    const res = await callLoader(rentLoader, `/rent-properties?${new URLSearchParams({ q: "شقة للإيجار" })}`);
    const location = addressOf(res, "res");
    expect(location.pathname).toBe("/rent-properties");
    expect(location.searchParams.get("estate_type_id")).toBe("6");
    expect(location.searchParams.get("estate_offer_type_id")).toBeNull();
    expect(location.searchParams.get("q")).toBe("للإيجار");
  });
});
