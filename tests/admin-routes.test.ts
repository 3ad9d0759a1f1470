import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { DEMO_ADMIN, ensureDemoAdmin, retireDemoAdmin } from "~/features/accounts/admin-bootstrap.server";
import { recordAudit } from "~/platform/db/audit.server";
import { getEstate } from "~/features/listings/estate.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { type EstateFilter } from "~/features/search/estate-filter.server";
import type { NewPost, PostFields } from "~/features/posts/post.server";
import { transition } from "~/features/posts/moderation.server";
import { createPasswordReset, createSession } from "~/features/accounts/user.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as articleAction, loader as articleLoader } from "~/routes/admin/article-editor";
import { loader as articlesLoader } from "~/routes/admin/articles";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { action as jobsAction, loader as jobsLoader } from "~/routes/admin/failed-jobs";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox";
import { action as offerAction } from "~/routes/admin/offer";
import { action as officeAction, loader as officeLoader } from "~/routes/admin/office-editor";
import { loader as officesLoader } from "~/routes/admin/offices";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin/post-review";
import { loader as queueLoader } from "~/routes/admin/posts";
import { action as reportsAction, loader as reportsLoader } from "~/routes/admin/reports";
import { action as requestsAction, loader as requestsLoader } from "~/routes/admin/requests";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as reportAction } from "~/routes/estate-report";
import { action as rpAction, loader as rpLoader } from "~/routes/password-reset";
import { loader as userOrderLoader } from "~/routes/property-requests";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { runDueJobs } from "~/features/jobs/job-tasks.server";
import { LEASE_MS } from "~/platform/jobs/jobs.server";
import { outboxSender } from "~/platform/sms/sms.server";
import { imageUrl } from "~/platform/images/images.server";
import { resources } from "~/platform/i18n/i18n.server";
import { verifyPassword } from "~/features/accounts/password.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { sessionStorage } from "~/platform/http/session.server";
import { queueSmsJob } from "./helpers/sms";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { account as makeAccount, type Account, type AccountOptions } from "./helpers/accounts";
import { callAction, callLoader, CookieJar } from "./helpers/remix";

/**
 * Every /admin route through its loader and action: the role guard of each one (visitor, user, suspended
 * admin, admin), the posts queue and review with every decision, property requests, reports, accounts, the
 * audit page and the demo admin. What is checked is what gets stored and what an admin or owner sees.
 */

const test = useTestDatabase();
const db = () => test.get().db;

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

let seq = 0;
type Lang = "ar" | "en";

/**
 * An account of the back-office tests (tests/helpers/accounts.ts), logged in: named "Samer Tester<n>" (a user) or
 * "Hala Tester<n>" (an admin) unless `options` say otherwise, the names these tests search for.
 */
function account(role: "user" | "admin" = "user", options: Omit<AccountOptions, "role"> = {}) {
  return makeAccount(db(), { first: role === "admin" ? "Hala" : "Samer", last: `Tester${++seq}`, ...options, role });
}

let sharedAdmin: Account | undefined;
/** One admin for the tests that only need "an admin". */
async function admin(): Promise<Account> {
  sharedAdmin ??= await account("admin", { first: "Hala", last: "Moderator" });
  return sharedAdmin;
}

let ipSeq = 0;
/** An IP address not used yet in this file (the public forms limit per IP). */
function newIp(): { clientIp: string } {
  ipSeq++;
  return { clientIp: `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}` };
}

const { place, newPost } = postFixtures(db);

const photo = (n: number): s.StoredImage => ({ file: `seed-photo-${n}`, width: 800, height: 600 });

/** An owner's edit: some fields and, optionally, the photos. */
async function ownerEdit(id: number, owner: Account, fields: Partial<PostFields>, images?: s.StoredImage[]) {
  await transition(db(), id, "edit", owner.actor, {
    change: (copy) => ({ fields: { ...copy.fields, ...fields }, images: images ?? copy.images }),
  });
}

/** An approved (public) post of `owner`. */
async function approvedPost(owner: Account, input: Partial<NewPost> = {}): Promise<number> {
  const id = await newPost(owner, input);
  await transition(db(), id, "approve", (await admin()).actor);
  return id;
}

/** An approved post of `owner` with a pending edit of its price (state edit_pending). */
async function editPendingPost(owner: Account, price = 99_000_000): Promise<number> {
  const id = await newPost(owner);
  await ownerEdit(id, owner, { price: 50_000_000 }, [photo(1), photo(2)]);
  await transition(db(), id, "approve", (await admin()).actor);
  await ownerEdit(id, owner, { price }, [photo(3)]);
  return id;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

async function estateRow(id: number) {
  const [row] = await db().select().from(s.estates).where(eq(s.estates.id, id));
  return row;
}
async function editsOf(id: number) {
  return db().select().from(s.estate_edits).where(eq(s.estate_edits.estate_id, id)).orderBy(s.estate_edits.id);
}
async function lastAuditId(): Promise<number> {
  const [row] = await db().select({ id: s.audit_log.id }).from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
  return row?.id ?? 0;
}
async function auditAfter(afterId: number) {
  return db().select().from(s.audit_log).where(gt(s.audit_log.id, afterId)).orderBy(s.audit_log.id);
}
/** The newest outbox row, once the SMS already queued were sent (the worker's work). */
async function lastSmsId(): Promise<number> {
  await runDueJobs(db());
  const [row] = await db().select({ id: s.sms_outbox.id }).from(s.sms_outbox).orderBy(desc(s.sms_outbox.id)).limit(1);
  return row?.id ?? 0;
}
/** The SMS sent to `phone` after the outbox row `afterId`, once the queued ones were sent. */
async function smsTo(phone: string, afterId: number) {
  await runDueJobs(db());
  return db()
    .select()
    .from(s.sms_outbox)
    .where(and(eq(s.sms_outbox.phone, phone), gt(s.sms_outbox.id, afterId)))
    .orderBy(s.sms_outbox.id);
}

const ADMIN_TEXTS = { ar: resources.ar.admin, en: resources.en.admin };
const BRAND = { ar: resources.ar.common.brand, en: resources.en.common.brand };

/** An owner's SMS as it should read: admin.json `sms.<key>` in `lang` with the brand and `values` filled in. */
function smsText(lang: Lang, key: keyof typeof ADMIN_TEXTS.en.sms, values: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { brand: BRAND[lang], ...values };
  return (ADMIN_TEXTS[lang].sms[key] as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(all[name]));
}

const ARABIC = /[\u0600-\u06FF]/;

/** Every public listing id matching `filter`, over all result pages. */
async function searchIds(filter: EstateFilter, locale: Locale = "ar"): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await searchEstates(db(), filter, page, locale);
    ids.push(...result.items.map((i) => i.id));
    if (page >= result.pageCount) return ids;
  }
}
async function searchesFind(id: number): Promise<boolean> {
  const row = await estateRow(id);
  return (await searchIds({ location_id: row.location_id, estate_type_id: row.estate_type_id })).includes(id);
}
const isPublic = async (id: number) => (await getEstate(db(), id, "ar")) !== null;

// ---------------------------------------------------------------------------------------------------------------
// 1. Guards

type LoaderFn = Parameters<typeof callLoader>[0];
type ActionFn = Parameters<typeof callAction>[0];

/** Every /admin loader, with the address and params of one page an admin can open. */
const LOADERS: { name: string; url: string; params?: Record<string, string>; loader: LoaderFn }[] = [
  { name: "admin (layout)", url: "/admin", loader: layoutLoader },
  { name: "admin._index", url: "/admin", loader: dashboardLoader },
  { name: "admin.posts._index", url: "/admin/posts", loader: queueLoader },
  { name: "admin.posts.$id", url: "/admin/posts/1", params: { id: "1" }, loader: reviewLoader },
  { name: "admin.requests", url: "/admin/requests", loader: requestsLoader },
  { name: "admin.reports", url: "/admin/reports", loader: reportsLoader },
  { name: "admin.users", url: "/admin/users?q=Samer", loader: usersLoader },
  { name: "admin.inbox", url: "/admin/inbox?kind=offer&state=new", loader: inboxLoader },
  { name: "admin.audit", url: "/admin/audit?subject=estate&id=1", loader: auditLoader },
  { name: "admin.jobs", url: "/admin/jobs", loader: jobsLoader },
  { name: "admin.articles._index", url: "/admin/articles", loader: articlesLoader },
  { name: "admin.articles.$id", url: "/admin/articles/new", params: { id: "new" }, loader: articleLoader },
  { name: "admin.offices._index", url: "/admin/offices", loader: officesLoader },
  { name: "admin.offices.$id", url: "/admin/offices/new", params: { id: "new" }, loader: officeLoader },
];

