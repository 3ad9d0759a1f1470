import fs from "node:fs";
import path from "node:path";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The photos uploaded by this file go to a data folder of its own (inside the run's temporary folder, removed by the
// global teardown), so "nothing was stored" can be checked by listing it while other files upload in parallel.
const previousDataDir = vi.hoisted(() => {
  const previous = process.env.DATA_DIR;
  process.env.DATA_DIR = `${process.env.TEST_IMAGES_DIR}/../moderation-data-${process.pid}`;
  return previous;
});

import * as s from "~/platform/db/schema";
import { getEstate } from "~/features/listings/estate.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { editablePost, userPosts, type NewPost, type PostFields } from "~/features/posts/post.server";
import {
  POST_ACTIONS,
  POST_STATES,
  POST_TRANSITIONS,
  postState,
  transition,
  TransitionError,
  workingCopy,
  type PostAction,
  type PostState,
  type TransitionInput,
} from "~/features/posts/moderation.server";
import { setRate } from "~/features/listings/exchange-rate.server";
import { NO_FACTS } from "~/features/listings/facts";
import { RATE_MAX } from "~/features/listings/rate-forms";
import { action as newEstateAction } from "~/routes/estate-offer";
import { loader as profileLoader } from "~/routes/profile";
import { action as editorAction, loader as editorLoader } from "~/routes/post-editor";
import { resources } from "~/platform/i18n/i18n.server";
import { UPLOAD_CONCURRENCY, uploadTempRoot } from "~/platform/http/multipart.server";
import { getEnv } from "~/platform/config/env.server";
import type { StoredImage } from "~/platform/db/schema";
import { useTestDatabase } from "./helpers/db";
import { postFixtures } from "./helpers/posts";
import { account, type Account } from "./helpers/accounts";
import { callAction, callLoader, unwrap, type Reply } from "./helpers/remix";

/**
 * Owners' posts and their moderation: the post state machine enumerated pair by pair, what the public and
 * the owner see through a post's life, the guards of the owner's editor (/profile/posts/:id), its fields and photo
 * uploads, /new-estate for logged-in users and visitors, and the posts on /profile.
 */

const test = useTestDatabase();
const db = () => test.get().db;

afterAll(() => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

const ORIGIN = "http://localhost:3000";
const FORMS = resources.ar.forms;

// ---------------------------------------------------------------------------------------------------------------
// The expected state machine, written out. The code's POST_TRANSITIONS must be exactly this.

const STATES = [
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
const ACTIONS = [
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

const EXPECTED: Record<PostAction, Partial<Record<PostState, PostState>>> = {
  edit: { draft: "draft", pending: "pending", rejected: "pending", approved: "edit_pending", edit_pending: "edit_pending" },
  // Decision 055: a draft made from a visitor's offer is sent for review by its owner.
  submit: { draft: "pending" },
  approve: { pending: "approved" },
  reject: { pending: "rejected" },
  approve_edit: { edit_pending: "approved" },
  reject_edit: { edit_pending: "approved" },
  unpublish: { approved: "rejected", edit_pending: "rejected" },
  revise: { pending: "pending", approved: "approved", rejected: "pending" },
  // Decision 093: the staff correct the facts of a post under review or public, its state kept.
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
  // Decision 029: freshness and closing.
  renew: { approved: "approved", edit_pending: "edit_pending", expired: "approved", withdrawn: "approved" },
  expire: { approved: "expired", edit_pending: "expired" },
  withdraw: { approved: "withdrawn", edit_pending: "withdrawn", expired: "withdrawn" },
  mark_sold: { approved: "sold", edit_pending: "sold", expired: "sold", withdrawn: "sold" },
  mark_rented: { approved: "rented", edit_pending: "rented", expired: "rented", withdrawn: "rented" },
  // Decision 100: three reports from different accounts within a week take a public listing back to review.
  hold: { approved: "pending", edit_pending: "pending" },
};

/** Actions that need a reason (shown to the owner). */
const NEEDS_REASON: readonly PostAction[] = ["reject", "reject_edit", "unpublish"];
/** Actions an owner takes on their post; the rest are an admin's. */
const OWNER_ACTIONS: readonly PostAction[] = ["edit", "submit", "delete", "renew", "withdraw", "mark_sold", "mark_rented"];

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

let seq = 0;

async function setUserStatus(userId: number, status: s.UserStatus) {
  await db().update(s.users).set({ status }).where(eq(s.users.id, userId));
}

let sharedAccounts: { owner: Account; admin: Account } | undefined;
/** One owner and one admin shared by the tests that only need "someone" in each role. */
async function shared() {
  sharedAccounts ??= { owner: await account(db()), admin: await account(db(), { role: "admin" }) };
  return sharedAccounts;
}

const { place, newPost, newDraft } = postFixtures(db);

/** A photo of the seeded pool (its files exist), as the gallery stores it. */
const poolPhoto = (n: number): StoredImage => ({ file: `seed-photo-${n}`, width: 800, height: 600 });

/** The `change` of an edit or revision: some fields and, optionally, the photo list. */
function change(fields: Partial<PostFields>, images?: StoredImage[]): TransitionInput["change"] {
  return (copy) => ({ fields: { ...copy.fields, ...fields }, images: images ?? copy.images });
}

/** The price an owner's pending edit carries in postIn("edit_pending"). */
const EDITED_PRICE = 99_000_000;
const REASON = "السعر غير واقعي، يرجى تصحيحه";

/** A real post brought into `state` through the public functions only. */
async function postIn(state: PostState, owner: Account, admin: Account, input: Partial<NewPost> = {}): Promise<number> {
  // A rented listing is a rental, a sold one a sale (mark_rented refuses a sale, mark_sold a rental).
  const offer = state === "rented" ? { estate_offer_type_id: 2 } : state === "sold" ? { estate_offer_type_id: 1 } : {};
  if (state === "draft") return newDraft(owner, admin, input);
  const id = await newPost(owner, { ...input, ...offer });
  if (state === "rejected") await transition(db(), id, "reject", admin.actor, { reason: REASON });
  if (state === "deleted") await transition(db(), id, "delete", owner.actor);
  if (state === "approved" || state === "edit_pending") await transition(db(), id, "approve", admin.actor);
  if (state === "edit_pending") await transition(db(), id, "edit", owner.actor, { change: change({ price: EDITED_PRICE }) });
  const closed = { expired: "expire", withdrawn: "withdraw", sold: "mark_sold", rented: "mark_rented" } as const;
  if (state in closed) {
    await transition(db(), id, "approve", admin.actor);
    await transition(db(), id, closed[state as keyof typeof closed], owner.actor);
  }
  return id;
}

async function lastAuditId(): Promise<number> {
  const [row] = await db().select({ id: s.audit_log.id }).from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
  return row?.id ?? 0;
}
async function auditAfter(afterId: number) {
  return db().select().from(s.audit_log).where(gt(s.audit_log.id, afterId)).orderBy(s.audit_log.id);
}
async function auditCount(): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(s.audit_log);
  return Number(n);
}

async function estateRow(id: number) {
  const [row] = await db().select().from(s.estates).where(eq(s.estates.id, id));
  return row;
}
async function editsOf(id: number) {
  return db().select().from(s.estate_edits).where(eq(s.estate_edits.estate_id, id)).orderBy(s.estate_edits.id);
}
async function pendingEditOf(id: number) {
  const [row] = await db()
    .select()
    .from(s.estate_edits)
    .where(and(eq(s.estate_edits.estate_id, id), eq(s.estate_edits.status, "pending")));
  return row;
}
async function imagesOf(id: number) {
  return db().select().from(s.estate_images).where(eq(s.estate_images.estate_id, id)).orderBy(s.estate_images.index);
}

/** Everything stored about a post (the listing, its edits and photos) and the size of the audit log. */
async function snapshot(id: number) {
  return { estate: await estateRow(id), edits: await editsOf(id), images: await imagesOf(id), audit: await auditCount() };
}

/** The base names of a public listing's photos, in gallery order (from the URLs the pages get). */
const filesOf = (images: { small: string }[]) => images.map((i) => /^\/images\/(.+)-400\.webp$/.exec(i.small)?.[1]);

/** The search card of a listing when it is public, found with its own place, type and offer type (every page). */
async function searchCard(id: number) {
  const row = await estateRow(id);
  const filter = {
    location_id: row.location_id,
    estate_type_id: row.estate_type_id,
    estate_offer_type_id: row.estate_offer_type_id,
  };
  for (let page = 1; ; page++) {
    const result = await searchEstates(db(), filter, page, "ar");
    const card = result.items.find((c) => c.id === id);
    if (card || page >= result.pageCount) return card;
  }
}

/** The message of a database error (drizzle wraps the driver's error, whose message is the server's). */
async function dbError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ""} ${e.cause?.message ?? ""}`;
  }
  return "no error";
}

// Requests as a browser sends them.

/** A same-site POST of a form: urlencoded fields, or multipart when it is a FormData (with files). */
function postRequest(url: string, body: Record<string, string> | FormData, cookie?: string): Request {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const payload = body instanceof FormData ? body : new URLSearchParams(body);
  return new Request(new URL(url, ORIGIN), { method: "POST", body: payload, headers });
}

const editorUrl = (id: number) => `/profile/posts/${id}`;
const loginUrl = (id: number) => `/login?redirectTo=${encodeURIComponent(editorUrl(id))}`;

/** Posts to the editor of post `id` (its action), as the holder of `cookie` (a visitor without). */
function editor(id: number, body: Record<string, string> | FormData, cookie?: string): Promise<Reply> {
  return unwrap(() =>
    editorAction({ request: postRequest(editorUrl(id), body, cookie), params: { id: String(id) }, context: {} }),
  );
}
/** Opens the editor of post `id` (its loader). */
function openEditor(id: number, cookie?: string, search = ""): Promise<Reply> {
  return callLoader(editorLoader, `${editorUrl(id)}${search}`, { params: { id: String(id) }, cookie });
}

// Photos, made with sharp (no binary file in the repository).

async function jpeg(seed = 0): Promise<Uint8Array> {
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 90 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(buffer);
}
async function png(): Promise<Uint8Array> {
  const buffer = await sharp({
    create: { width: 400, height: 300, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}
const SVG_WITH_SCRIPT = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);
const TEXT = new TextEncoder().encode("This is not a photo, only text.\n");

type Upload = { bytes: Uint8Array; name: string; type: string };
/** The multipart form of the editor's upload: every file in the `photos` field. */
function photosForm(files: Upload[]): FormData {
  const form = new FormData();
  for (const f of files) form.append("photos", new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return form;
}
const jpegUpload = async (seed = 0, name = `photo-${seed}.jpg`): Promise<Upload> => ({
  bytes: await jpeg(seed),
  name,
  type: "image/jpeg",
});

/** The images folder the app writes to (DATA_DIR/images, see getEnv). */
const imagesDir = () => getEnv().imagesDir;
/** Base names of the uploaded images (u-<uuid>) in the images folder. */
function uploadedFiles(): string[] {
  if (!fs.existsSync(imagesDir())) return [];
  return [...new Set(fs.readdirSync(imagesDir()).filter((f) => f.startsWith("u-")))].sort();
}
const storedFile = (file: string, width: number) => fs.existsSync(path.join(imagesDir(), `${file}-${width}.webp`));

/** Every field of the owner's editor, valid. */
const GOOD_FIELDS = {
  intent: "save",
  price: "1,250,000",
  currency: "USD",
  negotiable: "on",
  furnished: "on",
  rooms_count: "3",
  floor: "2",
  area: "135.5",
  interior_status_id: "2",
  description: "شقة مجددة بالكامل، إطلالة مفتوحة 🌇 <b>bold</b>",
};
/** What GOOD_FIELDS store. */
const GOOD_STORED = {
  price: 1_250_000,
  currency: "USD",
  negotiable: true,
  furnished: true,
  rooms_count: 3,
  floor: 2,
  area: 135.5,
  interior_status_id: 2,
};

// ---------------------------------------------------------------------------------------------------------------
// 1. The transition table

describe("the post state machine (POST_TRANSITIONS, transition)", () => {
  it("has exactly the documented states, actions and transitions", () => {
    expect(POST_STATES).toEqual(STATES);
    expect(POST_ACTIONS).toEqual(ACTIONS);
    expect(POST_TRANSITIONS).toStrictEqual(EXPECTED);
  });

  const pairs = POST_STATES.flatMap((from) =>
    POST_ACTIONS.map((action) => ({ from, action, to: EXPECTED[action][from] ?? null })),
  );
  const allowed = pairs.filter((p) => p.to !== null) as { from: PostState; action: PostAction; to: PostState }[];
  const refused = pairs.filter((p) => p.to === null);

  it("enumerates every state × action pair once", () => {
    expect(pairs).toHaveLength(STATES.length * ACTIONS.length);
    expect(allowed.length + refused.length).toBe(160);
    expect(allowed).toHaveLength(46);
  });

  it.each(allowed)("$from, $action → $to, with one audit entry", async ({ from, action, to }) => {
    const { owner, admin } = await shared();
    const id = await postIn(from, owner, admin, action === "mark_rented" ? { estate_offer_type_id: 2 } : {});
    expect(await postState(db(), id)).toBe(from);
    const actor = OWNER_ACTIONS.includes(action) ? owner.actor : admin.actor;
    const reason = NEEDS_REASON.includes(action) ? REASON : undefined;
    const before = await snapshot(id);
    const afterId = await lastAuditId();

    const facts = { ...NO_FACTS, elevator: true };
    const result = await transition(db(), id, action, actor, { reason, change: change({ price: 1_234_000 }), facts });
    expect(result).toMatchObject({ from, to, estateId: id, stateId: before.estate.state_id });
    expect(result.owner).toMatchObject({ id: owner.user.id, phone: owner.user.phone });

    // The state as stored: the listing's status, plus a pending edit for edit_pending.
    expect(await postState(db(), id)).toBe(to);
    const after = await snapshot(id);
    expect(after.estate.status).toBe(to === "edit_pending" ? "approved" : to);
    expect(after.edits.filter((e) => e.status === "pending")).toHaveLength(to === "edit_pending" ? 1 : 0);

    // Exactly one audit entry: what, who, on which listing, why.
    const audit = await auditAfter(afterId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: `estate.${action}`,
      actor_id: actor.id,
      subject_type: "estate",
      subject_id: id,
      reason: reason ?? null,
    });
    expect(audit[0].details).toMatchObject({ from, to });
    expect(after.audit).toBe(before.audit + 1);

    // Where the change landed.
    if (action === "edit" || action === "revise") {
      if (to === "edit_pending") {
        expect(after.estate).toEqual(before.estate);
        expect((await pendingEditOf(id)).price).toBe(1_234_000);
      } else {
        expect(after.estate.price).toBe(1_234_000);
      }
    }
    if (action === "correct") {
      // The facts of the version under review change, nothing else: the pending edit's, else the listing's.
      if (to === "edit_pending") {
        expect(after.estate).toEqual(before.estate);
        expect(await pendingEditOf(id)).toMatchObject({ elevator: true, price: EDITED_PRICE });
      } else {
        expect(after.estate).toEqual({ ...before.estate, elevator: true, updated_at: expect.any(Date) });
      }
      expect(audit[0].details).toMatchObject({ corrected: { before: { elevator: null }, after: { elevator: true } } });
    }
    if (action === "approve_edit") {
      expect(after.estate.price).toBe(EDITED_PRICE);
      expect(after.edits.at(-1)).toMatchObject({ status: "approved" });
    }
    if (action === "reject_edit") {
      expect(after.estate).toEqual(before.estate);
      expect(after.edits.at(-1)).toMatchObject({ status: "rejected", reject_reason: REASON });
    }
    if (action === "reject" || action === "unpublish") expect(after.estate.reject_reason).toBe(REASON);
    if (action === "approve") expect(after.estate).toMatchObject({ reject_reason: null, reviewed_at: expect.any(Date) });
    if (action === "delete") expect(after.estate.deleted_at).toEqual(expect.any(Date));
    if (from === "edit_pending" && (action === "unpublish" || action === "delete")) {
      expect(after.edits.at(-1)).toMatchObject({ status: "rejected" });
    }
  });

  it.each(refused)("$from, $action is refused with TransitionError and changes nothing", async ({ from, action }) => {
    const { owner, admin } = await shared();
    const id = await postIn(from, owner, admin, action === "mark_rented" ? { estate_offer_type_id: 2 } : {});
    const actor = OWNER_ACTIONS.includes(action) ? owner.actor : admin.actor;
    const before = await snapshot(id);

    const error = await transition(db(), id, action, actor, { reason: REASON, change: change({ price: 1_234_000 }) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransitionError);
    expect(error).toMatchObject({ from, action });

    expect(await snapshot(id)).toEqual(before);
    expect(await postState(db(), id)).toBe(from);
  });

  it.each([
    ["reject", "pending"],
    ["reject_edit", "edit_pending"],
    ["unpublish", "approved"],
    ["unpublish", "edit_pending"],
  ] as const)("%s from %s needs a reason: without one it throws and changes nothing", async (action, from) => {
    const { owner, admin } = await shared();
    const id = await postIn(from, owner, admin);
    const before = await snapshot(id);
    for (const reason of [undefined, null, "", "  \n "]) {
      await expect(transition(db(), id, action, admin.actor, { reason })).rejects.toThrow(/reason/);
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await postState(db(), id)).toBe(from);
  });

  it("answers a listing that does not exist with an error, writing nothing", async () => {
    const { admin } = await shared();
    const before = await auditCount();
    await expect(transition(db(), 2_000_000_000, "approve", admin.actor)).rejects.toThrow("missing");
    expect(await auditCount()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. What the public and the owner see

describe("a post's life, as the public and the owner see it", () => {
  it("an edit of an approved post stays private until approve_edit, then its values and photo order are public", async () => {
    const { owner, admin } = await shared();
    const [a, b, c] = [poolPhoto(1), poolPhoto(2), poolPhoto(3)];
    const id = await newPost(owner, { location_id: await place(1) });
    await transition(db(), id, "edit", owner.actor, { change: change({ price: 50_000_000 }, [a, b]) });
    expect(await getEstate(db(), id, "ar")).toBeNull();
    await transition(db(), id, "approve", admin.actor);

    const published = await getEstate(db(), id, "ar");
    expect(published).toMatchObject({ price: 50_000_000 });
    expect(filesOf(published!.images)).toEqual([a.file, b.file]);

    await transition(db(), id, "edit", owner.actor, { change: change({ price: 45_000_000, rooms_count: 4 }, [c, b, a]) });
    expect(await postState(db(), id)).toBe("edit_pending");
    const meanwhile = await getEstate(db(), id, "ar");
    expect(meanwhile).toMatchObject({ price: 50_000_000, rooms: null });
    expect(filesOf(meanwhile!.images)).toEqual([a.file, b.file]);
    const card = await searchCard(id);
    expect(card).toMatchObject({ price: 50_000_000 });
    expect(filesOf(card!.images)).toEqual([a.file, b.file]);
    // The owner works on the edit.
    const copy = await workingCopy(db(), id);
    expect(copy).toMatchObject({ state: "edit_pending", fields: { price: 45_000_000, rooms_count: 4 } });
    expect(copy!.images.map((i) => i.file)).toEqual([c.file, b.file, a.file]);

    await transition(db(), id, "approve_edit", admin.actor);
    const updated = await getEstate(db(), id, "ar");
    expect(updated).toMatchObject({ price: 45_000_000, rooms: 4 });
    expect(filesOf(updated!.images)).toEqual([c.file, b.file, a.file]);
    const newCard = await searchCard(id);
    expect(newCard).toMatchObject({ price: 45_000_000 });
    expect(filesOf(newCard!.images)).toEqual([c.file, b.file, a.file]);
    expect(await postState(db(), id)).toBe("approved");
  });

  it("reject_edit keeps the public version and shows the owner why; a new edit clears the reason", async () => {
    const { owner, admin } = await shared();
    const id = await newPost(owner, { location_id: await place(1) });
    await transition(db(), id, "edit", owner.actor, { change: change({ price: 70_000_000 }, [poolPhoto(4)]) });
    await transition(db(), id, "approve", admin.actor);
    await transition(db(), id, "edit", owner.actor, { change: change({ price: 1 }, []) });
    const reason = "الصور الجديدة غير واضحة";
    await transition(db(), id, "reject_edit", admin.actor, { reason });

    expect(await postState(db(), id)).toBe("approved");
    const pub = await getEstate(db(), id, "ar");
    expect(pub).toMatchObject({ price: 70_000_000 });
    expect(filesOf(pub!.images)).toEqual([poolPhoto(4).file]);
    // The owner's editor starts again from the public version, and says why the edit was refused.
    expect(await workingCopy(db(), id)).toMatchObject({ state: "approved", fields: { price: 70_000_000 } });
    expect(await editablePost(db(), id, owner.actor)).toMatchObject({ rejectReason: null, editRejectReason: reason });
    const mine = (await userPosts(db(), owner.user.id, "ar")).find((p) => p.kind === "estate" && p.id === id);
    expect(mine).toMatchObject({ state: "approved", rejectReason: reason, waitingSince: null });
    const page = await openEditor(id, owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data.post).toMatchObject({ state: "approved", editRejectReason: reason });

    await transition(db(), id, "edit", owner.actor, { change: change({ price: 69_000_000 }) });
    expect(await editablePost(db(), id, owner.actor)).toMatchObject({ editRejectReason: null });
    const again = (await userPosts(db(), owner.user.id, "ar")).find((p) => p.kind === "estate" && p.id === id);
    expect(again).toMatchObject({ state: "edit_pending", rejectReason: null });
  });

  it("a rejected post edited by its owner goes back to review: pending, a new submitted_at, no reason", async () => {
    const { owner, admin } = await shared();
    const id = await newPost(owner);
    const longAgo = new Date(Date.now() - 3 * 24 * 3_600_000);
    await db().update(s.estates).set({ submitted_at: longAgo }).where(eq(s.estates.id, id));
    await transition(db(), id, "reject", admin.actor, { reason: REASON });
    expect((await userPosts(db(), owner.user.id, "ar")).find((p) => p.id === id)).toMatchObject({
      state: "rejected",
      rejectReason: REASON,
    });

    await transition(db(), id, "edit", owner.actor, { change: change({ price: 30_000_000 }) });
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "pending", reject_reason: null, reviewed_at: null, price: 30_000_000 });
    expect(row.submitted_at.getTime()).toBeGreaterThan(longAgo.getTime());
    const mine = (await userPosts(db(), owner.user.id, "ar")).find((p) => p.id === id);
    expect(mine).toMatchObject({ state: "pending", rejectReason: null, waitingSince: row.submitted_at.toISOString() });
    expect(await getEstate(db(), id, "ar")).toBeNull();
  });

  it("delete hides the post from every public page and from its editor, and keeps the row", async () => {
    const { owner, admin } = await shared();
    const id = await postIn("approved", owner, admin);
    expect(await getEstate(db(), id, "ar")).not.toBeNull();
    expect(await searchCard(id)).toBeDefined();

    await transition(db(), id, "delete", owner.actor);
    expect(await getEstate(db(), id, "ar")).toBeNull();
    expect(await searchCard(id)).toBeUndefined();
    const row = await estateRow(id);
    expect(row).toMatchObject({ status: "deleted", deleted_at: expect.any(Date) });
    expect(await editablePost(db(), id, owner.actor)).toBeNull();
    expect((await openEditor(id, owner.cookie)).status).toBe(404);
    expect((await userPosts(db(), owner.user.id, "ar")).find((p) => p.id === id)).toMatchObject({ state: "deleted" });
  });

  it("a suspended owner's approved post is not public, and is public again once the account is active", async () => {
    const { admin } = await shared();
    const owner = await account(db());
    const id = await postIn("approved", owner, admin);
    expect(await getEstate(db(), id, "ar")).not.toBeNull();

    await setUserStatus(owner.user.id, "suspended");
    expect(await getEstate(db(), id, "ar")).toBeNull();
    expect(await searchCard(id)).toBeUndefined();
    expect((await estateRow(id)).status).toBe("approved");

    await setUserStatus(owner.user.id, "active");
    expect(await getEstate(db(), id, "ar")).toMatchObject({ id });
    expect(await searchCard(id)).toMatchObject({ id });
  });

  it("the audit log refuses UPDATE, DELETE and TRUNCATE", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const [entry] = await db()
      .select()
      .from(s.audit_log)
      .where(eq(s.audit_log.subject_id, id))
      .orderBy(desc(s.audit_log.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "estate.submit", actor_id: owner.user.id });
    const total = await auditCount();

    expect(await dbError(db().execute(sql`update audit_log set reason = 'forged' where id = ${entry.id}`))).toMatch(
      /never changed or deleted/,
    );
    expect(await dbError(db().execute(sql`delete from audit_log where id = ${entry.id}`))).toMatch(/never changed or deleted/);
    expect(await dbError(db().execute(sql`delete from audit_log`))).toMatch(/never changed or deleted/);
    expect(await dbError(db().execute(sql`truncate audit_log`))).toMatch(/never changed or deleted/);

    const [still] = await db().select().from(s.audit_log).where(eq(s.audit_log.id, entry.id));
    expect(still).toEqual(entry);
    expect(await auditCount()).toBe(total);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. Guards of the editor

describe("the editor's guards (/profile/posts/:id)", () => {
  let owner: Account;
  let other: Account;
  let admin: Account;
  let suspended: Account;
  let postId: number;
  let suspendedPostId: number;
  const photos = [poolPhoto(5), poolPhoto(6), poolPhoto(7)];

  beforeAll(async () => {
    owner = await account(db());
    other = await account(db());
    admin = await account(db(), { role: "admin" });
    suspended = await account(db());
    postId = await newPost(owner);
    await transition(db(), postId, "edit", owner.actor, { change: change({ price: 12_000_000 }, photos) });
    suspendedPostId = await newPost(suspended);
    await transition(db(), suspendedPostId, "edit", suspended.actor, { change: change({}, photos) });
    await setUserStatus(suspended.user.id, "suspended");
  });

  /** Every intent of the editor's action, as the page posts it. */
  const INTENTS: [string, () => Promise<Record<string, string> | FormData>][] = [
    ["save", async () => ({ ...GOOD_FIELDS, price: "1" })],
    ["upload", async () => photosForm([await jpegUpload(1)])],
    ["cover", async () => ({ intent: "cover", file: photos[2].file })],
    ["up", async () => ({ intent: "up", file: photos[1].file })],
    ["down", async () => ({ intent: "down", file: photos[0].file })],
    ["remove", async () => ({ intent: "remove", file: photos[0].file })],
    ["delete", async () => ({ intent: "delete", confirm: "yes" })],
  ];

  it("the owner gets the editor with the post's state, fields and photos", async () => {
    const res = await openEditor(postId, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.data.post).toMatchObject({ id: postId, state: "pending", staff: false, rejectReason: null });
    expect(res.data.photos.map((p: { file: string }) => p.file)).toEqual(photos.map((p) => p.file));
    expect(res.data.defaults).toMatchObject({ price: "12000000", area: "120", description: "شقة مشمسة قرب الجامعة" });
    expect(res.data.sent).toBe(false);
  });

  it("a visitor is sent to log in and back", async () => {
    const res = await openEditor(postId);
    expect(res).toRedirectTo(loginUrl(postId));
  });

  it.each(["another user", "an admin"] as const)("the loader answers %s 404 for an owner's post", async (who) => {
    const res = await openEditor(postId, who === "an admin" ? admin.cookie : other.cookie);
    expect(res.status).toBe(404);
  });

  it("a suspended owner is logged out: the loader sends them to log in", async () => {
    const res = await openEditor(suspendedPostId, suspended.cookie);
    expect(res).toRedirectTo(loginUrl(suspendedPostId));
  });

  it("answers 404 for a missing id, a malformed id and a deleted post", async () => {
    expect((await openEditor(2_000_000_000, owner.cookie)).status).toBe(404);
    const bad = await callLoader(editorLoader, "/profile/posts/abc", { params: { id: "abc" }, cookie: owner.cookie });
    expect(bad.status).toBe(404);
    const deleted = await postIn("deleted", owner, admin);
    expect((await openEditor(deleted, owner.cookie)).status).toBe(404);
    expect((await editor(deleted, { ...GOOD_FIELDS }, owner.cookie)).status).toBe(404);
  });

  describe.each(INTENTS)("intent %s", (_intent, body) => {
    it("a visitor is sent to log in; nothing changes", async () => {
      const before = await snapshot(postId);
      const files = uploadedFiles();
      const res = await editor(postId, await body());
      expect(res).toRedirectTo(loginUrl(postId));
      expect(await snapshot(postId)).toEqual(before);
      expect(uploadedFiles()).toEqual(files);
    });

    it.each(["another user", "an admin"] as const)("%s gets 404; nothing changes", async (who) => {
      const before = await snapshot(postId);
      const files = uploadedFiles();
      const res = await editor(postId, await body(), who === "an admin" ? admin.cookie : other.cookie);
      expect(res.status).toBe(404);
      expect(await snapshot(postId)).toEqual(before);
      expect(uploadedFiles()).toEqual(files);
    });

    it("a suspended owner is sent to log in; nothing changes", async () => {
      const before = await snapshot(suspendedPostId);
      const files = uploadedFiles();
      const res = await editor(suspendedPostId, await body(), suspended.cookie);
      expect(res).toRedirectTo(loginUrl(suspendedPostId));
      expect(await snapshot(suspendedPostId)).toEqual(before);
      expect(uploadedFiles()).toEqual(files);
    });
  });

  describe("a staff listing (no owner account)", () => {
    let staffId: number;
    beforeAll(async () => {
      const [row] = await db()
        .select({ id: s.estates.id })
        .from(s.estates)
        .where(and(isNull(s.estates.user_id), eq(s.estates.status, "approved")))
        .orderBy(desc(s.estates.id))
        .limit(1);
      staffId = row.id;
    });

    it("is 404 for a user, and opens for an admin with both descriptions", async () => {
      expect((await openEditor(staffId, owner.cookie)).status).toBe(404);
      expect((await editor(staffId, { ...GOOD_FIELDS }, owner.cookie)).status).toBe(404);
      const res = await openEditor(staffId, admin.cookie);
      expect(res.status).toBe(200);
      const row = await estateRow(staffId);
      expect(res.data.post).toMatchObject({ id: staffId, staff: true, state: "approved" });
      expect(res.data.defaults).toMatchObject({
        price: String(row.price),
        description_ar: row.description_ar,
        description_en: row.description_en,
      });
    });

    it("an admin's save revises it in place: still approved, public at once, audited as estate.revise", async () => {
      const afterId = await lastAuditId();
      const form = {
        intent: "save",
        price: "777000000",
        currency: "SYP",
        rooms_count: "5",
        floor: "1",
        area: "210",
        interior_status_id: "4",
        // A rent needs its period (decision 057); a sale ignores it.
        period_type_id: "5",
        description_ar: "فيلا مع حديقة واسعة",
        description_en: "A villa with a large garden",
      };
      const res = await editor(staffId, form, admin.cookie);
      expect(res).toRedirectTo(editorUrl(staffId));
      await expect(res).toFlashToast("success", FORMS.post.saved);

      expect(await estateRow(staffId)).toMatchObject({
        status: "approved",
        user_id: null,
        price: 777_000_000,
        negotiable: false,
        furnished: false,
        rooms_count: 5,
        floor: 1,
        area: 210,
        interior_status_id: 4,
        description_ar: form.description_ar,
        description_en: form.description_en,
      });
      expect(await editsOf(staffId)).toEqual([]);
      expect(await postState(db(), staffId)).toBe("approved");
      expect(await getEstate(db(), staffId, "en")).toMatchObject({ price: 777_000_000, description: form.description_en });
      const audit = await auditAfter(afterId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: "estate.revise",
        actor_id: admin.user.id,
        subject_type: "estate",
        subject_id: staffId,
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. The editor's action

describe("the editor's action: fields", () => {
  it("refuses bad input with 400, every typed value back and nothing stored", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    const form = { ...GOOD_FIELDS, area: "abc", rooms_count: "x", description: "و".repeat(2001) };
    const res = await editor(id, form, owner.cookie);
    expect(res.status).toBe(400);
    const result = res.data.lastResult;
    expect(result.initialValue).toEqual(form);
    expect(res).toHaveFormErrors("forms:errors.checkData");
    expect(res).toHaveFieldError("area", "forms:errors.areaNumeric");
    expect(res).toHaveFieldError("rooms_count", "forms:errors.wholeNumber");
    expect(res).toHaveFieldError("description", { key: "forms:errors.infoMax", values: { max: 2000 } });
    expect(await snapshot(id)).toEqual(before);
  });

  it("stores a pending post's fields in place, still pending, with the 'sent for review' toast", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const afterId = await lastAuditId();
    const res = await editor(id, GOOD_FIELDS, owner.cookie);
    expect(res).toRedirectTo(editorUrl(id));
    await expect(res).toFlashToast("success", FORMS.post.sentForReview);
    expect(await estateRow(id)).toMatchObject({
      ...GOOD_STORED,
      status: "pending",
      description_ar: GOOD_FIELDS.description,
      description_en: GOOD_FIELDS.description,
    });
    expect(await editsOf(id)).toEqual([]);
    expect((await auditAfter(afterId)).map((a) => [a.action, a.actor_id, a.subject_id])).toEqual([
      ["estate.edit", owner.user.id, id],
    ]);

    const page = await openEditor(id, owner.cookie);
    expect(page.data.defaults).toMatchObject({
      price: "1250000",
      currency: "USD",
      negotiable: "on",
      furnished: "on",
      rooms_count: "3",
      area: "135.5",
    });
  });

  it("keeps an empty price as 'price on request' and unchecked boxes as false", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    await editor(id, GOOD_FIELDS, owner.cookie);
    const res = await editor(id, { intent: "save", price: "", currency: "SYP", area: "90", description: "" }, owner.cookie);
    expect(res.status).toBe(302);
    expect(await estateRow(id)).toMatchObject({
      price: null,
      currency: "SYP",
      negotiable: false,
      furnished: false,
      rooms_count: null,
      floor: null,
      area: 90,
    });
  });

  it("sends an approved post's edit for review: an estate_edits row, the listing unchanged", async () => {
    const { owner, admin } = await shared();
    const id = await postIn("approved", owner, admin);
    const before = await estateRow(id);
    const res = await editor(id, GOOD_FIELDS, owner.cookie);
    expect(res.status).toBe(302);
    expect(await estateRow(id)).toEqual(before);
    const edits = await editsOf(id);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      ...GOOD_STORED,
      status: "pending",
      user_id: owner.user.id,
      description: GOOD_FIELDS.description,
    });
    expect(await getEstate(db(), id, "ar")).toMatchObject({ price: null, rooms: null });

    // The editor shows the edit; a second save updates the same pending edit.
    const page = await openEditor(id, owner.cookie);
    expect(page.data.post.state).toBe("edit_pending");
    expect(page.data.defaults).toMatchObject({ price: "1250000", currency: "USD" });
    expect((await editor(id, { ...GOOD_FIELDS, price: "1300000" }, owner.cookie)).status).toBe(302);
    const again = await editsOf(id);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: edits[0].id, price: 1_300_000, status: "pending" });
    expect(await estateRow(id)).toEqual(before);
  });

  it("sends a rejected post back to review when its owner saves it: pending, no reason", async () => {
    const { owner, admin } = await shared();
    const id = await postIn("rejected", owner, admin);
    const page = await openEditor(id, owner.cookie);
    expect(page.data.post).toMatchObject({ state: "rejected", rejectReason: REASON });
    const before = await estateRow(id);

    const res = await editor(id, GOOD_FIELDS, owner.cookie);
    expect(res.status).toBe(302);
    const row = await estateRow(id);
    expect(row).toMatchObject({ ...GOOD_STORED, status: "pending", reject_reason: null, reviewed_at: null });
    expect(row.submitted_at.getTime()).toBeGreaterThanOrEqual(before.submitted_at.getTime());
    expect((await openEditor(id, owner.cookie)).data.post).toMatchObject({ state: "pending", rejectReason: null });
  });

  it("refuses a price above its currency's bound with the bounds, every typed value back and nothing stored (decision 082)", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    const tooHigh = { key: "forms:errors.priceMax", values: { syp: "1,000,000,000,000", usd: "1,000,000,000" } };
    for (const [price, currency] of [
      ["1000000000000000", "USD"],
      ["1,000,000,001", "USD"],
      ["1000000000001", "SYP"],
      ["99999999999999999999", "SYP"],
    ]) {
      const form = { ...GOOD_FIELDS, price, currency };
      const res = await editor(id, form, owner.cookie);
      expect(res.status, `${price} ${currency}`).toBe(400);
      expect(res.data.lastResult.initialValue).toEqual(form);
      expect(res).toHaveFieldError("price", tooHigh);
      expect(await snapshot(id)).toEqual(before);
    }
    expect(FORMS.errors.priceMax).toBe("لا يمكن أن يزيد السعر على {{syp}} ليرة سورية أو {{usd}} دولار أمريكي");
    // The bounds themselves are prices.
    for (const [price, currency] of [
      ["1,000,000,000", "USD"],
      ["1,000,000,000,000", "SYP"],
    ]) {
      expect((await editor(id, { ...GOOD_FIELDS, price, currency }, owner.cookie)).status).toBe(302);
      expect(await estateRow(id)).toMatchObject({ price: Number(price.replace(/,/g, "")), currency });
    }
  });

  it("approves any stored price and takes any rate without a 500: a dollar price's SYP price stops at the largest bigint", async () => {
    const { owner, admin } = await shared();
    // A price stored before the bounds (the forms once took 10^15 dollars), and a nightly rent at the bounds.
    const old = await newPost(owner);
    await db().update(s.estates).set({ price: 1e15, currency: "USD" }).where(eq(s.estates.id, old));
    const nightly = await newPost(owner, { estate_offer_type_id: 2 });
    await db().update(s.estates).set({ price: 1e9, currency: "USD", period_type_id: 1 }).where(eq(s.estates.id, nightly));
    try {
      await setRate(db(), admin.user.id, { sypPerUsd: RATE_MAX });
      for (const id of [old, nightly]) await transition(db(), id, "approve", admin.actor);
      // The largest bigint, 2^63 − 1, as a JavaScript number reads it.
      expect(await estateRow(old)).toMatchObject({ status: "approved", price_syp: 2 ** 63 });
      expect(await estateRow(nightly)).toMatchObject({ status: "approved", price_syp: 1e16, price_sort_syp: 3e17 });
    } finally {
      await setRate(db(), admin.user.id, { sypPerUsd: 110 });
    }
    expect(await estateRow(old)).toMatchObject({ price_syp: 110e15 });
  });

  it("deletes only with the confirmation, then goes to /profile", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    const unconfirmed = await editor(id, { intent: "delete" }, owner.cookie);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toEqual({ message: { key: "forms:post.confirmDelete" } });
    expect(await snapshot(id)).toEqual(before);

    const res = await editor(id, { intent: "delete", confirm: "yes" }, owner.cookie);
    expect(res).toRedirectTo("/profile");
    await expect(res).toFlashToast("success", FORMS.post.deleted);
    expect(await estateRow(id)).toMatchObject({ status: "deleted", deleted_at: expect.any(Date) });
  });

  it("answers an unknown intent or a malformed photo name with 400, changing nothing", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    expect((await editor(id, { intent: "publish" }, owner.cookie)).status).toBe(400);
    expect((await editor(id, { intent: "cover", file: "../../etc/passwd" }, owner.cookie)).status).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("the editor's action: photo uploads", () => {
  it("stores a JPEG on a pending post: an estate_images row and its WebP files", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const files = uploadedFiles();
    const res = await editor(id, photosForm([await jpegUpload(2)]), owner.cookie);
    expect(res).toRedirectTo(editorUrl(id));
    const images = await imagesOf(id);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ index: 0, file: expect.stringMatching(/^u-[0-9a-f-]{36}$/), width: 480, height: 360 });
    expect(storedFile(images[0].file, 400)).toBe(true);
    expect(storedFile(images[0].file, 800)).toBe(true);
    expect(uploadedFiles()).toEqual([...files, `${images[0].file}-400.webp`, `${images[0].file}-800.webp`].sort());
    const page = await openEditor(id, owner.cookie);
    expect(page.data.photos).toEqual([{ file: images[0].file, src: `/images/${images[0].file}-400.webp` }]);
  });

  it("takes a photo sent again with the same Idempotency-Key once: the browser's retry after a lost answer (decision 087)", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const key = "5b0f4d52-3f2b-4d7c-9a43-0c2f7c1d9e11";
    const send = async () => {
      const request = postRequest(editorUrl(id), photosForm([await jpegUpload(7)]), owner.cookie);
      request.headers.set("Idempotency-Key", key);
      return unwrap(() => editorAction({ request, params: { id: String(id) }, context: {} }));
    };
    const first = await send();
    expect(first).toRedirectTo(editorUrl(id));
    const again = await send();
    expect(again).toRedirectTo(editorUrl(id));
    expect(await imagesOf(id)).toHaveLength(1);
    // Another key is another photo.
    const other = postRequest(editorUrl(id), photosForm([await jpegUpload(8)]), owner.cookie);
    other.headers.set("Idempotency-Key", "0d3c6a1e-8f7b-4e2a-b1c9-7a6e5d4c3b2a");
    expect(await unwrap(() => editorAction({ request: other, params: { id: String(id) }, context: {} }))).toRedirectTo(
      editorUrl(id),
    );
    expect(await imagesOf(id)).toHaveLength(2);
  });

  it("puts a photo of an approved post into its pending edit, not on the public listing", async () => {
    const { owner, admin } = await shared();
    const id = await postIn("approved", owner, admin);
    const res = await editor(id, photosForm([await jpegUpload(3)]), owner.cookie);
    expect(res.status).toBe(302);
    expect(await imagesOf(id)).toEqual([]);
    const edit = await pendingEditOf(id);
    expect(edit.images).toHaveLength(1);
    expect(storedFile(edit.images[0].file, 400)).toBe(true);
    expect(storedFile(edit.images[0].file, 800)).toBe(true);
    expect((await getEstate(db(), id, "ar"))!.images).toEqual([]);
  });

  it("accepts a PNG named .jpg (the type comes from the bytes)", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const res = await editor(id, photosForm([{ bytes: await png(), name: "holiday.jpg", type: "image/jpeg" }]), owner.cookie);
    expect(res.status).toBe(302);
    const images = await imagesOf(id);
    expect(images).toHaveLength(1);
    expect(storedFile(images[0].file, 400)).toBe(true);
  });

  const BAD: [string, () => Upload, string][] = [
    ["a text file", () => ({ bytes: TEXT, name: "notes.jpg", type: "image/jpeg" }), "notImage"],
    ["an SVG with a script", () => ({ bytes: SVG_WITH_SCRIPT, name: "plan.svg", type: "image/svg+xml" }), "notImage"],
    ["a 0-byte file", () => ({ bytes: new Uint8Array(0), name: "empty.jpg", type: "image/jpeg" }), "empty"],
    [
      "a 50 MB file",
      () => ({ bytes: new Uint8Array(50 * 1024 * 1024).fill(0xff), name: "huge.jpg", type: "image/jpeg" }),
      "tooLarge",
    ],
  ];

  it.each(BAD)("refuses %s with 400 and photoProblems, storing nothing", async (_name, upload, problem) => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    const files = uploadedFiles();
    const res = await editor(id, photosForm([upload()]), owner.cookie);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ photoProblems: [problem] });
    expect(await snapshot(id)).toEqual(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it("answers a form without any file with 400 (empty)", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const before = await snapshot(id);
    const form = new FormData();
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    const res = await editor(id, form, owner.cookie);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ photoProblems: ["empty"] });
    expect(await snapshot(id)).toEqual(before);
  });

  it("keeps at most 12 photos: 13 at once keeps 12 and says tooMany", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const uploads = await Promise.all(Array.from({ length: 13 }, (_, i) => jpegUpload(i, `p${i}.jpg`)));
    const res = await editor(id, photosForm(uploads), owner.cookie);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ photoProblems: ["tooMany"] });
    expect(await imagesOf(id)).toHaveLength(12);

    const more = await editor(id, photosForm([await jpegUpload(20)]), owner.cookie);
    expect(more.status).toBe(400);
    expect(more.data).toEqual({ photoProblems: ["tooMany"] });
    expect(await imagesOf(id)).toHaveLength(12);
  });

  it("keeps at most 12 photos in total: 10, then 3 more, keeps 12", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => jpegUpload(i)));
    expect((await editor(id, photosForm(first), owner.cookie)).status).toBe(302);
    const kept = (await imagesOf(id)).map((i) => i.file);
    expect(kept).toHaveLength(10);
    const res = await editor(id, photosForm(await Promise.all([30, 31, 32].map((n) => jpegUpload(n)))), owner.cookie);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ photoProblems: ["tooMany"] });
    const images = (await imagesOf(id)).map((i) => i.file);
    expect(images).toHaveLength(12);
    expect(images.slice(0, 10)).toEqual(kept);
  });
});

describe("the editor's action: uploads at the same time", () => {
  /**
   * A POST of the editor's upload form whose body the test holds: the part header and half of `bytes` at once, the
   * rest when `finish` is called (a slow phone still sending).
   */
  function heldEditorPost(id: number, cookie: string, bytes: Uint8Array) {
    const boundary = "EditorB0undary";
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const half = Math.floor(bytes.byteLength / 2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    controller.enqueue(Buffer.concat([Buffer.from(head), Buffer.from(bytes.subarray(0, half))]));
    const headers = new Headers({ Origin: ORIGIN, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` });
    const request = new Request(new URL(editorUrl(id), ORIGIN), { method: "POST", headers, body, duplex: "half" } as RequestInit);
    const reply = unwrap(() => editorAction({ request, params: { id: String(id) }, context: {} }));
    return {
      reply,
      finish() {
        controller.enqueue(Buffer.concat([Buffer.from(bytes.subarray(half)), Buffer.from(`\r\n--${boundary}--\r\n`)]));
        controller.close();
      },
    };
  }
  const tempEntries = () => (fs.existsSync(uploadTempRoot()) ? fs.readdirSync(uploadTempRoot()) : []);

  it("answers a second upload of the same account, while the first is still sending, with 429 and the translated message", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    const otherId = await newPost(owner);
    const first = heldEditorPost(id, owner.cookie, await jpeg(40));
    await vi.waitFor(() => expect(tempEntries()).toHaveLength(1));

    const files = uploadedFiles();
    const before = await snapshot(otherId);
    const second = await editor(otherId, photosForm([await jpegUpload(41)]), owner.cookie);
    expect(second.status).toBe(429);
    expect(second.data).toEqual({ photoProblems: ["busy"] });
    // the page shows forms:upload.<problem> beside the upload field: a real sentence in both languages
    expect(resources.ar.forms.upload.busy).toMatch(/رفع/);
    expect(resources.en.forms.upload.busy).toMatch(/upload/i);
    expect(await snapshot(otherId)).toEqual(before);
    expect(uploadedFiles()).toEqual(files);

    first.finish();
    const res = await first.reply;
    expect(res.status).toBe(302);
    expect(await imagesOf(id)).toHaveLength(1);
    // the account can upload again, and no temporary file is left
    expect((await editor(otherId, photosForm([await jpegUpload(42)]), owner.cookie)).status).toBe(302);
    expect(await imagesOf(otherId)).toHaveLength(1);
    expect(tempEntries()).toEqual([]);
  });

  it("answers 429 when four uploads already run in the process, and takes the next one after", async () => {
    const owners = await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY.perProcess + 1 }, () => account(db())));
    const ids = await Promise.all(owners.map((o) => newPost(o)));
    const held = [];
    for (let i = 0; i < UPLOAD_CONCURRENCY.perProcess; i++) {
      held.push(heldEditorPost(ids[i], owners[i].cookie, await jpeg(50 + i)));
      await vi.waitFor(() => expect(tempEntries()).toHaveLength(i + 1));
    }
    const last = owners.length - 1;
    const refused = await editor(ids[last], photosForm([await jpegUpload(60)]), owners[last].cookie);
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ photoProblems: ["busy"] });
    expect(await imagesOf(ids[last])).toEqual([]);

    for (const h of held) h.finish();
    expect((await Promise.all(held.map((h) => h.reply))).map((r) => r.status)).toEqual(held.map(() => 302));
    expect((await editor(ids[last], photosForm([await jpegUpload(60)]), owners[last].cookie)).status).toBe(302);
    expect(await imagesOf(ids[last])).toHaveLength(1);
    expect(tempEntries()).toEqual([]);
  });
});

