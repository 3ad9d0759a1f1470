import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { queueAlertsSoon } from "~/features/alerts/saved-search.server";
import { recordAudit } from "~/platform/db/audit.server";
import { deleteReleasedPhotos, imagesOfEstate, photosInUse, replaceImages, unusedPhotos } from "./post-photos.server";
import { editValues, estateValues, fieldsOfEdit, fieldsOfEstate, type WorkingCopy } from "./post.server";
import { FACT_FIELDS, factsOf, type ListingFacts } from "~/features/listings/facts";
import { regroupDuplicates } from "./duplicates.server";
import { priceHoldReason } from "./price-hold.server";

/**
 * Owners' posts and their moderation. A post is a row of `estates` with a `user_id`; its state is the
 * listing's status, plus `edit_pending` while an edit of an approved post waits in `estate_edits` (the approved
 * version stays public meanwhile). Every change goes through `transition`, which checks POST_TRANSITIONS inside one
 * transaction that also writes the audit entry; nothing else in the code changes `estates.status`. What a post is
 * made of is in post.server.ts; the back office's queue and decisions in post-review.server.ts.
 * Prices are whole units of `currency` (SYP or USD), areas square metres.
 */

/** The moderation promise of the policy text: posts are reviewed within 24 hours (milliseconds). */
export const REVIEW_PROMISE_MS = 24 * 60 * 60 * 1000;

/**
 * The states a post can be in (expired, withdrawn, sold and rented: decision 029;
 * draft, a listing made from a visitor's offer that its owner completes, decision 055).
 */
export const POST_STATES = [
  "draft",
  "pending",
  "approved",
  "edit_pending",
  "rejected",
  "deleted",
  "expired",
  "withdrawn",
  "sold",
  "rented",
] as const;
export type PostState = (typeof POST_STATES)[number];

/**
 * What can happen to a post; who may do it is checked by the callers (owner: edit, delete, renew, withdraw,
 * mark_sold, mark_rented and submit (a draft); admin: the rest and the closing ones; the system: expire).
 */
export const POST_ACTIONS = [
  "edit",
  "submit",
  "approve",
  "reject",
  "approve_edit",
  "reject_edit",
  "unpublish",
  "revise",
  "correct",
  "delete",
  "renew",
  "expire",
  "withdraw",
  "mark_sold",
  "mark_rented",
  "hold",
] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/**
 * The documented transitions: pending → approved or rejected; an owner's edit keeps a pending post
 * pending, sends a rejected one back to review, and turns an approved one into `edit_pending` (approved → pending
 * edit → approved, whether the edit is approved or rejected); an admin can unpublish an approved post (→ rejected,
 * with a reason) and `revise` the staff's own listings in place (an unpublished one goes back to review, so it can be
 * approved again); any post can be deleted. Decision 029: `renew` confirms an approved listing for 60
 * more days and brings back an expired or withdrawn one; `expire` (the daily sweep) and `withdraw` (the owner: no
 * longer available) take an approved one down; `mark_sold` (sales) and `mark_rented` (rentals) close a listing that
 * is or was public. Decision 055: an owner's edit keeps a draft a draft, `submit` sends it for review
 * (draft → pending, its 24 hours start then), and a draft can be deleted. Decision 093: an admin may `correct` the
 * facts of a post under review or public, keeping its state. Decision 100: `hold` (the system, after three reports
 * from different accounts within a week) takes a public listing back to review until a person decides. Every other
 * pair is refused.
 */
export const POST_TRANSITIONS: Record<PostAction, Partial<Record<PostState, PostState>>> = {
  edit: { draft: "draft", pending: "pending", rejected: "pending", approved: "edit_pending", edit_pending: "edit_pending" },
  submit: { draft: "pending" },
  approve: { pending: "approved" },
  reject: { pending: "rejected" },
  approve_edit: { edit_pending: "approved" },
  reject_edit: { edit_pending: "approved" },
  unpublish: { approved: "rejected", edit_pending: "rejected" },
  revise: { pending: "pending", approved: "approved", rejected: "pending" },
  correct: { pending: "pending", approved: "approved", edit_pending: "edit_pending" },
  delete: {
    draft: "deleted",
    pending: "deleted",
    approved: "deleted",
    edit_pending: "deleted",
    rejected: "deleted",
    expired: "deleted",
    withdrawn: "deleted",
    sold: "deleted",
    rented: "deleted",
  },
  renew: { approved: "approved", edit_pending: "edit_pending", expired: "approved", withdrawn: "approved" },
  expire: { approved: "expired", edit_pending: "expired" },
  withdraw: { approved: "withdrawn", edit_pending: "withdrawn", expired: "withdrawn" },
  mark_sold: { approved: "sold", edit_pending: "sold", expired: "sold", withdrawn: "sold" },
  mark_rented: { approved: "rented", edit_pending: "rented", expired: "rented", withdrawn: "rented" },
  hold: { approved: "pending", edit_pending: "pending" },
};

