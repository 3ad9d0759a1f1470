import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { parseRate, parseValidFrom } from "~/features/listings/rate-forms";
import { currentRate, rateHistory, setRate } from "~/features/listings/exchange-rate.server";
import { estateCardsByIds } from "~/features/listings/estate.server";
import { getLookups } from "~/features/places/lookups.server";
import {
  areaPrices,
  forgetMedians,
  MEDIAN_MIN_LISTINGS,
  otherCurrency,
  pricePerM2,
  standing,
  threeFigures,
} from "~/features/listings/prices.server";
import { action as ratesAction, loader as ratesLoader } from "~/routes/admin/exchange-rates";
import { loader as estateLoader } from "~/routes/estate";
import { formatPrice } from "~/features/listings/format";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { approvedListing } from "./helpers/posts";
import { callAction, callLoader } from "./helpers/remix";

/** Prices (decision 025): the exchange rate of the back office, both currencies on cards and listings, price per m², medians. */
const test = useTestDatabase();
const db = () => test.get().db;
const EN = "lang=en";

let stateId = 8_800_000;
/** Inserts one approved listing (approvedListing: a home for sale unless `values` say otherwise) and returns its id. */
const listing = (values: Partial<typeof s.estates.$inferInsert>) => approvedListing(db(), { state_id: ++stateId, ...values });

/** A governorate with no public listing of estate type `typeId` for sale in the seed: its id and two of its places. */
async function emptyArea(): Promise<{ typeId: number; locations: number[] }> {
  const lookups = await getLookups(db());
  for (const typeId of [8, 7, 4, 2, 5, 3, 1, 6]) {
    for (const gov of lookups.governorates) {
      if (gov.locations.length < 2) continue;
      const ids = gov.locations.map((l) => l.id);
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(s.estates)
        .where(
          and(eq(s.estates.estate_type_id, typeId), eq(s.estates.estate_offer_type_id, 1), inArray(s.estates.location_id, ids)),
        );
      if (row.n === 0) return { typeId, locations: ids.slice(0, 2) };
    }
  }
  throw new Error("no empty area in the test database");
}

