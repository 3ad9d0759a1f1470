// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as s from "~/platform/db/schema";
import { createSession, createRegistration } from "~/features/accounts/user.server";
import { verifyPassword } from "~/features/accounts/password.server";
import { issueApiToken } from "~/features/accounts/api-tokens.server";
import { sessionStorage } from "~/platform/http/session.server";
import { resources } from "~/platform/i18n/i18n.server";
import { action as nameAction, loader as nameLoader } from "~/routes/profile-name";
import { action as passwordAction } from "~/routes/profile-password";
import { action as phoneAction, loader as phoneLoader } from "~/routes/profile-phone";
import { action as sessionsAction, loader as sessionsLoader } from "~/routes/profile-sessions";
import { action as deleteAction } from "~/routes/profile-delete";
import { loader as dataLoader } from "~/routes/profile-data";
import { loader as profileLoader } from "~/routes/profile";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { account } from "./helpers/accounts";
import { approvedListing } from "./helpers/posts";
import { formErrors, lastResult, lastCode, login, newIp, newPhone, outbox, PASSWORD } from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, CookieJar } from "./helpers/remix";

/**
 * The account its owner controls (decision 092): /profile/name, /profile/password, /profile/phone, /profile/sessions,
 * /profile/delete and /profile/data, each called as Remix calls it, with what was stored read back.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const EN = resources.en.account;

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The Cookie header of one more login session of `userId`, opened from `userAgent` in `country`. */
async function anotherSession(userId: number, userAgent = PHONE_UA, country: string | null = "DE"): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("token", await createSession(db(), userId, { userAgent, country }));
  return new CookieJar().store(new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) })).header();
}

/** Whether a Cookie header still opens /profile. */
async function loggedIn(cookie: string): Promise<boolean> {
  return (await callLoader(profileLoader, "/profile", { cookie })).status === 200;
}

/** How many API tokens of its apps an account has. */
async function tokenCount(userId: number): Promise<number> {
  return (await db().select().from(s.api_tokens).where(eq(s.api_tokens.user_id, userId))).length;
}

async function userOf(id: number) {
  const [row] = await db().select().from(s.users).where(eq(s.users.id, id));
  return row;
}

describe("/profile/name", () => {
  it("shows the name, keeps what was typed on bad input, and stores a good one", async () => {
    const me = await account(db());
    const page = await callLoader(nameLoader, "/profile/name", { cookie: me.cookie });
    expect(page.data).toMatchObject({ first_name: "Rami", last_name: "Haddad" });

    const bad = await callAction(nameAction, "/profile/name", {
      cookie: me.cookie,
      form: { first_name: "S", last_name: "Khoury" },
    });
    expect(bad.status).toBe(400);
    expect(lastResult(bad)?.initialValue).toMatchObject({ first_name: "S", last_name: "Khoury" });
    expect(lastResult(bad)?.error?.first_name).toEqual([expect.objectContaining({ key: "account:errors.nameLength" })]);
    expect((await userOf(me.user.id)).first_name).toBe("Rami");

    const good = await callAction(nameAction, "/profile/name", {
      cookie: me.cookie,
      form: { first_name: " سلمى ", last_name: "Khoury" },
    });
    expect(good).toRedirectTo("/profile");
    expect(await userOf(me.user.id)).toMatchObject({ first_name: "سلمى", last_name: "Khoury" });
  });

  it("sends a visitor to log in", async () => {
    expect(await callAction(nameAction, "/profile/name", { form: { first_name: "Aa", last_name: "Bb" } })).toRedirectTo(
      "/login?redirectTo=%2Fprofile%2Fname",
    );
  });
});

