import { getFormProps, getInputProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice, SelectField, TextAreaField, TextField, useMessage } from "~/components/FormParts";
import { Icon } from "~/components/Icon";
import { useAppForm, useSubmitting } from "~/components/useAppForm";
import { useForgetDraft } from "~/components/useDraft";
import { message, type Message } from "~/forms/message";
import { parseForm, type FormResult } from "~/forms/parse";
import { photoActionSchema, postEditSchema } from "~/forms/posts";
import { getLookups, nameOf, placeName } from "~/models/lookups.server";
import {
  editablePost,
  transition,
  TransitionError,
  workingCopy,
  type Actor,
  type EditablePost,
  type PostAction,
  type WorkingCopy,
} from "~/models/moderation.server";
import { requireUser } from "~/services/auth.server";
import { imageUrl } from "~/services/images.server";
import { formLimit, formReply } from "~/services/forms.server";
import { redirectWithSuccess } from "~/services/session.server";
import { PHOTO_LIMITS, removeStoredImage, storeUploadedImage, UploadError, withMultipartForm, type UploadProblem } from "~/services/uploads.server";
import { notFound, pageContext, requireId } from "~/utils/page.server";
import { pageMeta } from "~/utils/seo";
import type { StoredImage } from "~/db/schema";
import type { LayoutHandle } from "~/root";
import { TextWithUserText } from "~/components/UserText";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "forms", "account"] };

/** The post and the actor of a request, or a 404 when the actor may not edit it (issue 5: never another's post). */
async function load(request: Request, param: string | undefined): Promise<{ actor: Actor; post: EditablePost }> {
  const user = await requireUser(request);
  const id = requireId(param);
  const { db } = await pageContext(request);
  const actor = { id: user.id, admin: user.role === "admin" };
  const post = await editablePost(db, id, actor);
  if (!post) notFound();
  return { actor, post };
}

/**
 * /profile/posts/:id, the editor of a post (issue 5, Owners): price, currency, negotiable, furnished, rooms, floor,
 * area, finishing, description, and the photos (upload up to 12, reorder, delete; the first is the cover), and
 * deleting the post. The owner's changes are reviewed (an approved post's stay pending while the approved version
 * stays public); an admin edits the staff's listings in place. Other users' posts are 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { post } = await load(request, params.id);
  const { db, locale, t } = await pageContext(request);
  const [copy, lookups] = await Promise.all([workingCopy(db, post.id), getLookups(db)]);
  if (!copy) notFound();
  const url = new URL(request.url);
  const f = copy.fields;
  return {
    post: {
      ...post,
      estateType: nameOf(lookups.byId.estateType.get(post.estateTypeId), locale) ?? "",
      offerType: nameOf(lookups.byId.offerType.get(post.offerTypeId), locale) ?? "",
      place: placeName(lookups, post.locationId, locale),
      state: copy.state,
    },
    photos: copy.images.map((img) => ({ file: img.file, src: imageUrl(img.file, 400) })),
    defaults: {
      price: f.price === null ? "" : String(f.price),
      currency: f.currency,
      negotiable: f.negotiable ? "on" : "",
      furnished: f.furnished ? "on" : "",
      rooms_count: f.rooms_count === null ? "" : String(f.rooms_count),
      floor: f.floor === null ? "" : String(f.floor),
      area: String(f.area),
      interior_status_id: f.interior_status_id === null ? "" : String(f.interior_status_id),
      description: f.description_ar ?? f.description_en ?? "",
      description_ar: f.description_ar ?? "",
      description_en: f.description_en ?? "",
    },
    finishings: lookups.interiorStatuses.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
    sent: url.searchParams.get("sent") === "1",
    confirmDelete: url.searchParams.get("delete") === "1",
    seo: { title: t("forms:post.title", { number: post.stateId }), description: t("forms:post.description"), noindex: true },
  };
}

type ActionResult = { lastResult?: FormResult; photoProblems?: UploadProblem[]; message?: Message };

/** The action of an editor change: the owner's edit (reviewed), or the admin's revision of a staff listing. */
function editAction(post: EditablePost): PostAction {
  return post.staff ? "revise" : "edit";
}

