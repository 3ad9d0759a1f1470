import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { removeStoredImage } from "~/services/uploads.server";
import { recordAudit } from "./audit.server";

/**
 * Owners' posts and their moderation (issue 5). A post is a row of `estates` with a `user_id`; its state is the
 * listing's status, plus `edit_pending` while an edit of an approved post waits in `estate_edits` (the approved
 * version stays public meanwhile). Every change goes through `transition`, which checks POST_TRANSITIONS inside one
 * transaction that also writes the audit entry; nothing else in the code changes `estates.status`.
 * Prices are whole units of `currency` (SYP or USD), areas square metres.
 */

/** The states a post can be in (issue 5, Rules). */
export const POST_STATES = ["pending", "approved", "edit_pending", "rejected", "deleted"] as const;
export type PostState = (typeof POST_STATES)[number];

/** What can happen to a post; who may do it is checked by the callers (owner: edit, delete; admin: the rest). */
export const POST_ACTIONS = ["edit", "approve", "reject", "approve_edit", "reject_edit", "unpublish", "revise", "delete"] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/**
 * The documented transitions (issue 5, Rules): pending → approved or rejected; an owner's edit keeps a pending post
 * pending, sends a rejected one back to review, and turns an approved one into `edit_pending` (approved → pending
 * edit → approved, whether the edit is approved or rejected); an admin can unpublish an approved post (→ rejected,
 * with a reason) and `revise` the staff's own listings in place (an unpublished one goes back to review, so it can be
 * approved again); any post can be deleted. Every other pair is refused.
 */
export const POST_TRANSITIONS: Record<PostAction, Partial<Record<PostState, PostState>>> = {
  edit: { pending: "pending", rejected: "pending", approved: "edit_pending", edit_pending: "edit_pending" },
  approve: { pending: "approved" },
  reject: { pending: "rejected" },
  approve_edit: { edit_pending: "approved" },
  reject_edit: { edit_pending: "approved" },
  unpublish: { approved: "rejected", edit_pending: "rejected" },
  revise: { pending: "pending", approved: "approved", rejected: "pending" },
  delete: { pending: "deleted", approved: "deleted", edit_pending: "deleted", rejected: "deleted" },
};

/** Thrown when an action is not allowed from the post's current state (answered as 409 with a message, never 500). */
export class TransitionError extends Error {
  constructor(
    readonly from: PostState,
    readonly action: PostAction,
  ) {
    super(`a post in state ${from} cannot take the action ${action}`);
  }
}

/** The fields an owner can change (issue 5, Owners). `price` null is "price on request". */
export type PostFields = {
  price: number | null;
  currency: "SYP" | "USD";
  negotiable: boolean;
  furnished: boolean;
  rooms_count: number | null;
  floor: number | null;
  /** Square metres. */
  area: number;
  interior_status_id: number | null;
  description_ar: string | null;
  description_en: string | null;
};

/** The editable copy of a post: its fields and photos in gallery order (the first is the cover). */
export type WorkingCopy = { fields: PostFields; images: s.StoredImage[] };

/** A transaction of either driver. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Locked = {
  estate: typeof s.estates.$inferSelect;
  edit: typeof s.estate_edits.$inferSelect | null;
  state: PostState;
};

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
 * sends it back, and transition() refuses the decision when the post changed in between (issue 5: an admin only
 * ever approves what they saw).
 */
export function postVersion(estate: { updated_at: Date }, edit: { updated_at: Date } | null): string {
  return versionOf({ estate, edit });
}

/** The state of a post, or null when there is no listing with that id. */
export async function postState(db: Db, estateId: number): Promise<PostState | null> {
  return db.transaction(async (tx) => (await lockPost(tx, estateId))?.state ?? null);
}

/** The columns the listing and its pending edit share. */
type SharedFields = Pick<typeof s.estates.$inferSelect, "price" | "currency" | "negotiable" | "furnished" | "rooms_count" | "floor" | "area" | "interior_status_id">;

