import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { parse, serialize } from "cookie";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { getDb } from "~/platform/db/db.server";
import { idempotent_posts } from "~/platform/db/schema";
import { errorTextKey } from "~/platform/http/seo";
import { SECURE_COOKIES } from "~/platform/http/session.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { getT } from "~/platform/i18n/i18n.server";
import {
  IDEMPOTENCY_FIELD,
  OUTBOX_DONE_COOKIE,
  OUTBOX_FIELD,
  OUTBOX_SCOPE_COOKIE,
  OUTBOX_SCOPE_HEADER,
} from "~/features/offline/outbox-common";

/**
 * Form posts answered once ("nothing is sent twice: an idempotency key per submission, checked by the
 * server, so that a retried post of the same submission is answered as the first one was"). See
 * docs/decisions/023-offline-forms-and-idempotency.md.
 */

/** The header that names a post's key without its body being read (IETF's draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** A key as the browser makes it: a UUID (crypto.randomUUID or the same shape from getRandomValues). */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a second post of a submission waits for the first one to finish, in milliseconds. */
const WAIT_FOR_FIRST_MS = 10_000;
/** How long answers are kept, in milliseconds: a day (an outbox older than that is sent as a new post). */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * The idempotency key of a post: its `Idempotency-Key` header when it has one, else the form field `idempotency_key`
 * of an urlencoded or multipart body (read from a clone, so the action still reads the body), or null when there is none or it is not a UUID; `fromOutbox` is true
 * when the page's outbox sent it (field `outbox=1`). Never throws.
 */
export async function idempotencyKeyOf(request: Request): Promise<{ key: string; fromOutbox: boolean } | null> {
  if (request.method !== "POST") return null;
  // A photo sent by the editor's script (app/features/posts/photo-upload.ts) names its key in a header: its body is
  // a file, not to be read twice.
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  if (header !== null) return KEY_PATTERN.test(header) ? { key: header.toLowerCase(), fromOutbox: false } : null;
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const key = form?.get(IDEMPOTENCY_FIELD);
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) return null;
  return { key: key.toLowerCase(), fromOutbox: form?.get(OUTBOX_FIELD) === "1" };
}

/** A visitor's scope secret as the worker or the cookie sends it: 16 to 64 URL-safe characters (a UUID, 22 of base64url). */
const SCOPE_PATTERN = /^[\w-]{16,64}$/;

/**
 * Whose a submission is (decision 046), as it is stored before the key: `u<id>` for a logged-in account (whatever
 * session or device it posts from), else `v<SHA-256 of the visitor's secret, 22 characters>`, the secret being the
 * service worker's `Outbox-Scope` header or else the `outbox_scope` cookie. A visitor who sends neither gets a new
 * secret, returned as `setCookie` (the Set-Cookie header to send with the answer, a day long like the kept answers);
 * a visitor scoped by the cookie gets it again (its day starts again). Never throws but for database errors.
 */
async function scopeOf(request: Request): Promise<{ scope: string; setCookie: string | null }> {
  const user = await getCurrentUser(request);
  if (user) return { scope: `u${user.id}`, setCookie: null };
  const header = request.headers.get(OUTBOX_SCOPE_HEADER) ?? "";
  if (SCOPE_PATTERN.test(header)) return { scope: visitorScope(header), setCookie: null };
  const kept = parse(request.headers.get("Cookie") ?? "")[OUTBOX_SCOPE_COOKIE] ?? "";
  const secret = SCOPE_PATTERN.test(kept) ? kept : crypto.randomBytes(16).toString("base64url");
  const setCookie = serialize(OUTBOX_SCOPE_COOKIE, secret, {
    path: "/",
    maxAge: KEEP_MS / 1000,
    httpOnly: true,
    sameSite: "lax",
    // The same rule as the session's: Secure in production even where the request came as http (decision 082).
    secure: SECURE_COOKIES,
  });
  return { scope: visitorScope(secret), setCookie };
}

