import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { action as callUsAction } from "~/routes/contact";
import { action as consultationAction } from "~/routes/consultation";
import { action as requestAction } from "~/routes/property-request-form";
import { action as newEstateAction } from "~/routes/estate-offer";
import { action as reportAction } from "~/routes/estate-report";
import { action as saveAction } from "~/routes/estate-save-toggle";
import { resources } from "~/platform/i18n/i18n.server";
import {
  IDEMPOTENCY_FIELD,
  OUTBOX_DONE_COOKIE,
  OUTBOX_FIELD,
  OUTBOX_SCOPE_COOKIE,
  OUTBOX_SCOPE_HEADER,
} from "~/features/offline/outbox-common";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, CookieJar } from "./helpers/remix";

/**
 * Nothing is sent twice: an idempotency key per submission, checked by the server, so that a retried post
 * of the same submission is answered as the first one was. features/forms/idempotency.server.ts, decision 023.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const TOASTS = resources.ar.forms.toasts;

let ipSeq = 0;
const newIp = () => ({ clientIp: `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` });
let seq = 0;
const uniq = (prefix: string) => `${prefix}${++seq}i${Date.now() % 100000}`;

async function messagesNamed(name: string) {
  return db().select().from(s.messages).where(eq(s.messages.name, name));
}

/** The answers kept for the browser's key `key`, whoever sent it (the server stores it after its scope). */
async function keptAnswers(key: string) {
  return db()
    .select()
    .from(s.idempotent_posts)
    .where(like(s.idempotent_posts.key, `%:${key}`));
}

/**
 * A visitor's browser with the service worker: the options of its posts (a new IP, and the worker's scope header, a
 * secret of this browser, decision 046).
 */
function worker() {
  const scope = { [OUTBOX_SCOPE_HEADER]: randomUUID() };
  return () => ({ context: newIp(), headers: scope });
}

