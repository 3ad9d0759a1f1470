import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { takeWaitingPhotos } from "~/features/posts/waiting-photos";
import { PriceFields } from "./PriceFields";
import type { PhotoState } from "~/features/posts/photo-upload";
import { useT } from "~/platform/i18n/use-t";
import { IMAGE_ACCEPT } from "~/features/posts/post-forms";
import type { FieldName, FormConstraint, FormResult } from "~/platform/forms/parse";
import type { postEditSchema } from "~/features/posts/post-forms";
import type { Message } from "~/platform/forms/message";
import type { PostState } from "~/features/posts/moderation.server";
import { CheckField, FormNotice, SelectField, TextAreaField, TextField, useMessage } from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import { formProps, useServerForm, useSubmitting, type ServerField } from "~/platform/forms/useServerForm";
import { TextWithUserText } from "~/platform/ui/UserText";
import { FACINGS, HEATINGS, INTERNETS, type ListingFacts } from "~/features/listings/facts";

/**
 * The sections of the post editor (routes/post-editor.tsx): the photos, the details form and
 * the deletion. Each is a plain HTML form posting to the editor's own action (an `intent` names the change), so all
 * of them work without JavaScript. Every text comes from locales/<lang>/forms.json.
 */

/**
 * Where the post stands: its state and what it means, the thank-you of a new offer (`sent`), the reasons of a
 * refusal (shown in their own <bdi>), the message of the last refused change (`message`), and the link to the
 * public page while the post is public.
 */
export function PostStatus({
  post,
  sent,
  message,
}: {
  post: { id: number; state: PostState; rejectReason: string | null; editRejectReason: string | null };
  sent: boolean;
  message?: Message;
}) {
  const { t } = useT();
  const translate = useMessage();
  return (
    <>
      <p className={`notice post-state post-${post.state}`} role="status">
        <span className={`chip status-${post.state}`}>{t(`forms:status.${post.state}`)}</span>{" "}
        {t(`forms:post.stateText.${post.state}`)}
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
          <Icon name="alert" />{" "}
          <TextWithUserText i18nKey="forms:profile.reason" values={{ reason: post.rejectReason }} name="reason" />
        </p>
      ) : null}
      {post.editRejectReason ? (
        <p className="notice notice-error">
          <Icon name="alert" />{" "}
          <TextWithUserText i18nKey="forms:post.editRefused" values={{ reason: post.editRejectReason }} name="reason" />
        </p>
      ) : null}
      {message ? (
        <p className="notice notice-error" role="alert">
          <Icon name="alert" /> {translate(message)}
        </p>
      ) : null}
      {post.state === "approved" || post.state === "edit_pending" ? (
        <p>
          <Link to={`/estate/${post.id}`}>{t("forms:profile.view")}</Link>
        </p>
      ) : null}
      {post.state === "draft" ? <DraftSubmit /> : null}
    </>
  );
}

/**
 * A draft made from the owner's offer (decision 055): what is still to do, and the button that sends it
 * for review (intent=submit, a plain form). Price and photos are optional as for every post (features/posts/post-forms.ts).
 */
function DraftSubmit() {
  const { t } = useT();
  const busy = useSubmitting();
  return (
    <Form method="post" className="notice draft-submit">
      <p>{t("forms:post.draftHint")}</p>
      <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>
        <Icon name="check" /> {t("forms:post.submit")}
      </button>
    </Form>
  );
}

/**
 * The photos of a post in gallery order (the first is the cover), each with its buttons (make cover, up, down,
 * remove), and, while fewer than `limit` (PHOTO_LIMITS.maxFiles, given by the loader), the upload form with how many
 * may still be added and the problems of the last upload (`problems`, forms:upload.<problem>).
 */
export function PostPhotos({
  photos,
  limit,
  problems,
  sent = false,
}: {
  photos: { file: string; src: string }[];
  limit: number;
  problems?: string[];
  /** Arriving from the offer form (`?sent=1`): the photos chosen there are sent now (decision 087). */
  sent?: boolean;
}) {
  const { t } = useT();
  const busy = useSubmitting();
  return (
    <section className="section" aria-labelledby="photos-title">
      <h2 id="photos-title">
        <Icon name="camera" /> {t("forms:post.photos", { count: photos.length, max: limit })}
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
      {photos.length < limit ? (
        <PhotoUploadForm left={limit - photos.length} problems={problems} busy={busy} waiting={sent} />
      ) : null}
    </section>
  );
}

/** One chosen photo as the upload form shows it while its script sends the photos one by one. */
type SentPhoto = { name: string; state: PhotoState };

/**
 * The upload form of the post editor (PostPhotos): without JavaScript a plain multipart post of the chosen originals,
 * which the server shrinks. With JavaScript (and a browser that decodes images: createImageBitmap), the photos are
 * shrunk in the browser and sent one by one (app/features/posts/photo-upload.ts, loaded only then), each with its
 * progress bar and what is happening to it; when they are all sent the editor is opened again at its own address (as
 * the plain post's redirect does), and this list stays to say what became of each.
 */