/** The offer type (estate_offer_type_id: 1 sale, 2 rent) each closing action is for; the other is refused. */
const OFFER_OF: Partial<Record<PostAction, number>> = { mark_sold: 1, mark_rented: 2 };

/** Thrown when an action is not allowed from the post's current state (answered as 409 with a message, never 500). */
export class TransitionError extends Error {
  constructor(
    readonly from: PostState,
    readonly action: PostAction,
  ) {
    super(`a post in state ${from} cannot take the action ${action}`);
  }
}

/**
 * Thrown when a decision that needs a reason (a rejection or an unpublishing of a post, a rejected request) has
 * none. The forms refuse it first (app/features/posts/moderation-forms.ts, "admin:errors.reason"); this keeps the models from ever
 * storing a decision without its reason.
 */
export class ReasonRequiredError extends Error {
  constructor() {
    super("a reason is required");
  }
}

type Locked = {
  estate: typeof s.estates.$inferSelect;
  edit: typeof s.estate_edits.$inferSelect | null;
  state: PostState;
};

/** The columns of a confirmation: 60 days start again and the next warning may be sent. */
function confirmed(now: Date) {
  return { confirmed_at: now, expiry_warned_at: null };
}

/** Reads and locks a post (FOR UPDATE) with its pending edit; null when there is no listing with that id. */
async function lockPost(tx: Tx, estateId: number): Promise<Locked | null> {
  const [estate] = await tx.select().from(s.estates).where(eq(s.estates.id, estateId)).for("update");
  if (!estate) return null;
  const [edit] = await tx
    .select()
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  const state: PostState = estate.status === "approved" && edit ? "edit_pending" : estate.status;
  return { estate, edit: edit ?? null, state };
}

function versionOf(post: { estate: { updated_at: Date }; edit: { updated_at: Date } | null }): string {
  return `${post.estate.updated_at.toISOString()}|${post.edit?.updated_at.toISOString() ?? ""}`;
}

/**
 * A post's version as the review page shows it: the listing's and its pending edit's last change. A decision form
 * sends it back, and transition() refuses the decision when the post changed in between (an admin only
 * ever approves what they saw).
 */
export function postVersion(estate: { updated_at: Date }, edit: { updated_at: Date } | null): string {
  return versionOf({ estate, edit });
}

/**
 * The facts `after` changes from `before`, as the audit log keeps a correction (decision 093): `before` and `after`
 * hold those facts only (key money with its currency); both empty when nothing changed.
 */
export function changedFacts(
  before: ListingFacts,
  after: ListingFacts,
): { before: Partial<ListingFacts>; after: Partial<ListingFacts> } {
  const names = FACT_FIELDS.filter((name) => before[name] !== after[name]);
  const pick = (facts: ListingFacts) => Object.fromEntries(names.map((name) => [name, facts[name]])) as Partial<ListingFacts>;
  return { before: pick(before), after: pick(after) };
}

/**
 * Holds the version of `estate` now under review (`version`: the listing's fields, or its pending edit's over them) for
 * a person when its price is too good to be true (priceHoldReason, decision 100), or clears a price hold it no longer
 * earns; a hold of `reports` stays until a person decides.
 */
async function holdPrice(
  tx: Tx,
  estate: typeof s.estates.$inferSelect,
  version: Parameters<typeof priceHoldReason>[1],
): Promise<void> {
  if (estate.held_reason === "reports") return;
  const held = await priceHoldReason(tx as unknown as Db, version);
  if (held !== estate.held_reason) await tx.update(s.estates).set({ held_reason: held }).where(eq(s.estates.id, estate.id));
}

/** The state of a post, or null when there is no listing with that id. */
export async function postState(db: Db, estateId: number): Promise<PostState | null> {
  return db.transaction(async (tx) => (await lockPost(tx, estateId))?.state ?? null);
}

/**
 * What the owner sees and edits: the pending edit when there is one, else the listing itself. Null when there is
 * no listing with that id.
 */
export async function workingCopy(db: Db, estateId: number): Promise<(WorkingCopy & { state: PostState }) | null> {
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, estateId);
    if (!post) return null;
    if (post.edit) return { state: post.state, fields: fieldsOfEdit(post.edit), images: post.edit.images };
    return { state: post.state, fields: fieldsOfEstate(post.estate), images: await imagesOfEstate(tx, estateId) };
  });
}

/**
 * Who acts: the account id and whether it is an admin (the audit log records the id). The id is null for the
 * system (the expiry sweep) and for an owner without an account acting through a signed SMS link.
 */
export type Actor = { id: number | null; admin: boolean };

