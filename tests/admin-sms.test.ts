import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { action as smsAction, loader as smsLoader } from "~/routes/admin/sms";
import { runDueJobs, TASKS } from "~/features/jobs/job-tasks.server";
import type { Job } from "~/platform/jobs/jobs.server";
import { outboxSender, queueSms } from "~/platform/sms/sms.server";
import { resources } from "~/platform/i18n/i18n.server";
import { getEnv } from "~/platform/config/env.server";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader } from "./helpers/remix";
import { queueSmsJob } from "./helpers/sms";

/**
 * Outgoing SMS in the back office (decision 051): each message's life on /admin/sms, found by number and
 * state, a failed one sent again once; codes before bulk; the daily budget stops bulk and lets codes through.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const TEXTS = { ar: resources.ar.admin, en: resources.en.admin };
const quiet = () => undefined;

/** The SMS_DAILY_LIMIT the server read at boot, set for one test (getEnv() is parsed once). */
function setDailyLimit(limit: number) {
  (getEnv() as { SMS_DAILY_LIMIT: number }).SMS_DAILY_LIMIT = limit;
}
afterEach(() => setDailyLimit(0));

async function messageOf(id: number) {
  const [row] = await db().select().from(s.sms_messages).where(eq(s.sms_messages.id, id));
  return row;
}

describe("/admin/sms", () => {
  it("lists every message with its life, finds by number and state, hides codes, and sends a failed one again once", async () => {
    const admin = await account(db(), { role: "admin" });
    const alert = await queueSms(db(), { phone: "+963944810001", body: "3 new flats in Mezzeh" }, { purpose: "alert" });
    const code = await queueSms(db(), { phone: "+963944810002", body: "code 654321" }, { kind: "code", purpose: "signup" });
    const { smsId: failing } = await queueSmsJob(db(), { phone: "+963944810003", body: "listing expires soon" }, 1, {
      purpose: "expiry",
    });
    const send = outboxSender.send.bind(outboxSender);
    vi.spyOn(outboxSender, "send").mockImplementation(async (tx, message) => {
      if (message.phone === "+963944810003") throw new Error("ESME_RINVDSTADR");
      return send(tx, message);
    });
    await runDueJobs(db(), { log: quiet });
    vi.restoreAllMocks();
    expect(await messageOf(alert)).toMatchObject({ state: "sent", provider: "outbox", parts: 1 });
    expect(await messageOf(failing)).toMatchObject({ state: "failed", error: "ESME_RINVDSTADR" });

    const page = await callLoader(smsLoader, "/admin/sms?q=0944810", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.data.seo).toMatchObject({ title: TEXTS.ar.smsLog.title, noindex: true });
    const byId = new Map(page.data.items.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(alert)).toMatchObject({ state: "sent", kind: "bulk", purpose: "alert", body: "3 new flats in Mezzeh" });
    // A code's text is never shown (and was erased once handed over).
    expect(byId.get(code)).toMatchObject({ state: "sent", kind: "code", body: null });
    expect(byId.get(failing)).toMatchObject({ state: "failed", error: "ESME_RINVDSTADR" });

    const failed = await callLoader(smsLoader, "/admin/sms?q=810&state=failed", { cookie: admin.cookie });
    expect(failed.data.items.map((m: { id: number }) => m.id)).toEqual([failing]);
    const other = await callLoader(smsLoader, "/admin/sms?q=0999000111", { cookie: admin.cookie });
    expect(other.data.items).toEqual([]);

    const res = await callAction(smsAction, "/admin/sms?state=failed", { form: { id: String(failing) }, cookie: admin.cookie });
    expect(res).toRedirectTo("/admin/sms?state=failed");
    await expect(res).toFlashToast("success", TEXTS.ar.smsLog.resent);
    expect(await messageOf(failing)).toMatchObject({ state: "queued", error: null });
    const again = await callAction(smsAction, "/admin/sms", { form: { id: String(failing) }, cookie: admin.cookie });
    expect(again.status).toBe(409);
    await runDueJobs(db(), { log: quiet });
    expect(await messageOf(failing)).toMatchObject({ state: "sent" });
    const outbox = await db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, "+963944810003"));
    expect(outbox.map((o) => o.body)).toEqual(["listing expires soon"]);
  });

  it("is for admins only", async () => {
    const user = await account(db());
    expect((await callLoader(smsLoader, "/admin/sms", { cookie: user.cookie })).status).toBe(403);
  });
});

