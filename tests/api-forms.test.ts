import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { resources } from "~/platform/i18n/i18n.server";
import { account } from "./helpers/accounts";
import { newIp } from "./helpers/account-flows";
import { api, expectAnswersMatchDocument, expectDone, expectRefused } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";

/**
 * The apps' forms into the back office's inbox (docs/api.md, decision 096): the contact form (POST
 * /api/contactUs/import) and the offer (POST /api/v2/estate/add, JSON), with the site's schemas and limits.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const FORMS = resources.ar.forms;
const PASSWORD = "secret-pass-1";

/** A user logged in through the API: the account and its token. */
async function withToken() {
  const made = await account(db(), { password: PASSWORD, loggedIn: false });
  const answer = await api("POST", "/api/login", {
    form: { authentication: made.typed, password: PASSWORD },
    context: { clientIp: newIp() },
  });
  return { ...made, token: expectDone(answer).token as string };
}

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

    const { token, user } = await withToken();
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

    const { token, user } = await withToken();
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
    const nowhere = await api("POST", "/api/v2/estate/add", { json: { ...(await offer()), location_id: 999999 } });
    expectRefused(nowhere, 422);
    expect(nowhere.body.errors).toEqual({ location_id: [FORMS.errors.cityRequired] });
    const { token } = await withToken();
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

describe("the contract", () => {
  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
