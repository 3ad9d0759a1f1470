// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { recordSmsLimitHit } from "~/platform/sms/sms-limits.server";
import AdminDashboard, { loader as adminLoader } from "~/routes/admin/dashboard";
import AuditPage, { loader as auditLoader } from "~/routes/admin/audit-log";
import { action as forgotAction } from "~/routes/password-forgotten";
import { responsesSettled } from "~/features/accounts/account.server";
import { pageTranslator, resources } from "~/platform/i18n/i18n.server";
import { LIMITS } from "~/platform/http/rate-limit.server";
import { checkCodeSms, queueCodeSms } from "~/features/accounts/sms-codes.server";
import { damascusDayStart, formatDateTime, isoDay } from "~/platform/i18n/dates";
import { getEnv } from "~/platform/config/env.server";
import { escapeHtml } from "~/platform/http/html";
import {
  createUser,
  formErrors,
  lastResult,
  newIp,
  newPhone,
  outbox,
  pendingRegistration,
  postConfirm,
  register,
  registration,
  registrationRows,
  TOO_MANY,
} from "./helpers/account-flows";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar, type Reply } from "./helpers/remix";

/**
 * Codes by SMS against SMS pumping (decision 053), through the account forms' actions: only to numbers of
 * SMS_COUNTRIES, at most 5 a day per number and 20 a day per address, each limit reached recorded and shown on the
 * back office's first page; and the back office's times in Damascus time with the zone named.
 */
const page = vi.hoisted(() => ({ loaderData: undefined as unknown }));
vi.mock("@remix-run/react", async (importOriginal) => {
  const { createElement: h } = await import("react");
  const original = await importOriginal<typeof import("@remix-run/react")>();
  return {
    ...original,
    useLoaderData: () => page.loaderData,
    useActionData: () => undefined,
    useNavigation: () => ({ state: "idle" }),
    useRouteLoaderData: () => undefined,
    Link: ({ to, prefetch: _p, ...props }: Record<string, unknown>) => h("a", { ...props, href: to }),
  };
});

const test = useTestDatabase();
const db = () => test.get().db;

/** A German mobile number (outside the default SMS_COUNTRIES, SY), as typed and in E.164. */
let germanSeq = 0;
function germanPhone(): { typed: string; e164: string } {
  const n = String(1000000 + ++germanSeq);
  return { typed: `0151 2${n}`, e164: `+49151 2${n}`.replace(" ", "") };
}

/** Renders a page component with `loaderData`, in `lng`, as the server sends its HTML. */
async function renderPage(component: ComponentType, loaderData: unknown, lng: "ar" | "en") {
  page.loaderData = loaderData;
  const translator = pageTranslator(lng);
  return renderToString(createElement(TranslatorProvider, { translator }, createElement(component))).replaceAll("<!-- -->", "");
}

/** Today's count of one limit in sms_limit_hits (0 when it was not reached). */
async function hitsToday(name: string): Promise<number> {
  const [row] = await db()
    .select()
    .from(s.sms_limit_hits)
    .where(and(eq(s.sms_limit_hits.day, isoDay(new Date())), eq(s.sms_limit_hits.limit_name, name)));
  return row?.hits ?? 0;
}

/** What was queued for a number, sent or not: its `sms` jobs that name it and its rows of sms_messages. */
async function smsJobs(phone: string) {
  const jobs = await db().select().from(s.jobs).where(eq(s.jobs.task, "sms"));
  const messages = await db().select().from(s.sms_messages).where(eq(s.sms_messages.phone, phone));
  return [...jobs.filter((j) => (j.payload as { phone?: string }).phone === phone), ...messages];
}

/** Posts /forgot-password for a number, then waits for the work the answer does not wait for (the link's SMS). */
async function forgot(typed: string, ip: string, country = "SY"): Promise<Reply> {
  const res = await callAction(forgotAction, "/forgot-password", {
    form: { country, authentication: typed },
    context: { clientIp: ip },
  });
  await responsesSettled();
  return res;
}

