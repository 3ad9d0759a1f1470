import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { keepPhotos, takeWaitingPhotos, WAITING_FIELD } from "~/features/posts/waiting-photos";
import { PriceFields } from "~/features/posts/PriceFields";
import { useT } from "~/platform/i18n/use-t";
import {
  FileField,
  FormNotice,
  HoneypotField,
  RadioChoices,
  SelectField,
  TextAreaField,
  TextField,
} from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import { PlaceField } from "~/features/search/PlaceField";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { useDraft, useForgetDraft } from "~/platform/forms/useDraft";
import { message, tooMany } from "~/platform/forms/message";
import { formConstraint, parseForm, type FieldName } from "~/platform/forms/parse";
import { queryFlags, sentQuery } from "~/platform/forms/queries";
import { IMAGE_ACCEPT, newEstateSchema, offerPeriodErrors, ownerOfferSchema } from "~/features/posts/post-forms";
import { addUploadedPhotos } from "~/features/posts/post-uploads.server";
import { isMultipartForm, readMultipartForm, withMultipartForm, type MultipartUpload } from "~/platform/http/multipart.server";
import { PHOTO_LIMITS } from "~/platform/images/images.server";
import { filterOptions, getLookups, nameOf } from "~/features/places/lookups.server";
import { takeEstateOffer } from "~/features/inbox/estate-offer.server";
import { clientIp } from "~/features/accounts/account.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { formLimit, formReply, isSpam, placeStepReply } from "~/features/forms/forms.server";
import { gazetteerPlace, placeStepOf } from "~/features/search/place-finder.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";
import { answerOnce } from "~/features/forms/idempotency.server";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["sent"];
export const handle: LayoutHandle = { i18n: ["common", "forms"] };

/** /new-estate: the property offer form; no login needed. `?sent=1` is the thank-you page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const lookups = await getLookups(db);
  const options = filterOptions(lookups, locale);
  const user = await getCurrentUser(request);
  return {
    sent: queryFlags(new URL(request.url).searchParams, sentQuery).sent,
    // A logged-in owner's offer is their post: its price and photos come with it (decision 087).
    owner: user !== null,
    photoLimit: PHOTO_LIMITS.maxFiles,
    constraint: formConstraint(ownerOfferSchema),
    estateTypes: options.estateTypes,
    finishings: lookups.interiorStatuses.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
    periods: lookups.periodTypes.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
    defaults: user
      ? { fullname: `${user.first_name} ${user.last_name}`, mobile: user.phone, estate_offer_type_id: "1" }
      : { estate_offer_type_id: "1" },
    seo: { title: t("forms:newEstate.title"), description: t("forms:newEstate.description") },
  };
}

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, takeOffer);
}

/**
 * Stores the offer: a logged-in user's becomes their pending post, with its price and photos when given (decision
 * 087: a multipart form, within the upload caps and limit), and they continue on its editor; a visitor's becomes a
 * lead for the office staff. Bad input, unknown type or place ids: 400 with every value and 'Error submitting
 * offer. Please try again.' (photos sent with a refused form are asked again beside their field: no browser refills
 * a file input); past the per-IP limit or the upload limit: 429; a filled honeypot looks like a success and stores
 * nothing. The place finder's button (`intent=find-place`) stores nothing either: the form comes back as typed with
 * the places found (placeStepOf, decision 095).
 */
async function takeOffer({ request, context }: ActionFunctionArgs) {
  const user = await getCurrentUser(request);
  const multipart = isMultipartForm(request.headers.get("Content-Type"));
  if (user && multipart) {
    const { db } = await pageContext(request);
    const limited = await formLimit(db, "uploadUser", String(user.id));
    if (limited) return formReply(null, { formErrors: [limited], status: 429 });
    const limits = { fileFields: ["photos"], maxFiles: PHOTO_LIMITS.maxFiles, maxBytes: PHOTO_LIMITS.maxBytes, account: user.id };
    return withMultipartForm(request, limits, (upload) => takeForm(request, context, upload.form, user.id, upload));
  }
  // A visitor's offer is text only: a multipart body (the owner's form, sent after logging out) has its files read
  // and dropped, never held in memory.
  const form = multipart
    ? (await readMultipartForm(request, { fileFields: [], maxFiles: 0, maxBytes: 0, dir: null })).form
    : await request.formData().catch(() => new FormData());
  return takeForm(request, context, form, user?.id ?? null, null);
}

