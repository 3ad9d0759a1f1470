import { and, asc, count, desc, eq, ilike, inArray, isNull, min, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { hashPassword } from "~/services/password.server";
import { toE164 } from "~/services/phone.server";
import { getLocaleT } from "~/services/i18n.server";
import { getSmsSender } from "~/services/sms.server";
import { toLocale, type Locale } from "~/i18n";
import { imageUrl } from "~/services/images.server";
import { formatNumber } from "~/utils/format";
import { CONTROL_CHARS } from "~/forms/posts";
import { bidiError } from "~/forms/text";
import { recordAudit } from "./audit.server";
import { getLookups, nameOf, placeName } from "./lookups.server";
import type { RequestItem } from "./post.server";
import { postVersion, transition, type Actor, type PostAction, type PostState, type TransitionResult, type Tx } from "./moderation.server";
import { spendPasswordResets } from "./user.server";

/** The moderation promise of the policy text (spec 1): posts are reviewed within 24 hours (milliseconds). */
export const REVIEW_PROMISE_MS = 24 * 60 * 60 * 1000;

/**
 * Makes sure the operator's first admin exists (issue 5, Admins): the account of `phone` (E.164) is created or
 * updated with this password, made active and given the admin role. Called at start when ADMIN_PHONE and
 * ADMIN_PASSWORD are set. Returns the user id. Throws when the phone is not a valid E.164 number.
 */
export async function ensureAdmin(db: Db, phone: string, password: string): Promise<number> {
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) throw new Error("ADMIN_PHONE must be an E.164 number like +963944123456");
  const password_hash = await hashPassword(password);
  const [row] = await db
    .insert(s.users)
    .values({ first_name: "Admin", last_name: "Aqar", phone, password_hash, status: "active", role: "admin", activated_at: new Date() })
    .onConflictDoUpdate({ target: s.users.phone, set: { password_hash, status: "active", role: "admin" } })
    .returning({ id: s.users.id });
  return row.id;
}

/**
 * The demo data's admin (issue 5: "the demo data includes a demo admin whose credentials the README gives"). Made
 * with the demo data outside production only; in production the operator's ADMIN_PHONE and ADMIN_PASSWORD are the
 * way in (docs/decisions/010-moderation-and-back-office.md).
 */
export const DEMO_ADMIN = { phone: "+963944000100", nationalPhone: "0944 000 100", password: "demo-admin-2026" } as const;

/** Creates the demo admin when no account has its number yet (an existing one is left as it is). Returns its id or null. */
export async function ensureDemoAdmin(db: Db): Promise<number | null> {
  const [existing] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.phone, DEMO_ADMIN.phone));
  if (existing) return null;
  const password_hash = await hashPassword(DEMO_ADMIN.password);
  const [row] = await db
    .insert(s.users)
    .values({ first_name: "Demo", last_name: "Admin", phone: DEMO_ADMIN.phone, password_hash, status: "active", role: "admin", activated_at: new Date() })
    .onConflictDoNothing({ target: s.users.phone })
    .returning({ id: s.users.id });
  return row?.id ?? null;
}

/**
 * In production the demo admin's public password must open nothing: an account with its number (left from a
 * database once started outside production) loses the admin role, is suspended and logged out. Returns whether one was.
 */