describe("the exchange rate (/admin/rates)", () => {
  it("sends a visitor to log in and answers another user 403, for the page and the post", async () => {
    expect((await callLoader(ratesLoader, "/admin/rates")).status).toBe(302);
    expect((await callAction(ratesAction, "/admin/rates", { form: { syp_per_usd: "12000" } })).status).toBe(302);
    const user = await account(db());
    expect((await callLoader(ratesLoader, "/admin/rates", { cookie: user.cookie })).status).toBe(403);
    expect((await callAction(ratesAction, "/admin/rates", { form: { syp_per_usd: "12000" }, cookie: user.cookie })).status).toBe(
      403,
    );
    expect((await currentRate(db()))!.sypPerUsd).toBe(110);
  });

  it("sets a rate: one row and its audit entry, the page shows it as current and in the history", async () => {
    const admin = await account(db(), { role: "admin" });
    const res = await callAction(ratesAction, "/admin/rates", {
      form: { syp_per_usd: "125", valid_from: "" },
      cookie: admin.cookie,
    });
    expect(res).toRedirectTo("/admin/rates");
    await expect(res).toFlashToast("success");
    const [row] = await db().select().from(s.exchange_rates).orderBy(desc(s.exchange_rates.id)).limit(1);
    expect(row).toMatchObject({ syp_per_usd: 125, set_by: admin.user.id });
    const [audit] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.subject_type, "exchange_rate"), eq(s.audit_log.subject_id, row.id)));
    expect(audit).toMatchObject({ actor_id: admin.user.id, action: "exchange_rate.set" });
    expect(audit.details).toMatchObject({ syp_per_usd: 125, previous: 110 });
    expect((await currentRate(db()))!.sypPerUsd).toBe(125);
    const page = await callLoader(ratesLoader, "/admin/rates", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.data.current.sypPerUsd).toBe(125);
    expect(page.data.history[0]).toMatchObject({ sypPerUsd: 125, setBy: "Rami Haddad", scheduled: false });
  });

  it("keeps a rate from a future date for later: shown as scheduled, not current", async () => {
    const admin = await account(db(), { role: "admin" });
    const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await callAction(ratesAction, "/admin/rates", {
      form: { syp_per_usd: "١٣٠", valid_from: next },
      cookie: admin.cookie,
    });
    expect(res).toRedirectTo("/admin/rates");
    expect((await currentRate(db()))!.sypPerUsd).toBe(125);
    const [first] = await rateHistory(db(), 1);
    expect(first).toMatchObject({ sypPerUsd: 130 });
    expect(first.validFrom).toBe(new Date(`${next}T00:00:00+03:00`).toISOString());
    const page = await callLoader(ratesLoader, "/admin/rates", { cookie: admin.cookie });
    expect(page.data.history[0].scheduled).toBe(true);
  });

  it("refuses bad values with 400, the typed value kept and a translated message, and stores nothing", async () => {
    const admin = await account(db(), { role: "admin" });
    const [{ n: before }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.exchange_rates);
    const cases: [Record<string, string>, string, string][] = [
      [{ syp_per_usd: "" }, "syp_per_usd", "admin:rates.errors.required"],
      [{ syp_per_usd: "abc" }, "syp_per_usd", "admin:rates.errors.whole"],
      [{ syp_per_usd: "12.5" }, "syp_per_usd", "admin:rates.errors.whole"],
      [{ syp_per_usd: "-5" }, "syp_per_usd", "admin:rates.errors.whole"],
      [{ syp_per_usd: "0" }, "syp_per_usd", "admin:rates.errors.range"],
      [{ syp_per_usd: "10000001" }, "syp_per_usd", "admin:rates.errors.range"],
      [{ syp_per_usd: "99999999999999999999" }, "syp_per_usd", "admin:rates.errors.whole"],
      [{ syp_per_usd: "12000", valid_from: "2026-02-31" }, "valid_from", "admin:rates.errors.date"],
      [{ syp_per_usd: "12000", valid_from: "1999-12-31" }, "valid_from", "admin:rates.errors.date"],
      [{ syp_per_usd: "12000", valid_from: "3000-01-01" }, "valid_from", "admin:rates.errors.date"],
      [{ syp_per_usd: "12000", valid_from: "tomorrow" }, "valid_from", "admin:rates.errors.date"],
    ];
    for (const [form, field, key] of cases) {
      const res = await callAction(ratesAction, "/admin/rates", { form, cookie: admin.cookie });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.data.lastResult.error[field], JSON.stringify(form)).toEqual([{ key }]);
      if (form.syp_per_usd) expect(res.data.lastResult.initialValue.syp_per_usd).toBe(form.syp_per_usd);
      if (form.valid_from) expect(res.data.lastResult.initialValue.valid_from).toBe(form.valid_from);
    }
    const [{ n: after }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.exchange_rates);
    expect(after).toBe(before);
  });

  it("reads typed rates and dates as people write them", () => {
    expect(parseRate("11,000")).toBe(11_000);
    expect(parseRate(" ١١٬٠٠٠ ")).toBe(11_000);
    expect(parseRate("11 000")).toBe(11_000);
    expect(parseRate("1e4")).toBeNull();
    expect(parseRate("")).toBeNull();
    expect(parseValidFrom("2026-11-24")!.toISOString()).toBe("2026-11-23T21:00:00.000Z");
    expect(parseValidFrom("2026-13-01")).toBeNull();
  });

  it("refuses a rate out of bounds in the model too (never a bad row)", async () => {
    const admin = await account(db(), { role: "admin" });
    await expect(setRate(db(), admin.user.id, { sypPerUsd: 0 })).rejects.toThrow(RangeError);
    await expect(setRate(db(), admin.user.id, { sypPerUsd: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe("prices in both currencies and per m²", () => {
  it("converts both ways at the current rate, and follows a new rate", async () => {
    const admin = await account(db(), { role: "admin" });
    await setRate(db(), admin.user.id, { sypPerUsd: 11_000 });
    const usd = await listing({ price: 12_300, currency: "USD", area: 100 });
    const syp = await listing({ price: 135_300_000, currency: "SYP", area: 110 });
    let [a, b] = await estateCardsByIds(db(), [usd, syp], "en");
    expect(a.priceNote).toBe("≈ 135,000,000 SYP · 123 US$/m²");
    expect(b.priceNote).toBe("≈ 12,300 US$ · 1,230,000 SYP/m²");
    [a, b] = await estateCardsByIds(db(), [usd, syp], "ar");
    expect(a.priceNote).toBe("≈ 135,000,000 ل.س · 123 دولار/م²");
    expect(b.priceNote).toBe("≈ 12,300 دولار · 1,230,000 ل.س/م²");

    await setRate(db(), admin.user.id, { sypPerUsd: 13_000 });
    [a, b] = await estateCardsByIds(db(), [usd, syp], "en");
    expect(a.priceNote).toBe("≈ 160,000,000 SYP · 123 US$/m²");
    expect(b.priceNote).toBe("≈ 10,400 US$ · 1,230,000 SYP/m²");
  });

  it("shows the same on the listing page, and nothing converted for a price on request", async () => {
    const id = await listing({ price: 50_000, currency: "USD", area: 250 });
    const res = await callLoader(estateLoader, `/estate/${id}`, { params: { id: String(id) }, cookie: EN });
    expect(res.status).toBe(200);
    expect(res.data.estate).toMatchObject({ price: 50_000, currency: "USD", priceNote: "≈ 650,000,000 SYP · 200 US$/m²" });
    // What the page does not show stays on the server.
    expect(res.data.estate.areaPrices).toBeUndefined();
    const none = await listing({ price: null });
    const [card] = await estateCardsByIds(db(), [none], "en");
    expect(card).toMatchObject({ price: null, priceNote: null });
  });

  it("counts a dunam as 1,000 m² and gives no price per m² for an area of unknown unit", async () => {
    const lookups = await getLookups(db());
    const dunam = lookups.areaUnits.find((u) => u.name_en === "dunam")!.id;
    const land = await listing({ price: 50_000_000, area: 2, area_unit_id: dunam, estate_type_id: 3 });
    const [card] = await estateCardsByIds(db(), [land], "en");
    expect(card.priceNote).toMatch(/ · 25,000 SYP\/m²$/);
    expect(pricePerM2(1000, 10, null)).toBeNull();
    expect(pricePerM2(1000, 0, 1)).toBeNull();
    expect(pricePerM2(1000, 3, 1)).toBe(333);
    expect(otherCurrency(100, "USD", null)).toBeNull();
    // Converted and per-m² amounts are approximate: three significant figures.
    expect(threeFigures(12_345)).toBe(12_300);
    expect(threeFigures(11_692_308)).toBe(11_700_000);
    expect(threeFigures(999)).toBe(999);
  });

  it("writes prices with thousands separators and marks converted ones approximate", () => {
    expect(formatPrice(1_250_000, "SYP")).toBe("1,250,000 SYP");
    expect(formatPrice(12_300, "US$", true)).toBe("≈ 12,300 US$");
    expect(formatPrice(12_300, "دولار", true)).toBe("≈ 12,300 دولار");
  });
});

describe("the area's median price per m² on the listing page", () => {
  it("is hidden under 5 listings, then shows the median, its count and where the listing stands, in both languages", async () => {
    const admin = await account(db(), { role: "admin" });
    await setRate(db(), admin.user.id, { sypPerUsd: 10_000 });
    const { typeId, locations } = await emptyArea();
    const [here, nearby] = locations;
    const base = { estate_type_id: typeId, estate_offer_type_id: 1, location_id: here };
    // Per m² in SYP: 1.0M, 1.2M, 0.8M (a USD price: 8,000 US$ × 10,000 / 100 m²), 1.1M.
    const ids = [
      await listing({ ...base, price: 100_000_000, area: 100 }),
      await listing({ ...base, price: 120_000_000, area: 100 }),
      await listing({ ...base, price: 8_000, currency: "USD", area: 100 }),
      await listing({ ...base, price: 110_000_000, area: 100 }),
    ];
    // Not counted: a pending listing, a rent, another type, no price.
    await listing({ ...base, status: "pending", price: 1 });
    await listing({ ...base, estate_offer_type_id: 2, period_type_id: 3, price: 1 });
    await listing({ ...base, estate_type_id: typeId === 1 ? 2 : 1, price: 1 });
    await listing({ ...base, price: null });
    const view = async (id: number, cookie?: string) =>
      (await callLoader(estateLoader, `/estate/${id}`, { params: { id: String(id) }, cookie })).data;
    forgetMedians(db());
    expect((await view(ids[0], EN)).medians).toEqual([]);

    // The fifth, in the governorate's other place: the governorate has 5, the place still 4.
    const fifth = await listing({ ...base, location_id: nearby, price: 88_000_000, area: 100 });
    forgetMedians(db());
    const en = await view(fifth, EN);
    expect(en.medians).toHaveLength(1);
    expect(en.medians[0].basis).toBe("based on 5 listings");
    // Median of 0.8, 0.88, 1.0, 1.1, 1.2 million: 1,000,000 SYP/m²; the fifth's 880,000 is 12% below.
    expect(en.medians[0].median).toContain("1,000,000 SYP");
    expect(en.medians[0].standing).toBe("12% below the area's median");
    const ar = await view(fifth);
    expect(ar.medians[0].standing).toBe("تحت الوسيط بـ 12%");
    expect(ar.medians[0].basis).toBe("بناءً على 5 إعلانات");

    // A fifth in the place itself: both lines; a USD listing sees the median in dollars.
    const usd = await listing({ ...base, price: 10_800, currency: "USD", area: 100 });
    forgetMedians(db());
    const both = await view(usd, EN);
    expect(both.medians).toHaveLength(2);
    // Place: 0.8, 1.0, 1.08, 1.1, 1.2 million → 1,080,000 SYP = 108 US$ per m²; this listing is at it.
    expect(both.medians[0].median).toContain("108 US$");
    expect(both.medians[0].standing).toBe("At the area's median");
    expect(both.medians[1].basis).toBe("based on 6 listings");
    const lookups = await getLookups(db());
    const prices = await areaPrices(
      db(),
      lookups,
      { typeId, offerTypeId: 1, periodTypeId: null, locationId: here, currency: "SYP", perM2: 1_200_000 },
      10_000,
    );
    expect(prices.location).toEqual({ perM2: 1_080_000, count: 5 });
    expect(prices.governorate).toEqual({ perM2: 1_040_000, count: 6 });
    expect(MEDIAN_MIN_LISTINGS).toBe(5);
  });

  it("writes where a listing stands in whole percent", () => {
    expect(standing(88, 100)).toBe(-12);
    expect(standing(108, 100)).toBe(8);
    expect(standing(100.4, 100)).toBe(0);
  });

  it("is served by the search index (estates_search_idx) and computed by percentile_cont on this database", async () => {
    await db().execute(sql`set enable_seqscan = off`);
    try {
      const plan = await db().execute(sql`explain select percentile_cont(0.5) within group (order by price::float8 / area)
        from estates where status = 'approved' and estate_offer_type_id = 1 and estate_type_id = 6 and location_id = 1`);
      const text = JSON.stringify(plan);
      expect(text).toContain("estates_search_idx");
    } finally {
      await db().execute(sql`reset enable_seqscan`);
    }
  });
});