describe("/profile/password", () => {
  it("refuses a wrong current password, then changes it and ends every other session", async () => {
    const me = await account(db(), { password: PASSWORD });
    const other = await anotherSession(me.user.id);
    await issueApiToken(db(), me.user.id, "AqarApp/2.1 (Android 14)");
    const form = { current_password: "not-the-password", password: "new-password-9", password_confirmation: "new-password-9" };
    const context = { clientIp: newIp() };

    const wrong = await callAction(passwordAction, "/profile/password", { cookie: me.cookie, form, context });
    expect(wrong.status).toBe(400);
    expect(lastResult(wrong)?.error?.current_password).toEqual([{ key: "account:errors.currentPasswordWrong" }]);
    // No password comes back to the page.
    expect(JSON.stringify(lastResult(wrong)?.initialValue ?? {})).not.toContain("new-password-9");

    const mismatch = await callAction(passwordAction, "/profile/password", {
      cookie: me.cookie,
      form: { ...form, current_password: PASSWORD, password_confirmation: "other-password-9" },
      context,
    });
    expect(lastResult(mismatch)?.error?.password_confirmation).toEqual([{ key: "account:errors.passwordMismatch" }]);

    const done = await callAction(passwordAction, "/profile/password", {
      cookie: me.cookie,
      form: { ...form, current_password: PASSWORD },
      context,
    });
    expect(done).toRedirectTo("/profile");
    expect(await verifyPassword((await userOf(me.user.id)).password_hash, "new-password-9")).toBe(true);
    expect(await loggedIn(me.cookie)).toBe(true);
    expect(await loggedIn(other)).toBe(false);
    expect(await tokenCount(me.user.id)).toBe(0);
    // The new password logs in.
    const jar = new CookieJar();
    expect(await login(jar, me.typed, "new-password-9")).toRedirectTo("/");
  });

  it("counts the current password's tries against the login limits (429 past them)", async () => {
    const me = await account(db(), { password: PASSWORD });
    const context = { clientIp: newIp() };
    const form = { current_password: "guess-guess", password: "new-password-9", password_confirmation: "new-password-9" };
    let last = await callAction(passwordAction, "/profile/password", { cookie: me.cookie, form, context });
    for (let i = 0; i < 10 && last.status !== 429; i++)
      last = await callAction(passwordAction, "/profile/password", { cookie: me.cookie, form, context });
    expect(last.status).toBe(429);
    expect(formErrors(last)?.[0]).toMatchObject({ key: "account:errors.tooMany" });
  });
});

describe("/profile/phone", () => {
  it("changes the number only with the code sent to the new one, and tells the old one", async () => {
    const me = await account(db(), { lang: "en" });
    const jar = new CookieJar({ __session: me.cookie.slice("__session=".length) });
    const next = newPhone();
    const context = { clientIp: newIp() };

    const same = await callAction(phoneAction, "/profile/phone", {
      cookie: jar.header(),
      form: { country: "SY", authentication: me.typed },
      context,
    });
    expect(lastResult(same)?.error?.authentication).toEqual([{ key: "account:control.phone.same" }]);

    const sent = await callAction(phoneAction, "/profile/phone", {
      cookie: jar.header(),
      form: { country: "SY", authentication: next.typed },
      context,
    });
    expect(sent).toRedirectTo("/profile/phone");
    jar.store(sent.headers);
    expect((await callLoader(phoneLoader, "/profile/phone", { cookie: jar.header() })).data.waiting).toContain("+963");
    const code = await lastCode(next.e164);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await callAction(phoneAction, "/profile/phone", {
      cookie: jar.header(),
      form: { intent: "check", code: wrongCode },
    });
    expect(lastResult(wrong)?.error?.code).toEqual([{ key: "account:errors.codeWrong" }]);
    expect((await userOf(me.user.id)).phone).toBe(me.user.phone);

    const done = await callAction(phoneAction, "/profile/phone", { cookie: jar.header(), form: { intent: "check", code } });
    expect(done).toRedirectTo("/profile");
    expect((await userOf(me.user.id)).phone).toBe(next.e164);
    const told = await outbox(me.user.phone);
    expect(told.at(-1)?.body).toBe(
      EN.sms.phoneChanged.replace("{{brand}}", resources.en.common.brand).replace("{{ending}}", next.e164.slice(-3)),
    );
    // The old number is free to sign up again.
    expect(
      await createRegistration(db(), { first_name: "A", last_name: "B", phone: me.user.phone, password_hash: "x" }),
    ).not.toBe("exists");
  });

  it("refuses a number another account has", async () => {
    const me = await account(db());
    const them = await account(db(), { loggedIn: false });
    const taken = await callAction(phoneAction, "/profile/phone", {
      cookie: me.cookie,
      form: { country: "SY", authentication: them.typed },
      context: { clientIp: newIp() },
    });
    expect(taken.status).toBe(400);
    expect(lastResult(taken)?.error?.authentication).toEqual([{ key: "account:control.phone.taken" }]);
    expect(lastResult(taken)?.initialValue).toMatchObject({ authentication: them.typed });
  });
});

