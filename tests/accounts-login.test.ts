// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as s from "~/platform/db/schema";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as profileLoader } from "~/routes/profile";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { consume, LIMITS } from "~/platform/http/rate-limit.server";
import { sessionStorage } from "~/platform/http/session.server";
import { hashToken } from "~/platform/http/tokens.server";
import {
  AR,
  CAPTCHA,
  createUser,
  formErrors,
  lastResult,
  login,
  newIp,
  newPhone,
  openLogin,
  PASSWORD,
  pendingRegistration,
  postLogin,
  register,
  registration,
  registrationRows,
  requestWith,
  sessionCount,
  setCookie,
  tokenOf,
  TOO_MANY,
  userRow,
  waitMinutes,
} from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar, type Reply } from "./helpers/remix";

/** Login (with its captcha and limits) and logout, as a browser meets them. */

const test = useTestDatabase();
const db = () => test.get().db;

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

  it("draws at most 60 captchas per IP address in 10 minutes: then 429, no image, tooMany where it was, and posting is refused", async () => {
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
    expect(limited.data.captchaLimited).toEqual(TOO_MANY);
    expect(waitMinutes(limited.data.captchaLimited)).toBeLessThanOrEqual(10);
    expect(limited.data.tab).toBe("1");
    expect(await tokenOf(jar)).toBeUndefined();
    expect((await sessionStorage.getSession(jar.header())).get("captcha")).toBeUndefined();

    const user = await createUser();
    const res = await postLogin(jar, { country: "SY", authentication: user.typed, password: PASSWORD, captcha: CAPTCHA }, ip);
    expect(res.status).toBe(429);
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(lastResult(res)?.initialValue).toMatchObject({ authentication: user.typed });
    expect(await sessionCount(user.id)).toBe(0);
    // The sign-up tab draws nothing and is not limited; another address still gets its captcha.
    expect((await openLogin(new CookieJar(), "/login?tab=2", ip)).status).toBe(200);
    expect((await openLogin(new CookieJar(), "/login", { clientIp: newIp() })).data.captcha?.image).toMatch(/^data:image\/png/);
  });

  it("checks the captcha: missing, wrong length and not drawn are captchaRequired; wrong text is captchaWrong", async () => {
    const user = await createUser();
    const cases: Array<[string | undefined, string, boolean]> = [
      [undefined, "account:errors.captchaRequired", true],
      ["", "account:errors.captchaRequired", true],
      ["AbC2", "account:errors.captchaRequired", true],
      ["AbC234", "account:errors.captchaRequired", true],
      ["x".repeat(10_000), "account:errors.captchaRequired", true],
      ["AbC24", "account:errors.captchaWrong", true],
      ["abc24", "account:errors.captchaWrong", true],
      ["ABD23", "account:errors.captchaWrong", true],
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
      expect(res, label).toHaveFieldError("captcha", message);
      expect(await sessionCount(user.id), label).toBe(0);
    }
  });

  it("says a wrong captcha before a number that is not a mobile, and the number once the captcha is right", async () => {
    const jar = new CookieJar();
    await openLogin(jar);
    const landline = { country: "SY", authentication: "011 234 5678", password: PASSWORD };
    const wrong = await postLogin(jar, { ...landline, captcha: "AbC24" });
    expect(wrong.status).toBe(400);
    expect(wrong).toHaveFieldError("captcha", "account:errors.captchaWrong");
    expect(wrong).not.toHaveFieldError("authentication");
    await openLogin(jar);
    const right = await postLogin(jar, { ...landline, captcha: CAPTCHA });
    expect(right.status).toBe(400);
    expect(right).toHaveFieldError("authentication", "account:errors.phoneInvalid");
    expect(right).not.toHaveFieldError("captcha");
    expect(lastResult(right)?.initialValue).toMatchObject({ authentication: "011 234 5678" });
  });

  it("spends the captcha on every post: the returned cookie no longer holds it", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await openLogin(jar);
    const first = await postLogin(jar, {
      country: "SY",
      authentication: user.typed,
      password: "wrong-password",
      captcha: CAPTCHA,
    });
    expect(first).toHaveFormErrors("account:errors.loginFailed");
    const second = await postLogin(jar, { country: "SY", authentication: user.typed, password: PASSWORD, captcha: CAPTCHA });
    expect(second.status).toBe(400);
    expect(second).toHaveFieldError("captcha", "account:errors.captchaRequired");
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
    expect(first).not.toHaveFieldError("captcha");
    expect(first).toHaveFormErrors("account:errors.loginFailed");
    const replay = await callAction(loginAction, "/login", { form: { ...fields, password: PASSWORD }, cookie: old });
    expect(replay.status).toBe(400);
    expect(replay).toHaveFieldError("captcha", "account:errors.captchaRequired");
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
      expect(res).toHaveFormErrors("account:errors.loginFailed");
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
    expect(right).toHaveFormErrors("account:errors.notActivated");
    expect(await tokenOf(new CookieJar().store(right.headers))).toBeUndefined();
    // A wrong password tells nothing about the sign-up.
    const wrong = await login(new CookieJar(), phone.typed, "wrong-password");
    expect(wrong.status).toBe(400);
    expect(wrong).toHaveFormErrors("account:errors.loginFailed");
    // An older sign-up of the number (another password) is recognised too.
    const again = await register(new CookieJar(), registration({ authentication: phone.typed, password: "another-pass-2" }));
    expect(again.status).toBe(302);
    expect(await login(new CookieJar(), phone.typed, password)).toHaveFormErrors("account:errors.notActivated");
    expect(await login(new CookieJar(), phone.typed, "another-pass-2")).toHaveFormErrors("account:errors.notActivated");
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(2);
  });

  it("tells a suspended account that it is suspended, without logging in", async () => {
    const user = await createUser({ status: "suspended" });
    const jar = new CookieJar();
    const res = await login(jar, user.typed, PASSWORD);
    expect(res.status).toBe(400);
    expect(res).toHaveFormErrors("account:errors.suspended");
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
    expect(profile).toRedirectTo("/login?redirectTo=%2Fprofile");
  });

  it("logs in: 302 to / with a session cookie, a new session and token on every login", async () => {
    const user = await createUser();
    const a = new CookieJar();
    const res = await login(a, user.typed, PASSWORD);
    expect(res).toRedirectTo("/");
    await expect(res).toFlashToast("success", AR.toasts.loginSuccess);
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
    expect(page).toRedirectTo("/profile");
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
      expect(res, redirectTo).toRedirectTo(location);
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
      expect(res, JSON.stringify(redirectTo)).toRedirectTo(location);
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
    for (const redirectTo of [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/./\\evil.example",
    ]) {
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
      const res = await postLogin(jar, {
        country: "SY",
        authentication: user.typed,
        password: PASSWORD,
        captcha: CAPTCHA,
        ...fields,
      });
      const label = JSON.stringify(fields).slice(0, 40);
      expect(res.status, label).toBe(400);
      expect(res, label).toHaveFieldError(field, message);
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("allows 10 attempts per number from one address in 15 minutes: the 11th is refused with 429 tooMany even with the right password, the number kept", async () => {
    expect(LIMITS.loginPhoneIp).toEqual({ points: 10, duration: 900 });
    const user = await createUser();
    const ip = newIp();
    for (let i = 1; i <= 10; i++) {
      const res = await login(new CookieJar(), user.typed, "wrong-password", {}, { clientIp: ip });
      expect(res, `attempt ${i}`).toHaveFormErrors("account:errors.loginFailed");
    }
    const res = await login(new CookieJar(), user.typed, PASSWORD, {}, { clientIp: ip });
    expect(res.status).toBe(429);
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(waitMinutes(formErrors(res)![0])).toBeLessThanOrEqual(15);
    expect(lastResult(res)?.initialValue).toMatchObject({ authentication: user.typed });
    expect(lastResult(res)?.initialValue).not.toHaveProperty("password");
    expect(await sessionCount(user.id)).toBe(0);
    // The number typed differently (spaces, no trunk 0) is the same number for the limit.
    const other = await login(
      new CookieJar(),
      user.typed.replace(/^0/, "").replace(/(\d{3})/, "$1 "),
      PASSWORD,
      {},
      { clientIp: ip },
    );
    expect(other.status).toBe(429);
    expect(other).toHaveFormErrors(TOO_MANY);
  });

  it("does not lock the owner out from another address: ten wrong passwords elsewhere leave the owner's login working", async () => {
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
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("counts a successful login's number afresh", async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i++) await login(new CookieJar(), user.typed, "wrong-password");
    expect((await login(new CookieJar(), user.typed, PASSWORD)).status).toBe(302);
    const next = await login(new CookieJar(), user.typed, "wrong-password");
    expect(next).toHaveFormErrors("account:errors.loginFailed");
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
    expect(res).toHaveFormErrors(TOO_MANY);
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
    expect(res).toRedirectTo("/login");
    await expect(res).toFlashToast("success", AR.toasts.logout);
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
    let res: Reply;
    try {
      res = await callAction(logoutAction, "/logout", { cookie: jar.header() });
    } finally {
      globalThis.__database = Promise.resolve(database);
    }
    expect(res).toRedirectTo("/login");
    expect(setCookie(res, "__session")?.cleared).toBe(true);
    // The row could not be deleted (the failure was real), yet the browser is logged out.
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("without a session, still answers with a cleared cookie and /login", async () => {
    const res = await callAction(logoutAction, "/logout");
    expect(res).toRedirectTo("/login");
    expect(setCookie(res, "__session")?.cleared).toBe(true);
  });
});
