import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { resources } from "~/platform/i18n/i18n.server";
import { getLookups } from "~/features/places/lookups.server";
import { comparableMedianSyp, forgetMedians } from "~/features/listings/prices.server";
import { createPost } from "~/features/posts/post.server";
import { moderatePost, postQueue, postReview } from "~/features/posts/post-review.server";
import { transition } from "~/features/posts/moderation.server";
import { reportEstate } from "~/features/posts/report.server";
import { busiestFlatsForSalePlace } from "~/features/posts/trust-demo.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { parseEstateFilter } from "~/features/search/estate-filter.server";
import { appliedFilters } from "~/features/search/results-page.server";
import { canonicalQuery } from "~/features/alerts/saved-search.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { action as reportsAction } from "~/routes/admin/reports";
import { useTestDatabase } from "./helpers/db";
import { account, type Account } from "./helpers/accounts";
import { api, expectDone, withToken } from "./helpers/api";
import { newIp } from "./helpers/account-flows";
import { callAction } from "./helpers/remix";

/**
 * Decision 100: prices too good to be true held for a person, owners' own listings kept and searchable, likely
 * brokers shown to the moderator, and reports that take a listing out of the results until a person decides.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const ADMIN = resources.en.admin;

/** The place with the most public flats for sale, and their median price per m² in SYP there. */
async function busyPlace(): Promise<{ locationId: number; median: number }> {
  const row = (await busiestFlatsForSalePlace(db()))!;
  forgetMedians(db());
  const median = await comparableMedianSyp(db(), await getLookups(db()), { typeId: 6, offerTypeId: 1 }, row.location_id, null);
  expect(median).toBeGreaterThan(0);
  return { locationId: row.location_id, median: median! };
}

/** A flat of 100 m² posted by `owner` as /new-estate makes it. */
function flat(owner: Account, fields: { locationId: number; offer?: number; price: number | null; ownership?: number }) {
  return createPost(db(), owner.user.id, {
    estate_type_id: 6,
    estate_offer_type_id: fields.offer ?? 1,
    estate_ownership: fields.ownership ?? 1,
    estate_finishing: 3,
    period_type_id: fields.offer === 2 ? 3 : null,
    location_id: fields.locationId,
    area: 100,
    fullname: "Rami Haddad",
    mobile: owner.user.phone,
    subject: "A flat of three rooms",
    price: fields.price,
    currency: "SYP",
  });
}

const estate = async (id: number) => (await db().select().from(s.estates).where(eq(s.estates.id, id)))[0];

