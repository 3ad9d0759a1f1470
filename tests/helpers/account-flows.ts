import { asc, count, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { getDb } from "~/platform/db/db.server";
import * as s from "~/platform/db/schema";
import { action as acAction } from "~/routes/activation-code-resend";
import { action as confirmAction } from "~/routes/registration-confirm";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { resources } from "~/platform/i18n/i18n.server";
import { sessionStorage } from "~/platform/http/session.server";
import { BACKOFF_MAX_MS } from "~/platform/jobs/jobs.server";
import { runDueJobs } from "~/features/jobs/job-tasks.server";
import { outboxSender } from "~/platform/sms/sms.server";
import { account, type AccountOptions } from "./accounts";
import { CAPTCHA } from "./fixed-captcha";
import { callAction, callLoader, CookieJar, parseSetCookie, type Reply } from "./remix";

/**
 * What the account tests (tests/accounts-*.test.ts: registration, activation, login, reset, profile) share: the
 * journeys of a browser through /login, /confirm and /ac (each request carries a jar's cookies and stores what the
 * answer sets), fresh numbers and addresses, and reads of what was stored, on the app's database (the test file's,
 * which useTestDatabase installs). Every file that logs in imports ./fixed-captcha first, so that every drawn
 * captcha shows CAPTCHA.
 */

/** The password of the accounts made by createUser. */
export const PASSWORD = "correct-horse-1";
/** The Arabic texts of locales/ar/account.json (toasts are translated on the server). */
export const AR = resources.ar.account;
export const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
/** The "too many attempts" message, with its minutes to wait. */
export const TOO_MANY = { key: "account:errors.tooMany", values: { minutes: expect.any(Number) } };

/** The minutes to wait that a "too many attempts" message gives. */
export function waitMinutes(message: unknown): number {
  return (message as { values: { minutes: number } }).values.minutes;
}

/** The reply of a form (Conform's lastResult): its status, the values typed back, and its errors. */
export function lastResult(res: Reply) {
  return res.data?.lastResult as
    { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, unknown[] | null> } | undefined;
}

/** The form-level errors of a reply. */
export function formErrors(res: Reply) {
  return lastResult(res)?.error?.[""];
}

/** The Set-Cookie of one cookie in an answer. */
export function setCookie(res: Reply, name: string) {
  return res.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((c) => c.name === name);
}

/** A request of the browser whose cookies `jar` holds (or a Cookie header), to `url`. */
export function requestWith(jar: CookieJar | string, url = "/"): Request {
  const cookie = typeof jar === "string" ? jar : jar.header();
  return new Request(new URL(url, "http://localhost:3000"), { headers: cookie ? { Cookie: cookie } : {} });
}

/** The pending sign-up the session cookie of a jar holds. */
export async function pendingOf(jar: CookieJar): Promise<unknown> {
  return (await sessionStorage.getSession(jar.header())).get("pending");
}

/** The login token the session cookie of a jar holds (read with the app's own cookie storage). */
export async function tokenOf(jar: CookieJar): Promise<unknown> {
  return (await sessionStorage.getSession(jar.header())).get("token");
}

let ipSeq = 0;
/** An IP address nobody used yet in this file (the rate limits are shared by the whole file). */
export function newIp(): string {
  ipSeq++;
  return `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

let phoneSeq = 0;
/** A Syrian mobile number nobody used yet in this file: as typed (with its trunk 0) and in E.164. */
export function newPhone(): { typed: string; e164: string } {
  const n = String(100000 + ++phoneSeq);
  return { typed: `0944${n}`, e164: `+963944${n}` };
}

/** The fields of a valid sign-up with a fresh number, `fields` replacing them (undefined leaves one out). */
export function registration(fields: Partial<Record<string, string>> = {}): Record<string, string> {
  const all = {
    first_name: "Lina",
    last_name: "Saleh",
    country: "SY",
    authentication: newPhone().typed,
    password: "secret-pass-1",
    ...fields,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/**
 * Makes the next SMS fail the way a provider that is down does, and collects what the app writes on standard
 * error meanwhile (the queue's worker writes the cause there, not to console.error). Both are undone after the test.
 */
export function failNextSms(): { send: ReturnType<typeof vi.spyOn>; stderr: () => string } {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  const send = vi.spyOn(outboxSender, "send").mockRejectedValueOnce(new Error("provider down"));
  return { send, stderr: () => written.join("") };
}

/**
 * Runs the SMS jobs (and any other job) due now, as the worker would have by the time a person reads the phone
 * (every SMS is a queued job).
 */
export async function sendQueuedSms(): Promise<void> {
  await runDueJobs(await getDb());
}
/** Runs the jobs that a failure put back, as the worker does once their back-off has passed (an hour later). */
export async function retryFailedSms(): Promise<void> {
  await runDueJobs(await getDb(), { now: new Date(Date.now() + 2 * BACKOFF_MAX_MS) });
}
/** The SMS sent to a phone (E.164), oldest first, once the queued ones were sent (sendQueuedSms). */
export async function outbox(phone: string) {
  await sendQueuedSms();
  return (await getDb()).select().from(s.sms_outbox).where(eq(s.sms_outbox.phone, phone)).orderBy(asc(s.sms_outbox.id));
}
/** The 6-digit code of the newest SMS sent to a phone. */
export async function lastCode(phone: string): Promise<string> {
  const rows = await outbox(phone);
  expect(rows.length, `an SMS was sent to ${phone}`).toBeGreaterThan(0);
  const match = rows[rows.length - 1].body.match(/(?<!\d)(\d{6})(?!\d)/);
  expect(match, rows[rows.length - 1].body).toBeTruthy();
  return match![1];
}
/** The account of a phone (E.164), or undefined. */
export async function userRow(phone: string) {
  const [row] = await (await getDb()).select().from(s.users).where(eq(s.users.phone, phone));
  return row;
}
/** The sign-ups of a phone waiting for their code, oldest first. */
export async function registrationRows(phone: string) {
  return (await getDb()).select().from(s.registrations).where(eq(s.registrations.phone, phone)).orderBy(asc(s.registrations.id));
}
/** The SMS codes of a phone, oldest first. */
export async function codeRows(phone: string) {
  return (await getDb()).select().from(s.sms_codes).where(eq(s.sms_codes.phone, phone)).orderBy(asc(s.sms_codes.id));
}
/** How many login sessions an account has. */
export async function sessionCount(userId: number): Promise<number> {
  const [{ n }] = await (await getDb()).select({ n: count() }).from(s.sessions).where(eq(s.sessions.user_id, userId));
  return Number(n);
}

/**
 * An account (tests/helpers/accounts.ts) with the password PASSWORD and no session, for the tests that are not
 * about registration: its row, with `typed`, its number as the login form takes it.
 */
export async function createUser(options: Pick<AccountOptions, "status" | "password"> = {}) {
  const made = await account(await getDb(), { password: PASSWORD, loggedIn: false, ...options });
  return { ...made.user, typed: made.typed };
}

/** Opens /login as the browser of `jar` (a new captcha in its session). */
export async function openLogin(jar: CookieJar, url = "/login", context: Record<string, unknown> = {}) {
  const res = await callLoader(loginLoader, url, { cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}
/** Posts the login form as the browser of `jar`. */
export async function postLogin(
  jar: CookieJar,
  fields: Record<string, string>,
  context: Record<string, unknown> = {},
  url = "/login",
) {
  const res = await callAction(loginAction, url, { form: { intent: "login", ...fields }, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}
/** Opens /login (a fresh captcha) and logs in with the right captcha. */
export async function login(jar: CookieJar, typed: string, password: string, extra: Record<string, string> = {}, context = {}) {
  await openLogin(jar);
  return postLogin(jar, { country: "SY", authentication: typed, password, captcha: CAPTCHA, ...extra }, context);
}
/** Posts the sign-up form (/login?tab=2) as the browser of `jar`. */
export async function register(jar: CookieJar, fields: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(loginAction, "/login?tab=2", {
    form: { intent: "register", ...fields },
    cookie: jar.header(),
    context,
  });
  jar.store(res.headers);
  return res;
}
/** Posts to /confirm as the browser of `jar`. */
export async function postConfirm(jar: CookieJar, form: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(confirmAction, "/confirm", { form, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}
/** A registration waiting for its code: the jar holds the pending session. */
export async function pendingRegistration(context: Record<string, unknown> = {}, fields: Record<string, string> = {}) {
  const jar = new CookieJar();
  const phone = newPhone();
  const form = registration({ authentication: phone.typed, ...fields });
  const res = await register(jar, form, context);
  expect(res.status).toBe(302);
  return { jar, phone, password: form.password };
}
/** Posts to /ac as the browser of `jar`. */
export async function postAc(jar: CookieJar, form: Record<string, string>, context: Record<string, unknown> = {}) {
  const res = await callAction(acAction, "/ac", { form, cookie: jar.header(), context });
  jar.store(res.headers);
  return res;
}

export { CAPTCHA };
