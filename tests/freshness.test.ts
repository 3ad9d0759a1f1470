import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { getEstate, publicEstateIds } from "~/features/listings/estate.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { freshnessText } from "~/features/listings/estate-card.server";
import { expireListings, listingLinkToken, readListingLinkToken, warnExpiringListings } from "~/features/posts/freshness.server";
import { LIFETIME_DAYS } from "~/features/listings/lifetime.server";
import { transition } from "~/features/posts/moderation.server";
import { action as adminPostAction } from "~/routes/admin/post-review";
import { loader as estateLoader } from "~/routes/estate";
import { action as linkAction, loader as linkLoader } from "~/routes/estate-expiry-link";
import { action as listingStateAction } from "~/routes/estate-life";
import { loader as profileLoader } from "~/routes/profile";
import { getLocaleT, resources } from "~/platform/i18n/i18n.server";
import { runDueJobs } from "~/features/jobs/job-tasks.server";
import { PAGE_CHANGES_CHANNEL } from "../server/page-cache";
import { formatDate } from "~/platform/i18n/dates";
import { account, type Account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { callAction, callLoader } from "./helpers/remix";

/**
 * Listing freshness (docs/decisions/029-listing-freshness.md): the "updated N days ago" text, the expiry
 * warning SMS with its two signed links, renewal and withdrawal by link and from /profile, expiry after 60 days, sold
 * and rented by owners and admins, and the 410 pages with similar listings.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const { place, newPost } = postFixtures(db);
const AR = resources.ar.common;
const DAY = 86_400_000;
const ORIGIN = "http://localhost:3000";

let admin: Account;
async function theAdmin() {
  admin ??= await account(db(), { role: "admin" });
  return admin;
}

/** A published post of `owner` (sale unless `offer` is 2), last confirmed `daysAgo` days before now. */
async function published(owner: Account, daysAgo = 0, offer = 1): Promise<number> {
  const id = await newPost(owner, { location_id: await place(1), estate_offer_type_id: offer });
  await transition(db(), id, "approve", (await theAdmin()).actor);
  if (daysAgo) await confirmedAgo(id, daysAgo);
  return id;
}
async function confirmedAgo(id: number, days: number) {
  await db()
    .update(s.estates)
    .set({ confirmed_at: new Date(Date.now() - days * DAY) })
    .where(eq(s.estates.id, id));
}
async function row(id: number) {
  const [r] = await db().select().from(s.estates).where(eq(s.estates.id, id));
  return r;
}
/** The SMS sent to `phone`, oldest first, once the queued ones were sent (the worker's part, decision 028). */
async function smsTo(phone: string) {
  await runDueJobs(db());
  return db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone)).orderBy(s.sms_outbox.id);
}
/** The messages queued to a number (sms_messages), after the due jobs ran. */
async function messagesTo(phone: string) {
  await runDueJobs(db());
  return db().select().from(s.sms_messages).where(eq(s.sms_messages.phone, phone)).orderBy(s.sms_messages.id);
}
async function auditOf(id: number) {
  return db()
    .select()
    .from(s.audit_log)
    .where(and(eq(s.audit_log.subject_type, "estate"), eq(s.audit_log.subject_id, id)))
    .orderBy(desc(s.audit_log.id));
}
/** The two links of a warning SMS, as paths with their token. */
function linksOf(body: string): { renew: string; stop: string } {
  const links = [...body.matchAll(/https?:\/\/[^\s]+(\/lc\?t=[A-Za-z0-9._-]+)/g)].map((m) => m[1]);
  expect(links, body).toHaveLength(2);
  return { renew: links[0], stop: links[1] };
}
const tokenOf = (path: string) => new URL(path, ORIGIN).searchParams.get("t")!;
const openLink = (path: string) => callLoader(linkLoader, path);
const tapLink = (path: string, cookie?: string) => callAction(linkAction, "/lc", { form: { t: tokenOf(path) }, cookie });
const listingPage = (id: number, cookie?: string) =>
  callLoader(estateLoader, `/estate/${id}`, { params: { id: String(id) }, cookie });

