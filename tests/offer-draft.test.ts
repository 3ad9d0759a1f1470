// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { getEstate, publicEstateIds } from "~/features/listings/estate.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { listingLinkToken } from "~/features/posts/freshness.server";
import { draftLinkToken, makeOfferDraft, readDraftLinkToken } from "~/features/posts/offer-draft.server";
import { postQueue } from "~/features/posts/post-review.server";
import { action as offerAction, loader as offerLoader } from "~/routes/admin/offer";
import { action as adminPostAction, loader as adminPostLoader } from "~/routes/admin/post-review";
import { loader as estateLoader } from "~/routes/estate";
import { action as linkAction, loader as linkLoader } from "~/routes/offer-draft-link";
import { loader as profileLoader } from "~/routes/profile";
import { action as editorAction, loader as editorLoader } from "~/routes/post-editor";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { resources } from "~/platform/i18n/i18n.server";
import { siteOrigin } from "~/platform/http/site.server";
import { account, type Account } from "./helpers/accounts";
import { lastCode, newPhone, outbox, postConfirm, register, registration } from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { callAction, callLoader, CookieJar } from "./helpers/remix";

/**
 * An offer becomes a listing (docs/decisions/055-offer-to-listing.md): an admin makes a listing draft
 * from a visitor's offer on /admin/offers/:id; the owner follows the SMS link /od/<token>, confirms the number (logs
 * in or signs up with it), completes the draft in the post editor and sends it for review; an admin approves it.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const { place, newOffer } = postFixtures(db);
const EN = resources.en;

let adminAccount: Account;
async function admin() {
  adminAccount ??= await account(db(), { role: "admin", lang: "en" });
  return adminAccount;
}

/** The visitor who sends an offer: a number with no account yet (the offer fixture takes the number from `user`). */
function visitor(phone = newPhone()) {
  return { phone, sender: { user: { phone: phone.typed, first_name: "Samir Khoury" } } };
}

async function offerRow(id: number) {
  const [row] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.id, id));
  return row;
}
async function estateRow(id: number) {
  const [row] = await db().select().from(s.estates).where(eq(s.estates.id, id));
  return row;
}
async function auditOf(subjectType: string, id: number) {
  return db()
    .select()
    .from(s.audit_log)
    .where(and(eq(s.audit_log.subject_type, subjectType), eq(s.audit_log.subject_id, id)))
    .orderBy(asc(s.audit_log.id));
}
/** The /od/ path with its token in the newest SMS to `phone` (E.164), after checking the link's origin. */
async function linkOf(phone: string): Promise<string> {
  const rows = await outbox(phone);
  expect(rows.length, `an SMS to ${phone}`).toBeGreaterThan(0);
  const body = rows[rows.length - 1].body;
  const match = body.match(/(https?:\/\/[^\s/]+)(\/od\/[A-Za-z0-9._-]+)/);
  expect(match, body).toBeTruthy();
  expect(match![1]).toBe(siteOrigin());
  return match![2];
}
const tokenOf = (path: string) => path.slice("/od/".length);

const openOffer = (id: number, cookie: string) =>
  callLoader(offerLoader, `/admin/offers/${id}`, { params: { id: String(id) }, cookie });
const makeDraft = (id: number, cookie: string, form: Record<string, string> = {}) =>
  callAction(offerAction, `/admin/offers/${id}`, { params: { id: String(id) }, cookie, form });
const openLink = (path: string, cookie = "") => callLoader(linkLoader, path, { params: { token: tokenOf(path) }, cookie });
const claim = (path: string, cookie = "") => callAction(linkAction, path, { params: { token: tokenOf(path) }, cookie });
const editor = (id: number, cookie: string) =>
  callLoader(editorLoader, `/profile/posts/${id}`, { params: { id: String(id) }, cookie });
const edit = (id: number, cookie: string, form: Record<string, string>) =>
  callAction(editorAction, `/profile/posts/${id}`, { params: { id: String(id) }, cookie, form });

