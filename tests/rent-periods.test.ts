import fs from "node:fs";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { beforeAll, describe, expect, it } from "vitest";
import { Price } from "~/features/listings/EstateCard";
import * as s from "~/platform/db/schema";
import { currentRate } from "~/features/listings/exchange-rate.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { type EstateFilter } from "~/features/search/estate-filter.server";
import { getEstate } from "~/features/listings/estate.server";
import { forgetMedians } from "~/features/listings/prices.server";
import { MONTHLY_FACTOR } from "~/features/places/lookups.server";
import { makeOfferDraft } from "~/features/posts/offer-draft.server";
import { loader as estateLoader } from "~/routes/estate";
import { action as newEstateAction } from "~/routes/estate-offer";
import { action as editorAction } from "~/routes/post-editor";
import { loader as rentLoader } from "~/routes/rent-results";
import { loader as vacationLoader } from "~/routes/vacation-results";
import { pageTranslator, resources } from "~/platform/i18n/i18n.server";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { approvedListing, postFixtures } from "./helpers/posts";
import { callAction, callLoader } from "./helpers/remix";

/**
 * Rents by period (docs/decisions/057-rents-by-period.md): the period is required for a rent on /new-estate and in
 * the post editor (the error keeps every value), stored, written after the price ("/ month"), a filter of the rent
 * and vacation searches with its chip, the price sorts comparing the monthly equivalent, the price per m² and the
 * area medians per month among monthly and yearly rents, and migration 0022's period for rents that had none.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const posts = postFixtures(db);
let rate: number;
let seq = 0;

beforeAll(async () => {
  rate = (await currentRate(db()))!.sypPerUsd;
});

/** A new approved rent of a flat (approvedListing, with `values` replacing those), returning its id. */
const listing = (values: Partial<typeof s.estates.$inferInsert>) =>
  approvedListing(db(), { state_id: 900000 + ++seq, price: 1000, estate_type_id: 6, estate_offer_type_id: 2, ...values });

const stored = async (id: number) => (await db().select().from(s.estates).where(eq(s.estates.id, id)))[0];

/** A fresh client address per post, so the per-address form limit never answers instead. */
const newIp = () => ({ clientIp: `10.57.${Math.floor(seq / 200)}.${++seq % 200}` });

describe("the stored monthly equivalent (migration 0022)", () => {
  it("is a night × 30, a week × 30/7, a month, a season ÷ 3 and a year ÷ 12 for rents, the price itself for a sale", async () => {
    const price = 700_000;
    for (const period of [1, 2, 3, 4, 5]) {
      const row = await stored(await listing({ price, period_type_id: period }));
      expect(row.price_sort_syp).toBe(Math.round(price * MONTHLY_FACTOR[period]));
      // The price per m² of a rent is per month too (100 m²).
      expect(row.price_per_m2_syp).toBeCloseTo(Math.round(price * MONTHLY_FACTOR[period]) / 100, 6);
    }
    const sale = await stored(await listing({ price, estate_offer_type_id: 1, period_type_id: null }));
    expect(sale.price_sort_syp).toBe(price);
    expect(sale.price_per_m2_syp).toBe(price / 100);
  });

  it("follows a change of period and a USD price at the rate", async () => {
    const id = await listing({ price: 50, currency: "USD", period_type_id: 1 });
    expect((await stored(id)).price_sort_syp).toBe(50 * rate * 30);
    await db().update(s.estates).set({ period_type_id: 5 }).where(eq(s.estates.id, id));
    expect((await stored(id)).price_sort_syp).toBe(Math.round((50 * rate) / 12));
  });

  it("gives every rent that had none a period: nightly for chalets and texts of nights or booking, else monthly; sales none", async () => {
    const chalet = await listing({ estate_type_id: 8, period_type_id: null });
    const nights = await listing({ period_type_id: null, description_ar: "شقة مفروشة للإيجار بالليلة قرب البحر" });
    const booking = await listing({ period_type_id: null, description_en: "Booking by the night, sea view" });
    const flat = await listing({ period_type_id: null, description_ar: "شقة ثلاث غرف" });
    const yearly = await listing({ period_type_id: 5 });
    const sale = await listing({ estate_offer_type_id: 1, period_type_id: 3 });
    // The migration's own statement, as written in the file.
    const file = fs.readFileSync("app/platform/db/migrations/0022_rent_periods.sql", "utf8");
    const statement = file.split("--> statement-breakpoint").find((st) => st.includes('UPDATE "estates" SET "period_type_id"'));
    await db().execute(sql.raw(statement!.replace(/^\s*--.*$/gm, "")));
    const periods = Object.fromEntries(
      (
        await db()
          .select({ id: s.estates.id, period: s.estates.period_type_id, sort: s.estates.price_sort_syp })
          .from(s.estates)
          .where(inArray(s.estates.id, [chalet, nights, booking, flat, yearly, sale]))
      ).map((r) => [r.id, r]),
    );
    expect(periods[chalet].period).toBe(1);
    expect(periods[nights].period).toBe(1);
    expect(periods[booking].period).toBe(1);
    expect(periods[flat].period).toBe(3);
    expect(periods[yearly].period).toBe(5);
    expect(periods[sale].period).toBeNull();
    expect(periods[chalet].sort).toBe(30_000);
    // No public rent is left without a period.
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.estates)
      .where(and(eq(s.estates.estate_offer_type_id, 2), isNull(s.estates.period_type_id), eq(s.estates.status, "approved")));
    expect(n).toBe(0);
  });
});

