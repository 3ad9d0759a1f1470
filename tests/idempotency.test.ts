import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/db/schema";
import { action as callUsAction } from "~/routes/call-us";
import { action as consultationAction } from "~/routes/consultation";
import { action as requestAction } from "~/routes/create-real-estate-request";
import { action as newEstateAction } from "~/routes/new-estate";
import { action as reportAction } from "~/routes/report";
import { action as saveAction } from "~/routes/save";
import { resources } from "~/services/i18n.server";
import { IDEMPOTENCY_FIELD, OUTBOX_DONE_COOKIE, OUTBOX_FIELD } from "~/utils/outbox-common";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction } from "./helpers/remix";

/**
 * Issue 12: "nothing is sent twice (an idempotency key per submission, checked by the server, so that a retried post
 * of the same submission is answered as the first one was)". services/idempotency.server.ts, decision 023.
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

async function keptAnswers(key: string) {
  return db().select().from(s.idempotent_posts).where(eq(s.idempotent_posts.key, key));
}

describe("answerOnce: a submission sent twice is taken once", () => {
  it("stores a consultation once and answers the repeat as the first answer (redirect and toast), without the outbox's cookie", async () => {
    const key = randomUUID();
    const name = uniq("Huda ");
    const form = { name, mobile: "0944123456", subject: "استشارة", [IDEMPOTENCY_FIELD]: key };
    const first = await callAction(consultationAction, "/consultation", { form, context: newIp() });
    expect(first).toRedirectTo("/consultation");
    await expect(first).toFlashToast("success", TOASTS.messageSent);
    const second = await callAction(consultationAction, "/consultation", { form, context: newIp() });
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
    for (let i = 0; i < 3; i++) {
      const res = await callAction(callUsAction, "/call-us", { form, context: newIp() });
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
    for (let i = 0; i < 2; i++) {
      const refused = await callAction(consultationAction, "/consultation", { form: bad, context: newIp() });
      expect(refused.status).toBe(400);
      expect(refused.data.lastResult.initialValue).toMatchObject({ name, mobile: "12" });
      expect(refused.headers.getSetCookie()).toContain(`${OUTBOX_DONE_COOKIE}=${key}.refused; Path=/; Max-Age=60; SameSite=Lax`);
      expect(await keptAnswers(key)).toHaveLength(0);
    }
    const good = { ...bad, mobile: "0944123456", subject: "Now complete" };
    expect(await callAction(consultationAction, "/consultation", { form: good, context: newIp() })).toRedirectTo("/consultation");
    expect(await callAction(consultationAction, "/consultation", { form: good, context: newIp() })).toRedirectTo("/consultation");
    expect(await messagesNamed(name)).toHaveLength(1);
  });

  it("takes two posts of one submission that arrive together once (the second waits for the first)", async () => {
    const key = randomUUID();
    const name = uniq("Lina ");
    const form = { name, mobile: "0944123456", subject: "Together", [IDEMPOTENCY_FIELD]: key };
    const [a, b] = await Promise.all([
      callAction(consultationAction, "/consultation", { form, context: newIp() }),
      callAction(consultationAction, "/consultation", { form, context: newIp() }),
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
    await callAction(consultationAction, "/consultation", { form, context: newIp() });
    await callAction(callUsAction, "/call-us", { form, context: newIp() });
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
    const first = await callAction(newEstateAction, "/new-estate", { form: offer, context: newIp() });
    const again = await callAction(newEstateAction, "/new-estate", { form: offer, context: newIp() });
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