/** A visitor's scope as stored: the secret itself never reaches the database. */
function visitorScope(secret: string): string {
  return `v${crypto.createHash("sha256").update(secret).digest("base64url").slice(0, 22)}`;
}

/** The `__toast` cookie a redirect sets (the success message), to send again with a repeated answer. */
function toastCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__toast=")) ?? null;
}

/** Tells the page's outbox (app/features/offline/outbox.ts) that the server answered this submission, and how: a one-minute cookie. */
function doneCookie(key: string, outcome: "taken" | "refused"): string {
  return `${OUTBOX_DONE_COOKIE}=${key}.${outcome}; Path=/; Max-Age=60; SameSite=Lax`;
}

/** The answer kept for a submission, as a new redirect Response (Location and the toast). */
function repeatedAnswer(row: { status: number; location: string | null; toast_cookie: string | null }): Response {
  const headers = new Headers({ Location: row.location ?? "/" });
  if (row.toast_cookie) headers.append("Set-Cookie", row.toast_cookie);
  return new Response(null, { status: row.status, headers });
}

/**
 * Deletes the answers kept longer than a day (KEEP_MS): run before each new claim and by the hourly job
 * `idempotency.cleanup` (app/features/jobs/job-tasks.server.ts), so the table stays small while nobody posts.
 */
export async function forgetOldAnswers(db: Db | Tx, now = new Date()): Promise<void> {
  await db.delete(idempotent_posts).where(lt(idempotent_posts.created_at, new Date(now.getTime() - KEEP_MS)));
}

/**
 * Runs a form's action (`action`, with the action's `args`) so that each submission is taken once. A post without a valid key runs the
 * action as before. A key belongs to who sends it (decision 046): the account when logged in, else the visitor's
 * secret (scopeOf); the same key from another account or visitor is another submission. A post with a new key claims
 * a row (scope and key, path) and runs the action: when it returns a redirect
 * (the post was taken), the redirect's status, Location and toast cookie are kept; any other answer (the form back
 * with its messages, a limit) or anything thrown (log in first, not found, an error) frees the key, so the same submission
 * sent again is checked again and gets the same refusal. A post whose key was already taken is answered with the
 * kept redirect and its toast, without running the action; while the first post still runs, it waits up to 10 s
 * and then throws a 409 Response (its error page says the form is still being handled). Every answer to a post sent
 * by the page's outbox (field `outbox=1`) also sets the `outbox_done` cookie with the key, which tells the outbox
 * the submission arrived; a visitor scoped by cookie gets the `outbox_scope` cookie with every answer.
 * Database errors propagate (server.ts answers 503 when the database is down).
 */
export async function answerOnce<A extends ActionFunctionArgs, R>(
  args: A,
  action: (args: A) => Promise<R> | R,
): Promise<R | Response> {
  const keyed = await idempotencyKeyOf(args.request);
  if (!keyed) return action(args);
  const { scope, setCookie } = await scopeOf(args.request);
  const post: Post = {
    key: keyed.key,
    stored: `${scope}:${keyed.key}`,
    path: new URL(args.request.url).pathname.replace(/\.data$/, ""),
    // Only the outbox waits for word that its post arrived: other pages are not given the cookie (it keeps a
    // visitor's next pages out of the page cache for a minute).
    fromOutbox: keyed.fromOutbox,
    setCookie,
  };
  return takeOnce(post, args, action);
}

/**
 * One submission as answerOnce handles it: the browser's `key`, the key as `stored` (after its scope), the form's
 * `path`, whether the outbox sent it, and the scope cookie to set (or null).
 */
type Post = { key: string; stored: string; path: string; fromOutbox: boolean; setCookie: string | null };

/** The cookies an answer to `post` carries: the scope cookie, and the outbox's word with its `outcome`. */
function cookiesFor(post: Post, outcome: "taken" | "refused"): string[] {
  const cookies = post.setCookie ? [post.setCookie] : [];
  if (post.fromOutbox) cookies.push(doneCookie(post.key, outcome));
  return cookies;
}

