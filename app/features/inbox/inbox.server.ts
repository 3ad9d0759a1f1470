import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { recordAudit } from "~/platform/db/audit.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import type { Actor } from "~/features/posts/moderation.server";

/**
 * The back office's inbox (docs/decisions/054): consultation requests and contact messages (`messages`)
 * and visitors' offers (`estate_offers` without a user) in one list, newest first, each with its state: new,
 * in_progress (taken by a member of staff), done or spam. Each change of state is written with its audit entry in
 * one transaction, and only from the state the page showed (a stale change is refused). Areas in square metres.
 */

/** What the inbox lists: the two kinds of `messages` and visitors' offers. */
export const INBOX_KINDS = ["consultation", "contact", "offer"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Items of one inbox page. */
export const INBOX_PAGE_SIZE = 30;

/** One request in the inbox. `at` is an ISO time; `offer` only for visitors' offers (area in m²). */
export type InboxItem = {
  kind: InboxKind;
  id: number;
  name: string;
  mobile: string;
  text: string;
  at: string;
  state: s.InboxState;
  /** Who took it ("First Last"), null when no one did or the account is gone. */
  takenBy: string | null;
  offer: { offerTypeId: number; estateType: string; place: string; area: number } | null;
};

/** The inbox's filters: a kind and a state, each optional (all when unset). */
export type InboxFilter = { kind?: InboxKind; state?: s.InboxState };

/** The conditions of the messages' side of a filter in one state, or null when the filter leaves messages out. */
function messageWhere(filter: InboxFilter, state: s.InboxState): SQL | null {
  if (filter.kind === "offer") return null;
  return and(eq(s.messages.inbox_state, state), filter.kind ? eq(s.messages.kind, filter.kind) : undefined)!;
}

/** The conditions of the offers' side (visitors' offers only) in one state, or null when the filter leaves offers out. */
function offerWhere(filter: InboxFilter, state: s.InboxState): SQL | null {
  if (filter.kind && filter.kind !== "offer") return null;
  return and(eq(s.estate_offers.inbox_state, state), isNull(s.estate_offers.user_id))!;
}

/**
 * The number of new requests of every kind: the back-office menu's count, read on every /admin page. Two counts
 * on the `inbox_state` indexes (messages_inbox_state_created_at_idx, estate_offers_inbox_state_created_at_idx).
 */
export async function newInboxCount(db: Db): Promise<number> {
  const [[messages], [offers]] = await Promise.all([
    db.select({ n: count() }).from(s.messages).where(eq(s.messages.inbox_state, "new")),
    db
      .select({ n: count() })
      .from(s.estate_offers)
      .where(and(eq(s.estate_offers.inbox_state, "new"), isNull(s.estate_offers.user_id))),
  ]);
  return messages.n + offers.n;
}

/**
 * One page (from 1) of the inbox with `filter`, newest first, INBOX_PAGE_SIZE a page, with the total and the page
 * count (at least 1). Offers carry their type, offer type, place and area in `locale`; each item the name of the
 * member of staff who took it.
 */
export async function listInbox(
  db: Db,
  locale: Locale,
  filter: InboxFilter,
  page: number,
): Promise<{ items: InboxItem[]; total: number; page: number; pageCount: number }> {
  // One branch per table and state, each the newest rows up to the end of the page on its (inbox_state, created_at)
  // index (messages_inbox_state_created_at_idx, estate_offers_inbox_state_created_at_idx), so the union sorts at most
  // a few pages' worth however long the tables are.
  const states = filter.state ? [filter.state] : s.INBOX_STATES;
  const mWheres = states.map((st) => messageWhere(filter, st)).filter((w): w is SQL => w !== null);
  const oWheres = states.map((st) => offerWhere(filter, st)).filter((w): w is SQL => w !== null);
  const columns = {
    kind: sql<string>`kind`,
    id: sql<number>`id`,
    name: sql<string>`name`,
    mobile: sql<string>`mobile`,
    text: sql<string>`subject`,
    state: sql<s.InboxState>`inbox_state`,
    taken_by: sql<number | null>`taken_by`,
    created_at: sql<string>`created_at`,
  };
  const upTo = sql.raw(String(page * INBOX_PAGE_SIZE));
  const m = s.messages;
  const o = s.estate_offers;
  const parts: SQL[] = [
    ...mWheres.map(
      (where) =>
        sql`(select ${m.kind} as kind, ${m.id} as id, ${m.name} as name, ${m.mobile} as mobile, ${m.subject} as subject, ${m.inbox_state} as inbox_state, ${m.taken_by} as taken_by, ${m.created_at} as created_at from ${m} where ${where} order by ${m.created_at} desc nulls last, ${m.id} desc limit ${upTo})`,
    ),
    ...oWheres.map(
      (where) =>
        sql`(select 'offer' as kind, ${o.id} as id, ${o.fullname} as name, ${o.mobile} as mobile, ${o.subject} as subject, ${o.inbox_state} as inbox_state, ${o.taken_by} as taken_by, ${o.created_at} as created_at from ${o} where ${where} order by ${o.created_at} desc nulls last, ${o.id} desc limit ${upTo})`,
    ),
  ];
  // The total: every row of the kinds asked for, in the state asked for (no condition on the state when none is).
  const mCount = and(
    filter.kind && filter.kind !== "offer" ? eq(m.kind, filter.kind) : undefined,
    filter.state ? eq(m.inbox_state, filter.state) : undefined,
  );
  const oCount = and(isNull(o.user_id), filter.state ? eq(o.inbox_state, filter.state) : undefined);
  const [counts, rows] = await Promise.all([
    Promise.all([
      mWheres.length ? db.select({ n: count() }).from(m).where(mCount) : [{ n: 0 }],
      oWheres.length ? db.select({ n: count() }).from(o).where(oCount) : [{ n: 0 }],
    ]),
    db
      .select(columns)
      .from(sql`(${sql.join(parts, sql` union all `)}) as inbox`)
      .orderBy(desc(sql`created_at`), desc(sql`id`), sql`kind`)
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
  ]);
  const total = counts[0][0].n + counts[1][0].n;
  const offerIds = rows.filter((r) => r.kind === "offer").map((r) => Number(r.id));
  const takerIds = [...new Set(rows.map((r) => r.taken_by).filter((id): id is number => id !== null))];
  const [offers, takers, lookups] = await Promise.all([
    offerIds.length ? db.select().from(s.estate_offers).where(inArray(s.estate_offers.id, offerIds)) : [],
    takerIds.length
      ? db
          .select({ id: s.users.id, first: s.users.first_name, last: s.users.last_name })
          .from(s.users)
          .where(inArray(s.users.id, takerIds.map(Number)))
      : [],
    offerIds.length ? getLookups(db) : null,
  ]);
  const offerById = new Map(offers.map((o) => [o.id, o]));
  const takerById = new Map(takers.map((u) => [u.id, `${u.first} ${u.last}`]));
  const items = rows.map((r): InboxItem => {
    const offer = r.kind === "offer" ? offerById.get(Number(r.id)) : undefined;
    return {
      kind: r.kind as InboxKind,
      id: Number(r.id),
      name: r.name,
      mobile: r.mobile,
      text: r.text,
      at: new Date(r.created_at).toISOString(),
      state: r.state,
      takenBy: r.taken_by === null ? null : (takerById.get(Number(r.taken_by)) ?? null),
      offer:
        offer && lookups
          ? {
              offerTypeId: offer.estate_offer_type_id,
              estateType: offer.estate_type_id ? (nameOf(lookups.byId.estateType.get(offer.estate_type_id), locale) ?? "") : "",
              place: placeName(lookups, offer.location_id, locale),
              area: offer.area,
            }
          : null,
    };
  });
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) };
}

