import { and, eq, gt, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { createEstateOffer } from "~/features/inbox/lead.server";
import { createMessage } from "~/features/inbox/message.server";
import { action as consultationAction } from "~/routes/consultation";
import { action as newEstateAction } from "~/routes/estate-offer";
import { runDueJobs, SCHEDULES } from "~/features/jobs/job-tasks.server";
import { sendStaffNotice, STAFF_NOTICE_TASK } from "~/platform/sms/staff-sms.server";
import { queueSms, smsSentToday } from "~/platform/sms/sms.server";
import { getEnv } from "~/platform/config/env.server";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { visitorOffer } from "./helpers/inbox";
import { callAction } from "./helpers/remix";

// The staff of this file (read once by getEnv, before any test runs): two phones, the default hours said explicitly.
const STAFF = vi.hoisted(() => {
  const phones = ["+963900000201", "+963900000202"];
  process.env.STAFF_PHONES = phones.join(",");
  process.env.STAFF_HOURS = "09:00-21:00";
  return phones;
});

/**
 * The staff's notices of visitors' requests (decisions 054 and 081): at most one SMS per staff phone every 10
 * minutes, the first request of a quiet period told at once and the rest of the gap in one later notice with their
 * count, in each staff member's language, with nothing a visitor typed; the night's requests told once at the
 * opening; a budget of their own (SMS_STAFF_DAILY_LIMIT) that leaves SMS_DAILY_LIMIT to alerts, owners' notices
 * and offer links. The clock is faked (Date only) and moved by the tests; jobs run where the worker would run them.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const quiet = () => undefined;

/**
 * 2099-11-`day` at `time` (HH:MM or HH:MM:SS) Damascus time (UTC+3); each test has a day of its own. In the future,
 * so that jobs PostgreSQL dates with its own clock (an SMS's job runs from the database's now) are due at these times.
 */
const at = (day: number, time: string) => new Date(`2099-11-${day}T${time.length === 5 ? `${time}:00` : time}+03:00`);

/** Sets the clock to `time` and runs the jobs due then, as the worker would. */
async function runAt(time: Date): Promise<void> {
  vi.setSystemTime(time);
  await runDueJobs(db(), { log: quiet });
}

type StaffSms = { phone: string; body: string; state: string; error: string | null; at: string };
/** The staff SMS queued after message id `after`, oldest first. */
async function staffSmsAfter(after: number): Promise<StaffSms[]> {
  const rows = await db()
    .select()
    .from(s.sms_messages)
    .where(and(gt(s.sms_messages.id, after), inArray(s.sms_messages.phone, STAFF)))
    .orderBy(s.sms_messages.id);
  return rows.map((r) => {
    // Staff notices are bulk (decision 051) with the purpose of their own budget (decision 081).
    expect([r.kind, r.purpose]).toEqual(["bulk", "staff"]);
    return { phone: r.phone, body: r.body ?? "", state: r.state, error: r.error, at: r.created_at.toISOString() };
  });
}
async function lastSmsId(): Promise<number> {
  const rows = await db().select({ id: s.sms_messages.id }).from(s.sms_messages);
  return Math.max(0, ...rows.map((r) => r.id));
}

const consultation = (name: string, now: Date) =>
  createMessage(db(), { kind: "consultation", name, mobile: "0944123456", subject: "أريد تقييم شقة", user_id: null }, now);
const offer = (fullname: string, now: Date) => createEstateOffer(db(), visitorOffer(fullname), now);

const LINK = "http://localhost:3000/admin/inbox";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  const env = getEnv() as { SMS_DAILY_LIMIT: number; SMS_STAFF_DAILY_LIMIT: number };
  env.SMS_DAILY_LIMIT = 0;
  env.SMS_STAFF_DAILY_LIMIT = 0;
});