/** Sets environment values for one test (getEnv() is parsed once); undone after it. */
const saved: Array<() => void> = [];
function setEnv<K extends "SMS_COUNTRIES" | "SMS_DAILY_LIMIT" | "SMS_PROVIDER">(key: K, value: ReturnType<typeof getEnv>[K]) {
  const env = getEnv();
  const before = env[key];
  env[key] = value;
  saved.push(() => (env[key] = before));
}

afterEach(() => {
  vi.useRealTimers();
  while (saved.length) saved.pop()!();
});

describe("codes only to numbers of SMS_COUNTRIES", () => {
  it("refuses a sign-up with a number of another country: the translated reason, every typed value but the password, nothing queued, recorded", async () => {
    expect(getEnv().SMS_COUNTRIES).toEqual(["SY"]);
    const before = await hitsToday("country");
    const phone = germanPhone();
    const fields = registration({ country: "DE", authentication: phone.typed });
    const res = await register(new CookieJar(), fields, { clientIp: newIp() });
    expect(res.status).toBe(400);
    expect(res).toHaveFormErrors("account:errors.registerFailed", {
      key: "account:smsCodes.country",
      values: { countries: "سوريا" },
    });
    expect(lastResult(res)?.initialValue).toMatchObject({
      first_name: fields.first_name,
      last_name: fields.last_name,
      country: "DE",
      authentication: phone.typed,
    });
    expect(lastResult(res)?.initialValue).not.toHaveProperty("password");
    expect(res.headers.get("Location")).toBeNull();
    expect(await registrationRows(phone.e164)).toHaveLength(0);
    expect(await smsJobs(phone.e164)).toHaveLength(0);
    expect(await outbox(phone.e164)).toHaveLength(0);
    expect(await hitsToday("country")).toBe(before + 1);
    // The text a person reads, in both languages.
    expect(resources.ar.account.smsCodes.country).toContain("{{countries}}");
    expect(resources.en.account.smsCodes.country).toContain("{{countries}}");
  });

  it("answers a reset for a number of another country with the same refusal whether it has an account, queueing nothing", async () => {
    const before = await hitsToday("country");
    const known = germanPhone();
    await account(db(), { phone: known.e164 });
    const unknown = germanPhone();
    const a = await forgot(known.typed, newIp(), "DE");
    const b = await forgot(unknown.typed, newIp(), "DE");
    expect(a.status).toBe(400);
    expect(a).toHaveFormErrors({ key: "account:smsCodes.country", values: { countries: "سوريا" } });
    expect(formErrors(b)).toEqual(formErrors(a));
    expect(b.status).toBe(a.status);
    expect(lastResult(a)?.initialValue).toMatchObject({ country: "DE", authentication: known.typed });
    expect(await smsJobs(known.e164)).toHaveLength(0);
    expect(await outbox(known.e164)).toHaveLength(0);
    expect(await hitsToday("country")).toBe(before + 2);
  });

  it("follows SMS_COUNTRIES: a resent code to a Syrian number is refused once only Germany is listed, and a German number is then served", async () => {
    const { jar, phone } = await pendingRegistration({ clientIp: newIp() });
    setEnv("SMS_COUNTRIES", ["DE"]);
    const res = await postConfirm(jar, { intent: "resend" }, { clientIp: newIp() });
    expect(res.status).toBe(400);
    expect(res).toHaveFormErrors("account:errors.resendFailed", {
      key: "account:smsCodes.country",
      values: { countries: "ألمانيا" },
    });
    expect(await outbox(phone.e164)).toHaveLength(1);
    const german = germanPhone();
    const ok = await register(new CookieJar(), registration({ country: "DE", authentication: german.typed }));
    expect(ok).toRedirectTo("/confirm");
    expect(await outbox(german.e164)).toHaveLength(1);
  });
});