/** A transition's extra data: the reason of a rejection or unpublishing (in the owner's language), a change for `edit`/`revise`. */
export type TransitionInput = {
  reason?: string | null;
  change?: (copy: WorkingCopy) => WorkingCopy;
  /**
   * The version the decision was made on (postVersion of what the admin saw): when the post changed since, the
   * decision is refused with TransitionError, so nothing unseen is ever approved.
   */
  expectedVersion?: string | null;
  /**
   * The facts `correct` writes (decision 093: the staff's correction of what the owner said), each null when not
   * known; already cut to what a listing of its kind has (factsFor).
   */
  facts?: ListingFacts;
  /** Why `hold` takes the listing back to review (decision 100); `reports` when not given. */
  held?: s.HeldReason;
  /** More writes that belong to the same change (closing reports, the owner's SMS), run in its transaction. */
  also?: (tx: Tx, result: TransitionResult) => Promise<void>;
};

/**
 * What a transition did: the states, the owner to tell (id, phone, language) when the post has one, and the photos
 * it released (base names no version of any post uses any more; their files are deleted once the transaction commits).
 */
export type TransitionResult = {
  from: PostState;
  to: PostState;
  estateId: number;
  stateId: number;
  owner: { id: number; phone: string; lang: string } | null;
  releasedImages: string[];
};

/**
 * Applies one action to a post in one transaction with its audit entry, after checking
 * POST_TRANSITIONS against the locked current state. `edit` and `revise` take `input.change`, applied to the
 * working copy: for a pending or rejected post it is written to the listing (a rejected post goes back to review,
 * its 24 hours start again); for an approved post it becomes (or updates) the pending edit, leaving the public
 * version as it is; `revise` (the staff's listings) writes to the listing and keeps its state. `reject`,
 * `reject_edit` and `unpublish` need `input.reason`. Throws TransitionError for a refused pair (also mark_sold of a
 * rental and mark_rented of a sale) and Error("missing") when there is no listing with that id.
 *
 * Photos: a photo the transition takes out of the post's versions (removed by the owner while no other
 * version has it, the whole post deleted, an edit refused or unpublished with new photos) and that no other post
 * uses is listed in `releasedImages`, and its files are deleted after the transaction commits, never inside it (a
 * rolled-back transition loses no file). `db` must not be a transaction.
 */
export async function transition(
  db: Db,
  estateId: number,
  action: PostAction,
  actor: Actor,
  input: TransitionInput = {},
): Promise<TransitionResult> {
  const result = await db.transaction((tx) => transitionIn(tx, estateId, action, actor, input));
  await deleteReleasedPhotos(result.releasedImages);
  return result;
}

/**
 * transition() inside a transaction the caller holds (a sweep changes many listings in one transaction).
 * The caller deletes `releasedImages` with deleteReleasedPhotos once its transaction has committed.
 */
