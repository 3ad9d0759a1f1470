import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { createPasswordReset } from "~/features/accounts/user.server";
import { resetPassword } from "~/features/accounts/account-reset.server";
import { revokeAllTokens } from "~/features/accounts/api-tokens.server";
import { hashToken } from "~/platform/http/tokens.server";
import { account } from "./helpers/accounts";
import { AR } from "./helpers/account-flows";
import { api, expectAnswersMatchDocument, expectDone, expectRefused } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";

/** The apps' API: tokens, login, the token's user, logout, lookups and the refusals every call shares (docs/api.md). */

const test = useTestDatabase();
const db = () => test.get().db;
const PASSWORD = "secret-pass-1";

/** A user with a password and a fresh client address, logged in through the API: its token and the account. */
async function loggedIn(ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  const made = await account(db(), { password: PASSWORD, loggedIn: false });
  const answer = await api("POST", "/api/login", {
    form: { authentication: made.typed, password: PASSWORD },
    headers: { "User-Agent": "AqarApp/2.1 (Android 14)" },
    context: { clientIp: ip },
  });
  return { ...made, token: expectDone(answer).token as string };
}

describe("POST /api/login and the bearer token", () => {
  it("answers a token and the user; the token is stored hashed with the device, and GET /api/user reads it", async () => {
    const made = await account(db(), { password: PASSWORD, loggedIn: false, first: "Lina", last: "Khoury" });
    const answer = await api("POST", "/api/login", {
      form: { authentication: made.typed, password: PASSWORD },
      headers: { "User-Agent": "AqarApp/2.1 (Android 14)" },
    });
    const data = expectDone(answer);
    expect(answer.body.message).toBe(AR.toasts.loginSuccess);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toEqual({
      id: made.user.id,
      first_name: "Lina",
      last_name: "Khoury",
      authentication: made.user.phone,
      role: "user",
    });
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const [row] = await db().select().from(s.api_tokens).where(eq(s.api_tokens.user_id, made.user.id));
    expect(row.token_hash).toBe(hashToken(data.token));
    expect(row.user_agent).toBe("AqarApp/2.1 (Android 14)");

    const me = await api("GET", "/api/user", { token: data.token });
    expect(expectDone(me)).toEqual(data.user);
    expect(me.headers.get("Vary")).toContain("Authorization");
  });

  it("takes a number in E.164 and a country, as the login form does", async () => {
    const made = await account(db(), { password: PASSWORD, loggedIn: false });
    expectDone(await api("POST", "/api/login", { form: { authentication: made.user.phone, password: PASSWORD } }));
    expectDone(
      await api("POST", "/api/login", {
        form: { authentication: made.typed, password: PASSWORD, country: "SY" },
        context: { clientIp: "10.2.0.1" },
      }),
    );
  });

  it("refuses a wrong password and an unknown number alike (422), in Arabic unless Accept-Language asks English", async () => {
    const made = await account(db(), { password: PASSWORD, loggedIn: false });
    const wrong = await api("POST", "/api/login", { form: { authentication: made.typed, password: "not-the-one" } });
    expectRefused(wrong, 422);
    expect(wrong.body.message).toBe(AR.errors.loginFailed);
    const unknown = await api("POST", "/api/login", {
      form: { authentication: "0933999111", password: "whatever" },
      lang: "en-GB,en;q=0.9,ar;q=0.5",
    });
    expectRefused(unknown, 422);
    expect(unknown.body.message).toMatch(/incorrect/i);
    expect(unknown.body.errors.authentication).toHaveLength(1);
    expect(await db().select().from(s.api_tokens).where(eq(s.api_tokens.user_id, made.user.id))).toEqual([]);
  });

  it("refuses a body its form refuses (422) with each field's message in the request's language", async () => {
    const empty = await api("POST", "/api/login", { form: {} });
    expectRefused(empty, 422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["authentication", "password"]);
    expect(empty.body.errors.password[0]).toMatch(/[\u0600-\u06FF]/);
    const english = await api("POST", "/api/login", { form: { authentication: "12", password: "x" }, lang: "en" });
    expectRefused(english, 422);
    expect(english.body.errors.password[0]).toMatch(/password/i);
  });

  it("counts every try against the login limits: past 10 wrong passwords from one address, 429 with Retry-After", async () => {
    const made = await account(db(), { password: PASSWORD, loggedIn: false });
    const form = { authentication: made.typed, password: "wrong-password" };
    for (let i = 0; i < 10; i++) expectRefused(await api("POST", "/api/login", { form, context: { clientIp: "10.3.0.1" } }), 422);
    const refused = await api("POST", "/api/login", { form: { ...form, password: PASSWORD }, context: { clientIp: "10.3.0.1" } });
    expectRefused(refused, 429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address still logs in (one person's guesses do not lock the owner out).
    expectDone(await api("POST", "/api/login", { form: { ...form, password: PASSWORD }, context: { clientIp: "10.3.0.2" } }));
  });

  it("answers 401 without a token, with an unknown one, a revoked one, an expired one and a suspended user's", async () => {
    expectRefused(await api("GET", "/api/user"), 401);
    const noToken = await api("GET", "/api/user", { headers: { Authorization: "Basic abc" } });
    expectRefused(noToken, 401);
    expect(noToken.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expectRefused(await api("GET", "/api/user", { token: "x".repeat(43) }), 401);

    const { token, user } = await loggedIn();
    await db()
      .update(s.api_tokens)
      .set({ last_used_at: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(s.api_tokens.token_hash, hashToken(token)));
    expectRefused(await api("GET", "/api/user", { token }), 401);

    const other = await loggedIn();
    await db().update(s.users).set({ status: "suspended" }).where(eq(s.users.id, other.user.id));
    expectRefused(await api("GET", "/api/user", { token: other.token }), 401);
    expect(user.id).not.toBe(other.user.id);
  });

  it("a token works for 90 days from its last use, which each call moves on", async () => {
    const { token } = await loggedIn();
    const old = new Date(Date.now() - 89 * 24 * 60 * 60 * 1000);
    await db()
      .update(s.api_tokens)
      .set({ last_used_at: old })
      .where(eq(s.api_tokens.token_hash, hashToken(token)));
    expectDone(await api("GET", "/api/user", { token }));
    const [row] = await db()
      .select()
      .from(s.api_tokens)
      .where(eq(s.api_tokens.token_hash, hashToken(token)));
    expect(row.last_used_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the site's session cookie does not authenticate the API", async () => {
    const made = await account(db());
    expectRefused(await api("GET", "/api/user", { headers: { Cookie: made.cookie } }), 401);
  });

  it("DELETE /api/logout revokes this token only; a password reset and revokeAllTokens revoke them all", async () => {
    const first = await loggedIn();
    const again = expectDone(
      await api("POST", "/api/login", {
        form: { authentication: first.typed, password: PASSWORD },
        context: { clientIp: "10.4.0.1" },
      }),
    ).token;
    const out = await api("DELETE", "/api/logout", { token: first.token });
    expect(expectDone(out)).toBeNull();
    expect(out.body.message).toBe(AR.toasts.logout);
    expectRefused(await api("GET", "/api/user", { token: first.token }), 401);
    expectRefused(await api("DELETE", "/api/logout", { token: first.token }), 401);
    expectDone(await api("GET", "/api/user", { token: again }));

    const link = await createPasswordReset(db(), first.user.id);
    expect(await resetPassword(db(), { token: link, password: "a-new-password" })).toEqual({ kind: "changed" });
    expectRefused(await api("GET", "/api/user", { token: again }), 401);

    const second = await loggedIn();
    expect(await revokeAllTokens(db(), second.user.id)).toBe(1);
    expectRefused(await api("GET", "/api/user", { token: second.token }), 401);
  });
});

describe("GET /api/lookups/{name}", () => {
  it("answers each list as {id, name, …} in the request's language, with an ETag that gives 304 when unchanged", async () => {
    const ar = await api("GET", "/api/lookups/governorates");
    const governorates = expectDone(ar);
    expect(governorates.length).toBeGreaterThan(5);
    expect(governorates[0]).toEqual({ id: expect.any(Number), name: expect.stringMatching(/[\u0600-\u06FF]/) });
    const en = expectDone(await api("GET", "/api/lookups/governorates", { lang: "en" }));
    expect(en.map((g: { id: number }) => g.id)).toEqual(governorates.map((g: { id: number }) => g.id));
    expect(en.find((g: { name: string }) => g.name === "Damascus")).toBeTruthy();
    const etag = ar.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    const again = await api("GET", "/api/lookups/governorates", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    // Another language is another list.
    expect((await api("GET", "/api/lookups/governorates", { lang: "en", headers: { "If-None-Match": etag! } })).status).toBe(200);

    const locations = expectDone(await api("GET", "/api/lookups/locations"));
    expect(locations[0]).toEqual({ id: expect.any(Number), name: expect.any(String), governorate_id: expect.any(Number) });
    const regions = expectDone(await api("GET", "/api/lookups/regions"));
    expect(regions[0].locations.length).toBeGreaterThan(0);
    const prices = expectDone(await api("GET", "/api/lookups/price-domains", { lang: "en" }));
    expect(prices[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), min: expect.any(Number) });
    for (const name of [
      "estate-types",
      "estate-offer-types",
      "interior-statuses",
      "ownership-types",
      "contract-types",
      "period-types",
      "area-units",
      "report-types",
    ]) {
      const list = expectDone(await api("GET", `/api/lookups/${name}`, { lang: "en" }));
      expect(list.length, name).toBeGreaterThan(0);
      expect(Object.keys(list[0]).sort(), name).toEqual(["id", "name"]);
    }
  });

  it("answers an unknown list, an unknown path and a wrong method with JSON refusals", async () => {
    expectRefused(await api("GET", "/api/lookups/planets"), 404);
    const none = await api("GET", "/api/no/such/call");
    expectRefused(none, 404);
    expect(none.headers.get("Content-Type")).toMatch(/^application\/json/);
    const wrong = await api("POST", "/api/lookups/governorates", { form: {} });
    expectRefused(wrong, 405);
    expect(wrong.headers.get("Allow")).toBe("GET");
  });
});

describe("what every call shares", () => {
  it("answers the refusals of the HTTP layer (body over its limit, another site's post, busy) as envelopes", async () => {
    expectRefused(await api("POST", "/api/login", { form: {}, context: { refused: 413 } }), 413);
    expectRefused(await api("POST", "/api/login", { form: {}, context: { refused: 403 } }), 403);
    const busy = await api("GET", "/api/lookups/governorates", { context: { refused: 503 } });
    expectRefused(busy, 503);
    expect(busy.headers.get("Retry-After")).toBe("5");
  });

  it("refuses a body of another type (415)", async () => {
    expectRefused(await api("POST", "/api/login", { raw: { body: "<a/>", type: "text/xml" } }), 415);
  });

  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