describe("photo files leave the disk with the last version that uses them", () => {
  const photoFiles = (file: string) => [storedFile(file, 400), storedFile(file, 800)];
  /** Uploads `n` photos to post `id` through the editor; returns their base names, in gallery order. */
  async function upload(id: number, owner: Account, n: number, seed: number): Promise<string[]> {
    const before = (await workingCopy(db(), id))!.images.map((i) => i.file);
    const res = await editor(
      id,
      photosForm(await Promise.all(Array.from({ length: n }, (_, i) => jpegUpload(seed + i)))),
      owner.cookie,
    );
    expect(res.status).toBe(302);
    const after = (await workingCopy(db(), id))!.images.map((i) => i.file);
    return after.filter((f) => !before.includes(f));
  }

  it("deletes a removed photo's files (every width), then all of a deleted post's once the deletion commits; never the seed pool's", async () => {
    const owner = await account(db());
    const id = await newPost(owner);
    // The seed pool's files (here stand-ins in this file's images folder) are shared by many listings.
    fs.mkdirSync(imagesDir(), { recursive: true });
    for (const width of [400, 800]) fs.writeFileSync(path.join(imagesDir(), `seed-photo-3-${width}.webp`), "shared");
    await transition(db(), id, "edit", owner.actor, { change: change({}, [poolPhoto(3), poolPhoto(4)]) });
    const [a, b, c] = await upload(id, owner, 3, 70);
    for (const f of [a, b, c]) expect(photoFiles(f)).toEqual([true, true]);

    expect((await editor(id, { intent: "remove", file: b }, owner.cookie)).status).toBe(302);
    expect(photoFiles(b)).toEqual([false, false]);
    expect(photoFiles(a)).toEqual([true, true]);
    expect(photoFiles(c)).toEqual([true, true]);
    expect((await editor(id, { intent: "remove", file: poolPhoto(3).file }, owner.cookie)).status).toBe(302);
    expect(photoFiles("seed-photo-3")).toEqual([true, true]);

    // A deletion whose transaction rolls back deletes no file.
    const failing = transition(db(), id, "delete", owner.actor, {
      also: async () => {
        throw new Error("a later write failed");
      },
    });
    await expect(failing).rejects.toThrow("a later write failed");
    expect(photoFiles(a)).toEqual([true, true]);
    expect(photoFiles(c)).toEqual([true, true]);

    expect((await editor(id, { intent: "delete", confirm: "yes" }, owner.cookie)).status).toBe(302);
    expect(photoFiles(a)).toEqual([false, false]);
    expect(photoFiles(c)).toEqual([false, false]);
    expect(uploadedFiles().filter((f) => [a, b, c].some((x) => f.startsWith(x)))).toEqual([]);
    expect(photoFiles("seed-photo-3")).toEqual([true, true]);
  });

  it("keeps a photo the approved version still shows while an edit without it waits; deletes it when the edit is approved", async () => {
    const { admin } = await shared();
    const owner = await account(db());
    const id = await newPost(owner);
    const [a, b] = await upload(id, owner, 2, 80);
    await transition(db(), id, "approve", admin.actor);

    expect((await editor(id, { intent: "remove", file: a }, owner.cookie)).status).toBe(302);
    expect((await pendingEditOf(id)).images.map((i) => i.file)).toEqual([b]);
    expect(photoFiles(a)).toEqual([true, true]);
    expect(filesOf((await getEstate(db(), id, "ar"))!.images)).toEqual([a, b]);

    const result = await transition(db(), id, "approve_edit", admin.actor);
    expect(result.releasedImages).toEqual([a]);
    expect(photoFiles(a)).toEqual([false, false]);
    expect(photoFiles(b)).toEqual([true, true]);
  });

  it("deletes the new photos of a refused edit, keeping the approved version's", async () => {
    const { admin } = await shared();
    const owner = await account(db());
    const id = await newPost(owner);
    const [a] = await upload(id, owner, 1, 90);
    await transition(db(), id, "approve", admin.actor);
    const [added] = await upload(id, owner, 1, 91);
    expect(photoFiles(added)).toEqual([true, true]);

    await transition(db(), id, "reject_edit", admin.actor, { reason: REASON });
    expect(photoFiles(added)).toEqual([false, false]);
    expect(photoFiles(a)).toEqual([true, true]);
    expect(filesOf((await getEstate(db(), id, "ar"))!.images)).toEqual([a]);
  });
});

