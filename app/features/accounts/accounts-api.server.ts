import * as z from "zod/v4";
import { ApiError, invalid, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { message } from "~/platform/forms/message";
import {
  apiCodeCheckPost,
  apiCodeResendPost,
  apiLoginPost,
  apiRegisterPost,
  apiResetPasswordPost,
  apiResetTokenPost,
} from "./account-forms.server";
import { logIn } from "./account-login.server";
import { checkResetLink, resetPassword } from "./account-reset.server";
import { activate, register, resendCode, type SmsRefusal } from "./account-signup.server";
import { consumeLoginLimit } from "./account.server";
import { findApiTokenUser, issueApiToken, revokeApiToken } from "./api-tokens.server";
import { findLatestRegistration, findRegistrationByPassword, type User } from "./user.server";

/**
 * The account calls of the apps' API (docs/api.md, decisions 088 and 096): login with a bearer token, the token's
 * user, logout, sign-up with its SMS code, and the new password by a reset link's token. They call the same services
 * as /login, /confirm and /rp (account-login, account-signup, account-reset) with the same limits.
 */

/** The user of an API token, as handleApi gives it to the calls. */
export type ApiUser = User & { tokenId: number };

/** The active user of a bearer token (handleApi's `authenticate`). */
export const authenticateApi = findApiTokenUser;

/** The user as the apps read it (`data.user`): never the password hash nor the token. */
export const apiUserSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.int(),
      first_name: z.string(),
      last_name: z.string(),
      authentication: z.string().meta({ description: "The account's mobile number in E.164 (+9639…)" }),
      role: z.enum(["user", "admin"]),
    })
    .meta({ id: "User" }))();

/** A user in the shape of apiUserSchema. */
export function apiUser(user: User): z.infer<typeof apiUserSchema> {
  return { id: user.id, first_name: user.first_name, last_name: user.last_name, authentication: user.phone, role: user.role };
}

/** The message of each refused login, as the login page says it. */
const LOGIN_REFUSED = {
  failed: "account:errors.loginFailed",
  notActivated: "account:errors.notActivated",
  suspended: "account:errors.suspended",
} as const;

/** The answer of a new token for `userId` (login, an activated sign-up): `{token, user}`. */
async function tokenReply(db: Parameters<typeof issueApiToken>[0], userId: number, request: Request, t: (key: string) => string) {
  const token = await issueApiToken(db, userId, request.headers.get("User-Agent"));
  const user = await findApiTokenUser(db, token);
  if (!user) throw new ApiError(401, t("api.errors.unauthorized"));
  return { token, user: apiUser(user) };
}

/** The data of a login or an activated sign-up. */
const tokenData = /* @__PURE__ */ (() =>
  z.object({ token: z.string().meta({ description: "The bearer token, shown once" }), user: apiUserSchema }))();

/**
 * A code message refused by the SMS rules (checkCodeSms): a number outside the SMS countries is a 422 on
 * `authentication` with the form's failure and the countries codes go to, a limit passed a 429 with Retry-After.
 */
function smsRefused(t: Parameters<typeof invalid>[0], failed: string, refusal: SmsRefusal): ApiError {
  if (refusal.kind === "tooMany") return tooManyRequests(t, "account:errors.tooMany", refusal.retryAfter);
  return invalid(
    t,
    { authentication: [message(failed), message("account:smsCodes.country", { countries: refusal.countries })] },
    t(failed),
  );
}

/** A reset link that cannot be used: a 422 on `password_reset_token` with /rp's message. */
function badResetToken(t: Parameters<typeof invalid>[0]): ApiError {
  return invalid(t, { password_reset_token: [message("account:reset.badToken")] }, t("account:reset.badToken"));
}