/** An offer made into a draft by the admin page; returns the offer, the draft's id and the SMS link's path. */
async function draftFrom(input: Partial<typeof s.estate_offers.$inferInsert> = {}, who = visitor()) {
  const offerId = await newOffer(who.sender, input);
  const res = await makeDraft(offerId, (await admin()).cookie);
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  const estateId = (await offerRow(offerId)).estate_id!;
  return { offerId, estateId, link: await linkOf(who.phone.e164), who };
}

describe("/admin/offers/:id: a visitor's offer and its draft", () => {
  it("shows every field of the offer and the sender's number as a tel: link, to admins only", async () => {
    const who = visitor();
    const offerId = await newOffer(who.sender, { estate_offer_type_id: 2, area: 95.5, estate_finishing: 4, estate_ownership: 2 });
    const res = await openOffer(offerId, (await admin()).cookie);
    expect(res.status).toBe(200);
    expect(res.data.offer).toMatchObject({
      id: offerId,
      fullname: "Samir Khoury",
      mobile: who.phone.typed,
      mobileE164: who.phone.e164,
      offerType: "إيجار",
      estateType: "شقة",
      area: 95.5,
      finishing: "إكساء ممتاز (سوبر ديلوكس)",
      ownership: 2,
      subject: "شقة مشمسة قرب الجامعة",
      inboxState: "new",
      draft: null,
    });
    expect(res.data.seo.noindex).toBe(true);

    const user = await account(db());
    expect((await openOffer(offerId, user.cookie)).status).toBe(403);
    const anonymous = await openOffer(offerId, "");
    expect(anonymous.status).toBe(302);
    expect((await makeDraft(offerId, user.cookie)).status).toBe(403);
    expect((await offerRow(offerId)).estate_id).toBeNull();
    expect((await openOffer(999_999, (await admin()).cookie)).status).toBe(404);
  });

  it("makes a draft carrying the offer's fields, takes the offer, audits both and texts the owner a signed link", async () => {
    const who = visitor();
    const location = await place(2);
    const offerId = await newOffer(who.sender, {
      estate_type_id: 1,
      estate_offer_type_id: 2,
      location_id: location,
      area: 140,
      estate_finishing: 2,
      estate_ownership: 1,
      subject: "بيت عربي بحديقة",
    });
    const { cookie, user: adminUser } = await admin();
    const res = await makeDraft(offerId, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/offers/${offerId}`);

    const offer = await offerRow(offerId);
    expect(offer).toMatchObject({ inbox_state: "in_progress", taken_by: adminUser.id, inbox_changed_at: expect.any(Date) });
    const estate = await estateRow(offer.estate_id!);
    expect(estate).toMatchObject({
      status: "draft",
      user_id: null,
      estate_type_id: 1,
      estate_offer_type_id: 2,
      location_id: location,
      area: 140,
      area_unit_id: 1,
      interior_status_id: 2,
      ownership_type_id: null,
      description_ar: "بيت عربي بحديقة",
      description_en: null,
      contact_name: "Samir Khoury",
      phone: who.phone.e164,
      price: null,
      period_type_id: null,
    });

    expect((await auditOf("estate", estate.id)).map((a) => [a.action, a.actor_id, a.details])).toEqual([
      ["estate.draft", adminUser.id, { to: "draft", offer_id: offerId, estate_ownership: 1 }],
    ]);
    expect((await auditOf("lead", offerId)).map((a) => [a.action, a.details])).toEqual([
      ["lead.draft", { estate_id: estate.id, from: "new", to: "in_progress" }],
    ]);

    // The SMS: Arabic (the offer was written in Arabic), with the link on the site's configured origin.
    const sms = await outbox(who.phone.e164);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain("أضف السعر والصور");
    const link = await linkOf(who.phone.e164);
    expect(readDraftLinkToken(tokenOf(link), new Date())).toEqual({ kind: "ok", estateId: estate.id });
    // Valid for 14 days, not 15.
    expect(readDraftLinkToken(tokenOf(link), new Date(Date.now() + 13.9 * 86_400_000)).kind).toBe("ok");
    expect(readDraftLinkToken(tokenOf(link), new Date(Date.now() + 14.1 * 86_400_000)).kind).toBe("expired");

    // The page now shows the draft and no form.
    const page = await openOffer(offerId, cookie);
    expect(page.data.offer.draft).toEqual({ estateId: estate.id, stateId: estate.state_id, status: "draft", claimed: false });
  });

  it("writes an offer in English as the English description, and its SMS in English", async () => {
    const { estateId, who } = await draftFrom({ subject: "Sunny flat near the university" });
    expect(await estateRow(estateId)).toMatchObject({ description_ar: null, description_en: "Sunny flat near the university" });
    const [sms] = await outbox(who.phone.e164);
    expect(sms.body).toContain("Add the price and photos");
  });

  it("makes one draft per offer: a second click answers 409, and two at once make one", async () => {
    const { offerId, estateId, who } = await draftFrom();
    const { cookie } = await admin();
    const again = await makeDraft(offerId, cookie);
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("admin:offers.exists");
    expect((await offerRow(offerId)).estate_id).toBe(estateId);
    const drafts = await db().select({ n: count() }).from(s.estates).where(eq(s.estates.phone, who.phone.e164));
    expect(Number(drafts[0].n)).toBe(1);
    expect(await outbox(who.phone.e164)).toHaveLength(1);

    const other = visitor();
    const offer2 = await newOffer(other.sender);
    const adminActor = { id: (await admin()).user.id, admin: true };
    const outcomes = await Promise.all([makeOfferDraft(db(), offer2, adminActor), makeOfferDraft(db(), offer2, adminActor)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["exists", "made"]);
    const [{ n }] = await db().select({ n: count() }).from(s.estates).where(eq(s.estates.phone, other.phone.e164));
    expect(Number(n)).toBe(1);
  });

  it("asks for the type when the offer has none, and refuses a number that cannot receive an SMS", async () => {
    const { cookie } = await admin();
    const who = visitor();
    const untyped = await newOffer(who.sender, { estate_type_id: null });
    expect((await openOffer(untyped, cookie)).data.estateTypes.length).toBeGreaterThan(0);
    const refused = await makeDraft(untyped, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("admin:offers.typeRequired");
    expect((await makeDraft(untyped, cookie, { estate_type_id: "999999" })).status).toBe(400);
    expect((await offerRow(untyped)).estate_id).toBeNull();
    const made = await makeDraft(untyped, cookie, { estate_type_id: "5" });
    expect(made.status).toBe(302);
    expect((await estateRow((await offerRow(untyped)).estate_id!)).estate_type_id).toBe(5);

    // A Damascus landline: no SMS can carry the link.
    const landline = await newOffer({ user: { phone: "011 223 3445", first_name: "Hala" } });
    const noMobile = await makeDraft(landline, cookie);
    expect(noMobile.status).toBe(400);
    expect(noMobile.data.error).toBe("admin:offers.noMobile");
    expect(EN.admin.offers.noMobile).toMatch(/cannot receive an SMS/);
    expect(await offerRow(landline)).toMatchObject({ estate_id: null, inbox_state: "new" });
  });
});

describe("a draft is never public", () => {
  it("is not in search, its page is 404, and it is in no sitemap", async () => {
    const location = await place(3);
    const { estateId } = await draftFrom({ location_id: location });
    const { items } = await searchEstates(db(), { location_id: location }, 1, "ar");
    expect(items.map((c) => c.id)).not.toContain(estateId);
    expect(await getEstate(db(), estateId, "ar")).toBeNull();
    expect((await callLoader(estateLoader, `/estate/${estateId}`, { params: { id: String(estateId) } })).status).toBe(404);
    expect((await publicEstateIds(db(), estateId - 1, 5)).map((r) => r.id)).not.toContain(estateId);
    const sitemap = await callLoader(sitemapLoader, "/sitemaps/estates-1.xml", { params: { name: "estates-1.xml" } });
    expect(sitemap.status).toBe(200);
    expect(String(sitemap.data)).toContain("/estate/");
    expect(String(sitemap.data)).not.toContain(`/estate/${estateId}<`);
    // Nor in the review queue: nobody reviews a draft before its owner sends it.
    expect((await postQueue(db(), "ar")).map((q) => q.estateId)).not.toContain(estateId);
  });
});

describe("/od/:token: the owner confirms the number and takes the draft", () => {
  it("asks a visitor to log in or sign up with the number, and comes back to the link after the sign-up's code", async () => {
    const { estateId, link, who } = await draftFrom();
    const page = await openLink(link);
    expect(page.status).toBe(200);
    // The number masked as cards mask numbers (whoever holds the link may not be its owner): its ends only.
    expect(page.data.view).toMatchObject({ kind: "login", phone: `+963 94•••••${who.phone.e164.slice(-2)}` });
    expect(JSON.stringify(page.data)).not.toContain(who.phone.e164.slice(6, 10));
    expect(page.data.view.login).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);
    expect(page.data.view.register).toBe(`/login?redirectTo=${encodeURIComponent(link)}&tab=2`);
    expect(page.data.seo.noindex).toBe(true);
    // The button without a login goes to the login page, and takes nothing.
    const anonymous = await claim(link);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);
    expect((await estateRow(estateId)).user_id).toBeNull();

    // The sign-up of the login page's register tab, with the link to come back to.
    const jar = new CookieJar();
    const signedUp = await register(jar, { ...registration({ authentication: who.phone.typed }), redirectTo: link });
    expect(signedUp.status).toBe(302);
    const confirmed = await postConfirm(jar, { intent: "check", code: await lastCode(who.phone.e164) });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(link);

    const back = await openLink(link, jar.header());
    expect(back.status).toBe(200);
    expect(back.data.view.kind).toBe("claim");
    const taken = await claim(link, jar.header());
    expect(taken.status).toBe(302);
    expect(taken.headers.get("Location")).toBe(`/profile/posts/${estateId}`);
    const [owner] = await db().select().from(s.users).where(eq(s.users.phone, who.phone.e164));
    expect((await estateRow(estateId)).user_id).toBe(owner.id);
    expect((await auditOf("estate", estateId)).map((a) => [a.action, a.actor_id])).toContainEqual(["estate.claim", owner.id]);
    // From now on the link leads the owner straight to the editor.
    const again = await openLink(link, jar.header());
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/profile/posts/${estateId}`);
    // Logged out, the link asks to log in again (and then leads to the editor); nobody else can take the draft.
    expect((await openLink(link)).data.view.kind).toBe("login");
    const sameNumberElsewhere = await claim(link);
    expect(sameNumberElsewhere.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);
    expect((await estateRow(estateId)).user_id).toBe(owner.id);
  });

  it("tells an account with another number that the link is for another number, and gives it nothing", async () => {
    const { estateId, link } = await draftFrom();
    const stranger = await account(db());
    const page = await openLink(link, stranger.cookie);
    expect(page.status).toBe(403);
    expect(page.data.view.kind).toBe("otherNumber");
    expect(page.data.view.phone).toMatch(/^\+963 94•••••\d\d$/);
    expect(EN.common.offerDraft.otherNumber).toMatch(/for another number/);
    const refused = await claim(link, stranger.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(link);
    expect((await estateRow(estateId)).user_id).toBeNull();
    expect((await editor(estateId, stranger.cookie)).status).toBe(404);
    // Nor is an unclaimed draft an admin's to edit like the staff's listings.
    expect((await editor(estateId, (await admin()).cookie)).status).toBe(404);
  });

  it("refuses a forged, an expired and another purpose's link with their pages", async () => {
    const { estateId, link } = await draftFrom();
    const token = tokenOf(link);
    const forged = `/od/${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const expired = `/od/${draftLinkToken(estateId, new Date(Date.now() - 1000))}`;
    const otherPurpose = `/od/${listingLinkToken(estateId, new Date(), new Date(Date.now() + 86_400_000), "renew")}`;
    const owner = await account(db());
    for (const [path, status, kind] of [
      [forged, 400, "invalid"],
      [otherPurpose, 400, "invalid"],
      ["/od/abc", 400, "invalid"],
      [expired, 410, "expired"],
    ] as const) {
      const res = await openLink(path, owner.cookie);
      expect(res.status, path).toBe(status);
      expect(res.data.view).toEqual({ kind });
      expect(EN.common.offerDraft[kind]).toBeTruthy();
      expect((await claim(path, owner.cookie)).status).toBe(302);
    }
    expect((await estateRow(estateId)).user_id).toBeNull();
  });

  it("sends the button of a link whose token no header can carry back to the link's page, encoded (never a 500)", async () => {
    const owner = await account(db());
    for (const token of ["عقار-مسودة", "a\r\nSet-Cookie: x=1", "%"]) {
      const path = `/od/${encodeURIComponent(token)}`;
      for (const cookie of ["", owner.cookie]) {
        const res = await callAction(linkAction, path, { params: { token }, cookie });
        expect(res.status, token).toBe(302);
        expect(res.headers.get("Location"), token).toBe(path);
      }
      const page = await callLoader(linkLoader, path, { params: { token } });
      expect(page.status).toBe(400);
      expect(page.data.view).toEqual({ kind: "invalid" });
    }
  });
});

describe("the owner completes the draft and sends it; an admin approves it", () => {
  it("goes draft → pending → approved through the editor and the review page, with every audit entry", async () => {
    const who = visitor();
    const location = await place(4);
    const { estateId, link } = await draftFrom({ estate_offer_type_id: 2, location_id: location }, who);
    const owner = await account(db(), { phone: who.phone.e164, lang: "en" });
    expect((await claim(link, owner.cookie)).status).toBe(302);

    // /profile lists it as a draft to complete.
    const profile = await callLoader(profileLoader, "/profile", { cookie: owner.cookie });
    expect(profile.data.posts.find((p: { id: number }) => p.id === estateId)).toMatchObject({ state: "draft", kind: "estate" });
    expect(EN.forms.status.draft).toBe("Draft: complete it and send it");

    // The editor: a rental offers the period; saving keeps it a draft.
    const page = await editor(estateId, owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data.post.state).toBe("draft");
    expect(page.data.periods.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5]);
    const saved = await edit(estateId, owner.cookie, {
      intent: "save",
      price: "2,500,000",
      currency: "SYP",
      area: "140",
      period_type_id: "3",
      description: "بيت عربي",
    });
    expect(saved.status).toBe(302);
    expect(await estateRow(estateId)).toMatchObject({
      status: "draft",
      price: 2_500_000,
      period_type_id: 3,
      description_ar: "بيت عربي",
    });
    const badPeriod = await edit(estateId, owner.cookie, { intent: "save", area: "140", period_type_id: "9" });
    expect(badPeriod.status).toBe(400);
    expect((await estateRow(estateId)).period_type_id).toBe(3);

    // Send for review: pending, its 24 hours start now.
    const before = Date.now();
    const sent = await edit(estateId, owner.cookie, { intent: "submit" });
    expect(sent.status).toBe(302);
    const pending = await estateRow(estateId);
    expect(pending.status).toBe("pending");
    expect(pending.submitted_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await postQueue(db(), "ar")).map((q) => q.estateId)).toContain(estateId);
    expect((await edit(estateId, owner.cookie, { intent: "submit" })).status).toBe(409);
    expect(await getEstate(db(), estateId, "ar")).toBeNull();

    // The admin approves it on the review page, as any post.
    const { cookie } = await admin();
    const review = await callLoader(adminPostLoader, `/admin/posts/${estateId}`, { params: { id: String(estateId) }, cookie });
    expect(review.data.review.state).toBe("pending");
    const approved = await callAction(adminPostAction, `/admin/posts/${estateId}`, {
      params: { id: String(estateId) },
      cookie,
      form: { decision: "approve", version: review.data.review.version },
    });
    expect(approved.status).toBe(302);
    expect((await estateRow(estateId)).status).toBe("approved");
    const listing = await callLoader(estateLoader, `/estate/${estateId}`, { params: { id: String(estateId) } });
    expect(listing.status).toBe(200);
    const { items } = await searchEstates(db(), { location_id: location }, 1, "ar");
    expect(items.map((c) => c.id)).toContain(estateId);

    expect((await auditOf("estate", estateId)).map((a) => a.action)).toEqual([
      "estate.draft",
      "estate.claim",
      "estate.edit",
      "estate.submit",
      "estate.approve",
    ]);
    // The owner was told of the approval, after the draft's link.
    const sms = await outbox(who.phone.e164);
    expect(sms.length).toBeGreaterThanOrEqual(2);
  });
});
