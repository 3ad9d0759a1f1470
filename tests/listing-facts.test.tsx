import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { transition } from "~/features/posts/moderation.server";
import { moderatePost, postReview } from "~/features/posts/post-review.server";
import { action as editorAction, loader as editorLoader } from "~/routes/post-editor";
import { loader as estateLoader } from "~/routes/estate";
import { loader as estatesLoader } from "~/routes/search-results";
import { and, count, gt, gte, lte, sql } from "drizzle-orm";
import { resources } from "~/platform/i18n/i18n.server";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { account, type Account } from "./helpers/accounts";
import { callAction, callLoader } from "./helpers/remix";
import { renderListing } from "./helpers/listing-page";

/**
 * The facts Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md): what the owner's editor
 * stores and gives back, what the back office's review shows of a post and of its pending edit, and the listing
 * page's facts table and JSON-LD.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const { newPost } = postFixtures(db);

let accounts: { owner: Account; admin: Account } | undefined;
async function shared() {
  accounts ??= { owner: await account(db()), admin: await account(db(), { role: "admin" }) };
  return accounts;
}

const editorUrl = (id: number) => `/profile/posts/${id}`;
const editor = (id: number, form: Record<string, string>, cookie: string) =>
  callAction(editorAction, editorUrl(id), {
    form,
    params: { id: String(id) },
    cookie,
    headers: { Origin: "http://localhost:3000" },
  });
const openEditor = (id: number, cookie: string) =>
  callLoader(editorLoader, editorUrl(id), { params: { id: String(id) }, cookie });

/** The editor's fields with every fact given, as an owner types them (Arabic-Indic digits in the hours). */
const FACTS_FORM = {
  intent: "save",
  price: "450000",
  currency: "SYP",
  area: "110",
  period_type_id: "3",
  description: "شقة قرب الجامعة",
  electricity_hours: "١٢",
  solar: "1",
  solar_kw: "3,5",
  generator_amperes: "5",
  water_tank: "1",
  elevator: "0",
  building_floors: "6",
  building_age_years: "0",
  facing: "south_east",
  parking: "",
  heating: "diesel",
  internet: "fibre",
  upfront_months: "6",
  key_money: "15000",
  key_money_currency: "USD",
};

/** What FACTS_FORM stores on a flat for rent (no key money: not a shop; parking left "not known"). */
const FACTS_STORED = {
  electricity_hours: 12,
  solar: true,
  solar_kw: 3.5,
  generator_amperes: 5,
  water_tank: true,
  elevator: false,
  building_floors: 6,
  building_age_years: 0,
  facing: "south_east",
  parking: null,
  heating: "diesel",
  internet: "fibre",
  upfront_months: 6,
  key_money: null,
  key_money_currency: null,
};

async function estateRow(id: number) {
  const [row] = await db().select().from(s.estates).where(eq(s.estates.id, id));
  return row;
}

describe("the owner's editor takes the facts", () => {
  it("stores every fact of a rent, leaves what is not known null, and shows them again", async () => {
    const { owner } = await shared();
    const id = await newPost(owner, { estate_offer_type_id: 2, period_type_id: 3 });
    const res = await editor(id, FACTS_FORM, owner.cookie);
    expect(res.status).toBe(302);
    expect(await estateRow(id)).toMatchObject(FACTS_STORED);
    const page = await openEditor(id, owner.cookie);
    expect(page.data.facts).toEqual({ rent: true, shop: false });
    expect(page.data.defaults).toMatchObject({
      electricity_hours: "12",
      solar: "1",
      solar_kw: "3.5",
      elevator: "0",
      parking: "",
      facing: "south_east",
      upfront_months: "6",
      key_money: "",
    });
  });

  it("keeps a shop's key money, and no upfront months on a sale", async () => {
    const { owner } = await shared();
    const id = await newPost(owner, { estate_type_id: 4, estate_offer_type_id: 1 });
    expect((await editor(id, FACTS_FORM, owner.cookie)).status).toBe(302);
    expect(await estateRow(id)).toMatchObject({ key_money: 15_000, key_money_currency: "USD", upfront_months: null });
    expect((await openEditor(id, owner.cookie)).data.facts).toEqual({ rent: false, shop: true });
  });

  it("refuses facts out of range with translated errors and every typed value kept, storing nothing", async () => {
    const { owner } = await shared();
    const id = await newPost(owner, { estate_offer_type_id: 2, period_type_id: 3 });
    const before = await estateRow(id);
    const bad = { ...FACTS_FORM, electricity_hours: "30", generator_amperes: "150", upfront_months: "25", heating: "coal" };
    const res = await editor(id, bad, owner.cookie);
    expect(res.status).toBe(400);
    const { error, initialValue } = res.data.lastResult;
    expect(error.electricity_hours).toEqual([{ key: "forms:errors.outOfRange", values: { max: 24 } }]);
    expect(error.generator_amperes).toEqual([{ key: "forms:errors.outOfRange", values: { max: 100 } }]);
    expect(error.upfront_months).toEqual([{ key: "forms:errors.outOfRange", values: { max: 24 } }]);
    expect(error.heating).toEqual([{ key: "forms:errors.choice" }]);
    expect(initialValue).toMatchObject({ electricity_hours: "30", solar_kw: "3,5", description: FACTS_FORM.description });
    expect(resources.ar.forms.errors.outOfRange).toBeTruthy();
    expect(await estateRow(id)).toEqual(before);
  });

  it("refuses what no form sends at the database too (its checks)", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    for (const values of [{ electricity_hours: 25 }, { generator_amperes: 101 }, { facing: "up" }, { key_money: 5 }]) {
      await expect(db().update(s.estates).set(values).where(eq(s.estates.id, id))).rejects.toThrow();
    }
  });
});