/**
 * Every /admin action. `adminStatus` is what an admin's post of an empty form gets (a bad input: 400, never a 500);
 * the content editors read multipart forms and are covered by tests/content.test.ts for admins.
 */
const ACTIONS: { name: string; url: string; params?: Record<string, string>; action: ActionFn; adminStatus?: number }[] = [
  { name: "admin.posts.$id", url: "/admin/posts/1", params: { id: "1" }, action: reviewAction, adminStatus: 400 },
  { name: "admin.requests", url: "/admin/requests", action: requestsAction, adminStatus: 400 },
  { name: "admin.reports", url: "/admin/reports", action: reportsAction, adminStatus: 400 },
  { name: "admin.users", url: "/admin/users", action: usersAction, adminStatus: 400 },
  { name: "admin.inbox", url: "/admin/inbox", action: inboxAction, adminStatus: 400 },
  // An admin's post makes a listing draft (tests/offer-draft.test.ts); here only the guard.
  { name: "admin.offers.$id", url: "/admin/offers/1", params: { id: "1" }, action: offerAction },
  { name: "admin.jobs", url: "/admin/jobs", action: jobsAction, adminStatus: 400 },
  { name: "admin.articles.$id", url: "/admin/articles/1", params: { id: "1" }, action: articleAction },
  { name: "admin.offices.$id", url: "/admin/offices/1", params: { id: "1" }, action: officeAction },
];

const loginFor = (url: string) => `/login?redirectTo=${encodeURIComponent(url)}`;

/** An admin whose account was suspended while the session row still exists. */
async function suspendedAdmin(): Promise<Account> {
  const a = await account("admin");
  await db().update(s.users).set({ status: "suspended", suspended_reason: "test" }).where(eq(s.users.id, a.user.id));
  return a;
}

