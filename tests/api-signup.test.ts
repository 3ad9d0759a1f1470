import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { createPasswordReset } from "~/features/accounts/user.server";
import { verifyPassword } from "~/features/accounts/password.server";
import { account } from "./helpers/accounts";
import { AR, lastCode, newIp, newPhone, outbox, registrationRows, userRow } from "./helpers/account-flows";
import { api, expectAnswersMatchDocument, expectDone, expectRefused } from "./helpers/api";
import { useTestDatabase } from "./helpers/db";

/**
 * The apps' sign-up (POST /api/user/register, /api/code/check, /api/code/resend) and the new password by a reset
 * link's token (the v2 customer calls), as an app meets them (docs/api.md, decision 096).
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** Posts a sign-up of a fresh number from a fresh address; returns the number and the answer. */
async function signUp(fields: Record<string, string> = {}, ip = newIp()) {
  const phone = newPhone();
  const answer = await api("POST", "/api/user/register", {
    form: { first_name: "Lina", last_name: "Saleh", authentication: phone.typed, password: "secret-pass-1", ...fields },
    context: { clientIp: ip },
  });
  return { phone, answer, ip };
}

describe("POST /api/user/register and POST /api/code/check", () => {
  it("signs up, sends the code by SMS, and the right code makes the account and answers a token", async () => {
    const { phone, answer, ip } = await signUp();
    expect(expectDone(answer)).toEqual({ authentication: phone.e164 });
    expect(answer.body.message).toBe(AR.toasts.registerSuccess);
    expect(await registrationRows(phone.e164)).toHaveLength(1);
    expect(await userRow(phone.e164)).toBeUndefined();
    const code = await lastCode(phone.e164);

    const wrong = await api("POST", "/api/code/check", {
      form: { authentication: phone.typed, code: code === "000000" ? "111111" : "000000" },
      context: { clientIp: ip },
    });
    expectRefused(wrong, 422);
    expect(wrong.body.errors.code).toEqual([AR.errors.codeWrong]);
    expect(await userRow(phone.e164)).toBeUndefined();

    const right = await api("POST", "/api/code/check", {
      form: { authentication: phone.e164, code },
      headers: { "User-Agent": "AqarApp/3 (iOS 18)" },
      context: { clientIp: ip },
    });
    const data = expectDone(right);
    expect(right.body.message).toBe(AR.toasts.activated);
    expect(data.user).toMatchObject({ first_name: "Lina", last_name: "Saleh", authentication: phone.e164, role: "user" });
    const user = await userRow(phone.e164);
    expect(user.status).toBe("active");
    expect(await verifyPassword(user.password_hash, "secret-pass-1")).toBe(true);
    expect(await registrationRows(phone.e164)).toEqual([]);
    expect(expectDone(await api("GET", "/api/user", { token: data.token })).id).toBe(user.id);
    expect(right.headers.get("Set-Cookie")).toBeNull();

    // The code is spent: the account exists, and a new sign-up of the number is refused.
    const again = await api("POST", "/api/code/check", { form: { authentication: phone.typed, code } });
    expectRefused(again, 422);
    expect(again.body.errors.authentication).toEqual([AR.errors.noPhone]);
    const exists = await api("POST", "/api/user/register", {
      form: { first_name: "Omar", last_name: "Saleh", authentication: phone.typed, password: "another-pass-2" },
      context: { clientIp: newIp() },
    });
    expectRefused(exists, 422);
    expect(exists.body.errors.authentication).toEqual([AR.errors.phoneExists]);
  });

  it("refuses a sign-up its form refuses (422) with each field's message in the request's language, writing nothing", async () => {
    const empty = await api("POST", "/api/user/register", { form: {} });
    expectRefused(empty, 422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["authentication", "first_name", "last_name", "password"]);
    expect(empty.body.errors.first_name).toEqual([AR.errors.firstNameRequired]);
    const phone = newPhone();
    const english = await api("POST", "/api/user/register", {
      form: { first_name: "L", last_name: "Saleh", authentication: phone.typed, password: "short", country: "SY" },
      lang: "en",
    });
    expectRefused(english, 422);
    expect(english.body.errors).toEqual({
      first_name: ["Must be 2 to 15 characters"],
      password: ["The password must be 8 to 30 characters"],
    });
    expect(await registrationRows(phone.e164)).toEqual([]);
    const code = await api("POST", "/api/code/check", { form: { authentication: phone.typed, code: "12" }, lang: "en" });
    expectRefused(code, 422);
    expect(code.body.errors.code).toEqual(["Enter the 6-digit code"]);
    const none = await api("POST", "/api/code/check", { form: { authentication: phone.typed, code: "123456" } });
    expectRefused(none, 422);
    expect(none.body.errors.authentication).toEqual([AR.errors.noPhone]);
  });

  it("with `password`, activates the sign-up chosen with it, not a later one of the same number", async () => {
    const { phone, ip } = await signUp({ first_name: "Owner" });
    const later = await api("POST", "/api/user/register", {
      form: { first_name: "Other", last_name: "Person", authentication: phone.typed, password: "not-the-owners" },
      context: { clientIp: newIp() },
    });
    expectDone(later);
    expect(await registrationRows(phone.e164)).toHaveLength(2);
    const code = await lastCode(phone.e164);
    const wrongPassword = await api("POST", "/api/code/check", {
      form: { authentication: phone.typed, code, password: "nobody-chose-this" },
      context: { clientIp: ip },
    });
    expectRefused(wrongPassword, 422);
    expect(wrongPassword.body.errors.authentication).toEqual([AR.errors.noPhone]);
    const data = expectDone(
      await api("POST", "/api/code/check", {
        form: { authentication: phone.typed, code, password: "secret-pass-1" },
        context: { clientIp: ip },
      }),
    );
    expect(data.user.first_name).toBe("Owner");
    expect(await verifyPassword((await userRow(phone.e164)).password_hash, "secret-pass-1")).toBe(true);
  });

  it("POST /api/code/resend sends a new code (the earlier one stops working), within the SMS limits (429)", async () => {
    const { phone, ip } = await signUp();
    const first = await lastCode(phone.e164);
    const resent = await api("POST", "/api/code/resend", { form: { authentication: phone.typed }, context: { clientIp: ip } });
    expect(expectDone(resent)).toBeNull();
    expect(resent.body.message).toBe(AR.toasts.resendSuccess);
    const second = await lastCode(phone.e164);
    expect(await outbox(phone.e164)).toHaveLength(2);
    if (first !== second) {
      const old = await api("POST", "/api/code/check", { form: { authentication: phone.typed, code: first } });
      expectRefused(old, 422);
      expect(old.body.errors.code).toEqual([AR.errors.codeWrong]);
    }
    // 3 codes an hour per number: the sign-up's, this one, one more; the fourth is refused with Retry-After.
    expectDone(await api("POST", "/api/code/resend", { form: { authentication: phone.typed }, context: { clientIp: ip } }));
    const limited = await api("POST", "/api/code/resend", { form: { authentication: phone.typed }, context: { clientIp: ip } });
    expectRefused(limited, 429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await outbox(phone.e164)).toHaveLength(3);

    const nobody = await api("POST", "/api/code/resend", { form: { authentication: newPhone().typed }, lang: "en" });
    expectRefused(nobody, 422);
    expect(nobody.body.errors.authentication).toEqual(["Phone number not found, return to the registration page"]);
  });

  it("refuses codes to numbers outside the SMS countries (422 with the countries)", async () => {
    const answer = await api("POST", "/api/user/register", {
      form: { first_name: "Lina", last_name: "Saleh", country: "FR", authentication: "0612345678", password: "secret-pass-1" },
      lang: "en",
    });
    expectRefused(answer, 422);
    expect(answer.body.message).toBe("An error occurred while creating the account, please try again");
    expect(answer.body.errors.authentication[1]).toMatch(/Syria/);
    expect(await registrationRows("+33612345678")).toEqual([]);
  });
});