export const accountEndpoints: ApiEndpoint<ApiUser>[] = [
  {
    method: "POST",
    path: "/login",
    summary: "Log in with a mobile number and password: a new bearer token and the user",
    tag: "accounts",
    auth: "none",
    body: { kind: "form", schema: apiLoginPost },
    data: tokenData,
    errors: [422, 429],
    async handle({ db, t, ip, body, request }) {
      const { phone, password } = body as z.output<typeof apiLoginPost>;
      const outcome = await logIn(db, { phone, password, ip });
      if (outcome.kind === "tooMany") throw tooManyRequests(t, "account:errors.tooMany", outcome.retryAfter);
      if (outcome.kind !== "loggedIn") {
        const refused = message(LOGIN_REFUSED[outcome.kind]);
        throw invalid(t, { authentication: [refused] }, t(refused.key));
      }
      return { data: await tokenReply(db, outcome.userId, request, t), message: t("account:toasts.loginSuccess") };
    },
  },
  {
    method: "POST",
    path: "/user/register",
    summary: "Sign up: the account waits for the SMS code sent to its number (POST /api/code/check)",
    tag: "accounts",
    auth: "none",
    body: { kind: "form", schema: apiRegisterPost },
    data: z.object({ authentication: z.string().meta({ description: "The number the code went to, in E.164" }) }),
    errors: [422, 429],
    async handle({ db, t, ip, locale, body }) {
      const value = body as z.output<typeof apiRegisterPost>;
      const outcome = await register(db, { ...value, locale, ip });
      if (outcome.kind === "exists")
        throw invalid(t, { authentication: [message("account:errors.phoneExists")] }, t("account:errors.phoneExists"));
      if (outcome.kind !== "pending") throw smsRefused(t, "account:errors.registerFailed", outcome);
      return { data: { authentication: value.phone }, message: t("account:toasts.registerSuccess") };
    },
  },
  {
    method: "POST",
    path: "/code/check",
    summary:
      "Activate a sign-up with its SMS code: the account is made and logged in (a new bearer token). The sign-up is the number's newest, or the one chosen with `password` when sent",
    tag: "accounts",
    auth: "none",
    body: { kind: "form", schema: apiCodeCheckPost },
    data: tokenData,
    errors: [422, 429],
    async handle({ db, t, ip, body, request }) {
      const { phone, code, password } = body as z.output<typeof apiCodeCheckPost>;
      if (password !== undefined) {
        const tries = await consumeLoginLimit(db, phone, ip);
        if (!tries.ok) throw tooManyRequests(t, "account:errors.tooMany", tries.retryAfter);
      }
      const registration =
        password === undefined ? await findLatestRegistration(db, phone) : await findRegistrationByPassword(db, phone, password);
      const noPhone = () => invalid(t, { authentication: [message("account:errors.noPhone")] }, t("account:errors.noPhone"));
      if (!registration) throw noPhone();
      const outcome = await activate(db, { phone, registration: registration.id, code });
      if (outcome.kind === "wrong")
        throw invalid(t, { code: [message("account:errors.codeWrong")] }, t("account:errors.codeWrong"));
      if (outcome.kind === "expired")
        throw invalid(t, { code: [message("account:errors.codeExpired")] }, t("account:errors.codeExpired"));
      if (outcome.kind === "gone") throw noPhone();
      return { data: await tokenReply(db, outcome.userId, request, t), message: t("account:toasts.activated") };
    },
  },
  {
    method: "POST",
    path: "/code/resend",
    summary: "Send a new SMS code to the newest sign-up of a number (the earlier code stops working)",
    tag: "accounts",
    auth: "none",
    body: { kind: "form", schema: apiCodeResendPost },
    data: z.null(),
    errors: [422, 429],
    async handle({ db, t, ip, locale, body }) {
      const { phone } = body as z.output<typeof apiCodeResendPost>;
      const registration = await findLatestRegistration(db, phone);
      const outcome = registration ? await resendCode(db, { phone, registration: registration.id, locale, ip }) : null;
      if (!outcome || outcome.kind === "gone")
        throw invalid(t, { authentication: [message("account:errors.noPhone")] }, t("account:errors.resendFailed"));
      if (outcome.kind !== "sent") throw smsRefused(t, "account:errors.resendFailed", outcome);
      return { data: null, message: t("account:toasts.resendSuccess") };
    },
  },
  {
    method: "POST",
    path: "/v2/customer/validate-reset-password-token",
    summary: "Whether a reset link's token (the `t` of the SMS's /rp link) may still be used: 200 when it may, 422 when not",
    tag: "accounts",
    auth: "none",
    body: { kind: "json", schema: apiResetTokenPost },
    data: z.null(),
    errors: [422, 429],
    async handle({ db, t, ip, body }) {
      const { password_reset_token: token } = body as z.output<typeof apiResetTokenPost>;
      const link = await checkResetLink(db, { token, ip });
      if (link.kind === "tooMany") throw tooManyRequests(t, "account:errors.tooMany", link.retryAfter);
      if (link.kind === "bad") throw badResetToken(t);
      return { data: null };
    },
  },
  {
    method: "POST",
    path: "/v2/customer/change-password-by-token",
    summary: "Set a new password by a reset link's token: the token is spent, and every session and token of the account ends",
    tag: "accounts",
    auth: "none",
    body: { kind: "json", schema: apiResetPasswordPost },
    data: z.null(),
    errors: [422, 429],
    async handle({ db, t, ip, body }) {
      const { password_reset_token: token, password } = body as z.output<typeof apiResetPasswordPost>;
      // As /rp: the link is checked, within the per-address login limit, before anything is hashed.
      const link = await checkResetLink(db, { token, ip });
      if (link.kind === "tooMany") throw tooManyRequests(t, "account:errors.tooMany", link.retryAfter);
      if (link.kind === "bad") throw badResetToken(t);
      if ((await resetPassword(db, { token, password })).kind !== "changed") throw badResetToken(t);
      return { data: null, message: t("account:reset.changed") };
    },
  },
  {
    method: "GET",
    path: "/user",
    summary: "The user of the bearer token",
    tag: "accounts",
    auth: "required",
    data: apiUserSchema,
    errors: [401],
    async handle({ user }) {
      return { data: apiUser(user) };
    },
  },
  {
    method: "DELETE",
    path: "/logout",
    summary: "Revoke the bearer token",
    tag: "accounts",
    auth: "required",
    data: z.null(),
    errors: [401],
    async handle({ db, t, user }) {
      await revokeApiToken(db, user.tokenId);
      return { data: null, message: t("account:toasts.logout") };
    },
  },
];
