import { asc, count, eq } from "drizzle-orm";
import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

// Every captcha of this file shows "AbC23" (set before the app's modules read the environment).
vi.hoisted(() => {
  process.env.CAPTCHA_TEST_TEXT = "AbC23";
});

// hashPassword keeps its real implementation; the wrapper only counts calls (a bad /rp link must not cost a hash).
vi.mock("~/services/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/password.server")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

import * as s from "~/db/schema";
import { parseWithZod } from "@conform-to/zod/v4";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { TextWithUserText } from "~/components/UserText";
import i18nConfig from "~/i18n";
import { activateSchema, codeSchema, loginSchema, registerSchema, toLatinDigits } from "~/forms/account";
import { consultationSchema, contactSchema, newEstateSchema, postEditSchema, requestSchema } from "~/forms/posts";
import { articleSchema, officeSchema } from "~/forms/content";
import { toE164 } from "~/services/phone.server";
import { createSession } from "~/models/user.server";
import { action as acAction } from "~/routes/ac";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm";
import { action as forgotAction, loader as forgotLoader } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as profileLoader } from "~/routes/profile";
import { action as rpAction, loader as rpLoader } from "~/routes/rp";
import { afterResponse, responsesSettled } from "~/services/account.server";
import { getCurrentUser } from "~/services/auth.server";
import { resources } from "~/services/i18n.server";
import { hashPassword, verifyPassword } from "~/services/password.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { getToast, sessionStorage } from "~/services/session.server";
import { outboxSender } from "~/services/sms.server";
import { hashToken } from "~/services/tokens.server";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar, parseSetCookie } from "./helpers/remix";

/** Registration, activation, login, logout, password reset and the profile gate (issue 3), as a browser meets them. */

const test = useTestDatabase();
const db = () => test.get().db;

const CAPTCHA = "AbC23";
const PASSWORD = "correct-horse-1";
const AR = resources.ar.account;
const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const TOO_MANY = /^account:errors\.tooMany\?minutes=\d+$/;

type Result = Awaited<ReturnType<typeof callAction>>;

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: fresh phone numbers and IP addresses (the rate limits and accounts are shared by the whole file).

let phoneSeq = 0;
/** A Syrian mobile number nobody used yet in this file: as typed (with its trunk 0) and in E.164. */
function newPhone(): { typed: string; e164: string } {
  const n = String(100000 + ++phoneSeq);
  return { typed: `0944${n}`, e164: `+963944${n}` };
}

