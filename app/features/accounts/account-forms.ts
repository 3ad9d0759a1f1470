import * as z from "zod/v4";
import { COUNTRIES } from "~/platform/config/countries";
import { refuseBidiControls, toLatinDigits } from "~/platform/forms/text";

/**
 * The account forms (login, registration, verification code, reset password) as zod schemas, read by the
 * server only (decision 034). Every message is a key of locales/<lang>/account.json. Conform turns empty fields into
 * `undefined`, so "required" is the message of a missing value.
 * Each schema is built by an arrow function called at once and annotated `@__PURE__`, so that the browser bundle,
 * which imports constants from here but never a schema, drops them and zod (decision 034).
 */

/** The account fields' limits (lengths in characters). */
export const LIMITS = {
  nameMin: 2,
  nameMax: 15,
  phoneMin: 6,
  phoneMax: 15,
  registerPasswordMin: 8,
  registerPasswordMax: 30,
  loginPasswordMin: 3,
  resetPasswordMin: 8,
  /** No limit is given for login or reset; argon2 is fed at most this many characters. */
  passwordMax: 128,
  code: 6,
  captchaMax: 20,
} as const;

/** ISO codes of the country selector (every country libphonenumber-js knows). */
const COUNTRY_CODES = /* @__PURE__ */ (() => new Set(COUNTRIES.en.map(([code]) => code)))();

const country = /* @__PURE__ */ (() =>
  z
    .string({ error: "account:errors.countryRequired" })
    .refine((code) => COUNTRY_CODES.has(code), "account:errors.countryRequired"))();

/** A phone number as typed: digits (Latin, Arabic-Indic or Persian), spaces, dashes, dots, brackets, a leading plus. */
const PHONE_CHARS = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9\s\-().]*$/;

const loginPhone = /* @__PURE__ */ (() =>
  z
    .string({ error: "account:errors.phoneRequired" })
    .trim()
    .max(LIMITS.phoneMax, "account:errors.phoneMax")
    .regex(PHONE_CHARS, "account:errors.phoneDigits")
    .transform(toLatinDigits))();

const registerPhone = /* @__PURE__ */ (() =>
  z
    .string({ error: "account:errors.phoneRequired" })
    .trim()
    .min(LIMITS.phoneMin, "account:errors.phoneMin")
    .max(LIMITS.phoneMax, "account:errors.phoneMax")
    .regex(PHONE_CHARS, "account:errors.phoneDigits")
    .transform(toLatinDigits))();

const name = (required: string) =>
  refuseBidiControls(
    z
      .string({ error: required })
      .trim()
      .min(LIMITS.nameMin, "account:errors.nameLength")
      .max(LIMITS.nameMax, "account:errors.nameLength")
      // NUL and other control characters: no one types them, and PostgreSQL text refuses NUL.
      .refine((v) => !/[\u0000-\u001F\u007F]/.test(v), "forms:errors.controlChars"),
  );

/** A local path to return to after login; anything else is dropped by the action (safeRedirect). */
const redirectTo = /* @__PURE__ */ (() => z.string().max(2000).optional())();

/** Login: authentication ≤ 15, password ≥ 3, a country, and a captcha answer (checked against the session). */
export const loginSchema = /* @__PURE__ */ (() =>
  z.object({
    country,
    authentication: loginPhone,
    password: z
      .string({ error: "account:errors.passwordRequired" })
      .min(LIMITS.loginPasswordMin, "account:errors.passwordRequired")
      .max(LIMITS.passwordMax, "account:errors.passwordMax"),
    captcha: z.string({ error: "account:errors.captchaRequired" }).max(LIMITS.captchaMax, "account:errors.captchaRequired"),
    redirectTo,
  }))();