/** Claims `post` and runs the action, or answers a repeat (see answerOnce). */
async function takeOnce<A extends ActionFunctionArgs, R>(
  post: Post,
  args: A,
  action: (args: A) => Promise<R> | R,
): Promise<R | Response> {
  const db = await getDb();
  await forgetOldAnswers(db);
  const claimed = await db
    .insert(idempotent_posts)
    .values({ key: post.stored, path: post.path })
    .onConflictDoNothing()
    .returning({ key: idempotent_posts.key });
  if (claimed.length === 0) return repeatAnswer(post, args, action);

  let answer: R;
  try {
    answer = await action(args);
  } catch (thrown) {
    // A thrown answer (log in first, not found, an error) took nothing: the same submission may come again.
    await freeKey(post.stored, post.path);
    throw withCookies(thrown, cookiesFor(post, "refused"));
  }
  await keepAnswer(post.stored, post.path, answer);
  return withCookies(answer, cookiesFor(post, isRedirect(answer) ? "taken" : "refused")) as R | Response;
}

/** Keeps a returned redirect as the submission's answer; frees the key for any other outcome. */
async function keepAnswer(key: string, path: string, answer: unknown): Promise<void> {
  if (!isRedirect(answer)) return freeKey(key, path);
  const db = await getDb();
  await db
    .update(idempotent_posts)
    .set({ status: answer.status, location: answer.headers.get("Location"), toast_cookie: toastCookieOf(answer) })
    .where(claimOf(key, path));
}

/** True for a redirect Response (what an action answers when it took the post). */
function isRedirect(answer: unknown): answer is Response {
  return answer instanceof Response && answer.status >= 300 && answer.status < 400;
}

/** The row that claims a submission: its key as stored (after its scope) on the form's path. */
function claimOf(key: string, path: string) {
  return and(eq(idempotent_posts.key, key), eq(idempotent_posts.path, path));
}

/** Deletes the claim of a submission that was not taken. */
async function freeKey(key: string, path: string): Promise<void> {
  const db = await getDb();
  await db.delete(idempotent_posts).where(claimOf(key, path));
}

/**
 * Adds Set-Cookie headers to an action's answer: a Response, or Remix's `data()` (other answers are plain data: their
 * page is the result, seen by the outbox).
 */
function withCookies(answer: unknown, cookies: string[]): unknown {
  if (cookies.length === 0) return answer;
  if (answer instanceof Response) {
    // Remix's redirect Responses have mutable headers.
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    return answer;
  }
  if (answer && typeof answer === "object" && "init" in answer && (answer as { type?: string }).type === "DataWithResponseInit") {
    const init = (answer as { init: ResponseInit | null }).init ?? {};
    const headers = new Headers(init.headers);
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    (answer as { init: ResponseInit }).init = { ...init, headers };
  }
  return answer;
}

/** The second post of a submission: the kept answer, or (once the first was refused) the action again. */
async function repeatAnswer<A extends ActionFunctionArgs, R>(
  post: Post,
  args: A,
  action: (args: A) => Promise<R> | R,
): Promise<R | Response> {
  const db = await getDb();
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [row] = await db.select().from(idempotent_posts).where(claimOf(post.stored, post.path));
    if (!row) return takeOnce(post, args, action);
    if (row.status !== null)
      return withCookies(repeatedAnswer({ ...row, status: row.status }), cookiesFor(post, "taken")) as Response;
    if (Date.now() > deadline) {
      // The error page of 409 (common.json errorPage.409) says the form is still being handled.
      const t = await getT(args.request);
      throw new Response(JSON.stringify({ title: t(errorTextKey(409, "title")) }), {
        status: 409,
        headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "10" },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Rows kept, for the tests and the back office (count of submissions answered in the last day). */
export async function idempotentPostCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(idempotent_posts);
  return row?.n ?? 0;
}