export async function retireDemoAdmin(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(s.users)
      .set({ role: "user", status: "suspended", suspended_reason: "demo account", suspended_at: new Date() })
      .where(and(eq(s.users.phone, DEMO_ADMIN.phone), or(eq(s.users.role, "admin"), eq(s.users.status, "active"))))
      .returning({ id: s.users.id });
    if (!u) return false;
    await tx.delete(s.sessions).where(eq(s.sessions.user_id, u.id));
    await spendPasswordResets(tx, u.id);
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

/** What the back office's dashboard counts (issue 5, Dashboard). `oldestPending` is the oldest waiting post, edit or request. */
export type Dashboard = {
  pendingOffers: number;
  pendingRequests: number;
  openReports: number;
  leads: number;
  oldestPending: Date | null;
};

/**
 * The dashboard's counts: posts and edits waiting for review, pending property requests, listings with open
 * reports, leads not yet handled (offers sent by visitors, which stay with the office staff), and the oldest
 * waiting item's time.
 */
export async function dashboard(db: Db): Promise<Dashboard> {
  const pendingEdit = eq(s.estate_edits.status, "pending");
  const [[posts], [edits], [leads], [requests], [reports], [oldestPost], [oldestEdit], [oldestRequest]] = await Promise.all([
    db.select({ n: count() }).from(s.estates).where(eq(s.estates.status, "pending")),
    db.select({ n: count() }).from(s.estate_edits).where(pendingEdit),
    db.select({ n: count() }).from(s.estate_offers).where(and(isNull(s.estate_offers.user_id), isNull(s.estate_offers.handled_at))),
    db.select({ n: count() }).from(s.property_requests).where(eq(s.property_requests.status, "pending")),
    db.select({ n: sql<number>`count(distinct ${s.estate_reports.estate_id})`.mapWith(Number) }).from(s.estate_reports).where(isNull(s.estate_reports.resolved_at)),
    db.select({ at: min(s.estates.submitted_at) }).from(s.estates).where(eq(s.estates.status, "pending")),
    db.select({ at: min(s.estate_edits.created_at) }).from(s.estate_edits).where(pendingEdit),
    db.select({ at: min(s.property_requests.created_at) }).from(s.property_requests).where(eq(s.property_requests.status, "pending")),
  ]);
  const times = [oldestPost.at, oldestEdit.at, oldestRequest.at]
    .filter((d) => d !== null && d !== undefined)
    .map((d) => new Date(d as Date | string))
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    pendingOffers: posts.n + edits.n,
    pendingRequests: requests.n,
    openReports: reports.n,
    leads: leads.n,
    oldestPending: times[0] ?? null,
  };
}

/** A plain translate function in a user's language (ar or en). */
async function textsIn(lang: string): Promise<(key: string, values?: Record<string, string | number>) => string> {
  const t = await getLocaleT(toLocale(lang));
  return (key, values) => t(key as never, values as never) as unknown as string;
}