describe("freshness text", () => {
  it("counts Damascus calendar days, with the Arabic plural forms", () => {
    const ar = getLocaleT("ar") as never;
    const en = getLocaleT("en") as never;
    const now = new Date("2026-11-24T10:00:00Z"); // 13:00 in Damascus
    const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
    expect(freshnessText(en, ago(0, 2), now)).toBe("updated today");
    // 21:00 UTC the day before is already 00:00 in Damascus today.
    expect(freshnessText(en, new Date("2026-11-23T21:30:00Z"), now)).toBe("updated today");
    expect(freshnessText(en, new Date("2026-11-23T20:30:00Z"), now)).toBe("updated yesterday");
    expect(freshnessText(en, ago(3), now)).toBe("updated 3 days ago");
    expect(freshnessText(ar, ago(0), now)).toBe(AR.card.updatedToday);
    expect(freshnessText(ar, ago(1), now)).toBe("حُدِّث أمس");
    expect(freshnessText(ar, ago(2), now)).toBe("حُدِّث قبل يومين");
    expect(freshnessText(ar, ago(3), now)).toBe("حُدِّث قبل 3 أيام");
    expect(freshnessText(ar, ago(11), now)).toBe("حُدِّث قبل 11 يوماً");
    expect(freshnessText(ar, ago(55), now)).toBe("حُدِّث قبل 55 يوماً");
  });

  it("is on every card and on the listing page, beside the publication date", async () => {
    const owner = await account(db());
    const id = await published(owner, 3);
    const { items } = await searchEstates(db(), { location_id: await place(1) }, 1, "en");
    const card = items.find((c) => c.id === id);
    expect(card?.freshness).toBe("updated 3 days ago");
    const page = await listingPage(id);
    expect(page.status).toBe(200);
    expect(page.data.estate.freshness).toBe("حُدِّث قبل 3 أيام");
    expect(formatDate(page.data.estate.confirmed)).toBe(formatDate(new Date(Date.now() - 3 * DAY)));
  });

  it("varies across the demo data: confirmations spread over 0 to 55 days, none expired", async () => {
    const rows = await db()
      .select({ confirmed: s.estates.confirmed_at, created: s.estates.created_at })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), isNull(s.estates.user_id)));
    const days = new Set(rows.map((r) => Math.floor((Date.now() - r.confirmed.getTime()) / DAY)));
    expect(days.size).toBeGreaterThan(20);
    expect(Math.max(...days)).toBeLessThan(LIFETIME_DAYS - 1);
    for (const r of rows) expect(r.confirmed.getTime()).toBeGreaterThanOrEqual(r.created.getTime());
  });
});