describe("staff notices", () => {
  it("give one SMS per staff phone per 10 minutes: the first request at once, the rest of the gap counted in one, in each one's language", async () => {
    // The second staff number is an account that uses the site in English; the first has no account (Arabic).
    await account(db(), { phone: STAFF[1], lang: "en" });
    const after = await lastSmsId();
    const start = at(10, "10:00");
    vi.setSystemTime(start);
    await consultation("R1", start);
    await runAt(start);
    expect(await staffSmsAfter(after)).toEqual([
      {
        phone: STAFF[0],
        body: `جديد في صندوق الطلبات: طلب استشارة واحد. ${LINK}?kind=consultation&state=new`,
        state: "sent",
        error: null,
        at: start.toISOString(),
      },
      {
        phone: STAFF[1],
        body: `New in the inbox: one consultation request. ${LINK}?kind=consultation&state=new`,
        state: "sent",
        error: null,
        at: start.toISOString(),
      },
    ]);

    // Twenty consultation requests, one every 20 seconds, and an offer: nothing more within the 10 minutes.
    for (let i = 1; i <= 20; i++) {
      const now = new Date(start.getTime() + i * 20_000);
      vi.setSystemTime(now);
      await consultation(`R1-${i}`, now);
      await runAt(now);
    }
    await offer("O1", at(10, "10:07"));
    await runAt(at(10, "10:09:59"));
    expect(await staffSmsAfter(after)).toHaveLength(2);
    // One delayed job for the end of the gap, shared by all of them.
    const waiting = await db()
      .select({ key: s.jobs.key, runAt: s.jobs.run_at })
      .from(s.jobs)
      .where(and(eq(s.jobs.task, STAFF_NOTICE_TASK), eq(s.jobs.status, "queued")));
    expect(waiting).toEqual([{ key: `staff.notice:next:${at(10, "10:10").toISOString()}`, runAt: at(10, "10:10") }]);

    // At the end of the gap, one SMS per phone with the count.
    await runAt(at(10, "10:10"));
    const second = (await staffSmsAfter(after)).slice(2);
    expect(second.map((m) => [m.phone, m.body, m.at])).toEqual([
      [STAFF[0], `جديد في صندوق الطلبات: 20 طلب استشارة وعرض عقار واحد. ${LINK}?state=new`, at(10, "10:10").toISOString()],
      [
        STAFF[1],
        `New in the inbox: 20 consultation requests and one property offer. ${LINK}?state=new`,
        at(10, "10:10").toISOString(),
      ],
    ]);

    // A request two minutes later waits for the next end of gap, and that SMS says its count.
    vi.setSystemTime(at(10, "10:12"));
    await consultation("R2", at(10, "10:12"));
    await runAt(at(10, "10:12"));
    await runAt(at(10, "10:19:59"));
    expect(await staffSmsAfter(after)).toHaveLength(4);
    await runAt(at(10, "10:20"));
    // After a quiet period, a request is told at once again.
    vi.setSystemTime(at(10, "10:45"));
    await offer("O2", at(10, "10:45"));
    await runAt(at(10, "10:45"));
    const all = await staffSmsAfter(after);
    expect(all.filter((m) => m.phone === STAFF[0]).map((m) => [m.at, m.body])).toEqual([
      [start.toISOString(), `جديد في صندوق الطلبات: طلب استشارة واحد. ${LINK}?kind=consultation&state=new`],
      [at(10, "10:10").toISOString(), `جديد في صندوق الطلبات: 20 طلب استشارة وعرض عقار واحد. ${LINK}?state=new`],
      [at(10, "10:20").toISOString(), `جديد في صندوق الطلبات: طلب استشارة واحد. ${LINK}?kind=consultation&state=new`],
      [at(10, "10:45").toISOString(), `جديد في صندوق الطلبات: عرض عقار واحد. ${LINK}?kind=offer&state=new`],
    ]);
    expect(all.filter((m) => m.phone === STAFF[1]).map((m) => m.at)).toEqual(
      all.filter((m) => m.phone === STAFF[0]).map((m) => m.at),
    );
    // Every one reached the provider (here the outbox), at most two UCS-2 parts each.
    const outbox = await db().select().from(s.sms_outbox).where(inArray(s.sms_outbox.phone, STAFF));
    expect(outbox).toHaveLength(8);
    expect(all.every((m) => m.state === "sent" && m.body.length <= 134)).toBe(true);
  });

  it("never carry what a visitor typed: a name with a link, the number, the text", async () => {
    const after = await lastSmsId();
    const outboxBefore = (await db().select({ id: s.sms_outbox.id }).from(s.sms_outbox)).length;
    const now = at(11, "11:00");
    vi.setSystemTime(now);
    const name = "Ahmad https://evil.example/x";
    const form = await callAction(consultationAction, "/consultation", {
      form: { name, mobile: "0944777666", subject: "call me at https://evil.example/now" },
      context: { clientIp: "10.81.0.1" },
    });
    expect(form.status).toBe(302);
    const offerForm = await callAction(newEstateAction, "/new-estate", {
      form: {
        subject: "www.evil.example",
        fullname: "Visit evil.example/win",
        mobile: "0944555444",
        location_id: "1",
        area: "120",
      },
      context: { clientIp: "10.81.0.2" },
    });
    expect(offerForm.status).toBe(302);
    await runAt(now);
    await runAt(at(11, "11:10"));
    const sms = await staffSmsAfter(after);
    expect(sms.map((m) => m.body)).toEqual([
      `جديد في صندوق الطلبات: طلب استشارة واحد وعرض عقار واحد. ${LINK}?state=new`,
      `New in the inbox: one consultation request and one property offer. ${LINK}?state=new`,
    ]);
    const outbox = (await db().select().from(s.sms_outbox).where(inArray(s.sms_outbox.phone, STAFF))).slice(outboxBefore);
    const stored = [...sms.map((m) => m.body), ...outbox.map((o) => o.body)].join("\n");
    for (const typed of ["evil", "Ahmad", "Visit", "0944777666", "0944555444"]) expect(stored).not.toContain(typed);
  });

  it("tell nothing outside the hours nor for contact messages, and what came in at night once at the opening", async () => {
    const after = await lastSmsId();
    vi.setSystemTime(at(12, "21:00"));
    const night = await consultation("Night", at(12, "21:00"));
    const contact = await createMessage(
      db(),
      { kind: "contact", name: "C", mobile: "0944", subject: "x", user_id: null },
      at(12, "12:00"),
    );
    await offer("Early", at(13, "08:59"));
    await consultation("Late", at(12, "23:10"));
    await runAt(at(13, "08:59"));
    expect(await staffSmsAfter(after)).toEqual([]);
    const rows = await db()
      .select()
      .from(s.messages)
      .where(inArray(s.messages.id, [night, contact]));
    expect(rows.map((r) => r.staff_notified_at)).toEqual([null, null]);
    // At the opening, two workers run the scheduled notice at once: one SMS per phone in all.
    const opening = at(13, "09:00");
    vi.setSystemTime(opening);
    const runs = await Promise.all([
      db().transaction((tx) => sendStaffNotice(tx, opening)),
      db().transaction((tx) => sendStaffNotice(tx, opening)),
    ]);
    expect(runs.map((r) => r.consultations + r.offers).sort()).toEqual([0, 3]);
    const sms = await staffSmsAfter(after);
    expect(sms.map((m) => [m.phone, m.body])).toEqual([
      [STAFF[0], `جديد في صندوق الطلبات: طلبا استشارة وعرض عقار واحد. ${LINK}?state=new`],
      [STAFF[1], `New in the inbox: 2 consultation requests and one property offer. ${LINK}?state=new`],
    ]);
    await runAt(opening);
    const [told] = await db().select().from(s.messages).where(eq(s.messages.id, contact));
    expect(told.staff_notified_at).toBeNull();
    expect(SCHEDULES).toContainEqual({ task: STAFF_NOTICE_TASK, everyMs: 15 * 60_000 });
  });

  it("have a budget of their own: spent by visitors, it leaves alerts, owners' notices, offer links and codes sendable", async () => {
    const day = at(14, "09:00");
    vi.setSystemTime(day);
    const env = getEnv() as { SMS_DAILY_LIMIT: number; SMS_STAFF_DAILY_LIMIT: number };
    // One notice to the two phones a day; three general messages beside them.
    env.SMS_STAFF_DAILY_LIMIT = 2;
    env.SMS_DAILY_LIMIT = (await smsSentToday(db(), day)) + 3;
    const after = await lastSmsId();
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((line) => (lines.push(String(line)), true));
    for (const [i, time] of ["09:00", "09:01", "09:05", "09:11", "09:15", "09:22"].entries()) {
      vi.setSystemTime(at(14, time));
      await consultation(`B${i}`, at(14, time));
      await runAt(at(14, time));
    }
    await runAt(at(14, "09:32"));
    write.mockRestore();
    expect(lines.join("")).toContain("[sms] limit staff_budget reached: SMS_STAFF_DAILY_LIMIT 2:");
    // Notices at 09:00, 09:11 (09:01 to 09:11) and 09:22 (09:15 and 09:22): the first within the budget.
    const staff = await staffSmsAfter(after);
    expect(staff.map((m) => [m.at, m.state, m.error])).toEqual([
      [at(14, "09:00").toISOString(), "sent", null],
      [at(14, "09:00").toISOString(), "sent", null],
      [at(14, "09:11").toISOString(), "failed", "staff_daily_limit"],
      [at(14, "09:11").toISOString(), "failed", "staff_daily_limit"],
      [at(14, "09:22").toISOString(), "failed", "staff_daily_limit"],
      [at(14, "09:22").toISOString(), "failed", "staff_daily_limit"],
    ]);
    const [hit] = await db().select().from(s.sms_limit_hits).where(eq(s.sms_limit_hits.limit_name, "staff_budget"));
    expect(hit.hits).toBe(4);

    // The visitors spent the staff's budget only: an alert, an owner's notice and an offer link go, and a code.
    vi.setSystemTime(at(14, "09:40"));
    const ids = [
      await queueSms(db(), { phone: "+963944810101", body: "3 new flats in Mezzeh" }, { purpose: "alert" }),
      await queueSms(db(), { phone: "+963944810102", body: "Your ad 100200 is published." }, { purpose: "owner" }),
      await queueSms(db(), { phone: "+963944810103", body: "Complete your offer: https://x/od/t" }, { purpose: "offer_link" }),
    ];
    await runAt(at(14, "09:40"));
    // SMS_DAILY_LIMIT still holds for its own messages: a fourth bulk one is stopped, and a code still goes.
    ids.push(
      await queueSms(db(), { phone: "+963944810104", body: "A fourth notice" }, { purpose: "alert" }),
      await queueSms(db(), { phone: "+963944810105", body: "code 123456" }, { kind: "code", purpose: "signup" }),
    );
    await runAt(at(14, "09:41"));
    const sent = await db().select().from(s.sms_messages).where(inArray(s.sms_messages.id, ids)).orderBy(s.sms_messages.id);
    expect(sent.map((m) => [m.purpose, m.state, m.error])).toEqual([
      ["alert", "sent", null],
      ["owner", "sent", null],
      ["offer_link", "sent", null],
      ["alert", "failed", "daily_limit"],
      ["signup", "sent", null],
    ]);
    expect(await smsSentToday(db(), at(14, "09:40"), "staff")).toBe(2);
  });
});
