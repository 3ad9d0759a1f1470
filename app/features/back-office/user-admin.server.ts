import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { plainText } from "~/features/posts/moderation-forms";
import { smsOwner } from "~/features/posts/owner-texts.server";
import { recordAudit } from "~/platform/db/audit.server";
import type { Actor } from "~/features/posts/moderation.server";
import { spendPasswordResets } from "~/features/accounts/user.server";
import { regroupAdvertiser } from "~/features/posts/duplicates.server";

/**
 * Accounts in the back office: finding them by phone or name, suspending one with a reason (every
 * session ends, its posts leave the public pages) and lifting a suspension. The account itself, its sessions and
 * codes are user.server.ts.
 */

/** An account as the back office lists it. */
export type AccountRow = {
  id: number;
  name: string;
  phone: string;
  status: string;
  role: string;
  suspendedReason: string | null;
  posts: number;
  created: string;
};

/** Accounts whose phone or name contains `q`, newest first, at most 50. */
export async function findAccounts(db: Db, q: string): Promise<AccountRow[]> {
  const term = plainText(q, 50).trim();
  const digits = term.replace(/[^\d+]/g, "");
  const like = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const conditions = term
    ? or(
        ilike(s.users.first_name, like),
        ilike(s.users.last_name, like),
        ilike(sql`${s.users.first_name} || ' ' || ${s.users.last_name}`, like),
        digits.replace("+", "").length >= 3 ? ilike(s.users.phone, `%${digits.replace(/^0+/, "").replace("+", "")}%`) : undefined,
      )
    : undefined;
  const rows = await db
    .select({
      u: s.users,
      // Written out with an alias: inside a one-table select drizzle leaves column names unqualified.
      posts: sql<number>`(select count(*) from "estates" e where e.user_id = "users"."id")`.mapWith(Number),
    })
    .from(s.users)
    .where(conditions)
    .orderBy(desc(s.users.id))
    .limit(50);
  return rows.map(({ u, posts }) => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`,
    phone: u.phone,
    status: u.status,
    role: u.role,
    suspendedReason: u.suspended_reason,
    posts,
    created: u.created_at.toISOString(),
  }));
}

/**
 * Suspends an account: status suspended with the reason, every session deleted (it is logged
 * out everywhere at once), every unused password-reset link spent, its posts leave the public pages (publicEstate checks the owner's status)
 * and their groups of duplicates, whose other listings show (regroupAdvertiser, decision 103), audit entry and SMS, one
 * transaction. Returns false when there is no such active account or it is the actor's own.
 */
export async function suspendAccount(db: Db, userId: number, actor: Actor, reason: string): Promise<boolean> {
  reason = plainText(reason, 500);
  if (userId === actor.id || !reason.trim()) return false;
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(s.users)
      .set({ status: "suspended", suspended_reason: reason.trim(), suspended_at: new Date() })
      .where(and(eq(s.users.id, userId), eq(s.users.status, "active")))
      .returning({ id: s.users.id, phone: s.users.phone, lang: s.users.lang });
    if (!u) return false;
    await tx.delete(s.sessions).where(eq(s.sessions.user_id, userId));
    // Its password-reset links are spent too: lifting the suspension must not bring them back.
    await spendPasswordResets(tx, userId);
    await regroupAdvertiser(tx, { user_id: userId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.suspend",
      subjectType: "user",
      subjectId: userId,
      reason: reason.trim(),
    });
    await smsOwner(tx, u, "suspended", { reason: reason.trim() });
    return true;
  });
}

/**
 * Lifts a suspension: active again, posts public again and back in their groups of duplicates (regroupAdvertiser,
 * decision 103), audit entry, one transaction. False when not suspended.
 */
export async function liftSuspension(db: Db, userId: number, actor: Actor, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(s.users)
      .set({ status: "active", suspended_reason: null, suspended_at: null })
      .where(and(eq(s.users.id, userId), eq(s.users.status, "suspended")))
      .returning({ id: s.users.id });
    if (!u) return false;
    await regroupAdvertiser(tx, { user_id: userId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.lift",
      subjectType: "user",
      subjectId: userId,
      reason: note.trim() || null,
    });
    return true;
  });
}
