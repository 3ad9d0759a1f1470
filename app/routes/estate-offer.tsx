import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, HoneypotField, RadioChoices, SelectField, TextAreaField, TextField } from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import { LocationOptions } from "~/features/search/SearchFilter";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { useDraft, useForgetDraft } from "~/platform/forms/useDraft";
import { message, tooMany } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { queryFlags, sentQuery } from "~/platform/forms/queries";
import { newEstateSchema, periodFieldErrors } from "~/features/posts/post-forms";
import { filterOptions, getLookups, nameOf } from "~/features/places/lookups.server";
import { takeEstateOffer } from "~/features/inbox/estate-offer.server";
import { clientIp } from "~/features/accounts/account.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { formReply, isSpam } from "~/features/forms/forms.server";
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
    constraint: formConstraint(newEstateSchema),
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
 * Stores the offer: a logged-in user's becomes their pending post and they
 * continue on its editor (photos, price); a visitor's becomes a lead for the office staff. Bad input, unknown type or place
 * ids: 400 with every value and 'Error submitting offer. Please try again.'; past the per-IP limit: 429; a filled
 * honeypot looks like a success and stores nothing.
 */
async function takeOffer({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const { db, t } = await pageContext(request);
  if (isSpam(form)) return redirectWithSuccess("/new-estate?sent=1", t("forms:toasts.offerSent"));
  const submission = parseForm(form, newEstateSchema);
  // Every refusal says 'Error submitting offer' above the form, and what is wrong beside its field; a rent
  // without its period is one more (decision 057), shown with the others.
  const periodErrors = periodFieldErrors(Number(submission.payload.estate_offer_type_id ?? 1), submission.payload.period_type_id);
  const failed = { formErrors: [message("forms:errors.offerFailed")], fieldErrors: periodErrors };
  if (submission.status !== "success" || periodErrors) return formReply(submission, failed);
  const user = await getCurrentUser(request);
  const outcome = await takeEstateOffer(db, { value: submission.value, userId: user?.id ?? null, ip: clientIp(context) });
  if (outcome.kind === "invalid") return formReply(submission, { ...failed, fieldErrors: outcome.fieldErrors });
  if (outcome.kind === "tooMany")
    return formReply(submission, { formErrors: [tooMany("forms:errors.tooMany", outcome.retryAfter)], status: 429 });
  if (outcome.kind === "post") return redirectWithSuccess(`/profile/posts/${outcome.id}?sent=1`, t("forms:toasts.offerSent"));
  return redirectWithSuccess("/new-estate?sent=1", t("forms:toasts.offerSent"));
}

export default function NewEstatePage() {
  const { sent } = useLoaderData<typeof loader>();
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
          <p className="page-lead">{t("forms:newEstate.intro")}</p>
          <p className="notice review-note">
            <Icon name="calendar" /> {t("forms:newEstate.review")}
          </p>
          <OfferForm key={location.key} />
        </>
      )}
    </section>
  );
}

function OfferForm() {
  const { estateTypes, finishings, periods, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useServerForm(constraint, {
    id: "new-estate",
    lastResult: actionData?.lastResult,
    defaultValue: defaults,
  });
  useDraft("new-estate", ref);
  const busy = useSubmitting();
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate ref={ref}>
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
      <SelectField field={fields.location_id} label={t("forms:newEstate.location")} placeholder={t("forms:fields.choose")}>
        <LocationOptions selected={fields.location_id.initialValue} />
      </SelectField>
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
