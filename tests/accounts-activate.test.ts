// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as s from "~/platform/db/schema";
import { action as confirmAction, loader as confirmLoader } from "~/routes/registration-confirm";
import { loader as profileLoader } from "~/routes/profile";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { hashPassword, verifyPassword } from "~/features/accounts/password.server";
import { consume } from "~/platform/http/rate-limit.server";
import { sessionStorage } from "~/platform/http/session.server";
import { hashToken } from "~/platform/http/tokens.server";
import {
  AR,
  codeRows,
  createUser,
  failNextSms,
  retryFailedSms,
  lastCode,
  lastResult,
  login,
  newIp,
  newPhone,
  outbox,
  PASSWORD,
  pendingOf,
  pendingRegistration,
  postAc,
  postConfirm,
  register,
  registration,
  registrationRows,
  requestWith,
  sessionCount,
  setCookie,
  tokenOf,
  TOO_MANY,
  userRow,
} from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar } from "./helpers/remix";

/** Activation of a sign-up (/confirm with its code, resending the code, /ac), as a browser meets it. */

const test = useTestDatabase();
const db = () => test.get().db;

describe("confirmation (/confirm)", () => {
  it("sends a visitor without a pending registration to /login?tab=2 with an error toast", async () => {
    for (const res of [
      await callLoader(confirmLoader, "/confirm"),
      await callAction(confirmAction, "/confirm", { form: { intent: "check", code: "123456" } }),
      await callAction(confirmAction, "/confirm", { form: { intent: "resend" } }),
    ]) {
      expect(res).toRedirectTo("/login?tab=2");
      await expect(res).toFlashToast("error", AR.errors.noPending);
    }
  });

  it("answers codeWrong to a wrong code, and codeLength to a code that is not 6 digits", async () => {
    const { jar, phone } = await pendingRegistration();
    const right = await lastCode(phone.e164);
    const wrong = right === "000000" ? "000001" : "000000";
    const res = await postConfirm(jar, { intent: "check", code: wrong });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("code", "account:errors.codeWrong");
    for (const code of ["12345", "12a456", "1234567", "abcdef", "١٢٣٤٥", "١٢٣٤٥٦٧", "x".repeat(10_000), ""]) {
      const bad = await postConfirm(jar, { intent: "check", code });
      expect(bad.status, code.slice(0, 10)).toBe(400);
      // One message, never repeated (a 7-digit code is both too long and not 6 digits).
      expect(bad, code.slice(0, 10)).toHaveFieldError(
        "code",
        code === "" ? "account:errors.codeRequired" : "account:errors.codeLength",
      );
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
      expect(res, `try ${i}`).toHaveFieldError("code", "account:errors.codeWrong");
    }
    const fifth = await postConfirm(jar, { intent: "check", code: wrong });
    expect(fifth).toHaveFieldError("code", "account:errors.codeExpired");
    const res = await postConfirm(jar, { intent: "check", code: right });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("code", "account:errors.codeExpired");
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(1);
  });

  it("refuses an expired code with codeExpired", async () => {
    const { jar, phone } = await pendingRegistration();
    const right = await lastCode(phone.e164);
    await db()
      .update(s.sms_codes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(s.sms_codes.phone, phone.e164));
    const res = await postConfirm(jar, { intent: "check", code: right });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("code", "account:errors.codeExpired");
    expect(await userRow(phone.e164)).toBeUndefined();
    expect(await registrationRows(phone.e164)).toHaveLength(1);
  });

  it("activates the account with the right code, logs the user in and forgets the pending registration", async () => {
    const { jar, phone } = await pendingRegistration();
    const [signUp] = await registrationRows(phone.e164);
    const code = await lastCode(phone.e164);
    const beforeConfirm = jar.clone();
    const res = await postConfirm(jar, { intent: "check", code });
    expect(res).toRedirectTo("/");
    await expect(res).toFlashToast("success", AR.toasts.activated);

    // The account is made from the sign-up, which is forgotten.
    const user = await userRow(phone.e164);
    expect(user).toMatchObject({
      first_name: "Lina",
      last_name: "Saleh",
      status: "active",
      role: "user",
      password_hash: signUp.password_hash,
    });
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
    expect(profile.data.user).toEqual({
      name: "Lina Saleh",
      phone: user.phone.replace(/^\+963(\d{3})(\d{3})(\d{3})$/, "+963 $1 $2 $3"),
    });

    // The pending registration is gone.
    const again = await callLoader(confirmLoader, "/confirm", { cookie: jar.header() });
    expect(again).toRedirectTo("/login?tab=2");

    // The code works once: replaying the old cookie (still pending) with the same code is refused.
    const replay = await postConfirm(beforeConfirm, { intent: "check", code });
    expect(replay.status).toBe(400);
    expect(replay).toHaveFieldError("code", "account:errors.codeExpired");
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
    expect(res).toHaveFormErrors("account:errors.noPhone");
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
    expect(res).toHaveFormErrors("account:errors.noPhone");
    expect(await userRow(phone.e164)).toBeUndefined();
    expect((await codeRows(phone.e164))[0]).toMatchObject({ used_at: null, attempts: 0 });
    const resend = await postConfirm(jar, { intent: "resend" });
    expect(resend.status).toBe(400);
    expect(resend).toHaveFormErrors("account:errors.noPhone");
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
    expect(res).toHaveFormErrors("account:errors.noPhone");
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
    expect(res).toRedirectTo("/confirm");
    await expect(res).toFlashToast("success", AR.toasts.resendSuccess);
    expect(await outbox(phone.e164)).toHaveLength(2);
    const second = await lastCode(phone.e164);
    if (second !== first) {
      const old = await postConfirm(jar, { intent: "check", code: first });
      expect(old.status).toBe(400);
      expect(old).toHaveFieldError("code", "account:errors.codeWrong");
    }

    expect((await postConfirm(jar, { intent: "resend" })).status).toBe(302); // 3rd SMS
    expect(await outbox(phone.e164)).toHaveLength(3);
    const third = await lastCode(phone.e164);

    const refused = await postConfirm(jar, { intent: "resend" }); // 4th SMS
    expect(refused.status).toBe(429);
    expect(refused).toHaveFormErrors("account:errors.resendFailed", TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(3);
    // The last code that was sent still works.
    expect((await postConfirm(jar, { intent: "check", code: third })).status).toBe(302);
  });

  it("answers at once when the SMS provider fails: the new code arrives once the queue tries again", async () => {
    const { jar, phone } = await pendingRegistration();
    await lastCode(phone.e164);
    const failing = failNextSms();
    const res = await postConfirm(jar, { intent: "resend" });
    expect(res).toRedirectTo("/confirm");
    expect(await outbox(phone.e164)).toHaveLength(1);
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(failing.stderr()).toContain("provider down");
    await retryFailedSms();
    expect(await outbox(phone.e164)).toHaveLength(2);
    const code = await lastCode(phone.e164);
    expect((await codeRows(phone.e164)).filter((c) => c.used_at === null)).toHaveLength(1);
    expect((await postConfirm(jar, { intent: "check", code })).status).toBe(302);
  });
});

describe("activation of an earlier sign-up (/ac)", () => {
  it("sends a new code for the number and the password chosen at sign-up (within the SMS limit) and continues at /confirm", async () => {
    const { phone, password } = await pendingRegistration();
    const [signUp] = await registrationRows(phone.e164);
    const jar = new CookieJar();
    const res = await postAc(jar, { country: "SY", authentication: phone.typed, password });
    expect(res).toRedirectTo("/confirm");
    await expect(res).toFlashToast("success", AR.toasts.codeSent);
    expect(await outbox(phone.e164)).toHaveLength(2);
    expect(await pendingOf(jar)).toEqual({ phone: phone.e164, registration: signUp.id });
    expect((await callLoader(confirmLoader, "/confirm", { cookie: jar.header() })).data.found).toBe(true);

    expect((await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password })).status).toBe(302); // 3rd SMS
    const fourth = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password });
    expect(fourth.status).toBe(429);
    expect(fourth).toHaveFormErrors("account:errors.resendFailed", TOO_MANY);
    expect(fourth.headers.getSetCookie()).toEqual([]);
    expect(await outbox(phone.e164)).toHaveLength(3);

    // The session /ac made confirms that sign-up with the newest code.
    const ok = await postConfirm(jar, { intent: "check", code: await lastCode(phone.e164) });
    expect(ok.status).toBe(302);
    expect(await userRow(phone.e164)).toMatchObject({
      first_name: "Lina",
      password_hash: signUp.password_hash,
      status: "active",
    });
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
      expect(res, typed).toHaveFormErrors("account:errors.noPendingAccount");
      expect(lastResult(res)?.initialValue, typed).toMatchObject({ country: "SY", authentication: typed });
      expect(lastResult(res)?.initialValue, typed).not.toHaveProperty("password");
      expect(JSON.stringify(res.data)).not.toContain(pw);
      expect(await pendingOf(jar), typed).toBeUndefined();
      expect(await outbox(e164), typed).toHaveLength(e164 === phone.e164 ? 1 : 0);
    }
    // A sign-up whose number got an account meanwhile (the right password) is not activated either.
    const late = await pendingRegistration();
    await db()
      .insert(s.users)
      .values({ first_name: "Other", last_name: "Owner", phone: late.phone.e164, password_hash: await hashPassword(PASSWORD) });
    const res = await postAc(new CookieJar(), { country: "SY", authentication: late.phone.typed, password: late.password });
    expect(res.status).toBe(400);
    expect(res).toHaveFormErrors("account:errors.noPendingAccount");
    expect(await outbox(late.phone.e164)).toHaveLength(1);

    // The password is required.
    const missing = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed });
    expect(missing.status).toBe(400);
    expect(missing).toHaveFieldError("password", "account:errors.passwordRequired");
  });

  it("continues the sign-up whose password is typed, not the newest one of the number", async () => {
    const first = await pendingRegistration({}, { first_name: "Lina", password: "first-pass-1" });
    const second = await register(
      new CookieJar(),
      registration({ first_name: "Maya", authentication: first.phone.typed, password: "second-pass-2" }),
    );
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
      expect(res, `try ${i}`).toHaveFormErrors("account:errors.noPendingAccount");
    }
    const res = await postAc(new CookieJar(), { country: "SY", authentication: phone.typed, password });
    expect(res.status).toBe(429);
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(await outbox(phone.e164)).toHaveLength(1);
    // The same count as the login form: logging in with that number is refused too.
    expect(await login(new CookieJar(), phone.typed, password)).toHaveFormErrors(TOO_MANY);

    // And the per-IP login limit.
    const other = await pendingRegistration();
    const ip = newIp();
    for (let i = 1; i <= 100; i++) expect((await consume(db(), [["loginIp", ip]])).ok).toBe(true);
    const limited = await postAc(
      new CookieJar(),
      { country: "SY", authentication: other.phone.typed, password: other.password },
      { clientIp: ip },
    );
    expect(limited.status).toBe(429);
    expect(limited).toHaveFormErrors(TOO_MANY);
    expect(await outbox(other.phone.e164)).toHaveLength(1);
    expect(
      (
        await postAc(
          new CookieJar(),
          { country: "SY", authentication: other.phone.typed, password: other.password },
          { clientIp: newIp() },
        )
      ).status,
    ).toBe(302);
  });

  it("continues at /confirm when the SMS provider fails: the queue sends the new code once it is back", async () => {
    const { phone, password } = await pendingRegistration();
    const code = await lastCode(phone.e164);
    const failing = failNextSms();
    const jar = new CookieJar();
    const res = await postAc(jar, { country: "SY", authentication: phone.typed, password });
    expect(res).toRedirectTo("/confirm");
    expect(await lastCode(phone.e164)).toBe(code);
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(failing.stderr()).toContain("provider down");
    await retryFailedSms();
    const fresh = await lastCode(phone.e164);
    expect(fresh).not.toBe(code);
    expect((await postConfirm(jar, { intent: "check", code: fresh })).status).toBe(302);
  });
});