function PhotoUploadForm({
  left,
  problems,
  busy,
  waiting,
}: {
  left: number;
  problems?: string[];
  busy: boolean;
  /** Send the photos the owner chose on the offer form (waiting-photos.ts) as soon as the editor opens. */
  waiting: boolean;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const [sent, setSent] = useState<SentPhoto[] | null>(null);
  const sending = sent?.some((photo) => photo.state.step !== "sent" && photo.state.step !== "failed") ?? false;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos") as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    if (!files.length || typeof createImageBitmap !== "function" || typeof XMLHttpRequest !== "function") return;
    event.preventDefault();
    void send(files, input);
  };
  const send = async (files: File[], input: HTMLInputElement | null) => {
    setSent(files.map((file) => ({ name: file.name, state: { step: "shrinking" } })));
    const { sendPhotos } = await import("~/features/posts/photo-upload");
    // The route's data address (Remix's single fetch): its answer to a taken photo is a redirect the browser does not
    // follow, so the toast it sets is shown when the page's data is read again.
    await sendPhotos(`${window.location.pathname.replace(/\/$/, "")}.data`, files, (index, state) =>
      setSent((rows) => rows && rows.map((row, i) => (i === index ? { ...row, state } : row))),
    );
    if (input) input.value = "";
    // Where the plain post's redirect leads: the editor's own address, its data and the toast read again.
    navigate(window.location.pathname, { replace: true, preventScrollReset: true });
  };
  // The offer's photos, chosen before the post existed (decision 087): sent here as if chosen on this form.
  useEffect(() => {
    if (!waiting) return;
    const files = takeWaitingPhotos();
    if (files.length) void send(files, null);
    // Once, when the editor of a new post opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form method="post" encType="multipart/form-data" className="upload-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="photos">{t("forms:post.choosePhotos")}</label>
        <input id="photos" name="photos" type="file" accept={IMAGE_ACCEPT} multiple aria-describedby="photos-hint" />
        <p className="hint" id="photos-hint">
          {t("forms:post.uploadHint", { left })}
        </p>
        {problems?.map((problem) => (
          <p className="field-error" key={problem}>
            <Icon name="alert" /> {t(`forms:upload.${problem}`)}
          </p>
        ))}
      </div>
      {sent ? (
        <ol className="upload-progress" aria-live="polite">
          {sent.map(({ name, state }, i) => (
            <li key={i} className={state.step === "failed" ? "field-error" : undefined}>
              <span className="upload-name">{name}</span>
              <progress
                max={1}
                value={state.step === "sent" ? 1 : state.step === "sending" ? state.sent : undefined}
                aria-label={name}
              />
              <span>{t(`forms:upload.${state.step}`)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <button type="submit" className="button" disabled={busy || sending}>
        <Icon name="camera" /> {t("forms:post.upload")}
      </button>
    </Form>
  );
}

/**
 * The fields of the post: `defaults` from the loader, every typed value back after an error
 * (`lastResult`); the staff's listings (`staff`) have a description per language, an owner's one.
 */
export function PostDetails({
  postId,
  staff,
  constraint,
  defaults,
  finishings,
  periods,
  facts,
  lastResult,
}: {
  postId: number;
  /** Which facts of its kind the listing has besides the common ones: a rent's upfront months, a shop's key money. */
  facts: { rent: boolean; shop: boolean };
  /** The loader's formConstraint(postEditSchema). */
  constraint: FormConstraint<FieldName<typeof postEditSchema>>;
  staff: boolean;
  defaults: Record<string, string>;
  finishings: { id: number; name: string }[];
  /** The rental periods to choose from; empty for a sale (no period). */
  periods: { id: number; name: string }[];
  lastResult?: FormResult;
}) {
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, { id: `post-${postId}`, lastResult, defaultValue: defaults });
  return (
    <section className="section" aria-labelledby="details-title">
      <h2 id="details-title">
        <Icon name="doc" /> {t("forms:post.details")}
      </h2>
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} checkData="forms:errors.checkData" />
        <PriceFields price={fields.price} currency={fields.currency} />
        <CheckField field={fields.negotiable} label={t("forms:post.negotiable")} />
        <CheckField field={fields.furnished} label={t("forms:post.furnished")} />
        <div className="field-row">
          <TextField field={fields.rooms_count} label={t("forms:post.rooms")} inputMode="numeric" dir="ltr" />
          <TextField field={fields.floor} label={t("forms:post.floor")} inputMode="numeric" dir="ltr" />
        </div>
        <TextField field={fields.area} label={t("forms:newEstate.area")} inputMode="decimal" dir="ltr" />
        <SelectField
          field={fields.interior_status_id}
          label={t("forms:newEstate.finishing")}
          options={finishings}
          placeholder={t("forms:fields.choose")}
        />
        {periods.length ? (
          <SelectField
            field={fields.period_type_id}
            label={t("forms:post.period")}
            options={periods}
            placeholder={t("forms:fields.choose")}
          />
        ) : null}
        <FactFields fields={fields} rent={facts.rent} shop={facts.shop} />
        {staff ? (
          <>
            <TextAreaField field={fields.description_ar} label={t("forms:post.descriptionAr")} rows={6} />
            <TextAreaField field={fields.description_en} label={t("forms:post.descriptionEn")} rows={6} />
          </>
        ) : (
          <TextAreaField field={fields.description} label={t("forms:post.descriptionOwn")} rows={6} />
        )}
        <input type="hidden" name="intent" value="save" />
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {busy ? t("forms:fields.sending") : t(staff ? "forms:post.save" : "forms:post.saveForReview")}
        </button>
      </Form>
    </section>
  );
}

/**
 * The facts of a post (app/features/listings/facts.ts), in their own fieldset of a form holding factsShape's fields
 * (the owner's details form, the back office's correction on the review page: one component for both, decision
 * 093): each a select or a number whose empty choice is "not known"; a rent's months paid upfront (`rent`) and a
 * shop's key money (`shop`) only where they belong.
 */
export function FactFields({
  fields,
  rent,
  shop,
}: {
  fields: Record<keyof ListingFacts, ServerField>;
  rent: boolean;
  shop: boolean;
}) {
  const { t } = useT();
  const unknown = t("forms:facts.unknown");
  const yesNo = [
    { id: "1", name: t("common.yes") },
    { id: "0", name: t("common.no") },
  ];
  const listOf = (name: string, values: readonly string[]) => values.map((id) => ({ id, name: t(`facts.${name}.${id}`) }));
  const number = { inputMode: "numeric" as const, dir: "ltr" as const };
  return (
    <fieldset className="facts-fields">
      <legend>{t("forms:facts.title")}</legend>
      <p className="hint">{t("forms:facts.hint")}</p>
      <div className="field-row">
        <TextField
          field={fields.electricity_hours}
          label={t("facts.electricity_hours")}
          hint={t("forms:facts.hoursHint")}
          {...number}
        />
        <TextField
          field={fields.generator_amperes}
          label={t("facts.generator_amperes")}
          hint={t("forms:facts.amperesHint")}
          {...number}
        />
      </div>
      <div className="field-row">
        <SelectField field={fields.solar} label={t("facts.solar")} options={yesNo} placeholder={unknown} />
        <TextField field={fields.solar_kw} label={t("facts.solar_kw")} inputMode="decimal" dir="ltr" />
      </div>
      <div className="field-row">
        <SelectField field={fields.water_tank} label={t("facts.water_tank")} options={yesNo} placeholder={unknown} />
        <SelectField field={fields.elevator} label={t("facts.elevator")} options={yesNo} placeholder={unknown} />
        <SelectField field={fields.parking} label={t("facts.parking")} options={yesNo} placeholder={unknown} />
      </div>
      <div className="field-row">
        <TextField field={fields.building_floors} label={t("facts.building_floors")} {...number} />
        <TextField field={fields.building_age_years} label={t("facts.building_age_years")} {...number} />
      </div>
      <div className="field-row">
        <SelectField
          field={fields.facing}
          label={t("facts.facing.label")}
          options={listOf("facing", FACINGS)}
          placeholder={unknown}
        />
        <SelectField
          field={fields.heating}
          label={t("facts.heating.label")}
          options={listOf("heating", HEATINGS)}
          placeholder={unknown}
        />
        <SelectField
          field={fields.internet}
          label={t("facts.internet.label")}
          options={listOf("internet", INTERNETS)}
          placeholder={unknown}
        />
      </div>
      {rent ? (
        <TextField
          field={fields.upfront_months}
          label={t("facts.upfront_months")}
          hint={t("forms:facts.upfrontHint")}
          {...number}
        />
      ) : null}
      {shop ? (
        <div className="field-row">
          <TextField field={fields.key_money} label={t("facts.key_money")} hint={t("forms:facts.keyMoneyHint")} {...number} />
          <SelectField
            field={fields.key_money_currency}
            label={t("forms:post.currency")}
            options={[
              { id: "SYP", name: t("card.currency") },
              { id: "USD", name: t("card.currencyUSD") },
            ]}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** Deleting the post: a link to `?delete=1`, where the question and its confirming form (`confirm=yes`) stand. */
export function PostDelete({ postId, confirming }: { postId: number; confirming: boolean }) {
  const { t } = useT();
  const busy = useSubmitting();
  return (
    <section className="section" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("forms:post.deleteTitle")}</h2>
      <p className="hint">{t("forms:post.deleteHint")}</p>
      {confirming ? (
        <Form method="post" className="notice notice-error">
          <p>{t("forms:post.deleteQuestion")}</p>
          <input type="hidden" name="confirm" value="yes" />
          <div className="button-row">
            <button type="submit" name="intent" value="delete" className="button button-danger" disabled={busy}>
              {t("forms:post.deleteYes")}
            </button>
            <Link to={`/profile/posts/${postId}`} className="button">
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
  );
}
