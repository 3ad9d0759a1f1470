import { and, count, countDistinct, eq, gte, inArray, isNull, min } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { recordAudit } from "~/platform/db/audit.server";
import { publicEstate } from "~/features/listings/public-estate.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import { transitionIn, type Actor } from "./moderation.server";
import { deleteReleasedPhotos } from "./post-photos.server";
import { smsOwner } from "./owner-texts.server";

/**
 * Reports of listings: one per user and public listing, grouped by listing
 * in the back office, where they are dismissed or the listing unpublished (post-review.server.ts moderatePost).
 * Reports act (docs/decisions/100-prices-held-owners-listings-reports-that-act.md): REPORTS_TO_HOLD open reports from
 * different accounts within REPORT_WINDOW_DAYS take a listing out of the results until a person looks at it.
 */

/** Open reports from different accounts that take a listing out of the results (decision 100). */
export const REPORTS_TO_HOLD = 3;
/** Within how many days those reports must come (decision 100). */
export const REPORT_WINDOW_DAYS = 7;

/**
 * Reports a public listing: one report per user and listing. The report that makes REPORTS_TO_HOLD open reports from
 * different accounts within REPORT_WINDOW_DAYS holds the listing (moderation's `hold`: back to review, out of every
 * result, audited with the system as actor) and tells its owner by SMS, in the same transaction as the report.
 * Returns "reported", "already" when the user reported it before, or "missing" when the listing is not public.
 */
export async function reportEstate(
  db: Db,
  userId: number,
  estateId: number,
  reasonId: number,
): Promise<"reported" | "already" | "missing"> {
  const [estate] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.id, estateId), publicEstate()));
  if (!estate) return "missing";
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.estate_reports)
      .values({ user_id: userId, estate_id: estateId, report_type_id: reasonId })
      .onConflictDoNothing()
      .returning({ id: s.estate_reports.id });
    if (!row) return { result: "already" as const, released: [] };
    const since = new Date(Date.now() - REPORT_WINDOW_DAYS * 86_400_000);
    const [open] = await tx
      .select({ accounts: countDistinct(s.estate_reports.user_id) })
      .from(s.estate_reports)
      .where(
        and(
          eq(s.estate_reports.estate_id, estateId),
          isNull(s.estate_reports.resolved_at),
          gte(s.estate_reports.created_at, since),
        ),
      );
    if (Number(open?.accounts ?? 0) < REPORTS_TO_HOLD) return { result: "reported" as const, released: [] };
    const [current] = await tx.select({ status: s.estates.status }).from(s.estates).where(eq(s.estates.id, estateId));
    if (current?.status !== "approved") return { result: "reported" as const, released: [] };
    const held = await transitionIn(tx, estateId, "hold", { id: null, admin: false }, { held: "reports" });
    if (held.owner) await smsOwner(tx, held.owner, "reportedHold", { number: held.stateId });
    return { result: "reported" as const, released: held.releasedImages };
  });
  await deleteReleasedPhotos(outcome.released);
  return outcome.result;
}

/** Whether a user already reported a listing. */
export async function hasReported(db: Db, userId: number, estateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.estate_reports.id })
    .from(s.estate_reports)
    .where(and(eq(s.estate_reports.user_id, userId), eq(s.estate_reports.estate_id, estateId)));
  return Boolean(row);
}

/** A listing with open reports, and how many of each reason. */
export type ReportGroup = {
  estateId: number;
  stateId: number;
  estateType: string;
  place: string;
  status: string;
  /** Taken out of the results by its reports until a person decides (decision 100). */
  held: boolean;
  /** The owner's language (ar or en; the page's for the staff's listings): the unpublish reasons are written in it. */
  ownerLang: string;
  total: number;
  reasons: { name: string; count: number }[];
  first: string;
};

/** Open reports grouped by listing, most reported first. */
export async function reportGroups(db: Db, locale: Locale): Promise<ReportGroup[]> {
  const lookups = await getLookups(db);
  const rows = await db
    .select({
      estateId: s.estate_reports.estate_id,
      reason: s.estate_reports.report_type_id,
      n: count(),
      first: min(s.estate_reports.created_at),
    })
    .from(s.estate_reports)
    .where(isNull(s.estate_reports.resolved_at))
    .groupBy(s.estate_reports.estate_id, s.estate_reports.report_type_id);
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.estateId))];
  const estates = await db
    .select({
      id: s.estates.id,
      state_id: s.estates.state_id,
      type: s.estates.estate_type_id,
      loc: s.estates.location_id,
      status: s.estates.status,
      held: s.estates.held_reason,
      lang: s.users.lang,
    })
    .from(s.estates)
    .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
    .where(inArray(s.estates.id, ids));
  const reasonNames = await db.select().from(s.report_reasons);
  const groups = new Map<number, ReportGroup>();
  for (const e of estates) {
    groups.set(e.id, {
      estateId: e.id,
      stateId: e.state_id,
      estateType: nameOf(lookups.byId.estateType.get(e.type), locale) ?? "",
      place: placeName(lookups, e.loc, locale),
      status: e.status,
      held: e.status === "pending" && e.held === "reports",
      ownerLang: e.lang ?? locale,
      total: 0,
      reasons: [],
      first: "",
    });
  }
  for (const r of rows) {
    const g = groups.get(r.estateId);
    if (!g) continue;
    g.total += r.n;
    const name = reasonNames.find((x) => x.id === r.reason);
    g.reasons.push({ name: (locale === "en" ? name?.name_en : name?.name_ar) ?? String(r.reason), count: r.n });
    const at = new Date(r.first as Date | string).toISOString();
    if (!g.first || at < g.first) g.first = at;
  }
  return [...groups.values()].sort((a, b) => b.total - a.total || a.first.localeCompare(b.first));
}

/** Dismisses a listing's open reports with an audit entry. Returns how many were closed. */
export async function dismissReports(db: Db, estateId: number, actor: Actor, note: string): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(s.estate_reports)
      .set({ resolved_at: new Date(), resolution: "dismissed" })
      .where(and(eq(s.estate_reports.estate_id, estateId), isNull(s.estate_reports.resolved_at)))
      .returning({ id: s.estate_reports.id });
    if (closed.length) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: "reports.dismiss",
        subjectType: "estate",
        subjectId: estateId,
        reason: note.trim() || null,
        details: { reports: closed.map((r) => r.id) },
      });
    }
    return closed.length;
  });
}
