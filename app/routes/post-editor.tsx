import { answerOnce, IDEMPOTENCY_HEADER } from "~/features/forms/idempotency.server";
import { repostsOf } from "~/features/posts/reposts.server";
import { RepostNotice } from "~/features/posts/RepostNotice";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { PostDelete, PostDetails, PostPhotos, PostStatus } from "~/features/posts/PostEditor";
import { useForgetDraft } from "~/platform/forms/useDraft";
import type { Db } from "~/platform/db/client.server";
import { message, type Message } from "~/platform/forms/message";
import { formConstraint, parseForm, type FormResult } from "~/platform/forms/parse";
import {
  periodFieldErrors,
  photoActionSchema,
  postDeleteSchema,
  postEditorQuery,
  postEditSchema,
} from "~/features/posts/post-forms";
import { queryFlags } from "~/platform/forms/queries";
import { factKindOf, photosAfter, postFieldsOf, postFormValues } from "~/features/posts/estate-form.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import {
  transition,
  TransitionError,
  workingCopy,
  type Actor,
  type PostAction,
  type TransitionInput,
} from "~/features/posts/moderation.server";
import { editablePost, type EditablePost, type WorkingCopy } from "~/features/posts/post.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formLimit, formReply } from "~/features/forms/forms.server";
import { imageUrl, PHOTO_LIMITS, type UploadProblem } from "~/platform/images/images.server";
import { addUploadedPhotos } from "~/features/posts/post-uploads.server";
import { withMultipartForm } from "~/platform/http/multipart.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["sent", "delete"];
export const handle: LayoutHandle = { i18n: ["common", "forms", "account"] };

/** The post and the actor of a request, or a 404 when the actor may not edit it (never another's post). */
async function load(request: Request, param: string | undefined): Promise<{ actor: Account; post: EditablePost }> {
  const user = await requireUser(request);
  const id = requireId(param);
  const { db } = await pageContext(request);
  const actor = { id: user.id, admin: user.role === "admin" };
  const post = await editablePost(db, id, actor);
  if (!post) notFound();
  return { actor, post };
}

/**
 * /profile/posts/:id, the editor of a post: price, currency, negotiable, furnished, rooms, floor,
 * area, finishing, description, and the photos (upload up to PHOTO_LIMITS.maxFiles, reorder, delete; the first is
 * the cover), and deleting the post. The owner's changes are reviewed (an approved post's stay pending while the
 * approved version stays public); an admin edits the staff's listings in place. Other users' posts are 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { post } = await load(request, params.id);
  const { db, locale, t } = await pageContext(request);
  const [copy, lookups] = await Promise.all([workingCopy(db, post.id), getLookups(db)]);
  if (!copy) notFound();
  const flags = queryFlags(new URL(request.url).searchParams, postEditorQuery);
  // Decision 099: a post that repeats one of the same advertiser's listings says so, with links to edit that one.
  const reposts = await repostsOf(db, post.id, copy.state);
  return {
    reposts,
    post: {
      ...post,
      estateType: nameOf(lookups.byId.estateType.get(post.estateTypeId), locale) ?? "",
      offerType: nameOf(lookups.byId.offerType.get(post.offerTypeId), locale) ?? "",
      place: placeName(lookups, post.locationId, locale),
      state: copy.state,
    },
    photos: copy.images.map((img) => ({ file: img.file, src: imageUrl(img.file, 400) })),
    photoLimit: PHOTO_LIMITS.maxFiles,
    defaults: postFormValues(copy.fields),
    constraint: formConstraint(postEditSchema),
    finishings: lookups.interiorStatuses.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
    // A rental's period (required, decision 057); a sale has none.
    periods: post.offerTypeId === 2 ? lookups.periodTypes.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })) : [],
    // The facts of its kind (decision 093): a rent's months paid upfront, a shop's key money.
    facts: kindOfPost(post),
    sent: flags.sent,
    confirmDelete: flags.delete,
    seo: { title: t("forms:post.title", { number: post.stateId }), description: t("forms:post.description"), noindex: true },
  };
}

/** Which facts of its kind a post has (decision 093): a rent's months paid upfront, a shop's key money. */
function kindOfPost(post: EditablePost): { rent: boolean; shop: boolean } {
  return factKindOf({ estate_offer_type_id: post.offerTypeId, estate_type_id: post.estateTypeId });
}