describe("/profile/sessions", () => {
  it("lists the sessions with device and country, and logs out everywhere", async () => {
    const me = await account(db());
    const other = await anotherSession(me.user.id);
    await issueApiToken(db(), me.user.id, PHONE_UA);
    const page = await callLoader(sessionsLoader, "/profile/sessions", { cookie: me.cookie });
    expect(page.data.sessions).toHaveLength(3);
    expect(page.data.sessions[0]).toMatchObject({ current: true, app: false });
    expect(page.data.sessions[1]).toMatchObject({ current: false, device: "Chrome 131 · Android 14", country: "ألمانيا" });
    expect(page.data.sessions[2]).toMatchObject({ current: false, app: true, country: null });

    const out = await callAction(sessionsAction, "/profile/sessions", { cookie: me.cookie });
    expect(out).toRedirectTo("/login");
    expect(await loggedIn(me.cookie)).toBe(false);
    expect(await loggedIn(other)).toBe(false);
    expect(await tokenCount(me.user.id)).toBe(0);
  });
});

describe("/profile/delete and /profile/data", () => {
  it("exports the account's data, then deletes it: listings leave, searches stop, personal data goes, the number is free", async () => {
    const me = await account(db(), { password: PASSWORD });
    const listing = await approvedListing(db(), { state_id: 990_001, user_id: me.user.id, phone: me.user.phone });
    await db().insert(s.saved_searches).values({ user_id: me.user.id, name: "Mezzeh", query: "location_id=1" });
    await db().insert(s.saved_estates).values({ user_id: me.user.id, estate_id: listing });

    const data = await callLoader(dataLoader, "/profile/data", { cookie: me.cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get("Content-Disposition")).toContain("attachment");
    expect(data.data.account).toMatchObject({ id: me.user.id, first_name: "Rami", phone: me.user.phone });
    expect(data.data.listings).toEqual([expect.objectContaining({ id: listing, status: "approved" })]);
    expect(data.data.saved_searches).toEqual([expect.objectContaining({ name: "Mezzeh" })]);
    expect(data.data.saved_listings).toEqual([expect.objectContaining({ estate_id: listing })]);
    expect(JSON.stringify(data.data)).not.toMatch(/argon2|token_hash|password/);

    const context = { clientIp: newIp() };
    const wrong = await callAction(deleteAction, "/profile/delete", {
      cookie: me.cookie,
      form: { password: "wrong-one" },
      context,
    });
    expect(wrong.status).toBe(400);
    expect((await userOf(me.user.id)).status).toBe("active");

    const gone = await callAction(deleteAction, "/profile/delete", { cookie: me.cookie, form: { password: PASSWORD }, context });
    expect(gone).toRedirectTo("/");
    const row = await userOf(me.user.id);
    expect(row).toMatchObject({ status: "deleted", first_name: "", last_name: "", password_hash: "" });
    expect(row.phone).not.toContain(me.user.phone.slice(1));
    expect(row.deleted_at).toBeInstanceOf(Date);
    const [estate] = await db().select().from(s.estates).where(eq(s.estates.id, listing));
    expect(estate).toMatchObject({ status: "deleted", phone: null });
    expect(await db().select().from(s.saved_searches).where(eq(s.saved_searches.user_id, me.user.id))).toEqual([]);
    expect(await db().select().from(s.saved_estates).where(eq(s.saved_estates.user_id, me.user.id))).toEqual([]);
    expect(await db().select().from(s.sessions).where(eq(s.sessions.user_id, me.user.id))).toEqual([]);
    expect(await loggedIn(me.cookie)).toBe(false);
    const entries = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.actor_id, me.user.id), eq(s.audit_log.action, "user.delete")));
    expect(entries).toHaveLength(1);
    // The back office's log names the account by its id alone.
    const admin = await account(db(), { role: "admin" });
    const audit = await callLoader(auditLoader, `/admin/audit?subject=user&id=${me.user.id}`, { cookie: admin.cookie });
    const actors = (audit.data.rows as { actor: string | null; action: string }[])
      .filter((e) => e.action === "user.delete")
      .map((e) => e.actor);
    expect(actors).toEqual([`#${me.user.id}`]);
    // The number can sign up again.
    expect(
      await createRegistration(db(), { first_name: "A", last_name: "B", phone: me.user.phone, password_hash: "x" }),
    ).not.toBe("exists");
  });
});