describe("answerOnce: a submission sent twice is taken once", () => {
  it("stores a consultation once and answers the repeat as the first answer (redirect and toast), without the outbox's cookie", async () => {
    const key = randomUUID();
    const name = uniq("Huda ");
    const form = { name, mobile: "0944123456", subject: "استشارة", [IDEMPOTENCY_FIELD]: key };
    const browser = worker();
    const first = await callAction(consultationAction, "/consultation", { form, ...browser() });
    expect(first).toRedirectTo("/consultation");
    await expect(first).toFlashToast("success", TOASTS.messageSent);
    const second = await callAction(consultationAction, "/consultation", { form, ...browser() });
    expect(second.status).toBe(first.status);
    expect(second).toRedirectTo("/consultation");
    await expect(second).toFlashToast("success", TOASTS.messageSent);
    expect(await messagesNamed(name)).toHaveLength(1);
    expect(await keptAnswers(key)).toMatchObject([{ path: "/consultation", status: first.status, location: "/consultation" }]);
    // Posts from a page (not the outbox) are not given the outbox's cookie.
    expect(second.headers.getSetCookie().some((c) => c.startsWith(`${OUTBOX_DONE_COOKIE}=`))).toBe(false);
  });

  it("answers the outbox's posts with the outbox_done cookie naming the key, the first and the repeat", async () => {
    const key = randomUUID();
    const name = uniq("Maya ");
    const form = { name, mobile: "0944123456", subject: "Contact", [IDEMPOTENCY_FIELD]: key, [OUTBOX_FIELD]: "1" };
    const browser = worker();
    for (let i = 0; i < 3; i++) {
      const res = await callAction(callUsAction, "/call-us", { form, ...browser() });
      expect(res).toRedirectTo("/call-us");
      await expect(res).toFlashToast("success", TOASTS.messageSent);
      expect(res.headers.getSetCookie()).toContain(`${OUTBOX_DONE_COOKIE}=${key}.taken; Path=/; Max-Age=60; SameSite=Lax`);
    }
    expect(await messagesNamed(name)).toHaveLength(1);
  });

  it("keeps nothing for a refused post: the same submission is checked again and refused again, then taken once corrected", async () => {
    const key = randomUUID();
    const name = uniq("Rami ");
    const bad = { name, mobile: "12", subject: "", [IDEMPOTENCY_FIELD]: key, [OUTBOX_FIELD]: "1" };
    const browser = worker();
    for (let i = 0; i < 2; i++) {
      const refused = await callAction(consultationAction, "/consultation", { form: bad, ...browser() });
      expect(refused.status).toBe(400);
      expect(refused.data.lastResult.initialValue).toMatchObject({ name, mobile: "12" });
      expect(refused.headers.getSetCookie()).toContain(`${OUTBOX_DONE_COOKIE}=${key}.refused; Path=/; Max-Age=60; SameSite=Lax`);
      expect(await keptAnswers(key)).toHaveLength(0);
    }
    const good = { ...bad, mobile: "0944123456", subject: "Now complete" };
    expect(await callAction(consultationAction, "/consultation", { form: good, ...browser() })).toRedirectTo("/consultation");
    expect(await callAction(consultationAction, "/consultation", { form: good, ...browser() })).toRedirectTo("/consultation");
    expect(await messagesNamed(name)).toHaveLength(1);
  });

  it("takes two posts of one submission that arrive together once (the second waits for the first)", async () => {
    const key = randomUUID();
    const name = uniq("Lina ");
    const form = { name, mobile: "0944123456", subject: "Together", [IDEMPOTENCY_FIELD]: key };
    const browser = worker();
    const [a, b] = await Promise.all([
      callAction(consultationAction, "/consultation", { form, ...browser() }),
      callAction(consultationAction, "/consultation", { form, ...browser() }),
    ]);
    expect(a).toRedirectTo("/consultation");
    expect(b).toRedirectTo("/consultation");
    expect(await messagesNamed(name)).toHaveLength(1);
  });

  it("takes posts without a key, or with a key that is not a UUID, as before: each one stored", async () => {
    const name = uniq("Nour ");
    const extras: Record<string, string>[] = [
      {},
      { [IDEMPOTENCY_FIELD]: "not-a-uuid" },
      { [IDEMPOTENCY_FIELD]: "x".repeat(5000) },
    ];
    for (const extra of extras) {
      const res = await callAction(consultationAction, "/consultation", {
        form: { name, mobile: "0944123456", subject: "Again", ...extra },
        context: newIp(),
      });
      expect(res).toRedirectTo("/consultation");
    }
    expect(await messagesNamed(name)).toHaveLength(3);
  });

  it("keeps one key apart per form: the same key on another form is another submission", async () => {
    const key = randomUUID();
    const name = uniq("Sara ");
    const form = { name, mobile: "0944123456", subject: "Two forms", [IDEMPOTENCY_FIELD]: key };
    const browser = worker();
    await callAction(consultationAction, "/consultation", { form, ...browser() });
    await callAction(callUsAction, "/call-us", { form, ...browser() });
    expect(await messagesNamed(name)).toHaveLength(2);
    expect((await keptAnswers(key)).map((r) => r.path).sort()).toEqual(["/call-us", "/consultation"]);
  });

  it("a visitor's save (sent to log in) keeps nothing: after logging in, the same submission is taken", async () => {
    const result = await db().execute(sql`select id from estates where status = 'approved' order by id limit 1`);
    const estateId = String(((result as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]))[0].id);
    const key = randomUUID();
    const form = { estate_id: estateId, is_saved: "1", redirectTo: `/estate/${estateId}`, [IDEMPOTENCY_FIELD]: key };
    const visitor = await callAction(saveAction, "/save", { form });
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    expect(await keptAnswers(key)).toHaveLength(0);
    const { user, cookie } = await account(db());
    for (let i = 0; i < 2; i++)
      expect(await callAction(saveAction, "/save", { form, cookie })).toRedirectTo(`/estate/${estateId}`);
    const saved = await db().select().from(s.saved_estates).where(eq(s.saved_estates.user_id, user.id));
    expect(saved).toHaveLength(1);
  });

  it("wraps every form the offline queue sends: new offer, property request and report take a key too", async () => {
    // The same key twice on each: the second answer is the first's redirect (nothing stored twice is checked by the
    // kept answer: one row per form, with the redirect's Location).
    const key = randomUUID();
    const { cookie } = await account(db());
    const offer = {
      subject: "شقة للبيع",
      estate_offer_type_id: "1",
      location_id: "1",
      area: "120",
      fullname: uniq("Offer "),
      mobile: "0944123456",
      [IDEMPOTENCY_FIELD]: key,
    };
    const browser = worker();
    const first = await callAction(newEstateAction, "/new-estate", { form: offer, ...browser() });
    const again = await callAction(newEstateAction, "/new-estate", { form: offer, ...browser() });
    expect(first).toRedirectTo("/new-estate?sent=1");
    expect(again).toRedirectTo("/new-estate?sent=1");
    await expect(again).toFlashToast("success", TOASTS.offerSent);
    const offers = await db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, offer.fullname));
    expect(offers).toHaveLength(1);

    const request = await callAction(requestAction, "/create-real-estate-request", {
      form: { [IDEMPOTENCY_FIELD]: key },
      cookie,
      context: newIp(),
    });
    expect(request.status).toBe(400); // refused: nothing kept for this form
    expect((await keptAnswers(key)).map((r) => r.path)).toEqual(["/new-estate"]);
    const report = await callAction(reportAction, "/report", { form: { [IDEMPOTENCY_FIELD]: key }, context: newIp() });
    expect(report.status).toBeLessThan(500);
  });
});

