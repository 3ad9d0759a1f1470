import * as z from "zod/v4";
import { toE164 } from "~/features/accounts/phone.server";
import {
  activateSchema,
  codeSchema,
  loginSchema,
  phoneSchema,
  registerSchema,
  RESET_TOKEN,
  resetPasswordField,
} from "./account-forms";
import { choiceParam, EXACT, flagParam, parseQuery } from "~/platform/forms/queries";
import { LOCAL_PATH_MAX, localPathParam } from "~/platform/http/redirect.server";

/**
 * The account forms as the server reads them: the schemas of ./account.ts with the number made E.164 by
 * one zod transform, which needs libphonenumber-js's full metadata (it tells mobiles from landlines).
 */

/**
 * Adds `phone`, the E.164 form of `authentication` typed for `country` (toE164: a valid mobile number of that
 * country's dial code), to what `schema` parsed; a number that is not one is an issue on `authentication` with
 * "account:errors.phoneInvalid". It is checked only once every other field is valid (as the routes did
 * before: zod runs a transform after issues that do not abort), so it never stands beside another message. Never
 * throws.
 */
export function withPhone<S extends z.ZodType<{ country: string; authentication: string }>>(schema: S) {
  return schema.transform((value, ctx) => {
    if (ctx.issues.length > 0) return z.NEVER;
    const phone = toE164(value.country, value.authentication);
    if (phone) return { ...value, phone };
    ctx.addIssue({
      code: "custom",
      message: "account:errors.phoneInvalid",
      path: ["authentication"],
      input: value.authentication,
    });
    return z.NEVER;
  });
}

/** Login with the number in E.164. */
export const loginPost = withPhone(loginSchema);
/** Registration with the number in E.164. */
export const registerPost = withPhone(registerSchema);
/** The activation of an earlier sign-up (/ac) with the number in E.164. */
export const activatePost = withPhone(activateSchema);
/** The forgot-password form with the number in E.164. */
export const phonePost = withPhone(phoneSchema);

/** /login's query: `tab` (1 the login form, 2 sign up) and `redirectTo`, the page to come back to (localPathParam). */
const loginQuery = /* @__PURE__ */ (() => z.object({ tab: choiceParam(["1", "2"]), redirectTo: localPathParam }))();
const LOGIN_QUERY_OPTIONS = { ...EXACT, lengths: { redirectTo: LOCAL_PATH_MAX + 1 } };

/**
 * The tab and the page to come back to that `params` ask /login for: tab "2" only when `tab` is "2" (else the login
 * tab), `redirectTo` only when it is a local path of this site (else undefined); either refused when sent twice.
 * Never throws.
 */
export function queryLogin(params: URLSearchParams): { tab: "1" | "2"; redirectTo: string | undefined } {
  const { value } = parseQuery(params, loginQuery, LOGIN_QUERY_OPTIONS);
  return { tab: value.tab === "2" ? "2" : "1", redirectTo: value.redirectTo };
}

/** /rp's flag (read by queryFlags): `changed=1` is where a successful change of the password lands. */
export const resetFlagQuery = /* @__PURE__ */ (() => z.object({ changed: flagParam }))();

/**
 * The apps' login (POST /api/login, docs/api.md): the login form's `authentication` and `password` without its
 * captcha (an app shows none; the login limits still count every try), and `country` optional, Syria when absent.
 */
export const apiLoginPost = /* @__PURE__ */ (() =>
  withPhone(loginSchema.omit({ captcha: true, redirectTo: true }).extend({ country: appCountry() })))();

/** An app's `country`: optional (an app may not ask), Syria when absent, else checked as the forms check it. */
function appCountry() {
  return loginSchema.shape.country.default("SY");
}

/** The apps' sign-up (POST /api/user/register): the registration form, `country` optional (Syria). */
export const apiRegisterPost = /* @__PURE__ */ (() => withPhone(registerSchema.extend({ country: appCountry() })))();

/**
 * The apps' code check (POST /api/code/check): the number (as at sign-up), the SMS code of /confirm, and optionally
 * the password chosen at sign-up, which names that sign-up (as /ac does) instead of the number's newest one.
 */
export const apiCodeCheckPost = /* @__PURE__ */ (() =>
  withPhone(
    phoneSchema.extend({
      country: appCountry(),
      code: codeSchema.shape.code,
      password: activateSchema.shape.password.optional(),
    }),
  ))();

/** The apps' new code (POST /api/code/resend): the number of a sign-up waiting for its code. */
export const apiCodeResendPost = /* @__PURE__ */ (() => withPhone(phoneSchema.extend({ country: appCountry() })))();

/** A reset link's token sent by an app (the `t` of the SMS's /rp link); a malformed one reads as a bad link. */
export const apiResetTokenPost = /* @__PURE__ */ (() =>
  z.object({
    password_reset_token: z.string({ error: "account:reset.badToken" }).trim().regex(RESET_TOKEN, "account:reset.badToken"),
  }))();

/** The apps' new password by a reset link's token: the token and the new password (at least 8, as /rp takes it). */
export const apiResetPasswordPost = /* @__PURE__ */ (() => apiResetTokenPost.extend({ password: resetPasswordField }))();