type ActionResult = { lastResult?: FormResult; photoProblems?: UploadProblem[]; message?: Message };

/** What every change of the editor works on: the database, the post, who acts, and the page's translations. */
/** An account acting on its own post (an Actor whose id is never null). */
type Account = Actor & { id: number };
type Editing = { db: Db; post: EditablePost; actor: Account; t: Awaited<ReturnType<typeof pageContext>>["t"] };

/**
 * The editor's posts, one function each: `intent` save (the fields), upload (multipart `photos`), cover /
 * up / down / remove (one photo by its `file`), delete (with `confirm`), submit (a draft made from a visitor's offer
 * is sent for review: draft → pending; decision 055). Each is one transition in one transaction
 * with its audit entry. Bad input answers 400 with the values kept; a change the post's state does not allow answers
 * 409. An upload while another of the same account (or four in the server) runs answers 429 with photoProblems
 * ["busy"]; the files of photos that leave the post are deleted after the change commits.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, post } = await load(request, params.id);
  const { db, t } = await pageContext(request);
  const editing: Editing = { db, post, actor, t };
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    // A photo the editor's script sends again after its answer was lost is taken once (its Idempotency-Key); a form
    // posted without JavaScript has no key, and its files are not read twice.
    if (request.headers.has(IDEMPOTENCY_HEADER))
      return answerOnce({ request, params, context }, () => uploadPhotos(editing, request));
    return uploadPhotos(editing, request);
  }
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "delete") return deletePost(editing, form);
  if (intent === "save") return saveFields(editing, form);
  if (intent === "submit") return submitDraft(editing);
  return changePhoto(editing, form);
}

/**
 * Runs one transition of the post (`action`, with `input`) as the actor, in one transaction with its audit entry.
 * Returns null when done, or the 409 answer "not now" when the post's state does not allow it.
 */
async function attempt({ db, post, actor }: Editing, action: PostAction, input: TransitionInput = {}) {
  try {
    await transition(db, post.id, action, actor, input);
    return null;
  } catch (error) {
    if (error instanceof TransitionError) return data<ActionResult>({ message: message("forms:post.notNow") }, { status: 409 });
    throw error;
  }
}

/** A change of the post's working copy: the owner's edit (reviewed), or the admin's revision of a staff listing. */
function applyChange(editing: Editing, change: (copy: WorkingCopy) => WorkingCopy) {
  return attempt(editing, editing.post.staff ? "revise" : "edit", { change });
}

/**
 * Back to the editor after a change, with "saved" (a staff listing, or a draft, which nobody reviews until it is
 * sent) or "sent for review" (an owner's post).
 */
function saved({ post, t }: Editing) {
  const quiet = post.staff || post.status === "draft";
  return redirectWithSuccess(`/profile/posts/${post.id}`, t(quiet ? "forms:post.saved" : "forms:post.sentForReview"));
}

/** intent=submit: the draft goes to review (moderation's `submit`, its audit entry); 409 when it is no draft. */
async function submitDraft(editing: Editing) {
  return (
    (await attempt(editing, "submit")) ??
    redirectWithSuccess(`/profile/posts/${editing.post.id}`, editing.t("forms:post.submitted"))
  );
}

/**
 * intent=save: the fields (postEditSchema; a rent needs its period, decision 057); bad input answers 400 with "check
 * the data" and every value. A sale keeps no period.
 */
async function saveFields(editing: Editing, form: FormData) {
  const submission = parseForm(form, postEditSchema);
  const fieldErrors = periodFieldErrors(editing.post.offerTypeId, submission.payload.period_type_id);
  if (submission.status !== "success" || fieldErrors)
    return formReply(submission, { formErrors: [message("forms:errors.checkData")], fieldErrors });
  const fields = postFieldsOf(submission.value, editing.post.staff, kindOfPost(editing.post));
  if (editing.post.offerTypeId !== 2) fields.period_type_id = null;
  return (await applyChange(editing, (copy) => ({ ...copy, fields }))) ?? saved(editing);
}

