// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import * as s from "~/platform/db/schema";
import { TextWithUserText } from "~/platform/ui/UserText";
import { activateSchema, codeSchema, loginSchema, registerSchema } from "~/features/accounts/account-forms";
import { toLatinDigits } from "~/platform/forms/text";
import { articleSchema, officeSchema } from "~/features/back-office/content-forms";
import { parseForm } from "~/platform/forms/parse";
import { consultationSchema, contactSchema, newEstateSchema, postEditSchema, requestSchema } from "~/features/posts/post-forms";
import { loader as confirmLoader } from "~/routes/registration-confirm";
import { action as forgotAction } from "~/routes/password-forgotten";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { pageTranslator, resources } from "~/platform/i18n/i18n.server";
import { verifyPassword } from "~/features/accounts/password.server";
import { toE164 } from "~/features/accounts/phone.server";
import { LIMITS } from "~/platform/http/rate-limit.server";
import {
  AR,
  ARGON2ID,
  codeRows,
  createUser,
  failNextSms,
  formErrors,
  lastCode,
  lastResult,
  login,
  newIp,
  newPhone,
  outbox,
  pendingOf,
  pendingRegistration,
  postAc,
  postConfirm,
  register,
  registration,
  registrationRows,
  retryFailedSms,
  requestWith,
  sessionCount,
  TOO_MANY,
  userRow,
} from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar } from "./helpers/remix";

/**
 * Registration (POST /login?tab=2, intent=register) and the refusal of bidirectional controls in user text, as a browser meets
 * them.
 */

const test = useTestDatabase();
const db = () => test.get().db;

