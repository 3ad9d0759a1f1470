import { and, eq, or } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { hashPassword } from "~/features/accounts/password.server";
import { toE164 } from "~/features/accounts/phone.server";
import { spendPasswordResets } from "./user.server";

/**
 * The admin accounts that exist without the back office (docs/decisions/010): the operator's first
 * admin (ADMIN_PHONE and ADMIN_PASSWORD at start), the demo data's admin (made with the demo data, never on a public
 * site: docs/decisions/049), and the role given from the command line (`npm run admin:grant`).
 */

/**
 * What follows a change of an account's status in its transaction, given by the caller (server/database.ts): the
 * account's listings leave or join their groups of duplicates (decision 103), a feature above this one
 * (docs/decisions/065-a-house-by-feature.md).
 */
export type StatusChanged = (tx: Tx, userId: number) => Promise<void>;

/**
 * Makes sure the operator's first admin exists: the account of `phone` (E.164) is created or
 * updated with this password, made active and given the admin role, in one transaction; `statusChanged` runs in it
 * when an existing account that was not active is made active (its listings are public again). Called at start when
 * ADMIN_PHONE and ADMIN_PASSWORD are set. Returns the user id. Throws when the phone is not a valid E.164 number.
 */
export async function ensureAdmin(db: Db, phone: string, password: string, statusChanged?: StatusChanged): Promise<number> {
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) throw new Error("ADMIN_PHONE must be an E.164 number like +963944123456");
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: s.users.status }).from(s.users).where(eq(s.users.phone, phone));
    const [row] = await tx
      .insert(s.users)
      .values({
        first_name: "Admin",
        last_name: "Aqar",
        phone,
        password_hash,
        status: "active",
        role: "admin",
        activated_at: new Date(),
      })
      .onConflictDoUpdate({ target: s.users.phone, set: { password_hash, status: "active", role: "admin" } })
      .returning({ id: s.users.id });
    if (before && before.status !== "active") await statusChanged?.(tx, row.id);
    return row.id;
  });
}

/**
 * The demo data's admin, whose credentials the README gives. Made
 * when the demo data is seeded, unless the site is public (PUBLIC_URL not on a loopback name); there the operator's
 * ADMIN_PHONE and ADMIN_PASSWORD are the way in (docs/decisions/010, docs/decisions/049). Its number is one reserved
 * for fiction, like every number of the demo data (docs/decisions/079): typed as `nationalPhone` with the phone
 * field's country `country`.
 */
export const DEMO_ADMIN = {
  phone: "+12025550100",
  country: "US",
  nationalPhone: "202 555 0100",
  password: "demo-admin-2026",
} as const;

/** Creates the demo admin when no account has its number yet (an existing one is left as it is). Returns its id or null. */
export async function ensureDemoAdmin(db: Db): Promise<number | null> {
  const [existing] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
  if (existing) return null;
  const password_hash = await hashPassword(DEMO_ADMIN.password);
  const [row] = await db
    .insert(s.users)
    .values({
      first_name: "Demo",
      last_name: "Admin",
      phone: DEMO_ADMIN.phone,
      password_hash,
      status: "active",
      role: "admin",
      activated_at: new Date(),
    })
    .onConflictDoNothing({ target: s.users.phone })
    .returning({ id: s.users.id });
  return row?.id ?? null;
}

/**
 * What became of the demo admin at a start or a seeding (settleDemoAdmin): `ready` (it exists with its known
 * password: say how to log in), `skipped` (the demo data was seeded on a public site without it), `empty` (a new
 * database started without demo data and without ADMIN_PHONE: no account at all, say how to make the first admin;
 * server/database.ts), or null (nothing to say: no demo data was seeded now).
 */
export type DemoAdminOutcome = "ready" | "skipped" | "empty" | null;