/** The offer's form as read (`upload`: the owner's multipart form with its photos, else null), taken by takeEstateOffer. */
async function takeForm(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
  userId: number | null,
  upload: MultipartUpload | null,
) {
  const { db, locale, t } = await pageContext(request);
  if (isSpam(form)) return redirectWithSuccess("/new-estate?sent=1", t("forms:toasts.offerSent"));
  const submission = parseForm(form, userId === null ? newEstateSchema : ownerOfferSchema);
  const lookups = await getLookups(db);
  const step = placeStepOf(form, lookups, locale);
  if (step) return placeStepReply(submission, step);
  const place = gazetteerPlace(lookups, submission.payload.location_id, locale);
  // Every refusal says 'Error submitting offer' above the form, and what is wrong beside its field; a rent
  // without its period is one more (decision 057), shown with the others. Photos chosen (the browser's script keeps
  // them aside and says how many: `photos_waiting`) must be chosen again.
  const periodErrors = offerPeriodErrors(submission.payload);
  const chosen = (upload?.files.length ?? 0) + (upload?.problems.length ?? 0) + (Number(form.get("photos_waiting")) || 0);
  const photoErrors = chosen ? { photos: [message("forms:upload.again")] } : undefined;
  const failed = {
    formErrors: [message("forms:errors.offerFailed")],
    fieldErrors: { ...periodErrors, ...photoErrors },
    place,
  };
  if (submission.status !== "success" || periodErrors) return formReply(submission, failed);
  if (upload?.busy)
    return formReply(submission, { ...failed, fieldErrors: { photos: [message("forms:upload.busy")] }, status: 429 });
  const outcome = await takeEstateOffer(db, { value: submission.value, userId, ip: clientIp(context) });
  if (outcome.kind === "invalid")
    return formReply(submission, { ...failed, fieldErrors: { ...outcome.fieldErrors, ...photoErrors } });
  if (outcome.kind === "tooMany")
    return formReply(submission, { formErrors: [tooMany("forms:errors.tooMany", outcome.retryAfter)], status: 429, place });
  if (outcome.kind === "post") {
    const problems = [...(upload?.problems ?? [])];
    if (upload?.files.length && userId !== null)
      problems.push(
        ...(await addUploadedPhotos(db, { id: outcome.id, staff: false }, { id: userId, admin: false }, upload.files)),
      );
    // Sent, with the photos that are not (a file that is no photo): the editor adds others.
    const toast = problems.length ? "forms:newEstate.sentSomePhotosRefused" : "forms:toasts.offerSent";
    return redirectWithSuccess(`/profile/posts/${outcome.id}?sent=1`, t(toast));
  }
  return redirectWithSuccess("/new-estate?sent=1", t("forms:toasts.offerSent"));
}

export default function NewEstatePage() {
  const { sent, owner } = useLoaderData<typeof loader>();
  const { t } = useT();
  const location = useLocation();
  useForgetDraft("new-estate", sent);
  return (
    <section className="page narrow form-page">
      <h1>{t("forms:newEstate.title")}</h1>
      {sent ? (
        <div className="notice notice-success" role="status">
          <Icon name="check" />
          <div>
            <p>{t("forms:newEstate.sentTitle")}</p>
            <p>{t("forms:newEstate.sentText")}</p>
            <p>
              <Link to="/new-estate">{t("forms:newEstate.another")}</Link>
            </p>
          </div>
        </div>
      ) : (
        <>
          <p className="page-lead">{t(owner ? "forms:newEstate.introOwner" : "forms:newEstate.intro")}</p>
          <p className="notice review-note">
            <Icon name="calendar" /> {t("forms:newEstate.review")}
          </p>
          <OfferForm key={location.key} />
        </>
      )}
    </section>
  );
}

