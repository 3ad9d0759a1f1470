// First: every captcha of this file shows CAPTCHA (set before the app's modules read the environment).
import "./helpers/fixed-captcha";
import { eq } from "drizzle-orm";
import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import * as s from "~/platform/db/schema";
import { loader as profileLoader } from "~/routes/profile";
import { sessionStorage } from "~/platform/http/session.server";
import { createUser, login, PASSWORD, tokenOf } from "./helpers/account-flows";
import { useTestDatabase } from "./helpers/db";
import { callLoader, CookieJar, parseSetCookie } from "./helpers/remix";

/** The profile gate (/profile): only a valid session opens it. */

const test = useTestDatabase();
const db = () => test.get().db;

describe("profile (/profile)", () => {
  const toLogin = (res: Awaited<ReturnType<typeof callLoader>>) => {
    expect(res).toRedirectTo("/login?redirectTo=%2Fprofile");
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
    const foreign = createCookieSessionStorage({
      cookie: { name: "__session", secrets: ["another-secret-another-secret-000000"] },
    });
    const foreignSession = await foreign.getSession();
    foreignSession.set("token", token);
    const foreignCookie = parseSetCookie(await foreign.commitSession(foreignSession)).value;
    const ourSession = await sessionStorage.getSession();
    ourSession.set("token", "A".repeat(43));
    const unknownToken = parseSetCookie(await sessionStorage.commitSession(ourSession)).value;
    const tampered = real.slice(0, -3) + (real.endsWith("abc") ? "xyz" : "abc");

    for (const value of [
      "garbage",
      "",
      unsigned,
      `${unsigned}.bad-signature`,
      foreignCookie,
      unknownToken,
      tampered,
      "%E0%A4%A",
      "x".repeat(10_000),
    ]) {
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
    expect(res.data.user).toEqual({
      name: "Rami Haddad",
      phone: `+963 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    });
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
