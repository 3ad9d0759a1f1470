import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { resources } from "~/platform/i18n/i18n.server";
import { newIp } from "./helpers/account-flows";
import { api, expectAnswersMatchDocument, expectDone, expectRefused, withToken } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";
import { approvedListing } from "./helpers/posts";

/** The apps' save, unsave and report of a listing (docs/api.md, decision 096), for the token's user. */

const test = useTestDatabase();
const db = () => test.get().db;
const FORMS = resources.ar.forms;
let stateSeq = 9_100_000;

async function savedBy(userId: number, estateId: number) {
  return db()
    .select()
    .from(s.saved_estates)
    .where(and(eq(s.saved_estates.user_id, userId), eq(s.saved_estates.estate_id, estateId)));
}

describe("POST /api/estate/save and DELETE /api/estate/unSave", () => {
  it("saves and unsaves a listing for the token's user only", async () => {
    const estate = await approvedListing(db(), { state_id: ++stateSeq });
    const me = await withToken(db());
    const other = await withToken(db());
    const saved = await api("POST", `/api/estate/save?estate_id=${estate}`, { token: me.token });
    expect(expectDone(saved)).toEqual({ estate_id: estate, is_saved: true });
    expect(saved.body.message).toBe(FORMS.toasts.saved);
    expect(await savedBy(me.user.id, estate)).toHaveLength(1);
    expect(await savedBy(other.user.id, estate)).toHaveLength(0);
    // Another user's token unsaves nothing of mine.
    expectDone(await api("DELETE", `/api/estate/unSave?estate_id=${estate}`, { token: other.token }));
    expect(await savedBy(me.user.id, estate)).toHaveLength(1);
    const unsaved = await api("DELETE", `/api/estate/unSave?estate_id=${estate}`, { token: me.token, lang: "en" });
    expect(expectDone(unsaved)).toEqual({ estate_id: estate, is_saved: false });
    expect(unsaved.body.message).toBe(resources.en.forms.toasts.unsaved);
    expect(await savedBy(me.user.id, estate)).toHaveLength(0);
  });

  it("answers 401 without a token, 404 for a listing that is not public, 422 without an id", async () => {
    const estate = await approvedListing(db(), { state_id: ++stateSeq });
    expectRefused(await api("POST", `/api/estate/save?estate_id=${estate}`), 401);
    expectRefused(await api("POST", `/api/estate/save?estate_id=${estate}`, { token: "q".repeat(43) }), 401);
    const { token, user } = await withToken(db());
    const hidden = await approvedListing(db(), { state_id: ++stateSeq, status: "pending" });
    expectRefused(await api("POST", `/api/estate/save?estate_id=${hidden}`, { token }), 404);
    const none = await api("POST", "/api/estate/save", { token });
    expectRefused(none, 422);
    expect(none.body.errors.estate_id).toEqual([FORMS.errors.checkData]);
    expectRefused(await api("POST", "/api/estate/save?estate_id=abc", { token }), 422);
    expect(await db().select().from(s.saved_estates).where(eq(s.saved_estates.user_id, user.id))).toEqual([]);
  });
});

describe("POST /api/report", () => {
  it("stores one report per user and listing; a repeat is answered as already reported", async () => {
    const estate = await approvedListing(db(), { state_id: ++stateSeq });
    const { token, user } = await withToken(db());
    const form = { estate_id: String(estate), report_type_id: "2" };
    const first = await api("POST", "/api/report", { form, token, context: { clientIp: newIp() } });
    expect(expectDone(first)).toEqual({ estate_id: estate, already: false });
    expect(first.body.message).toBe(FORMS.toasts.reported);
    const rows = await db().select().from(s.estate_reports).where(eq(s.estate_reports.estate_id, estate));
    expect(rows).toMatchObject([{ user_id: user.id, report_type_id: 2 }]);
    const again = await api("POST", "/api/report", { form, token, context: { clientIp: newIp() } });
    expect(expectDone(again)).toEqual({ estate_id: estate, already: true });
    expect(again.body.message).toBe(FORMS.toasts.alreadyReported);
  });

  it("refuses a report without a reason (422), without a token (401), of a hidden listing (404), past 30 an hour (429)", async () => {
    const estate = await approvedListing(db(), { state_id: ++stateSeq });
    const { token } = await withToken(db());
    const noReason = await api("POST", "/api/report", { form: { estate_id: String(estate) }, token });
    expectRefused(noReason, 422);
    expect(noReason.body.errors.report_type_id).toEqual([FORMS.errors.reportReason]);
    expectRefused(await api("POST", "/api/report", { form: { estate_id: String(estate), report_type_id: "1" } }), 401);
    const hidden = await approvedListing(db(), { state_id: ++stateSeq, status: "rejected" });
    expectRefused(await api("POST", "/api/report", { form: { estate_id: String(hidden), report_type_id: "1" }, token }), 404);
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      await api("POST", "/api/report", {
        form: { estate_id: String(estate), report_type_id: "1" },
        token,
        context: { clientIp: ip },
      });
    const limited = await api("POST", "/api/report", {
      form: { estate_id: String(estate), report_type_id: "1" },
      token,
      context: { clientIp: ip },
    });
    expectRefused(limited, 429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("GET /api/article/userGetAll", () => {
  it("answers the published articles, newest first, as a page in the request's language; 404 past the last page", async () => {
    const [shown] = await db()
      .insert(s.articles)
      .values({ title_ar: "مقال جديد", title_en: "A new article", body_ar: "نص", body_en: "Text", image: "cover-1" })
      .returning();
    const [hidden] = await db()
      .insert(s.articles)
      .values({ title_ar: "مسودة", title_en: "A draft", body_ar: "نص", body_en: "Text", is_published: false })
      .returning();
    const list = expectDone(await api("GET", "/api/article/userGetAll", { lang: "en" }));
    expect(list).toMatchObject({ current_page: 1, per_page: 12 });
    expect(list.total).toBeGreaterThanOrEqual(1);
    const ids = list.data.map((a: { id: number }) => a.id);
    expect(ids[0]).toBe(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(list.data[0]).toMatchObject({ title: "A new article", image: expect.stringMatching(/^http:\/\/localhost:3000\//) });
    expect(expectDone(await api("GET", "/api/article/userGetAll")).data[0].title).toBe("مقال جديد");
    expectRefused(await api("GET", `/api/article/userGetAll?page=${list.last_page + 1}`), 404);
    expectRefused(await api("GET", "/api/article/userGetAll?page=x"), 404);
  });
});

describe("the contract", () => {
  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