describe("the back office's review shows the facts", () => {
  it("of a pending edit beside the public version, and the approval makes them public", async () => {
    const { owner, admin } = await shared();
    const id = await newPost(owner, { estate_offer_type_id: 2, period_type_id: 3 });
    await transition(db(), id, "approve", admin.actor);
    expect((await editor(id, FACTS_FORM, owner.cookie)).status).toBe(302);
    expect(await estateRow(id)).toMatchObject({ electricity_hours: null, solar: null });

    const review = (await postReview(db(), id, "en"))!;
    const line = (facts: { key: string; label?: string; value: string }[], key: string) => facts.find((f) => f.key === key);
    expect(line(review.facts, "electricity_hours")).toBeUndefined();
    expect(line(review.edit!.facts, "electricity_hours")).toEqual({
      key: "electricity_hours",
      label: "Grid electricity (hours a day)",
      value: "12 hours a day",
    });
    expect(line(review.edit!.facts, "building_age_years")?.value).toBe("New");
    expect(line(review.edit!.facts, "parking")).toBeUndefined();
    const ar = (await postReview(db(), id, "ar"))!;
    expect(line(ar.edit!.facts, "solar")).toEqual({ key: "solar", label: "ألواح طاقة شمسية", value: "نعم" });

    await moderatePost(db(), id, "approve_edit", admin.actor, undefined, review.version);
    expect(await estateRow(id)).toMatchObject(FACTS_STORED);
  });
});

describe("the listing page", () => {
  it("shows the known facts in a table in both languages, the card's two, and JSON-LD's amenityFeature and yearBuilt", async () => {
    const { owner, admin } = await shared();
    const id = await newPost(owner, { estate_offer_type_id: 2, period_type_id: 3 });
    await editor(id, { ...FACTS_FORM, building_age_years: "10" }, owner.cookie);
    await transition(db(), id, "approve", admin.actor);
    const page = await callLoader(estateLoader, `/estate/${id}`, { params: { id: String(id) } });
    expect(page.status).toBe(200);
    expect(page.data.estate.facts).toMatchObject({ ...FACTS_STORED, building_age_years: 10 });
    expect(page.data.estate).toMatchObject({ electricityHours: 12, solar: true });

    const en = await renderListing(id, "en");
    const row = (html: string, name: string) =>
      new RegExp(`<tr data-fact="${name}"><th scope="row">(?:<svg[^]*?</svg>)? ?(?:<!-- -->)?([^<]*)</th><td><bdi>([^<]*)</bdi>`)
        .exec(html)
        ?.slice(1);
    expect(row(en, "electricity_hours")).toEqual(["Grid electricity (hours a day)", "12 hours a day"]);
    expect(row(en, "upfront_months")).toEqual(["Rent paid upfront (months)", "6 months"]);
    expect(row(en, "facing")).toEqual(["Facing", "South-east"]);
    expect(row(en, "parking")).toBeUndefined();
    expect(en).toContain("Power 12 h/day");
    const ar = await renderListing(id, "ar");
    expect(row(ar, "solar")).toEqual(["ألواح طاقة شمسية", "نعم"]);
    expect(row(ar, "heating")).toEqual(["التدفئة", "مدفأة مازوت"]);

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(en)![1]);
    expect(jsonLd.yearBuilt).toBe(new Date().getUTCFullYear() - 10);
    expect(jsonLd.amenityFeature).toEqual(
      expect.arrayContaining([
        { "@type": "LocationFeatureSpecification", name: "Grid electricity (hours a day)", value: 12 },
        { "@type": "LocationFeatureSpecification", name: "Solar panels", value: true },
        { "@type": "LocationFeatureSpecification", name: "Elevator", value: false },
      ]),
    );
    expect(jsonLd.amenityFeature.map((f: { name: string }) => f.name)).not.toContain("Parking");
  });
});