function sharedFields(row: SharedFields): Omit<PostFields, "description_ar" | "description_en"> {
  return {
    price: row.price,
    currency: row.currency === "USD" ? "USD" : "SYP",
    negotiable: row.negotiable,
    furnished: row.furnished,
    rooms_count: row.rooms_count,
    floor: row.floor,
    area: row.area,
    interior_status_id: row.interior_status_id,
  };
}

function fieldsOfEstate(e: typeof s.estates.$inferSelect): PostFields {
  return { ...sharedFields(e), description_ar: e.description_ar, description_en: e.description_en };
}

/** An edit holds the owner's one description, which stands for both languages. */
function fieldsOfEdit(e: typeof s.estate_edits.$inferSelect): PostFields {
  return { ...sharedFields(e), description_ar: e.description, description_en: e.description };
}

async function imagesOfEstate(tx: Tx | Db, estateId: number): Promise<s.StoredImage[]> {
  const rows = await tx
    .select({ file: s.estate_images.file, width: s.estate_images.width, height: s.estate_images.height })
    .from(s.estate_images)
    .where(eq(s.estate_images.estate_id, estateId))
    .orderBy(asc(s.estate_images.index), asc(s.estate_images.id));
  return rows;
}

async function replaceImages(tx: Tx, estateId: number, images: s.StoredImage[]): Promise<void> {
  await tx.delete(s.estate_images).where(eq(s.estate_images.estate_id, estateId));
  if (images.length) {
    await tx.insert(s.estate_images).values(images.map((img, index) => ({ estate_id: estateId, index, ...img })));
  }
}

function estateValues(fields: PostFields) {
  return {
    price: fields.price,
    currency: fields.currency,
    negotiable: fields.negotiable,
    furnished: fields.furnished,
    rooms_count: fields.rooms_count,
    floor: fields.floor,
    area: fields.area,
    interior_status_id: fields.interior_status_id,
    description_ar: fields.description_ar,
    description_en: fields.description_en,
  };
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

/** Who acts: the account id and whether it is an admin (the audit log records the id). */
export type Actor = { id: number; admin: boolean };

/** A transition's extra data: the reason of a rejection or unpublishing (in the owner's language), a change for `edit`/`revise`. */
export type TransitionInput = {
  reason?: string | null;
  change?: (copy: WorkingCopy) => WorkingCopy;
  /**
   * The version the decision was made on (postVersion of what the admin saw): when the post changed since, the
   * decision is refused with TransitionError, so nothing unseen is ever approved.
   */
  expectedVersion?: string | null;
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
 * The photos a post's versions use: its listing's (unless the post is deleted) and its pending edit's. Base names
 * (StoredImage.file).
 */
async function photosInUse(tx: Tx, estateId: number): Promise<Set<string>> {
  const [estate] = await tx.select({ status: s.estates.status }).from(s.estates).where(eq(s.estates.id, estateId));
  if (!estate || estate.status === "deleted") return new Set();
  const listed = await tx.select({ file: s.estate_images.file }).from(s.estate_images).where(eq(s.estate_images.estate_id, estateId));
  const [edit] = await tx
    .select({ images: s.estate_edits.images })
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, estateId), eq(s.estate_edits.status, "pending")));
  return new Set([...listed.map((r) => r.file), ...(edit?.images ?? []).map((i) => i.file)]);
}

/**
 * Of `files`, those that no version of any post uses: no listing that is not deleted has them in estate_images and
 * no pending edit has them in its images (issue 9). Rejected listings keep theirs (the owner may fix and resubmit).
 */
