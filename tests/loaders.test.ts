import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { getLookups, placeList, placesUrl, type Lookups } from "~/features/places/lookups.server";
import { loader as notFoundLoader } from "~/routes/not-found";
import { loader as homeLoader } from "~/routes/home";
import { loader as articleLoader } from "~/routes/article";
import { loader as articlesLoader } from "~/routes/articles";
import { loader as galleryLoader } from "~/routes/estate-gallery";
import { loader as estateLoader } from "~/routes/estate";
import { loader as estatesLoader } from "~/routes/search-results";
import { loader as officeEstatesLoader } from "~/routes/office-estates";
import { loader as officeLoader } from "~/routes/office";
import { loader as officesLoader } from "~/routes/offices";
import { loader as officesResultLoader } from "~/routes/office-search-results";
import { loader as placesLoader } from "~/routes/places-json";
import { loader as privacyLoader } from "~/routes/privacy-policy";
import { loader as rentLoader } from "~/routes/rent-results";
import { loader as robotsLoader } from "~/routes/robots-txt";
import { loader as sitemapIndexLoader } from "~/routes/sitemap-index";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { loader as vacationLoader } from "~/routes/vacation-results";
import { loader as whoUsLoader } from "~/routes/about-us";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/** The data each page's loader gives a visitor, in Arabic by default and in English on request. */

const test = useTestDatabase();
const db = () => test.get().db;
let lookups: Lookups;

const ARABIC = /[\u0600-\u06FF]/;
const EN = { cookie: "lang=en" };
const VACATION = [1, 2, 4];

/** Any route loader, as callLoader takes it. */
type Loader = Parameters<typeof callLoader<unknown>>[0];

/** Inputs a visitor (or a bot) may type or craft; none may make a loader throw. */
const NASTY = [
  "x".repeat(5000),
  "9".repeat(300),
  "' or 1=1 --",
  "1; drop table estates; --",
  "1 union select * from offices",
  "😀🏠",
  "%",
  "_",
  "\\",
  "<script>alert(1)</script>",
  "١٢",
  "-1",
  "0",
  "1.5",
  "1e3",
  "NaN",
  "2147483648",
  "99999999999999999999",
  " ",
];

/** A location with the most public listings, and one of its listings' type and offer type. */
let busy: { location_id: number; type: number; offer: number };
let firstEstateId: number;

beforeAll(async () => {
  lookups = await getLookups(db());
  const [top] = await db()
    .select({
      location_id: s.estates.location_id,
      type: s.estates.estate_type_id,
      offer: s.estates.estate_offer_type_id,
      n: count(),
    })
    .from(s.estates)
    .where(eq(s.estates.status, "approved"))
    .groupBy(s.estates.location_id, s.estates.estate_type_id, s.estates.estate_offer_type_id)
    .orderBy(desc(count()), asc(s.estates.location_id))
    .limit(1);
  busy = top;
  const [first] = await db().select({ id: s.estates.id }).from(s.estates).orderBy(asc(s.estates.id)).limit(1);
  firstEstateId = first.id;
});

describe("language of the page (?lang=, then the lang cookie, then Arabic)", () => {
  it("is Arabic without a cookie or parameter", async () => {
    const { status, data } = await callLoader(whoUsLoader, "/who-us");
    expect(status).toBe(200);
    expect(data.seo.title).toMatch(ARABIC);
  });

  it("is English with the cookie lang=en, or with ?lang=en", async () => {
    for (const res of [await callLoader(whoUsLoader, "/who-us", EN), await callLoader(whoUsLoader, "/who-us?lang=en")]) {
      expect(res.status).toBe(200);
      expect(res.data.seo.title).not.toMatch(ARABIC);
      expect(res.data.seo.title).toMatch(/[A-Za-z]/);
    }
  });

  it("follows ?lang= over the cookie, and ignores unknown languages", async () => {
    expect((await callLoader(whoUsLoader, "/who-us?lang=ar", EN)).data.seo.title).toMatch(ARABIC);
    expect((await callLoader(whoUsLoader, "/who-us?lang=fr", EN)).data.seo.title).not.toMatch(ARABIC);
    expect((await callLoader(whoUsLoader, "/who-us?lang=fr")).data.seo.title).toMatch(ARABIC);
    expect((await callLoader(whoUsLoader, "/who-us", { cookie: "lang=de" })).data.seo.title).toMatch(ARABIC);
    expect((await callLoader(whoUsLoader, "/who-us", { cookie: "theme=dark; lang=en; x=1" })).data.seo.title).not.toMatch(ARABIC);
  });
});