describe("POST /api/v2/customer/validate-reset-password-token and change-password-by-token", () => {
  it("validates a reset link's token, changes the password once with it and ends every token of the account", async () => {
    const made = await account(db(), { password: "old-password-1", loggedIn: false });
    const login = await api("POST", "/api/login", {
      form: { authentication: made.typed, password: "old-password-1" },
      context: { clientIp: newIp() },
    });
    const token = expectDone(login).token;
    const link = await createPasswordReset(db(), made.user.id);

    expect(
      expectDone(await api("POST", "/api/v2/customer/validate-reset-password-token", { json: { password_reset_token: link } })),
    ).toBeNull();

    const short = await api("POST", "/api/v2/customer/change-password-by-token", {
      json: { password_reset_token: link, password: "short" },
      lang: "en",
    });
    expectRefused(short, 422);
    expect(short.body.errors).toEqual({ password: ["The password must be at least 8 characters"] });

    const changed = await api("POST", "/api/v2/customer/change-password-by-token", {
      json: { password_reset_token: link, password: "new-password-2" },
    });
    expect(expectDone(changed)).toBeNull();
    expect(changed.body.message).toBe(AR.reset.changed);
    const [user] = await db().select().from(s.users).where(eq(s.users.id, made.user.id));
    expect(await verifyPassword(user.password_hash, "new-password-2")).toBe(true);
    expectRefused(await api("GET", "/api/user", { token }), 401);

    const spent = await api("POST", "/api/v2/customer/validate-reset-password-token", { json: { password_reset_token: link } });
    expectRefused(spent, 422);
    expect(spent.body.message).toBe(AR.reset.badToken);
    const twice = await api("POST", "/api/v2/customer/change-password-by-token", {
      json: { password_reset_token: link, password: "third-password-3" },
    });
    expectRefused(twice, 422);
    expect(twice.body.errors.password_reset_token).toEqual([AR.reset.badToken]);
  });

  it("answers an unknown, malformed or missing token 422, malformed JSON 400 and form data 415", async () => {
    const unknown = await api("POST", "/api/v2/customer/validate-reset-password-token", {
      json: { password_reset_token: "A".repeat(43) },
      lang: "en",
    });
    expectRefused(unknown, 422);
    expect(unknown.body.message).toBe("This link is not valid: it has expired or has already been used.");
    for (const json of [{ password_reset_token: "short" }, {}, { password_reset_token: 12 }]) {
      const answer = await api("POST", "/api/v2/customer/validate-reset-password-token", { json });
      expectRefused(answer, 422);
      expect(answer.body.errors.password_reset_token).toEqual([AR.reset.badToken]);
    }
    expectRefused(
      await api("POST", "/api/v2/customer/change-password-by-token", {
        raw: { body: '{"password_reset_token": ', type: "application/json" },
      }),
      400,
    );
    expectRefused(await api("POST", "/api/v2/customer/change-password-by-token", { json: ["a"] }), 400);
    expectRefused(
      await api("POST", "/api/v2/customer/validate-reset-password-token", { form: { password_reset_token: "A".repeat(43) } }),
      415,
    );
  });

  it("counts each token tried against the per-address login limit: 429 with Retry-After", async () => {
    const ip = newIp();
    let answer;
    for (let i = 0; i < 101; i++) {
      answer = await api("POST", "/api/v2/customer/validate-reset-password-token", {
        json: { password_reset_token: `${"B".repeat(40)}${i}` },
        context: { clientIp: ip },
      });
      if (answer.status === 429) break;
    }
    expectRefused(answer!, 429);
    expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the contract", () => {
  it("every answer above matches the OpenAPI document", () => {
    expectAnswersMatchDocument();
  });
});