describe("registration (POST /login?tab=2, intent=register)", () => {
  it("records a sign-up (no account yet) with the E.164 number and an argon2id hash, sends a code by SMS, and goes to /confirm", async () => {
    const jar = new CookieJar();
    const phone = "0955 123 456";
    const res = await register(jar, registration({ authentication: phone, password: "my-plain-pass" }));
    expect(res).toRedirectTo("/confirm");
    await expect(res).toFlashToast("success", AR.toasts.registerSuccess);

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
    expect(res).toHaveFieldError("first_name", "account:errors.firstNameRequired");
    expect(res).toHaveFieldError("last_name", "account:errors.lastNameRequired");
    expect(res).toHaveFieldError("authentication", "account:errors.phoneRequired");
    expect(res).toHaveFieldError("password", "account:errors.passwordRequired");
    expect(res).toHaveFieldError("country", "account:errors.countryRequired");
    // Blank fields are missing fields too.
    const blank = await register(new CookieJar(), {
      first_name: "",
      last_name: "",
      country: "",
      authentication: "",
      password: "",
    });
    expect(blank.status).toBe(400);
    expect(blank).toHaveFieldError("first_name", "account:errors.firstNameRequired");
    expect(blank).toHaveFieldError("country", "account:errors.countryRequired");
    expect(blank).toHaveFieldError("password", "account:errors.passwordRequired");
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
      if (ok) {
        expect(res, name).not.toHaveFieldError("first_name");
        expect(res, name).not.toHaveFieldError("last_name");
      } else {
        expect(res, name).toHaveFieldError("first_name", "account:errors.nameLength");
        expect(res, name).toHaveFieldError("last_name", "account:errors.nameLength");
      }
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
      if (ok) expect(res, `${password.length} characters`).not.toHaveFieldError("password");
      else expect(res, `${password.length} characters`).toHaveFieldError("password", "account:errors.registerPasswordLength");
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
      expect(res, typed).toHaveFieldError("authentication", "account:errors.phoneInvalid");
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
      expect(res, typed).toHaveFieldError("authentication", "account:errors.phoneInvalid");
      expect(await registrationRows(e164), typed).toHaveLength(0);
      expect(await outbox(e164), typed).toHaveLength(0);
    }
    // The other forms that send an SMS refuse it the same way.
    const forgot = await callAction(forgotAction, "/forgot-password", {
      form: { country: "SY", authentication: "011 234 5678" },
    });
    expect(forgot.status).toBe(400);
    expect(forgot).toHaveFieldError("authentication", "account:errors.phoneInvalid");
    const ac = await postAc(new CookieJar(), { country: "SY", authentication: "011 234 5678", password: "secret-pass-1" });
    expect(ac.status).toBe(400);
    expect(ac).toHaveFieldError("authentication", "account:errors.phoneInvalid");
    expect(await outbox("+963112345678")).toHaveLength(0);
  });

  it("reads Arabic-Indic and Persian digits in the number and in the code", async () => {
    expect(toLatinDigits("٠٩٤٤ ١٢٣ ٤٥٦")).toBe("0944 123 456");
    expect(toLatinDigits("۰۹۴۴ ۱۲۳ ۴۵۶")).toBe("0944 123 456");
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹")).toBe("01234567890123456789");
    // The schemas hand the routes Latin digits.
    const typed = { country: "SY", authentication: "٠٩٤٤ ١٢٣ ٤٥٦" };
    expect(
      registerSchema.parse({ ...typed, first_name: "Lina", last_name: "Saleh", password: "secret-pass-1" }).authentication,
    ).toBe("0944 123 456");
    expect(loginSchema.parse({ ...typed, password: "secret", captcha: "AbC23" }).authentication).toBe("0944 123 456");
    expect(activateSchema.parse({ ...typed, authentication: "۰۹۴۴ ۱۲۳ ۴۵۶", password: "secret" }).authentication).toBe(
      "0944 123 456",
    );
    expect(codeSchema.parse({ code: "٠١٢٣٤٥" }).code).toBe("012345");
    expect(codeSchema.parse({ code: "۹۸۷۶۵۴" }).code).toBe("987654");

    const jar = new CookieJar();
    const res = await register(jar, registration({ authentication: "٠٩٤٤ ١٢٣ ٤٥٦", password: "arabic-digits-1" }));
    expect(res).toRedirectTo("/confirm");
    const rows = await registrationRows("+963944123456");
    expect(rows).toHaveLength(1);
    expect(await pendingOf(jar)).toEqual({ phone: "+963944123456", registration: rows[0].id });

    // The code typed with Arabic-Indic digits is the code.
    const code = await lastCode("+963944123456");
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(arabic).toMatch(/^[\u0660-\u0669]{6}$/);
    const ok = await postConfirm(jar, { intent: "check", code: arabic });
    expect(ok).toRedirectTo("/");
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
    expect(res).toHaveFieldError("country", "account:errors.countryRequired");
  });

  it("answers countryRequired for an unknown country code (XX)", async () => {
    const phone = newPhone();
    const res = await register(new CookieJar(), registration({ country: "XX", authentication: phone.typed }));
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("country", "account:errors.countryRequired");
    expect(await userRow(phone.e164)).toBeUndefined();
  });

  it("answers 400 (not a 500) to 10 KB strings in every field, with the typed values but never the password", async () => {
    const big = "9".repeat(10_000);
    const res = await register(new CookieJar(), {
      first_name: big,
      last_name: big,
      country: big,
      authentication: big,
      password: big,
    });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("first_name", "account:errors.nameLength");
    expect(res).toHaveFieldError("last_name", "account:errors.nameLength");
    expect(res).toHaveFieldError("country", "account:errors.countryRequired");
    expect(res).toHaveFieldError("authentication", "account:errors.phoneMax");
    expect(res).toHaveFieldError("password", "account:errors.registerPasswordLength");

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
    const res = await register(
      jar,
      registration({ first_name: "Other", authentication: user.typed, password: "another-pass-1" }),
    );
    expect(res.status).toBe(400);
    expect(res).toHaveFormErrors("account:errors.phoneExists");
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
    const res = await register(
      jar,
      registration({ first_name: "Maya", last_name: "Khoury", authentication: phone.typed, password: "new-secret-22" }),
    );
    expect(res).toRedirectTo("/confirm");
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
    const signUp = await register(
      victim,
      registration({ first_name: "Lina", last_name: "Saleh", authentication: phone.typed, password: "victim-pass-1" }),
    );
    expect(signUp.status).toBe(302);
    // …then an attacker signs the same number up in another browser, with their own names and password.
    const attacker = new CookieJar();
    const attack = await register(
      attacker,
      registration({ first_name: "Evil", last_name: "Mallory", authentication: phone.typed, password: "attacker-pass-1" }),
    );
    expect(attack).toRedirectTo("/confirm");

    // Both SMS reach the victim's phone; the victim types the newest code in their own browser.
    const code = await lastCode(phone.e164);
    const confirmed = await postConfirm(victim, { intent: "check", code });
    expect(confirmed).toRedirectTo("/");

    // The account is the victim's: their names, their password; the attacker's password does not log in.
    const user = await userRow(phone.e164);
    expect(user).toMatchObject({ first_name: "Lina", last_name: "Saleh", status: "active" });
    expect(await verifyPassword(user.password_hash, "victim-pass-1")).toBe(true);
    expect(await verifyPassword(user.password_hash, "attacker-pass-1")).toBe(false);
    expect(await getCurrentUser(requestWith(victim))).toMatchObject({ id: user.id });
    expect(await login(new CookieJar(), phone.typed, "attacker-pass-1")).toHaveFormErrors("account:errors.loginFailed");
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
    expect(ac).toHaveFormErrors("account:errors.noPendingAccount");
    expect(await outbox(phone.e164)).toHaveLength(sent);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it("counts the SMS limit before looking for an account: a number that has one is limited like any other", async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) {
      const res = await register(new CookieJar(), registration({ authentication: user.typed }));
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res, `attempt ${i}`).toHaveFormErrors("account:errors.phoneExists");
    }
    const refused = await register(new CookieJar(), registration({ authentication: user.typed }));
    expect(refused.status).toBe(429);
    expect(refused).toHaveFormErrors("account:errors.registerFailed", TOO_MANY);
    // A number without an account gets the same answer at the same point.
    const fresh = newPhone();
    for (let i = 1; i <= 3; i++)
      expect((await register(new CookieJar(), registration({ authentication: fresh.typed }))).status).toBe(302);
    const other = await register(new CookieJar(), registration({ authentication: fresh.typed }));
    expect(other.status).toBe(429);
    expect(formErrors(other)).toEqual(formErrors(refused));
    expect(await registrationRows(fresh.e164)).toHaveLength(3);
    expect(await registrationRows(user.phone)).toHaveLength(0);
    expect(await outbox(user.phone)).toHaveLength(0);
  });

  it("signs up at once when the SMS provider fails: the queue tries the SMS again and the code arrives once", async () => {
    const phone = newPhone();
    const failing = failNextSms();
    const jar = new CookieJar();
    const res = await register(jar, registration({ authentication: phone.typed }));
    expect(res).toRedirectTo("/confirm");
    expect(await pendingOf(jar)).toMatchObject({ phone: phone.e164 });
    expect(await registrationRows(phone.e164)).toHaveLength(1);
    expect(await codeRows(phone.e164)).toHaveLength(1);
    // The worker's first try fails: nothing reached the phone, and the cause is on standard error without the code.
    expect(await outbox(phone.e164)).toHaveLength(0);
    expect(failing.send).toHaveBeenCalledTimes(1);
    const body = (failing.send.mock.calls[0][1] as { body: string }).body;
    const code = body.match(/(?<!\d)\d{6}(?!\d)/)![0];
    expect(failing.stderr()).toContain("provider down");
    expect(failing.stderr()).not.toContain(code);
    // Once its back-off has passed the job is tried again: the same code arrives, once, and confirms the sign-up.
    await retryFailedSms();
    const sms = await outbox(phone.e164);
    expect(sms).toHaveLength(1);
    expect(await lastCode(phone.e164)).toBe(code);
    expect(await postConfirm(jar, { intent: "check", code })).toRedirectTo("/");
  });

  it("sends at most 20 code SMS a day from one IP address (the 21st registration is refused, nothing sent)", async () => {
    expect(LIMITS.smsIpDay).toEqual({ points: 20, duration: 86400 });
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
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
    expect(res).toHaveFormErrors("account:errors.registerFailed", TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(0);
    expect(res.headers.get("Location")).toBeNull();
    // Another address is not affected.
    const other = await register(new CookieJar(), registration(), { clientIp: newIp() });
    expect(other.status).toBe(302);
  });
});

