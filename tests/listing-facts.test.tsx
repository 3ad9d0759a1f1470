import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { transition } from "~/features/posts/moderation.server";
import { moderatePost, postReview } from "~/features/posts/post-review.server";
import { action as editorAction, loader as editorLoader } from "~/routes/post-editor";
import { loader as estateLoader } from "~/routes/estate";
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
      value: "12 h a day",
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
    expect(row(en, "electricity_hours")).toEqual(["Grid electricity (hours a day)", "12 h a day"]);
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