/**
 * The demo admin tied to the demo data (docs/decisions/049): on a public site (`publicSite`, see isPublicSite in
 * platform/config/env.server.ts) it is retired (retireDemoAdmin) whatever else happened, and `skipped` is answered when the
 * demo data was seeded now; otherwise, when the demo data was seeded now (`seededDemo`), it is made (ensureDemoAdmin;
 * an account already on its number is left as it is) and `ready` is answered. A database not seeded with the demo
 * data now gets no account. Database errors propagate.
 */
export async function settleDemoAdmin(
  db: Db,
  options: { seededDemo: boolean; publicSite: boolean; statusChanged?: StatusChanged },
): Promise<DemoAdminOutcome> {
  if (options.publicSite) {
    await retireDemoAdmin(db, options.statusChanged);
    return options.seededDemo ? "skipped" : null;
  }
  if (!options.seededDemo) return null;
  await ensureDemoAdmin(db);
  return "ready";
}

/**
 * What to print about the demo admin after a start or a seeding (docs/decisions/049), for the operator (English, like
 * every log line): for `ready`, how to log in at `site` (an origin); for `skipped`, that no account with a known
 * password was made and how to make the first admin; for `empty`, that the site starts without demo data and how to
 * make the first admin; null for null.
 */
export function demoAdminNotice(outcome: DemoAdminOutcome, site: string): string | null {
  if (outcome === "ready")
    return (
      `demo admin: log in at ${new URL("/login", site).href} with the country United States, number ` +
      `${DEMO_ADMIN.nationalPhone} and password ${DEMO_ADMIN.password} (made with the demo data; its number, like ` +
      `every demo number, is reserved for fiction; a site whose PUBLIC_URL is public never has it)`
    );
  if (outcome === "empty")
    return (
      "new database without demo data (DEMO_DATA is off; docs/production.md): the places are in, no account exists. Set " +
      "ADMIN_PHONE (E.164, e.g. +963944123456) and ADMIN_PASSWORD (8 characters or more) and start again to make the " +
      "first admin"
    );
  if (outcome === "skipped")
    return (
      "demo data seeded without the demo admin: PUBLIC_URL is a public origin, so no account with a known password is " +
      "made. Set ADMIN_PHONE (E.164, e.g. +963944123456) and ADMIN_PASSWORD (8 characters or more) and start again to " +
      "make the first admin, or give an existing account the role with npm run admin:grant -- +963944123456"
    );
  return null;
}

/**
 * On a public site the demo admin's public password must open nothing: an account with its number (left from a
 * database once started outside production) loses the admin role, is suspended and logged out; `statusChanged` runs in
 * the same transaction when it was active (its listings leave the site). Returns whether one was.
 */
export async function retireDemoAdmin(db: Db, statusChanged?: StatusChanged): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: s.users.status }).from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
    const [u] = await tx
      .update(s.users)
      .set({ role: "user", status: "suspended", suspended_reason: "demo account", suspended_at: new Date() })
      .where(and(eq(s.users.phone, DEMO_ADMIN.phone), or(eq(s.users.role, "admin"), eq(s.users.status, "active"))))
      .returning({ id: s.users.id });
    if (!u) return false;
    await tx.delete(s.sessions).where(eq(s.sessions.user_id, u.id));
    await spendPasswordResets(tx, u.id);
    if (before?.status === "active") await statusChanged?.(tx, u.id);
    return true;
  });
}

/**
 * Gives an existing account the admin role (`npm run admin:grant -- +963…`). The number may be typed in E.164 or
 * nationally for Syria. Returns the user id, or null when no account has that number.
 */
export async function grantAdmin(db: Db, typed: string): Promise<number | null> {
  const phone = typed.startsWith("+") ? typed.replace(/[\s-]/g, "") : toE164("SY", typed);
  if (!phone) return null;
  const [row] = await db.update(s.users).set({ role: "admin" }).where(eq(s.users.phone, phone)).returning({ id: s.users.id });
  return row?.id ?? null;
}