describe.each(LOADERS)("the guard of the $name loader", ({ url, params, loader }) => {
  it("sends a visitor to log in and back", async () => {
    const res = await callLoader(loader, url, { params });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(loginFor(url));
  });

  it("answers a logged-in user that is not an admin with 403", async () => {
    const { cookie } = await account("user");
    const res = await callLoader(loader, url, { params, cookie });
    expect(res.status).toBe(403);
  });

  it("treats a suspended admin as logged out", async () => {
    const { cookie } = await suspendedAdmin();
    const res = await callLoader(loader, url, { params, cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(loginFor(url));
  });

  it("shows the page to an admin", async () => {
    const res = await callLoader(loader, url, { params, cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
  });
});

describe.each(ACTIONS)("the guard of the $name action", ({ url, params, action, adminStatus }) => {
  it("sends a visitor to log in and back, storing nothing", async () => {
    const before = await lastAuditId();
    const res = await callAction(action, url, { params, form: { decision: "approve", id: "1", user_id: "1", estate_id: "1" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(loginFor(url));
    expect(await auditAfter(before)).toEqual([]);
  });

  it("answers a logged-in user that is not an admin with 403, storing nothing", async () => {
    const { cookie } = await account("user");
    const before = await lastAuditId();
    const res = await callAction(action, url, {
      params,
      cookie,
      form: { decision: "approve", id: "1", user_id: "1", estate_id: "1" },
    });
    expect(res.status).toBe(403);
    expect(await auditAfter(before)).toEqual([]);
  });

  it("treats a suspended admin as logged out", async () => {
    const { cookie } = await suspendedAdmin();
    const res = await callAction(action, url, {
      params,
      cookie,
      form: { decision: "approve", id: "1", user_id: "1", estate_id: "1" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(loginFor(url));
  });

  if (adminStatus !== undefined) {
    it(`lets an admin in: an empty form is a bad input (${adminStatus}), not 401/403/500`, async () => {
      const res = await callAction(action, url, { params, cookie: (await admin()).cookie, form: {} });
      expect(res.status).toBe(adminStatus);
      expect(res.data).toMatchObject({ error: "admin:errors.decision" });
    });
  }
});

describe("a body that is not a form", () => {
  it.each(ACTIONS.filter((a) => a.adminStatus !== undefined))(
    "is a 400 for the $name action, not a 500",
    async ({ url, params, action }) => {
      const request = new Request(new URL(url, "http://localhost:3000"), {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=nothing-here", Cookie: (await admin()).cookie },
        body: "this is not multipart at all",
      });
      const before = await lastAuditId();
      const result: any = await action({ request, params: params ?? {}, context: {} });
      expect(result?.init?.status).toBe(400);
      expect(result.data).toMatchObject({ error: "admin:errors.decision" });
      expect(await auditAfter(before)).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Posts queue and review

describe("the posts queue (/admin/posts)", () => {
  it("lists pending posts and pending edits oldest first, the ones older than 24 hours marked late", async () => {
    const owner = await account("user", { first: "Rana", last: "Queue" });
    const oldPost = await newPost(owner);
    await db()
      .update(s.estates)
      .set({ submitted_at: hoursAgo(30) })
      .where(eq(s.estates.id, oldPost));
    const edited = await editPendingPost(owner);
    await db()
      .update(s.estate_edits)
      .set({ created_at: hoursAgo(10) })
      .where(and(eq(s.estate_edits.estate_id, edited), eq(s.estate_edits.status, "pending")));
    const recent = await newPost(owner);
    await db()
      .update(s.estates)
      .set({ submitted_at: hoursAgo(2) })
      .where(eq(s.estates.id, recent));
    const approved = await approvedPost(owner);

    const res = await callLoader(queueLoader, "/admin/posts", { cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
    const items = res.data.items as {
      kind: string;
      estateId: number;
      stateId: number;
      owner: string;
      late: boolean;
      since: string;
    }[];
    const mine = items.filter((i) => [oldPost, edited, recent, approved].includes(i.estateId));
    expect(mine.map((i) => [i.kind, i.estateId, i.late])).toEqual([
      ["post", oldPost, true],
      ["edit", edited, false],
      ["post", recent, false],
    ]);
    expect(mine.every((i) => i.owner === "Rana Queue")).toBe(true);
    expect(mine[0].stateId).toBe((await estateRow(oldPost)).state_id);
    // Oldest first over the whole queue too.
    const times = items.map((i) => Date.parse(i.since));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("the review of one post (/admin/posts/:id)", () => {
  const review = async (id: number | string, cookie: string, lang = "") =>
    callLoader(reviewLoader, `/admin/posts/${id}${lang}`, { params: { id: String(id) }, cookie });
  const decide = async (id: number | string, form: Record<string, string>, cookie: string) =>
    callAction(reviewAction, `/admin/posts/${id}`, { params: { id: String(id) }, form, cookie });

  it("shows the owner, everything entered, the photos, and a pending edit beside the public version", async () => {
    const owner = await account("user", { first: "Maya", last: "Review", lang: "en" });
    const id = await editPendingPost(owner, 77_000_000);
    const row = await estateRow(id);
    const res = await review(id, (await admin()).cookie);
    expect(res.status).toBe(200);
    const r = res.data.review;
    expect(r).toMatchObject({
      estateId: id,
      stateId: row.state_id,
      status: "approved",
      state: "edit_pending",
      owner: { id: owner.user.id, name: "Maya Review", phone: formatPhone(owner.user.phone), lang: "en", status: "active" },
      contactName: "Maya Review",
      phone: "0944123456",
      description: "شقة مشمسة قرب الجامعة",
      photos: [imageUrl("seed-photo-1", 400), imageUrl("seed-photo-2", 400)],
    });
    expect(r.facts).toEqual(
      expect.arrayContaining([
        { key: "price", value: "50,000,000 ل.س" },
        { key: "area", value: "120" },
      ]),
    );
    expect(r.edit).toMatchObject({ photos: [imageUrl("seed-photo-3", 400)] });
    expect(r.edit.facts).toEqual(expect.arrayContaining([{ key: "price", value: "77,000,000 ل.س" }]));
    // The reason choices are in the owner's language, whatever the admin's page language.
    expect(res.data.ownerLang).toBe("en");
    expect(res.data.reasons).toContainEqual({ code: "price", text: ADMIN_TEXTS.en.reasons.price });
  });

  it("corrects a pending rent's facts in the owner editor's fields: its state kept, the audit log names who changed what", async () => {
    const owner = await account("user");
    const id = await newPost(owner, { estate_offer_type_id: 2, period_type_id: 3 });
    const moderator = await admin();
    const opened = await review(id, moderator.cookie);
    // The editor's fields, every fact "not known" until someone says it; a rent has its months paid upfront.
    expect(opened.data.correction).toMatchObject({
      rent: true,
      shop: false,
      defaults: { electricity_hours: "", solar: "", elevator: "", upfront_months: "", key_money_currency: "SYP" },
    });
    const audit = await lastAuditId();
    const res = await decide(
      id,
      {
        decision: "correct",
        version: opened.data.review.version,
        electricity_hours: "١٢",
        solar: "1",
        solar_kw: "3,5",
        elevator: "0",
        upfront_months: "6",
        // Key money is a shop's only: dropped on a flat.
        key_money: "5000",
      },
      moderator.cookie,
    );
    expect(res).toRedirectTo(`/admin/posts/${id}`);
    await expect(res).toFlashToast("success", ADMIN_TEXTS.ar.done.correct);
    expect(await estateRow(id)).toMatchObject({
      status: "pending",
      electricity_hours: 12,
      solar: true,
      solar_kw: 3.5,
      elevator: false,
      upfront_months: 6,
      key_money: null,
      water_tank: null,
      description_ar: "شقة مشمسة قرب الجامعة",
    });
    expect(await auditAfter(audit)).toMatchObject([
      {
        action: "estate.correct",
        subject_id: id,
        actor_id: moderator.user.id,
        details: {
          from: "pending",
          to: "pending",
          corrected: {
            before: { electricity_hours: null, solar: null, solar_kw: null, elevator: null, upfront_months: null },
            after: { electricity_hours: 12, solar: true, solar_kw: 3.5, elevator: false, upfront_months: 6 },
          },
        },
      },
    ]);
    // The audit log says it in words: each fact, before and after.
    const log = await callLoader(auditLoader, `/admin/audit?subject=estate&id=${id}&lang=en`, { cookie: moderator.cookie });
    const entry = log.data.rows.find((r: { action: string }) => r.action === "estate.correct");
    expect(entry.actor).toContain("Hala");
    expect(entry.corrected).toEqual([
      "Grid electricity (hours a day): not known → 12 hours a day",
      "Solar panels: not known → Yes",
      "Solar power (kW): not known → 3.5 kW",
      "Elevator: not known → No",
      "Rent paid upfront (months): not known → 6 months",
    ]);
    // The review shows the corrected facts and offers them again in the fields.
    const again = await review(id, moderator.cookie);
    expect(again.data.correction.defaults).toMatchObject({ electricity_hours: "12", solar: "1", solar_kw: "3.5", elevator: "0" });
  });

  it("corrects the proposed facts of a pending edit, which the public listing gets when the edit is approved", async () => {
    const owner = await account("user");
    const id = await editPendingPost(owner);
    const moderator = await admin();
    const opened = await review(id, moderator.cookie);
    const version = opened.data.review.version;
    const res = await decide(id, { decision: "correct", version, electricity_hours: "8", water_tank: "1" }, moderator.cookie);
    expect(res).toRedirectTo(`/admin/posts/${id}`);
    expect(await estateRow(id)).toMatchObject({ status: "approved", electricity_hours: null, water_tank: null });
    const [edit] = (await editsOf(id)).filter((e) => e.status === "pending");
    expect(edit).toMatchObject({ electricity_hours: 8, water_tank: true });
    // A decision made on the page as it was before the correction is refused: the admin approves what they saw.
    expect((await decide(id, { decision: "approve_edit", version }, moderator.cookie)).status).toBe(409);
    const fresh = await review(id, moderator.cookie);
    const approved = await decide(id, { decision: "approve_edit", version: fresh.data.review.version }, moderator.cookie);
    expect(approved.status).toBe(302);
    expect(await estateRow(id)).toMatchObject({ status: "approved", electricity_hours: 8, water_tank: true });
  });

  it("refuses a wrong correction with 400, each message beside its field and every value kept, changing nothing", async () => {
    const owner = await account("user");
    const id = await newPost(owner);
    const moderator = await admin();
    const version = (await review(id, moderator.cookie)).data.review.version;
    const audit = await lastAuditId();
    const res = await decide(
      id,
      { decision: "correct", version, electricity_hours: "30", generator_amperes: "abc", building_floors: "5" },
      moderator.cookie,
    );
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("electricity_hours", "forms:errors.outOfRange");
    expect(res).toHaveFieldError("generator_amperes", "forms:errors.wholeNumber");
    expect(res.data.lastResult.initialValue).toMatchObject({ electricity_hours: "30", building_floors: "5" });
    expect(await estateRow(id)).toMatchObject({ electricity_hours: null, building_floors: null });
    expect(await auditAfter(audit)).toEqual([]);
    // A stale page (the post changed since) and a post no longer under review or public: 409, nothing changed.
    await transition(db(), id, "reject", moderator.actor, { reason: "صور غير واضحة" });
    const stale = await decide(id, { decision: "correct", version, building_floors: "5" }, moderator.cookie);
    expect(stale.status).toBe(409);
    const fresh = (await review(id, moderator.cookie)).data.review.version;
    expect((await decide(id, { decision: "correct", version: fresh, building_floors: "5" }, moderator.cookie)).status).toBe(409);
    expect(await estateRow(id)).toMatchObject({ status: "rejected", building_floors: null });
  });

  it("approves a pending post: approved, public, and the owner gets an SMS", async () => {
    const owner = await account("user");
    const id = await newPost(owner);
    const sms = await lastSmsId();
    const audit = await lastAuditId();
    expect(await isPublic(id)).toBe(false);
    const res = await decide(id, { decision: "approve" }, (await admin()).cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/posts");
    const row = await estateRow(id);
    expect(row.status).toBe("approved");
    expect(row.reviewed_at).not.toBeNull();
    expect(await isPublic(id)).toBe(true);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("ar", "approved", { number: row.state_id }),
    ]);
    expect(await auditAfter(audit)).toMatchObject([
      { action: "estate.approve", subject_type: "estate", subject_id: id, actor_id: (await admin()).user.id },
    ]);
  });

  it("refuses a rejection without a reason with 400, keeping what was typed and changing nothing", async () => {
    const owner = await account("user");
    const id = await newPost(owner);
    const sms = await lastSmsId();
    const audit = await lastAuditId();
    const cookie = (await admin()).cookie;
    const empty = await decide(id, { decision: "reject" }, cookie);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      error: "admin:errors.reason",
      values: { decision: "reject", reason: "", reason_text: "" },
    });
    const other = await decide(id, { decision: "reject", reason: "other", reason_text: "   " }, cookie);
    expect(other.status).toBe(400);
    expect(other.data).toMatchObject({
      error: "admin:errors.reason",
      values: { decision: "reject", reason: "other", reason_text: "   " },
    });
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "pending", reject_reason: null, reviewed_at: null });
    expect(await smsTo(owner.user.phone, sms)).toEqual([]);
    expect(await auditAfter(audit)).toEqual([]);
  });

  it.each([
    ["en", "an English"],
    ["ar", "an Arabic"],
  ] as const)(
    "rejects with a common reason and free text in the owner's language (%s owner gets %s reason and SMS)",
    async (lang, _label) => {
      const owner = await account("user", { lang });
      const id = await newPost(owner);
      const free = lang === "en" ? "Add the 'real' price <per m²> & more photos" : "أضف السعر الحقيقي <للمتر> & صوراً أكثر";
      const sms = await lastSmsId();
      const audit = await lastAuditId();
      // The admin works in the other language: the owner's language decides.
      const cookie = `${(await admin()).cookie}; lang=${lang === "en" ? "ar" : "en"}`;
      const res = await decide(id, { decision: "reject", reason: "price", reason_text: free }, cookie);
      expect(res.status).toBe(302);
      const row = await estateRow(id);
      expect(row.status).toBe("rejected");
      expect(row.reject_reason!.startsWith(ADMIN_TEXTS[lang].reasons.price)).toBe(true);
      expect(row.reject_reason).toContain(free);
      const messages = await smsTo(owner.user.phone, sms);
      expect(messages.map((m) => m.body)).toEqual([
        smsText(lang, "rejected", { number: row.state_id, reason: row.reject_reason! }),
      ]);
      expect(messages[0].body).toContain(free);
      if (lang === "en") expect(messages[0].body).not.toMatch(ARABIC);
      else expect(messages[0].body).toContain(BRAND.ar);
      expect(await auditAfter(audit)).toMatchObject([{ action: "estate.reject", subject_id: id, reason: row.reject_reason }]);
      expect(await isPublic(id)).toBe(false);
    },
  );

  it("keeps at most 500 characters of the free text", async () => {
    const owner = await account("user", { lang: "en" });
    const id = await newPost(owner);
    const long = `${"x".repeat(499)}yz${"w".repeat(3000)}`;
    const res = await decide(id, { decision: "reject", reason: "details", reason_text: long }, (await admin()).cookie);
    expect(res.status).toBe(302);
    const row = await estateRow(id);
    expect(row.status).toBe("rejected");
    expect(row.reject_reason!.startsWith(ADMIN_TEXTS.en.reasons.details)).toBe(true);
    expect(row.reject_reason).toContain(`${"x".repeat(499)}y`);
    expect(row.reject_reason).not.toContain("yz");
  });

  it("unpublishes a published post with a pending edit from the review page: rejected, the edit dropped, the owner told", async () => {
    const owner = await account("user", { lang: "ar" });
    const id = await editPendingPost(owner);
    const sms = await lastSmsId();
    const res = await decide(id, { decision: "unpublish", reason: "duplicate", reason_text: "" }, (await admin()).cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/posts/${id}`);
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "rejected", reject_reason: ADMIN_TEXTS.ar.reasons.duplicate, price: 50_000_000 });
    expect((await editsOf(id)).map((e) => e.status)).toEqual(["rejected"]);
    expect(await isPublic(id)).toBe(false);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("ar", "unpublished", { number: row.state_id, reason: ADMIN_TEXTS.ar.reasons.duplicate }),
    ]);
    const page = await review(id, (await admin()).cookie);
    expect(page.data.review).toMatchObject({ state: "rejected", rejectReason: ADMIN_TEXTS.ar.reasons.duplicate, edit: null });
    expect((await decide(id, { decision: "unpublish", reason: "duplicate" }, (await admin()).cookie)).status).toBe(409);
  });

  it("answers a second decision on the same post with 409 and changes nothing", async () => {
    const owner = await account("user");
    const id = await newPost(owner);
    const cookie = (await admin()).cookie;
    expect((await decide(id, { decision: "approve" }, cookie)).status).toBe(302);
    const before = await estateRow(id);
    const sms = await lastSmsId();
    const audit = await lastAuditId();
    const again = await decide(id, { decision: "approve" }, cookie);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "admin:errors.state" });
    const reject = await decide(id, { decision: "reject", reason: "rules", reason_text: "late" }, cookie);
    expect(reject.status).toBe(409);
    expect(reject.data).toMatchObject({
      error: "admin:errors.state",
      values: { decision: "reject", reason: "rules", reason_text: "late" },
    });
    expect(await estateRow(id)).toEqual(before);
    expect(await smsTo(owner.user.phone, sms)).toEqual([]);
    expect(await auditAfter(audit)).toEqual([]);
  });

  it("answers an unknown or malformed id with 404 in the loader and the action", async () => {
    const cookie = (await admin()).cookie;
    for (const id of ["99999999", "abc", "0", "-1", "12abc", "1.5", "99999999999"]) {
      expect((await review(id, cookie)).status, id).toBe(404);
      expect((await decide(id, { decision: "approve" }, cookie)).status, id).toBe(404);
    }
  });

  it.each([["maybe"], ["delete"], ["edit"], ["revise"], [""]])(
    "answers the decision %j with 400, keeping the typed values",
    async (decision) => {
      const owner = await account("user");
      const id = await newPost(owner);
      const audit = await lastAuditId();
      const res = await decide(id, { decision, reason: "photos", reason_text: "typed text" }, (await admin()).cookie);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ error: "admin:errors.decision", values: { reason: "photos", reason_text: "typed text" } });
      expect((await estateRow(id)).status).toBe("pending");
      expect(await auditAfter(audit)).toEqual([]);
    },
  );

  it("approves an edit: the changes become the public version, the owner gets an SMS", async () => {
    const owner = await account("user", { lang: "en" });
    const id = await editPendingPost(owner, 88_000_000);
    const cookie = (await admin()).cookie;
    // A plain approve does not apply to an edit.
    expect((await decide(id, { decision: "approve" }, cookie)).status).toBe(409);
    const sms = await lastSmsId();
    const res = await decide(id, { decision: "approve_edit" }, cookie);
    expect(res.status).toBe(302);
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "approved", price: 88_000_000 });
    expect((await editsOf(id)).map((e) => e.status)).toEqual(["approved"]);
    const images = await db().select().from(s.estate_images).where(eq(s.estate_images.estate_id, id));
    expect(images.map((i) => i.file)).toEqual(["seed-photo-3"]);
    expect((await getEstate(db(), id, "en"))?.price).toBe(88_000_000);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("en", "editApproved", { number: row.state_id }),
    ]);
    const review2 = await review(id, cookie);
    expect(review2.data.review).toMatchObject({ state: "approved", edit: null });
    expect((await decide(id, { decision: "approve_edit" }, cookie)).status).toBe(409);
  });

  it("rejects an edit with a reason: the public version stays, the owner gets the reason", async () => {
    const owner = await account("user", { lang: "ar" });
    const id = await editPendingPost(owner, 66_000_000);
    const cookie = (await admin()).cookie;
    const missing = await decide(id, { decision: "reject_edit", reason: "", reason_text: "" }, cookie);
    expect(missing.status).toBe(400);
    expect((await editsOf(id)).map((e) => e.status)).toEqual(["pending"]);
    const sms = await lastSmsId();
    const res = await decide(id, { decision: "reject_edit", reason: "photos" }, cookie);
    expect(res.status).toBe(302);
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "approved", price: 50_000_000 });
    const [edit] = await editsOf(id);
    expect(edit).toMatchObject({ status: "rejected", reject_reason: ADMIN_TEXTS.ar.reasons.photos });
    expect(await isPublic(id)).toBe(true);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("ar", "editRejected", { number: row.state_id, reason: ADMIN_TEXTS.ar.reasons.photos }),
    ]);
    expect((await decide(id, { decision: "reject_edit", reason: "photos" }, cookie)).status).toBe(409);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. Property requests

describe("property requests (/admin/requests)", () => {
  async function request(owner: Account, hours: number, notes: string) {
    const [row] = await db()
      .insert(s.property_requests)
      .values({
        user_id: owner.user.id,
        estate_offer_type_id: 1,
        location_id: await place(1),
        estate_type_id: 2,
        notes,
        created_at: hoursAgo(hours),
      })
      .returning();
    return row.id;
  }
  const post = async (form: Record<string, string>) =>
    callAction(requestsAction, "/admin/requests", { form, cookie: (await admin()).cookie });
  const requestRow = async (id: number) =>
    (await db().select().from(s.property_requests).where(eq(s.property_requests.id, id)))[0];
  async function userOrderIds(): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await callLoader(userOrderLoader, `/user-order?page=${page}`);
      expect(res.status).toBe(200);
      ids.push(...res.data.items.map((i: { id: number }) => i.id));
      if (page >= res.data.pageCount) return ids;
    }
  }

  it("lists pending requests oldest first with the user, late ones marked", async () => {
    const owner = await account("user", { first: "Omar", last: "Seeker" });
    const newer = await request(owner, 3, "newer");
    const older = await request(owner, 40, "older");
    const res = await callLoader(requestsLoader, "/admin/requests", { cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
    const mine = (res.data.items as { id: number; user: string; phone: string; notes: string; late: boolean }[]).filter((i) =>
      [newer, older].includes(i.id),
    );
    expect(mine).toMatchObject([
      { id: older, user: "Omar Seeker", phone: formatPhone(owner.user.phone), notes: "older", late: true },
      { id: newer, notes: "newer", late: false },
    ]);
  });

  it("approves a request: shown on /user-order, the user gets an SMS, a second decision is 409", async () => {
    const owner = await account("user", { lang: "en" });
    const id = await request(owner, 5, "approve me");
    expect(await userOrderIds()).not.toContain(id);
    const sms = await lastSmsId();
    const audit = await lastAuditId();
    const res = await post({ id: String(id), decision: "approve" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/requests");
    expect(await requestRow(id)).toMatchObject({ status: "approved", reject_reason: null });
    expect(await userOrderIds()).toContain(id);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([smsText("en", "requestApproved")]);
    expect(await auditAfter(audit)).toMatchObject([
      { action: "request.approve", subject_type: "property_request", subject_id: id },
    ]);
    const again = await post({ id: String(id), decision: "reject", reason: "rules", reason_text: "x" });
    expect(again.status).toBe(409);
    expect((await requestRow(id)).status).toBe("approved");
  });

  it("rejects a request only with a reason (400 keeps the typed values), stores it and tells the user", async () => {
    const owner = await account("user", { lang: "ar" });
    const id = await request(owner, 5, "reject me");
    const missing = await post({ id: String(id), decision: "reject", reason: "other", reason_text: " " });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ error: "admin:errors.reason", values: { id, reason: "other", reason_text: " " } });
    expect((await requestRow(id)).status).toBe("pending");

    const sms = await lastSmsId();
    const res = await post({ id: String(id), decision: "reject", reason: "details", reason_text: "حدد الحي" });
    expect(res.status).toBe(302);
    const row = await requestRow(id);
    expect(row.status).toBe("rejected");
    expect(row.reject_reason!.startsWith(ADMIN_TEXTS.ar.reasons.details)).toBe(true);
    expect(row.reject_reason).toContain("حدد الحي");
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("ar", "requestRejected", { reason: row.reject_reason! }),
    ]);
    expect(await userOrderIds()).not.toContain(id);
    expect((await post({ id: String(id), decision: "reject", reason: "details" })).status).toBe(409);
    expect((await post({ id: String(id), decision: "approve" })).status).toBe(409);
  });

  // One rule of a database id everywhere (app/platform/forms/id.ts): plain digits, 1 to 2,147,483,647.
  it.each([["abc"], ["0"], ["-4"], ["1.5"], ["99999999999"], [""], ["2147483648"], ["+5"], ["05"], [" 5"], ["1e3"]])(
    "answers the id %j with 400",
    async (id) => {
      const res = await post({ id, decision: "approve" });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ error: "admin:errors.decision" });
    },
  );

  it("answers a bad decision with 400 and a request that does not exist with 409", async () => {
    const owner = await account("user");
    const id = await request(owner, 1, "x");
    expect((await post({ id: String(id), decision: "delete" })).status).toBe(400);
    expect((await requestRow(id)).status).toBe("pending");
    expect((await post({ id: "99999999", decision: "approve" })).status).toBe(409);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. Reports

describe("reports (/admin/reports)", () => {
  async function report(reporter: Account, estateId: number, reasonId: number) {
    const res = await callAction(reportAction, "/report", {
      form: { estate_id: String(estateId), report_type_id: String(reasonId), redirectTo: `/estate/${estateId}` },
      cookie: reporter.cookie,
      context: newIp(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/estate/${estateId}`);
  }
  const reportsOf = (estateId: number) =>
    db().select().from(s.estate_reports).where(eq(s.estate_reports.estate_id, estateId)).orderBy(s.estate_reports.id);
  const post = async (form: Record<string, string>) =>
    callAction(reportsAction, "/admin/reports", { form, cookie: (await admin()).cookie });

  it("groups open reports by listing with the count of each reason, most reported first; dismiss closes them", async () => {
    const owner = await account("user");
    const listingA = await approvedPost(owner);
    const [staff] = await db()
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), isNull(s.estates.user_id)))
      .orderBy(desc(s.estates.id))
      .limit(1);
    const listingB = staff.id;
    const first = await account("user");
    const second = await account("user");
    // B is reported first, so "most reported first" is not merely "oldest first".
    await report(first, listingB, 3);
    await report(first, listingA, 1);
    await report(second, listingA, 2);

    const reasonNames = await db()
      .select()
      .from(s.report_reasons)
      .where(inArray(s.report_reasons.id, [1, 2, 3]));
    const nameEn = (id: number) => reasonNames.find((r) => r.id === id)!.name_en;
    const res = await callLoader(reportsLoader, "/admin/reports?lang=en", { cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
    const groups = res.data.groups as {
      estateId: number;
      total: number;
      status: string;
      ownerLang: string;
      reasons: { name: string; count: number }[];
    }[];
    const a = groups.findIndex((g) => g.estateId === listingA);
    const b = groups.findIndex((g) => g.estateId === listingB);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a);
    expect(groups[a]).toMatchObject({ total: 2, status: "approved" });
    expect(groups[a].reasons).toHaveLength(2);
    expect(groups[a].reasons).toEqual(
      expect.arrayContaining([
        { name: nameEn(1), count: 1 },
        { name: nameEn(2), count: 1 },
      ]),
    );
    expect(groups[b]).toMatchObject({ total: 1, reasons: [{ name: nameEn(3), count: 1 }] });
    // The unpublish reasons are offered in each owner's language (the form of a group uses its ownerLang).
    expect(res.data.reasons.en).toContainEqual({ code: "rules", text: ADMIN_TEXTS.en.reasons.rules });
    expect(res.data.reasons.ar).toContainEqual({ code: "rules", text: ADMIN_TEXTS.ar.reasons.rules });
    expect(groups[a].ownerLang).toMatch(/^(ar|en)$/);

    // Dismissing B's reports closes them with an audit entry; the listing stays public.
    const audit = await lastAuditId();
    const dismissed = await post({ estate_id: String(listingB), decision: "dismiss", reason_text: "not a problem" });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("Location")).toBe("/admin/reports");
    const closed = await reportsOf(listingB);
    expect(closed).toHaveLength(1);
    expect(closed[0].resolved_at).not.toBeNull();
    expect(closed[0].resolution).toBe("dismissed");
    expect(await isPublic(listingB)).toBe(true);
    expect(await auditAfter(audit)).toMatchObject([
      {
        action: "reports.dismiss",
        subject_type: "estate",
        subject_id: listingB,
        reason: "not a problem",
        actor_id: (await admin()).user.id,
      },
    ]);
    const after = await callLoader(reportsLoader, "/admin/reports", { cookie: (await admin()).cookie });
    expect(after.data.groups.map((g: { estateId: number }) => g.estateId)).not.toContain(listingB);
    expect(after.data.groups.map((g: { estateId: number }) => g.estateId)).toContain(listingA);
  });

  it("unpublishes a reported listing with a reason: rejected, off the public pages, its reports closed, the owner told", async () => {
    const owner = await account("user", { lang: "en" });
    const id = await approvedPost(owner);
    await report(await account("user"), id, 4);
    await report(await account("user"), id, 5);
    expect(await searchesFind(id)).toBe(true);

    const missing = await post({ estate_id: String(id), decision: "unpublish", reason: "other", reason_text: "" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      error: "admin:errors.reason",
      values: { estateId: id, reason: "other", reason_text: "" },
    });
    expect((await estateRow(id)).status).toBe("approved");

    const sms = await lastSmsId();
    const audit = await lastAuditId();
    const res = await post({ estate_id: String(id), decision: "unpublish", reason: "rules", reason_text: "Fake listing" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/reports");
    const row = await estateRow(id);
    expect(row.status).toBe("rejected");
    expect(row.reject_reason!.startsWith(ADMIN_TEXTS.en.reasons.rules)).toBe(true);
    expect(row.reject_reason).toContain("Fake listing");
    expect(await isPublic(id)).toBe(false);
    expect(await searchesFind(id)).toBe(false);
    const reports = await reportsOf(id);
    expect(reports).toHaveLength(2);
    expect(reports.every((r) => r.resolved_at !== null && r.resolution === "unpublished")).toBe(true);
    expect((await smsTo(owner.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("en", "unpublished", { number: row.state_id, reason: row.reject_reason! }),
    ]);
    expect(await auditAfter(audit)).toMatchObject([
      { action: "estate.unpublish", subject_type: "estate", subject_id: id, reason: row.reject_reason },
    ]);

    // No longer public: a second unpublishing is 409.
    const again = await post({ estate_id: String(id), decision: "unpublish", reason: "rules", reason_text: "again" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "admin:errors.state", values: { reason_text: "again" } });
  });

  it("answers an unpublishing of a listing that is not public with 409", async () => {
    const owner = await account("user");
    const pending = await newPost(owner);
    const res = await post({ estate_id: String(pending), decision: "unpublish", reason: "rules" });
    expect(res.status).toBe(409);
    expect((await estateRow(pending)).status).toBe("pending");
    expect((await post({ estate_id: "99999999", decision: "unpublish", reason: "rules" })).status).toBe(409);
  });

  it("unpublishes a staff listing without an owner (no SMS) and closes its reports", async () => {
    const [staff] = await db()
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), isNull(s.estates.user_id)))
      .orderBy(s.estates.id)
      .limit(1);
    await report(await account("user"), staff.id, 2);
    const sms = await lastSmsId();
    const res = await post({ estate_id: String(staff.id), decision: "unpublish", reason: "duplicate" });
    expect(res.status).toBe(302);
    expect(await estateRow(staff.id)).toMatchObject({ status: "rejected", reject_reason: ADMIN_TEXTS.ar.reasons.duplicate });
    expect(await isPublic(staff.id)).toBe(false);
    expect((await reportsOf(staff.id)).every((r) => r.resolution === "unpublished")).toBe(true);
    await runDueJobs(db());
    expect(await db().select().from(s.sms_outbox).where(gt(s.sms_outbox.id, sms))).toEqual([]);
  });

  it.each([
    [{ estate_id: "abc", decision: "dismiss" }],
    [{ estate_id: "0", decision: "unpublish", reason: "rules" }],
    [{ estate_id: "99999999999", decision: "dismiss" }],
    [{ estate_id: "5", decision: "delete" }],
    [{ estate_id: "5" }],
  ])("answers the bad input %j with 400", async (form) => {
    const res = await post(form);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ error: "admin:errors.decision" });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Accounts

describe("accounts (/admin/users)", () => {
  const find = async (q: string) => {
    const res = await callLoader(usersLoader, `/admin/users?q=${encodeURIComponent(q)}`, { cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
    return res.data.accounts as {
      id: number;
      name: string;
      phone: string;
      status: string;
      role: string;
      suspendedReason: string | null;
      posts: number;
    }[];
  };
  const post = async (form: Record<string, string>, cookie?: string) =>
    callAction(usersAction, "/admin/users", { form, cookie: cookie ?? (await admin()).cookie });

  it("finds accounts by a part of the name and by the phone typed in E.164 or nationally", async () => {
    const target = await account("user", { first: "Zeinab", last: "Qassabji", phone: "+963944876543" });
    await newPost(target);
    for (const q of ["Qassab", "zeinab", "Zeinab Qass", "+963944876543", "0944876543", "0944 876 543", "944-876-543"]) {
      const found = await find(q);
      expect(
        found.map((a) => a.id),
        q,
      ).toContain(target.user.id);
    }
    const [row] = (await find("Qassabji")).filter((a) => a.id === target.user.id);
    expect(row).toMatchObject({
      name: "Zeinab Qassabji",
      phone: formatPhone("+963944876543"),
      status: "active",
      role: "user",
      posts: 1,
    });
    expect((await find("Nobody-by-this-name")).map((a) => a.id)).not.toContain(target.user.id);
    expect((await find("0944876599")).map((a) => a.id)).not.toContain(target.user.id);
  });

  it("suspends only with a reason, ends every session at once, hides the posts, and lifting brings them back", async () => {
    const target = await account("user", { first: "Basel", last: "Suspended", lang: "en" });
    // A second login session of the same user.
    const session = await sessionStorage.getSession();
    session.set("token", await createSession(db(), target.user.id));
    const otherCookie = new CookieJar()
      .store(new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) }))
      .header();
    const listing = await approvedPost(target);
    expect(await isPublic(listing)).toBe(true);
    expect(await searchesFind(listing)).toBe(true);

    const noReason = await post({ user_id: String(target.user.id), decision: "suspend", reason_text: "   " });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({ error: "admin:errors.reason", values: { id: target.user.id, reason_text: "   " } });
    expect((await db().select().from(s.users).where(eq(s.users.id, target.user.id)))[0].status).toBe("active");

    const sms = await lastSmsId();
    const audit = await lastAuditId();
    const res = await post({ user_id: String(target.user.id), decision: "suspend", reason_text: "Spam listings", q: "Basel" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/users?q=Basel");
    const [u] = await db().select().from(s.users).where(eq(s.users.id, target.user.id));
    expect(u).toMatchObject({ status: "suspended", suspended_reason: "Spam listings" });
    expect(await db().select().from(s.sessions).where(eq(s.sessions.user_id, target.user.id))).toEqual([]);
    for (const cookie of [target.cookie, otherCookie]) {
      const request = new Request("http://localhost:3000/profile", { headers: { Cookie: cookie } });
      expect(await getCurrentUser(request)).toBeNull();
      const root = await callLoader(rootLoader, "/", { cookie });
      expect(root.data.user).toBeNull();
    }
    expect(await isPublic(listing)).toBe(false);
    expect(await searchesFind(listing)).toBe(false);
    expect((await smsTo(target.user.phone, sms)).map((m) => m.body)).toEqual([
      smsText("en", "suspended", { reason: "Spam listings" }),
    ]);
    expect(await auditAfter(audit)).toMatchObject([
      { action: "user.suspend", subject_type: "user", subject_id: target.user.id, reason: "Spam listings" },
    ]);
    expect((await find("Basel Suspended")).find((a) => a.id === target.user.id)).toMatchObject({
      status: "suspended",
      suspendedReason: "Spam listings",
    });

    // Suspending again is refused.
    expect((await post({ user_id: String(target.user.id), decision: "suspend", reason_text: "again" })).status).toBe(409);

    const liftAudit = await lastAuditId();
    const lifted = await post({ user_id: String(target.user.id), decision: "lift", reason_text: "Appeal accepted" });
    expect(lifted.status).toBe(302);
    expect(lifted.headers.get("Location")).toBe("/admin/users");
    expect((await db().select().from(s.users).where(eq(s.users.id, target.user.id)))[0]).toMatchObject({
      status: "active",
      suspended_reason: null,
      suspended_at: null,
    });
    expect(await isPublic(listing)).toBe(true);
    expect(await searchesFind(listing)).toBe(true);
    expect(await auditAfter(liftAudit)).toMatchObject([
      { action: "user.lift", subject_type: "user", subject_id: target.user.id, reason: "Appeal accepted" },
    ]);
    // The old sessions stay ended: the user logs in again.
    expect(await getCurrentUser(new Request("http://localhost:3000/", { headers: { Cookie: target.cookie } }))).toBeNull();
    expect((await post({ user_id: String(target.user.id), decision: "lift" })).status).toBe(409);
  });

  it("spends the account's password-reset links when suspending: they stay dead after the suspension is lifted", async () => {
    const target = await account("user", { first: "Rami", last: "Resetter" });
    const older = await createPasswordReset(db(), target.user.id);
    const link = await createPasswordReset(db(), target.user.id);
    expect((await callLoader(rpLoader, `/rp?t=${link}`)).data.state).toBe("form");
    expect((await post({ user_id: String(target.user.id), decision: "suspend", reason_text: "Fraud" })).status).toBe(302);
    expect((await post({ user_id: String(target.user.id), decision: "lift", reason_text: "Cleared" })).status).toBe(302);
    for (const token of [older, link]) {
      const page = await callLoader(rpLoader, `/rp?t=${token}`);
      expect(page.status).toBe(400);
      expect(page.data.state).toBe("bad");
    }
    const changed = await callAction(rpAction, `/rp?t=${link}`, {
      form: { password: "new-password-1", password_confirmation: "new-password-1" },
      context: newIp(),
    });
    expect(changed.headers.get("Location")).toBe(`/rp?t=${link}`);
    expect((await db().select().from(s.users).where(eq(s.users.id, target.user.id)))[0].password_hash).toBe("x");
    const unused = await db()
      .select()
      .from(s.password_resets)
      .where(and(eq(s.password_resets.user_id, target.user.id), isNull(s.password_resets.used_at)));
    expect(unused).toEqual([]);
  });

  it("does not let an admin suspend themselves (409), and the admin stays logged in", async () => {
    const me = await account("admin");
    const res = await post({ user_id: String(me.user.id), decision: "suspend", reason_text: "oops" }, me.cookie);
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({ error: "admin:errors.state", values: { reason_text: "oops" } });
    expect((await db().select().from(s.users).where(eq(s.users.id, me.user.id)))[0].status).toBe("active");
    expect((await callLoader(usersLoader, "/admin/users", { cookie: me.cookie })).status).toBe(200);
  });

  it.each([
    [{ user_id: "abc", decision: "suspend", reason_text: "x" }, 400],
    [{ user_id: "0", decision: "lift" }, 400],
    [{ user_id: "99999999999", decision: "lift" }, 400],
    [{ user_id: "5", decision: "delete", reason_text: "x" }, 400],
    [{ user_id: "99999999", decision: "suspend", reason_text: "x" }, 409],
  ])("answers %j with %i", async (form, status) => {
    const res = await post(form);
    expect(res.status).toBe(status);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. Bidirectional reasons and background jobs

describe("bidirectional controls in the back office's reasons", () => {
  const RLO = "\u202E";
  it("refuses them in the free text of every decision with 400 and the translated message, keeping what was typed and changing nothing", async () => {
    const cookie = (await admin()).cookie;
    const owner = await account("user");
    const reason = `Fake${RLO}gpj.exe photos`;
    const audit = await lastAuditId();
    const sms = await lastSmsId();

    const pending = await newPost(owner);
    const reject = await callAction(reviewAction, `/admin/posts/${pending}`, {
      params: { id: String(pending) },
      form: { decision: "reject", reason: "other", reason_text: reason },
      cookie,
    });
    expect(reject.status).toBe(400);
    expect(reject.data).toMatchObject({ error: "forms:errors.bidiChars", values: { reason: "other", reason_text: reason } });
    expect((await estateRow(pending)).status).toBe("pending");

    const listing = await approvedPost(owner);
    for (const decision of ["unpublish", "dismiss"]) {
      const res = await callAction(reportsAction, "/admin/reports", {
        form: { estate_id: String(listing), decision, reason: "rules", reason_text: reason },
        cookie,
      });
      expect(res.status, decision).toBe(400);
      expect(res.data, decision).toMatchObject({ error: "forms:errors.bidiChars", values: { reason_text: reason } });
    }
    expect(await isPublic(listing)).toBe(true);

    const [wanted] = await db()
      .insert(s.property_requests)
      .values({
        user_id: owner.user.id,
        estate_offer_type_id: 1,
        location_id: await place(1),
        estate_type_id: 2,
        notes: "A flat",
      })
      .returning();
    const rejectRequest = await callAction(requestsAction, "/admin/requests", {
      form: { id: String(wanted.id), decision: "reject", reason: "details", reason_text: reason },
      cookie,
    });
    expect(rejectRequest.status).toBe(400);
    expect(rejectRequest.data).toMatchObject({ error: "forms:errors.bidiChars", values: { reason_text: reason } });
    expect((await db().select().from(s.property_requests).where(eq(s.property_requests.id, wanted.id)))[0].status).toBe(
      "pending",
    );

    const suspend = await callAction(usersAction, "/admin/users", {
      form: { user_id: String(owner.user.id), decision: "suspend", reason_text: reason },
      cookie,
    });
    expect(suspend.status).toBe(400);
    expect(suspend.data).toMatchObject({ error: "forms:errors.bidiChars", values: { reason_text: reason } });
    expect((await db().select().from(s.users).where(eq(s.users.id, owner.user.id)))[0].status).toBe("active");

    // Only the setting up (the approval) left a trace: no decision was recorded or sent.
    const actions = (await auditAfter(audit)).map((a) => a.action);
    expect(actions).toContain("estate.approve");
    expect(actions.filter((a) => /reject|unpublish|dismiss|suspend/.test(a))).toEqual([]);
    expect(await smsTo(owner.user.phone, sms)).toEqual([]);
    expect(resources.ar.forms.errors.bidiChars).toBeTruthy();
  });
});

describe("the contact dialog's limit (?dialog=contact)", () => {
  it("shows one account at most 30 numbers an hour, then a translated wait instead of the number; other accounts are not affected", async () => {
    const owner = await account("user");
    const listing = await approvedPost(owner);
    const [office] = await db().select({ id: s.offices.id }).from(s.offices).where(eq(s.offices.is_active, true)).limit(1);
    const reader = await account("user", { lang: "en" });
    const open = (query: string, cookie = reader.cookie) => callLoader(rootLoader, `/estate/${listing}?${query}`, { cookie });
    for (let i = 1; i <= 30; i++) {
      const query = i % 2 ? `dialog=contact&estate_id=${listing}` : `dialog=contact&office_id=${office.id}`;
      const { data, status } = await open(query);
      expect(status, `reveal ${i}`).toBe(200);
      expect(data.dialog?.kind, `reveal ${i}`).toBe("contact");
      expect(data.dialog?.phone, `reveal ${i}`).toBeTruthy();
    }
    for (const query of [`dialog=contact&estate_id=${listing}`, `dialog=contact&office_id=${office.id}`]) {
      const { data, status } = await open(query);
      expect(status).toBe(429);
      expect(data.dialog).toMatchObject({ kind: "contactLimited" });
      expect(data.dialog.minutes).toBeGreaterThanOrEqual(1);
      expect(data.dialog.minutes).toBeLessThanOrEqual(60);
      expect(Object.keys(data.dialog).sort()).toEqual(["kind", "minutes"]);
    }
    expect(resources.en.forms.contactDialog.limited).toContain("{{minutes}}");
    expect(resources.ar.forms.contactDialog.limited).toContain("{{minutes}}");
    // Another account still sees the number.
    const other = await account("user");
    expect((await open(`dialog=contact&estate_id=${listing}`, other.cookie)).data.dialog).toMatchObject({ kind: "contact" });
    // An unknown listing counts nothing and shows nothing.
    expect((await open("dialog=contact&estate_id=2147483600", other.cookie)).data.dialog).toBeNull();
  });
});

describe("background jobs (/admin/jobs)", () => {
  it("lists an SMS given up after its last try with its error; retry queues it again and it is sent once", async () => {
    const phone = "+963944777001";
    const { smsId, jobId: id } = await queueSmsJob(db(), { phone, body: "your code 123456" }, 2);
    const failing = vi.spyOn(outboxSender, "send").mockRejectedValue(new Error("provider down"));
    const log = () => undefined;
    await runDueJobs(db(), { log });
    await runDueJobs(db(), { log, now: new Date(Date.now() + 3_600_000) });
    expect(failing).toHaveBeenCalledTimes(2);
    failing.mockRestore();
    const cookie = (await admin()).cookie;
    const page = await callLoader(jobsLoader, "/admin/jobs", { cookie });
    expect(page.status).toBe(200);
    expect(page.data.seo.title).toBe(ADMIN_TEXTS.ar.jobs.title);
    expect(page.data.failed).toContainEqual(
      expect.objectContaining({ id, task: "sms", attempts: 2, maxAttempts: 2, lastError: "provider down" }),
    );

    const res = await callAction(jobsAction, "/admin/jobs", { form: { id: String(id) }, cookie });
    expect(res).toRedirectTo("/admin/jobs");
    await expect(res).toFlashToast("success", ADMIN_TEXTS.ar.done.retried);
    const waiting = await callLoader(jobsLoader, "/admin/jobs", { cookie });
    expect(waiting.data.failed.map((j: { id: number }) => j.id)).not.toContain(id);
    expect(waiting.data.waiting).toContainEqual({ task: "sms", queued: 1, running: 0 });
    expect(await smsTo(phone, 0)).toMatchObject([{ body: "your code 123456", idempotency_key: `sms:${smsId}` }]);
    expect((await callLoader(jobsLoader, "/admin/jobs", { cookie })).data.waiting).toEqual([]);

    const again = await callAction(jobsAction, "/admin/jobs", { form: { id: String(id) }, cookie });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "admin:errors.state" });
  });

  it("lists a job whose worker died in every try as given up, with why, once its last lease ran out (decision 047)", async () => {
    const phone = "+963944777002";
    const { smsId, jobId: id } = await queueSmsJob(db(), { phone, body: "poison" }, 3);
    const log = () => undefined;
    // Three workers took the job, started it and died (killed, crashed, hung): what the last one left behind.
    await db()
      .update(s.jobs)
      .set({ status: "running", attempts: 3, locked_by: "dead-worker", locked_until: new Date(Date.now() + LEASE_MS) })
      .where(eq(s.jobs.id, id));
    // The next worker comes after the lease ran out.
    await runDueJobs(db(), { log, now: new Date(Date.now() + LEASE_MS + 60_000) });
    expect(await smsTo(phone, 0)).toEqual([]);
    const cookie = (await admin()).cookie;
    const page = await callLoader(jobsLoader, "/admin/jobs", { cookie });
    expect(page.status).toBe(200);
    expect(page.data.failed).toContainEqual(
      expect.objectContaining({ id, task: "sms", attempts: 3, maxAttempts: 3, failure: "lease_expired" }),
    );
    expect(page.data.waiting).not.toContainEqual(expect.objectContaining({ task: "sms" }));
    for (const lang of ["ar", "en"] as const) expect(ADMIN_TEXTS[lang].jobs.reasons.lease_expired).toBeTruthy();
    // An admin can still retry it: it runs with all its tries again.
    const res = await callAction(jobsAction, "/admin/jobs", { form: { id: String(id) }, cookie });
    expect(res).toRedirectTo("/admin/jobs");
    await runDueJobs(db(), { log, now: new Date(Date.now() + 1000) });
    expect(await smsTo(phone, 0)).toMatchObject([{ body: "poison", idempotency_key: `sms:${smsId}` }]);
  });

  it("answers a bad job id with 400 and an unknown one with 409", async () => {
    const cookie = (await admin()).cookie;
    for (const id of ["abc", "0", "99999999999", ""]) {
      expect((await callAction(jobsAction, "/admin/jobs", { form: { id }, cookie })).status, id).toBe(400);
    }
    expect((await callAction(jobsAction, "/admin/jobs", { form: { id: "99999999" }, cookie })).status).toBe(409);
  });
});

// The visitors' offers (once "leads") are in the inbox: tests/inbox.test.ts.

// ---------------------------------------------------------------------------------------------------------------
// 7. Audit page

describe("the audit page (/admin/audit)", () => {
  type Row = { id: number; actor: string | null; action: string; subjectType: string; subjectId: number; reason: string | null };
  const audit = async (query: string) => {
    const res = await callLoader(auditLoader, `/admin/audit${query}`, { cookie: (await admin()).cookie });
    expect(res.status, query).toBe(200);
    return res.data as { rows: Row[]; next: string | null };
  };

  it("lists the entries newest first with who, what, on which record and why; filters by one subject", async () => {
    const owner = await account("user");
    const id = await newPost(owner);
    const a = await admin();
    const res = await callAction(reviewAction, `/admin/posts/${id}`, {
      params: { id: String(id) },
      form: { decision: "reject", reason: "photos", reason_text: "blurry" },
      cookie: a.cookie,
    });
    expect(res.status).toBe(302);
    const reason = (await estateRow(id)).reject_reason;

    const page = await audit("");
    expect(page.rows[0]).toMatchObject({
      action: "estate.reject",
      subjectType: "estate",
      subjectId: id,
      reason,
      actor: `${a.user.first_name} ${a.user.last_name} (${a.user.phone})`,
    });
    const ids = page.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const only = await audit(`?subject=estate&id=${id}`);
    expect(only.rows.map((r) => r.action)).toEqual(["estate.reject", "estate.submit"]);
    expect(only.rows.every((r) => r.subjectType === "estate" && r.subjectId === id)).toBe(true);
    expect(only.rows[1].actor).toBe(`${owner.user.first_name} ${owner.user.last_name} (${owner.user.phone})`);
    expect(only.next).toBeNull();
  });

  it("pages 50 entries at a time with `before`, keeping the subject filter", async () => {
    const a = await admin();
    const [lead] = await db()
      .insert(s.estate_offers)
      .values({ location_id: 1, area: 50, fullname: "Paged", mobile: "0944", subject: "p" })
      .returning();
    for (let i = 0; i < 55; i++) {
      await recordAudit(db(), {
        actorId: a.user.id,
        action: "lead.note",
        subjectType: "lead",
        subjectId: lead.id,
        reason: `note ${i}`,
      });
    }
    const first = await audit(`?subject=lead&id=${lead.id}`);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].reason).toBe("note 54");
    expect(first.next).toBe(`/admin/audit?subject=lead&id=${lead.id}&before=${first.rows[49].id}`);
    const second = await audit(first.next!.slice("/admin/audit".length));
    expect(second.rows.map((r) => r.reason)).toEqual(["note 4", "note 3", "note 2", "note 1", "note 0"]);
    expect(second.next).toBeNull();

    // Unfiltered paging goes on below the last id of the previous page, without gaps or repeats.
    const top = await audit("");
    const below = await audit(`?before=${top.rows[top.rows.length - 1].id}`);
    expect(below.rows.length).toBeGreaterThan(0);
    expect(below.rows[0].id).toBeLessThan(top.rows[top.rows.length - 1].id);
    const [{ id: expectedNext }] = await db()
      .select({ id: s.audit_log.id })
      .from(s.audit_log)
      .where(gt(s.audit_log.id, 0))
      .orderBy(desc(s.audit_log.id))
      .offset(top.rows.length)
      .limit(1);
    expect(below.rows[0].id).toBe(expectedNext);
  });

  it.each([
    ["?subject=estate&id=abc"],
    ["?subject=nonsense&id=5"],
    ["?subject=estate&id=0"],
    ["?subject=estate&id=-3"],
    ["?subject=estate&id=99999999999"],
    ["?subject=estate"],
    ["?id=5"],
    ["?before=abc"],
    ["?before=-1"],
    ["?before=0"],
    ["?before=1e5"],
    ["?before=99999999999"],
    ["?subject=%00&id=%27%20or%201%3D1&before=%E2%80%8F"],
  ])("ignores the bad query %s (the first page, no 500)", async (query) => {
    const plain = await audit("");
    const res = await audit(query);
    expect(res.rows.map((r) => r.id)).toEqual(plain.rows.map((r) => r.id));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 8. Demo admin

describe("the demo admin", () => {
  it("is created as an active admin whose password is the documented one, and an existing account is left as it is", async () => {
    const existing = await db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    expect(existing).toEqual([]);
    const id = await ensureDemoAdmin(db());
    expect(id).not.toBeNull();
    const [row] = await db().select().from(s.users).where(eq(s.users.phone, "+12025550100"));
    expect(row).toMatchObject({ id, phone: "+12025550100", status: "active", role: "admin" });
    expect(await verifyPassword(row.password_hash, DEMO_ADMIN.password)).toBe(true);
    expect(await verifyPassword(row.password_hash, "wrong-password")).toBe(false);

    // An operator changed the account: a later start leaves it unchanged.
    await db()
      .update(s.users)
      .set({ first_name: "Changed", role: "user", password_hash: "changed-hash" })
      .where(eq(s.users.id, row.id));
    const [changed] = await db().select().from(s.users).where(eq(s.users.id, row.id));
    expect(await ensureDemoAdmin(db())).toBeNull();
    const [after] = await db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    expect(after).toEqual(changed);
    expect(await db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone))).toHaveLength(1);
  });
});

describe("back-office edge cases", () => {
  const decide = async (id: number, form: Record<string, string>, cookie: string) =>
    callAction(reviewAction, `/admin/posts/${id}`, { params: { id: String(id) }, form, cookie });

  it("refuses a decision on a post that changed after the admin opened it (409), and takes it on the current version", async () => {
    const owner = await account();
    const id = await newPost(owner);
    const opened = await callLoader(reviewLoader, `/admin/posts/${id}`, {
      params: { id: String(id) },
      cookie: (await admin()).cookie,
    });
    const seen = opened.data.review.version as string;
    await ownerEdit(id, owner, { price: 1_000 });
    const stale = await decide(id, { decision: "approve", version: seen }, (await admin()).cookie);
    expect(stale.status).toBe(409);
    expect((await estateRow(id)).status).toBe("pending");
    const fresh = await callLoader(reviewLoader, `/admin/posts/${id}`, {
      params: { id: String(id) },
      cookie: (await admin()).cookie,
    });
    const ok = await decide(id, { decision: "approve", version: fresh.data.review.version as string }, (await admin()).cookie);
    expect(ok.status).toBe(302);
    expect((await estateRow(id)).status).toBe("approved");
  });

  it("does not put a price in USD into the SYP price ranges of the search", async () => {
    const owner = await account();
    const id = await approvedPost(owner);
    await db().update(s.estates).set({ price: 500_000, currency: "USD" }).where(eq(s.estates.id, id));
    const row = await estateRow(id);
    const cheap = await searchEstates(db(), { location_id: row.location_id, price_domain_id: 2 }, 1, "en");
    expect(cheap.items.map((e) => e.id)).not.toContain(id);
    const any = await searchEstates(db(), { location_id: row.location_id }, 1, "en");
    expect(any.items.map((e) => e.id)).toContain(id);
  });

  it("hides a suspended user's approved property requests from /user-order, and shows them again after the lift", async () => {
    const owner = await account();
    const [request] = await db()
      .insert(s.property_requests)
      .values({
        user_id: owner.user.id,
        estate_offer_type_id: 1,
        location_id: await place(),
        estate_type_id: 1,
        status: "approved",
        notes: `req-${owner.user.id}`,
      })
      .returning();
    const listed = async () =>
      ((await callLoader(userOrderLoader, "/user-order")).data.items as { id: number }[]).map((i) => i.id);
    expect(await listed()).toContain(request.id);
    await db().update(s.users).set({ status: "suspended" }).where(eq(s.users.id, owner.user.id));
    expect(await listed()).not.toContain(request.id);
    await db().update(s.users).set({ status: "active" }).where(eq(s.users.id, owner.user.id));
    expect(await listed()).toContain(request.id);
  });

  it("closes a listing's open reports when its owner deletes it", async () => {
    const owner = await account();
    const reporter = await account();
    const id = await approvedPost(owner);
    await db().insert(s.estate_reports).values({ user_id: reporter.user.id, estate_id: id, report_type_id: 2 });
    await transition(db(), id, "delete", owner.actor);
    const reports = await db().select().from(s.estate_reports).where(eq(s.estate_reports.estate_id, id));
    expect(reports).toEqual([expect.objectContaining({ resolution: "deleted", resolved_at: expect.any(Date) })]);
  });

  it("retires the demo admin in production: no admin role, suspended, logged out", async () => {
    await ensureDemoAdmin(db());
    const [demo] = await db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    await createSession(db(), demo.id);
    expect(await retireDemoAdmin(db())).toBe(true);
    const [after] = await db().select().from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    expect(after).toMatchObject({ role: "user", status: "suspended" });
    expect(await db().select().from(s.sessions).where(eq(s.sessions.user_id, demo.id))).toEqual([]);
    expect(await retireDemoAdmin(db())).toBe(false);
  });

  it("answers control characters in the accounts search and in reasons without a 500, and stores no NUL", async () => {
    const res = await callLoader(usersLoader, "/admin/users?q=%00Sam%01", { cookie: (await admin()).cookie });
    expect(res.status).toBe(200);
    const owner = await account();
    const id = await newPost(owner);
    const rejected = await decide(
      id,
      { decision: "reject", reason: "other", reason_text: "bad\u0000 photos" },
      (await admin()).cookie,
    );
    expect(rejected.status).toBe(302);
    expect((await estateRow(id)).reject_reason).toBe("bad photos");
  });

  it("an unpublished staff listing can be revised back into review and approved again", async () => {
    const [staff] = await db()
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.status, "approved"), isNull(s.estates.user_id)))
      .limit(1);
    const a = (await admin()).actor;
    await transition(db(), staff.id, "unpublish", a, { reason: "false report" });
    expect(await getEstate(db(), staff.id, "en")).toBeNull();
    await transition(db(), staff.id, "revise", a, {});
    expect((await estateRow(staff.id)).status).toBe("pending");
    await transition(db(), staff.id, "approve", a);
    expect(await getEstate(db(), staff.id, "en")).not.toBeNull();
  });
});
