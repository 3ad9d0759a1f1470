import { redirect } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { users } from "~/platform/db/schema";
import { localeOf } from "~/platform/i18n/i18n.server";
import { getDb } from "~/platform/db/db.server";
import { createSession, deleteSession, findSessionUser, type User } from "~/features/accounts/user.server";
import { getSession, sessionStorage } from "~/platform/http/session.server";
import { localPath } from "~/platform/http/redirect.server";
import { getEnv } from "~/platform/config/env.server";

const seen = new WeakMap<Request, Promise<User | null>>();

/**
 * The logged-in user of a request, or null: the session cookie's token must match an unexpired row
 * of `sessions` whose user is active, so logout, expiry and suspension take effect at once. A missing, forged or
 * stale cookie is simply "logged out". Looked up once per Request object.
 */
export function getCurrentUser(request: Request): Promise<User | null> {
  let found = seen.get(request);
  if (!found) {
    found = (async () => {
      const session = await getSession(request);
      const token = session.get("token");
      if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
      return findSessionUser(await getDb(), token);
    })();
    seen.set(request, found);
  }
  return found;
}

/**
 * The login page that comes back to `redirectTo` (a local path) after logging in: `/login?redirectTo=…`. A path
 * longer than the login form takes back (LOCAL_PATH_MAX) comes back without its query string, or to "/": a huge
 * query string must not make a Location header that a browser, a proxy or the login form would refuse.
 */
export function loginPath(redirectTo: string): string {
  const back = localPath(redirectTo) ?? localPath(redirectTo.split("?")[0]) ?? "/";
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * The logged-in user, or a redirect to the login page that comes back to `options.redirectTo` (a local path; the
 * request's own page when not given). Throws the redirect Response, so loaders and actions
 * can simply `await requireUser(request)`; an action-only route passes the page the form was on.
 */
export async function requireUser(request: Request, options: { redirectTo?: string } = {}): Promise<User> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginPath(options.redirectTo ?? url.pathname + url.search));
}

/**
 * The device and country a login comes from, for the sessions list (decision 092): the request's User-Agent, and the
 * country the header named by IP_COUNTRY_HEADER gives (a CDN's or proxy's, such as CF-IPCountry) when it is set and
 * the value is two letters; else null.
 */
export function requestDevice(request: Request): { userAgent: string | null; country: string | null } {
  const header = getEnv().IP_COUNTRY_HEADER;
  const country = header ? (request.headers.get(header) ?? "").trim().toUpperCase() : "";
  return { userAgent: request.headers.get("User-Agent"), country: /^[A-Z]{2}$/.test(country) ? country : null };
}

/** The login token of the request's session cookie, or null (a request without a login). */
export async function requestToken(request: Request): Promise<string | null> {
  const token = (await getSession(request)).get("token");
  return typeof token === "string" ? token : null;
}

/**
 * Logs a user in: a new session row and token on every login (no session fixation), the
 * captcha and any pending registration forgotten. Returns the Set-Cookie header value of the session cookie.
 */
export async function startUserSession(request: Request, userId: number): Promise<string> {
  const session = await getSession(request);
  const old = session.get("token");
  const db = await getDb();
  if (typeof old === "string") await deleteSession(db, old).catch(() => undefined);
  session.set("token", await createSession(db, userId, requestDevice(request)));
  // The language the user works in: rejection reasons and SMS from the back office are written in it.
  await db
    .update(users)
    .set({ lang: localeOf(request) })
    .where(eq(users.id, userId));
  session.unset("captcha");
  session.unset("pending");
  return sessionStorage.commitSession(session);
}

/**
 * Ends the request's login session: deletes its row, and clears the cookie even when the
 * database call fails. Returns the Set-Cookie header value that empties the session cookie.
 */
export async function endUserSession(request: Request): Promise<string> {
  const session = await getSession(request);
  const token = session.get("token");
  if (typeof token === "string") {
    try {
      await deleteSession(await getDb(), token);
    } catch {
      // The cookie is cleared below anyway: when the logout call fails, the local session is still cleared.
    }
  }
  return sessionStorage.destroySession(session);
}

/**
 * The logged-in admin (every /admin loader and action checks the role on the server): a visitor is sent to
 * log in and back, any other user gets 403.
 */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}