describe("SMS_COUNTRIES", () => {
  /** Reads the environment in a new process as the server does at start: its exit status and what it printed. */
  const readEnv = (value: string) =>
    spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["-e", 'import("./app/platform/config/env.server.ts").then((m) => console.log(m.getEnv().SMS_COUNTRIES.join()))'],
      {
        env: { ...process.env, SMS_COUNTRIES: value },
        encoding: "utf8",
      },
    );

  it("takes ISO codes of the phone field's countries in any case, and refuses a start with another code or none", () => {
    const ok = readEnv(" sy, lb ");
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim()).toBe("SY,LB");
    for (const bad of ["SY,XX", "Syria", ","]) {
      const refused = readEnv(bad);
      expect(refused.status, bad).not.toBe(0);
      expect(refused.stderr, bad).toContain("SMS_COUNTRIES");
    }
  });
});

describe("codes a day", () => {
  it("sends at most 5 codes a day to one number (3 an hour): the 6th is refused with tooMany and recorded as phone_day", async () => {
    expect(LIMITS.smsPhone).toEqual({ points: 3, duration: 3600 });
    expect(LIMITS.smsPhoneDay).toEqual({ points: 5, duration: 86400 });
    const user = await createUser();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    let before = await hitsToday("phone_day");
    for (let i = 1; i <= 3; i++) expect((await forgot(user.typed, newIp())).status, `code ${i}`).toBe(302);
    // The 4th within the hour is refused by the hourly limit, which is not a daily limit reached.
    const hourly = await forgot(user.typed, newIp());
    expect(hourly.status).toBe(429);
    expect(hourly).toHaveFormErrors(TOO_MANY);
    expect(await hitsToday("phone_day")).toBe(before);
    // An hour later two more go (5 in the day)…
    vi.setSystemTime(Date.now() + 61 * 60_000);
    for (let i = 4; i <= 5; i++) expect((await forgot(user.typed, newIp())).status, `code ${i}`).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(5);
    // …and the 6th is refused, from any address, and recorded (on the Damascus day it is now).
    before = await hitsToday("phone_day");
    const sixth = await forgot(user.typed, newIp());
    expect(sixth.status).toBe(429);
    expect(sixth).toHaveFormErrors(TOO_MANY);
    expect(lastResult(sixth)?.initialValue).toMatchObject({ country: "SY", authentication: user.typed });
    expect(await outbox(user.phone)).toHaveLength(5);
    expect(await hitsToday("phone_day")).toBe(before + 1);
    // The window is 24 hours from the first code: the next day codes go again.
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
    expect((await forgot(user.typed, newIp())).status).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(6);
  });

  it("sends at most 20 codes a day from one address: the 21st is refused alike for a number with or without an account, and recorded as ip_day", async () => {
    expect(LIMITS.smsIpDay).toEqual({ points: 20, duration: 86400 });
    const ip = newIp();
    const before = await hitsToday("ip_day");
    const first = await createUser();
    expect((await forgot(first.typed, ip)).status).toBe(302);
    // Sign-ups and resets count together: the address's codes, whichever form asked.
    for (let i = 2; i <= 20; i++) {
      const res = i % 2 ? await forgot(newPhone().typed, ip) : await register(new CookieJar(), registration(), { clientIp: ip });
      expect(res.status, `code ${i}`).toBe(302);
    }
    const user = await createUser();
    const refused = await forgot(user.typed, ip);
    expect(refused.status).toBe(429);
    expect(refused).toHaveFormErrors(TOO_MANY);
    const stranger = await forgot(newPhone().typed, ip);
    expect(stranger.status).toBe(429);
    expect(formErrors(stranger)).toEqual(formErrors(refused));
    const signUp = newPhone();
    const third = await register(new CookieJar(), registration({ authentication: signUp.typed }), { clientIp: ip });
    expect(third.status).toBe(429);
    expect(third).toHaveFormErrors("account:errors.registerFailed", TOO_MANY);
    expect(await outbox(user.phone)).toHaveLength(0);
    expect(await registrationRows(signUp.e164)).toHaveLength(0);
    expect(await hitsToday("ip_day")).toBe(before + 3);
    // Another address is not affected.
    expect((await forgot(user.typed, newIp())).status).toBe(302);
  });
});