/**
 * The editor's posts (issue 5): `intent` save (the fields), upload (multipart `photos`), cover / up / down / remove
 * (one photo by its `file`), delete (with `confirm`). Each is one transition in one transaction with its audit entry.
 * Bad input answers 400 with the values kept; a change the post's state does not allow answers 409. An upload while
 * another of the same account (or four in the server) runs answers 429 with photoProblems ["busy"] (issue 9); the
 * files of photos that leave the post are deleted after the change commits (transition, issue 9).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, post } = await load(request, params.id);
  const { db, t } = await pageContext(request);
  const back = `/profile/posts/${post.id}`;
  const savedMessage = t(post.staff ? "forms:post.saved" : "forms:post.sentForReview");
  const apply = async (action: PostAction, change?: (copy: WorkingCopy) => WorkingCopy) => {
    try {
      await transition(db, post.id, action, actor, { change });
      return null;
    } catch (error) {
      if (error instanceof TransitionError) return data<ActionResult>({ message: message("forms:post.notNow") }, { status: 409 });
      throw error;
    }
  };

  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (isMultipart) {
    const tooMany = await formLimit(db, "uploadUser", String(actor.id));
    if (tooMany) return data<ActionResult>({ message: tooMany }, { status: 429 });
    const current = await workingCopy(db, post.id);
    const room = PHOTO_LIMITS.maxFiles - (current?.images.length ?? 0);
    const limits = { fileFields: ["photos"], maxFiles: Math.max(room, 0), maxBytes: PHOTO_LIMITS.maxBytes, account: actor.id };
    // Each chosen photo waits in a temporary file, removed when this request ends (issue 9).
    return withMultipartForm(request, limits, async (upload) => {
      if (upload.busy) return data<ActionResult>({ photoProblems: ["busy"] }, { status: 429 });
      const problems = [...upload.problems];
      const stored: StoredImage[] = [];
      // The stored photos the post took; the others (refused change, error, cut by the limit) are deleted again.
      let kept = new Set<StoredImage>();
      try {
        for (const file of upload.files) {
          try {
            stored.push(await storeUploadedImage(file.path, "photo"));
          } catch (error) {
            if (error instanceof UploadError) problems.push(error.code);
            else throw error;
          }
        }
        if (!stored.length && !problems.length) problems.push("empty");
        if (stored.length) {
          let taken: StoredImage[] = [];
          const refused = await apply(editAction(post), (copy) => {
            const images = [...copy.images, ...stored].slice(0, PHOTO_LIMITS.maxFiles);
            taken = stored.filter((img) => images.includes(img));
            return { ...copy, images };
          });
          if (refused) return refused;
          kept = new Set(taken);
        }
        if (problems.length) return data<ActionResult>({ photoProblems: [...new Set(problems)] }, { status: 400 });
        return redirectWithSuccess(back, savedMessage);
      } finally {
        await Promise.all(stored.filter((img) => !kept.has(img)).map((img) => removeStoredImage(img.file, "photo").catch(() => undefined)));
      }
    });
  }

  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") return data<ActionResult>({ message: message("forms:post.confirmDelete") }, { status: 400 });
    const refused = await apply("delete");
    if (refused) return refused;
    return redirectWithSuccess("/profile", t("forms:post.deleted"));
  }
  if (intent === "save") {
    const submission = parseForm(form, postEditSchema);
    if (submission.status !== "success") return formReply(submission, { formErrors: [message("forms:errors.checkData")] });
    const v = submission.value;
    const refused = await apply(editAction(post), (copy) => ({
      ...copy,
      fields: {
        price: v.price ?? null,
        currency: v.currency,
        negotiable: v.negotiable === "on",
        furnished: v.furnished === "on",
        rooms_count: v.rooms_count ?? null,
        floor: v.floor ?? null,
        area: v.area,
        interior_status_id: v.interior_status_id ?? null,
        description_ar: (post.staff ? v.description_ar : v.description) ?? null,
        description_en: (post.staff ? v.description_en : v.description) ?? null,
      },
    }));
    if (refused) return refused;
    return redirectWithSuccess(back, savedMessage);
  }
  const photo = photoActionSchema.safeParse({ intent, file: form.get("file") });
  if (!photo.success) return data<ActionResult>({ message: message("forms:errors.checkData") }, { status: 400 });
  const { file } = photo.data;
  const current = await workingCopy(db, post.id);
  // A photo that is not (or no longer) in the post: nothing to change, and nothing to send for review.
  if (!current?.images.some((img) => img.file === file)) return data<ActionResult>({ message: message("forms:post.noSuchPhoto") }, { status: 400 });
  const refused = await apply(editAction(post), (copy) => {
    const images = [...copy.images];
    const at = images.findIndex((img) => img.file === file);
    if (at < 0) return copy;
    const [img] = images.splice(at, 1);
    if (photo.data.intent === "cover") images.unshift(img);
    else if (photo.data.intent === "up") images.splice(Math.max(at - 1, 0), 0, img);
    else if (photo.data.intent === "down") images.splice(Math.min(at + 1, images.length), 0, img);
    return { ...copy, images };
  });
  if (refused) return refused;
  return redirectWithSuccess(back, savedMessage);
}

export default function PostEditorPage() {
  const { post, photos, sent, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const translate = useMessage();
  const location = useLocation();
  const busy = useSubmitting();
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
      <p className={`notice post-state post-${post.state}`} role="status">
        <span className={`chip status-${post.state}`}>{t(`forms:status.${post.state}`)}</span> {t(`forms:post.stateText.${post.state}`)}
      </p>
      {sent ? (
        <div className="notice notice-success" role="status">
          <Icon name="check" />
          <div>
            <p>{t("forms:newEstate.sentTitle")}</p>
            <p>{t("forms:post.addPhotos")}</p>
          </div>
        </div>
      ) : null}
      {post.rejectReason ? (
        <p className="notice notice-error">
          <Icon name="alert" /> <TextWithUserText i18nKey="forms:profile.reason" values={{ reason: post.rejectReason }} name="reason" />
        </p>
      ) : null}
      {post.editRejectReason ? (
        <p className="notice notice-error">
          <Icon name="alert" /> <TextWithUserText i18nKey="forms:post.editRefused" values={{ reason: post.editRejectReason }} name="reason" />
        </p>
      ) : null}
      {actionData?.message ? (
        <p className="notice notice-error" role="alert">
          <Icon name="alert" /> {translate(actionData.message)}
        </p>
      ) : null}
      {post.state === "approved" || post.state === "edit_pending" ? (
        <p>
          <Link to={`/estate/${post.id}`}>{t("forms:profile.view")}</Link>
        </p>
      ) : null}

      <section className="section" aria-labelledby="photos-title">
        <h2 id="photos-title">
          <Icon name="camera" /> {t("forms:post.photos", { count: photos.length, max: 12 })}
        </h2>
        <p className="hint">{t("forms:post.photosHint")}</p>
        {photos.length ? (
          <ol className="photo-list">
            {photos.map((p, i) => (
              <li key={p.file}>
                <img src={p.src} alt={t("forms:post.photoAlt", { n: i + 1 })} width={200} height={150} loading="lazy" />
                {i === 0 ? <span className="chip">{t("forms:post.cover")}</span> : null}
                <Form method="post" className="photo-actions" preventScrollReset>
                  <input type="hidden" name="file" value={p.file} />
                  {i > 0 ? (
                    <button type="submit" name="intent" value="cover" className="button button-small" disabled={busy}>
                      {t("forms:post.makeCover")}
                    </button>
                  ) : null}
                  {i > 0 ? (
                    <button type="submit" name="intent" value="up" className="button button-small" disabled={busy}>
                      {t("forms:post.moveUp")}
                    </button>
                  ) : null}
                  {i < photos.length - 1 ? (
                    <button type="submit" name="intent" value="down" className="button button-small" disabled={busy}>
                      {t("forms:post.moveDown")}
                    </button>
                  ) : null}
                  <button type="submit" name="intent" value="remove" className="button button-small button-danger" disabled={busy}>
                    {t("forms:post.removePhoto")}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        ) : (
          <p className="notice empty-state">{t("forms:post.noPhotos")}</p>
        )}
        {photos.length < 12 ? (
          <Form method="post" encType="multipart/form-data" className="upload-form" key={location.key}>
            <div className="field">
              <label htmlFor="photos">{t("forms:post.choosePhotos")}</label>
              <input id="photos" name="photos" type="file" accept="image/jpeg,image/png,image/webp" multiple aria-describedby="photos-hint" />
              <p className="hint" id="photos-hint">
                {t("forms:post.uploadHint", { left: 12 - photos.length })}
              </p>
              {actionData?.photoProblems?.map((problem) => (
                <p className="field-error" key={problem}>
                  <Icon name="alert" /> {t(`forms:upload.${problem}`)}
                </p>
              ))}
            </div>
            <button type="submit" className="button" disabled={busy}>
              <Icon name="camera" /> {t("forms:post.upload")}
            </button>
          </Form>
        ) : null}
      </section>

      <section className="section" aria-labelledby="details-title">
        <h2 id="details-title">
          <Icon name="doc" /> {t("forms:post.details")}
        </h2>
        <DetailsForm />
      </section>

      <section className="section" aria-labelledby="delete-title">
        <h2 id="delete-title">{t("forms:post.deleteTitle")}</h2>
        <p className="hint">{t("forms:post.deleteHint")}</p>
        {confirmDelete ? (
          <Form method="post" className="notice notice-error">
            <p>{t("forms:post.deleteQuestion")}</p>
            <input type="hidden" name="confirm" value="yes" />
            <div className="button-row">
              <button type="submit" name="intent" value="delete" className="button button-danger" disabled={busy}>
                {t("forms:post.deleteYes")}
              </button>
              <Link to={`/profile/posts/${post.id}`} className="button">
                {t("forms:post.deleteNo")}
              </Link>
            </div>
          </Form>
        ) : (
          <Link to="?delete=1" className="button button-danger" preventScrollReset>
            {t("forms:post.delete")}
          </Link>
        )}
      </section>
    </section>
  );
}

/** The fields of the post (issue 5, Owners); every typed value comes back after an error. */
function DetailsForm() {
  const { post, defaults, finishings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [form, fields] = useAppForm(postEditSchema, { id: `post-${post.id}`, lastResult: actionData?.lastResult, defaultValue: defaults });
  return (
    <Form method="post" className="account-form" {...getFormProps(form)} noValidate>
      <FormNotice form={form} checkData="forms:errors.checkData" />
      <div className="field-row">
        <TextField field={fields.price} label={t("forms:post.price")} hint={t("forms:post.priceHint")} inputMode="numeric" dir="ltr" />
        <SelectField
          field={fields.currency}
          label={t("forms:post.currency")}
          options={[
            { id: "SYP", name: t("card.currency") },
            { id: "USD", name: t("card.currencyUSD") },
          ]}
        />
      </div>
      <CheckField field={fields.negotiable} label={t("forms:post.negotiable")} />
      <CheckField field={fields.furnished} label={t("forms:post.furnished")} />
      <div className="field-row">
        <TextField field={fields.rooms_count} label={t("forms:post.rooms")} inputMode="numeric" dir="ltr" />
        <TextField field={fields.floor} label={t("forms:post.floor")} inputMode="numeric" dir="ltr" />
      </div>
      <TextField field={fields.area} label={t("forms:newEstate.area")} inputMode="decimal" dir="ltr" />
      <SelectField field={fields.interior_status_id} label={t("forms:newEstate.finishing")} options={finishings} placeholder={t("forms:fields.choose")} />
      {post.staff ? (
        <>
          <TextAreaField field={fields.description_ar} label={t("forms:post.descriptionAr")} rows={6} />
          <TextAreaField field={fields.description_en} label={t("forms:post.descriptionEn")} rows={6} />
        </>
      ) : (
        <TextAreaField field={fields.description} label={t("forms:post.descriptionOwn")} rows={6} />
      )}
      <input type="hidden" name="intent" value="save" />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("forms:fields.sending") : t(post.staff ? "forms:post.save" : "forms:post.saveForReview")}
      </button>
    </Form>
  );
}

/** A labelled checkbox whose checked state comes back from the server's reply. */
function CheckField({ field, label }: { field: Parameters<typeof getInputProps>[0]; label: string }) {
  const props = getInputProps(field, { type: "checkbox", value: "on" });
  return (
    <div className="field field-check">
      <label>
        <input {...props} key={props.key} /> {label}
      </label>
    </div>
  );
}
