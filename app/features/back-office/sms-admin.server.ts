import { and, count, desc, eq, gte, like, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { sms_messages, type SmsState } from "~/platform/db/schema";
import { plainText } from "~/features/posts/moderation-forms";

/**
 * Outgoing SMS as the back office sees them (/admin/sms; decision 051): every message's life, newest first,
 * found by number and state.
 */

/** Messages per page of /admin/sms. */
export const SMS_PAGE_SIZE = 50;

/**
 * One outgoing SMS: number (E.164), kind and purpose, state, provider and part count once sent, the reason of a
 * failure, dates (ISO times), and its text (null once a code was handed over: codes are kept only hashed).
 */
export type SmsRow = {
  id: number;
  phone: string;
  kind: "code" | "bulk";
  purpose: string;
  state: SmsState;
  provider: string | null;
  parts: number | null;
  error: string | null;
  body: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
};

/**
 * Page `page` (from 1) of outgoing SMS, newest first: those whose number holds the digits of `q` (at least 3; a
 * leading 0 or + is ignored, so 0944… finds +963944…) and, when given, in `state`. Returns the rows, the total and
 * the page count (at least 1).
 */
export async function listSms(
  db: Db,
  filter: { q: string; state: SmsState | null; page: number },
): Promise<{ items: SmsRow[]; total: number; page: number; pageCount: number }> {
  const digits = plainText(filter.q, 30).replace(/\D/g, "").replace(/^0+/, "");
  const conditions: SQL[] = [];
  if (digits.length >= 3) conditions.push(like(sms_messages.phone, `%${digits}%`));
  if (filter.state) conditions.push(eq(sms_messages.state, filter.state));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(sms_messages)
      .where(where)
      .orderBy(desc(sms_messages.created_at), desc(sms_messages.id))
      .limit(SMS_PAGE_SIZE)
      .offset((filter.page - 1) * SMS_PAGE_SIZE),
    db.select({ n: count() }).from(sms_messages).where(where),
  ]);
  const total = Number(n);
  return {
    items: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      kind: r.kind,
      purpose: r.purpose,
      state: r.state,
      provider: r.provider,
      parts: r.parts,
      error: r.error,
      body: r.body,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
      deliveredAt: r.delivered_at?.toISOString() ?? null,
    })),
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / SMS_PAGE_SIZE)),
  };
}

/** The window of smsFigures, in milliseconds: a day, so the count is read from the newest rows (by created_at). */
export const SMS_FIGURES_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Outgoing SMS of the last day (SMS_FIGURES_WINDOW_MS, by `created_at`) by provider and state, for the metrics
 * listener (docs/decisions/061-readiness-metrics-deploy-cluster-test.md): `provider` is "" for a message no provider
 * took yet (queued, or failed before one did).
 */
export async function smsFigures(db: Db, at = new Date()): Promise<{ provider: string; state: SmsState; messages: number }[]> {
  const rows = await db
    .select({ provider: sms_messages.provider, state: sms_messages.state, n: count() })
    .from(sms_messages)
    .where(gte(sms_messages.created_at, new Date(at.getTime() - SMS_FIGURES_WINDOW_MS)))
    .groupBy(sms_messages.provider, sms_messages.state)
    .orderBy(sms_messages.provider, sms_messages.state);
  return rows.map((row) => ({ provider: row.provider ?? "", state: row.state, messages: Number(row.n) }));
}