describe("sorting rents by price", () => {
  /** Every result of a search (all pages), in order. */
  async function all(filter: EstateFilter) {
    const first = await searchEstates(db(), filter, 1, "en", { countMs: 0 });
    const items = [...first.items];
    for (let page = 2; page <= first.pageCount; page++) items.push(...(await searchEstates(db(), filter, page, "en")).items);
    return items;
  }

  it("compares the monthly equivalent when periods are mixed", async () => {
    // In a place of their own: a night at 20,000 (600,000 a month), a month at 400,000, a year at 3,600,000
    // (300,000 a month), a week at 98,000 (420,000 a month).
    const location_id = 7;
    await db()
      .delete(s.estates)
      .where(and(eq(s.estates.location_id, location_id), eq(s.estates.estate_type_id, 7)));
    const night = await listing({ location_id, estate_type_id: 7, price: 20_000, period_type_id: 1 });
    const month = await listing({ location_id, estate_type_id: 7, price: 400_000, period_type_id: 3 });
    const year = await listing({ location_id, estate_type_id: 7, price: 3_600_000, period_type_id: 5 });
    const week = await listing({ location_id, estate_type_id: 7, price: 98_000, period_type_id: 2 });
    const filter: EstateFilter = { location_id, estate_type_id: 7, estate_offer_type_id: 2 };
    const cheapest = await all({ ...filter, sort: "price_asc" });
    expect(cheapest.map((e) => e.id)).toEqual([year, month, week, night]);
    const dearest = await all({ ...filter, sort: "price_desc" });
    expect(dearest.map((e) => e.id)).toEqual([night, week, month, year]);
    // What the cards say: the stated price and its period.
    expect(cheapest.map((e) => [e.price, e.pricePeriod])).toEqual([
      [3_600_000, "year"],
      [400_000, "month"],
      [98_000, "week"],
      [20_000, "night"],
    ]);
  });

  it("orders every rent of the whole country by its monthly equivalent, on both vacation and long-term pages", async () => {
    for (const scope of ["rent", "vacation"] as const) {
      const { items } = await searchEstates(db(), { scope, sort: "price_asc" }, 1, "en");
      expect(items.length).toBeGreaterThan(3);
      const rows = await db()
        .select({
          id: s.estates.id,
          sort: s.estates.price_sort_syp,
          price: s.estates.price_syp,
          period: s.estates.period_type_id,
        })
        .from(s.estates)
        .where(
          inArray(
            s.estates.id,
            items.map((e) => e.id),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const monthly = items.map((e) => {
        const r = byId.get(e.id)!;
        return r.price === null ? Infinity : Math.round(r.price * MONTHLY_FACTOR[r.period ?? 3]);
      });
      expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    }
  });
});

describe("the period filter (period_type_id)", () => {
  it("lists only that period's rents, with a chip that removes it", async () => {
    const res = await callLoader(rentLoader, "/rent-properties?period_type_id=5&lang=en");
    expect(res.status).toBe(200);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), eq(s.estates.estate_offer_type_id, 2), eq(s.estates.period_type_id, 5)));
    expect(n).toBeGreaterThan(0);
    expect(res.data.result.total).toBe(Math.min(n, 1000));
    for (const card of res.data.result.items) expect(card.pricePeriod).toBe("year");
    const chips = res.data.links.find((g: { className: string }) => g.className === "chips").list;
    expect(chips).toContainEqual({ label: "Yearly", href: "/rent-properties?lang=en&is_simple=0" });
    // The form offers the long-term periods on the rent page, the short ones on the vacation page.
    const field = (data: { fields: { main: { name: string; options?: [string, string][] }[] } }) =>
      data.fields.main.find((f) => f.name === "period_type_id")!.options!.map(([v]) => v);
    expect(field(res.data)).toEqual(["", "3", "5"]);
    const vacation = await callLoader(vacationLoader, "/vacation-properties?period_type_id=1");
    expect(field(vacation.data)).toEqual(["", "1", "2", "4"]);
    for (const card of vacation.data.result.items) expect(card.pricePeriod).toBe("ليلة");
  });

  it("refuses a period that does not exist with the form and its message", async () => {
    const res = await callLoader(rentLoader, "/rent-properties?period_type_id=9");
    expect(res.status).toBe(400);
    expect(res.data.errors).toEqual({ period_type_id: [{ key: "search.errors.invalid" }] });
  });
});