/** The common reasons of a rejection or unpublishing (issue 5, Queues), as keys of admin.json `reasons`. */
export const REJECT_REASONS = ["photos", "price", "details", "duplicate", "rules", "other"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * The reason an owner reads, in the owner's language (issue 5: "a list of common reasons plus free text, in the
 * owner's language"): the chosen common reason's text, then the admin's free text. `other` needs the free text.
 * Returns null when nothing usable was given.
 */
export async function composeReason(reason: string | null, freeText: string, ownerLang: string): Promise<string | null> {
  const t = await textsIn(ownerLang);
  const known = (REJECT_REASONS as readonly string[]).includes(reason ?? "") && reason !== "other" ? t(`admin:reasons.${reason}`) : null;
  const extra = freeText.trim().slice(0, 500);
  if (!known && !extra) return null;
  return [known, extra].filter(Boolean).join(known && extra ? ": " : "");
}

/** The common reasons in a language (ar or en), for the reason fields of the back office's forms. */
export async function reasonChoices(lang: string): Promise<{ code: string; text: string }[]> {
  const t = await textsIn(lang);
  return REJECT_REASONS.map((code) => ({ code, text: t(`admin:reasons.${code}`) }));
}

/**
 * Reads the reason fields of a back-office form: the common reason's code, the free text, and the free text's error
 * (a forms.json key: "forms:errors.bidiChars" when it holds bidirectional controls, issue 9), or null.
 */
export function reasonOf(form: FormData): { code: string | null; text: string; error: string | null } {
  const code = String(form.get("reason") ?? "");
  const text = plainText(form.get("reason_text"), 500);
  return { code: (REJECT_REASONS as readonly string[]).includes(code) ? code : null, text, error: bidiError(text) };
}

/** A typed text without control characters (PostgreSQL refuses NUL), cut to `max` characters. */
export function plainText(value: FormDataEntryValue | string | null, max: number): string {
  return (typeof value === "string" ? value : "").replace(new RegExp(CONTROL_CHARS.source, "g"), "").slice(0, max);
}

/** Sends the owner an SMS in their language (issue 5): `key` of admin.json `sms` with `values`. Runs in `tx`. */
export async function smsOwner(tx: Tx, owner: { phone: string; lang: string }, key: string, values: Record<string, string | number>): Promise<void> {
  const t = await textsIn(owner.lang);
  await getSmsSender().send(tx as unknown as Db, { phone: owner.phone, body: t(`admin:sms.${key}`, { brand: t("brand"), ...values }) });
}

/** One item of the posts queue: a new or resubmitted post, or an edit of an approved one. */
export type QueueItem = {
  kind: "post" | "edit";
  estateId: number;
  stateId: number;
  estateType: string;
  place: string;
  owner: string;
  /** ISO time the review started. */
  since: string;
  late: boolean;
};

/** Pending posts and edits, oldest first (issue 5, Queues). */
export async function postQueue(db: Db, locale: Locale): Promise<QueueItem[]> {
  const lookups = await getLookups(db);
  const [posts, edits] = await Promise.all([
    db
      .select({ id: s.estates.id, state_id: s.estates.state_id, type: s.estates.estate_type_id, loc: s.estates.location_id, since: s.estates.submitted_at, first: s.users.first_name, last: s.users.last_name })
      .from(s.estates)
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .where(eq(s.estates.status, "pending"))
      .orderBy(asc(s.estates.submitted_at))
      .limit(200),
    db
      .select({ id: s.estates.id, state_id: s.estates.state_id, type: s.estates.estate_type_id, loc: s.estates.location_id, since: s.estate_edits.created_at, first: s.users.first_name, last: s.users.last_name })
      .from(s.estate_edits)
      .innerJoin(s.estates, eq(s.estates.id, s.estate_edits.estate_id))
      .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
      .where(and(eq(s.estate_edits.status, "pending"), eq(s.estates.status, "approved")))
      .orderBy(asc(s.estate_edits.created_at))
      .limit(200),
  ]);
  const now = Date.now();
  return [
    ...posts.map((p) => ({ ...p, kind: "post" as const })),
    ...edits.map((p) => ({ ...p, kind: "edit" as const })),
  ]
    .map((p) => ({
      kind: p.kind,
      estateId: p.id,
      stateId: p.state_id,
      estateType: nameOf(lookups.byId.estateType.get(p.type), locale) ?? "",
      place: placeName(lookups, p.loc, locale),
      owner: p.first ? `${p.first} ${p.last}` : "",
      since: new Date(p.since).toISOString(),
      late: now - new Date(p.since).getTime() > REVIEW_PROMISE_MS,
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

/** Everything the owner entered, for one review (issue 5, Queues): the listing, its photos and any pending edit. */
export type PostReview = {
  estateId: number;
  stateId: number;
  status: string;
  state: PostState;
  owner: { id: number; name: string; phone: string; lang: string; status: string } | null;
  contactName: string | null;
  phone: string | null;
  offerType: string;
  estateType: string;
  place: string;
  facts: { key: string; value: string }[];
  description: string | null;
  photos: string[];
  rejectReason: string | null;
  since: string;
  edit: { facts: { key: string; value: string }[]; description: string | null; photos: string[]; since: string } | null;
  /** What the decision forms send back (postVersion), so a post changed since the page was opened is not decided. */
  version: string;
};

/** One post for review, or null when there is no listing with that id. */
export async function postReview(db: Db, estateId: number, locale: Locale): Promise<PostReview | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e) return null;
  const lookups = await getLookups(db);
  const [owner] = e.user_id
    ? await db.select().from(s.users).where(eq(s.users.id, e.user_id))
    : [];
  const [edit] = await db
    .select()
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  const images = await db
    .select({ file: s.estate_images.file })
    .from(s.estate_images)
    .where(eq(s.estate_images.estate_id, estateId))
    .orderBy(asc(s.estate_images.index));
  const t = await textsIn(locale);
  const finishing = (id: number | null) => (id ? (nameOf(lookups.byId.interiorStatus.get(id), locale) ?? "") : "");
  const factsOf = (f: { price: number | null; currency: string; negotiable: boolean; furnished: boolean; rooms_count: number | null; floor: number | null; area: number; interior_status_id: number | null }) => [
    { key: "price", value: f.price === null ? "" : `${formatNumber(f.price)} ${t(f.currency === "USD" ? "card.currencyUSD" : "card.currency")}` },
    { key: "negotiable", value: f.negotiable ? "yes" : "no" },
    { key: "furnished", value: f.furnished ? "yes" : "no" },
    { key: "rooms", value: f.rooms_count === null ? "" : String(f.rooms_count) },
    { key: "floor", value: f.floor === null ? "" : String(f.floor) },
    { key: "area", value: String(f.area) },
    { key: "finishing", value: finishing(f.interior_status_id) },
  ];
  const state: PostState = e.status === "approved" && edit ? "edit_pending" : e.status;
  return {
    estateId: e.id,
    stateId: e.state_id,
    status: e.status,
    state,
    owner: owner ? { id: owner.id, name: `${owner.first_name} ${owner.last_name}`, phone: owner.phone, lang: owner.lang, status: owner.status } : null,
    contactName: e.contact_name,
    phone: e.phone,
    offerType: nameOf(lookups.byId.offerType.get(e.estate_offer_type_id), locale) ?? "",
    estateType: nameOf(lookups.byId.estateType.get(e.estate_type_id), locale) ?? "",
    place: placeName(lookups, e.location_id, locale),
    facts: factsOf(e),
    description: (locale === "en" ? e.description_en : e.description_ar) ?? e.description_ar ?? e.description_en,
    photos: images.map((i) => imageUrl(i.file, 400)),
    rejectReason: e.reject_reason,
    since: e.submitted_at.toISOString(),
    version: postVersion(e, edit ?? null),
    edit: edit
      ? { facts: factsOf(edit), description: edit.description, photos: edit.images.map((i) => imageUrl(i.file, 400)), since: edit.created_at.toISOString() }
      : null,
  };
}

/** The SMS key of each moderation action that tells the owner something (issue 5: the owner gets an SMS). */
const SMS_OF: Partial<Record<PostAction, string>> = {
  approve: "approved",
  reject: "rejected",
  approve_edit: "editApproved",
  reject_edit: "editRejected",
  unpublish: "unpublished",
};

/**
 * An admin's decision on a post (issue 5, Queues and Reports): approve, reject, approve_edit, reject_edit or
 * unpublish, with the reason composed in the owner's language; the owner gets an SMS; unpublishing also closes the
 * listing's open reports. All in one transaction with the audit entry. Throws TransitionError when the post's
 * state does not allow the action, Error("missing") for an unknown id, Error("a reason is required").
 */
export async function moderatePost(
  db: Db,
  estateId: number,
  action: "approve" | "reject" | "approve_edit" | "reject_edit" | "unpublish",
  actor: Actor,
  reason: { code: string | null; text: string } = { code: null, text: "" },
  expectedVersion?: string | null,
): Promise<TransitionResult> {
  const [row] = await db
    .select({ lang: s.users.lang })
    .from(s.estates)
    .leftJoin(s.users, eq(s.users.id, s.estates.user_id))
    .where(eq(s.estates.id, estateId));
  const composed = await composeReason(reason.code, reason.text, row?.lang ?? "ar");
  return transition(db, estateId, action, actor, {
    reason: composed,
    expectedVersion,
    also: async (tx, result) => {
      if (action === "unpublish") {
        await tx
          .update(s.estate_reports)
          .set({ resolved_at: new Date(), resolution: "unpublished" })
          .where(and(eq(s.estate_reports.estate_id, estateId), isNull(s.estate_reports.resolved_at)));
      }
      const key = SMS_OF[action];
      if (key && result.owner) await smsOwner(tx, result.owner, key, { number: result.stateId, reason: composed ?? "" });
    },
  });
}

/** A pending property request for review: what /user-order would show, with its sender and its wait. Prices in SYP. */
export type RequestReview = Omit<RequestItem, "date"> & {
  user: string;
  phone: string;
  since: string;
  late: boolean;
};

/** Pending property requests, oldest first (issue 5, Queues). */
export async function requestQueue(db: Db, locale: Locale): Promise<RequestReview[]> {
  const lookups = await getLookups(db);
  const rows = await db
    .select({ r: s.property_requests, first: s.users.first_name, last: s.users.last_name, phone: s.users.phone })
    .from(s.property_requests)
    .innerJoin(s.users, eq(s.users.id, s.property_requests.user_id))
    .where(eq(s.property_requests.status, "pending"))
    .orderBy(asc(s.property_requests.created_at), asc(s.property_requests.id))
    .limit(200);
  const now = Date.now();
  return rows.map(({ r, first, last, phone }) => ({
    id: r.id,
    user: `${first} ${last}`,
    phone,
    offerTypeId: r.estate_offer_type_id,
    estateType: nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "",
    place: placeName(lookups, r.location_id, locale),
    minPrice: r.min_price,
    maxPrice: r.max_price,
    notes: r.notes,
    since: r.created_at.toISOString(),
    late: now - r.created_at.getTime() > REVIEW_PROMISE_MS,
  }));
}

/**
 * Approves or rejects a pending property request (issue 5, Queues) with its audit entry and the owner's SMS, in one
 * transaction. Returns false when the request does not exist or is not pending. A rejection needs a reason.
 */
export async function moderateRequest(
  db: Db,
  requestId: number,
  action: "approve" | "reject",
  actor: Actor,
  reason: { code: string | null; text: string } = { code: null, text: "" },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: s.property_requests.id, status: s.property_requests.status, phone: s.users.phone, lang: s.users.lang })
      .from(s.property_requests)
      .innerJoin(s.users, eq(s.users.id, s.property_requests.user_id))
      .where(eq(s.property_requests.id, requestId))
      .for("update");
    if (!row || row.status !== "pending") return false;
    const composed = action === "reject" ? await composeReason(reason.code, reason.text, row.lang) : null;
    if (action === "reject" && !composed) throw new Error("a reason is required");
    await tx
      .update(s.property_requests)
      .set({ status: action === "approve" ? "approved" : "rejected", reject_reason: composed, reviewed_at: new Date() })
      .where(eq(s.property_requests.id, requestId));
    await recordAudit(tx, { actorId: actor.id, action: `request.${action}`, subjectType: "property_request", subjectId: requestId, reason: composed });
    await smsOwner(tx, row, action === "approve" ? "requestApproved" : "requestRejected", { reason: composed ?? "" });
    return true;
  });
}

