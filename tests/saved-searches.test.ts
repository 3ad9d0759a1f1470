import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { alertToken, readStopLink, stopToken } from "~/features/alerts/alert-links.server";
import {
  canonicalQuery,
  createSavedSearch,
  MAX_ALERTS_PER_DAY,
  MAX_SAVED_SEARCHES,
  sendDueAlerts,
} from "~/features/alerts/saved-search.server";
import { loader as estatesLoader } from "~/routes/search-results";
import { action as saveAction, loader as saveLoader } from "~/routes/save-search";
import { loader as rentLoader } from "~/routes/rent-results";
import { loader as vacationLoader } from "~/routes/vacation-results";
import { savedSearchAddress } from "~/features/search/search-scope";
import { action as editAction, loader as editLoader } from "~/routes/saved-search";
import { action as stopAction, loader as stopLoader } from "~/routes/alert-stop";
import { loader as shortLinkLoader } from "~/routes/alert-link";
import { loader as profileLoader } from "~/routes/profile";
import { account, type Account } from "./helpers/accounts";
import { runDueJobs } from "~/features/jobs/job-tasks.server";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader } from "./helpers/remix";
import { resources } from "~/platform/i18n/i18n.server";

/** Saved searches and their SMS alerts (docs/decisions/030-saved-searches-and-alerts.md). */

const test = useTestDatabase();
const db = () => test.get().db;
const ORIGIN = "https://aqar.example";

/** A listing like seed listing `modelId`, published now (status approved: the trigger of migration 0012 dates it). */
async function publish(changes: Partial<typeof s.estates.$inferInsert> = {}): Promise<number> {
  const [model] = await db().select().from(s.estates).where(eq(s.estates.status, "approved")).limit(1);
  const { id: _id, search_tsv: _tsv, price_syp: _p, price_per_m2_syp: _m, published_at: _at, ...rest } = model;
  const [max] = await db()
    .select({ n: sql<number>`max(${s.estates.state_id})` })
    .from(s.estates);
  const [row] = await db()
    .insert(s.estates)
    .values({ ...rest, state_id: Number(max.n) + 1, created_at: new Date(), ...changes })
    .returning({ id: s.estates.id });
  return row.id;
}

/** The SMS sent to `phone`, newest first (the queue's due jobs run first, as the worker would). */
async function smsTo(phone: string) {
  await runDueJobs(db());
  return db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone)).orderBy(desc(s.sms_outbox.id));
}

/** A moment `ms` after the database's clock (listings published before this call are before it). */
async function later(ms = 0): Promise<Date> {
  const [row] = await db()
    .select({ now: sql<string>`now()` })
    .from(s.users)
    .limit(1);
  return new Date(new Date(row?.now ?? Date.now()).getTime() + ms);
}

let place: number;
beforeAll(async () => {
  // A place with no flats for rent yet: a saved search of it sees only what the tests publish.
  const [row] = await db()
    .select({ id: s.locations.id })
    .from(s.locations)
    .where(
      sql`not exists (select 1 from estates e where e.location_id = ${s.locations.id} and e.estate_type_id = 6 and e.estate_offer_type_id = 2)`,
    )
    .limit(1);
  place = row.id;
});

