import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Actor } from "~/features/posts/moderation.server";
import { createSession } from "~/features/accounts/user.server";
import { hashPassword } from "~/features/accounts/password.server";
import { sessionStorage } from "~/platform/http/session.server";
import { CookieJar } from "./remix";

let seq = 0;

/** What `account()` may be told; everything has a default. */
export type AccountOptions = {
  role?: "user" | "admin";
  status?: s.UserStatus;
  first?: string;
  last?: string;
  /** The number in E.164; by default a fresh Syrian mobile number (+963933…) nobody in the file has. */
  phone?: string;
  lang?: "ar" | "en";
  /** A password hashed for real (argon2id); without it the account has a placeholder hash nothing logs in with. */
  password?: string;
  /** Whether to open a login session (`cookie`); true unless told. */
  loggedIn?: boolean;
};

/**
 * The one account fixture of the tests: a row of `users` made straight in the database (active, role "user", named
 * Rami Haddad, language ar, unless `options` say otherwise), with `typed` (its number as a person types it, with the
 * trunk 0, for the login form), `cookie` (the Cookie header of a logged-in session, "" when `loggedIn` is false) and
 * `actor` (the moderation actor of the account). Each call gets a new number unless `phone` is given.
 */
export async function account(db: Db, options: AccountOptions = {}) {
  const n = ++seq;
  const national = `933${String(100000 + n)}`;
  const role = options.role ?? "user";
  const [user] = await db
    .insert(s.users)
    .values({
      first_name: options.first ?? "Rami",
      last_name: options.last ?? "Haddad",
      phone: options.phone ?? `+963${national}`,
      password_hash: options.password === undefined ? "x" : await hashPassword(options.password),
      status: options.status ?? "active",
      role,
      lang: options.lang ?? "ar",
    })
    .returning();
  let cookie = "";
  if (options.loggedIn !== false) {
    const session = await sessionStorage.getSession();
    session.set("token", await createSession(db, user.id));
    cookie = new CookieJar().store(new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) })).header();
  }
  const actor: Actor = { id: user.id, admin: role === "admin" };
  return { user, typed: options.phone === undefined ? `0${national}` : options.phone, cookie, actor };
}

/** An account made by `account()`. */
export type Account = Awaited<ReturnType<typeof account>>;
