import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { createEstateOffer } from "~/features/inbox/lead.server";
import { createMessage } from "~/features/inbox/message.server";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox";
import { loader as leadsLoader } from "~/routes/admin/leads-moved";
import { action as callUsAction, loader as callUsLoader } from "~/routes/contact";
import { loader as consultationLoader } from "~/routes/consultation";
import { replyHours, withinStaffHours } from "~/platform/sms/staff-sms.server";
import { damascusMinutes } from "~/platform/i18n/dates";
import { parseStaffHours } from "~/platform/config/env.server";
import { account, type Account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { visitorOffer } from "./helpers/inbox";
import { callAction, callLoader } from "./helpers/remix";

// The staff of this file (read once by getEnv, before any test runs): two phones, the default hours said explicitly.
const STAFF = vi.hoisted(() => {
  const phones = ["+963900000101", "+963900000102"];
  process.env.STAFF_PHONES = ` ${phones[0]}, ${phones[1]} `;
  process.env.STAFF_HOURS = "09:00-21:00";
  return phones;
});

/**
 * The back office's inbox (docs/decisions/054): the states of a request through the route's plain form posts (take,
 * done, spam, back to new; audited; 409 when stale; 400 for a forged form), the filters and the menu's count, the
 * working hours and how the public pages state them; contact messages are listed and not announced. The staff's
 * notices themselves: tests/staff-sms.test.ts. Times are fixed (Damascus is UTC+3).
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** A time today-independent: 2026-11-26 at `hhmm` Damascus time (UTC+3). */
const damascus = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+03:00`);

let seq = 0;
const uniq = (prefix: string) => `${prefix}${Date.now() % 100000}-${++seq}`;

const admins: Account[] = [];
async function admin(n = 0): Promise<Account> {
  while (admins.length <= n) admins.push(await account(db(), { role: "admin", first: "Hala", last: `Inbox${admins.length}` }));
  return admins[n];
}

/** The staff SMS queued (as `sms` jobs) after job id `after`, with their phone and text. */
async function staffSmsAfter(after: number): Promise<{ phone: string; body: string; purpose: string }[]> {
  const rows = await db()
    .select({
      phone: s.sms_messages.phone,
      body: s.sms_messages.body,
      purpose: s.sms_messages.purpose,
      kind: s.sms_messages.kind,
    })
    .from(s.sms_messages)
    .where(gt(s.sms_messages.id, after))
    .orderBy(s.sms_messages.id);
  // Staff messages are bulk (decision 051): they never take a code's place in the queue.
  expect(rows.filter((r) => STAFF.includes(r.phone)).every((r) => r.kind === "bulk")).toBe(true);
  return rows.filter((r) => STAFF.includes(r.phone)).map((r) => ({ phone: r.phone, body: r.body ?? "", purpose: r.purpose }));
}
async function lastSmsId(): Promise<number> {
  const [row] = await db().select({ id: s.sms_messages.id }).from(s.sms_messages).orderBy(desc(s.sms_messages.id)).limit(1);
  return row?.id ?? 0;
}
async function lastAuditId(): Promise<number> {
  const [row] = await db().select({ id: s.audit_log.id }).from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
  return row?.id ?? 0;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("working hours (STAFF_HOURS)", () => {
  it("reads HH:MM-HH:MM as minutes and refuses other texts, a start not before the end, and times past 24:00", () => {
    expect(parseStaffHours("09:00-21:00")).toEqual({ start: 540, end: 1260 });
    expect(parseStaffHours("00:00-24:00")).toEqual({ start: 0, end: 1440 });
    for (const bad of ["9-21", "21:00-09:00", "09:00-09:00", "09:00-24:30", "25:00-26:00", "09:60-21:00", ""]) {
      expect(parseStaffHours(bad), bad).toBeNull();
    }
  });

  it("is checked with STAFF_PHONES when the environment is parsed at boot: a bad value stops the process", async () => {
    const run = promisify(execFile);
    const script =
      'import("./app/platform/config/env.server.ts").then((m) => { const e = m.getEnv(); console.log(JSON.stringify([e.STAFF_PHONES, e.STAFF_HOURS])); })';
    const boot = async (env: Record<string, string>) => {
      const { VITEST: _v, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, STAFF_PHONES: _s, STAFF_HOURS: _h, ...rest } = process.env;
      try {
        const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["-e", script], {
          env: { ...rest, ...env } as NodeJS.ProcessEnv,
          encoding: "utf8",
        });
        return { code: 0, out: stdout.trim() };
      } catch (error) {
        const e = error as { code: number; stderr: string };
        return { code: e.code, out: e.stderr };
      }
    };
    expect(await boot({})).toEqual({ code: 0, out: JSON.stringify([[], { start: 540, end: 1260 }]) });
    expect(await boot({ STAFF_PHONES: "+963944000001,+963944000002", STAFF_HOURS: "00:00-24:00" })).toEqual({
      code: 0,
      out: JSON.stringify([["+963944000001", "+963944000002"], { start: 0, end: 1440 }]),
    });
    const badPhone = await boot({ STAFF_PHONES: "+963944000001,0944000002" });
    expect(badPhone.code).not.toBe(0);
    expect(badPhone.out).toContain("STAFF_PHONES must be E.164 numbers");
    const badHours = await boot({ STAFF_HOURS: "21:00-09:00" });
    expect(badHours.code).not.toBe(0);
    expect(badHours.out).toContain("STAFF_HOURS must be HH:MM-HH:MM");
  });

  it("tells the hours in Damascus time, the start inclusive and the end exclusive", () => {
    expect(damascusMinutes(new Date("2026-11-26T06:00:00Z"))).toBe(9 * 60);
    const hours = { start: 540, end: 1260 };
    expect(withinStaffHours(damascus("08:59"), hours)).toBe(false);
    expect(withinStaffHours(damascus("09:00"), hours)).toBe(true);
    expect(withinStaffHours(damascus("20:59"), hours)).toBe(true);
    expect(withinStaffHours(damascus("21:00"), hours)).toBe(false);
    expect(withinStaffHours(damascus("23:30"), { start: 0, end: 1440 })).toBe(true);
  });
});

describe("the reply times on the public pages", () => {
  it("state the working hours in a way that does not depend on the time of day", async () => {
    expect(replyHours({ start: 540, end: 1260 })).toEqual({ start: "09:00", end: "21:00" });
    expect(replyHours({ start: 0, end: 1440 })).toBeNull();
    for (const [loader, url] of [
      [consultationLoader, "/consultation"],
      [callUsLoader, "/call-us"],
    ] as const) {
      const page = await callLoader(loader, url);
      expect(page.data.replyHours).toEqual({ start: "09:00", end: "21:00" });
    }
  });
});

describe("the inbox (/admin/inbox)", () => {
  type Item = { kind: string; id: number; name: string; state: string; takenBy: string | null; offer: unknown; at: string };
  const list = async (query = "", cookie?: string) => {
    const res = await callLoader(inboxLoader, `/admin/inbox${query}`, { cookie: cookie ?? (await admin()).cookie });
    expect(res.status).toBe(200);
    return res.data as { items: Item[]; total: number; page: number; pageCount: number };
  };
  const post = async (form: Record<string, string>, who = 0, url = "/admin/inbox") =>
    callAction(inboxAction, url, { form, cookie: (await admin(who)).cookie });

  it("lists the three kinds newest first, with the offer's facts, and filters by kind and state", async () => {
    const tag = uniq("Mix ");
    const base = Date.now() + 60_000;
    await createMessage(
      db(),
      { kind: "contact", name: `${tag} contact`, mobile: "0944", subject: "hi", user_id: null },
      new Date(base),
    );
    await createEstateOffer(db(), visitorOffer(`${tag} offer`), new Date(base + 1000));
    await createMessage(
      db(),
      { kind: "consultation", name: `${tag} consultation`, mobile: "0944", subject: "q", user_id: null },
      new Date(base + 2000),
    );
    const all = await list();
    expect(all.items.slice(0, 3).map((i) => i.name)).toEqual([`${tag} consultation`, `${tag} offer`, `${tag} contact`]);
    const offer = all.items[1];
    expect(offer).toMatchObject({ kind: "offer", state: "new", takenBy: null, offer: { offerTypeId: 2, area: 120 } });
    expect((offer.offer as { place: string }).place).not.toBe("");
    const offers = await list("?kind=offer");
    expect(offers.items.every((i) => i.kind === "offer")).toBe(true);
    expect(offers.items.some((i) => i.name === `${tag} offer`)).toBe(true);
    const contacts = await list("?kind=contact&state=new");
    expect(contacts.items.map((i) => i.kind)).not.toContain("consultation");
    expect(contacts.items[0].name).toBe(`${tag} contact`);
    expect((await list("?state=spam")).items.some((i) => i.name.startsWith(tag))).toBe(false);
    // An unknown filter shows everything; a page past the last is a 404.
    expect((await list("?kind=nope")).total).toBe(all.total);
    const past = await callLoader(inboxLoader, `/admin/inbox?page=${all.pageCount + 1}`, { cookie: (await admin()).cookie });
    expect(past.status).toBe(404);
  });

  it("pages the two tables as one list, 30 a page, newest first, with nothing twice", async () => {
    const start = Date.now() + 3_600_000;
    const tag = uniq("Page ");
    // 20 spam messages and 20 spam offers, alternating in time, newer than anything else in the file.
    for (let i = 0; i < 20; i++) {
      await db()
        .insert(s.messages)
        .values({
          kind: "contact",
          name: `${tag} m${i}`,
          mobile: "0944",
          subject: "x",
          inbox_state: "spam",
          created_at: new Date(start + i * 2000),
        });
      await db()
        .insert(s.estate_offers)
        .values({ ...visitorOffer(`${tag} o${i}`), inbox_state: "spam", created_at: new Date(start + i * 2000 + 1000) });
    }
    const first = await list("?state=spam");
    const second = await list("?state=spam&page=2");
    expect(first.items).toHaveLength(30);
    expect(first.pageCount).toBe(Math.ceil(first.total / 30));
    const mine = [...first.items, ...second.items].filter((i) => i.name.startsWith(tag)).map((i) => i.name);
    const expected = Array.from({ length: 20 }, (_, k) => 19 - k).flatMap((i) => [`${tag} o${i}`, `${tag} m${i}`]);
    expect(mine).toEqual(expected);
  });

  it("takes, finishes, marks spam and reopens through plain form posts, each audited; a stale change is a 409", async () => {
    const name = uniq("State ");
    const id = await createMessage(db(), { kind: "consultation", name, mobile: "0944", subject: "q", user_id: null }, new Date());
    const hala = await admin(0);
    const other = await admin(1);
    const audit = await lastAuditId();
    const menuBefore = (await callLoader(layoutLoader, "/admin/inbox", { cookie: hala.cookie })).data.inboxNew as number;

    const take = await post(
      { kind: "consultation", id: String(id), state: "new", decision: "take" },
      0,
      "/admin/inbox?kind=consultation&page=1",
    );
    expect(take.status).toBe(302);
    expect(take.headers.get("Location")).toBe("/admin/inbox?kind=consultation");
    let [row] = await db().select().from(s.messages).where(eq(s.messages.id, id));
    expect(row).toMatchObject({ inbox_state: "in_progress", taken_by: hala.user.id });
    expect((await list("?kind=consultation&state=in_progress")).items.find((i) => i.id === id)).toMatchObject({
      takenBy: "Hala Inbox0",
    });
    expect((await callLoader(layoutLoader, "/admin", { cookie: hala.cookie })).data.inboxNew).toBe(menuBefore - 1);

    // Another admin's page still showed it new: taking it again is refused, and nothing changes.
    const stale = await post({ kind: "consultation", id: String(id), state: "new", decision: "take" }, 1);
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ error: "admin:errors.state" });
    [row] = await db().select().from(s.messages).where(eq(s.messages.id, id));
    expect(row.taken_by).toBe(hala.user.id);

    expect((await post({ kind: "consultation", id: String(id), state: "in_progress", decision: "done" }, 1)).status).toBe(302);
    [row] = await db().select().from(s.messages).where(eq(s.messages.id, id));
    expect(row).toMatchObject({ inbox_state: "done", taken_by: hala.user.id });
    expect((await post({ kind: "consultation", id: String(id), state: "done", decision: "reopen" })).status).toBe(302);
    [row] = await db().select().from(s.messages).where(eq(s.messages.id, id));
    expect(row).toMatchObject({ inbox_state: "new", taken_by: null });
    expect((await post({ kind: "consultation", id: String(id), state: "new", decision: "spam" }, 1)).status).toBe(302);
    [row] = await db().select().from(s.messages).where(eq(s.messages.id, id));
    expect(row).toMatchObject({ inbox_state: "spam", taken_by: other.user.id });

    const entries = await db()
      .select()
      .from(s.audit_log)
      .where(and(gt(s.audit_log.id, audit), eq(s.audit_log.subject_id, id), eq(s.audit_log.subject_type, "message")))
      .orderBy(s.audit_log.id);
    expect(entries.map((e) => [e.action, e.actor_id, e.details])).toEqual([
      ["inbox.take", hala.user.id, { kind: "consultation", from: "new", to: "in_progress" }],
      ["inbox.done", other.user.id, { kind: "consultation", from: "in_progress", to: "done" }],
      ["inbox.reopen", hala.user.id, { kind: "consultation", from: "done", to: "new" }],
      ["inbox.spam", other.user.id, { kind: "consultation", from: "new", to: "spam" }],
    ]);
  });

  it("handles a visitor's offer (audited as a lead) and refuses a logged-in user's post, a wrong kind and forged forms", async () => {
    const id = await createEstateOffer(db(), visitorOffer(uniq("Offer ")), new Date());
    const done = await post({ kind: "offer", id: String(id), state: "new", decision: "done" });
    expect(done.status).toBe(302);
    const [row] = await db().select().from(s.estate_offers).where(eq(s.estate_offers.id, id));
    expect(row).toMatchObject({ inbox_state: "done", taken_by: (await admin()).user.id });
    const [entry] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.subject_type, "lead"), eq(s.audit_log.subject_id, id)));
    expect(entry.action).toBe("inbox.done");

    const owner = await account(db());
    const [own] = await db()
      .insert(s.estate_offers)
      .values({ location_id: 1, area: 80, fullname: "Owner", mobile: "0944", subject: "mine", user_id: owner.user.id })
      .returning();
    expect((await post({ kind: "offer", id: String(own.id), state: "new", decision: "take" })).status).toBe(409);
    // A message's id sent as another kind is not that message.
    const msg = await createMessage(
      db(),
      { kind: "contact", name: "K", mobile: "0944", subject: "x", user_id: null },
      new Date(),
    );
    expect((await post({ kind: "consultation", id: String(msg), state: "new", decision: "take" })).status).toBe(409);
    // A decision that does not apply to the state shown.
    expect((await post({ kind: "contact", id: String(msg), state: "new", decision: "reopen" })).status).toBe(409);
    for (const form of <Record<string, string>[]>[
      {},
      { kind: "letter", id: String(msg), state: "new", decision: "take" },
      { kind: "contact", id: "abc", state: "new", decision: "take" },
      { kind: "contact", id: String(msg), state: "lost", decision: "take" },
      { kind: "contact", id: String(msg), state: "new", decision: "delete" },
    ]) {
      const res = await post(form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.data).toEqual({ error: "admin:errors.decision" });
    }
    const [untouched] = await db().select().from(s.messages).where(eq(s.messages.id, msg));
    expect(untouched.inbox_state).toBe("new");
  });

  it("counts new requests on the dashboard, linked to the inbox, and sends /admin/leads there for good", async () => {
    const cookie = (await admin()).cookie;
    const before = (await callLoader(dashboardLoader, "/admin", { cookie })).data.counts.inbox as number;
    await createMessage(db(), { kind: "contact", name: "D", mobile: "0944", subject: "x", user_id: null }, new Date());
    expect((await callLoader(dashboardLoader, "/admin", { cookie })).data.counts.inbox).toBe(before + 1);
    expect((await callLoader(layoutLoader, "/admin", { cookie })).data.inboxNew).toBe(before + 1);
    const moved = await callLoader(leadsLoader, "/admin/leads", { cookie });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/admin/inbox?kind=offer");
  });

  it("also counts the call-us form's messages, which are listed but not announced", async () => {
    const after = await lastSmsId();
    const name = uniq("Contact ");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(damascus("11:00"));
    const res = await callAction(callUsAction, "/call-us", {
      form: { name, mobile: "0944123456", subject: "سؤال" },
      context: { clientIp: "10.23.0.2" },
    });
    vi.useRealTimers();
    expect(res.status).toBe(302);
    expect(await staffSmsAfter(after)).toEqual([]);
    expect((await list("?kind=contact&state=new")).items.some((i) => i.name === name)).toBe(true);
  });
});
