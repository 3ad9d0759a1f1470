import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";

/**
 * The audit log of the back office: who did what to which record, when and why. Rows are only inserted;
 * the database refuses UPDATE, DELETE and TRUNCATE on `audit_log` (migration 0005), so nothing here edits them.
 */

/** What one audit entry records. `action` is a dotted name such as `estate.approve` or `user.suspend`. */
export type AuditEntry = {
  actorId: number | null;
  action: string;
  subjectType:
    | "estate"
    | "estate_edit"
    | "property_request"
    | "estate_report"
    | "user"
    | "article"
    | "office"
    | "lead"
    | "message"
    | "exchange_rate";
  subjectId: number;
  reason?: string | null;
  details?: Record<string, unknown> | null;
};

/**
 * Appends one entry. Pass the transaction (`tx`) of the change it records, so the change and its entry are
 * committed together or not at all.
 */
export async function recordAudit(db: Pick<Db, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(s.audit_log).values({
    actor_id: entry.actorId,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
}

/** One row of the audit page, with the actor's name and phone. */
export type AuditRow = {
  id: number;
  at: string;
  actor: string | null;
  action: string;
  subjectType: string;
  subjectId: number;
  reason: string | null;
  details: Record<string, unknown> | null;
};

/** Entries shown per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The newest entries first, AUDIT_PAGE_SIZE at a time: `before` is the id of the last entry of the previous page.
 * Optionally only the entries of one subject (`subjectType` + `subjectId`).
 */
export async function listAudit(
  db: Db,
  options: { before?: number; subjectType?: string; subjectId?: number } = {},
): Promise<AuditRow[]> {
  const conditions = [
    options.before ? lt(s.audit_log.id, options.before) : undefined,
    options.subjectType && options.subjectId
      ? and(eq(s.audit_log.subject_type, options.subjectType), eq(s.audit_log.subject_id, options.subjectId))
      : undefined,
  ].filter(Boolean);
  const rows = await db
    .select({
      id: s.audit_log.id,
      at: s.audit_log.created_at,
      first: s.users.first_name,
      last: s.users.last_name,
      phone: s.users.phone,
      status: s.users.status,
      actorId: s.audit_log.actor_id,
      action: s.audit_log.action,
      subjectType: s.audit_log.subject_type,
      subjectId: s.audit_log.subject_id,
      reason: s.audit_log.reason,
      details: s.audit_log.details,
    })
    .from(s.audit_log)
    .leftJoin(s.users, eq(s.users.id, s.audit_log.actor_id))
    .where(conditions.length ? and(...conditions) : sql`true`)
    .orderBy(desc(s.audit_log.id))
    .limit(AUDIT_PAGE_SIZE);
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    // A deleted account (decision 092) is named by its id alone, the pseudonym the log keeps.
    actor: r.status === "deleted" ? `#${r.actorId}` : r.phone ? `${r.first} ${r.last} (${r.phone})` : null,
    action: r.action,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    reason: r.reason,
    details: r.details ?? null,
  }));
}