async function unusedPhotos(tx: Tx, files: string[]): Promise<string[]> {
  if (!files.length) return [];
  const listed = await tx
    .select({ file: s.estate_images.file })
    .from(s.estate_images)
    .innerJoin(s.estates, eq(s.estates.id, s.estate_images.estate_id))
    .where(and(inArray(s.estate_images.file, files), ne(s.estates.status, "deleted")));
  const edits = await tx
    .select({ images: s.estate_edits.images })
    .from(s.estate_edits)
    .where(
      and(
        eq(s.estate_edits.status, "pending"),
        or(...files.map((file) => sql`${s.estate_edits.images} @> ${JSON.stringify([{ file }])}::jsonb`)),
      ),
    );
  const used = new Set([...listed.map((r) => r.file), ...edits.flatMap((e) => e.images.map((i) => i.file))]);
  return files.filter((f) => !used.has(f));
}

/**
 * Deletes the files (every photo width) of photos a committed transition released (issue 9: a photo that left every
 * version of every post is no longer served at /images). Uploaded names only (removeStoredImage leaves the shared
 * seed pool alone). A file that cannot be deleted is left behind rather than failing a change already committed.
 */
async function deleteReleasedPhotos(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => removeStoredImage(file, "photo").catch(() => undefined)));
}

/**
 * Applies one action to a post in one transaction with its audit entry (issue 5, Rules), after checking
 * POST_TRANSITIONS against the locked current state. `edit` and `revise` take `input.change`, applied to the
 * working copy: for a pending or rejected post it is written to the listing (a rejected post goes back to review,
 * its 24 hours start again); for an approved post it becomes (or updates) the pending edit, leaving the public
 * version as it is; `revise` (the staff's listings) writes to the listing and keeps its state. `reject`,
 * `reject_edit` and `unpublish` need `input.reason`. Throws TransitionError for a refused pair and Error("missing")
 * when there is no listing with that id.
 *
 * Photos (issue 9): a photo the transition takes out of the post's versions (removed by the owner while no other
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
  const result = await db.transaction(async (tx) => {
    const post = await lockPost(tx, estateId);
    if (!post) throw new Error("missing");
    const photosBefore = await photosInUse(tx, estateId);
    const to = POST_TRANSITIONS[action][post.state];
    if (!to) throw new TransitionError(post.state, action);
    if (input.expectedVersion !== undefined && input.expectedVersion !== versionOf(post)) throw new TransitionError(post.state, action);
    const needsReason = action === "reject" || action === "reject_edit" || action === "unpublish";
    const reason = input.reason?.trim() || null;
    if (needsReason && !reason) throw new Error("a reason is required");
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
        const f = next.fields;
        const values = {
          price: f.price,
          currency: f.currency,
          negotiable: f.negotiable,
          furnished: f.furnished,
          rooms_count: f.rooms_count,
          floor: f.floor,
          area: f.area,
          interior_status_id: f.interior_status_id,
          description: f.description_ar ?? f.description_en,
          images: next.images,
          updated_at: now,
        };
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
    } else if (action === "approve_edit" || action === "reject_edit") {
      const pending = edit!;
      if (action === "approve_edit") {
        await tx
          .update(s.estates)
          .set({ ...estateValues(fieldsOfEdit(pending)), updated_at: now, reviewed_at: now })
          .where(eq(s.estates.id, estateId));
        await replaceImages(tx, estateId, pending.images);
      }
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
          ...(action === "delete" ? { deleted_at: now } : { reviewed_at: now }),
          ...(action === "approve" ? { reject_reason: null } : {}),
          ...(reason && action !== "delete" ? { reject_reason: reason } : {}),
        })
        .where(eq(s.estates.id, estateId));
      if (action === "delete") {
        await tx
          .update(s.estate_reports)
          .set({ resolved_at: now, resolution: "deleted" })
          .where(and(eq(s.estate_reports.estate_id, estateId), sql`${s.estate_reports.resolved_at} is null`));
      }
      // A pending edit does not outlive its post being unpublished or deleted.
      if (edit) {
        await tx
          .update(s.estate_edits)
          .set({ status: "rejected", reject_reason: reason, reviewed_at: now })
          .where(eq(s.estate_edits.id, edit.id));
      }
    }

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
    const releasedImages = await unusedPhotos(tx, [...photosBefore].filter((file) => !photosAfter.has(file)));
    const result = { from: post.state, to, estateId, stateId: estate.state_id, owner, releasedImages };
    if (input.also) await input.also(tx, result);
    return result;
  });
  await deleteReleasedPhotos(result.releasedImages);
  return result;
}

/** The next free ad number (spec: state_id), under a transaction-scoped lock so two posts never share one. */
export async function nextStateId(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(5005)`);
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${s.estates.state_id}), 100000)` }).from(s.estates);
  return Number(row.max) + 1;
}