describe("expiry warnings", () => {
  it("sends one SMS per listing and cycle, to the owner's phone, with the end date and two working links", async () => {
    const owner = await account(db());
    const due = await published(owner, 54);
    const notYet = await published(owner, 50);
    const now = new Date();

    const sent = await warnExpiringListings(db(), now, ORIGIN);
    expect(sent).toBeGreaterThanOrEqual(1);
    const sms = await smsTo(owner.user.phone);
    expect(sms).toHaveLength(1);
    const { state_id, confirmed_at } = await row(due);
    expect(sms[0].body).toContain(String(state_id));
    expect(sms[0].body).toContain(formatDate(new Date(confirmed_at.getTime() + LIFETIME_DAYS * DAY)));
    expect(sms[0].body.startsWith(`${AR.brand}:`)).toBe(true);
    expect((await row(due)).expiry_warned_at).toEqual(now);
    expect((await row(notYet)).expiry_warned_at).toBeNull();

    // Both links open a page that asks before it changes anything.
    const { renew, stop } = linksOf(sms[0].body);
    for (const link of [renew, stop]) {
      const page = await openLink(link);
      expect(page.status).toBe(200);
      expect(page.data.view).toMatchObject({ kind: "confirm", number: state_id });
    }
    expect((await openLink(renew)).data.view.action).toBe("renew");
    expect((await openLink(stop)).data.view.action).toBe("withdraw");
    expect((await row(due)).status).toBe("approved");

    // Not twice in the same cycle.
    await warnExpiringListings(db(), new Date(), ORIGIN);
    expect(await smsTo(owner.user.phone)).toHaveLength(1);
  });

  it("writes to an office's listing's office and to a private advertiser's own number, in Arabic", async () => {
    const [office] = await db().select().from(s.offices).limit(1);
    const [staff] = await db()
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.office_id, office.id), eq(s.estates.status, "approved")))
      .limit(1);
    const [privateAd] = await db()
      .select({ id: s.estates.id, phone: s.estates.phone })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), gt(s.estates.phone, "")))
      .limit(1);
    await confirmedAgo(staff.id, 55);
    await confirmedAgo(privateAd.id, 55);
    const officeBefore = (await messagesTo(office.phone)).length;
    await warnExpiringListings(db(), new Date(), ORIGIN);
    const toOffice = await messagesTo(office.phone);
    expect(toOffice).toHaveLength(officeBefore + 1);
    expect(toOffice.at(-1)!.body).toContain(String((await row(staff.id)).state_id));
    const toAdvertiser = await messagesTo(privateAd.phone!);
    expect(toAdvertiser.at(-1)!.body).toContain(String((await row(privateAd.id)).state_id));
    expect(toAdvertiser.at(-1)!.body).toContain("ينتهي");
    // The demo data's numbers are reserved for fiction: written, never handed to a provider (docs/decisions/079).
    for (const message of [toOffice.at(-1)!, toAdvertiser.at(-1)!])
      expect(message).toMatchObject({ state: "failed", error: "fiction_number" });
    expect(await smsTo(office.phone)).toEqual([]);
  });

  it("writes to an English-speaking owner in English", async () => {
    const owner = await account(db(), { lang: "en" });
    await published(owner, 56);
    await warnExpiringListings(db(), new Date(), ORIGIN);
    const [sms] = await smsTo(owner.user.phone);
    expect(sms.body).toContain("Still available?");
  });
});

describe("the SMS links", () => {
  async function warned(owner: Account, days = 54) {
    const id = await published(owner, days);
    await warnExpiringListings(db(), new Date(), ORIGIN);
    const sms = await smsTo(owner.user.phone);
    return { id, ...linksOf(sms.at(-1)!.body) };
  }

  it("'still available' renews for 60 days without logging in, once; the page then says until when", async () => {
    const owner = await account(db(), { loggedIn: false });
    const { id, renew } = await warned(owner);
    const res = await tapLink(renew);
    expect(res).toRedirectTo(renew.replace(/t=(.*)$/, (_, t: string) => `t=${encodeURIComponent(t)}`));
    await expect(res).toFlashToast("success", AR.freshness.renewed);
    const after = await row(id);
    expect(after.status).toBe("approved");
    expect(Date.now() - after.confirmed_at.getTime()).toBeLessThan(60_000);
    expect(after.expiry_warned_at).toBeNull();
    expect((await auditOf(id))[0]).toMatchObject({ action: "estate.renew", actor_id: owner.user.id });

    // The link is spent: its page shows the new end and no button; a second post changes nothing.
    const page = await openLink(renew);
    expect(page.data.view).toMatchObject({ kind: "current", shown: true });
    expect(formatDate(page.data.view.expires)).toBe(formatDate(new Date(after.confirmed_at.getTime() + 60 * DAY)));
    await tapLink(renew);
    expect((await row(id)).confirmed_at).toEqual(after.confirmed_at);
  });

  it("'no longer available' takes the listing down: gone from search and the sitemap, its page 410", async () => {
    const owner = await account(db());
    const { id, stop } = await warned(owner);
    await tapLink(stop);
    expect((await row(id)).status).toBe("withdrawn");
    expect(await getEstate(db(), id, "ar")).toBeNull();
    expect((await publicEstateIds(db(), id - 1, 1)).map((r) => r.id)).not.toContain(id);
    const page = await listingPage(id);
    expect(page.status).toBe(410);
    expect(page.data.gone).toMatchObject({ status: "withdrawn", title: AR.freshness.goneTitle.withdrawn });
    expect(page.data.similar.length).toBeGreaterThan(0);
    expect((await openLink(stop)).data.view).toMatchObject({ kind: "current", shown: false });
  });

  it("refuses forged, altered and expired links with a translated page, changing nothing", async () => {
    const owner = await account(db());
    const { id, renew, stop } = await warned(owner);
    const token = tokenOf(renew);
    const before = await row(id);
    const forged = [
      token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"),
      // The same listing and cycle with "withdraw" in place of "renew", keeping the renew signature.
      token.replace(/\.r\./, ".w."),
      // Another listing's id under this signature.
      `${(id + 1).toString(36)}${token.slice(token.indexOf("."))}`,
      "garbage",
      "",
    ];
    for (const t of forged) {
      const page = await openLink(`/lc?t=${encodeURIComponent(t)}`);
      expect(page.status, t).toBe(400);
      expect(page.data.view.kind).toBe("invalid");
      const res = await callAction(linkAction, "/lc", { form: { t } });
      expect(res.status, t).toBe(302);
    }
    const expired = listingLinkToken(id, before.confirmed_at, new Date(Date.now() - 1000), "withdraw");
    expect(readListingLinkToken(expired, new Date())).toEqual({ kind: "expired" });
    const page = await openLink(`/lc?t=${expired}`);
    expect(page.status).toBe(410);
    expect(page.data.view.kind).toBe("expiredLink");
    await callAction(linkAction, "/lc", { form: { t: expired } });
    expect(await row(id)).toEqual(before);
    // The real one still works.
    expect((await openLink(stop)).data.view.kind).toBe("confirm");
    expect(AR.freshness.link.invalid).not.toBe(AR.freshness.link.expiredLink);
  });
});

