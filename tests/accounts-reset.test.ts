// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// hashPassword keeps its real implementation; the wrapper only counts calls (a bad /rp link must not cost a hash).
vi.mock("~/features/accounts/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/features/accounts/password.server")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

import * as s from "~/platform/db/schema";
import { createSession } from "~/features/accounts/user.server";
import { action as forgotAction, loader as forgotLoader } from "~/routes/password-forgotten";
import { action as rpAction, loader as rpLoader } from "~/routes/password-reset";
import { afterResponse, responsesSettled } from "~/features/accounts/account.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { hashPassword, verifyPassword } from "~/features/accounts/password.server";
import { consume } from "~/platform/http/rate-limit.server";
import { hashToken } from "~/platform/http/tokens.server";
import {
  ARGON2ID,
  createUser,
  failNextSms,
  retryFailedSms,
  lastResult,
  login,
  newIp,
  newPhone,
  outbox,
  PASSWORD,
  requestWith,
  sessionCount,
  TOO_MANY,
  userRow,
} from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar, type Reply } from "./helpers/remix";

/** The forgotten password (/forgot-password) and the password reset (/rp), as a browser meets them. */

const test = useTestDatabase();
const db = () => test.get().db;

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

  it("answers before the link and its SMS are made: a known number does not wait for that work", async () => {
    const user = await createUser();
    const database = db();
    const transaction = database.transaction.bind(database);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written = false;
    vi.spyOn(database, "transaction").mockImplementation((async (...args: Parameters<typeof transaction>) => {
      await gate;
      const result = await transaction(...args);
      written = true;
      return result;
    }) as typeof transaction);
    const answer = callAction(forgotAction, "/forgot-password", { form: { country: "SY", authentication: user.typed } });
    // The link and its SMS are never written until released: an answer that waited for them would never come.
    const res = await Promise.race([answer, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5000))]);
    release();
    expect(res).not.toBe("waited");
    expect(res).toMatchObject({ status: 302 });
    expect((res as Reply).headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(written).toBe(false);
    await responsesSettled();
    expect(written).toBe(true);
    expect(await outbox(user.phone)).toHaveLength(1);
  });

  it("sends a /rp?t= link to an existing number, and answers the same for an unknown number without sending", async () => {
    const user = await createUser();
    const res = await forgot(user.typed);
    expect(res).toRedirectTo("/forgot-password?sent=1");
    const sms = await outbox(user.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/http:\/\/localhost:3000\/rp\?t=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
    const [reset] = await db().select().from(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    const token = sms[0].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
    expect(reset.token_hash).toBe(hashToken(token));

    const unknown = newPhone();
    const other = await forgot(unknown.typed);
    expect(other).toRedirectTo("/forgot-password?sent=1");
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
      expect(res, typed).toHaveFieldError("authentication", "account:errors.phoneInvalid");
    }
    const big = await callAction(forgotAction, "/forgot-password", {
      form: { country: "x".repeat(10_000), authentication: "9".repeat(10_000) },
    });
    expect(big.status).toBe(400);
    expect(big).toHaveFieldError("country", "account:errors.countryRequired");
    expect(big).toHaveFieldError("authentication", "account:errors.phoneMax");
  });

  it("sends at most 3 SMS per number per hour: the 4th request is refused with 429", async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) expect((await forgot(user.typed)).status, `request ${i}`).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(3);
    const res = await forgot(user.typed);
    expect(res.status).toBe(429);
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(await outbox(user.phone)).toHaveLength(3);
    // An unknown number is limited the same way (the limit says nothing about which numbers have accounts).
    const unknown = newPhone();
    for (let i = 1; i <= 3; i++) expect((await forgot(unknown.typed)).status).toBe(302);
    expect((await forgot(unknown.typed)).status).toBe(429);
  });

  it("answers the same when the SMS provider fails, and the queue sends the new link once it is back", async () => {
    const user = await createUser();
    expect((await forgot(user.typed)).status).toBe(302);
    const earlier = (await outbox(user.phone))[0].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
    const failing = failNextSms();
    const res = await forgot(user.typed);
    expect(res).toRedirectTo("/forgot-password?sent=1");
    // The worker's first try fails: the phone has only the earlier link.
    expect(await outbox(user.phone)).toHaveLength(1);
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect(failing.stderr()).toContain("provider down");
    // Tried again after its back-off: the new link arrives once and works.
    await retryFailedSms();
    const sms = await outbox(user.phone);
    expect(sms).toHaveLength(2);
    const later = sms[1].body.match(/\/rp\?t=([A-Za-z0-9_-]+)/)![1];
    const resets = await db().select().from(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    expect(resets).toHaveLength(2);
    expect(resets.find((r) => r.token_hash === hashToken(later))).toMatchObject({ used_at: null });
    expect(later).not.toBe(earlier);
    expect((await callLoader(rpLoader, `/rp?t=${later}`)).data.state).toBe("form");
  });

  it("reads a number typed with Arabic-Indic digits", async () => {
    const user = await createUser();
    const arabic = user.typed.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await forgot(arabic);
    expect(res.status).toBe(302);
    expect(await outbox(user.phone)).toHaveLength(1);
  });

  it("counts every request of one IP address against the 20 code SMS a day", async () => {
    const ip = newIp();
    for (let i = 1; i <= 20; i++) expect((await forgot(newPhone().typed, { clientIp: ip })).status, `request ${i}`).toBe(302);
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
    for (const url of ["/rp", "/rp?t="]) {
      const none = await callLoader(rpLoader, url);
      expect(none, url).toRedirectTo("/");
    }
    const post = await callAction(rpAction, "/rp?t=", {
      form: { password: "brand-new-pass", password_confirmation: "brand-new-pass" },
    });
    expect(post).toRedirectTo("/");
    for (const t of ["short", "x".repeat(43), "a%20b".repeat(10), "y".repeat(10_000)]) {
      const res = await callLoader(rpLoader, `/rp?t=${t}`);
      expect(res.status, t.slice(0, 10)).toBe(400);
      expect(res.data.state, t.slice(0, 10)).toBe("bad");
    }
    // An empty `t` is no token (decision 063): the page a successful change lands on.
    for (const url of ["/rp?changed=1", "/rp?t=&changed=1"])
      expect((await callLoader(rpLoader, url)).data.state, url).toBe("changed");
  });

  it("shows the form for a valid token, and checks the new password", async () => {
    const user = await createUser();
    const token = await resetLink(user);
    const page = await callLoader(rpLoader, `/rp?t=${token}`);
    expect(page.status).toBe(200);
    expect(page.data.state).toBe("form");

    const mismatch = await postReset(token, { password: "new-password-1", password_confirmation: "new-password-2" });
    expect(mismatch.status).toBe(400);
    expect(mismatch).toHaveFieldError("password_confirmation", "account:errors.passwordMismatch");
    expect(lastResult(mismatch)?.initialValue ?? {}).not.toHaveProperty("password");
    expect(JSON.stringify(mismatch.data)).not.toContain("new-password");

    const short = await postReset(token, { password: "short77", password_confirmation: "short77" });
    expect(short.status).toBe(400);
    expect(short).toHaveFieldError("password", "account:errors.resetPasswordMin");

    const missing = await postReset(token, {});
    expect(missing.status).toBe(400);
    expect(missing).toHaveFieldError("password", "account:errors.passwordRequired");
    expect(missing).toHaveFieldError("password_confirmation", "account:errors.confirmationRequired");

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
      expect(res, JSON.stringify(form)).toRedirectTo(`/rp?t=${unknown}`);
      expect(hashes(), JSON.stringify(form)).toBe(before);
    }
    // The real link, spent, behaves the same.
    expect(
      (await postReset(token, { password: "brand-new-pass", password_confirmation: "brand-new-pass" })).headers.get("Location"),
    ).toBe("/rp?changed=1");
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
    expect(res).toHaveFormErrors(TOO_MANY);
    expect(hashes()).toBe(before);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, PASSWORD)).toBe(true);
    expect((await callLoader(rpLoader, `/rp?t=${token}`)).data.state).toBe("form");
    // An unknown token from that address is limited too (the limit comes first).
    expect((await postReset("x".repeat(43), {}, { clientIp: ip })).status).toBe(429);
    // From another address the link works.
    const ok = await postReset(
      token,
      { password: "brand-new-pass", password_confirmation: "brand-new-pass" },
      { clientIp: newIp() },
    );
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
    expect(res).toRedirectTo("/rp?changed=1");

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
    expect(replay).toRedirectTo(`/rp?t=${token}`);
    expect(await verifyPassword((await userRow(user.phone)).password_hash, "brand-new-pass")).toBe(true);

    // The new password logs in; the old one does not.
    expect(await login(new CookieJar(), user.typed, PASSWORD)).toHaveFormErrors("account:errors.loginFailed");
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
    expect(res).toRedirectTo(`/rp?t=${token}`);
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