describe("saving a search (/save-search)", () => {
  it("keeps the results page's known parameters only, and refuses a search with a bad value", async () => {
    expect(
      await canonicalQuery(db(), new URLSearchParams(`page=3&lang=en&estate_type_id=6&location_id=${place}&utm=x&sort=`)),
    ).toBe(`location_id=${place}&estate_type_id=6`);
    expect(await canonicalQuery(db(), new URLSearchParams("price_min=abc"))).toBeNull();
    // The facts of decision 093 are kept like every filter, and a value out of range is refused.
    expect(
      await canonicalQuery(
        db(),
        new URLSearchParams("parking=1&upfront_max=6&solar=1&electricity_min=12&generator=1&elevator=1"),
      ),
    ).toBe("electricity_min=12&solar=1&elevator=1&generator=1&parking=1&upfront_max=6");
    expect(await canonicalQuery(db(), new URLSearchParams("electricity_min=25"))).toBeNull();
    // The owners' old spelling is kept as the owners' filter (decision 103); a search stored with it before opens there.
    expect(await canonicalQuery(db(), new URLSearchParams("estate_type_id=6&advertiser=owner"))).toBe(
      "estate_type_id=6&estate_ownership=1",
    );
    expect(savedSearchAddress("estate_type_id=6&advertiser=owner&scope=rent")).toBe(
      "/rent-properties?estate_type_id=6&estate_ownership=1",
    );
  });

  it("sends a visitor to log in and back; offers the form with the search's own name; saves it", async () => {
    const url = `/save-search?location_id=${place}&estate_type_id=6&estate_offer_type_id=2&page=2&lang=en`;
    const visitor = await callLoader(saveLoader, url);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);

    const user = await account(db(), { lang: "en" });
    const page = await callLoader(saveLoader, url, { cookie: user.cookie });
    expect(page.status).toBe(200);
    expect(page.data.query).toBe(`location_id=${place}&estate_type_id=6&estate_offer_type_id=2`);
    expect(page.data.name).toMatch(/Apartment|Flat|شقة/);

    const saved = await callAction(saveAction, "/save-search", {
      form: { name: "Flats to rent", frequency: "instant", query: page.data.query },
      cookie: user.cookie,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile#saved-searches");
    const profile = await callLoader(profileLoader, "/profile", { cookie: user.cookie });
    expect(profile.data.searches).toMatchObject([
      { name: "Flats to rent", frequency: "instant", paused: false, lastAlertAt: null },
    ]);
  });

  it("gives the form back with the typed values and a message, and stops at 10 searches", async () => {
    const user = await account(db());
    const bad = await callAction(saveAction, "/save-search", {
      form: { name: "  ", frequency: "hourly", query: "estate_type_id=6" },
      cookie: user.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.data.lastResult.error.name).toMatchObject([{ key: "account:searches.errors.name" }]);
    expect(bad.data.lastResult.error.frequency).toMatchObject([{ key: "account:searches.errors.frequency" }]);
    expect(bad.data.lastResult.initialValue.query).toBe("estate_type_id=6");

    const wrong = await callAction(saveAction, "/save-search", {
      form: { name: "Cheap", frequency: "daily", query: "price_max=cheap" },
      cookie: user.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.lastResult.error[""]).toEqual([{ key: "account:searches.errors.query" }]);
    expect(wrong.data.lastResult.initialValue.name).toBe("Cheap");

    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      await createSavedSearch(db(), user.user.id, { name: `S${i}`, query: "", frequency: "daily" });
    const over = await callAction(saveAction, "/save-search", {
      form: { name: "One more", frequency: "daily", query: "estate_type_id=6" },
      cookie: user.cookie,
    });
    expect(over.status).toBe(400);
    expect(over.data.lastResult.error[""]).toEqual([{ key: "account:searches.errors.limit", values: { max: 10 } }]);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.saved_searches)
      .where(eq(s.saved_searches.user_id, user.user.id));
    expect(n).toBe(MAX_SAVED_SEARCHES);
  });

  it("changes, pauses, resumes and deletes a search from /profile; someone else's answers 404", async () => {
    const user = await account(db());
    const other = await account(db());
    const id = await createSavedSearch(db(), user.user.id, { name: "Mine", query: "estate_type_id=6", frequency: "instant" });
    const params = { id: String(id) };
    expect((await callLoader(editLoader, `/saved-searches/${id}`, { params, cookie: other.cookie })).status).toBe(404);
    expect(
      (await callAction(editAction, `/saved-searches/${id}`, { params, cookie: other.cookie, form: { intent: "delete" } }))
        .status,
    ).toBe(404);

    const edit = await callLoader(editLoader, `/saved-searches/${id}`, { params, cookie: user.cookie });
    expect(edit.data.search).toMatchObject({ name: "Mine", frequency: "instant" });
    const tooLong = await callAction(editAction, `/saved-searches/${id}`, {
      params,
      cookie: user.cookie,
      form: { intent: "update", name: "x".repeat(61), frequency: "daily" },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.lastResult.initialValue.name).toBe("x".repeat(61));
    const changed = await callAction(editAction, `/saved-searches/${id}`, {
      params,
      cookie: user.cookie,
      form: { intent: "update", name: "Renamed", frequency: "daily" },
    });
    expect(changed.status).toBe(302);
    const row = async () => (await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, id)))[0];
    expect(await row()).toMatchObject({ name: "Renamed", frequency: "daily", paused: false });
    await callAction(editAction, `/saved-searches/${id}`, { params, cookie: user.cookie, form: { intent: "pause" } });
    expect((await row()).paused).toBe(true);
    await callAction(editAction, `/saved-searches/${id}`, { params, cookie: user.cookie, form: { intent: "resume" } });
    expect((await row()).paused).toBe(false);
    await callAction(editAction, `/saved-searches/${id}`, { params, cookie: user.cookie, form: { intent: "delete" } });
    expect(await row()).toBeUndefined();
  });
});

describe("alerts", () => {
  let user: Account;
  beforeAll(async () => {
    user = await account(db(), { lang: "en", phone: "+963944700001" });
    // Only this part's searches alert here.
    await db().delete(s.saved_searches);
  });

  it("sends one SMS naming the new listings, with a link to them and a stop link, then waits an hour", async () => {
    const id = await createSavedSearch(db(), user.user.id, {
      name: "Flats to rent",
      query: `location_id=${place}&estate_type_id=6&estate_offer_type_id=2`,
      frequency: "instant",
    });
    // A listing that does not match (a sale) and two that do.
    await publish({ location_id: place, estate_type_id: 6, estate_offer_type_id: 1 });
    const first = await publish({ location_id: place, estate_type_id: 6, estate_offer_type_id: 2, period_type_id: 3 });
    await publish({ location_id: place, estate_type_id: 6, estate_offer_type_id: 2, period_type_id: 3 });
    const now = await later();
    expect(await sendDueAlerts(db(), now, ORIGIN)).toMatchObject({ sent: 1 });
    const [sms] = await smsTo(user.user.phone);
    expect(sms.body).toMatch(
      /^Aqar Syria: 2 new properties for “Flats to rent”: https:\/\/aqar\.example\/a\/[\w.-]+ Stop: https:\/\/aqar\.example\/alerts\/stop\?t=\S+$/,
    );
    // Both links signed, the SMS still fits in two parts of Latin text (2 × 153 characters).
    expect(sms.body.length).toBeLessThanOrEqual(2 * 153);
    const [search] = await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, id));
    expect(search.last_alert_at?.getTime()).toBe(now.getTime());

    // The link opens the results published since the search was saved: the two new flats.
    const ref = /\/a\/(\S+) /.exec(sms.body)![1];
    const jump = await callLoader(shortLinkLoader, `/a/${ref}`, { params: { ref } });
    expect(jump.status).toBe(302);
    const results = await callLoader(estatesLoader, jump.headers.get("Location")!);
    expect(results.status).toBe(200);
    expect(results.data.result.total).toBe(2);
    expect(results.data.result.items.map((e: { id: number }) => e.id)).toContain(first);

    // Another new flat within the hour: no SMS; after the hour: one, naming only it.
    await publish({ location_id: place, estate_type_id: 6, estate_offer_type_id: 2, period_type_id: 3 });
    expect(await sendDueAlerts(db(), await later(30 * 60_000), ORIGIN)).toMatchObject({ sent: 0 });
    expect(await smsTo(user.user.phone)).toHaveLength(1);
    expect(await sendDueAlerts(db(), await later(61 * 60_000), ORIGIN)).toMatchObject({ sent: 1 });
    expect((await smsTo(user.user.phone))[0].body).toMatch(/1 new property for “Flats to rent”/);
    // Nothing new: nothing sent, and the same run again sends nothing twice.
    expect(await sendDueAlerts(db(), await later(200 * 60_000), ORIGIN)).toMatchObject({ sent: 0 });
    expect(await smsTo(user.user.phone)).toHaveLength(2);
    await db().delete(s.saved_searches).where(eq(s.saved_searches.id, id));
  });

  it("matches each kind of filter: a listing that fits alerts, one that does not stays quiet", async () => {
    const gov = (await db().select({ g: s.locations.governorate_id }).from(s.locations).where(eq(s.locations.id, place)))[0].g;
    const cases: [string, Partial<typeof s.estates.$inferInsert>, Partial<typeof s.estates.$inferInsert>][] = [
      [
        `governorate_id=${gov}&estate_type_id=8`,
        { location_id: place, estate_type_id: 8 },
        { location_id: place, estate_type_id: 7 },
      ],
      [
        "price_max=1000&currency=USD&estate_type_id=8",
        { estate_type_id: 8, price: 900, currency: "USD" },
        { estate_type_id: 8, price: 1100, currency: "USD" },
      ],
      [
        "price_min=500000&currency=SYP&estate_type_id=8",
        { estate_type_id: 8, price: 5000, currency: "USD" },
        { estate_type_id: 8, price: 4000, currency: "USD" },
      ],
      ["rooms_min=9&estate_type_id=8", { estate_type_id: 8, rooms_count: 9 }, { estate_type_id: 8, rooms_count: 8 }],
      ["area_min=900&area_max=950&estate_type_id=8", { estate_type_id: 8, area: 920 }, { estate_type_id: 8, area: 960 }],
      ["furnished=1&estate_type_id=8", { estate_type_id: 8, furnished: true }, { estate_type_id: 8, furnished: false }],
      ["negotiable=1&estate_type_id=8", { estate_type_id: 8, negotiable: true }, { estate_type_id: 8, negotiable: false }],
      [
        "estate_finishing=2&estate_type_id=8",
        { estate_type_id: 8, interior_status_id: 2 },
        { estate_type_id: 8, interior_status_id: 3 },
      ],
      // Owners' own listings (decision 100): posted by their owners, never an office's.
      [
        "estate_ownership=1&estate_type_id=8",
        { estate_type_id: 8, office_id: null, estate_ownership: 1 },
        { estate_type_id: 8, office_id: 1, estate_ownership: 1 },
      ],
      // A search stored with the owners' old spelling now means owners' own listings (decision 103): another private
      // advertiser (an agent) is no match.
      [
        "advertiser=owner&estate_type_id=7",
        { estate_type_id: 7, office_id: null, estate_ownership: 1 },
        { estate_type_id: 7, office_id: null, estate_ownership: 2 },
      ],
      // The facts of decision 093: a listing that does not say (null) is no match.
      [
        "electricity_min=12&estate_type_id=8",
        { estate_type_id: 8, electricity_hours: 12 },
        { estate_type_id: 8, electricity_hours: 11 },
      ],
      ["solar=1&estate_type_id=8", { estate_type_id: 8, solar: true }, { estate_type_id: 8, solar: null }],
      ["elevator=1&estate_type_id=8", { estate_type_id: 8, elevator: true }, { estate_type_id: 8, elevator: false }],
      ["generator=1&estate_type_id=8", { estate_type_id: 8, generator_amperes: 5 }, { estate_type_id: 8, generator_amperes: 0 }],
      ["parking=1&estate_type_id=8", { estate_type_id: 8, parking: true }, { estate_type_id: 8, parking: null }],
      ["upfront_max=3&estate_type_id=8", { estate_type_id: 8, upfront_months: 3 }, { estate_type_id: 8, upfront_months: 6 }],
      [
        "q=زمردية&estate_type_id=8",
        { estate_type_id: 8, description_ar: "إطلالة زمرديّة على البحر" },
        { estate_type_id: 8, description_ar: "إطلالة على البحر" },
      ],
    ];
    for (const [query, fits, misses] of cases) {
      // Every other search of the file is paused or deleted, so each run sees only this one.
      const phone = `+9639447${String(10000 + cases.findIndex((c) => c[0] === query)).padStart(5, "0")}`;
      const owner = await account(db(), { lang: "en", phone });
      const id = await createSavedSearch(db(), owner.user.id, { name: query, query, frequency: "instant" });
      await publish({ location_id: place, estate_offer_type_id: 2, ...misses });
      expect(await sendDueAlerts(db(), await later(), ORIGIN), `${query}: the listing that does not fit`).toMatchObject({
        sent: 0,
      });
      await publish({ location_id: place, estate_offer_type_id: 2, ...fits });
      expect(await sendDueAlerts(db(), await later(), ORIGIN), `${query}: the listing that fits`).toMatchObject({ sent: 1 });
      expect((await smsTo(phone))[0].body, query).toMatch(/1 new property/);
      await db().update(s.saved_searches).set({ paused: true }).where(eq(s.saved_searches.id, id));
    }
    // Sixteen searches, each with two listings published and two sends: 28 to 30 s on a machine shared by five
    // engineers' tests, near vitest's default 30 s.
  }, 90_000);

  it("sends at most 3 alerts a day to one account, and none for a paused search", async () => {
    const owner = await account(db(), { lang: "ar", phone: "+963944700099" });
    const ids: number[] = [];
    for (let i = 0; i < MAX_ALERTS_PER_DAY + 1; i++)
      ids.push(
        await createSavedSearch(db(), owner.user.id, {
          name: `بحث ${i}`,
          query: `estate_type_id=8&rooms_min=${20 + i}`,
          frequency: "instant",
        }),
      );
    const paused = await createSavedSearch(db(), owner.user.id, {
      name: "موقوف",
      query: "estate_type_id=8&rooms_min=20",
      frequency: "instant",
    });
    await db().update(s.saved_searches).set({ paused: true }).where(eq(s.saved_searches.id, paused));
    await publish({ location_id: place, estate_type_id: 8, rooms_count: 40 });
    const run = await sendDueAlerts(db(), await later(), ORIGIN);
    expect(run).toMatchObject({ sent: MAX_ALERTS_PER_DAY, heldBack: 1 });
    const sms = await smsTo(owner.user.phone);
    expect(sms).toHaveLength(MAX_ALERTS_PER_DAY);
    // In Arabic, with the right number form.
    expect(sms[0].body).toMatch(/^عقار سوريا: عقار جديد يطابق «بحث \d»/);
    // The held-back search keeps its cursor: a day later it names the listing it could not send.
    const next = await sendDueAlerts(db(), await later(25 * 3_600_000), ORIGIN);
    expect(next.sent).toBeGreaterThanOrEqual(1);
    expect((await smsTo(owner.user.phone))[0].body).toMatch(/بحث 3/);
    await db().delete(s.saved_searches).where(eq(s.saved_searches.user_id, owner.user.id));
  });

  it("an old saved search of tatweel or tashkeel words alerts as a search without words, beside the others", async () => {
    const old = await account(db(), { lang: "en", phone: "+963944700201" });
    const healthy = await account(db(), { lang: "en", phone: "+963944700202" });
    // Rows as saved before words were normalised (decision 048): the words are tatweel and a fatha alone.
    await db()
      .insert(s.saved_searches)
      .values([
        { user_id: old.user.id, name: "Tatweel", query: "q=%D9%80+%D9%8E&estate_type_id=8&rooms_min=41", frequency: "instant" },
        { user_id: healthy.user.id, name: "Big villas", query: "estate_type_id=8&rooms_min=41", frequency: "instant" },
      ]);
    await publish({ location_id: place, estate_type_id: 8, rooms_count: 41 });
    expect(await sendDueAlerts(db(), await later(), ORIGIN)).toMatchObject({ sent: 2, failed: 0 });
    expect((await smsTo(old.user.phone))[0].body).toMatch(/1 new property for “Tatweel”/);
    expect((await smsTo(healthy.user.phone))[0].body).toMatch(/1 new property for “Big villas”/);
    await db()
      .delete(s.saved_searches)
      .where(inArray(s.saved_searches.user_id, [old.user.id, healthy.user.id]));
  });

  it("a saved search the database fails on is rolled back alone and logged; the others of its batch are alerted", async () => {
    const poisoned = await account(db(), { lang: "en", phone: "+963944700203" });
    const healthy = await account(db(), { lang: "en", phone: "+963944700204" });
    // The poisoned search comes first in the batch (ids in order).
    const [bad] = await db()
      .insert(s.saved_searches)
      .values({ user_id: poisoned.user.id, name: "Poisoned", query: "estate_type_id=8&rooms_min=42", frequency: "instant" })
      .returning({ id: s.saved_searches.id });
    const good = await createSavedSearch(db(), healthy.user.id, {
      name: "Healthy",
      query: "estate_type_id=8&rooms_min=42",
      frequency: "instant",
    });
    expect(good).toBeGreaterThan(bad.id);
    // Any error the database raises for this one search (here a trigger refusing its alert's row).
    await db().execute(
      sql.raw(`create function poison_alert() returns trigger language plpgsql as $$
        begin if new.saved_search_id = ${bad.id} then raise exception 'poisoned search'; end if; return new; end $$`),
    );
    await db().execute(
      sql`create trigger poison_alert before insert on saved_search_alerts for each row execute function poison_alert()`,
    );
    const lines: string[] = [];
    try {
      const [before] = await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, bad.id));
      await publish({ location_id: place, estate_type_id: 8, rooms_count: 42 });
      const run = await sendDueAlerts(db(), await later(), ORIGIN, { log: (line) => lines.push(line) });
      expect(run).toMatchObject({ sent: 1, failed: 1 });
      expect((await smsTo(healthy.user.phone))[0].body).toMatch(/1 new property for “Healthy”/);
      // Nothing of the failed search's alert was kept: no SMS, no alert row, its cursor where it was.
      expect(await smsTo(poisoned.user.phone)).toHaveLength(0);
      expect(await db().select().from(s.saved_search_alerts).where(eq(s.saved_search_alerts.saved_search_id, bad.id))).toEqual(
        [],
      );
      const [after] = await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, bad.id));
      expect(after.checked_until).toEqual(before.checked_until);
      expect(after.last_alert_at).toBeNull();
      expect(lines).toEqual([`[alerts] saved search ${bad.id} failed and was skipped: poisoned search`]);
      await db().execute(sql`drop trigger poison_alert on saved_search_alerts`);
      // Once the database answers it again, the next run sends what it held back.
      expect(await sendDueAlerts(db(), await later(), ORIGIN)).toMatchObject({ sent: 1, failed: 0 });
      expect((await smsTo(poisoned.user.phone))[0].body).toMatch(/1 new property for “Poisoned”/);
    } finally {
      // A failure above leaves no search that would alert in the next tests.
      await db().execute(sql`drop trigger if exists poison_alert on saved_search_alerts`);
      await db().execute(sql`drop function poison_alert()`);
      await db()
        .delete(s.saved_searches)
        .where(inArray(s.saved_searches.user_id, [poisoned.user.id, healthy.user.id]));
    }
  });

  it("two runs at once send each alert once", async () => {
    const owner = await account(db(), { lang: "en", phone: "+963944700098" });
    await createSavedSearch(db(), owner.user.id, {
      name: "Twice?",
      query: "estate_type_id=8&rooms_min=33",
      frequency: "instant",
    });
    await publish({ location_id: place, estate_type_id: 8, rooms_count: 33 });
    const now = await later();
    const runs = await Promise.all([sendDueAlerts(db(), now, ORIGIN), sendDueAlerts(db(), now, ORIGIN)]);
    expect(runs[0].sent + runs[1].sent).toBe(1);
    expect(await smsTo(owner.user.phone)).toHaveLength(1);
    await db().delete(s.saved_searches).where(eq(s.saved_searches.user_id, owner.user.id));
  });
});