describe("codes first, and the daily budget", () => {
  it("claims a code queued after 30 bulk messages before all of them", async () => {
    const order: string[] = [];
    const send = outboxSender.send.bind(outboxSender);
    vi.spyOn(outboxSender, "send").mockImplementation(async (tx, message) => {
      order.push(message.phone);
      return send(tx, message);
    });
    for (let i = 0; i < 30; i++)
      await queueSms(db(), { phone: `+96394482${String(i).padStart(4, "0")}`, body: "bulk" }, { purpose: "alert" });
    await queueSms(db(), { phone: "+963944830000", body: "code 111222" }, { kind: "code", purpose: "signup" });
    await runDueJobs(db(), { log: quiet });
    vi.restoreAllMocks();
    const mine = order.filter((p) => p.startsWith("+96394482") || p === "+963944830000");
    expect(mine).toHaveLength(31);
    expect(mine[0]).toBe("+963944830000");
  });

  it("stops bulk past SMS_DAILY_LIMIT, records the limit, and still sends codes", async () => {
    const sentBefore = (await db().select().from(s.sms_messages)).filter((m) => m.state === "sent").length;
    setDailyLimit(sentBefore + 1);
    const first = await queueSms(db(), { phone: "+963944840001", body: "alert one" }, { purpose: "alert" });
    await runDueJobs(db(), { log: quiet });
    const second = await queueSms(db(), { phone: "+963944840002", body: "alert two" }, { purpose: "alert" });
    const code = await queueSms(db(), { phone: "+963944840003", body: "code 333444" }, { kind: "code", purpose: "signup" });
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((line) => (lines.push(String(line)), true));
    await runDueJobs(db(), { log: quiet });
    write.mockRestore();
    expect(await messageOf(first)).toMatchObject({ state: "sent" });
    expect(await messageOf(second)).toMatchObject({ state: "failed", error: "daily_limit", body: "alert two" });
    expect(await messageOf(code)).toMatchObject({ state: "sent" });
    expect(lines.join("")).toContain("limit daily_budget reached");
    const hits = await db().select().from(s.sms_limit_hits).where(eq(s.sms_limit_hits.limit_name, "daily_budget"));
    expect(hits).toMatchObject([{ hits: 1 }]);
  });
});

describe("sms.cleanup", () => {
  it("forgets messages older than 90 days that are not waiting, and keeps newer and queued ones", async () => {
    const old = await queueSms(db(), { phone: "+963944850001", body: "old" }, { purpose: "alert" });
    const waiting = await queueSms(db(), { phone: "+963944850002", body: "old but waiting" }, { purpose: "alert" });
    const recent = await queueSms(db(), { phone: "+963944850003", body: "recent" }, { purpose: "alert" });
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    await db().update(s.sms_messages).set({ state: "sent", created_at: longAgo }).where(eq(s.sms_messages.id, old));
    await db().update(s.sms_messages).set({ created_at: longAgo }).where(eq(s.sms_messages.id, waiting));
    await db().update(s.sms_messages).set({ state: "sent" }).where(eq(s.sms_messages.id, recent));
    await db().transaction((tx) => TASKS["sms.cleanup"](tx, {}, { run_at: new Date() } as Job));
    expect(await messageOf(old)).toBeUndefined();
    expect(await messageOf(waiting)).toMatchObject({ state: "queued" });
    expect(await messageOf(recent)).toMatchObject({ state: "sent" });
  });
});