/** Registration: names 2–15, authentication 6–15, password 8–30, a country. */
export const registerSchema = /* @__PURE__ */ (() =>
  z.object({
    first_name: name("account:errors.firstNameRequired"),
    last_name: name("account:errors.lastNameRequired"),
    country,
    authentication: registerPhone,
    password: z
      .string({ error: "account:errors.passwordRequired" })
      .min(LIMITS.registerPasswordMin, "account:errors.registerPasswordLength")
      .max(LIMITS.registerPasswordMax, "account:errors.registerPasswordLength"),
  }))();

/** Verification code: required, 6 digits (submit is enabled at 6). */
export const codeSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z
      .string({ error: "account:errors.codeRequired" })
      .trim()
      .max(LIMITS.code, { error: "account:errors.codeLength", abort: true })
      .regex(/^[0-9\u0660-\u0669\u06F0-\u06F9]{6}$/, "account:errors.codeLength")
      .transform(toLatinDigits),
  }))();

/** A phone number and its country: the forgot-password form. */
export const phoneSchema = /* @__PURE__ */ (() => z.object({ country, authentication: registerPhone }))();

/**
 * Activation of a sign-up that never got its code (/ac): the number and the password chosen at sign-up, so only the
 * person who signed up can continue it (another sign-up of the same number cannot be activated in their place).
 */
export const activateSchema = /* @__PURE__ */ (() =>
  phoneSchema.extend({
    password: z
      .string({ error: "account:errors.passwordRequired" })
      .min(LIMITS.loginPasswordMin, "account:errors.passwordRequired")
      .max(LIMITS.passwordMax, "account:errors.passwordMax"),
  }))();

/** A reset link's token as the SMS carries it (`/rp?t=…`, base64url of tokens.server's randomToken). */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The new password of a reset: required, at least 8. */
export const resetPasswordField = /* @__PURE__ */ (() =>
  z
    .string({ error: "account:errors.passwordRequired" })
    .min(LIMITS.resetPasswordMin, "account:errors.resetPasswordMin")
    .max(LIMITS.passwordMax, "account:errors.passwordMax"))();

/** Reset password: both fields required, at least 8, and the confirmation must match. */
export const resetSchema = /* @__PURE__ */ (() =>
  z
    .object({
      password: resetPasswordField,
      password_confirmation: z
        .string({ error: "account:errors.confirmationRequired" })
        .min(LIMITS.resetPasswordMin, "account:errors.resetPasswordMin")
        .max(LIMITS.passwordMax, "account:errors.passwordMax"),
    })
    .refine((v) => v.password === v.password_confirmation, {
      message: "account:errors.passwordMismatch",
      path: ["password_confirmation"],
    }))();

/** The owner's new name (/profile/name): both names 2–15 characters, as at sign-up. */
export const nameSchema = /* @__PURE__ */ (() =>
  z.object({
    first_name: name("account:errors.firstNameRequired"),
    last_name: name("account:errors.lastNameRequired"),
  }))();

/** The password typed to prove it is the owner (a change of password, a deletion): required, as the login takes it. */
const currentPassword = /* @__PURE__ */ (() =>
  z
    .string({ error: "account:errors.currentPasswordRequired" })
    .min(LIMITS.loginPasswordMin, "account:errors.currentPasswordRequired")
    .max(LIMITS.passwordMax, "account:errors.passwordMax"))();

/**
 * A change of password (/profile/password): `current_password`, and the new `password` (8–30, as at sign-up) with
 * `password_confirmation`, which must match.
 */
export const passwordChangeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      current_password: currentPassword,
      password: z
        .string({ error: "account:errors.passwordRequired" })
        .min(LIMITS.registerPasswordMin, "account:errors.registerPasswordLength")
        .max(LIMITS.registerPasswordMax, "account:errors.registerPasswordLength"),
      password_confirmation: z.string({ error: "account:errors.confirmationRequired" }).max(LIMITS.passwordMax),
    })
    .refine((v) => v.password === v.password_confirmation, {
      message: "account:errors.passwordMismatch",
      path: ["password_confirmation"],
    }))();

/** The deletion of the account (/profile/delete): the account's password. */
export const deleteAccountSchema = /* @__PURE__ */ (() => z.object({ password: currentPassword }))();