describe("expiry after 60 days", () => {
  it("takes down listings whose 60 days have ended, with an audit entry, and leaves the others", async () => {
    const owner = await account(db());
    const old = await published(owner, 61);
    const fresh = await published(owner, 59);
    const now = new Date();
    expect(await expireListings(db(), now)).toBeGreaterThanOrEqual(1);
    expect((await row(old)).status).toBe("expired");
    expect((await row(fresh)).status).toBe("approved");
    expect((await auditOf(old))[0]).toMatchObject({ action: "estate.expire", actor_id: null });
    expect(await expireListings(db(), now)).toBe(0);

    // Gone from search, the sitemap and the ad-number lookup; its page is 410 with similar listings.
    const { items } = await searchEstates(db(), { location_id: await place(1) }, 1, "ar");
    expect(items.map((c) => c.id)).not.toContain(old);
    expect(items.map((c) => c.id)).toContain(fresh);
    expect((await publicEstateIds(db(), old - 1, 1)).map((r) => r.id)).not.toContain(old);
    const page = await listingPage(old);
    expect(page.status).toBe(410);
    expect(page.data.gone.status).toBe("expired");
    expect(page.data.gone.card.id).toBe(old);
    expect(page.data.similar.length).toBeGreaterThan(0);
    expect(page.data.similar.map((c: { id: number }) => c.id)).not.toContain(old);
    expect(page.data.seo.noindex).toBe(true);
  });

  it("lets the owner renew from /profile, which lists the end of each listing", async () => {
    const owner = await account(db());
    const id = await published(owner, 61);
    await expireListings(db(), new Date());
    const profile = await callLoader(profileLoader, "/profile", { cookie: owner.cookie });
    const post = profile.data.posts.find((p: { id: number; kind: string }) => p.kind === "estate" && p.id === id);
    expect(post).toMatchObject({ state: "expired", offerTypeId: 1 });
    expect(Date.parse(post.expires)).toBeLessThan(Date.now());

    const res = await callAction(listingStateAction, "/listing-state", {
      form: { estate_id: String(id), intent: "renew", redirectTo: "/profile" },
      cookie: owner.cookie,
    });
    expect(res).toRedirectTo("/profile");
    await expect(res).toFlashToast("success", AR.freshness.renewed);
    expect((await row(id)).status).toBe("approved");
    expect((await listingPage(id)).status).toBe(200);
  });

  it("lets nobody else renew it, and sends a visitor to log in", async () => {
    const owner = await account(db());
    const other = await account(db());
    const id = await published(owner, 61);
    await expireListings(db(), new Date());
    const form = { estate_id: String(id), intent: "renew", redirectTo: "/profile" };
    const res = await callAction(listingStateAction, "/listing-state", { form, cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await callAction(listingStateAction, "/listing-state", { form })).status).toBe(302);
    expect((await row(id)).status).toBe("expired");
  });
});

