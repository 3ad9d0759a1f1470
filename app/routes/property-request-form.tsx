import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, HoneypotField, RadioChoices, SelectField, TextAreaField, TextField } from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import { PlaceField } from "~/features/search/PlaceField";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { useDraft } from "~/platform/forms/useDraft";
import { message } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { REQUEST_TYPE_IDS, requestSchema } from "~/features/posts/post-forms";
import { filterOptions, getLookups } from "~/features/places/lookups.server";
import { createPropertyRequest } from "~/features/posts/request.server";
import { locationExists } from "~/features/places/lookups.server";
import { clientIp } from "~/features/accounts/account.server";
import { getCurrentUser, requireUser } from "~/features/accounts/auth.server";
import { formLimit, formReply, isSpam, placeStepReply } from "~/features/forms/forms.server";
import { gazetteerPlace, placeStepOf } from "~/features/search/place-finder.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";
import { answerOnce } from "~/features/forms/idempotency.server";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "forms"] };

/**
 * /create-real-estate-request: the property request form for logged-in users; a visitor sees the
 * login prompt in its place (posting a request needs an account).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const user = await getCurrentUser(request);
  const lookups = await getLookups(db);
  const options = filterOptions(lookups, locale);
  return {
    constraint: formConstraint(requestSchema),
    loggedIn: Boolean(user),
    types: options.estateTypes.filter((e) => (REQUEST_TYPE_IDS as readonly number[]).includes(e.id)),
    seo: { title: t("forms:request.title"), description: t("forms:request.description"), noindex: !user },
  };
}

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, takeRequest);
}

/**
 * Stores the request as pending for moderation. The session is checked here (a visitor is sent to
 * log in and back); bad input or an unknown place: 400 with every value; past the per-IP limit: 429. The place
 * finder's button (`intent=find-place`) stores nothing: the form comes back as typed with the places found
 * (placeStepOf, decision 095).
 */
async function takeRequest({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: "/create-real-estate-request" });
  const form = await request.formData().catch(() => new FormData());
  const { db, locale, t } = await pageContext(request);
  if (isSpam(form)) return redirectWithSuccess("/profile?sent=request", t("forms:toasts.requestSent"));
  const submission = parseForm(form, requestSchema);
  const lookups = await getLookups(db);
  const step = placeStepOf(form, lookups, locale);
  if (step) return placeStepReply(submission, step);
  const place = gazetteerPlace(lookups, submission.payload.location_id, locale);
  if (submission.status !== "success") return formReply(submission, { place });
  const value = submission.value;
  if (!(await locationExists(db, value.location_id)))
    return formReply(submission, { fieldErrors: { location_id: [message("forms:errors.cityRequired")] }, place });
  const tooMany = await formLimit(db, "requestIp", clientIp(context));
  if (tooMany) return formReply(submission, { formErrors: [tooMany], status: 429, place });
  await createPropertyRequest(db, {
    user_id: user.id,
    estate_offer_type_id: value.estate_offer_type_id,
    location_id: value.location_id,
    estate_type_id: value.estate_type_id,
    min_price: value.min_price ?? null,
    max_price: value.max_price ?? null,
    notes: value.notes ?? "",
  });
  return redirectWithSuccess("/profile?sent=request", t("forms:toasts.requestSent"));
}

export default function CreateRequestPage() {
  const { loggedIn } = useLoaderData<typeof loader>();
  const { t } = useT();
  const location = useLocation();
  return (
    <section className="page narrow form-page">
      <h1>{t("forms:request.title")}</h1>
      <p className="page-lead">{t("forms:request.intro")}</p>
      {loggedIn ? (
        <RequestForm key={location.key} />
      ) : (
        <div className="card dialog-body request-prompt">
          <h2>{t("forms:prompt.requestTitle")}</h2>
          <p>{t("forms:prompt.requestMessage")}</p>
          <div className="button-row">
            <Link to={`/login?redirectTo=${encodeURIComponent("/create-real-estate-request")}`} className="button button-primary">
              <Icon name="user" /> {t("forms:prompt.login")}
            </Link>
            <Link to={`/login?tab=2&redirectTo=${encodeURIComponent("/create-real-estate-request")}`} className="button">
              {t("forms:prompt.register")}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

function RequestForm() {
  const { types, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useServerForm(constraint, {
    id: "request",
    lastResult: actionData?.lastResult,
    defaultValue: { estate_offer_type_id: "1" },
  });
  useDraft("request", ref);
  const busy = useSubmitting();
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate ref={ref}>
      <FormNotice form={form} checkData="forms:errors.checkData" />
      <HoneypotField />
      <RadioChoices
        field={fields.estate_offer_type_id}
        label={t("forms:newEstate.offerType")}
        options={[
          { id: 1, name: t("search.saleTab") },
          { id: 2, name: t("search.rentTab") },
        ]}
      />
      <PlaceField
        field={fields.location_id}
        label={t("forms:request.location")}
        placeholder={t("forms:fields.choose")}
        found={actionData?.found}
        place={actionData?.place}
      />
      <SelectField
        field={fields.estate_type_id}
        label={t("forms:request.type")}
        options={types}
        placeholder={t("forms:fields.choose")}
      />
      <div className="field-pair">
        <TextField field={fields.min_price} label={t("forms:request.minPrice")} inputMode="numeric" dir="ltr" />
        <TextField field={fields.max_price} label={t("forms:request.maxPrice")} inputMode="numeric" dir="ltr" />
      </div>
      <TextAreaField field={fields.notes} label={t("forms:request.notes")} rows={4} />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("forms:fields.sending") : t("forms:request.submit")}
      </button>
    </Form>
  );
}