let ipSeq = 0;
function newIp(): string {
  ipSeq++;
  return `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

function lastResult(res: Result) {
  return res.data?.lastResult as
    | { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> }
    | undefined;
}
function fieldErrors(res: Result, field: string): string[] | null | undefined {
  return lastResult(res)?.error?.[field];
}
function formErrors(res: Result): string[] | null | undefined {
  return lastResult(res)?.error?.[""];
}

async function outbox(phone: string) {
  return db().select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone)).orderBy(asc(s.sms_outbox.id));
}
/** The 6-digit code of the newest SMS sent to a phone. */
async function lastCode(phone: string): Promise<string> {
  const rows = await outbox(phone);
  expect(rows.length, `an SMS was sent to ${phone}`).toBeGreaterThan(0);
  const match = rows[rows.length - 1].body.match(/(?<!\d)(\d{6})(?!\d)/);
  expect(match, rows[rows.length - 1].body).toBeTruthy();
  return match![1];
}
async function userRow(phone: string) {
  const [row] = await db().select().from(s.users).where(eq(s.users.phone, phone));
  return row;
}
/** The sign-ups of a phone waiting for their code, oldest first. */
async function registrationRows(phone: string) {
  return db().select().from(s.registrations).where(eq(s.registrations.phone, phone)).orderBy(asc(s.registrations.id));
}
/** The SMS codes of a phone, oldest first. */
async function codeRows(phone: string) {
  return db().select().from(s.sms_codes).where(eq(s.sms_codes.phone, phone)).orderBy(asc(s.sms_codes.id));
}
/** The pending sign-up the session cookie of a jar holds. */
async function pendingOf(jar: CookieJar): Promise<unknown> {
  return (await sessionStorage.getSession(jar.header())).get("pending");
}
/**
 * Makes the next SMS fail the way a provider that is down does, and collects what the app writes on standard
 * error meanwhile (the cause goes there, not to console.error). Both are undone after the test.
 */
function failNextSms(): { send: ReturnType<typeof vi.spyOn>; stderr: () => string } {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  const send = vi.spyOn(outboxSender, "send").mockRejectedValueOnce(new Error("provider down"));
  return { send, stderr: () => written.join("") };
}
async function sessionCount(userId: number): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(s.sessions).where(eq(s.sessions.user_id, userId));
  return Number(n);
}
/** The login token the session cookie of a jar holds (read with the app's own cookie storage). */
async function tokenOf(jar: CookieJar): Promise<unknown> {
  return (await sessionStorage.getSession(jar.header())).get("token");
}
function requestWith(jar: CookieJar | string, url = "/"): Request {
  const cookie = typeof jar === "string" ? jar : jar.header();
  return new Request(new URL(url, "http://localhost:3000"), { headers: cookie ? { Cookie: cookie } : {} });
}
async function toastOf(res: Result) {
  const jar = new CookieJar().store(res.headers);
  return (await getToast(requestWith(jar))).toast;
}
function setCookie(res: Result, name: string) {
  return res.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((c) => c.name === name);
}

/** An account made straight in the database (for the tests that are not about registration). */
async function createUser(options: { status?: s.UserStatus; password?: string } = {}) {
  const phone = newPhone();
  const [row] = await db()
    .insert(s.users)
    .values({
      first_name: "Rami",
      last_name: "Haddad",
      phone: phone.e164,
      password_hash: await hashPassword(options.password ?? PASSWORD),
      status: options.status ?? "active",
    })
    .returning();
  return { ...row, typed: phone.typed };
}

// ---------------------------------------------------------------------------------------------------------------
// The journeys, each request carrying the jar's cookies and storing what the response sets.

async function openLogin(jar: CookieJar, url = "/login", context: Record<string, unknown> = {}) {
  const res = await callLoader(loginLoader, url, { cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

async function postLogin(jar: CookieJar, fields: Record<string, string>, context: Record<string, unknown> = {}, url = "/login") {
  const res = await callAction(loginAction, url, { form: { intent: "login", ...fields }, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

/** Opens /login (a fresh captcha) and logs in with the right captcha. */
async function login(jar: CookieJar, typed: string, password: string, extra: Record<string, string> = {}, context = {}) {
  await openLogin(jar);
  return postLogin(jar, { country: "SY", authentication: typed, password, captcha: CAPTCHA, ...extra }, context);
}

function registration(fields: Partial<Record<string, string>> = {}): Record<string, string> {
  const all = { first_name: "Lina", last_name: "Saleh", country: "SY", authentication: newPhone().typed, password: "secret-pass-1", ...fields };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

async function register(jar: CookieJar, fields: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(loginAction, "/login?tab=2", { form: { intent: "register", ...fields }, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

async function postConfirm(jar: CookieJar, form: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(confirmAction, "/confirm", { form, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

/** A registration waiting for its code: the jar holds the pending session. */
async function pendingRegistration(context: Record<string, unknown> = {}, fields: Record<string, string> = {}) {
  const jar = new CookieJar();
  const phone = newPhone();
  const form = registration({ authentication: phone.typed, ...fields });
  const res = await register(jar, form, context);
  expect(res.status).toBe(302);
  return { jar, phone, password: form.password };
}

async function postAc(jar: CookieJar, form: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(acAction, "/ac", { form, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

// ---------------------------------------------------------------------------------------------------------------

describe("registration (POST /login?tab=2, intent=register)", () => {
  it("records a sign-up (no account yet) with the E.164 number and an argon2id hash, sends a code by SMS, and goes to /confirm", async () => {
    const jar = new CookieJar();
    const phone = "0955 123 456";
    const res = await register(jar, registration({ authentication: phone, password: "my-plain-pass" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/confirm");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.registerSuccess });

    // No account exists until the number is confirmed: the sign-up is a row of `registrations`.
    expect(await userRow("+963955123456")).toBeUndefined();
    const rows = await registrationRows("+963955123456");
    expect(rows).toHaveLength(1);
    const [signUp] = rows;
    expect(signUp).toMatchObject({ first_name: "Lina", last_name: "Saleh", phone: "+963955123456" });
    expect(signUp.password_hash).toMatch(ARGON2ID);
    expect(signUp.password_hash).not.toContain("my-plain-pass");
    expect(await verifyPassword(signUp.password_hash, "my-plain-pass")).toBe(true);
    // The session is bound to that very sign-up.
    expect(await pendingOf(jar)).toEqual({ phone: "+963955123456", registration: signUp.id });

    const sms = await outbox("+963955123456");
    expect(sms).toHaveLength(1);
    const code = await lastCode("+963955123456");
    expect(code).toMatch(/^\d{6}$/);

    const codes = await db().select().from(s.sms_codes).where(eq(s.sms_codes.phone, "+963955123456"));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ purpose: "activation", attempts: 0, used_at: null });
    expect(codes[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(codes[0].code_hash).not.toContain(code);
    const ttl = codes[0].expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);

    // The session now remembers the pending number: /confirm shows it.
    const page = await callLoader(confirmLoader, "/confirm", { cookie: jar.header() });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ phone: "+963 955 123 456", found: true });
  });

  it("answers 400 with the 'required' message of each missing field", async () => {
    const res = await register(new CookieJar(), {});
    expect(res.status).toBe(400);
    expect(lastResult(res)?.status).toBe("error");
    expect(fieldErrors(res, "first_name")).toEqual(["account:errors.firstNameRequired"]);
    expect(fieldErrors(res, "last_name")).toEqual(["account:errors.lastNameRequired"]);
    expect(fieldErrors(res, "authentication")).toEqual(["account:errors.phoneRequired"]);
    expect(fieldErrors(res, "password")).toEqual(["account:errors.passwordRequired"]);
    expect(fieldErrors(res, "country")).toEqual(["account:errors.countryRequired"]);
    // Blank fields are missing fields too.
    const blank = await register(new CookieJar(), { first_name: "", last_name: "", country: "", authentication: "", password: "" });
    expect(blank.status).toBe(400);
    expect(fieldErrors(blank, "first_name")).toEqual(["account:errors.firstNameRequired"]);
    expect(fieldErrors(blank, "country")).toEqual(["account:errors.countryRequired"]);
    expect(fieldErrors(blank, "password")).toEqual(["account:errors.passwordRequired"]);
  });

  it("wants names of 2 to 15 characters and a password of 8 to 30", async () => {
    for (const [name, ok] of [
      ["L", false],
      ["Li", true],
      ["x".repeat(15), true],
      ["x".repeat(16), false],
    ] as const) {
      const res = await register(new CookieJar(), registration({ first_name: name, last_name: name, password: "short" }));
      expect(res.status, name).toBe(400);
      expect(fieldErrors(res, "first_name"), name).toEqual(ok ? undefined : ["account:errors.nameLength"]);
      expect(fieldErrors(res, "last_name"), name).toEqual(ok ? undefined : ["account:errors.nameLength"]);
    }
    for (const [password, ok] of [
      ["x".repeat(7), false],
      ["x".repeat(8), true],
      ["x".repeat(30), true],
      ["x".repeat(31), false],
    ] as const) {
      // An invalid first name keeps the request from creating anything.
      const res = await register(new CookieJar(), registration({ first_name: "L", password }));
      expect(res.status).toBe(400);
      expect(fieldErrors(res, "password"), `${password.length} characters`).toEqual(ok ? undefined : ["account:errors.registerPasswordLength"]);
    }
  });

  it("refuses a number that is not valid for the chosen country, and creates nothing", async () => {
    for (const [country, typed] of [
      ["SY", "0123456"],
      ["SY", "+49 15123456789"],
      ["DE", "+963944123457"],
    ]) {
      const res = await register(new CookieJar(), registration({ country, authentication: typed }));
      expect(res.status, typed).toBe(400);
      expect(fieldErrors(res, "authentication"), typed).toEqual(["account:errors.phoneInvalid"]);
      expect(res.headers.getSetCookie(), typed).toEqual([]);
    }
    const [{ n }] = await db().select({ n: count() }).from(s.users).where(eq(s.users.phone, "+963944123457"));
    expect(Number(n)).toBe(0);
    expect(await registrationRows("+963944123457")).toHaveLength(0);
  });

  it("refuses a landline or another number that cannot get an SMS (phoneInvalid), and sends nothing", async () => {
    for (const [country, typed, e164] of [
      ["SY", "011 234 5678", "+963112345678"], // Damascus landline
      ["SY", "021 234 5678", "+963212345678"], // Aleppo landline
      ["DE", "030 12345678", "+493012345678"], // Berlin landline
      ["DE", "0800 1234567", "+498001234567"], // toll-free
    ]) {
      const res = await register(new CookieJar(), registration({ country, authentication: typed }));
      expect(res.status, typed).toBe(400);
      expect(fieldErrors(res, "authentication"), typed).toEqual(["account:errors.phoneInvalid"]);
      expect(await registrationRows(e164), typed).toHaveLength(0);
      expect(await outbox(e164), typed).toHaveLength(0);
    }
    // The other forms that send an SMS refuse it the same way.
    const forgot = await callAction(forgotAction, "/forgot-password", { form: { country: "SY", authentication: "011 234 5678" } });
    expect(forgot.status).toBe(400);
    expect(fieldErrors(forgot, "authentication")).toEqual(["account:errors.phoneInvalid"]);
    const ac = await postAc(new CookieJar(), { country: "SY", authentication: "011 234 5678", password: "secret-pass-1" });
    expect(ac.status).toBe(400);
    expect(fieldErrors(ac, "authentication")).toEqual(["account:errors.phoneInvalid"]);
    expect(await outbox("+963112345678")).toHaveLength(0);
  });

  it("reads Arabic-Indic and Persian digits in the number and in the code", async () => {
    expect(toLatinDigits("٠٩٤٤ ١٢٣ ٤٥٦")).toBe("0944 123 456");
    expect(toLatinDigits("۰۹۴۴ ۱۲۳ ۴۵۶")).toBe("0944 123 456");
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹")).toBe("01234567890123456789");
    // The schemas hand the routes Latin digits.
    const typed = { country: "SY", authentication: "٠٩٤٤ ١٢٣ ٤٥٦" };
    expect(registerSchema.parse({ ...typed, first_name: "Lina", last_name: "Saleh", password: "secret-pass-1" }).authentication).toBe("0944 123 456");
    expect(loginSchema.parse({ ...typed, password: "secret", captcha: "AbC23" }).authentication).toBe("0944 123 456");
    expect(activateSchema.parse({ ...typed, authentication: "۰۹۴۴ ۱۲۳ ۴۵۶", password: "secret" }).authentication).toBe("0944 123 456");
    expect(codeSchema.parse({ code: "٠١٢٣٤٥" }).code).toBe("012345");
    expect(codeSchema.parse({ code: "۹۸۷۶۵۴" }).code).toBe("987654");

    const jar = new CookieJar();
    const res = await register(jar, registration({ authentication: "٠٩٤٤ ١٢٣ ٤٥٦", password: "arabic-digits-1" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/confirm");
    const rows = await registrationRows("+963944123456");
    expect(rows).toHaveLength(1);
    expect(await pendingOf(jar)).toEqual({ phone: "+963944123456", registration: rows[0].id });

    // The code typed with Arabic-Indic digits is the code.
    const code = await lastCode("+963944123456");
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(arabic).toMatch(/^[\u0660-\u0669]{6}$/);
    const ok = await postConfirm(jar, { intent: "check", code: arabic });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/");
    const user = await userRow("+963944123456");
    expect(user).toMatchObject({ first_name: "Lina", status: "active" });
    expect(await getCurrentUser(requestWith(jar))).toMatchObject({ id: user.id });

    // Login with the number in Persian digits, and a code in Persian digits on a second sign-up.
    expect((await login(new CookieJar(), "۰۹۴۴ ۱۲۳ ۴۵۶", "arabic-digits-1")).status).toBe(302);
    const other = await pendingRegistration();
    const persian = (await lastCode(other.phone.e164)).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    expect((await postConfirm(other.jar, { intent: "check", code: persian })).status).toBe(302);
    expect((await userRow(other.phone.e164)).status).toBe("active");
  });

  it("answers countryRequired (not a 500) for a 10 KB country", async () => {
    const res = await register(new CookieJar(), registration({ country: "x".repeat(10_000) }));
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "country")).toEqual(["account:errors.countryRequired"]);
  });

  it("answers countryRequired for an unknown country code (XX)", async () => {
    const phone = newPhone();
    const res = await register(new CookieJar(), registration({ country: "XX", authentication: phone.typed }));
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "country")).toEqual(["account:errors.countryRequired"]);
    expect(await userRow(phone.e164)).toBeUndefined();
  });

  it("answers 400 (not a 500) to 10 KB strings in every field, with the typed values but never the password", async () => {
    const big = "9".repeat(10_000);
    const res = await register(new CookieJar(), { first_name: big, last_name: big, country: big, authentication: big, password: big });
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "first_name")).toEqual(["account:errors.nameLength"]);
    expect(fieldErrors(res, "last_name")).toEqual(["account:errors.nameLength"]);
    expect(fieldErrors(res, "country")).toEqual(["account:errors.countryRequired"]);
    expect(fieldErrors(res, "authentication")).toEqual(["account:errors.phoneMax"]);
    expect(fieldErrors(res, "password")).toEqual(["account:errors.registerPasswordLength"]);

    const typed = { first_name: "L", last_name: "Saleh", country: "SY", authentication: "0944 999", password: "my-secret-pw" };
    const again = await register(new CookieJar(), typed);
    expect(again.status).toBe(400);
    const initial = lastResult(again)?.initialValue ?? {};
    expect(initial).toMatchObject({ first_name: "L", last_name: "Saleh", country: "SY", authentication: "0944 999" });
    expect(initial).not.toHaveProperty("password");
    expect(JSON.stringify(again.data)).not.toContain("my-secret-pw");
  });

  it("refuses a number that already has an active account, and changes nothing", async () => {
    const user = await createUser();
    const before = await userRow(user.phone);
    const jar = new CookieJar();
    const res = await register(jar, registration({ first_name: "Other", authentication: user.typed, password: "another-pass-1" }));
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.phoneExists"]);
    expect(lastResult(res)?.initialValue).not.toHaveProperty("password");
    expect(await userRow(user.phone)).toEqual(before);
    expect(await outbox(user.phone)).toHaveLength(0);
    expect(await db().select().from(s.sms_codes).where(eq(s.sms_codes.phone, user.phone))).toHaveLength(0);
    expect(await registrationRows(user.phone)).toHaveLength(0);
    // No pending registration in the session: /confirm sends the visitor back to sign-up.
    expect((await callLoader(confirmLoader, "/confirm", { cookie: jar.header() })).status).toBe(302);
  });

  it("a second sign-up of the same number does not change the first: each session confirms its own sign-up", async () => {
    const first = await pendingRegistration();
    const phone = first.phone;
    const [firstRow] = await registrationRows(phone.e164);
    const firstCode = await lastCode(phone.e164);

    const jar = new CookieJar();
    const res = await register(jar, registration({ first_name: "Maya", last_name: "Khoury", authentication: phone.typed, password: "new-secret-22" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/confirm");
    // Two sign-ups side by side; the first is exactly as it was.
    const rows = await registrationRows(phone.e164);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(firstRow);
    expect(rows[1]).toMatchObject({ first_name: "Maya", last_name: "Khoury" });
    expect(await verifyPassword(rows[1].password_hash, "new-secret-22")).toBe(true);
    expect(await pendingOf(first.jar)).toEqual({ phone: phone.e164, registration: rows[0].id });
    expect(await pendingOf(jar)).toEqual({ phone: phone.e164, registration: rows[1].id });
    expect(await userRow(phone.e164)).toBeUndefined();
    // A new code was sent; the earlier one no longer works.
    expect(await outbox(phone.e164)).toHaveLength(2);
    const codes = await codeRows(phone.e164);
    expect(codes).toHaveLength(2);
    expect(codes[0].used_at).not.toBeNull();
    expect(codes[1].used_at).toBeNull();

    const newCode = await lastCode(phone.e164);
    if (newCode !== firstCode) {
      const old = await postConfirm(jar.clone(), { intent: "check", code: firstCode });
      expect(old.status).toBe(400);
    }
    // The second session confirms: the account is the second sign-up's, and every sign-up of the number is gone.
    const ok = await postConfirm(jar, { intent: "check", code: newCode });
    expect(ok.status).toBe(302);
    const user = await userRow(phone.e164);
    expect(user).toMatchObject({ first_name: "Maya", last_name: "Khoury", status: "active" });
    expect(user.password_hash).toBe(rows[1].password_hash);
    expect(await registrationRows(phone.e164)).toHaveLength(0);
    // The first session's sign-up is gone too: its page says so.
    const page = await callLoader(confirmLoader, "/confirm", { cookie: first.jar.header() });
    expect(page.status).toBe(200);
    expect(page.data.found).toBe(false);
  });

  it("does not let a second sign-up of the victim's number take the account over (two browsers, end to end)", async () => {
    const phone = newPhone();
    // The victim signs up in their browser…
    const victim = new CookieJar();
    const signUp = await register(victim, registration({ first_name: "Lina", last_name: "Saleh", authentication: phone.typed, password: "victim-pass-1" }));
    expect(signUp.status).toBe(302);
    // …then an attacker signs the same number up in another browser, with their own names and password.
    const attacker = new CookieJar();
    const attack = await register(attacker, registration({ first_name: "Evil", last_name: "Mallory", authentication: phone.typed, password: "attacker-pass-1" }));
    expect(attack.status).toBe(302);
    expect(attack.headers.get("Location")).toBe("/confirm");

    // Both SMS reach the victim's phone; the victim types the newest code in their own browser.
    const code = await lastCode(phone.e164);
    const confirmed = await postConfirm(victim, { intent: "check", code });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/");

    // The account is the victim's: their names, their password; the attacker's password does not log in.
    const user = await userRow(phone.e164);
    expect(user).toMatchObject({ first_name: "Lina", last_name: "Saleh", status: "active" });
    expect(await verifyPassword(user.password_hash, "victim-pass-1")).toBe(true);
    expect(await verifyPassword(user.password_hash, "attacker-pass-1")).toBe(false);
    expect(await getCurrentUser(requestWith(victim))).toMatchObject({ id: user.id });
    expect(formErrors(await login(new CookieJar(), phone.typed, "attacker-pass-1"))).toEqual(["account:errors.loginFailed"]);
    expect((await login(new CookieJar(), phone.typed, "victim-pass-1")).status).toBe(302);

    // The attacker's browser got nothing: no login, its sign-up is gone, the spent code does not work there,
    // and /ac with the attacker's password sends nothing.
    expect(await getCurrentUser(requestWith(attacker))).toBeNull();
    expect((await callLoader(confirmLoader, "/confirm", { cookie: attacker.header() })).data.found).toBe(false);
    const replay = await postConfirm(attacker, { intent: "check", code });
    expect(replay.status).toBe(400);
    expect(await getCurrentUser(requestWith(attacker))).toBeNull();
    const sent = (await outbox(phone.e164)).length;
    const ac = await postAc(attacker, { country: "SY", authentication: phone.typed, password: "attacker-pass-1" });
    expect(ac.status).toBe(400);
    expect(formErrors(ac)).toEqual(["account:errors.noPendingAccount"]);
    expect(await outbox(phone.e164)).toHaveLength(sent);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it("counts the SMS limit before looking for an account: a number that has one is limited like any other", async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) {
      const res = await register(new CookieJar(), registration({ authentication: user.typed }));
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(formErrors(res), `attempt ${i}`).toEqual(["account:errors.phoneExists"]);
    }
    const refused = await register(new CookieJar(), registration({ authentication: user.typed }));
    expect(refused.status).toBe(429);
    expect(formErrors(refused)).toHaveLength(2);
    expect(formErrors(refused)?.[0]).toBe("account:errors.registerFailed");
    expect(formErrors(refused)?.[1]).toMatch(TOO_MANY);
    // A number without an account gets the same answer at the same point.
    const fresh = newPhone();
    for (let i = 1; i <= 3; i++) expect((await register(new CookieJar(), registration({ authentication: fresh.typed }))).status).toBe(302);
    const other = await register(new CookieJar(), registration({ authentication: fresh.typed }));
    expect(other.status).toBe(429);
    expect(formErrors(other)).toEqual(formErrors(refused));
    expect(await registrationRows(fresh.e164)).toHaveLength(3);
    expect(await registrationRows(user.phone)).toHaveLength(0);
    expect(await outbox(user.phone)).toHaveLength(0);
  });

  it("keeps nothing when the SMS cannot be sent: 503 registerFailed, no sign-up, no code, no pending session", async () => {
    const phone = newPhone();
    const failing = failNextSms();
    const jar = new CookieJar();
    const res = await register(jar, registration({ authentication: phone.typed }));
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(503);
    expect(formErrors(res)).toEqual(["account:errors.registerFailed"]);
    expect(res.headers.get("Location")).toBeNull();
    expect(lastResult(res)?.initialValue).not.toHaveProperty("password");
    expect(await registrationRows(phone.e164)).toHaveLength(0);
    expect(await codeRows(phone.e164)).toHaveLength(0);
    expect(await outbox(phone.e164)).toHaveLength(0);
    expect(await pendingOf(jar)).toBeUndefined();
    // The cause is on standard error, without the message (the code).
    const body = (failing.send.mock.calls[0][1] as { body: string }).body;
    const code = body.match(/(?<!\d)\d{6}(?!\d)/)![0];
    expect(failing.stderr()).toContain(phone.e164);
    expect(failing.stderr()).toContain("provider down");
    expect(failing.stderr().replaceAll(phone.e164, "")).not.toContain(code);
    // Trying again once the provider is back works.
    const again = await register(jar, registration({ authentication: phone.typed }));
    expect(again.status).toBe(302);
    expect(await registrationRows(phone.e164)).toHaveLength(1);
    expect(await codeRows(phone.e164)).toHaveLength(1);
  });

  it("sends at most 30 SMS per hour from one IP address (the 31st registration is refused, nothing sent)", async () => {
    expect(LIMITS.smsIp).toEqual({ points: 30, duration: 3600 });
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const res = await register(new CookieJar(), registration(), { clientIp: ip });
      expect(res.status, `registration ${i + 1}`).toBe(302);
    }
    const phone = newPhone();
    const res = await register(new CookieJar(), registration({ authentication: phone.typed }), { clientIp: ip });
    expect(res.status).toBe(429);
    // Nothing was written for the refused number either.
    expect(await db().select().from(s.users).where(eq(s.users.phone, phone.e164))).toHaveLength(0);
    expect(await registrationRows(phone.e164)).toHaveLength(0);
    expect(await codeRows(phone.e164)).toHaveLength(0);
    expect(formErrors(res)?.[0]).toBe("account:errors.registerFailed");
    expect(formErrors(res)?.[1]).toMatch(TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(0);
    expect(res.headers.get("Location")).toBeNull();
    // Another address is not affected.
    const other = await register(new CookieJar(), registration(), { clientIp: newIp() });
    expect(other.status).toBe(302);
  });
});

describe("confirmation (/confirm)", () => {
  it("sends a visitor without a pending registration to /login?tab=2 with an error toast", async () => {
    for (const res of [
      await callLoader(confirmLoader, "/confirm"),
      await callAction(confirmAction, "/confirm", { form: { intent: "check", code: "123456" } }),
      await callAction(confirmAction, "/confirm", { form: { intent: "resend" } }),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login?tab=2");
      expect(await toastOf(res)).toMatchObject({ type: "error", message: AR.errors.noPending });
    }
  });

  it("answers codeWrong to a wrong code, and codeLength to a code that is not 6 digits", async () => {
    const { jar, phone } = await pendingRegistration();
    const right = await lastCode(phone.e164);
    const wrong = right === "000000" ? "000001" : "000000";
    const res = await postConfirm(jar, { intent: "check", code: wrong });
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "code")).toEqual(["account:errors.codeWrong"]);
    for (const code of ["12345", "12a456", "1234567", "abcdef", "١٢٣٤٥", "١٢٣٤٥٦٧", "x".repeat(10_000), ""]) {
      const bad = await postConfirm(jar, { intent: "check", code });
      expect(bad.status, code.slice(0, 10)).toBe(400);
      // One message, never repeated (a 7-digit code is both too long and not 6 digits).
      expect(fieldErrors(bad, "code"), code.slice(0, 10)).toEqual([code === "" ? "account:errors.codeRequired" : "account:errors.codeLength"]);
    }
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(1);
    // Malformed codes are not counted as tries: the right code still works after them.
    expect((await postConfirm(jar, { intent: "check", code: right })).status).toBe(302);
  });

  it("spends the code after 5 wrong tries: then even the right code is refused with codeExpired", async () => {
    const { jar, phone } = await pendingRegistration();
    const right = await lastCode(phone.e164);
    const wrong = right === "000000" ? "000001" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await postConfirm(jar, { intent: "check", code: wrong });
      expect(res.status).toBe(400);
      expect(fieldErrors(res, "code"), `try ${i}`).toEqual(["account:errors.codeWrong"]);
    }
    const fifth = await postConfirm(jar, { intent: "check", code: wrong });
    expect(fieldErrors(fifth, "code")).toEqual(["account:errors.codeExpired"]);
    const res = await postConfirm(jar, { intent: "check", code: right });
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "code")).toEqual(["account:errors.codeExpired"]);
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(1);
  });

  it("refuses an expired code with codeExpired", async () => {
    const { jar, phone } = await pendingRegistration();
    const right = await lastCode(phone.e164);
    await db().update(s.sms_codes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(s.sms_codes.phone, phone.e164));
    const res = await postConfirm(jar, { intent: "check", code: right });
    expect(res.status).toBe(400);
    expect(fieldErrors(res, "code")).toEqual(["account:errors.codeExpired"]);
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(1);
  });

  it("activates the account with the right code, logs the user in and forgets the pending registration", async () => {
    const { jar, phone } = await pendingRegistration();
    const [signUp] = await registrationRows(phone.e164);
    const code = await lastCode(phone.e164);
    const beforeConfirm = jar.clone();
    const res = await postConfirm(jar, { intent: "check", code });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.activated });

    // The account is made from the sign-up, which is forgotten.
    const user = await userRow(phone.e164);
    expect(user).toMatchObject({ first_name: "Lina", last_name: "Saleh", status: "active", role: "user", password_hash: signUp.password_hash });
    expect(user.activated_at).toBeInstanceOf(Date);
    expect(await registrationRows(phone.e164)).toHaveLength(0);
    expect((await codeRows(phone.e164))[0].used_at).toBeInstanceOf(Date);
    const rows = await db().select().from(s.sessions).where(eq(s.sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    const token = await tokenOf(jar);
    expect(typeof token).toBe("string");
    expect(rows[0].token_hash).toBe(hashToken(token as string));
    expect(rows[0].token_hash).not.toBe(token);

    const cookie = setCookie(res, "__session")!;
    expect(cookie.attributes).toHaveProperty("httponly");
    expect(cookie.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(cookie.attributes.path).toBe("/");

    expect(await getCurrentUser(requestWith(jar))).toMatchObject({ id: user.id, phone: phone.e164, status: "active" });
    const profile = await callLoader(profileLoader, "/profile", { cookie: jar.header() });
    expect(profile.status).toBe(200);
    expect(profile.data.user).toEqual({ name: "Lina Saleh", phone: user.phone.replace(/^\+963(\d{3})(\d{3})(\d{3})$/, "+963 $1 $2 $3") });

    // The pending registration is gone.
    const again = await callLoader(confirmLoader, "/confirm", { cookie: jar.header() });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/login?tab=2");

    // The code works once: replaying the old cookie (still pending) with the same code is refused.
    const replay = await postConfirm(beforeConfirm, { intent: "check", code });
    expect(replay.status).toBe(400);
    expect(fieldErrors(replay, "code")).toEqual(["account:errors.codeExpired"]);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("spends no code when the account cannot be made: a number that got an account meanwhile answers noPhone", async () => {
    const { jar, phone } = await pendingRegistration();
    const code = await lastCode(phone.e164);
    // Between the sign-up and the code, the number gets an account (another way in).
    const [other] = await db()
      .insert(s.users)
      .values({ first_name: "Other", last_name: "Owner", phone: phone.e164, password_hash: await hashPassword(PASSWORD) })
      .returning();
    const res = await postConfirm(jar, { intent: "check", code });
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.noPhone"]);
    expect(await tokenOf(jar)).toBeUndefined();
    // Nothing changed: the code is still unused (not even counted as a try), the account is the other one,
    // and the sign-up is still there.
    const codes = await codeRows(phone.e164);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ used_at: null, attempts: 0 });
    expect(await userRow(phone.e164)).toEqual(other);
    expect(await sessionCount(other.id)).toBe(0);
    expect(await registrationRows(phone.e164)).toHaveLength(1);
  });

  it("spends no code for a sign-up that is gone (older than a week): noPhone, and the page says so", async () => {
    const { jar, phone } = await pendingRegistration();
    const code = await lastCode(phone.e164);
    await db()
      .update(s.registrations)
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(s.registrations.phone, phone.e164));
    expect((await callLoader(confirmLoader, "/confirm", { cookie: jar.header() })).data.found).toBe(false);
    const res = await postConfirm(jar, { intent: "check", code });
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.noPhone"]);
    expect(await userRow(phone.e164)).toBeUndefined();
    expect((await codeRows(phone.e164))[0]).toMatchObject({ used_at: null, attempts: 0 });
    const resend = await postConfirm(jar, { intent: "resend" });
    expect(resend.status).toBe(400);
    expect(formErrors(resend)).toEqual(["account:errors.noPhone"]);
    expect(await outbox(phone.e164)).toHaveLength(1);
  });

  it("ignores a forged pending sign-up id: another number's sign-up cannot be confirmed with this number's code", async () => {
    const a = await pendingRegistration();
    const b = await pendingRegistration({}, { first_name: "Bashar", password: "b-password-1" });
    const [bRow] = await registrationRows(b.phone.e164);
    // A session (signed by the app) naming A's number and B's sign-up.
    const session = await sessionStorage.getSession();
    session.set("pending", { phone: a.phone.e164, registration: bRow.id });
    const jar = new CookieJar().store(new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) }));
    const res = await postConfirm(jar, { intent: "check", code: await lastCode(a.phone.e164) });
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.noPhone"]);
    expect(await userRow(a.phone.e164)).toBeUndefined();
    expect(await userRow(b.phone.e164)).toBeUndefined();
    expect(await registrationRows(b.phone.e164)).toHaveLength(1);
  });
});

describe("resending the code (/confirm, intent=resend)", () => {
  it("sends a new code, the previous one stops working, and the 4th SMS within an hour is refused with 429", async () => {
    const { jar, phone } = await pendingRegistration();
    const first = await lastCode(phone.e164);
    const res = await postConfirm(jar, { intent: "resend" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/confirm");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.resendSuccess });
    expect(await outbox(phone.e164)).toHaveLength(2);
    const second = await lastCode(phone.e164);
    if (second !== first) {
      const old = await postConfirm(jar, { intent: "check", code: first });
      expect(old.status).toBe(400);
      expect(fieldErrors(old, "code")).toEqual(["account:errors.codeWrong"]);
    }

    expect((await postConfirm(jar, { intent: "resend" })).status).toBe(302); // 3rd SMS
    expect(await outbox(phone.e164)).toHaveLength(3);
    const third = await lastCode(phone.e164);

    const refused = await postConfirm(jar, { intent: "resend" }); // 4th SMS
    expect(refused.status).toBe(429);
    expect(formErrors(refused)?.[0]).toBe("account:errors.resendFailed");
    expect(formErrors(refused)?.[1]).toMatch(TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(3);
    // The last code that was sent still works.
    expect((await postConfirm(jar, { intent: "check", code: third })).status).toBe(302);
  });

  it("keeps the last code working when the new SMS cannot be sent: 503 resendFailed", async () => {
    const { jar, phone } = await pendingRegistration();
    const code = await lastCode(phone.e164);
    const failing = failNextSms();
    const res = await postConfirm(jar, { intent: "resend" });
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(503);
    expect(formErrors(res)).toEqual(["account:errors.resendFailed"]);
    expect(failing.stderr()).toContain("provider down");
    // No new code was kept and the one already sent was not spent.
    const codes = await codeRows(phone.e164);
    expect(codes).toHaveLength(1);
    expect(codes[0].used_at).toBeNull();
    expect(await outbox(phone.e164)).toHaveLength(1);
    expect((await postConfirm(jar, { intent: "check", code })).status).toBe(302);
  });
});

describe("activation of an earlier sign-up (/ac)", () => {
  it("sends a new code for the number and the password chosen at sign-up (within the SMS limit) and continues at /confirm", async () => {
    const { phone, password } = await pendingRegistration();
    const [signUp] = await registrationRows(phone.e164);
    const jar = new CookieJar();
    const res = await postAc(jar, { country: "SY", authentication: phone.typed, password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/confirm");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.codeSent });
    expect(await outbox(phone.e164)).toHaveLength(2);
    expect(await pendingOf(jar)).toEqual({ phone: phone.e164, registration: signUp.id });
    expect((await callLoader(confirmLoader, "/confirm", { cookie: jar.header() })).data.found).toBe(true);

    expect((await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password })).status).toBe(302); // 3rd SMS
    const fourth = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password });
    expect(fourth.status).toBe(429);
    expect(formErrors(fourth)?.[0]).toBe("account:errors.resendFailed");
    expect(formErrors(fourth)?.[1]).toMatch(TOO_MANY);
    expect(fourth.headers.getSetCookie()).toEqual([]);
    expect(await outbox(phone.e164)).toHaveLength(3);

    // The session /ac made confirms that sign-up with the newest code.
    const ok = await postConfirm(jar, { intent: "check", code: await lastCode(phone.e164) });
    expect(ok.status).toBe(302);
    expect(await userRow(phone.e164)).toMatchObject({ first_name: "Lina", password_hash: signUp.password_hash, status: "active" });
  });

  it("answers noPendingAccount to a wrong password, a number without a sign-up, and a number that has an account; nothing sent", async () => {
    const { phone, password } = await pendingRegistration();
    const active = await createUser();
    const nobody = newPhone();
    for (const [typed, pw, e164] of [
      [phone.typed, "not-the-password", phone.e164],
      [nobody.typed, password, nobody.e164],
      [active.typed, PASSWORD, active.phone],
    ]) {
      const jar = new CookieJar();
      const res = await postAc(jar, { country: "SY", authentication: typed, password: pw });
      expect(res.status, typed).toBe(400);
      expect(formErrors(res), typed).toEqual(["account:errors.noPendingAccount"]);
      expect(lastResult(res)?.initialValue, typed).toMatchObject({ country: "SY", authentication: typed });
      expect(lastResult(res)?.initialValue, typed).not.toHaveProperty("password");
      expect(JSON.stringify(res.data)).not.toContain(pw);
      expect(await pendingOf(jar), typed).toBeUndefined();
      expect(await outbox(e164), typed).toHaveLength(e164 === phone.e164 ? 1 : 0);
    }
    // A sign-up whose number got an account meanwhile (the right password) is not activated either.
    const late = await pendingRegistration();
    await db().insert(s.users).values({ first_name: "Other", last_name: "Owner", phone: late.phone.e164, password_hash: await hashPassword(PASSWORD) });
    const res = await postAc(new CookieJar(), { country: "SY", authentication: late.phone.typed, password: late.password });
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.noPendingAccount"]);
    expect(await outbox(late.phone.e164)).toHaveLength(1);

    // The password is required.
    const missing = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing, "password")).toEqual(["account:errors.passwordRequired"]);
  });

  it("continues the sign-up whose password is typed, not the newest one of the number", async () => {
    const first = await pendingRegistration({}, { first_name: "Lina", password: "first-pass-1" });
    const second = await register(new CookieJar(), registration({ first_name: "Maya", authentication: first.phone.typed, password: "second-pass-2" }));
    expect(second.status).toBe(302);
    const [firstRow, secondRow] = await registrationRows(first.phone.e164);
    expect(secondRow.first_name).toBe("Maya");

    const jar = new CookieJar();
    const res = await postAc(jar, { country: "SY", authentication: first.phone.typed, password: "first-pass-1" });
    expect(res.status).toBe(302);
    expect(await pendingOf(jar)).toEqual({ phone: first.phone.e164, registration: firstRow.id });
    expect((await postConfirm(jar, { intent: "check", code: await lastCode(first.phone.e164) })).status).toBe(302);
    const user = await userRow(first.phone.e164);
    expect(user).toMatchObject({ first_name: "Lina", password_hash: firstRow.password_hash });
    expect(await verifyPassword(user.password_hash, "second-pass-2")).toBe(false);
    expect(await registrationRows(first.phone.e164)).toHaveLength(0);
  });

  it("counts against the login limits first: 10 tries per number from one address, then 429 tooMany even with the right password", async () => {
    const { phone, password } = await pendingRegistration();
    for (let i = 1; i <= 10; i++) {
      const res = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password: "wrong-password" });
      expect(formErrors(res), `try ${i}`).toEqual(["account:errors.noPendingAccount"]);
    }
    const res = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password });
    expect(res.status).toBe(429);
    expect(formErrors(res)).toHaveLength(1);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(1);
    // The same count as the login form: logging in with that number is refused too.
    expect(formErrors(await login(new CookieJar(), phone.typed, password))?.[0]).toMatch(TOO_MANY);

    // And the per-IP login limit.
    const other = await pendingRegistration();
    const ip = newIp();
    for (let i = 1; i <= 100; i++) expect((await consume(db(), [["loginIp", ip]])).ok).toBe(true);
    const limited = await postAc(new CookieJar(), { country: "SY", authentication: other.phone.typed, password: other.password }, { clientIp: ip });
    expect(limited.status).toBe(429);
    expect(formErrors(limited)?.[0]).toMatch(TOO_MANY);
    expect(await outbox(other.phone.e164)).toHaveLength(1);
    expect((await postAc(new CookieJar(), { country: "SY", authentication: other.phone.typed, password: other.password }, { clientIp: newIp() })).status).toBe(302);
  });

  it("answers 503 resendFailed when the SMS cannot be sent, and binds no session", async () => {
    const { phone, password } = await pendingRegistration();
    const code = await lastCode(phone.e164);
    const failing = failNextSms();
    const jar = new CookieJar();
    const res = await postAc(jar, { country: "SY", authentication: phone.typed, password });
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(503);
    expect(formErrors(res)).toEqual(["account:errors.resendFailed"]);
    expect(failing.stderr()).toContain("provider down");
    expect(res.headers.get("Location")).toBeNull();
    expect(await pendingOf(jar)).toBeUndefined();
    const codes = await codeRows(phone.e164);
    expect(codes).toHaveLength(1);
    expect(codes[0].used_at).toBeNull();
    expect(await lastCode(phone.e164)).toBe(code);
  });
});

describe("bidirectional controls in user text (issue 9)", () => {
  const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
  const spoof = (char: string) => `Ali${char}txt.exe`;

  it("refuses every one of them in a sign-up's names with the translated field message, keeping what was typed", async () => {
    for (const char of BIDI) {
      const fields = registration({ first_name: spoof(char), last_name: `Sa${char}leh` });
      const res = await register(new CookieJar(), fields);
      expect(res.status, escape(char)).toBe(400);
      expect(fieldErrors(res, "first_name"), escape(char)).toEqual(["forms:errors.bidiChars"]);
      expect(fieldErrors(res, "last_name"), escape(char)).toEqual(["forms:errors.bidiChars"]);
      expect(lastResult(res)?.initialValue).toMatchObject({ first_name: spoof(char), last_name: `Sa${char}leh` });
      expect(await registrationRows(toE164("SY", fields.authentication)!)).toHaveLength(0);
    }
    expect(resources.ar.forms.errors.bidiChars).toBeTruthy();
    expect(resources.en.forms.errors.bidiChars).toBeTruthy();
    // Arabic and English text with ordinary marks (and the right-to-left mark, which isolates nothing) is fine.
    const ok = await register(new CookieJar(), registration({ first_name: "لينا", last_name: "O'Neil\u200F" }));
    expect(fieldErrors(ok, "first_name")).toBeUndefined();
    expect(fieldErrors(ok, "last_name")).toBeUndefined();
  });

  it("shows a reason inside a translated sentence in a <bdi> of its own, escaped, in both languages", async () => {
    const reason = `Fake${"\u202E"}gpj.exe <b>`;
    for (const lng of ["ar", "en"] as const) {
      const i18n = createInstance();
      await i18n.use(initReactI18next).init({ ...i18nConfig, lng, ns: ["common", "admin", "forms"], resources });
      const html = renderToStaticMarkup(
        createElement(I18nextProvider, { i18n }, createElement(TextWithUserText, { i18nKey: "admin:users.reason", values: { reason }, name: "reason" })),
      );
      const [before, after] = resources[lng].admin.users.reason.split("{{reason}}");
      expect(html).toBe(`${before}<bdi>Fake${"\u202E"}gpj.exe &lt;b&gt;</bdi>${after}`);
    }
  });

  const base = {
    consultation: { name: "Lina", mobile: "0944123456", subject: "A flat" },
    newEstate: { location_id: "1", area: "120", fullname: "Lina Saleh", mobile: "0944123456", subject: "A flat" },
    request: { location_id: "1", estate_type_id: "1", notes: "Near a school" },
    postEdit: { area: "120", description: "Sunny", description_ar: "مشمس", description_en: "Sunny" },
    article: { title_ar: "عنوان", title_en: "Title", body_ar: "نص", body_en: "Body" },
    office: { name_ar: "مكتب", name_en: "Office", phone: "+963944123456", address_ar: "دمشق", address_en: "Damascus", location_id: "1", contract_type_id: "1" },
  };
  it.each([
    ["consultation", () => consultationSchema, base.consultation, ["name", "subject"]],
    ["contact", () => contactSchema, base.consultation, ["name", "subject"]],
    ["new estate offer", () => newEstateSchema, base.newEstate, ["fullname", "subject"]],
    ["property request", () => requestSchema, base.request, ["notes"]],
    ["post editor", () => postEditSchema, base.postEdit, ["description", "description_ar", "description_en"]],
    ["article editor", () => articleSchema, base.article, ["title_ar", "title_en", "body_ar", "body_en"]],
    ["office editor", () => officeSchema, base.office, ["name_ar", "name_en", "address_ar", "address_en"]],
  ] as const)("are refused in every text field of the %s form", (_name, schema, values, fields) => {
    const formData = (extra: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...values, ...extra })) form.set(key, value);
      return form;
    };
    expect(parseWithZod(formData({}), { schema: schema() }).status).toBe("success");
    for (const field of fields) {
      for (const char of BIDI) {
        const result = parseWithZod(formData({ [field]: `${(values as Record<string, string>)[field]}${char}x` }), { schema: schema() });
        expect(result.status, `${field} ${escape(char)}`).toBe("error");
        expect(result.status === "error" ? result.error?.[field] : null, `${field} ${escape(char)}`).toEqual(["forms:errors.bidiChars"]);
      }
    }
  });
});

describe("login (POST /login, intent=login)", () => {
  it("draws a captcha on the login tab (its answer's hash in the session cookie), none on the sign-up tab", async () => {
    const jar = new CookieJar();
    const res = await openLogin(jar);
    expect(res.status).toBe(200);
    expect(res.data.captcha.image).toMatch(/^data:image\/png;base64,/);
    expect(res.data.captcha.id).toEqual(expect.any(String));
    // Every visit draws a new one.
    const next = await callLoader(loginLoader, "/login");
    expect(next.data.captcha.id).not.toBe(res.data.captcha.id);
    expect(res.data.tab).toBe("1");
    const session = await sessionStorage.getSession(jar.header());
    expect(session.get("captcha")).toMatchObject({ id: res.data.captcha.id, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(jar.header()).not.toContain(CAPTCHA);

    const signUp = await callLoader(loginLoader, "/login?tab=2");
    expect(signUp.data).toMatchObject({ tab: "2", captcha: null });
    expect(signUp.headers.getSetCookie()).toEqual([]);
  });

  it("draws at most 60 captchas per IP address in 10 minutes: then 429, no image, tooMany where it was, and posting is refused (issue 9)", async () => {
    expect(LIMITS.captchaIp).toEqual({ points: 60, duration: 600 });
    const ip = { clientIp: newIp() };
    for (let i = 1; i <= 60; i++) {
      const page = await openLogin(new CookieJar(), "/login", ip);
      expect(page.status, `visit ${i}`).toBe(200);
      expect(page.data.captcha?.image, `visit ${i}`).toMatch(/^data:image\/png;base64,/);
    }
    const jar = new CookieJar();
    const limited = await openLogin(jar, "/login", ip);
    expect(limited.status).toBe(429);
    expect(limited.data.captcha).toBeNull();
    expect(limited.data.captchaLimited).toMatch(TOO_MANY);
    expect(Number(limited.data.captchaLimited.split("minutes=")[1])).toBeLessThanOrEqual(10);
    expect(limited.data.tab).toBe("1");
    expect(await tokenOf(jar)).toBeUndefined();
    expect((await sessionStorage.getSession(jar.header())).get("captcha")).toBeUndefined();

    const user = await createUser();
    const res = await postLogin(jar, { country: "SY", authentication: user.typed, password: PASSWORD, captcha: CAPTCHA }, ip);
    expect(res.status).toBe(429);
    expect(formErrors(res)).toHaveLength(1);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(lastResult(res)?.initialValue).toMatchObject({ authentication: user.typed });
    expect(await sessionCount(user.id)).toBe(0);
    // The sign-up tab draws nothing and is not limited; another address still gets its captcha.
    expect((await openLogin(new CookieJar(), "/login?tab=2", ip)).status).toBe(200);
    expect((await openLogin(new CookieJar(), "/login", { clientIp: newIp() })).data.captcha?.image).toMatch(/^data:image\/png/);
  });

  it("checks the captcha: missing, wrong length and not drawn are captchaRequired; wrong text and wrong case are captchaWrong", async () => {
    const user = await createUser();
    const cases: Array<[string | undefined, string, boolean]> = [
      [undefined, "account:errors.captchaRequired", true],
      ["", "account:errors.captchaRequired", true],
      ["AbC2", "account:errors.captchaRequired", true],
      ["AbC234", "account:errors.captchaRequired", true],
      ["x".repeat(10_000), "account:errors.captchaRequired", true],
      ["AbC24", "account:errors.captchaWrong", true],
      ["abc23", "account:errors.captchaWrong", true],
      ["ABC23", "account:errors.captchaWrong", true],
      // The right text without a drawn captcha (no GET /login first).
      [CAPTCHA, "account:errors.captchaRequired", false],
    ];
    for (const [captcha, message, draw] of cases) {
      const jar = new CookieJar();
      if (draw) await openLogin(jar);
      const fields: Record<string, string> = { country: "SY", authentication: user.typed, password: PASSWORD };
      if (captcha !== undefined) fields.captcha = captcha;
      const res = await postLogin(jar, fields);
      const label = `${String(captcha).slice(0, 10)} drawn=${draw}`;
      expect(res.status, label).toBe(400);
      expect(fieldErrors(res, "captcha"), label).toEqual([message]);
      expect(await sessionCount(user.id), label).toBe(0);
    }
  });

  it("spends the captcha on every post: the returned cookie no longer holds it", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await openLogin(jar);
    const first = await postLogin(jar, { country: "SY", authentication: user.typed, password: "wrong-password", captcha: CAPTCHA });
    expect(formErrors(first)).toEqual(["account:errors.loginFailed"]);
    const second = await postLogin(jar, { country: "SY", authentication: user.typed, password: PASSWORD, captcha: CAPTCHA });
    expect(second.status).toBe(400);
    expect(fieldErrors(second, "captcha")).toEqual(["account:errors.captchaRequired"]);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("accepts a captcha only once, even when the cookie from before the first post is sent again", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await openLogin(jar);
    const old = jar.header();
    const fields = { intent: "login", country: "SY", authentication: user.typed, password: "wrong-password", captcha: CAPTCHA };
    const first = await callAction(loginAction, "/login", { form: fields, cookie: old });
    expect(first.status).toBe(400);
    expect(fieldErrors(first, "captcha")).toBeUndefined();
    expect(formErrors(first)).toEqual(["account:errors.loginFailed"]);
    const replay = await callAction(loginAction, "/login", { form: { ...fields, password: PASSWORD }, cookie: old });
    expect(replay.status).toBe(400);
    expect(fieldErrors(replay, "captcha")).toEqual(["account:errors.captchaRequired"]);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("answers loginFailed to a wrong password or an unknown number, with the number typed but neither password nor captcha", async () => {
    const user = await createUser();
    for (const [typed, password] of [
      [user.typed, "wrong-password"],
      [newPhone().typed, PASSWORD],
    ]) {
      const jar = new CookieJar();
      await openLogin(jar);
      const res = await postLogin(jar, { country: "SY", authentication: typed, password, captcha: CAPTCHA });
      expect(res.status).toBe(400);
      expect(formErrors(res)).toEqual(["account:errors.loginFailed"]);
      const initial = lastResult(res)?.initialValue ?? {};
      expect(initial.authentication).toBe(typed);
      expect(initial.country).toBe("SY");
      expect(initial).not.toHaveProperty("password");
      expect(initial).not.toHaveProperty("captcha");
      expect(JSON.stringify(res.data)).not.toContain(password);
      expect(await tokenOf(jar)).toBeUndefined();
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("tells a number that signed up but never confirmed to activate (its sign-up's password), without logging in", async () => {
    const { phone, password } = await pendingRegistration();
    const right = await login(new CookieJar(), phone.typed, password);
    expect(right.status).toBe(400);
    expect(formErrors(right)).toEqual(["account:errors.notActivated"]);
    expect(await tokenOf(new CookieJar().store(right.headers))).toBeUndefined();
    // A wrong password tells nothing about the sign-up.
    const wrong = await login(new CookieJar(), phone.typed, "wrong-password");
    expect(wrong.status).toBe(400);
    expect(formErrors(wrong)).toEqual(["account:errors.loginFailed"]);
    // An older sign-up of the number (another password) is recognised too.
    const again = await register(new CookieJar(), registration({ authentication: phone.typed, password: "another-pass-2" }));
    expect(again.status).toBe(302);
    expect(formErrors(await login(new CookieJar(), phone.typed, password))).toEqual(["account:errors.notActivated"]);
    expect(formErrors(await login(new CookieJar(), phone.typed, "another-pass-2"))).toEqual(["account:errors.notActivated"]);
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(2);
  });

  it("tells a suspended account that it is suspended, without logging in", async () => {
    const user = await createUser({ status: "suspended" });
    const jar = new CookieJar();
    const res = await login(jar, user.typed, PASSWORD);
    expect(res.status).toBe(400);
    expect(formErrors(res)).toEqual(["account:errors.suspended"]);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await tokenOf(jar)).toBeUndefined();
  });

  it("ends every session of a user at once when the account is suspended", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    expect((await login(jar, user.typed, PASSWORD)).status).toBe(302);
    expect(await getCurrentUser(requestWith(jar))).toMatchObject({ id: user.id });
    await db().update(s.users).set({ status: "suspended" }).where(eq(s.users.id, user.id));
    expect(await getCurrentUser(requestWith(jar))).toBeNull();
    const profile = await callLoader(profileLoader, "/profile", { cookie: jar.header() });
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("logs in: 302 to / with a session cookie, a new session and token on every login", async () => {
    const user = await createUser();
    const a = new CookieJar();
    const res = await login(a, user.typed, PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.loginSuccess });
    expect(await getCurrentUser(requestWith(a))).toMatchObject({ id: user.id, first_name: "Rami", status: "active" });
    // The captcha is forgotten with the login.
    expect((await sessionStorage.getSession(a.header())).get("captcha")).toBeUndefined();

    const b = new CookieJar();
    expect((await login(b, user.typed, PASSWORD)).status).toBe(302);
    const [ta, tb] = [await tokenOf(a), await tokenOf(b)];
    expect(typeof ta).toBe("string");
    expect(ta).not.toBe(tb);
    const rows = await db().select().from(s.sessions).where(eq(s.sessions.user_id, user.id));
    expect(rows.map((r) => r.token_hash).sort()).toEqual([hashToken(ta as string), hashToken(tb as string)].sort());
    // Both browsers stay logged in.
    expect(await getCurrentUser(requestWith(a))).toMatchObject({ id: user.id });
    expect(await getCurrentUser(requestWith(b))).toMatchObject({ id: user.id });
    // A logged-in visitor of /login is sent on.
    const page = await callLoader(loginLoader, "/login?redirectTo=%2Fprofile", { cookie: a.header() });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/profile");
  });

  it("follows a local redirectTo, and goes to / for one that leads to another site", async () => {
    const user = await createUser();
    for (const [redirectTo, location] of [
      ["/profile", "/profile"],
      ["/estates?type=1", "/estates?type=1"],
      ["https://evil.example", "/"],
      ["//evil.example", "/"],
      ["/\\evil.example", "/"],
      ["/\t/evil.example", "/"],
      ["/\n/evil.example", "/"],
      ["javascript:alert(1)", "/"],
      ["/ش", "/%D8%B4"],
      ["/estates?q=دمشق#top", "/estates?q=%D8%AF%D9%85%D8%B4%D9%82#top"],
    ]) {
      const jar = new CookieJar();
      const res = await login(jar, user.typed, PASSWORD, { redirectTo });
      expect(res.status, redirectTo).toBe(302);
      expect(res.headers.get("Location"), redirectTo).toBe(location);
    }
  });

  it("sends a logged-in visitor of /login on to a local redirectTo only, percent-encoded (never a 500)", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    expect((await login(jar, user.typed, PASSWORD)).status).toBe(302);
    for (const [redirectTo, location] of [
      ["/profile", "/profile"],
      ["/\t/evil.example", "/"],
      ["/\\evil.example", "/"],
      ["//evil.example", "/"],
      ["https://evil.example", "/"],
      ["/ش", "/%D8%B4"],
    ]) {
      const res = await callLoader(loginLoader, `/login?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie: jar.header() });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(redirectTo)).toBe(location);
    }
    // A visitor who is not logged in gets the form with the cleaned value (what the form posts back).
    for (const [redirectTo, kept] of [
      ["/\t/evil.example", undefined],
      ["https://evil.example", undefined],
      ["/ش", "/%D8%B4"],
    ]) {
      const page = await callLoader(loginLoader, `/login?redirectTo=${encodeURIComponent(redirectTo!)}`);
      expect(page.status, JSON.stringify(redirectTo)).toBe(200);
      expect(page.data.redirectTo, JSON.stringify(redirectTo)).toBe(kept);
    }
  });

  it("never leaves the site for a redirectTo with dot segments (/.//evil.example), in the loader nor after a login", async () => {
    const origin = "http://localhost:3000";
    const user = await createUser();
    const jar = new CookieJar();
    expect((await login(jar, user.typed, PASSWORD)).status).toBe(302);
    const offSite: string[] = [];
    for (const redirectTo of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/./\\evil.example"]) {
      // The loader of a logged-in visitor…
      const page = await callLoader(loginLoader, `/login?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie: jar.header() });
      expect(page.status, redirectTo).toBe(302);
      const there = page.headers.get("Location")!;
      if (new URL(there, origin).origin !== origin) offSite.push(`GET /login?redirectTo=${redirectTo} -> Location: ${there}`);
      // …and a successful login post.
      const res = await login(new CookieJar(), user.typed, PASSWORD, { redirectTo });
      expect(res.status, redirectTo).toBe(302);
      const after = res.headers.get("Location")!;
      if (new URL(after, origin).origin !== origin) offSite.push(`POST /login redirectTo=${redirectTo} -> Location: ${after}`);
    }
    expect(offSite).toEqual([]);
  });

  it("checks the fields: phone over 15 characters, password under 3, country missing", async () => {
    const user = await createUser();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ authentication: "0944 123 456 789 0" }, "authentication", "account:errors.phoneMax"],
      [{ authentication: "" }, "authentication", "account:errors.phoneRequired"],
      [{ password: "ab" }, "password", "account:errors.passwordRequired"],
      [{ password: "" }, "password", "account:errors.passwordRequired"],
      [{ country: "" }, "country", "account:errors.countryRequired"],
      [{ country: "x".repeat(10_000) }, "country", "account:errors.countryRequired"],
      [{ password: "x".repeat(10_000) }, "password", "account:errors.passwordMax"],
    ];
    for (const [fields, field, message] of cases) {
      const jar = new CookieJar();
      await openLogin(jar);
      const res = await postLogin(jar, { country: "SY", authentication: user.typed, password: PASSWORD, captcha: CAPTCHA, ...fields });
      const label = JSON.stringify(fields).slice(0, 40);
      expect(res.status, label).toBe(400);
      expect(fieldErrors(res, field), label).toEqual([message]);
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("allows 10 attempts per number from one address in 15 minutes: the 11th is refused with 429 tooMany even with the right password, the number kept", async () => {
    expect(LIMITS.loginPhoneIp).toEqual({ points: 10, duration: 900 });
    const user = await createUser();
    const ip = newIp();
    for (let i = 1; i <= 10; i++) {
      const res = await login(new CookieJar(), user.typed, "wrong-password", {}, { clientIp: ip });
      expect(formErrors(res), `attempt ${i}`).toEqual(["account:errors.loginFailed"]);
    }
    const res = await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: ip });
    expect(res.status).toBe(429);
    expect(formErrors(res)).toHaveLength(1);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(Number(formErrors(res)![0].split("minutes=")[1])).toBeLessThanOrEqual(15);
    expect(lastResult(res)?.initialValue).toMatchObject({ authentication: user.typed });
    expect(lastResult(res)?.initialValue).not.toHaveProperty("password");
    expect(await sessionCount(user.id)).toBe(0);
    // The number typed differently (spaces, no trunk 0) is the same number for the limit.
    const other = await login(new CookieJar(), user.typed.replace(/^0/, "").replace(/(\d{3})/, "$1 "), PASSWORD, {}, { clientIp: ip });
    expect(other.status).toBe(429);
    expect(formErrors(other)?.[0]).toMatch(TOO_MANY);
  });

  it("does not lock the owner out from another address: ten wrong passwords elsewhere leave the owner's login working (issue 9)", async () => {
    const user = await createUser();
    const attacker = newIp();
    for (let i = 1; i <= 10; i++) await login(new CookieJar(), user.typed, "wrong-password", {}, { clientIp: attacker });
    expect((await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: attacker })).status).toBe(429);
    const owner = await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: newIp() });
    expect(owner.status).toBe(302);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("limits one number to 100 attempts in 15 minutes from all addresses together", async () => {
    expect(LIMITS.loginPhone).toEqual({ points: 100, duration: 900 });
    const user = await createUser();
    for (let i = 1; i <= 100; i++) expect((await consume(db(), [["loginPhone", user.phone]])).ok, `attempt ${i}`).toBe(true);
    const res = await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: newIp() });
    expect(res.status).toBe(429);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("counts a successful login's number afresh", async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i++) await login(new CookieJar(), user.typed, "wrong-password");
    expect((await login(new CookieJar(), user.typed, PASSWORD)).status).toBe(302);
    const next = await login(new CookieJar(), user.typed, "wrong-password");
    expect(formErrors(next)).toEqual(["account:errors.loginFailed"]);
  });

  it("limits logins per IP address (100 in 15 minutes), passing the client's address from the load context", async () => {
    expect(LIMITS.loginIp).toEqual({ points: 100, duration: 900 });
    const ip = newIp();
    for (let i = 1; i <= 100; i++) expect((await consume(db(), [["loginIp", ip]])).ok, `attempt ${i}`).toBe(true);
    const over = await consume(db(), [["loginIp", ip]]);
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.retryAfter).toBeGreaterThan(0);
      expect(over.retryAfter).toBeLessThanOrEqual(900);
    }
    const user = await createUser();
    const res = await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: ip });
    expect(res.status).toBe(429);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect((await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: newIp() })).status).toBe(302);
  });
});

describe("logout (POST /logout)", () => {
  it("deletes the session row, clears the cookie and goes to /login", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await login(jar, user.typed, PASSWORD);
    const other = new CookieJar();
    await login(other, user.typed, PASSWORD);
    expect(await sessionCount(user.id)).toBe(2);
    const token = (await tokenOf(jar)) as string;
    const before = jar.header();

    const res = await callAction(logoutAction, "/logout", { cookie: jar.header() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await toastOf(res)).toMatchObject({ type: "success", message: AR.toasts.logout });
    expect(setCookie(res, "__session")?.cleared).toBe(true);
    jar.store(res.headers);
    expect(jar.get("__session")).toBeUndefined();

    const rows = await db().select().from(s.sessions).where(eq(s.sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(hashToken(token));
    // Even the old cookie (kept by a thief) no longer works; the other browser is still logged in.
    expect(await getCurrentUser(requestWith(before))).toBeNull();
    expect(await getCurrentUser(requestWith(other))).toMatchObject({ id: user.id });
  });

  it("clears the cookie even when the database call fails", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await login(jar, user.typed, PASSWORD);
    const database = test.get();
    const failing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "delete") {
          return () => {
            throw new Error("database is down");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    globalThis.__database = Promise.resolve({ ...database, db: failing });
    let res: Result;
    try {
      res = await callAction(logoutAction, "/logout", { cookie: jar.header() });
    } finally {
      globalThis.__database = Promise.resolve(database);
    }
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(setCookie(res, "__session")?.cleared).toBe(true);
    // The row could not be deleted (the failure was real), yet the browser is logged out.
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("without a session, still answers with a cleared cookie and /login", async () => {
    const res = await callAction(logoutAction, "/logout");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(setCookie(res, "__session")?.cleared).toBe(true);
  });
});

describe("forgotten password (POST /forgot-password)", () => {
  /** Posts the form, then waits for the work the answer does not wait for (the link and its SMS). */
  const forgot = async (typed: string, context: Record<string, unknown> = {}, country = "SY") => {
    const res = await callAction(forgotAction, "/forgot-password", { form: { country, authentication: typed }, context });
    await responsesSettled();
    return res;
  };

  it("logs a failure of the work after the answer as one line, never an unhandled rejection", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      afterResponse("password reset", async () => {
        throw new Error("database gone");
      });
      await responsesSettled();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(written.join("")).toBe("[after-response] password reset failed: database gone\n");
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("answers before the link and its SMS are made: a known number does not wait for that work (issue 9)", async () => {
    const user = await createUser();
    const send = outboxSender.send.bind(outboxSender);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sent = false;
    vi.spyOn(outboxSender, "send").mockImplementation(async (tx, message) => {
      await gate;
      await send(tx, message);
      sent = true;
    });
    const answer = callAction(forgotAction, "/forgot-password", { form: { country: "SY", authentication: user.typed } });
    // The SMS never finishes until released: an answer that waited for it would never come.
    const res = await Promise.race([answer, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5000))]);
    release();
    expect(res).not.toBe("waited");
    expect(res).toMatchObject({ status: 302 });
    expect((res as Result).headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(sent).toBe(false);
    await responsesSettled();
    expect(sent).toBe(true);
    expect(await outbox(user.phone)).toHaveLength(1);
  });

  it("sends a /rp?t= link to an existing number, and answers the same for an unknown number without sending", async () => {
    const user = await createUser();
    const res = await forgot(user.typed);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    const sms = await outbox(user.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/http:\/\/localhost:3000\/rp\?t=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
    const [reset] = await db().select().from(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    const token = sms[0].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
    expect(reset.token_hash).toBe(hashToken(token));

    const unknown = newPhone();
    const other = await forgot(unknown.typed);
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(await outbox(unknown.e164)).toHaveLength(0);

    const suspended = await createUser({ status: "suspended" });
    expect((await forgot(suspended.typed)).headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(await outbox(suspended.phone)).toHaveLength(0);

    expect((await callLoader(forgotLoader, "/forgot-password?sent=1")).data.sent).toBe(true);
  });

  it("answers 400 phoneInvalid to a number that is not valid for the country", async () => {
    for (const [country, typed] of [
      ["SY", "0123456"],
      ["SY", "+49 15123456789"],
    ]) {
      const res = await forgot(typed, {}, country);
      expect(res.status, typed).toBe(400);
      expect(fieldErrors(res, "authentication"), typed).toEqual(["account:errors.phoneInvalid"]);
    }
    const big = await callAction(forgotAction, "/forgot-password", { form: { country: "x".repeat(10_000), authentication: "9".repeat(10_000) } });
    expect(big.status).toBe(400);
    expect(fieldErrors(big, "country")).toEqual(["account:errors.countryRequired"]);
    expect(fieldErrors(big, "authentication")).toEqual(["account:errors.phoneMax"]);
  });

  it("sends at most 3 SMS per number per hour: the 4th request is refused with 429", async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) expect((await forgot(user.typed)).status, `request ${i}`).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(3);
    const res = await forgot(user.typed);
    expect(res.status).toBe(429);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(await outbox(user.phone)).toHaveLength(3);
    // An unknown number is limited the same way (the limit says nothing about which numbers have accounts).
    const unknown = newPhone();
    for (let i = 1; i <= 3; i++) expect((await forgot(unknown.typed)).status).toBe(302);
    expect((await forgot(unknown.typed)).status).toBe(429);
  });

  it("answers the same when the SMS cannot be sent (no 500), keeps no new link, and the earlier link still works", async () => {
    const user = await createUser();
    expect((await forgot(user.typed)).status).toBe(302);
    const earlier = (await outbox(user.phone))[0].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
    const failing = failNextSms();
    const res = await forgot(user.typed);
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(failing.stderr()).toContain(user.phone);
    expect(failing.stderr()).toContain("provider down");
    // The failed link was not written (its token never reached anyone), and it did not spend the earlier one.
    const resets = await db().select().from(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    expect(resets).toHaveLength(1);
    expect(resets[0]).toMatchObject({ token_hash: hashToken(earlier), used_at: null });
    expect(await outbox(user.phone)).toHaveLength(1);
    expect((await callLoader(rpLoader, `/rp?t=${earlier}`)).data.state).toBe("form");
  });

  it("reads a number typed with Arabic-Indic digits", async () => {
    const user = await createUser();
    const arabic = user.typed.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await forgot(arabic);
    expect(res.status).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(1);
  });

  it("counts every request of one IP address against the 30 SMS per hour", async () => {
    const ip = newIp();
    for (let i = 1; i <= 30; i++) expect((await forgot(newPhone().typed, { clientIp: ip })).status, `request ${i}`).toBe(302);
    const user = await createUser();
    const res = await forgot(user.typed, { clientIp: ip });
    expect(res.status).toBe(429);
    expect(await outbox(user.phone)).toHaveLength(0);
  });
});

describe("password reset (/rp)", () => {
  /** A reset link for a user, got the way the user gets it: from the SMS. */
  async function resetLink(user: { typed: string; phone: string }): Promise<string> {
    const res = await callAction(forgotAction, "/forgot-password", { form: { country: "SY", authentication: user.typed } });
    expect(res.status).toBe(302);
    await responsesSettled();
    const sms = await outbox(user.phone);
    return sms[sms.length - 1].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
  }
  const postReset = (token: string, form: Record<string, string>, context: Record<string, unknown> = {}) =>
    callAction(rpAction, `/rp?t=${token}`, { form, context });
  const hashes = () => vi.mocked(hashPassword).mock.calls.length;

  it("sends a visit without a token or with an empty one to /, and shows 'bad' with status 400 for a malformed or unknown token", async () => {
    for (const url of ["/rp", "/rp?t=", "/rp?t=&changed=1"]) {
      const none = await callLoader(rpLoader, url);
      expect(none.status, url).toBe(302);
      expect(none.headers.get("Location"), url).toBe("/");
    }
    const post = await callAction(rpAction, "/rp?t=", { form: { password: "brand-new-pass", password_confirmation: "brand-new-pass" } });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    for (const t of ["short", "x".repeat(43), "a%20b".repeat(10), "y".repeat(10_000)]) {
      const res = await callLoader(rpLoader, `/rp?t=${t}`);
      expect(res.status, t.slice(0, 10)).toBe(400);
      expect(res.data.state, t.slice(0, 10)).toBe("bad");
    }
    expect((await callLoader(rpLoader, "/rp?changed=1")).data.state).toBe("changed");
  });

  it("shows the form for a valid token, and checks the new password", async () => {
    const user = await createUser();
    const token = await resetLink(user);
    const page = await callLoader(rpLoader, `/rp?t=${token}`);
    expect(page.status).toBe(200);
    expect(page.data.state).toBe("form");

    const mismatch = await postReset(token, { password: "new-password-1", password_confirmation: "new-password-2" });
    expect(mismatch.status).toBe(400);
    expect(fieldErrors(mismatch, "password_confirmation")).toEqual(["account:errors.passwordMismatch"]);
    expect(lastResult(mismatch)?.initialValue ?? {}).not.toHaveProperty("password");
    expect(JSON.stringify(mismatch.data)).not.toContain("new-password");

    const short = await postReset(token, { password: "short77", password_confirmation: "short77" });
    expect(short.status).toBe(400);
    expect(fieldErrors(short, "password")).toEqual(["account:errors.resetPasswordMin"]);

    const missing = await postReset(token, {});
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing, "password")).toEqual(["account:errors.passwordRequired"]);
    expect(fieldErrors(missing, "password_confirmation")).toEqual(["account:errors.confirmationRequired"]);

    // Nothing changed, and the link still works.
    expect(await verifyPassword((await userRow(user.phone)).password_hash, PASSWORD)).toBe(true);
    expect((await callLoader(rpLoader, `/rp?t=${token}`)).data.state).toBe("form");
  });

  it("checks the link before anything else: an unknown or spent token goes back to its page, nothing hashed or changed", async () => {
    const user = await createUser();
    const token = await resetLink(user);
    const unknown = "x".repeat(43);
    const forms: Array<Record<string, string>> = [
      { password: "brand-new-pass", password_confirmation: "brand-new-pass" },
      { password: "short", password_confirmation: "other" },
      {},
    ];
    for (const form of forms) {
      const before = hashes();
      const res = await postReset(unknown, form);
      expect(res.status, JSON.stringify(form)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(form)).toBe(`/rp?t=${unknown}`);
      expect(hashes(), JSON.stringify(form)).toBe(before);
    }
    // The real link, spent, behaves the same.
    expect((await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" })).headers.get("Location")).toBe(
      "/rp?changed=1",
    );
    const before = hashes();
    const replay = await postReset(token, { password: "third-password", password_confirmation: "third-password" });
    expect(replay.headers.get("Location")).toBe(`/rp?t=${token}`);
    expect(hashes()).toBe(before);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, "brand-new-pass")).toBe(true);
  });

  it("limits reset posts per IP address (the login limit) before hashing: 429 tooMany, the link still works", async () => {
    const user = await createUser();
    const token = await resetLink(user);
    const ip = newIp();
    for (let i = 1; i <= 100; i++) expect((await consume(db(), [["loginIp", ip]])).ok).toBe(true);
    const before = hashes();
    const res = await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" }, { clientIp: ip });
    expect(res.status).toBe(429);
    expect(formErrors(res)).toHaveLength(1);
    expect(formErrors(res)?.[0]).toMatch(TOO_MANY);
    expect(hashes()).toBe(before);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, PASSWORD)).toBe(true);
    expect((await callLoader(rpLoader, `/rp?t=${token}`)).data.state).toBe("form");
    // An unknown token from that address is limited too (the limit comes first).
    expect((await postReset("x".repeat(43), {}, { clientIp: ip })).status).toBe(429);
    // From another address the link works.
    const ok = await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" }, { clientIp: newIp() });
    expect(ok.headers.get("Location")).toBe("/rp?changed=1");
    expect(hashes()).toBe(before + 1);
  });

  it("changes the password, spends the link and ends every session of the user", async () => {
    const user = await createUser();
    const a = new CookieJar();
    await login(a, user.typed, PASSWORD);
    await createSession(db(), user.id);
    expect(await sessionCount(user.id)).toBe(2);
    const token = await resetLink(user);

    const res = await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/rp?changed=1");

    const row = await userRow(user.phone);
    expect(row.password_hash).toMatch(ARGON2ID);
    expect(await verifyPassword(row.password_hash, "brand-new-pass")).toBe(true);
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await getCurrentUser(requestWith(a))).toBeNull();

    // Single-use: the link is now bad, and posting it again changes nothing.
    const again = await callLoader(rpLoader, `/rp?t=${token}`);
    expect(again.status).toBe(400);
    expect(again.data.state).toBe("bad");
    const replay = await postReset(token, { password: "third-password", password_confirmation: "third-password" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe(`/rp?t=${token}`);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, "brand-new-pass")).toBe(true);

    // The new password logs in; the old one does not.
    expect(formErrors(await login(new CookieJar(), user.typed, PASSWORD))).toEqual(["account:errors.loginFailed"]);
    expect((await login(new CookieJar(), user.typed, "brand-new-pass")).status).toBe(302);
  });

  it("does not let a link change the password once the account is suspended (the page already calls it bad)", async () => {
    const user = await createUser();
    const token = await resetLink(user);
    await db().update(s.users).set({ status: "suspended" }).where(eq(s.users.id, user.id));
    const page = await callLoader(rpLoader, `/rp?t=${token}`);
    expect(page.status).toBe(400);
    expect(page.data.state).toBe("bad");
    const res = await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/rp?t=${token}`);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, PASSWORD)).toBe(true);
  });

  it("refuses an expired link, and an earlier link once a newer one was sent", async () => {
    const user = await createUser();
    const first = await resetLink(user);
    const second = await resetLink(user);
    expect((await callLoader(rpLoader, `/rp?t=${first}`)).data.state).toBe("bad");
    expect((await callLoader(rpLoader, `/rp?t=${second}`)).data.state).toBe("form");
    await db()
      .update(s.password_resets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(s.password_resets.token_hash, hashToken(second)));
    const res = await callLoader(rpLoader, `/rp?t=${second}`);
    expect(res.status).toBe(400);
    expect(res.data.state).toBe("bad");
    const post = await postReset(second, { password: "brand-new-pass", password_confirmation: "brand-new-pass" });
    expect(post.headers.get("Location")).toBe(`/rp?t=${second}`);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, PASSWORD)).toBe(true);
  });
});