describe("one way to queue a code", () => {
  it("queues a code only with an unspent clearance of checkCodeSms for its number", async () => {
    const phone = newPhone().e164;
    const check = await checkCodeSms(db(), { phone, ip: newIp(), locale: "en" });
    expect(check.kind).toBe("cleared");
    if (check.kind !== "cleared") return;
    await expect(queueCodeSms(db(), check.clearance, { phone: newPhone().e164, body: "x" }, "signup")).rejects.toThrow(
      /clearance/,
    );
    await queueCodeSms(db(), check.clearance, { phone, body: "code 123456" }, "signup");
    await expect(queueCodeSms(db(), check.clearance, { phone, body: "code 654321" }, "signup")).rejects.toThrow(/clearance/);
    expect(await outbox(phone)).toEqual([expect.objectContaining({ body: "code 123456" })]);
  });

  it("is the only place in app/ that queues an SMS of kind code", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && /queueSms\([^;]*kind:\s*["']code["']/.test(fs.readFileSync(file, "utf8")))
          found.push(file);
      }
    };
    walk(path.resolve("app"));
    expect(found.map((f) => path.relative(process.cwd(), f))).toEqual([
      path.join("app", "features", "accounts", "sms-codes.server.ts"),
    ]);
  });
});

describe("the back office's first page (/admin)", () => {
  it("shows today's SMS limits reached, each translated with its count and last time in Damascus time, and the day's SMS against SMS_DAILY_LIMIT", async () => {
    const admin = await account(db(), { role: "admin" });
    const now = new Date();
    const dayStart = damascusDayStart(now);
    // Yesterday's hits and messages are not today's.
    await recordSmsLimitHit(db(), "daily_budget", "test", new Date(dayStart.getTime() - 60_000));
    await recordSmsLimitHit(db(), "ip_day", "test", now);
    const ipDay = await hitsToday("ip_day");
    await db()
      .insert(s.sms_messages)
      .values([
        { phone: "+963944000001", kind: "code", purpose: "signup", state: "sent", sent_at: now },
        { phone: "+963944000002", kind: "bulk", purpose: "alert", state: "delivered", sent_at: dayStart },
        { phone: "+963944000003", kind: "bulk", purpose: "alert", state: "sent", sent_at: new Date(dayStart.getTime() - 1) },
        { phone: "+963944000004", kind: "bulk", purpose: "alert", state: "queued" },
        { phone: "+963944000005", kind: "bulk", purpose: "alert", state: "failed" },
      ]);
    const [ipRow] = await db()
      .select()
      .from(s.sms_limit_hits)
      .where(and(eq(s.sms_limit_hits.day, isoDay(now)), eq(s.sms_limit_hits.limit_name, "ip_day")));

    setEnv("SMS_DAILY_LIMIT", 1000);
    const res = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const sent = res.data.sms.sent as number;
    expect(sent).toBeGreaterThanOrEqual(2);
    const en = await renderPage(AdminDashboard, res.data, "en");
    const EN = resources.en.admin.smsLimits;
    expect(en).toContain(escapeHtml(EN.title));
    expect(en).toContain(escapeHtml(EN.names.ip_day));
    expect(en).not.toContain(escapeHtml(EN.names.daily_budget));
    expect(en).toMatch(new RegExp(`<td><bdi dir="ltr">${ipDay}</bdi></td>`));
    const last = `${formatDateTime(ipRow.last_at)}</bdi> (Damascus time)`;
    expect(en).toContain(last);
    expect(en).toContain(`${sent} of 1,000`);
    expect(en).toContain('href="/admin/sms"');
    const ar = await renderPage(AdminDashboard, res.data, "ar");
    expect(ar).toContain(escapeHtml(resources.ar.admin.smsLimits.names.ip_day));
    expect(ar).toContain(`${formatDateTime(ipRow.last_at)}</bdi> (بتوقيت دمشق)`);
    expect(ar).toContain(`${sent} من 1,000`);

    // Without a budget the page says so; one more message sent today counts, one sent before the day does not.
    setEnv("SMS_DAILY_LIMIT", 0);
    await db()
      .insert(s.sms_messages)
      .values({ phone: "+963944000006", kind: "bulk", purpose: "alert", state: "sent", sent_at: now });
    const again = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(again.data.sms).toMatchObject({ sent: sent + 1, budget: null });
    expect(await renderPage(AdminDashboard, again.data, "en")).toContain(`${sent + 1} (no daily limit)`);
  });

  it("says in both languages, above everything, that SMS reach no phone while SMS_PROVIDER is the outbox alone", async () => {
    const admin = await account(db(), { role: "admin" });
    const outboxOnly = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(outboxOnly.data.sms.outboxOnly).toBe(true);
    for (const lng of ["en", "ar"] as const) {
      const html = await renderPage(AdminDashboard, outboxOnly.data, lng);
      const notice = `<p class="notice notice-error" role="alert">`;
      expect(html).toContain(escapeHtml(resources[lng].admin.smsLimits.outboxOnly));
      expect(html.indexOf(notice)).toBeLessThan(html.indexOf("<dl"));
    }
    expect(resources.en.admin.smsLimits.outboxOnly).toContain("not being sent to phones");

    for (const providers of [["smpp"], ["smpp", "outbox"]] as const) {
      setEnv("SMS_PROVIDER", [...providers]);
      const configured = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
      expect(configured.data.sms.outboxOnly).toBe(false);
      for (const lng of ["en", "ar"] as const)
        expect(await renderPage(AdminDashboard, configured.data, lng)).not.toContain(
          escapeHtml(resources[lng].admin.smsLimits.outboxOnly),
        );
    }
  });

  it("says when no limit was reached today", async () => {
    const admin = await account(db(), { role: "admin" });
    await db().delete(s.sms_limit_hits);
    const res = await callLoader(adminLoader, "/admin", { cookie: admin.cookie });
    expect(res.data.sms.hits).toEqual([]);
    expect(await renderPage(AdminDashboard, res.data, "en")).toContain(escapeHtml(resources.en.admin.smsLimits.none));
  });
});

describe("Damascus time in the back office", () => {
  it("shows an audit entry's UTC instant as its Damascus date and time with the zone named, in both languages", async () => {
    const admin = await account(db(), { role: "admin" });
    await db()
      .insert(s.audit_log)
      .values({
        actor_id: admin.user.id,
        action: "user.suspend",
        subject_type: "user",
        subject_id: admin.user.id,
        created_at: new Date("2026-11-27T11:05:00Z"),
      });
    const log = await callLoader(auditLoader, "/admin/audit", { cookie: admin.cookie });
    const en = await renderPage(AuditPage, log.data, "en");
    expect(en).toContain(
      '<time dateTime="2026-11-27T11:05:00.000Z"><bdi dir="ltr">27.11.2026 14:05</bdi> (Damascus time)</time>',
    );
    const ar = await renderPage(AuditPage, log.data, "ar");
    expect(ar).toContain('<bdi dir="ltr">27.11.2026 14:05</bdi> (بتوقيت دمشق)</time>');
    // Just after midnight UTC it is already the next day in Damascus.
    expect(formatDateTime("2026-11-27T22:30:00Z")).toBe("28.11.2026 01:30");
  });
});