describe("alert links cannot be guessed (decision 046)", () => {
  let owner: Account;
  let stranger: Account;
  let id: number;
  const since = new Date(Date.now() - 3 * 86_400_000);
  const sinceRef = Math.floor(since.getTime() / 1000).toString(36);
  beforeAll(async () => {
    owner = await account(db(), { lang: "en" });
    stranger = await account(db(), { lang: "en" });
    id = await createSavedSearch(db(), owner.user.id, {
      name: "Private wish",
      query: "estate_type_id=6&rooms_min=7",
      frequency: "daily",
    });
  });

  it("an old link /a/<id>-<since> shows a stranger nothing: a visitor is asked to log in, another account gets 404", async () => {
    const ref = `${id.toString(36)}-${sinceRef}`;
    const visitor = await callLoader(shortLinkLoader, `/a/${ref}`, { params: { ref } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/a/${ref}`)}`);
    const other = await callLoader(shortLinkLoader, `/a/${ref}`, { params: { ref }, cookie: stranger.cookie });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.data)).not.toContain("rooms_min");
    // Its owner still gets the results the SMS named.
    const own = await callLoader(shortLinkLoader, `/a/${ref}`, { params: { ref }, cookie: owner.cookie });
    expect(own.status).toBe(302);
    const target = new URL(own.headers.get("Location")!, ORIGIN);
    expect(target.pathname).toBe("/estates");
    expect(target.searchParams.get("rooms_min")).toBe("7");
    expect(target.searchParams.get("since")).toBe(String(Math.floor(since.getTime() / 1000)));
  });

  it("a signed link opens the results for anyone who has it, without logging in; a tampered or expired one is refused with a translated page", async () => {
    const ref = alertToken(id, since, new Date());
    const opened = await callLoader(shortLinkLoader, `/a/${ref}`, { params: { ref } });
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get("Location")!, ORIGIN);
    expect(target.pathname).toBe("/estates");
    expect(target.searchParams.get("rooms_min")).toBe("7");
    expect(target.searchParams.get("since")).toBe(String(Math.floor(since.getTime() / 1000)));

    const texts = resources.en.account.alerts;
    const forged = ref.slice(0, -2) + (ref.endsWith("AA") ? "BB" : "AA");
    const refused = await callLoader(shortLinkLoader, `/a/${forged}?lang=en`, { params: { ref: forged } });
    expect(refused).toMatchObject({ status: 400, data: { state: "invalid", seo: { title: texts.linkTitle } } });
    expect(refused.headers.get("Location")).toBeNull();
    // Another search's id (or another moment) under this signature is refused too.
    for (const changed of [ref.replace(/^[0-9a-z]+/, (id + 1).toString(36)), ref.replace(/\.[0-9a-z]+\./, ".1.")]) {
      expect(await callLoader(shortLinkLoader, `/a/${changed}`, { params: { ref: changed } })).toMatchObject({ status: 400 });
    }
    const old = alertToken(id, since, new Date(Date.now() - 61 * 86_400_000));
    expect(await callLoader(shortLinkLoader, `/a/${old}?lang=en`, { params: { ref: old } })).toMatchObject({
      status: 410,
      data: { state: "expired" },
    });
  });
});