describe("bidirectional controls in user text", () => {
  const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
  const spoof = (char: string) => `Ali${char}txt.exe`;

  it("refuses every one of them in a sign-up's names with the translated field message, keeping what was typed", async () => {
    for (const char of BIDI) {
      const fields = registration({ first_name: spoof(char), last_name: `Sa${char}leh` });
      const res = await register(new CookieJar(), fields);
      expect(res.status, escape(char)).toBe(400);
      expect(res, escape(char)).toHaveFieldError("first_name", "forms:errors.bidiChars");
      expect(res, escape(char)).toHaveFieldError("last_name", "forms:errors.bidiChars");
      expect(lastResult(res)?.initialValue).toMatchObject({ first_name: spoof(char), last_name: `Sa${char}leh` });
      expect(await registrationRows(toE164("SY", fields.authentication)!)).toHaveLength(0);
    }
    expect(resources.ar.forms.errors.bidiChars).toBeTruthy();
    expect(resources.en.forms.errors.bidiChars).toBeTruthy();
    // Arabic and English text with ordinary marks (and the right-to-left mark, which isolates nothing) is fine.
    const ok = await register(new CookieJar(), registration({ first_name: "لينا", last_name: "O'Neil\u200F" }));
    expect(ok).not.toHaveFieldError("first_name");
    expect(ok).not.toHaveFieldError("last_name");
  });

  it("shows a reason inside a translated sentence in a <bdi> of its own, escaped, in both languages", async () => {
    const reason = `Fake${"\u202E"}gpj.exe <b>`;
    for (const lng of ["ar", "en"] as const) {
      const translator = pageTranslator(lng);
      const html = renderToStaticMarkup(
        createElement(
          TranslatorProvider,
          { translator },
          createElement(TextWithUserText, { i18nKey: "admin:users.reason", values: { reason }, name: "reason" }),
        ),
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
    office: {
      name_ar: "مكتب",
      name_en: "Office",
      phone: "+963944123456",
      address_ar: "دمشق",
      address_en: "Damascus",
      location_id: "1",
      contract_type_id: "1",
    },
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
    expect(parseForm(formData({}), schema()).status).toBe("success");
    for (const field of fields) {
      for (const char of BIDI) {
        const result = parseForm(formData({ [field]: `${(values as Record<string, string>)[field]}${char}x` }), schema());
        expect(result.status, `${field} ${escape(char)}`).toBe("error");
        expect(result.status === "error" ? result.error?.[field] : null, `${field} ${escape(char)}`).toEqual([
          { key: "forms:errors.bidiChars" },
        ]);
      }
    }
  });
});
