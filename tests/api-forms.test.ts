import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { resources } from "~/platform/i18n/i18n.server";
import { loader as editorLoader } from "~/routes/post-editor";
import { newIp } from "./helpers/account-flows";
import { api, expectAnswersMatchDocument, expectDone, expectRefused, withToken } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * The apps' forms into the back office's inbox (docs/api.md, decision 096): the contact form (POST
 * /api/contactUs/import) and the offer (POST /api/v2/estate/add, JSON), with the site's schemas and limits.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const FORMS = resources.ar.forms;

/** The newest message of the inbox. */
async function newestMessage() {
  const [row] = await db().select().from(s.messages).orderBy(desc(s.messages.id)).limit(1);
  return row;
}

/** A location id that exists. */
async function aLocation(): Promise<number> {
  const [row] = await db().select({ id: s.locations.id }).from(s.locations).limit(1);
  return row.id;
}

describe("POST /api/contactUs/import", () => {
  it("stores the message for the inbox, with the token's account when one is sent", async () => {
    const answer = await api("POST", "/api/contactUs/import", {
      form: { name: "Samer", mobile: "0944 123 456", subject: "Do you list farms in Tartus?" },
      context: { clientIp: newIp() },
    });
    const data = expectDone(answer);
    expect(answer.body.message).toBe(FORMS.toasts.messageSent);
    const row = await newestMessage();
    expect(row).toMatchObject({ id: data.id, kind: "contact", name: "Samer", mobile: "0944123456", user_id: null });
    expect(row.subject).toBe("Do you list farms in Tartus?");

    const { token, user } = await withToken(db());
    const mine = expectDone(
      await api("POST", "/api/contactUs/import", {
        form: { name: "Rami", mobile: "0944123457", subject: "A question" },
        token,
        context: { clientIp: newIp() },
      }),
    );
    expect((await newestMessage()).id).toBe(mine.id);
    expect((await newestMessage()).user_id).toBe(user.id);
  });

  it("refuses an empty or wrong form (422, the form's texts in the request's language), a bad token (401), and stores nothing", async () => {
    const before = await newestMessage();
    const empty = await api("POST", "/api/contactUs/import", { form: {} });
    expectRefused(empty, 422);
    expect(empty.body.errors).toEqual({
      name: [FORMS.errors.nameRequired],
      mobile: [FORMS.errors.mobileRequired],
      subject: [FORMS.errors.subjectRequired],
    });
    const english = await api("POST", "/api/contactUs/import", {
      form: { name: "Samer", mobile: "12ab", subject: "x".repeat(2001) },
      lang: "en",
    });
    expectRefused(english, 422);
    expect(english.body.errors.mobile[0]).toBe(resources.en.forms.errors.mobileDigits);
    expect(english.body.errors.subject).toEqual([resources.en.forms.errors.subjectMax]);
    const stale = await api("POST", "/api/contactUs/import", {
      form: { name: "Samer", mobile: "0944123456", subject: "Hello" },
      token: "y".repeat(43),
    });
    expectRefused(stale, 401);
    expect((await newestMessage())?.id).toBe(before?.id);
  });

  it("counts every message against the site's limit: past 10 an hour from one address, 429 with Retry-After", async () => {
    const ip = newIp();
    const form = { name: "Samer", mobile: "0944123456", subject: "Hello" };
    for (let i = 0; i < 10; i++) expectDone(await api("POST", "/api/contactUs/import", { form, context: { clientIp: ip } }));
    const refused = await api("POST", "/api/contactUs/import", { form, context: { clientIp: ip } });
    expectRefused(refused, 429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("POST /api/v2/estate/add", () => {
  const offer = async () => ({
    estate_type_id: 1,
    estate_offer_type_id: 1,
    estate_ownership: 1,
    subject: "A flat of three rooms near the old city",
    fullname: "Huda Nasser",
    mobile: "0944555666",
    location_id: await aLocation(),
    area: 120,
    estate_finishing: 2,
  });

  it("a visitor's offer is a lead in the back office's inbox; a user's (token) is their pending post", async () => {
    const body = await offer();
    const answer = await api("POST", "/api/v2/estate/add", { json: body, context: { clientIp: newIp() } });
    const data = expectDone(answer);
    expect(answer.body.message).toBe(FORMS.toasts.offerSent);
    expect(data.kind).toBe("lead");
    const [lead] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.id, data.id));
    expect(lead).toMatchObject({
      status: "pending",
      estate_type_id: 1,
      location_id: body.location_id,
      fullname: "Huda Nasser",
      mobile: "0944555666",
      user_id: null,
    });
    expect(Number(lead.area)).toBe(120);

    const { token, user } = await withToken(db());
    const post = expectDone(await api("POST", "/api/v2/estate/add", { json: body, token, context: { clientIp: newIp() } }));
    expect(post.kind).toBe("post");
    const [estate] = await db().select().from(s.estates).where(eq(s.estates.id, post.id));
    expect(estate.user_id).toBe(user.id);
    expect(estate.location_id).toBe(body.location_id);
  });

  it("refuses what /new-estate refuses (422 'Error submitting offer', each field's text), malformed JSON (400), form data (415)", async () => {
    const empty = await api("POST", "/api/v2/estate/add", { json: {} });
    expectRefused(empty, 422);
    expect(empty.body.message).toBe(FORMS.errors.offerFailed);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["area", "fullname", "location_id", "mobile", "subject"]);
    const english = await api("POST", "/api/v2/estate/add", { json: { ...(await offer()), area: "big" }, lang: "en" });
    expectRefused(english, 422);
    expect(english.body.message).toBe("Error submitting offer. Please try again.");
    expect(english.body.errors).toEqual({ area: [resources.en.forms.errors.areaNumeric] });
    const rent = await api("POST", "/api/v2/estate/add", { json: { ...(await offer()), estate_offer_type_id: 2 } });
    expectRefused(rent, 422);
    expect(rent.body.errors).toEqual({ period_type_id: [FORMS.errors.periodRequired] });
    // A rent without its period is reported with the other fields' errors, in the same 422 (decision 057).
    const rentAndMore = await api("POST", "/api/v2/estate/add", {
      json: { ...(await offer()), estate_offer_type_id: 2, area: "big", fullname: "" },
    });
    expectRefused(rentAndMore, 422);
    expect(rentAndMore.body.errors).toEqual({
      area: [FORMS.errors.areaNumeric],
      fullname: [FORMS.errors.fullnameRequired],
      period_type_id: [FORMS.errors.periodRequired],
    });
    const nowhere = await api("POST", "/api/v2/estate/add", { json: { ...(await offer()), location_id: 999999 } });
    expectRefused(nowhere, 422);
    expect(nowhere.body.errors).toEqual({ location_id: [FORMS.errors.cityRequired] });
    const { token } = await withToken(db());
    const untyped = await api("POST", "/api/v2/estate/add", { json: { ...(await offer()), estate_type_id: null }, token });
    expectRefused(untyped, 422);
    expect(untyped.body.errors).toEqual({ estate_type_id: [FORMS.errors.typeRequired] });
    expectRefused(await api("POST", "/api/v2/estate/add", { raw: { body: "{", type: "application/json" } }), 400);
    expectRefused(await api("POST", "/api/v2/estate/add", { form: { subject: "x" } }), 415);
    expectRefused(await api("POST", "/api/v2/estate/add", { json: await offer(), token: "z".repeat(43) }), 401);
  });

  it("counts every offer against the site's limit: past 10 an hour from one address, 429 with Retry-After", async () => {
    const ip = newIp();
    const body = await offer();
    for (let i = 0; i < 10; i++) expectDone(await api("POST", "/api/v2/estate/add", { json: body, context: { clientIp: ip } }));
    const refused = await api("POST", "/api/v2/estate/add", { json: body, context: { clientIp: ip } });
    expectRefused(refused, 429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("GET /api/user/posts/{id}", () => {
  const DESCRIPTION = "شقة مشمسة في الطابق الثالث مع مصعد وموقف سيارة وإطلالة على الحديقة قرب الجامعة";
  const offer = async (values: Record<string, unknown>) => ({
    estate_type_id: 6,
    estate_offer_type_id: 1,
    estate_ownership: 1,
    subject: DESCRIPTION,
    fullname: "Huda Nasser",
    mobile: "0944555667",
    location_id: await aLocation(),
    area: 120,
    estate_finishing: 2,
    ...values,
  });
  /** Posts `body` as the token's user (their pending post) and returns its id. */
  const post = async (body: unknown, token: string) => {
    const answer = expectDone(await api("POST", "/api/v2/estate/add", { json: body, token, context: { clientIp: newIp() } }));
    expect(answer.kind).toBe("post");
    return answer.id as number;
  };

  it("answers the user's post as its editor shows it, with the user's own listings it likely repeats and the editor's notice", async () => {
    const me = await withToken(db(), { site: true });
    const first = await post(await offer({}), me.token);
    // The same flat posted again: its words in another order and spelling, its area 1% off.
    const again = await post(
      await offer({ area: 121, subject: "قرب الجامعة: شقة مشمسه في الطابق الثالث، مع مصعد وموقف سيارة واطلالة على الحديقة" }),
      me.token,
    );
    const [{ state_id: firstNumber }] = await db().select().from(s.estates).where(eq(s.estates.id, first));
    const [{ state_id: againNumber }] = await db().select().from(s.estates).where(eq(s.estates.id, again));
    const read = expectDone(await api("GET", `/api/user/posts/${again}`, { token: me.token, lang: "en" }));
    expect(read).toMatchObject({
      id: again,
      state_id: againNumber,
      state: "pending",
      estate_type_id: 6,
      estate_offer_type_id: 1,
      reject_reason: null,
      url: `http://localhost:3000/profile/posts/${again}`,
      reposts: [{ id: first, state_id: firstNumber, url: `http://localhost:3000/profile/posts/${first}` }],
      repost_notice: resources.en.forms.post.repost.text.replace("{{number}}", String(firstNumber)),
    });
    expect(read.place.length).toBeGreaterThan(0);
    // The site's editor of the same post tells the same listings.
    const editor = await callLoader(editorLoader, `/profile/posts/${again}`, {
      params: { id: String(again) },
      cookie: me.cookie,
    });
    expect(editor.status).toBe(200);
    expect(read.reposts.map((r: { id: number; state_id: number }) => ({ id: r.id, stateId: r.state_id }))).toEqual(
      editor.data.reposts,
    );
    const arabic = expectDone(await api("GET", `/api/user/posts/${again}`, { token: me.token }));
    expect(arabic.repost_notice).toBe(FORMS.post.repost.text.replace("{{number}}", String(firstNumber)));
    // Another property of the same user repeats nothing.
    const other = await post(
      await offer({ area: 300, subject: "محل تجاري واسع على الشارع الرئيسي بواجهة زجاجية كبيرة" }),
      me.token,
    );
    expect(expectDone(await api("GET", `/api/user/posts/${other}`, { token: me.token }))).toMatchObject({
      reposts: [],
      repost_notice: null,
    });
  });

  it("a post another user repeats is no repost of theirs; another user's post is a 404, and a token is needed", async () => {
    const me = await withToken(db());
    const someone = await withToken(db());
    const mine = await post(await offer({ area: 119 }), me.token);
    const theirs = await post(await offer({ area: 120 }), someone.token);
    // The same property posted by someone else is the moderator's to see (a likely duplicate), not a repost.
    expect(expectDone(await api("GET", `/api/user/posts/${theirs}`, { token: someone.token })).reposts).toEqual([]);
    expectRefused(await api("GET", `/api/user/posts/${mine}`, { token: someone.token }), 404);
    expectRefused(await api("GET", `/api/user/posts/${mine}`), 401);
    expectRefused(await api("GET", "/api/user/posts/99999999", { token: me.token }), 404);
    expectRefused(await api("GET", "/api/user/posts/abc", { token: me.token }), 404);
  });
});

describe("the contract", () => {
  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