describe("the stop link (/alerts/stop)", () => {
  it("asks first, then stops the search without a login; forged and expired links get their own pages", async () => {
    const owner = await account(db(), { lang: "en" });
    const id = await createSavedSearch(db(), owner.user.id, { name: "Stop me", query: "estate_type_id=6", frequency: "daily" });
    const token = stopToken(id, new Date());
    const asked = await callLoader(stopLoader, `/alerts/stop?t=${token}&lang=en`);
    expect(asked.data).toMatchObject({ state: "ask", name: "Stop me" });
    // Opening the link changes nothing.
    expect((await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, id)))[0].paused).toBe(false);
    const stopped = await callAction(stopAction, "/alerts/stop", { form: { t: token } });
    expect(stopped.data).toMatchObject({ state: "stopped", name: "Stop me" });
    expect((await db().select().from(s.saved_searches).where(eq(s.saved_searches.id, id)))[0].paused).toBe(true);

    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await callLoader(stopLoader, `/alerts/stop?t=${forged}`)).toMatchObject({ status: 400, data: { state: "invalid" } });
    expect(await callAction(stopAction, "/alerts/stop", { form: { t: forged } })).toMatchObject({ status: 400 });
    // Another search's id under this signature is refused too.
    const other = token.replace(/^[0-9a-z]+/, (id + 1).toString(36));
    expect((await readStopLink(db(), other, new Date())).kind).toBe("invalid");
    const old = stopToken(id, new Date(Date.now() - 61 * 86_400_000));
    expect(await callLoader(stopLoader, `/alerts/stop?t=${old}`)).toMatchObject({ status: 410, data: { state: "expired" } });
    await db().delete(s.saved_searches).where(eq(s.saved_searches.id, id));
    expect(await callLoader(stopLoader, `/alerts/stop?t=${token}`)).toMatchObject({ status: 410, data: { state: "gone" } });
  });

  it("a link of a deleted search answers 410, a malformed one 400, each with its translated page", async () => {
    const owner = await account(db(), { lang: "en" });
    const id = await createSavedSearch(db(), owner.user.id, { name: "Gone soon", query: "estate_type_id=6", frequency: "daily" });
    const ref = alertToken(id, new Date(), new Date());
    await db().delete(s.saved_searches).where(eq(s.saved_searches.id, id));
    expect(await callLoader(shortLinkLoader, `/a/${ref}?lang=en`, { params: { ref } })).toMatchObject({
      status: 410,
      data: { state: "gone" },
    });
    expect(await callLoader(shortLinkLoader, "/a/..", { params: { ref: ".." } })).toMatchObject({
      status: 400,
      data: { state: "invalid" },
    });
  });
});