/** The changes of state an admin makes in the inbox, and the state each leads to. */
export const INBOX_DECISIONS = { take: "in_progress", done: "done", spam: "spam", reopen: "new" } as const;
export type InboxDecision = keyof typeof INBOX_DECISIONS;

/** The states each decision may start from: take only a new request; done and spam from new or taken; reopen from the others. */
const ALLOWED_FROM: Record<InboxDecision, readonly s.InboxState[]> = {
  take: ["new"],
  done: ["new", "in_progress"],
  spam: ["new", "in_progress"],
  reopen: ["in_progress", "done", "spam"],
};

/**
 * Changes one request's state (`decision`) from the state the admin's page showed (`from`), with its audit entry
 * (`inbox.<decision>`, subject `message` or `lead` for an offer, details { kind, from, to }) in one transaction.
 * `take` makes the actor its taker; `reopen` (back to new) clears the taker; done and spam keep the taker, or make
 * the actor it when there was none. Returns false, changing nothing, when the request does not exist (an offer of a
 * logged-in user is not a visitor's), its state is no longer `from` (someone changed it meanwhile: a 409 for the
 * page), or the decision does not apply to `from`.
 */
export async function changeInboxState(
  db: Db,
  target: { kind: InboxKind; id: number; from: s.InboxState; decision: InboxDecision },
  actor: Actor,
): Promise<boolean> {
  const { kind, id, from, decision } = target;
  if (!ALLOWED_FROM[decision].includes(from)) return false;
  const to = INBOX_DECISIONS[decision];
  const takenBy = decision === "take" ? actor.id : decision === "reopen" ? null : sql`coalesce(taken_by, ${actor.id})`;
  const change = { inbox_state: to, taken_by: takenBy, inbox_changed_at: new Date() } as const;
  return db.transaction(async (tx) => {
    const [row] =
      kind === "offer"
        ? await tx
            .update(s.estate_offers)
            .set(change)
            .where(and(eq(s.estate_offers.id, id), isNull(s.estate_offers.user_id), eq(s.estate_offers.inbox_state, from)))
            .returning({ id: s.estate_offers.id })
        : await tx
            .update(s.messages)
            .set(change)
            .where(and(eq(s.messages.id, id), eq(s.messages.kind, kind), eq(s.messages.inbox_state, from)))
            .returning({ id: s.messages.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: `inbox.${decision}`,
      subjectType: kind === "offer" ? "lead" : "message",
      subjectId: id,
      details: { kind, from, to },
    });
    return true;
  });
}
