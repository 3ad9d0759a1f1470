import * as z from "zod/v4";
import { ApiError, invalid, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { message } from "~/platform/forms/message";
import { apiLoginPost } from "./account-forms.server";
import { logIn } from "./account-login.server";
import { findApiTokenUser, issueApiToken, revokeApiToken } from "./api-tokens.server";
import type { User } from "./user.server";

/**
 * The account calls of the apps' API (docs/api.md, decision 088): login with a bearer token, the token's user, and
 * logout. They call the same services as /login (account-login.server.ts) with the same limits.
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

export const accountEndpoints: ApiEndpoint<ApiUser>[] = [
  {
    method: "POST",
    path: "/login",
    summary: "Log in with a mobile number and password: a new bearer token and the user",
    tag: "accounts",
    auth: "none",
    body: { kind: "form", schema: apiLoginPost },
    data: z.object({ token: z.string().meta({ description: "The bearer token, shown once" }), user: apiUserSchema }),
    errors: [422, 429],
    async handle({ db, t, ip, body, request }) {
      const { phone, password } = body as z.output<typeof apiLoginPost>;
      const outcome = await logIn(db, { phone, password, ip });
      if (outcome.kind === "tooMany") throw tooManyRequests(t, "account:errors.tooMany", outcome.retryAfter);
      if (outcome.kind !== "loggedIn") {
        const refused = message(LOGIN_REFUSED[outcome.kind]);
        throw invalid(t, { authentication: [refused] }, t(refused.key));
      }
      const token = await issueApiToken(db, outcome.userId, request.headers.get("User-Agent"));
      const user = await findApiTokenUser(db, token);
      if (!user) throw new ApiError(401, t("api.errors.unauthorized"));
      return { data: { token, user: apiUser(user) }, message: t("account:toasts.loginSuccess") };
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