describe("prices too good to be true", () => {
  it("a price per m² below 40% or above 400% of the area's median, or a rent at a sale price, is held with its reason; a fair one is not", async () => {
    const { locationId, median } = await busyPlace();
    const owner = await account(db());
    const low = await flat(owner, { locationId, price: Math.round(median * 100 * 0.2) });
    const high = await flat(owner, { locationId, price: Math.round(median * 100 * 5) });
    const rentAsSale = await flat(owner, { locationId, offer: 2, price: Math.round(median * 100 * 0.8) });
    const fair = await flat(owner, { locationId, price: Math.round(median * 100) });
    const onRequest = await flat(owner, { locationId, price: null });
    expect((await estate(low)).held_reason).toBe("price_low");
    expect((await estate(high)).held_reason).toBe("price_high");
    expect((await estate(rentAsSale)).held_reason).toBe("rent_as_sale");
    expect((await estate(fair)).held_reason).toBeNull();
    expect((await estate(onRequest)).held_reason).toBeNull();
    // All wait for a person, as any post; the owner's ownership is kept on the listing.
    expect((await estate(low)).status).toBe("pending");
    expect((await estate(low)).estate_ownership).toBe(1);

    // The moderator reads why in the queue and on the review.
    const queue = await postQueue(db(), "en");
    expect(queue.find((q) => q.estateId === low)?.held).toBe("price_low");
    expect(queue.find((q) => q.estateId === fair)?.held).toBeNull();
    const review = await postReview(db(), rentAsSale, "en");
    expect(review?.held).toBe("rent_as_sale");
    expect(ADMIN.trust.held.rent_as_sale).toContain("sale price");

    // The owner's edit to a fair price clears the hold; a person's approval publishes it and ends any hold.
    await transition(db(), low, "edit", owner.actor, {
      change: (copy) => ({ ...copy, fields: { ...copy.fields, price: Math.round(median * 100) } }),
    });
    expect((await estate(low)).held_reason).toBeNull();
    const admin = await account(db(), { role: "admin" });
    await moderatePost(db(), high, "approve", admin.actor);
    expect(await estate(high)).toMatchObject({ status: "approved", held_reason: null });
  });

  it("a USD price is compared at the rate in force", async () => {
    const { locationId, median } = await busyPlace();
    const [rate] = await db()
      .select({ r: s.exchange_rates.syp_per_usd })
      .from(s.exchange_rates)
      .where(sql`${s.exchange_rates.valid_from} <= now()`)
      .orderBy(desc(s.exchange_rates.valid_from))
      .limit(1);
    const owner = await account(db());
    // A fair price in dollars is not held; the same number read as pounds would be far too low.
    const id = await createPost(db(), owner.user.id, {
      estate_type_id: 6,
      estate_offer_type_id: 1,
      estate_ownership: 1,
      estate_finishing: 3,
      location_id: locationId,
      area: 100,
      fullname: "Rami Haddad",
      mobile: owner.user.phone,
      subject: "A flat",
      price: Math.round((median * 100) / rate.r),
      currency: "USD",
    });
    expect((await estate(id)).held_reason).toBeNull();
    const pounds = await flat(owner, { locationId, price: Math.round((median * 100) / rate.r) });
    expect((await estate(pounds)).held_reason).toBe("price_low");
  });
});

describe("owners' own listings", () => {
  it("estate_ownership=1 finds only listings posted by their owners, never an office's; a removable chip; kept by saved searches", async () => {
    const lookups = await getLookups(db());
    const params = new URLSearchParams("is_simple=0&estate_ownership=1&estate_offer_type_id=1");
    const parsed = parseEstateFilter(params, lookups, { required: [] });
    expect(parsed.filter.estate_ownership).toBe(1);
    const result = await searchEstates(db(), parsed.filter, 1, "en");
    expect(result.items.length).toBeGreaterThan(0);
    const ids = result.items.map((e) => e.id);
    const rows = await db()
      .select()
      .from(s.estates)
      .where(sql`${s.estates.id} in ${ids}`);
    for (const row of rows) expect(row).toMatchObject({ estate_ownership: 1, office_id: null });
    // The cards say "Owner".
    expect(result.items.every((e) => e.ownerPosted && e.office === null)).toBe(true);

    const t = (await getLocaleT("en")) as never;
    const url = new URL(`http://localhost/estates?${params}`);
    const chips = appliedFilters(url, parsed.values, lookups, "en", t);
    const chip = chips.find((c) => c.label === resources.en.common.search.f.estate_ownership);
    expect(chip).toBeDefined();
    expect(new URL(chip!.href, "http://localhost").searchParams.get("estate_ownership")).toBeNull();

    expect(await canonicalQuery(db(), params)).toContain("estate_ownership=1");
  });

  it("the apps' search takes the same filter", async () => {
    const answer = await api("POST", "/api/estate/searchEstateByregionsByestatefeatures/?page=1", {
      form: { is_simple: "0", estate_ownership: "1" },
      context: { clientIp: newIp() },
    });
    const data = expectDone(answer);
    expect(data.data.length).toBeGreaterThan(0);
    for (const card of data.data) expect(card).toMatchObject({ owner_posted: true, office: null });
  });

  it("an account posting more than 5 listings as owner in 30 days is shown as a likely broker", async () => {
    const { locationId } = await busyPlace();
    const broker = await account(db());
    const owner = await account(db());
    for (let i = 0; i < 6; i++) await flat(broker, { locationId, price: null });
    await flat(owner, { locationId, price: null });
    const queue = await postQueue(db(), "ar");
    expect(queue.filter((q) => q.owner && q.brokerCount === 6).length).toBeGreaterThanOrEqual(6);
    const mine = await db().select({ id: s.estates.id }).from(s.estates).where(eq(s.estates.user_id, owner.user.id));
    expect(queue.find((q) => q.estateId === mine[0].id)?.brokerCount).toBeNull();
  });
});