/**
 * The offer form. A logged-in owner's has the price, its currency and the photos (decision 087), and is a multipart
 * form: without JavaScript it posts the originals with the fields. With JavaScript (and a browser that decodes
 * images), the fields are posted alone and the chosen photos wait in the browser (waiting-photos.ts) for the new
 * post's editor, which shrinks and sends them one by one with their progress bars.
 */
function OfferForm() {
  const { estateTypes, finishings, periods, defaults, constraint, owner, photoLimit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useServerForm<FieldName<typeof ownerOfferSchema>, "photos">(constraint, {
    id: "new-estate",
    lastResult: actionData?.lastResult,
    defaultValue: defaults,
  });
  useDraft("new-estate", ref);
  const busy = useSubmitting();
  const submit = useSubmit();
  // A refused offer: photos kept aside are not sent (the form says to choose them again).
  useEffect(() => {
    if (actionData) takeWaitingPhotos();
  }, [actionData]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos") as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    if (!files.length || typeof createImageBitmap !== "function" || typeof XMLHttpRequest !== "function") return;
    event.preventDefault();
    const fieldsOnly = new FormData(event.currentTarget);
    fieldsOnly.delete("photos");
    fieldsOnly.set(WAITING_FIELD, String(files.length));
    keepPhotos(files);
    submit(fieldsOnly, { method: "post" });
  };
  return (
    <Form
      method="post"
      className="account-form"
      {...formProps(form)}
      noValidate
      ref={ref}
      encType={owner ? "multipart/form-data" : undefined}
      onSubmit={owner ? onSubmit : undefined}
    >
      <FormNotice form={form} checkData="forms:errors.offerFailed" />
      <HoneypotField />
      <RadioChoices
        field={fields.estate_offer_type_id}
        label={t("forms:newEstate.offerType")}
        options={[
          { id: 1, name: t("forms:newEstate.sale") },
          { id: 2, name: t("forms:newEstate.rent") },
        ]}
      />
      <SelectField
        field={fields.period_type_id}
        label={t("forms:newEstate.period")}
        options={periods}
        placeholder={t("forms:fields.choose")}
      />
      <SelectField
        field={fields.estate_type_id}
        label={t("forms:newEstate.type")}
        options={estateTypes}
        placeholder={t("forms:fields.choose")}
      />
      <PlaceField
        field={fields.location_id}
        label={t("forms:newEstate.location")}
        placeholder={t("forms:fields.choose")}
        found={actionData?.found}
        place={actionData?.place}
      />
      <TextField field={fields.area} label={t("forms:newEstate.area")} inputMode="decimal" dir="ltr" />
      <SelectField
        field={fields.estate_finishing}
        label={t("forms:newEstate.finishing")}
        options={finishings}
        placeholder={t("forms:fields.choose")}
      />
      <RadioChoices
        field={fields.estate_ownership}
        label={t("forms:newEstate.ownership")}
        options={[
          { id: 1, name: t("forms:newEstate.owner") },
          { id: 2, name: t("forms:newEstate.agent") },
          { id: 3, name: t("forms:newEstate.other") },
        ]}
      />
      {owner ? (
        <>
          <PriceFields price={fields.price} currency={fields.currency} />
          <FileField
            field={fields.photos}
            label={t("forms:post.choosePhotos")}
            hint={t("forms:newEstate.photosHint", { max: photoLimit })}
            accept={IMAGE_ACCEPT}
            multiple
          />
        </>
      ) : null}
      <TextField field={fields.fullname} label={t("forms:fields.name")} autoComplete="name" />
      <TextField field={fields.mobile} type="tel" label={t("forms:fields.mobile")} autoComplete="tel" inputMode="tel" dir="ltr" />
      <TextAreaField
        field={fields.subject}
        label={t("forms:newEstate.subject")}
        hint={t("forms:newEstate.subjectHint")}
        rows={6}
      />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("forms:fields.sending") : t("forms:newEstate.submit")}
      </button>
    </Form>
  );
}