describe("the price after its period, on cards and on the listing page", () => {
  it("writes '/ month' in English and '/ شهر' in Arabic, in both currencies", async () => {
    const id = await listing({ price: 250, currency: "USD", period_type_id: 3, location_id: 2 });
    const en = await callLoader(estateLoader, `/estate/${id}?lang=en`, { params: { id: String(id) }, cookie: "lang=en" });
    expect(en.status).toBe(200);
    expect(en.data.estate.pricePeriod).toBe("month");
    // The approximate SYP price is for a month too.
    expect(en.data.estate.priceNote).toMatch(/\/ month/);
    const html = renderToString(
      createElement(
        TranslatorProvider,
        { translator: pageTranslator("en") },
        createElement(Price, { value: en.data.estate.price, currency: "USD", period: en.data.estate.pricePeriod }),
      ),
    );
    expect(html.replace(/<[^>]+>/g, "")).toBe("250 US$ / month");
    const ar = await getEstate(db(), id, "ar");
    expect(ar!.pricePeriod).toBe("شهر");
    // A sale has no period.
    const sale = await getEstate(db(), await listing({ estate_offer_type_id: 1, period_type_id: null }), "en");
    expect(sale!.pricePeriod).toBeNull();
  });
});

describe("price per m² and the area's medians", () => {
  it("are per month for monthly and yearly rents, compared only with them; none for nightly rents", async () => {
    // A place and a type of their own: five monthly rents of 1,000 a m², a yearly one of 12,000 a m² a year (1,000
    // a month), nightly ones far dearer a month, and sales.
    const location_id = 9;
    await db()
      .delete(s.estates)
      .where(and(eq(s.estates.location_id, location_id), eq(s.estates.estate_type_id, 4)));
    const shop = { location_id, estate_type_id: 4, area: 100 };
    const monthly: number[] = [];
    for (const price of [90_000, 95_000, 100_000, 105_000, 110_000])
      monthly.push(await listing({ ...shop, price, period_type_id: 3 }));
    const yearly = await listing({ ...shop, price: 1_200_000, period_type_id: 5 });
    const nightly: number[] = [];
    for (let i = 0; i < 5; i++) nightly.push(await listing({ ...shop, price: 50_000, period_type_id: 1 }));
    const sales: number[] = [];
    for (let i = 0; i < 5; i++)
      sales.push(await listing({ ...shop, price: 90_000_000, estate_offer_type_id: 1, period_type_id: null }));
    forgetMedians(db());
    const page = (await getEstate(db(), yearly, "en"))!;
    expect(page.areaPrices.perMonth).toBe(true);
    expect(page.areaPrices.perM2).toBe(1000);
    expect(page.areaPrices.location).toEqual({ perM2: 1000, count: 6 });
    expect(page.priceNote).toContain("1,000");
    expect(page.priceNote).toMatch(/m² a month/);
    const night = (await getEstate(db(), nightly[0], "en"))!;
    expect(night.areaPrices).toEqual({ perM2: null, location: null, governorate: null, perMonth: true });
    expect(night.priceNote ?? "").not.toMatch(/m²/);
    const sale = (await getEstate(db(), sales[0], "en"))!;
    expect(sale.areaPrices.location).toEqual({ perM2: 900_000, count: 5 });
    expect(sale.areaPrices.perMonth).toBe(false);
  });
});