export async function transitionIn(
  tx: Tx,
  estateId: number,
  action: PostAction,
  actor: Actor,
  input: TransitionInput = {},
): Promise<TransitionResult> {
  const post = await lockPost(tx, estateId);
  if (!post) throw new Error("missing");
  const photosBefore = await photosInUse(tx, estateId);
  const to = POST_TRANSITIONS[action][post.state];
  if (!to) throw new TransitionError(post.state, action);
  const offer = OFFER_OF[action];
  if (offer !== undefined && post.estate.estate_offer_type_id !== offer) throw new TransitionError(post.state, action);
  if (input.expectedVersion !== undefined && input.expectedVersion !== versionOf(post))
    throw new TransitionError(post.state, action);
  const needsReason = action === "reject" || action === "reject_edit" || action === "unpublish";
  const reason = input.reason?.trim() || null;
  if (needsReason && !reason) throw new ReasonRequiredError();
  const now = new Date();
  const { estate, edit } = post;
  const details: Record<string, unknown> = { from: post.state, to };

  if (action === "edit" || action === "revise") {
    const current: WorkingCopy = edit
      ? { fields: fieldsOfEdit(edit), images: edit.images }
      : { fields: fieldsOfEstate(estate), images: await imagesOfEstate(tx, estateId) };
    const next = input.change ? input.change(current) : current;
    details.fields = next.fields;
    details.images = next.images.map((i) => i.file);
    if (to === "edit_pending") {
      const values = { ...editValues(next), updated_at: now };
      if (edit) await tx.update(s.estate_edits).set(values).where(eq(s.estate_edits.id, edit.id));
      else await tx.insert(s.estate_edits).values({ ...values, estate_id: estateId, user_id: actor.id });
    } else {
      const resubmitted = post.state === "rejected" && to === "pending";
      await tx
        .update(s.estates)
        .set({
          ...estateValues(next.fields),
          status: to as s.EstateStatus,
          updated_at: now,
          ...(resubmitted ? { submitted_at: now, reject_reason: null, reviewed_at: null } : {}),
        })
        .where(eq(s.estates.id, estateId));
      await replaceImages(tx, estateId, next.images);
    }
    await holdPrice(tx, estate, { ...estate, ...next.fields });
  } else if (action === "correct") {
    // The staff correct the facts of the version under review (the pending edit when there is one, else the
    // listing), its state, other fields and photos kept; the audit entry keeps each changed fact before and after.
    const before = factsOf(edit ?? estate);
    const after = input.facts ?? before;
    details.corrected = changedFacts(before, after);
    if (edit)
      await tx
        .update(s.estate_edits)
        .set({ ...after, updated_at: now })
        .where(eq(s.estate_edits.id, edit.id));
    else
      await tx
        .update(s.estates)
        .set({ ...after, updated_at: now })
        .where(eq(s.estates.id, estateId));
  } else if (action === "renew") {
    // A confirmation changes nothing the listing says: its content, its pending edit and its version stay.
    await tx
      .update(s.estates)
      .set({ status: "approved", ...confirmed(now) })
      .where(eq(s.estates.id, estateId));
  } else if (action === "approve_edit" || action === "reject_edit") {
    const pending = edit!;
    if (action === "approve_edit") {
      await tx
        .update(s.estates)
        .set({ ...estateValues(fieldsOfEdit(pending)), updated_at: now, reviewed_at: now, ...confirmed(now) })
        .where(eq(s.estates.id, estateId));
      await replaceImages(tx, estateId, pending.images);
    }
    // A person decided the version that was held (decision 100).
    await tx.update(s.estates).set({ held_reason: null }).where(eq(s.estates.id, estateId));
    await tx
      .update(s.estate_edits)
      .set({ status: action === "approve_edit" ? "approved" : "rejected", reject_reason: reason, reviewed_at: now })
      .where(eq(s.estate_edits.id, pending.id));
    details.edit_id = pending.id;
  } else {
    await tx
      .update(s.estates)
      .set({
        status: to as s.EstateStatus,
        updated_at: now,
        // A submitted draft's 24 hours of review start now; a decision is a review.
        ...(action === "delete"
          ? { deleted_at: now }
          : action === "submit" || action === "hold"
            ? { submitted_at: now }
            : { reviewed_at: now }),
        ...(action === "approve" ? { reject_reason: null, ...confirmed(now) } : {}),
        ...(reason && action !== "delete" ? { reject_reason: reason } : {}),
        // Decision 100: a hold says why; a person's decision ends it.
        ...(action === "hold" ? { held_reason: input.held ?? "reports" } : {}),
        ...(action === "approve" || action === "reject" || action === "unpublish" ? { held_reason: null } : {}),
      })
      .where(eq(s.estates.id, estateId));
    if (action === "submit") await holdPrice(tx, estate, estate);
    if (action === "hold") details.held = input.held ?? "reports";
    if (action === "delete") {
      await tx
        .update(s.estate_reports)
        .set({ resolved_at: now, resolution: "deleted" })
        .where(and(eq(s.estate_reports.estate_id, estateId), sql`${s.estate_reports.resolved_at} is null`));
    }
    // A pending edit does not outlive its post being unpublished, deleted or held (the state machine's rule: a post
    // under review has no pending edit; the owner edits again once it is back).
    if (edit) {
      await tx
        .update(s.estate_edits)
        .set({ status: "rejected", reject_reason: reason, reviewed_at: now })
        .where(eq(s.estate_edits.id, edit.id));
    }
  }

  // A newly public listing: saved searches' instant alerts run soon (decision 030).
  if (to === "approved" && action === "approve") await queueAlertsSoon(tx);
  await recordAudit(tx, {
    actorId: actor.id,
    action: `estate.${action}`,
    subjectType: "estate",
    subjectId: estateId,
    reason,
    details,
  });

  let owner: TransitionResult["owner"] = null;
  if (estate.user_id !== null) {
    const [u] = await tx
      .select({ id: s.users.id, phone: s.users.phone, lang: s.users.lang })
      .from(s.users)
      .where(eq(s.users.id, estate.user_id));
    owner = u ?? null;
  }
  const photosAfter = await photosInUse(tx, estateId);
  const releasedImages = await unusedPhotos(
    tx,
    [...photosBefore].filter((file) => !photosAfter.has(file)),
  );
  const result = { from: post.state, to, estateId, stateId: estate.state_id, owner, releasedImages };
  // One property, one card (decision 099): a listing published, changed while public or taken down joins, changes or
  // leaves its group of duplicates in the same transaction.
  if (to === "approved" || post.state === "approved" || post.state === "edit_pending" || estate.duplicate_of !== null)
    await regroupDuplicates(tx, estateId);
  if (input.also) await input.also(tx, result);
  return result;
}