describe("home /", () => {
  it("shows the newest listings, the article blocks and the search options, in Arabic", async () => {
    const { status, data } = await callLoader(homeLoader, "/");
    expect(status).toBe(200);
    expect(data.seo.title).toBeTruthy();
    expect(data.seo.description).toMatch(ARABIC);
    expect(data.estates).toHaveLength(6);
    const [newest] = await db()
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(eq(s.estates.status, "approved"))
      .orderBy(desc(s.estates.created_at), desc(s.estates.id))
      .limit(1);
    expect(data.estates[0].id).toBe(newest.id);
    for (const e of data.estates) expect(e.place).toMatch(ARABIC);
    // The places are not in the loader data: the page names its place list file instead.
    expect(data.options).not.toHaveProperty("governorates");
    expect(data.options.offerTypes.map((o: { id: number }) => o.id)).toEqual([1, 2]);
    expect(data.options.priceDomains.map((o: { id: number }) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("offers each results page the price bands of what it searches, named in new pounds (decision 087)", async () => {
    const bands = async (loader: typeof estatesLoader, path: string) => {
      const { data } = await callLoader(loader, path);
      return data.options.priceDomains.map((o: { id: number; name: string; offerTypeId: number | null }) => [
        o.id,
        o.offerTypeId,
        o.name,
      ]);
    };
    // The search has both offer types' bands (the form groups them under sale and rent), the rent page the rents'.
    const all = await bands(estatesLoader, "/estates?lang=en");
    expect(all.map(([id, offer]: [number, number | null]) => [id, offer])).toEqual([
      [1, null],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 2],
      [7, 2],
      [8, 2],
      [9, 2],
    ]);
    expect(all[2][2]).toBe("4,000,000 to 8,000,000 new pounds");
    expect((await bands(rentLoader, "/rent-properties")).map(([id, , name]: [number, number, string]) => [id, name])).toEqual([
      [1, "أي سعر"],
      [6, "أقل من 15,000 ليرة جديدة"],
      [7, "من 15,000 إلى 50,000 ليرة جديدة"],
      [8, "من 50,000 إلى 200,000 ليرة جديدة"],
      [9, "200,000 ليرة جديدة فأكثر"],
    ]);
    // A night's price is in no band of a month's rent: the holiday page has none (its budget is the highest price).
    expect((await bands(vacationLoader, "/vacation-properties")).map(([id]: [number]) => id)).toEqual([1]);
  });

  it("serves the place list file per language, kept a year under its current version only", async () => {
    const lookups = await getLookups(db());
    const ar = placeList(lookups, "ar");
    const current = await callLoader(placesLoader, `/places.json?lang=ar&v=${ar.version}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(current.data.governorates).toHaveLength(14);
    expect(current.data.governorates[0].name).toMatch(ARABIC);
    // The site's own places; the gazetteer's are found through the place finder (decision 095).
    expect(current.data.governorates.flatMap((g: { locations: unknown[] }) => g.locations)).toHaveLength(
      lookups.governorates.reduce((n, g) => n + g.listed.length, 0),
    );
    const en = await callLoader(placesLoader, "/places.json?lang=en&v=old");
    expect(en.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(en.data.governorates.map((g: { name: string }) => g.name)).toContain("Damascus");
    expect(placesUrl(lookups, "en")).toBe(`/places.json?lang=en&v=${placeList(lookups, "en").version}`);
    expect(placeList(lookups, "en").version).not.toBe(ar.version);
    // A version sent twice is not the current one; a language other than ar and en (or sent twice) is Arabic.
    const twice = await callLoader(placesLoader, `/places.json?lang=ar&v=${ar.version}&v=${ar.version}`);
    expect(twice.headers.get("Cache-Control")).toBe("public, max-age=300");
    for (const query of ["lang=EN", "lang=en&lang=en", "lang=fr"]) {
      const other = await callLoader(placesLoader, `/places.json?${query}&v=${ar.version}`);
      expect(other.headers.get("Cache-Control"), query).toBe("public, max-age=31536000, immutable");
      expect(other.data.governorates[0].name, query).toMatch(ARABIC);
    }
  });

  it("uses articles 1-3 of the list by id for 'our services' and 4-6 for 'latest articles'", async () => {
    const ids = (await db().select({ id: s.articles.id }).from(s.articles).orderBy(asc(s.articles.id))).map((r) => r.id);
    const { data } = await callLoader(homeLoader, "/");
    expect(data.services.map((a: { id: number }) => a.id)).toEqual(ids.slice(0, 3));
    expect(data.latestArticles.map((a: { id: number }) => a.id)).toEqual(ids.slice(3, 6));
  });

  it("cuts each article card to a 90-character excerpt", async () => {
    const rows = await db().select().from(s.articles);
    for (const [locale, opts] of [
      ["ar", {}],
      ["en", EN],
    ] as const) {
      const { data } = await callLoader(homeLoader, "/", opts);
      for (const a of [...data.services, ...data.latestArticles]) {
        const row = rows.find((r) => r.id === a.id)!;
        const body = locale === "en" ? row.body_en : row.body_ar;
        expect(Array.from(a.excerpt as string).length).toBeLessThanOrEqual(91);
        expect(a.excerpt.length).toBeGreaterThan(40);
        expect(body.replace(/\s+/g, " ").startsWith((a.excerpt as string).replace(/…$/, "").replace(/\s+/g, " ").trimEnd())).toBe(
          true,
        );
        expect(a.title).toBe(locale === "en" ? row.title_en : row.title_ar);
        expect(a).not.toHaveProperty("body");
      }
    }
  });

  it("is in English with lang=en", async () => {
    const { data } = await callLoader(homeLoader, "/?lang=en");
    for (const e of data.estates) {
      expect(e.place).not.toMatch(ARABIC);
      expect(e.estateType).not.toMatch(ARABIC);
    }
    for (const a of data.services) expect(a.title).not.toMatch(ARABIC);
    expect(data.options.estateTypes.map((g: { name: string }) => g.name)).toContain("Apartment");
  });

  it("lists at most four rental offices, those with the most rentals first", async () => {
    const { data } = await callLoader(homeLoader, "/");
    expect(data.offices.length).toBeGreaterThan(0);
    expect(data.offices.length).toBeLessThanOrEqual(4);
    const rents = data.offices.map((o: { rentCount: number }) => o.rentCount);
    expect(rents).toEqual([...rents].sort((a, b) => b - a));
    const [top] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(
        and(eq(s.estates.status, "approved"), eq(s.estates.estate_offer_type_id, 2), sql`${s.estates.office_id} is not null`),
      )
      .groupBy(s.estates.office_id)
      .orderBy(desc(count()))
      .limit(1);
    expect(rents[0]).toBe(Number(top.n));
  });
});

describe("/estates (search results)", () => {
  it("lists every public listing when no filter is given", async () => {
    const { status, data } = await callLoader(estatesLoader, "/estates");
    expect(status).toBe(200);
    expect(data.invalid).toBe(false);
    expect(data.errors).toEqual({});
    const [{ n }] = await db().select({ n: count() }).from(s.estates).where(eq(s.estates.status, "approved"));
    expect(data.result.total).toBe(Number(n));
    expect(data.result.items).toHaveLength(12);
  });

  it("lists every public listing when only tracking or other non-filter parameters are given (decision 006)", async () => {
    const all = await callLoader(estatesLoader, "/estates");
    for (const query of ["utm_source=facebook&utm_medium=share", "fbclid=IwAR0abc", "lang=en&page=2", "page=1&gclid=x"]) {
      const { status, data } = await callLoader(estatesLoader, `/estates?${query}`);
      expect(status, query).toBe(200);
      expect(data.errors, query).toEqual({});
      expect(data.result.total, query).toBe(all.data.result.total);
    }
  });

  it("answers 400 with the form's messages when a required field is missing", async () => {
    const { status, data } = await callLoader(estatesLoader, `/estates?location_id=${busy.location_id}`);
    expect(status).toBe(400);
    expect(data.invalid).toBe(true);
    expect(data.result).toBeNull();
    expect(data.errors).toEqual({
      estate_type_id: [{ key: "search.errors.required" }],
      estate_offer_type_id: [{ key: "search.errors.required" }],
    });
    expect(data.values.location_id).toBe(String(busy.location_id));
    expect(data.seo.noindex).toBe(true);
    expect(data.options.estateTypes.length).toBeGreaterThan(0);

    const empty = await callLoader(estatesLoader, "/estates?location_id=&estate_type_id=&estate_offer_type_id=&price_domain_id=");
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.data.errors).sort()).toEqual(["estate_offer_type_id", "estate_type_id", "location_id"]);
  });

  it("answers 400 for values that are not in the lists", async () => {
    const { status, data } = await callLoader(
      estatesLoader,
      "/estates?location_id=99999&estate_type_id=1&estate_offer_type_id=9",
    );
    expect(status).toBe(400);
    expect(data.errors).toEqual({
      location_id: [{ key: "search.errors.invalid" }],
      estate_offer_type_id: [{ key: "search.errors.invalid" }],
    });
  });

  it("shows the matching listings for a complete filter", async () => {
    const url = `/estates?location_id=${busy.location_id}&estate_type_id=${busy.type}&estate_offer_type_id=${busy.offer}&price_domain_id=1`;
    const { status, data } = await callLoader(estatesLoader, url);
    expect(status).toBe(200);
    expect(data.invalid).toBe(false);
    const place = lookups.locationById.get(busy.location_id)!;
    const expected = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(
        and(
          eq(s.estates.status, "approved"),
          eq(s.estates.location_id, busy.location_id),
          eq(s.estates.estate_type_id, busy.type),
          eq(s.estates.estate_offer_type_id, busy.offer),
        ),
      );
    expect(data.result.total).toBe(Number(expected[0].n));
    for (const e of data.result.items) {
      expect(e.location).toBe(place.location.name_ar);
      expect(e.offerTypeId).toBe(busy.offer);
      expect(e.estateType).toBe(lookups.byId.estateType.get(busy.type)!.name_ar);
    }
    // The last (here only) page of a narrowed search offers similar listings, none of them a result.
    const shown = new Set(data.result.items.map((e: { id: number }) => e.id));
    for (const e of data.similar) {
      expect(shown.has(e.id)).toBe(false);
      expect(e.governorate).toBe(place.governorate.name_ar);
      expect(e.offerTypeId).toBe(busy.offer);
    }
  });

  it("finds nothing and offers similar listings for a search without results, and is not indexed", async () => {
    const [empty] = await db()
      .select({ id: s.locations.id })
      .from(s.locations)
      .where(sql`not exists (select 1 from ${s.estates} where ${s.estates.location_id} = ${s.locations.id})`)
      .limit(1);
    const { status, data } = await callLoader(
      estatesLoader,
      `/estates?location_id=${empty.id}&estate_type_id=6&estate_offer_type_id=1`,
    );
    expect(status).toBe(200);
    expect(data.result.total).toBe(0);
    expect(data.result.items).toEqual([]);
    expect(data.seo.noindex).toBe(true);
    const gov = lookups.locationById.get(empty.id)!.governorate;
    for (const e of data.similar) {
      expect(e.governorate).toBe(gov.name_ar);
      expect(e.offerTypeId).toBe(1);
    }
  });

  it("pages through the results and answers 404 past the last page or for a bad page", async () => {
    const page2 = await callLoader(estatesLoader, "/estates?page=2");
    expect(page2.status).toBe(200);
    expect(page2.data.result.page).toBe(2);
    expect(page2.data.seo.title).toContain("2");
    const last = page2.data.result.pageCount;
    expect((await callLoader(estatesLoader, `/estates?page=${last}`)).status).toBe(200);
    expect((await callLoader(estatesLoader, `/estates?page=${last + 1}`)).status).toBe(404);
    for (const page of ["abc", "0", "-1", "1e3", "1.5", "99999999"]) {
      expect((await callLoader(estatesLoader, `/estates?page=${page}`)).status, `page=${page}`).toBe(404);
    }
    const url = `/estates?location_id=${busy.location_id}&estate_type_id=${busy.type}&estate_offer_type_id=${busy.offer}&page=50`;
    expect((await callLoader(estatesLoader, url)).status).toBe(404);
  });

  it("is in English with lang=en", async () => {
    const { status, data } = await callLoader(estatesLoader, "/estates?lang=en");
    expect(status).toBe(200);
    for (const e of data.result.items) expect(e.place).not.toMatch(ARABIC);
    expect(data.seo.title).not.toMatch(ARABIC);
  });
});

describe("/rent-properties and /vacation-properties", () => {
  it("/rent-properties lists long-term rentals only and needs no filter", async () => {
    const { status, data } = await callLoader(rentLoader, "/rent-properties?lang=en");
    expect(status).toBe(200);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(
        and(
          eq(s.estates.status, "approved"),
          eq(s.estates.estate_offer_type_id, 2),
          or(isNull(s.estates.period_type_id), notInArray(s.estates.period_type_id, VACATION)),
        ),
      );
    expect(data.result.total).toBe(Number(n));
    for (const e of data.result.items) {
      expect(e.offerTypeId).toBe(2);
      expect(["Monthly", "Yearly"]).toContain(e.periodType);
    }
  });

  it("/vacation-properties lists daily, weekly and seasonal lets only", async () => {
    const { status, data } = await callLoader(vacationLoader, "/vacation-properties?lang=en");
    expect(status).toBe(200);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(
        and(eq(s.estates.status, "approved"), eq(s.estates.estate_offer_type_id, 2), inArray(s.estates.period_type_id, VACATION)),
      );
    expect(data.result.total).toBe(Number(n));
    expect(data.result.total).toBeGreaterThan(0);
    for (const e of data.result.items) expect(["Daily", "Weekly", "Seasonal (summer)"]).toContain(e.periodType);
  });

  it("accept a partial filter, which narrows the list", async () => {
    const gov = lookups.governorates[0];
    const all = await callLoader(rentLoader, "/rent-properties");
    const { status, data } = await callLoader(rentLoader, `/rent-properties?location_id=${gov.locations[0].id}`);
    expect(status).toBe(200);
    expect(data.errors).toEqual({});
    expect(data.result.total).toBeLessThan(all.data.result.total);
    for (const e of data.result.items) expect(e.location).toBe(gov.locations[0].name_ar);
    const sale = await callLoader(vacationLoader, "/vacation-properties?estate_offer_type_id=1");
    expect(sale.status).toBe(200);
    for (const e of sale.data.result.items) expect(e.offerTypeId).toBe(2);
  });

  it("answer 400 for a bad filter value and 404 for pages out of range", async () => {
    const bad = await callLoader(rentLoader, "/rent-properties?estate_type_id=abc");
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({ estate_type_id: [{ key: "search.errors.invalid" }] });
    expect((await callLoader(vacationLoader, "/vacation-properties?page=999")).status).toBe(404);
    expect((await callLoader(rentLoader, "/rent-properties?page=0")).status).toBe(404);
  });
});

describe("similar listings on a listing page (decision 006)", () => {
  it("are offered under the last page of a narrowed search, not under the others", async () => {
    const first = await callLoader(rentLoader, "/rent-properties?estate_type_id=6&lang=en");
    expect(first.status).toBe(200);
    const { pageCount } = first.data.result;
    expect(pageCount).toBeGreaterThan(1);
    expect(first.data.similar).toEqual([]);
    const last = await callLoader(rentLoader, `/rent-properties?estate_type_id=6&page=${pageCount}&lang=en`);
    expect(last.data.similar.length).toBeGreaterThan(0);
    expect(last.data.similar.length).toBeLessThanOrEqual(6);
    for (const e of last.data.similar) {
      expect(e.estateType).not.toBe("Apartment");
      expect(e.offerTypeId).toBe(2);
      expect(["Monthly", "Yearly"]).toContain(e.periodType);
    }
  });

  it("are not offered under an unfiltered list", async () => {
    const { data } = await callLoader(rentLoader, "/rent-properties?page=1");
    const last = await callLoader(rentLoader, `/rent-properties?page=${data.result.pageCount}`);
    expect(last.data.similar).toEqual([]);
  });
});

describe("/estate/{id} and /estate-gallery/{id}", () => {
  it("shows a listing with its title, price, place and similar listings", async () => {
    const [row] = await db().select().from(s.estates).where(eq(s.estates.id, firstEstateId));
    const { status, data } = await callLoader(estateLoader, `/estate/${row.id}`, { params: { id: String(row.id) } });
    expect(status).toBe(200);
    expect(data.estate.id).toBe(row.id);
    expect(data.estate.price).toBe(row.price);
    expect(data.estate.description).toBe(row.description_ar);
    const place = lookups.locationById.get(row.location_id)!;
    expect(data.seo.title).toContain(place.governorate.name_ar);
    expect(data.seo.description).toMatch(ARABIC);
    expect(data.seo.image).toMatch(/\.webp$/);
    expect(data.similar.length).toBeLessThanOrEqual(4);
    for (const e of data.similar) {
      expect(e.id).not.toBe(row.id);
      expect(e.governorate).toBe(place.governorate.name_ar);
      expect(e.offerTypeId).toBe(row.estate_offer_type_id);
    }
  });

  it("shows the listing in English with the lang cookie", async () => {
    const { data } = await callLoader(estateLoader, `/estate/${firstEstateId}`, { params: { id: String(firstEstateId) }, ...EN });
    expect(data.estate.place).not.toMatch(ARABIC);
    expect(data.estate.description).not.toMatch(ARABIC);
    expect(data.seo.title).not.toMatch(ARABIC);
  });

  it("shows the gallery of a listing, cover first", async () => {
    const images = await db()
      .select()
      .from(s.estate_images)
      .where(eq(s.estate_images.estate_id, firstEstateId))
      .orderBy(asc(s.estate_images.index));
    const { status, data } = await callLoader(galleryLoader, `/estate-gallery/${firstEstateId}`, {
      params: { id: String(firstEstateId) },
    });
    expect(status).toBe(200);
    expect(data.id).toBe(firstEstateId);
    expect(data.images.map((i: { id: number }) => i.id)).toEqual(images.map((i) => i.id));
    expect(data.seo.image).toBe(data.images[0].large);
  });

  it.each(["999999", "abc", "0", "-1", "1.5", "01", "2147483648", "99999999999999999999", "1e3", " 1"])(
    "answers 404 for the id %j",
    async (id) => {
      expect((await callLoader(estateLoader, `/estate/${encodeURIComponent(id)}`, { params: { id } })).status).toBe(404);
      expect((await callLoader(galleryLoader, `/estate-gallery/${encodeURIComponent(id)}`, { params: { id } })).status).toBe(404);
    },
  );

  it("answers 404 for the largest id the database can hold when there is no such listing", async () => {
    const id = "2147483647";
    expect((await callLoader(estateLoader, `/estate/${id}`, { params: { id } })).status).toBe(404);
  });
});

describe("/offices and /officesResult", () => {
  it("/offices lists every active office, the higher contract levels first", async () => {
    const { status, data } = await callLoader(officesLoader, "/offices");
    expect(status).toBe(200);
    const [{ n }] = await db().select({ n: count() }).from(s.offices).where(eq(s.offices.is_active, true));
    expect(data.offices).toHaveLength(Number(n));
    const levels = data.offices.map((o: { contractLevel: number }) => o.contractLevel);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    for (const o of data.offices) {
      expect(o.name).toMatch(ARABIC);
      expect(o.phoneMasked).toMatch(/•/);
      expect(o.rentCount + o.saleCount).toBeGreaterThanOrEqual(0);
    }
  });

  it("by place lists only offices in the chosen governorate, those in the location itself first", async () => {
    const malki = [...lookups.locationById.values()].find((p) => p.location.name_en === "Malki")!;
    const gov = lookups.governorates.find((g) => g.id === malki.governorate.id)!;
    const { status, data } = await callLoader(
      officesResultLoader,
      `/officesResult?searchselected=1&location_id=${malki.location.id}`,
    );
    expect(status).toBe(200);
    expect(data.invalid).toBe(false);
    const expected = await db()
      .select({ id: s.offices.id, location_id: s.offices.location_id })
      .from(s.offices)
      .where(
        and(
          eq(s.offices.is_active, true),
          inArray(
            s.offices.location_id,
            gov.locations.map((l) => l.id),
          ),
        ),
      );
    expect(data.offices.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual(
      expected.map((o) => o.id).sort((a, b) => a - b),
    );
    for (const o of data.offices) expect(o.place.startsWith(gov.name_ar)).toBe(true);
    const inMalki = expected.filter((o) => o.location_id === malki.location.id).map((o) => o.id);
    expect(inMalki.length).toBeGreaterThan(0);
    expect(
      data.offices
        .slice(0, inMalki.length)
        .map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(inMalki.sort());
    // Then by contract level, gold first (decision 005).
    const rest = data.offices.slice(inMalki.length).map((o: { contractLevel: number }) => o.contractLevel);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it("by place in a location without an office still lists the offices of its governorate", async () => {
    const officeLocations = new Set((await db().select({ l: s.offices.location_id }).from(s.offices)).map((r) => r.l));
    const gov = lookups.governorates[0];
    const bare = gov.locations.find((l) => !officeLocations.has(l.id))!;
    const { status, data } = await callLoader(
      officesResultLoader,
      `/officesResult?searchselected=1&location_id=${bare.id}&lang=en`,
    );
    expect(status).toBe(200);
    const inGov = await db()
      .select({ id: s.offices.id })
      .from(s.offices)
      .where(
        inArray(
          s.offices.location_id,
          gov.locations.map((l) => l.id),
        ),
      );
    expect(data.offices).toHaveLength(inGov.length);
    for (const o of data.offices) expect(o.place.startsWith(`${gov.name_en}, `)).toBe(true);
  });

  it("answers 400 when the place or the name is missing", async () => {
    for (const url of [
      "/officesResult",
      "/officesResult?searchselected=1",
      "/officesResult?searchselected=1&location_id=",
      "/officesResult?searchselected=1&location_id=99999",
    ]) {
      const { status, data } = await callLoader(officesResultLoader, url);
      expect(status, url).toBe(400);
      expect(data.invalid).toBe(true);
      expect(data.errors).toEqual({ location_id: [{ key: "offices.errors.place" }] });
      expect(data.offices).toEqual([]);
    }
    for (const url of [
      "/officesResult?searchselected=2",
      "/officesResult?searchselected=2&name=",
      "/officesResult?searchselected=2&name=%20%20",
      "/officesResult?searchselected=2&name=%00",
      "/officesResult?searchselected=2&name=%09%0A",
    ]) {
      const { status, data } = await callLoader(officesResultLoader, url);
      expect(status, url).toBe(400);
      expect(data.errors).toEqual({ name: [{ key: "offices.errors.name" }] });
    }
  });

  it("by name matches Arabic or English names, case-insensitively", async () => {
    const offices = await db().select().from(s.offices);
    const matches = (q: string) =>
      offices
        .filter((o) => o.name_ar.toLowerCase().includes(q.toLowerCase()) || o.name_en.toLowerCase().includes(q.toLowerCase()))
        .map((o) => o.id)
        .sort((a, b) => a - b);
    for (const q of ["yasmin", "YASMIN", "Al-Sham", "real estate", "الشام", "مكتب", "Properties"]) {
      const { status, data } = await callLoader(
        officesResultLoader,
        `/officesResult?searchselected=2&name=${encodeURIComponent(q)}`,
      );
      expect(status, q).toBe(200);
      const ids = data.offices.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b);
      expect(ids.length, q).toBeGreaterThan(0);
      expect(ids, q).toEqual(matches(q));
    }
    const en = await callLoader(officesResultLoader, "/officesResult?searchselected=2&name=yasmin&lang=en");
    expect(en.data.offices[0].name).toBe("Al-Yasmin Real Estate Office");
    const ar = await callLoader(officesResultLoader, "/officesResult?searchselected=2&name=yasmin");
    expect(ar.data.offices[0].name).toBe("مكتب الياسمين العقاري");
  });

  it("by name treats % and _ as plain characters, not wildcards", async () => {
    for (const q of ["%", "_", "%%", "Al_Sham", "Al%Properties", "\\", "\\%", "_%_"]) {
      const { status, data } = await callLoader(
        officesResultLoader,
        `/officesResult?searchselected=2&name=${encodeURIComponent(q)}`,
      );
      expect(status, q).toBe(200);
      expect(data.offices, q).toEqual([]);
    }
  });

  it("keeps what was typed for the form, cut to a sane length", async () => {
    const { data } = await callLoader(
      officesResultLoader,
      `/officesResult?searchselected=2&name=${encodeURIComponent("  yasmin  ")}`,
    );
    expect(data.values).toEqual({ searchselected: "2", location_id: "", name: "yasmin", verified: false });
    const verified = await callLoader(officesResultLoader, "/officesResult?searchselected=2&name=a&verified=1");
    expect(verified.data.values.verified).toBe(true);
    const long = await callLoader(officesResultLoader, `/officesResult?searchselected=2&name=${"a".repeat(1000)}`);
    expect(long.status).toBe(200);
    expect(long.data.values.name.length).toBeLessThanOrEqual(60);
  });

  it("never throws on bad input", async () => {
    for (const bad of [...NASTY, "\u0000", "a\u0000b"]) {
      for (const url of [
        `/officesResult?searchselected=2&name=${encodeURIComponent(bad)}`,
        `/officesResult?searchselected=1&location_id=${encodeURIComponent(bad)}`,
        `/officesResult?searchselected=${encodeURIComponent(bad)}&location_id=${encodeURIComponent(bad)}`,
      ]) {
        const { status } = await callLoader(officesResultLoader, url);
        expect([200, 400], `${url.slice(0, 80)}`).toContain(status);
      }
    }
  });
});

describe("/office/{id} and /office-estates/{id}", () => {
  let officeId: number;
  let listings: number;
  beforeAll(async () => {
    const [row] = await db()
      .select({ office_id: s.estates.office_id, n: count() })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), sql`${s.estates.office_id} is not null`))
      .groupBy(s.estates.office_id)
      .orderBy(desc(count()))
      .limit(1);
    officeId = row.office_id!;
    listings = Number(row.n);
  });

  it("/office/{id} shows the office card, its counts and up to six of its listings", async () => {
    const [office] = await db().select().from(s.offices).where(eq(s.offices.id, officeId));
    const { status, data } = await callLoader(officeLoader, `/office/${officeId}`, { params: { id: String(officeId) } });
    expect(status).toBe(200);
    expect(data.office.name).toBe(office.name_ar);
    expect(data.seo.title).toBe(office.name_ar);
    expect(data.office.rentCount + data.office.saleCount).toBe(listings);
    expect(data.total).toBe(listings);
    expect(data.estates.length).toBe(Math.min(6, listings));
    for (const e of data.estates) expect(e.office.id).toBe(officeId);
    const en = await callLoader(officeLoader, `/office/${officeId}?lang=en`, { params: { id: String(officeId) } });
    expect(en.data.office.name).toBe(office.name_en);
  });

  it("/office-estates/{id} lists the office's listings 12 to a page", async () => {
    const { status, data } = await callLoader(officeEstatesLoader, `/office-estates/${officeId}`, {
      params: { id: String(officeId) },
    });
    expect(status).toBe(200);
    expect(data.result.total).toBe(listings);
    expect(data.result.items.length).toBe(Math.min(12, listings));
    for (const e of data.result.items) expect(e.office.id).toBe(officeId);
    expect(data.seo.title).toContain(data.office.name);
  });

  it("/office-estates/{id} answers 404 for pages out of range or not numbers", async () => {
    const pages = Math.max(1, Math.ceil(listings / 12));
    expect(
      (await callLoader(officeEstatesLoader, `/office-estates/${officeId}?page=${pages}`, { params: { id: String(officeId) } }))
        .status,
    ).toBe(200);
    for (const page of [String(pages + 1), "0", "abc", "-2", "1e2"]) {
      const { status } = await callLoader(officeEstatesLoader, `/office-estates/${officeId}?page=${page}`, {
        params: { id: String(officeId) },
      });
      expect(status, `page=${page}`).toBe(404);
    }
  });

  it.each(["99999", "abc", "0", "-1", "2147483648", "99999999999999999999", "1;drop"])(
    "answer 404 for the office id %j",
    async (id) => {
      expect((await callLoader(officeLoader, `/office/${encodeURIComponent(id)}`, { params: { id } })).status).toBe(404);
      expect(
        (await callLoader(officeEstatesLoader, `/office-estates/${encodeURIComponent(id)}`, { params: { id } })).status,
      ).toBe(404);
    },
  );

  it("answer 404 for an office that is not active", async () => {
    const [other] = await db().select({ id: s.offices.id }).from(s.offices).orderBy(desc(s.offices.id)).limit(1);
    await db().update(s.offices).set({ is_active: false }).where(eq(s.offices.id, other.id));
    try {
      expect((await callLoader(officeLoader, `/office/${other.id}`, { params: { id: String(other.id) } })).status).toBe(404);
      expect(
        (await callLoader(officeEstatesLoader, `/office-estates/${other.id}`, { params: { id: String(other.id) } })).status,
      ).toBe(404);
      const list = await callLoader(officesLoader, "/offices");
      expect(list.data.offices.map((o: { id: number }) => o.id)).not.toContain(other.id);
    } finally {
      await db().update(s.offices).set({ is_active: true }).where(eq(s.offices.id, other.id));
    }
  });
});

describe("/articals and /artical/{id}", () => {
  it("/articals lists the published articles, newest first, with excerpts", async () => {
    const { status, data } = await callLoader(articlesLoader, "/articals");
    expect(status).toBe(200);
    expect(data.total).toBe(12);
    expect(data.items).toHaveLength(12);
    expect(data.page).toBe(1);
    const dates = data.items.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const a of data.items) {
      expect(a.title).toMatch(ARABIC);
      expect(Array.from(a.excerpt as string).length).toBeLessThanOrEqual(91);
      expect(a.image).toMatch(/-400\.webp$/);
    }
  });

  it("/articals answers 404 for a page past the end or not a number", async () => {
    for (const page of ["2", "0", "abc", "-1", "1e1", "9999999"]) {
      expect((await callLoader(articlesLoader, `/articals?page=${page}`)).status, page).toBe(404);
    }
    expect((await callLoader(articlesLoader, "/articals?page=1")).status).toBe(200);
  });

  it("/artical/{id} shows the whole article in the page's language", async () => {
    const [row] = await db().select().from(s.articles).orderBy(asc(s.articles.id)).limit(1);
    const ar = await callLoader(articleLoader, `/artical/${row.id}`, { params: { id: String(row.id) } });
    expect(ar.status).toBe(200);
    expect(ar.data.article.title).toBe(row.title_ar);
    expect(ar.data.article.body).toBe(row.body_ar);
    expect(ar.data.seo.title).toBe(row.title_ar);
    expect(ar.data.seo.type).toBe("article");
    const en = await callLoader(articleLoader, `/artical/${row.id}`, { params: { id: String(row.id) }, ...EN });
    expect(en.data.article.body).toBe(row.body_en);
  });

  it.each(["999", "abc", "0", "2147483648", "1.0"])("/artical/{id} answers 404 for %j", async (id) => {
    expect((await callLoader(articleLoader, `/artical/${id}`, { params: { id } })).status).toBe(404);
  });

  it("/artical/{id} answers 404 for an unpublished article", async () => {
    const [row] = await db().select().from(s.articles).orderBy(desc(s.articles.id)).limit(1);
    await db().update(s.articles).set({ is_published: false }).where(eq(s.articles.id, row.id));
    try {
      expect((await callLoader(articleLoader, `/artical/${row.id}`, { params: { id: String(row.id) } })).status).toBe(404);
      const list = await callLoader(articlesLoader, "/articals");
      expect(list.data.total).toBe(11);
    } finally {
      await db().update(s.articles).set({ is_published: true }).where(eq(s.articles.id, row.id));
    }
  });
});

describe("static pages and not found", () => {
  it.each([
    ["who-us", whoUsLoader],
    ["privacy-policy", privacyLoader],
  ] as const)("/%s has a title and description in both languages", async (name, loader) => {
    const ar = await callLoader(loader, `/${name}`);
    const en = await callLoader(loader, `/${name}?lang=en`);
    expect(ar.status).toBe(200);
    expect(ar.data.seo.title).toMatch(ARABIC);
    expect(ar.data.seo.description).toMatch(ARABIC);
    expect(en.data.seo.title).not.toMatch(ARABIC);
    expect(en.data.seo.description).not.toMatch(ARABIC);
    expect(en.data.seo.description.length).toBeGreaterThan(20);
  });

  it("any other path answers 404", async () => {
    for (const path of ["/nope", "/estate", "/estates/1/extra", "/%F0%9F%98%80"]) {
      expect((await callLoader(notFoundLoader, path, { params: { "*": path.slice(1) } })).status).toBe(404);
    }
  });
});

describe("robots.txt and sitemaps", () => {
  it("robots.txt allows crawling, hides private pages and names the sitemap", async () => {
    const { status, data, headers } = await callLoader(robotsLoader, "/robots.txt");
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("text/plain");
    expect(data).toContain("User-agent: *");
    expect(data).toContain("Disallow: /profile");
    expect(data).toContain("Disallow: /admin");
    expect(data).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });

  it("sitemap.xml indexes the pages sitemap and the listing sitemaps", async () => {
    const { status, data, headers } = await callLoader(sitemapIndexLoader, "/sitemap.xml");
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("xml");
    expect(data).toMatch(/^<\?xml/);
    expect(data).toContain("<sitemapindex");
    expect(data).toMatch(/<loc>[^<]*\/sitemaps\/pages\.xml<\/loc>/);
    expect(data).toMatch(/<loc>[^<]*\/sitemaps\/estates-1\.xml<\/loc>/);
  });

  it("pages.xml lists the static pages, every active office and article, with Arabic and English alternates", async () => {
    const { status, data } = await callLoader(sitemapLoader, "/sitemaps/pages.xml", { params: { name: "pages.xml" } });
    expect(status).toBe(200);
    expect(data).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const offices = await db().select({ id: s.offices.id }).from(s.offices);
    for (const { id } of offices) expect(data).toContain(`/office/${id}</loc>`);
    const articles = await db().select({ id: s.articles.id }).from(s.articles);
    for (const { id } of articles) expect(data).toContain(`/artical/${id}</loc>`);
    for (const path of ["/vacation-properties", "/rent-properties", "/offices", "/articals", "/who-us", "/privacy-policy"]) {
      expect(data).toContain(`${path}</loc>`);
    }
    expect(data).toMatch(/hreflang="en" href="[^"]*\/office\/\d+\?lang=en"/);
  });

  it("estates-1.xml lists every public listing once", async () => {
    const { status, data } = await callLoader(sitemapLoader, "/sitemaps/estates-1.xml", { params: { name: "estates-1.xml" } });
    expect(status).toBe(200);
    const locs = [...(data as string).matchAll(/<loc>[^<]*\/estate\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    const ids = (
      await db().select({ id: s.estates.id }).from(s.estates).where(eq(s.estates.status, "approved")).orderBy(asc(s.estates.id))
    ).map((r) => r.id);
    expect(locs).toEqual(ids);
    expect(data).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it.each([
    "estates-2.xml",
    "estates-0.xml",
    "estates-01.xml",
    "estates-x.xml",
    "foo.xml",
    "pages",
    "estates-1.xml.gz",
    "",
    "estates-9999999.xml",
  ])("answers 404 for the sitemap %j", async (name) => {
    expect((await callLoader(sitemapLoader, `/sitemaps/${name}`, { params: { name } })).status).toBe(404);
  });
});

describe("bad input never throws", () => {
  it("on the listing pages", async () => {
    for (const bad of NASTY) {
      const v = encodeURIComponent(bad);
      for (const [loader, path] of [
        [estatesLoader, "/estates"],
        [rentLoader, "/rent-properties"],
        [vacationLoader, "/vacation-properties"],
      ] as const) {
        for (const query of [
          `location_id=${v}&estate_type_id=${v}&estate_offer_type_id=${v}&price_domain_id=${v}`,
          `page=${v}`,
          `lang=${v}`,
        ]) {
          const { status } = await callLoader(loader, `${path}?${query}`);
          expect([200, 400, 404], `${path}?${query.slice(0, 60)}`).toContain(status);
        }
      }
    }
  });

  it("on pages with an id", async () => {
    for (const bad of NASTY) {
      const pages: [Loader, string][] = [
        [estateLoader, "/estate/"],
        [galleryLoader, "/estate-gallery/"],
        [officeLoader, "/office/"],
        [officeEstatesLoader, "/office-estates/"],
        [articleLoader, "/artical/"],
      ];
      for (const [loader, path] of pages) {
        const { status } = await callLoader(loader, `${path}${encodeURIComponent(bad)}`, { params: { id: bad } });
        expect(status, `${path}${bad.slice(0, 40)}`).toBe(404);
      }
      const { status } = await callLoader(sitemapLoader, `/sitemaps/${encodeURIComponent(bad)}`, { params: { name: bad } });
      expect(status).toBe(404);
      expect((await callLoader(articlesLoader, `/articals?page=${encodeURIComponent(bad)}`)).status).toBe(404);
    }
  });

  it("with a strange cookie", async () => {
    for (const cookie of ["lang", "lang=", "lang=%E0%A4%A", "=; ;;", `lang=${"e".repeat(5000)}`]) {
      const { status, data } = await callLoader(homeLoader, "/", { cookie });
      expect(status).toBe(200);
      expect(data.estates[0].place).toMatch(ARABIC);
    }
  });
});