describe("the period field of the forms", () => {
  const offer = (fields: Record<string, string>) => ({
    estate_offer_type_id: "2",
    estate_type_id: "6",
    location_id: "1",
    area: "120",
    fullname: `Period owner ${++seq}`,
    mobile: "0944123456",
    subject: "شقة مفروشة للإيجار",
    ...fields,
  });
  const ERROR = { key: "forms:errors.periodRequired" };

  it("/new-estate refuses a rent without a period, keeping every value, and stores it with one", async () => {
    const form = offer({ estate_finishing: "3" });
    const res = await callAction(newEstateAction, "/new-estate", { form, context: newIp() });
    expect(res.status).toBe(400);
    expect(res.data.lastResult.error.period_type_id).toEqual([ERROR]);
    expect(res.data.lastResult.initialValue).toMatchObject({ ...form });
    expect(resources.en.forms.errors.periodRequired).toMatch(/rental period/);
    // With another error too, both are said at once.
    const both = await callAction(newEstateAction, "/new-estate", { form: offer({ area: "" }), context: newIp() });
    expect(Object.keys(both.data.lastResult.error)).toEqual(expect.arrayContaining(["area", "period_type_id"]));

    const sent = await callAction(newEstateAction, "/new-estate", { form: { ...form, period_type_id: "1" }, context: newIp() });
    expect(sent.status).toBe(302);
    const [row] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, form.fullname));
    expect(row.period_type_id).toBe(1);
    // A sale needs none, and keeps none.
    const sale = offer({ estate_offer_type_id: "1", period_type_id: "3" });
    expect((await callAction(newEstateAction, "/new-estate", { form: sale, context: newIp() })).status).toBe(302);
    const [saleRow] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, sale.fullname));
    expect(saleRow.period_type_id).toBeNull();
  });

  it("a logged-in owner's rent is stored with its period, and its draft from an offer carries the offer's", async () => {
    const owner = await account(db());
    const form = offer({ period_type_id: "5" });
    const res = await callAction(newEstateAction, "/new-estate", { form, context: newIp(), cookie: owner.cookie });
    expect(res.status).toBe(302);
    const [row] = await db().select().from(s.estates).where(eq(s.estates.user_id, owner.user.id));
    expect(row).toMatchObject({ status: "pending", estate_offer_type_id: 2, period_type_id: 5 });

    const admin = await account(db(), { role: "admin" });
    const sender = await account(db());
    const offerId = await posts.newOffer(sender, { estate_offer_type_id: 2, period_type_id: 2 });
    const made = await makeOfferDraft(db(), offerId, admin.actor);
    expect(made.kind).toBe("made");
    if (made.kind === "made") expect((await stored(made.estateId)).period_type_id).toBe(2);
  });

  it("the editor refuses a rent's save without a period with every value, saves it with one, and keeps none for a sale", async () => {
    const owner = await account(db());
    const id = await posts.newPost(owner, { estate_offer_type_id: 2, period_type_id: null });
    const fields = {
      intent: "save",
      price: "300000",
      currency: "SYP",
      area: "95",
      rooms_count: "3",
      description: "قريبة من الجامعة",
    };
    const editor = (form: Record<string, string>, postId = id) =>
      callAction(editorAction, `/profile/posts/${postId}`, { form, params: { id: String(postId) }, cookie: owner.cookie });
    const refused = await editor(fields);
    expect(refused.status).toBe(400);
    expect(refused.data.lastResult.error.period_type_id).toEqual([ERROR]);
    expect(refused.data.lastResult.initialValue).toMatchObject(fields);
    const saved = await editor({ ...fields, period_type_id: "3" });
    expect(saved.status).toBe(302);
    expect((await stored(id)).period_type_id).toBe(3);

    const saleId = await posts.newPost(owner, { estate_offer_type_id: 1 });
    expect((await editor({ ...fields, period_type_id: "3" }, saleId)).status).toBe(302);
    expect((await stored(saleId)).period_type_id).toBeNull();
  });
});