/** A listing with open reports, and how many of each reason (issue 5, Reports). */
export type ReportGroup = {
  estateId: number;
  stateId: number;
  estateType: string;
  place: string;
  status: string;
  /** The owner's language (ar or en; the page's for the staff's listings): the unpublish reasons are written in it. */
  ownerLang: string;
  total: number;
  reasons: { name: string; count: number }[];
  first: string;
};

/** Open reports grouped by listing, most reported first (issue 5, Reports). */
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
    .select({ id: s.estates.id, state_id: s.estates.state_id, type: s.estates.estate_type_id, loc: s.estates.location_id, status: s.estates.status, lang: s.users.lang })
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

/** Dismisses a listing's open reports (issue 5, Reports) with an audit entry. Returns how many were closed. */
export async function dismissReports(db: Db, estateId: number, actor: Actor, note: string): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(s.estate_reports)
      .set({ resolved_at: new Date(), resolution: "dismissed" })
      .where(and(eq(s.estate_reports.estate_id, estateId), isNull(s.estate_reports.resolved_at)))
      .returning({ id: s.estate_reports.id });
    if (closed.length) {
      await recordAudit(tx, { actorId: actor.id, action: "reports.dismiss", subjectType: "estate", subjectId: estateId, reason: note.trim() || null, details: { reports: closed.map((r) => r.id) } });
    }
    return closed.length;
  });
}

