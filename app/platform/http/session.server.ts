import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "~/platform/config/env.server";

/** The shortest secret that may sign cookies, for SESSION_SECRET and the generated file alike (decision 004). */
export const SESSION_SECRET_MIN = 32;

/**
 * The session secret: SESSION_SECRET, or (when it is not set) a random secret made once and kept in
 * `${DATA_DIR}/session-secret` so restarts keep sessions (docs/decisions/004-session-secret.md).
 */
let secret: string | undefined;
export function sessionSecret(): string {
  secret ??= readOrMakeSecret();
  return secret;
}

function readOrMakeSecret(): string {
  const env = getEnv();
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  return secretFromFile(path.join(env.dataDir, "session-secret"));
}

/**
 * The secret kept in `file` (trimmed). A missing file, or one whose secret is shorter than SESSION_SECRET_MIN
 * characters (blank, cut short, edited by hand), gets a new random 256-bit secret (64 hex characters, mode 0600): an
 * empty or short key must never sign cookies. Replacing a short one logs out everyone, which the server
 * says on standard error. Errors other than a missing file (permissions, a full disk) propagate: the server does not
 * start. Source: docs/decisions/004-session-secret.md.
 */
export function secretFromFile(file: string): string {
  let kept: string | null = null;
  try {
    kept = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (kept !== null && kept.length >= SESSION_SECRET_MIN) return kept;
  if (kept !== null) {
    process.stderr.write(
      `[session] ${file} held a secret shorter than ${SESSION_SECRET_MIN} characters: replaced with a new random one (everyone is logged out)\n`,
    );
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const made = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, made, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return made;
}

const env = getEnv();

/**
 * Whether the cookies that hold a secret (the session, the toast, the outbox's scope) are `Secure`: in production and
 * whenever the public address is https, whatever the scheme a proxy in front used.
 */
export const SECURE_COOKIES = env.NODE_ENV === "production" || (env.PUBLIC_URL?.startsWith("https://") ?? false);

const cookieOptions = {
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: SECURE_COOKIES,
  secrets: [sessionSecret()],
};

/**
 * The signed, HttpOnly, SameSite=Lax session cookie; Secure when served over https. It carries the
 * opaque login token (`token`), the captcha's answer hash (`captcha`), the pending registration (`pending`) and the
 * number change waiting for its code (`newPhone`).
 */
export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: { ...cookieOptions, name: "__session", maxAge: 60 * 60 * 24 * 30 },
});

/** What the session cookie may hold. */
export type SessionData = {
  /** The login token; its SHA-256 is a row of `sessions`. */
  token: string;
  /** The current captcha: its id, the keyed hash of its answer, when it was drawn (single-use, see spendCaptcha). */
  captcha: { id: string; hash: string; at: number };
  /**
   * This browser's sign-up waiting for its SMS code: a row of `registrations`, and the local
   * path to go to once the code is confirmed (`redirectTo`, from /login?tab=2&redirectTo=…; a draft's link).
   */
  pending: { phone: string; registration: number; redirectTo?: string };
  /** The number a logged-in account (`user`) asked to change to, waiting for its SMS code (decision 092). */
  newPhone: { user: number; phone: string };
};

/**
 * Flash toasts live in a cookie of their own (`__toast`, signed the same way): remix-toast writes a fresh session
 * for every toast, which must not wipe the login token.
 */
export const toastStorage = createCookieSessionStorage({ cookie: { ...cookieOptions, name: "__toast" } });

/** Flash toasts (remix-toast on our own signed cookie). */
export const { getToast, redirectWithSuccess, redirectWithError, redirectWithInfo, jsonWithError, jsonWithSuccess } =
  createToastUtilsWithCustomSession(toastStorage);

/** The session of a request (an empty one when the cookie is missing, forged or expired). */
export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/**
 * Whether a Cookie header carries a login: a session cookie signed with our secret that holds a login token (whether
 * the token is still valid is the database's to say; a captcha or a pending sign-up alone is not a login). No
 * database query: the HTTP layer asks it before every page it renders (decision 045).
 */
export async function carriesLogin(cookieHeader: string | undefined): Promise<boolean> {
  return (await loginTokenOf(cookieHeader)) !== null;
}

/**
 * The login token a request's signed session cookie holds, or null (carriesLogin's rules; no database query): the
 * render pool's fair queue counts a logged-in user by it rather than by the address they share (decision 077).
 */
export async function loginTokenOf(cookieHeader: string | undefined): Promise<string | null> {
  if (!cookieHeader?.includes("__session=")) return null;
  const token: unknown = (await sessionStorage.getSession(cookieHeader)).get("token");
  return typeof token === "string" && token !== "" ? token : null;
}

/** HMAC-SHA256 (hex) of a value under the session secret: how SMS codes and captcha answers are stored. */
export function keyedHash(value: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(value).digest("hex");
}