describe("sold and rented", () => {
  it("the owner marks a sale sold and a rental rented from their listing's page: 410 saying so", async () => {
    const owner = await account(db());
    const sale = await published(owner);
    const rental = await published(owner, 0, 2);
    const page = await listingPage(sale, owner.cookie);
    expect(page.data.mine.expires).toEqual(expect.any(String));
    expect((await listingPage(sale)).data.mine).toBeNull();

    for (const [id, status, toast] of [
      [sale, "sold", AR.freshness.closedSold],
      [rental, "rented", AR.freshness.closedRented],
    ] as const) {
      const res = await callAction(listingStateAction, "/listing-state", {
        form: { estate_id: String(id), intent: "close", redirectTo: `/estate/${id}` },
        cookie: owner.cookie,
      });
      expect(res).toRedirectTo(`/estate/${id}`);
      await expect(res).toFlashToast("success", toast);
      expect((await row(id)).status).toBe(status);
      const gone = await listingPage(id);
      expect(gone.status).toBe(410);
      expect(gone.data.gone).toMatchObject({ status, title: AR.freshness.goneTitle[status] });
      expect(gone.data.similar.length).toBeGreaterThan(0);
      const { items } = await searchEstates(db(), { location_id: await place(1) }, 1, "ar");
      expect(items.map((c) => c.id)).not.toContain(id);
    }
  });

  it("empties every process's page cache at once: the estates trigger of migration 0007 announces the change", async () => {
    const owner = await account(db());
    const id = await published(owner);
    const heard: string[] = [];
    let ready!: () => void;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    const listener = test
      .get()
      .listen(PAGE_CHANGES_CHANNEL, { notify: (p) => heard.push(p), listening: () => ready(), lost: () => {} });
    try {
      await listening;
      await callAction(listingStateAction, "/listing-state", {
        form: { estate_id: String(id), intent: "close", redirectTo: "/profile" },
        cookie: owner.cookie,
      });
      await listener.sync();
      expect(heard).toContain("estates");
    } finally {
      await listener.close();
    }
  });

  it("is refused for someone else's listing", async () => {
    const owner = await account(db());
    const other = await account(db());
    const id = await published(owner);
    const res = await callAction(listingStateAction, "/listing-state", {
      form: { estate_id: String(id), intent: "close", redirectTo: `/estate/${id}` },
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
    expect((await row(id)).status).toBe("approved");
  });

  it("an admin marks a listing sold from the back office, recorded in the audit log; a user cannot", async () => {
    const owner = await account(db());
    const id = await published(owner);
    const user = await account(db());
    const refused = await callAction(adminPostAction, `/admin/posts/${id}`, {
      params: { id: String(id) },
      form: { decision: "close" },
      cookie: user.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await row(id)).status).toBe("approved");

    const staff = await theAdmin();
    const res = await callAction(adminPostAction, `/admin/posts/${id}`, {
      params: { id: String(id) },
      form: { decision: "close" },
      cookie: staff.cookie,
    });
    expect(res).toRedirectTo(`/admin/posts/${id}`);
    expect((await row(id)).status).toBe("sold");
    expect((await auditOf(id))[0]).toMatchObject({ action: "estate.mark_sold", actor_id: staff.user.id });
    // Twice is a conflict, not a second entry.
    const again = await callAction(adminPostAction, `/admin/posts/${id}`, {
      params: { id: String(id) },
      form: { decision: "close" },
      cookie: staff.cookie,
    });
    expect(again.status).toBe(409);
  });
});