describe("profile (/profile)", () => {
  const toLogin = (res: Awaited<ReturnType<typeof callLoader>>) => {
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  };

  it("sends a visitor without a session to /login?redirectTo=%2Fprofile", async () => {
    toLogin(await callLoader(profileLoader, "/profile"));
  });

  it("treats forged, unsigned or foreign cookies as logged out (a redirect, not a 500)", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await login(jar, user.typed, PASSWORD);
    const real = jar.get("__session")!;
    const token = (await tokenOf(jar)) as string;

    const unsigned = encodeURIComponent(btoa(JSON.stringify({ token })));
    const foreign = createCookieSessionStorage({ cookie: { name: "__session", secrets: ["another-secret-another-secret-000000"] } });
    const foreignSession = await foreign.getSession();
    foreignSession.set("token", token);
    const foreignCookie = parseSetCookie(await foreign.commitSession(foreignSession)).value;
    const ourSession = await sessionStorage.getSession();
    ourSession.set("token", "A".repeat(43));
    const unknownToken = parseSetCookie(await sessionStorage.commitSession(ourSession)).value;
    const tampered = real.slice(0, -3) + (real.endsWith("abc") ? "xyz" : "abc");

    for (const value of ["garbage", "", unsigned, `${unsigned}.bad-signature`, foreignCookie, unknownToken, tampered, "%E0%A4%A", "x".repeat(10_000)]) {
      toLogin(await callLoader(profileLoader, "/profile", { cookie: `__session=${value}` }));
    }
    // The real cookie works (so the forged ones failed for their forgery).
    expect((await callLoader(profileLoader, "/profile", { cookie: `__session=${real}` })).status).toBe(200);
  });

  it("shows the user's name and formatted phone", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await login(jar, user.typed, PASSWORD, { redirectTo: "/profile" });
    const res = await callLoader(profileLoader, "/profile", { cookie: jar.header() });
    expect(res.status).toBe(200);
    const digits = user.phone.slice(4);
    expect(res.data.user).toEqual({ name: "Rami Haddad", phone: `+963 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` });
    expect(JSON.stringify(res.data)).not.toContain("argon2");
  });

  it("stops working when the session expires", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await login(jar, user.typed, PASSWORD);
    await db()
      .update(s.sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(s.sessions.user_id, user.id));
    toLogin(await callLoader(profileLoader, "/profile", { cookie: jar.header() }));
  });
});