/** What /new-estate stores for a logged-in user (spec 3, New property offer; issue 5, Owners). Area in square metres. */
export type NewPost = {
  estate_type_id: number;
  estate_offer_type_id: number;
  estate_ownership: number | null;
  estate_finishing: number | null;
  location_id: number;
  area: number;
  fullname: string;
  mobile: string;
  subject: string;
};

/**
 * Creates a user's post from /new-estate (issue 5, Owners): a listing in state `pending` owned by `userId`, with
 * no price yet ("price on request" until the owner adds one) and no photos, its 24 hours starting now, with its audit
 * entry, in one transaction. Returns the listing id.
 */
export async function createPost(db: Db, userId: number, input: NewPost): Promise<number> {
  return db.transaction(async (tx) => {
    const state_id = await nextStateId(tx);
    const [row] = await tx
      .insert(s.estates)
      .values({
        state_id,
        status: "pending",
        user_id: userId,
        contact_name: input.fullname,
        phone: input.mobile,
        price: null,
        location_id: input.location_id,
        estate_type_id: input.estate_type_id,
        estate_offer_type_id: input.estate_offer_type_id,
        interior_status_id: input.estate_finishing,
        area: input.area,
        area_unit_id: 1,
        description_ar: input.subject,
        description_en: input.subject,
      })
      .returning({ id: s.estates.id });
    await recordAudit(tx, {
      actorId: userId,
      action: "estate.submit",
      subjectType: "estate",
      subjectId: row.id,
      details: { to: "pending", estate_ownership: input.estate_ownership },
    });
    return row.id;
  });
}

/** A post as its editor shows it (issue 5, Owners). `staff` is true for the offices' listings (no owner account). */
export type EditablePost = {
  id: number;
  stateId: number;
  estateTypeId: number;
  offerTypeId: number;
  locationId: number;
  staff: boolean;
  rejectReason: string | null;
  /** The reason the last edit of an approved post was refused, while no other edit waits. */
  editRejectReason: string | null;
};

/**
 * The post `estateId` if `actor` may edit it: its owner, or an admin for the staff's listings (issue 5, Content:
 * "offices' listings can be managed by admins with the same editor as owners"). Null otherwise, and for deleted
 * listings, so other users' posts look like missing ones (a user can never see or change another user's post).
 */
export async function editablePost(db: Db, estateId: number, actor: Actor): Promise<EditablePost | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e || e.status === "deleted") return null;
  const mine = e.user_id !== null && e.user_id === actor.id;
  const staffListing = e.user_id === null && actor.admin;
  if (!mine && !staffListing) return null;
  const [lastEdit] = await db
    .select({ status: s.estate_edits.status, reason: s.estate_edits.reject_reason })
    .from(s.estate_edits)
    .where(eq(s.estate_edits.estate_id, estateId))
    .orderBy(sql`${s.estate_edits.id} desc`)
    .limit(1);
  return {
    id: e.id,
    stateId: e.state_id,
    estateTypeId: e.estate_type_id,
    offerTypeId: e.estate_offer_type_id,
    locationId: e.location_id,
    staff: e.user_id === null,
    rejectReason: e.status === "rejected" ? e.reject_reason : null,
    editRejectReason: e.status === "approved" && lastEdit?.status === "rejected" ? lastEdit.reason : null,
  };
}
