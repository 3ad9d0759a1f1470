import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "~/utils/env.server";

/**
 * The session secret: SESSION_SECRET, or (when it is not set) a random secret made once and kept in
 * `${DATA_DIR}/session-secret` so restarts keep sessions (docs/decisions/004-session-secret.md).
 */
function sessionSecret(): string {
  const env = getEnv();
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

const env = getEnv();

/** The signed, HttpOnly, SameSite=Lax session cookie (architecture 7); Secure when served over https. */
export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [sessionSecret()],
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** Flash toasts kept in the signed session (remix-toast on our own session storage). */
export const { getToast, redirectWithSuccess, redirectWithError, redirectWithInfo, jsonWithError, jsonWithSuccess } =
  createToastUtilsWithCustomSession(sessionStorage);