describe("searching by the facts", () => {
  /** The approved listings of governorate 1 matching `where`, counted from the table (the seed states most facts). */
  async function expected(where: ReturnType<typeof and>) {
    const [row] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), eq(s.estates.governorate_id, 1), where));
    return Math.min(Number(row.n), 1000);
  }

  it("the typed words name the filters, answered where typed, with their chips and the matching listings only", async () => {
    const cases: [string, Record<string, string>, ReturnType<typeof and>][] = [
      ["شقة طاقة شمسية", { estate_type_id: "6", solar: "1" }, and(eq(s.estates.estate_type_id, 6), eq(s.estates.solar, true))],
      ["ألواح مصعد", { solar: "1", elevator: "1" }, and(eq(s.estates.solar, true), eq(s.estates.elevator, true))],
      ["أمبيرات", { generator: "1" }, gt(s.estates.generator_amperes, 0)],
      ["solar elevator", { solar: "1", elevator: "1" }, and(eq(s.estates.solar, true), eq(s.estates.elevator, true))],
    ];
    for (const [q, filters, where] of cases) {
      const typed = `/estates?${new URLSearchParams({ is_simple: "0", governorate_id: "1", q })}`;
      const res = await callLoader(estatesLoader, typed);
      expect(res.status, q).toBe(200);
      const address = new URL(res.data.seo.address ?? typed, "http://x");
      expect(Object.fromEntries(address.searchParams), q).toEqual({ is_simple: "0", governorate_id: "1", ...filters });
      const total = await expected(where);
      expect(total, q).toBeGreaterThan(0);
      expect(res.data.result.total, q).toBe(total);
    }
  });

  it("electricity hours at least, months upfront at most: a listing that does not say is never found", async () => {
    const res = await callLoader(estatesLoader, "/estates?is_simple=0&governorate_id=1&electricity_min=12&upfront_max=3");
    expect(res.status).toBe(200);
    const total = await expected(and(gte(s.estates.electricity_hours, 12), lte(s.estates.upfront_months, 3)));
    expect(total).toBeGreaterThan(0);
    expect(res.data.result.total).toBe(total);
    const [unknown] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(and(eq(s.estates.governorate_id, 1), sql`${s.estates.electricity_hours} is null`));
    expect(Number(unknown.n)).toBeGreaterThan(0);
  });
});

describe("the demo data's facts", () => {
  it("are believable: more grid hours in Damascus and Latakia than in Aleppo, solar commoner in new builds, upfront 3, 6 or 12 months", async () => {
    const hours = (await db().execute(sql`
      select g.name_en as name, avg(e.electricity_hours)::float as hours
      from estates e join governorates g on g.id = e.governorate_id
      where e.electricity_hours is not null group by g.name_en`)) as unknown as { rows: { name: string; hours: number }[] };
    const of = (name: string) => hours.rows.find((r) => r.name === name)!.hours;
    expect(of("Damascus")).toBeGreaterThan(of("Aleppo") + 3);
    expect(of("Latakia")).toBeGreaterThan(of("Aleppo") + 3);
    const solar = (await db().execute(sql`
      select (building_age_years <= 5) as new_build, avg(case when solar then 1 else 0 end)::float as share
      from estates where solar is not null and building_age_years is not null group by 1`)) as unknown as {
      rows: { new_build: boolean; share: number }[];
    };
    const share = (newBuild: boolean) => solar.rows.find((r) => r.new_build === newBuild)!.share;
    expect(share(true)).toBeGreaterThan(share(false) + 0.15);
    const upfront = (await db().execute(sql`
      select avg(case when upfront_months in (3, 6, 12) then 1 else 0 end)::float as share, count(*)::int as n
      from estates where upfront_months is not null`)) as unknown as { rows: { share: number; n: number }[] };
    expect(upfront.rows[0].n).toBeGreaterThan(50);
    expect(upfront.rows[0].share).toBeGreaterThan(0.75);
    const [sales] = await db()
      .select({ n: count() })
      .from(s.estates)
      .where(and(eq(s.estates.estate_offer_type_id, 1), sql`${s.estates.upfront_months} is not null`));
    expect(Number(sales.n)).toBe(0);
  });
});