describe("reports that act", () => {
  it("three reports from different accounts within a week take a listing out of the results; the owner is told; the moderator puts it back, audited", async () => {
    const { locationId } = await busyPlace();
    const owner = await account(db(), { lang: "en" });
    const admin = await account(db(), { role: "admin" });
    const id = await flat(owner, { locationId, price: null });
    await moderatePost(db(), id, "approve", admin.actor);
    const reporters = [await account(db()), await account(db()), await account(db())];
    expect(await reportEstate(db(), reporters[0].user.id, id, 2)).toBe("reported");
    expect(await reportEstate(db(), reporters[1].user.id, id, 4)).toBe("reported");
    // The same account twice counts once.
    expect(await reportEstate(db(), reporters[1].user.id, id, 1)).toBe("already");
    expect((await estate(id)).status).toBe("approved");
    // The third account, through the apps' API.
    const third = await withToken(db());
    expectDone(await api("POST", "/api/report", { form: { estate_id: String(id), report_type_id: "2" }, token: third.token }));
    expect(await estate(id)).toMatchObject({ status: "pending", held_reason: "reports" });

    // Out of every result.
    const found = await searchEstates(db(), { location_id: locationId, estate_type_id: 6, estate_offer_type_id: 1 }, 1, "en", {});
    expect(found.items.map((e) => e.id)).not.toContain(id);
    // The owner is told by SMS, in their language.
    const sms = await db()
      .select({ body: s.sms_messages.body })
      .from(s.sms_messages)
      .where(eq(s.sms_messages.phone, owner.user.phone));
    expect(sms.map((m) => m.body).join("\n")).toContain("hidden from the results");
    // The hold is audited with the system as actor.
    const [hold] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.action, "estate.hold"), eq(s.audit_log.subject_id, id)));
    expect(hold.actor_id).toBeNull();

    // The moderator puts it back from the reports page: back in the results, each report's outcome recorded.
    const reply = await callAction(reportsAction, "/admin/reports", {
      form: { estate_id: String(id), decision: "dismiss" },
      cookie: admin.cookie,
    });
    expect(reply.status).toBe(302);
    expect(await estate(id)).toMatchObject({ status: "approved", held_reason: null });
    const reports = await db().select().from(s.estate_reports).where(eq(s.estate_reports.estate_id, id));
    expect(reports.map((r) => r.resolution)).toEqual(["dismissed", "dismissed", "dismissed"]);
    const [dismissal] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.action, "reports.dismiss"), eq(s.audit_log.subject_id, id)));
    expect(dismissal.actor_id).toBe(admin.user.id);
  });

  it("a held listing the moderator refuses is rejected with the reason, its reports upheld", async () => {
    const { locationId } = await busyPlace();
    const owner = await account(db());
    const admin = await account(db(), { role: "admin" });
    const id = await flat(owner, { locationId, price: null });
    await moderatePost(db(), id, "approve", admin.actor);
    for (const reporter of [await account(db()), await account(db()), await account(db())])
      await reportEstate(db(), reporter.user.id, id, 4);
    expect((await estate(id)).held_reason).toBe("reports");
    const reply = await callAction(reportsAction, "/admin/reports", {
      form: { estate_id: String(id), decision: "unpublish", reason: "photos", reason_text: "" },
      cookie: admin.cookie,
    });
    expect(reply.status).toBe(302);
    expect((await estate(id)).status).toBe("rejected");
    const reports = await db().select().from(s.estate_reports).where(eq(s.estate_reports.estate_id, id));
    expect(reports.every((r) => r.resolution === "unpublished" && r.resolved_at !== null)).toBe(true);
    const [upheld] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.action, "reports.uphold"), eq(s.audit_log.subject_id, id)));
    expect(upheld.actor_id).toBe(admin.user.id);
  });
});