/** An account as the back office lists it. */
export type AccountRow = { id: number; name: string; phone: string; status: string; role: string; suspendedReason: string | null; posts: number; created: string };

/** Accounts whose phone or name contains `q` (issue 5, Accounts), newest first, at most 50. */
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
 * Suspends an account (issue 5, Accounts): status suspended with the reason, every session deleted (it is logged
 * out everywhere at once), every unused password-reset link spent (issue 9), its posts leave the public pages (publicEstate checks the owner's status), audit entry
 * and SMS, one transaction. Returns false when there is no such active account or it is the actor's own.
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
    // Its password-reset links are spent too (issue 9): lifting the suspension must not bring them back.
    await spendPasswordResets(tx, userId);
    await recordAudit(tx, { actorId: actor.id, action: "user.suspend", subjectType: "user", subjectId: userId, reason: reason.trim() });
    await smsOwner(tx, u, "suspended", { reason: reason.trim() });
    return true;
  });
}

/** Lifts a suspension (issue 5, Accounts): active again, posts public again, audit entry. False when not suspended. */
export async function liftSuspension(db: Db, userId: number, actor: Actor, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(s.users)
      .set({ status: "active", suspended_reason: null, suspended_at: null })
      .where(and(eq(s.users.id, userId), eq(s.users.status, "suspended")))
      .returning({ id: s.users.id });
    if (!u) return false;
    await recordAudit(tx, { actorId: actor.id, action: "user.lift", subjectType: "user", subjectId: userId, reason: note.trim() || null });
    return true;
  });
}