/** intent=cover, up, down or remove: one photo, named by its file, that must be in the post. */
async function changePhoto(editing: Editing, form: FormData) {
  const photo = photoActionSchema.safeParse({ intent: form.get("intent"), file: form.get("file") });
  if (!photo.success) return data<ActionResult>({ message: message("forms:errors.checkData") }, { status: 400 });
  const current = await workingCopy(editing.db, editing.post.id);
  // A photo that is not (or no longer) in the post: nothing to change, and nothing to send for review.
  if (!current?.images.some((img) => img.file === photo.data.file))
    return data<ActionResult>({ message: message("forms:post.noSuchPhoto") }, { status: 400 });
  return (await applyChange(editing, (copy) => ({ ...copy, images: photosAfter(copy.images, photo.data) }))) ?? saved(editing);
}

/** intent=delete with confirm=yes: the post is deleted (a transition), and the owner goes back to /profile. */
async function deletePost(editing: Editing, form: FormData) {
  if (!postDeleteSchema.safeParse({ confirm: form.get("confirm") }).success)
    return data<ActionResult>({ message: message("forms:post.confirmDelete") }, { status: 400 });
  return (await attempt(editing, "delete")) ?? redirectWithSuccess("/profile", editing.t("forms:post.deleted"));
}

/**
 * The multipart post of new photos: within the account's upload limit (429 "too many"), at most the room left of
 * PHOTO_LIMITS.maxFiles; each chosen photo waits in a temporary file removed when this request ends and is added by
 * addUploadedPhotos (stored as WebP; those the post did not take are deleted again). A file that is no photo is a
 * problem beside the field (400), the others are still added; an image store that cannot be written (decision 060)
 * is the problem "unavailable" beside the field (503).
 */
async function uploadPhotos(editing: Editing, request: Request) {
  const { db, post, actor } = editing;
  const tooMany = await formLimit(db, "uploadUser", String(actor.id));
  if (tooMany) return data<ActionResult>({ message: tooMany }, { status: 429 });
  const current = await workingCopy(db, post.id);
  const room = PHOTO_LIMITS.maxFiles - (current?.images.length ?? 0);
  const limits = { fileFields: ["photos"], maxFiles: Math.max(room, 0), maxBytes: PHOTO_LIMITS.maxBytes, account: actor.id };
  return withMultipartForm(request, limits, async (upload) => {
    if (upload.busy) return data<ActionResult>({ photoProblems: ["busy"] }, { status: 429 });
    const problems = [...upload.problems];
    try {
      problems.push(...(await addUploadedPhotos(db, post, actor, upload.files)));
    } catch (error) {
      if (error instanceof TransitionError) return data<ActionResult>({ message: message("forms:post.notNow") }, { status: 409 });
      throw error;
    }
    if (!upload.files.length && !problems.length) problems.push("empty");
    // A store that cannot be written (decision 060) is our fault, for a while: 503, not a refused file.
    const status = problems.includes("unavailable") ? 503 : 400;
    if (problems.length) return data<ActionResult>({ photoProblems: [...new Set(problems)] }, { status });
    return saved(editing);
  });
}

export default function PostEditorPage() {
  const { post, photos, photoLimit, defaults, constraint, finishings, periods, facts, sent, confirmDelete, reposts } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useT();
  // Arriving from a successful /new-estate post: its draft is no longer needed.
  useForgetDraft("new-estate", sent);
  return (
    <section className="page narrow form-page post-editor">
      <p className="breadcrumbs">
        <Link to="/profile">{t("account:profile.title")}</Link>
      </p>
      <h1>{t("forms:post.title", { number: post.stateId })}</h1>
      <p className="page-lead">
        {post.offerType} · {post.estateType} · {post.place}
      </p>
      <PostStatus post={post} sent={sent} message={actionData?.message} />
      <RepostNotice reposts={reposts} />
      <PostPhotos photos={photos} limit={photoLimit} problems={actionData?.photoProblems} sent={sent} />
      <PostDetails
        constraint={constraint}
        postId={post.id}
        staff={post.staff}
        defaults={defaults}
        finishings={finishings}
        periods={periods}
        facts={facts}
        lastResult={actionData?.lastResult}
      />
      <PostDelete postId={post.id} confirming={confirmDelete} />
    </section>
  );
}