describe("the results page", () => {
  it("offers to save the search on the rent and holiday pages too, kept with its page (decision 087)", async () => {
    for (const [loader, path, scope] of [
      [rentLoader, "/rent-properties", "rent"],
      [vacationLoader, "/vacation-properties", "vacation"],
    ] as const) {
      const page = await callLoader(loader, `${path}?location_id=${place}&page=1&lang=en`);
      expect(page.status).toBe(200);
      const group = page.data.links.find((g: { className: string }) => g.className === "alert-link");
      expect(group.list).toEqual([{ label: "SMS me new matches", href: `/save-search?location_id=${place}&scope=${scope}` }]);
      const user = await account(db(), { lang: "en" });
      const form = await callLoader(saveLoader, group.list[0].href, { cookie: user.cookie });
      expect(form.data.query).toBe(`location_id=${place}&scope=${scope}`);
      const saved = await callAction(saveAction, "/save-search", {
        form: { name: `Kept from ${path}`, frequency: "daily", query: form.data.query },
        cookie: user.cookie,
      });
      expect(saved.status).toBe(302);
      const profile = await callLoader(profileLoader, "/profile", { cookie: user.cookie });
      expect(profile.data.searches).toMatchObject([{ name: `Kept from ${path}`, query: `location_id=${place}&scope=${scope}` }]);
      // Opened from the profile or an alert, it is that page's search.
      expect(savedSearchAddress(profile.data.searches[0].query)).toBe(`${path}?location_id=${place}`);
    }
  });

  it("offers to save the search on /estates, and `since` narrows to listings published after it", async () => {
    const page = await callLoader(
      estatesLoader,
      `/estates?location_id=${place}&estate_type_id=6&estate_offer_type_id=2&page=1&lang=en`,
    );
    const group = page.data.links.find((g: { className: string }) => g.className === "alert-link");
    expect(group.list).toEqual([
      {
        label: "SMS me new matches",
        href: `/save-search?location_id=${place}&estate_type_id=6&estate_offer_type_id=2`,
      },
    ]);
    const bad = await callLoader(estatesLoader, `/estates?location_id=${place}&since=yesterday`);
    expect(bad.status).toBe(400);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const none = await callLoader(
      estatesLoader,
      `/estates?location_id=${place}&estate_type_id=6&estate_offer_type_id=2&since=${future}`,
    );
    expect(none.data.result.total).toBe(0);
    const chips = none.data.links.find((g: { className: string }) => g.className === "chips");
    expect(chips.list.some((c: { label: string }) => /since|منذ/.test(c.label))).toBe(true);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.estates)
      .where(and(eq(s.estates.location_id, place), eq(s.estates.status, "approved")));
    expect(n).toBeGreaterThan(0);
  });
});