describe("the editor's action: cover, up, down, remove", () => {
  const [a, b, c] = [poolPhoto(8), poolPhoto(9), poolPhoto(10)];
  const order = async (id: number) => (await workingCopy(db(), id))!.images.map((i) => i.file);

  it("reorders and removes the photos of a pending post, the first being the cover", async () => {
    const { owner } = await shared();
    const id = await newPost(owner);
    await transition(db(), id, "edit", owner.actor, { change: change({}, [a, b, c]) });
    const step = async (intent: string, file: string, expected: StoredImage[]) => {
      const res = await editor(id, { intent, file: file }, owner.cookie);
      expect(res.status, `${intent} ${file}`).toBe(302);
      expect(await order(id), `${intent} ${file}`).toEqual(expected.map((p) => p.file));
      expect((await imagesOf(id)).map((i) => [i.index, i.file])).toEqual(expected.map((p, i) => [i, p.file]));
    };
    await step("cover", c.file, [c, a, b]);
    await step("up", b.file, [c, b, a]);
    await step("down", c.file, [b, c, a]);
    await step("up", b.file, [b, c, a]); // the first cannot go up
    await step("down", a.file, [b, c, a]); // the last cannot go down
    await step("remove", c.file, [b, a]);
    // A photo that is not in the post: 400 with a message, and nothing changes (nothing is sent for review).
    const stray = await editor(id, { intent: "cover", file: "seed-photo-999" }, owner.cookie);
    expect(stray.status).toBe(400);
    expect(stray.data).toEqual({ message: { key: "forms:post.noSuchPhoto" } });
    expect(await order(id)).toEqual([b.file, a.file]);
    const page = await openEditor(id, owner.cookie);
    expect(page.data.photos.map((p: { file: string }) => p.file)).toEqual([b.file, a.file]);
  });

  it("reorders an approved post's photos in its pending edit; the public order changes at approve_edit", async () => {
    const { owner, admin } = await shared();
    const id = await newPost(owner);
    await transition(db(), id, "edit", owner.actor, { change: change({}, [a, b, c]) });
    await transition(db(), id, "approve", admin.actor);

    expect((await editor(id, { intent: "cover", file: c.file }, owner.cookie)).status).toBe(302);
    expect((await editor(id, { intent: "remove", file: a.file }, owner.cookie)).status).toBe(302);
    expect(await order(id)).toEqual([c.file, b.file]);
    expect(filesOf((await getEstate(db(), id, "ar"))!.images)).toEqual([a.file, b.file, c.file]);

    await transition(db(), id, "approve_edit", admin.actor);
    expect(filesOf((await getEstate(db(), id, "ar"))!.images)).toEqual([c.file, b.file]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. /new-estate

describe("/new-estate", () => {
  let ipSeq = 0;
  const newIp = () => ({ clientIp: `10.55.0.${++ipSeq}` });
  const offer = (fields: Record<string, string> = {}) => ({
    estate_type_id: "5",
    estate_offer_type_id: "2",
    period_type_id: "3",
    estate_ownership: "1",
    estate_finishing: "4",
    location_id: "1",
    area: "250",
    fullname: `Owner ${++seq}`,
    mobile: "0944 123 456",
    subject: "فيلا مع مسبح في يعفور",
    ...fields,
  });
  const estatesOf = (userId: number) => db().select().from(s.estates).where(eq(s.estates.user_id, userId));
  const offersBy = (fullname: string) => db().select().from(s.estate_offers).where(eq(s.estate_offers.fullname, fullname));

  it("makes a logged-in user's offer their pending post and continues on its editor", async () => {
    const owner = await account(db());
    const form = offer();
    const afterId = await lastAuditId();
    const res = await callAction(newEstateAction, "/new-estate", { form, cookie: owner.cookie, context: newIp() });
    expect(res.status).toBe(302);
    const rows = await estatesOf(owner.user.id);
    expect(rows).toHaveLength(1);
    const post = rows[0];
    expect(res.headers.get("Location")).toBe(`/profile/posts/${post.id}?sent=1`);
    expect(post).toMatchObject({
      status: "pending",
      user_id: owner.user.id,
      price: null,
      estate_type_id: 5,
      estate_offer_type_id: 2,
      interior_status_id: 4,
      location_id: 1,
      area: 250,
      contact_name: form.fullname,
      phone: "0944123456",
      description_ar: form.subject,
      description_en: form.subject,
      deleted_at: null,
    });
    expect(await offersBy(form.fullname)).toEqual([]);
    expect((await auditAfter(afterId)).map((a) => [a.action, a.actor_id, a.subject_id])).toEqual([
      ["estate.submit", owner.user.id, post.id],
    ]);
    expect(await getEstate(db(), post.id, "ar")).toBeNull();

    const page = await openEditor(post.id, owner.cookie, "?sent=1");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ sent: true, post: { state: "pending" }, defaults: { price: "" }, photos: [] });
  });

  /** The offer form of a logged-in owner as its browser posts it without JavaScript: multipart, fields and photos. */
  const ownerForm = (fields: Record<string, string>, files: Upload[]) => {
    const form = photosForm(files);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };
  const takeOffer = (body: FormData | Record<string, string>, cookie?: string) =>
    unwrap(() => newEstateAction({ request: postRequest("/new-estate", body, cookie), params: {}, context: newIp() }));

  it("takes a logged-in owner's price and photos in the first flow (one multipart form): a pending post with both", async () => {
    const owner = await account(db());
    const fields = offer({ price: "35٬000٬000", currency: "SYP" });
    const afterId = await lastAuditId();
    const res = await takeOffer(ownerForm(fields, [await jpegUpload(1), await jpegUpload(2)]), owner.cookie);
    expect(res.status).toBe(302);
    const [post] = await estatesOf(owner.user.id);
    expect(res.headers.get("Location")).toBe(`/profile/posts/${post.id}?sent=1`);
    await expect(res).toFlashToast("success", FORMS.toasts.offerSent);
    expect(post).toMatchObject({ status: "pending", price: 35_000_000, currency: "SYP", price_syp: 35_000_000, area: 250 });
    const photos = await db().select().from(s.estate_images).where(eq(s.estate_images.estate_id, post.id));
    expect(photos).toHaveLength(2);
    // Stored as the editor stores them: WebP files of the post, the first the cover.
    for (const photo of photos) expect(storedFile(photo.file, 400), photo.file).toBe(true);
    expect((await auditAfter(afterId)).map((a) => a.action)).toEqual(["estate.submit", "estate.edit"]);
    const page = await openEditor(post.id, owner.cookie, "?sent=1");
    expect(page.data).toMatchObject({ sent: true, defaults: { price: "35000000", currency: "SYP" } });
    expect(page.data.photos).toHaveLength(2);
  });

  it("takes an owner's price in dollars without photos, and says which files were not photos", async () => {
    const owner = await account(db());
    const res = await takeOffer(
      ownerForm(offer({ price: "120000", currency: "USD" }), [{ bytes: TEXT, name: "notes.txt", type: "text/plain" }]),
      owner.cookie,
    );
    expect(res.status).toBe(302);
    await expect(res).toFlashToast("success", FORMS.newEstate.sentSomePhotosRefused);
    const [post] = await estatesOf(owner.user.id);
    expect(post).toMatchObject({ status: "pending", price: 120_000, currency: "USD" });
    expect(await db().select().from(s.estate_images).where(eq(s.estate_images.estate_id, post.id))).toEqual([]);
  });

  it("refuses an owner's offer with a wrong price or a missing field with every value, and asks for the photos again", async () => {
    const owner = await account(db());
    const tooHigh = await takeOffer(
      ownerForm(offer({ price: "2000000000", currency: "USD" }), [await jpegUpload(3)]),
      owner.cookie,
    );
    expect(tooHigh.status).toBe(400);
    expect(tooHigh).toHaveFieldError("price", "forms:errors.priceMax");
    // No browser refills a file input: the photos are asked for again beside their field.
    expect(tooHigh).toHaveFieldError("photos", "forms:upload.again");
    expect(tooHigh.data.lastResult.initialValue).toMatchObject({
      price: "2000000000",
      currency: "USD",
      subject: "فيلا مع مسبح في يعفور",
    });
    // With JavaScript the photos wait in the browser, and the fields say how many: asked again too.
    const withScript = await takeOffer(offer({ price: "abc", area: "", photos_waiting: "2" }), owner.cookie);
    expect(withScript.status).toBe(400);
    expect(withScript).toHaveFieldError("price", "forms:errors.priceNumeric");
    expect(withScript).toHaveFieldError("area", "forms:errors.areaRequired");
    expect(withScript).toHaveFieldError("photos", "forms:upload.again");
    expect(await estatesOf(owner.user.id)).toEqual([]);
  });

  it("keeps a visitor's offer text only: a multipart body's files are dropped and its price is no post's", async () => {
    const fields = offer({ price: "1000000" });
    const res = await takeOffer(ownerForm(fields, [await jpegUpload(4)]));
    expect(res).toRedirectTo("/new-estate?sent=1");
    expect(await offersBy(fields.fullname)).toMatchObject([{ user_id: null, subject: fields.subject }]);
  });

  it("refuses a logged-in user's offer without a type with typeRequired, storing nothing", async () => {
    const owner = await account(db());
    const form = offer({ estate_type_id: "" });
    const res = await callAction(newEstateAction, "/new-estate", { form, cookie: owner.cookie, context: newIp() });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("estate_type_id", "forms:errors.typeRequired");
    expect(res.data.lastResult.initialValue).toMatchObject({ fullname: form.fullname, subject: form.subject });
    expect(await estatesOf(owner.user.id)).toEqual([]);
    expect(await offersBy(form.fullname)).toEqual([]);
  });

  it("keeps a visitor's offer a lead (estate_offers, no user) and makes no listing", async () => {
    const [{ n: before }] = await db().select({ n: count() }).from(s.estates);
    const form = offer();
    const res = await callAction(newEstateAction, "/new-estate", { form, context: newIp() });
    expect(res).toRedirectTo("/new-estate?sent=1");
    expect(await offersBy(form.fullname)).toMatchObject([
      { user_id: null, status: "pending", estate_type_id: 5, subject: form.subject },
    ]);
    const [{ n: after }] = await db().select({ n: count() }).from(s.estates);
    expect(Number(after)).toBe(Number(before));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. /profile

describe("/profile: the user's posts", () => {
  it("lists each of the user's posts with its state, the time waited or the reason, and never another's", async () => {
    const admin = await account(db(), { role: "admin" });
    const owner = await account(db());
    const stranger = await account(db());
    const ids = {} as Record<PostState, number>;
    for (const state of STATES) ids[state] = await postIn(state, owner, admin);
    const strangers = [await postIn("pending", stranger, admin), await postIn("approved", stranger, admin)];

    const res = await callLoader(profileLoader, "/profile", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const posts: { kind: string; id: number }[] = res.data.posts;
    const estates = posts.filter((p) => p.kind === "estate");
    expect(estates.map((p) => p.id).sort((x, y) => x - y)).toEqual(Object.values(ids).sort((x, y) => x - y));
    expect(estates.some((p) => strangers.includes(p.id))).toBe(false);

    const byId = new Map(estates.map((p) => [p.id, p]));
    const pending = await estateRow(ids.pending);
    expect(byId.get(ids.pending)).toMatchObject({
      state: "pending",
      stateId: pending.state_id,
      waitingSince: pending.submitted_at.toISOString(),
      rejectReason: null,
    });
    expect(byId.get(ids.approved)).toMatchObject({ state: "approved", waitingSince: null, rejectReason: null });
    const edit = await pendingEditOf(ids.edit_pending);
    expect(byId.get(ids.edit_pending)).toMatchObject({
      state: "edit_pending",
      waitingSince: edit.created_at.toISOString(),
      rejectReason: null,
    });
    expect(byId.get(ids.rejected)).toMatchObject({ state: "rejected", rejectReason: REASON, waitingSince: null });
    expect(byId.get(ids.deleted)).toMatchObject({ state: "deleted", waitingSince: null });

    const theirs = await callLoader(profileLoader, "/profile", { cookie: stranger.cookie });
    expect(
      theirs.data.posts
        .filter((p: { kind: string }) => p.kind === "estate")
        .map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([...strangers].sort());
  });

  it("sends a visitor to log in", async () => {
    const res = await callLoader(profileLoader, "/profile");
    expect(res).toRedirectTo("/login?redirectTo=%2Fprofile");
  });
});