/** A visitor's offer (lead) for the office staff (issue 5). Area in square metres. */
export type Lead = {
  id: number;
  fullname: string;
  mobile: string;
  offerTypeId: number;
  estateType: string;
  place: string;
  area: number;
  subject: string;
  date: string;
  handled: boolean;
};

/** Visitors' offers, unhandled first then newest first, at most 100. */
export async function listLeads(db: Db, locale: Locale): Promise<Lead[]> {
  const lookups = await getLookups(db);
  const rows = await db
    .select()
    .from(s.estate_offers)
    .where(isNull(s.estate_offers.user_id))
    .orderBy(sql`${s.estate_offers.handled_at} is not null`, desc(s.estate_offers.created_at))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    fullname: r.fullname,
    mobile: r.mobile,
    offerTypeId: r.estate_offer_type_id,
    estateType: r.estate_type_id ? (nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "") : "",
    place: placeName(lookups, r.location_id, locale),
    area: r.area,
    subject: r.subject,
    date: r.created_at.toISOString(),
    handled: r.handled_at !== null,
  }));
}

/** Marks a lead handled, with an audit entry. False when it does not exist or was handled already. */
export async function markLeadHandled(db: Db, leadId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s.estate_offers)
      .set({ handled_at: new Date() })
      .where(and(eq(s.estate_offers.id, leadId), isNull(s.estate_offers.user_id), isNull(s.estate_offers.handled_at)))
      .returning({ id: s.estate_offers.id });
    if (!row) return false;
    await recordAudit(tx, { actorId: actor.id, action: "lead.handled", subjectType: "lead", subjectId: leadId });
    return true;
  });
}