describe("a key belongs to who posts it (decision 046)", () => {
  /** The first approved listings' ids, as form values. */
  async function approvedIds(n: number): Promise<string[]> {
    const result = await db().execute(sql`select id from estates where status = 'approved' order by id limit ${n}`);
    const rows = (result as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]);
    return rows.map((row) => String(row.id));
  }

  it("a second account posting the first one's key gets its own save done, with its own redirect and toast", async () => {
    const [first, second] = await approvedIds(2);
    const key = randomUUID();
    const a = await account(db());
    const b = await account(db());
    const save = (estateId: string) => ({
      estate_id: estateId,
      is_saved: "1",
      redirectTo: `/estate/${estateId}`,
      [IDEMPOTENCY_FIELD]: key,
    });
    const byA = await callAction(saveAction, "/save", { form: save(first), cookie: a.cookie });
    expect(byA).toRedirectTo(`/estate/${first}`);
    const byB = await callAction(saveAction, "/save", { form: save(second), cookie: b.cookie });
    expect(byB).toRedirectTo(`/estate/${second}`);
    await expect(byB).toFlashToast("success", TOASTS.saved);
    const savedBy = async (userId: number) =>
      (await db().select().from(s.saved_estates).where(eq(s.saved_estates.user_id, userId))).map((r) => String(r.estate_id));
    expect(await savedBy(b.user.id)).toEqual([second]);
    expect(await savedBy(a.user.id)).toEqual([first]);
    // Each account's repeat is still answered once, with its own answer.
    expect(await callAction(saveAction, "/save", { form: save(first), cookie: a.cookie })).toRedirectTo(`/estate/${first}`);
    expect(await callAction(saveAction, "/save", { form: save(second), cookie: b.cookie })).toRedirectTo(`/estate/${second}`);
    expect(await savedBy(b.user.id)).toEqual([second]);
  });

  it("visitors: another browser's key is a new post; each browser's repeat is answered once (worker's header)", async () => {
    const key = randomUUID();
    const name = uniq("Scoped ");
    const form = { name, mobile: "0944123456", subject: "Two browsers", [IDEMPOTENCY_FIELD]: key };
    const one = worker();
    const two = worker();
    expect(await callAction(consultationAction, "/consultation", { form, ...one() })).toRedirectTo("/consultation");
    const other = await callAction(consultationAction, "/consultation", { form, ...two() });
    expect(other).toRedirectTo("/consultation");
    await expect(other).toFlashToast("success", TOASTS.messageSent);
    expect(await messagesNamed(name)).toHaveLength(2);
    await callAction(consultationAction, "/consultation", { form, ...one() });
    await callAction(consultationAction, "/consultation", { form, ...two() });
    expect(await messagesNamed(name)).toHaveLength(2);
  });

  it("visitors without the worker are scoped by the outbox_scope cookie the server sets on its answer", async () => {
    const key = randomUUID();
    const name = uniq("Cookie ");
    const form = { name, mobile: "0944123456", subject: "By cookie", [IDEMPOTENCY_FIELD]: key };
    const jar = new CookieJar();
    const first = await callAction(callUsAction, "/call-us", { form, context: newIp() });
    jar.store(first.headers);
    const scope = jar.get(OUTBOX_SCOPE_COOKIE);
    expect(scope).toMatch(/^[\w-]{22,}$/);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`${OUTBOX_SCOPE_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The same browser again (its cookie): the first answer, nothing stored twice.
    const repeat = await callAction(callUsAction, "/call-us", { form, cookie: jar.header(), context: newIp() });
    expect(repeat).toRedirectTo("/call-us");
    await expect(repeat).toFlashToast("success", TOASTS.messageSent);
    expect(await messagesNamed(name)).toHaveLength(1);
    // Another visitor with the same key (another cookie, or none): a post of its own.
    const stranger = await callAction(callUsAction, "/call-us", {
      form,
      cookie: `${OUTBOX_SCOPE_COOKIE}=${randomUUID()}`,
      context: newIp(),
    });
    expect(stranger).toRedirectTo("/call-us");
    expect(await messagesNamed(name)).toHaveLength(2);
    await callAction(callUsAction, "/call-us", { form, context: newIp() });
    expect(await messagesNamed(name)).toHaveLength(3);
    // The kept answers name no browser's secret: the scope is stored hashed.
    for (const row of await keptAnswers(key)) expect(row.key).not.toContain(scope!);
  });
});
