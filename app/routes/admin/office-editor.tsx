import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { BackLink, EditorForm, ImageField, StateForm } from "~/features/back-office/ContentParts";
import { CheckField, FormNotice, SelectField, TextField } from "~/platform/forms/FormParts";
import { OfficeEstates } from "~/features/offices/OfficeEstates";
import { LocationOptions } from "~/features/search/SearchFilter";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { licenceSchema, officeSchema } from "~/features/back-office/content-forms";
import { message, type Message } from "~/platform/forms/message";
import { formConstraint, parseForm, type FieldName } from "~/platform/forms/parse";
import { getLookups, nameOf } from "~/features/places/lookups.server";
import {
  createOffice,
  getOfficeRow,
  officeListings,
  setOfficeActive,
  setOfficeLicence,
  updateOffice,
  type OfficeInput,
} from "~/features/offices/office-admin.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formReply } from "~/features/forms/forms.server";
import { imageUrl, PHOTO_LIMITS } from "~/platform/images/images.server";
import { officePhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { withMultipartForm } from "~/platform/http/multipart.server";
import {
  editedId,
  fileFieldError,
  requestedPage,
  requireExistingPage,
  sameLanguage,
  saveWithImage,
} from "~/features/back-office/admin-content.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { isoDay } from "~/platform/i18n/dates";
import { officeVerification } from "~/features/listings/office-verification.server";
import { OfficeVerificationNote } from "~/features/listings/OfficeVerification";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page"];
export const handle: LayoutHandle = { i18n: ["common", "admin", "content"] };

type Fields = keyof typeof officeSchema.shape | "logo";

/**
 * /admin/offices/new and /admin/offices/:id: the editor of one office, active or not, with its
 * current logo, the activate/deactivate form, and its listings (paged with `?page=`), each linking to the listing
 * editor /profile/posts/:id. Admins only; an unknown or malformed id, or a listings page out of range, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = editedId(params.id);
  const page = requestedPage(request);
  const { db, locale, t } = await pageContext(request);
  const [row, lookups] = await Promise.all([id === null ? null : getOfficeRow(db, id), getLookups(db)]);
  if (id !== null && !row) notFound();
  const listings = row ? await officeListings(db, row.id, locale, page) : null;
  if (listings) requireExistingPage(listings);
  const title = row ? t("content:officeForm.editTitle") : t("content:officeForm.newTitle");
  return {
    constraint: formConstraint(officeSchema),
    licenceConstraint: formConstraint(licenceSchema),
    licenceDefaults: row
      ? {
          licence_number: row.licence_number ?? "",
          licence_issuer: row.licence_issuer ?? "",
          licence_checked_on: row.licence_checked_on ?? isoDay(new Date()),
          verified: row.verified ? "on" : "",
        }
      : null,
    office: row
      ? {
          id: row.id,
          name: locale === "en" ? row.name_en : row.name_ar,
          isActive: row.is_active,
          verification: officeVerification(row, locale),
          logo: row.logo ? imageUrl(row.logo, 96) : null,
          logoLarge: row.logo ? imageUrl(row.logo, 192) : null,
        }
      : null,
    defaults: row
      ? {
          name_ar: row.name_ar,
          name_en: row.name_en,
          phone: row.phone,
          whatsapp: row.whatsapp ?? "",
          address_ar: row.address_ar,
          address_en: row.address_en,
          location_id: String(row.location_id),
          contract_type_id: String(row.contract_type_id),
        }
      : { contract_type_id: "1" },
    contractTypes: lookups.contractTypes.map((c) => ({ id: c.id, name: nameOf(c, locale) ?? "" })),
    listings,
    seo: { title, description: t("content:offices.description"), noindex: true },
  };
}

/**
 * The posts of the editor, told apart by `intent`: "save" (create or update, with an optional new logo; without one
 * the old logo stays), "activate", "deactivate" and "licence" (the licence and the verified mark of decision 090: the
 * day checked may not be after today in Damascus; verifying needs the number, the issuer and the day). The phone and WhatsApp numbers are stored in E.164 (landlines
 * allowed); the place and contract level must exist. Bad input: 400 with every typed value and each error beside its
 * field, nothing stored (not even the logo). While another upload of the same admin (or four in the server) runs, a
 * chosen logo is refused with 429 and the translated "busy" message beside it, the typed values kept.
 * Success: back to this office's page with a toast. Each change and its audit entry are one transaction, and the
 * public office pages show it at once.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = editedId(params.id);
  const { db, t } = await pageContext(request);
  const limits = { fileFields: ["logo"], maxFiles: 1, maxBytes: PHOTO_LIMITS.maxBytes, account: admin.id };
  // The chosen logo waits in a temporary file, removed when this request ends.
  return withMultipartForm(request, limits, async ({ form, files, problems, busy }) => {
    const intent = form.get("intent");

    if (intent === "activate" || intent === "deactivate") {
      if (id === null) notFound();
      const outcome = await setOfficeActive(db, admin.id, id, intent === "activate");
      if (outcome === "missing") notFound();
      const toast = intent === "activate" ? "content:toasts.officeActivated" : "content:toasts.officeDeactivated";
      return redirectWithSuccess(sameLanguage(request, `/admin/offices/${id}`), t(toast));
    }

    if (intent === "licence") {
      if (id === null) notFound();
      const submission = parseForm(form, licenceSchema);
      if (submission.status !== "success") return formReply(submission);
      const value = submission.value;
      if (value.licence_checked_on && value.licence_checked_on > isoDay(new Date()))
        return formReply(submission, { fieldErrors: { licence_checked_on: [message("content:errors.dateFuture")] } });
      const outcome = await setOfficeLicence(db, admin.id, id, {
        licence_number: value.licence_number ?? null,
        licence_issuer: value.licence_issuer ?? null,
        licence_checked_on: value.licence_checked_on ?? null,
        verified: value.verified === "on",
      });
      if (outcome === "missing") notFound();
      return redirectWithSuccess(sameLanguage(request, `/admin/offices/${id}`), t("content:toasts.licenceSaved"));
    }

    if (id !== null && !(await getOfficeRow(db, id))) notFound();
    const submission = parseForm(form, officeSchema);
    const fieldErrors: Partial<Record<Fields, Message[]>> = {};
    let input: OfficeInput | null = null;
    if (submission.status === "success") {
      const value = submission.value;
      const lookups = await getLookups(db);
      const phoneNumber = officePhone(value.phone);
      const whatsapp = value.whatsapp === undefined ? null : officePhone(value.whatsapp);
      if (!phoneNumber) fieldErrors.phone = [message("content:errors.phoneInvalid")];
      if (value.whatsapp !== undefined && !whatsapp) fieldErrors.whatsapp = [message("content:errors.phoneInvalid")];
      if (!lookups.locationById.has(value.location_id)) fieldErrors.location_id = [message("content:errors.locationRequired")];
      if (!lookups.byId.contractType.has(value.contract_type_id))
        fieldErrors.contract_type_id = [message("content:errors.contractRequired")];
      if (phoneNumber) input = { ...value, phone: phoneNumber, whatsapp };
    }
    // A file input cannot be refilled: after any error a chosen logo must be chosen again, and the field says so.
    const upload = files.find((f) => f.field === "logo");
    const logoError = fileFieldError(problems, upload !== undefined);
    // Another upload of this admin (or too many in the server) is running: 429, the typed values kept.
    if (busy)
      return formReply(submission, { fieldErrors: { ...fieldErrors, logo: [message("content:upload.busy")] }, status: 429 });
    if (!input || problems.length > 0 || Object.keys(fieldErrors).length > 0) {
      return formReply(submission, { fieldErrors: logoError ? { ...fieldErrors, logo: [logoError] } : fieldErrors });
    }

    // The new logo is stored only once everything typed is valid, and removed again if the write fails.
    const saved = await saveWithImage({
      id,
      upload,
      kind: "logo",
      create: (logo) => createOffice(db, admin.id, input, logo),
      update: (officeId, logo) => updateOffice(db, admin.id, officeId, input, logo),
    });
    if ("uploadError" in saved) return formReply(submission, { fieldErrors: { logo: [saved.uploadError] } });
    const toast = id === null ? "content:toasts.officeCreated" : "content:toasts.officeSaved";
    return redirectWithSuccess(sameLanguage(request, `/admin/offices/${saved.savedId}`), t(toast));
  });
}

export default function AdminOffice() {
  const { office, listings } = useLoaderData<typeof loader>();
  const { t } = useT();
  const location = useLocation();
  return (
    <section className="page narrow admin-page content-admin form-page">
      <BackLink to="/admin/offices">{t("content:offices.back")}</BackLink>
      <h1>{office ? office.name : t("content:officeForm.newTitle")}</h1>
      {office ? <ActiveForm /> : null}
      <OfficeForm key={`${office?.id ?? "new"}-${location.key}`} />
      {office ? <LicenceForm key={`licence-${office.id}-${location.key}`} /> : null}
      {office && listings ? <OfficeEstates listings={listings} /> : null}
    </section>
  );
}

/** Whether the office is shown on the site, and the one button that flips it (a form of its own). */
function ActiveForm() {
  const { office } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!office) return null;
  const on = office.isActive;
  return (
    <StateForm
      on={on}
      stateText={t(on ? "content:offices.isActive" : "content:offices.isInactive")}
      flipIntent={on ? "deactivate" : "activate"}
      flipText={t(on ? "content:offices.deactivate" : "content:offices.activate")}
      viewHref={`/office/${office.id}`}
      viewText={t("content:offices.view")}
    />
  );
}

/** The action's reply to the form of `intent` ("licence", or the office form's "save"), else undefined. */
function useReplyOf(intent: "licence" | "save") {
  const actionData = useActionData<typeof action>();
  const posted = actionData?.lastResult.initialValue?.intent;
  return (posted === "licence") === (intent === "licence") ? actionData?.lastResult : undefined;
}

/**
 * The office's licence and the verified mark (decision 090): a form of its own under the office's fields, with what is
 * said on the site now (verified with its month, or lapsed).
 */
function LicenceForm() {
  const { office, licenceDefaults, licenceConstraint } = useLoaderData<typeof loader>();
  const { t } = useT();
  const busy = useSubmitting({ intent: "licence" });
  const [form, fields] = useServerForm<FieldName<typeof licenceSchema>>(licenceConstraint, {
    id: "licence",
    defaultValue: licenceDefaults ?? {},
    lastResult: useReplyOf("licence"),
  });
  if (!office) return null;
  return (
    <section className="section" aria-labelledby="licence-title">
      <h2 id="licence-title">{t("content:licence.title")}</h2>
      <p className="hint">{t("content:licence.hint")}</p>
      {office.verification ? (
        <OfficeVerificationNote verification={office.verification} />
      ) : (
        <p>{t("content:licence.notVerified")}</p>
      )}
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} checkData="content:errors.checkData" />
        <TextField field={fields.licence_number} label={t("content:licence.number")} dir="auto" />
        <TextField
          field={fields.licence_issuer}
          label={t("content:licence.issuer")}
          hint={t("content:licence.issuerHint")}
          dir="auto"
        />
        <TextField field={fields.licence_checked_on} type="date" label={t("content:licence.checkedOn")} dir="ltr" />
        <CheckField field={fields.verified} label={t("content:licence.verified")} />
        <button type="submit" name="intent" value="licence" className="button button-primary form-submit" disabled={busy}>
          {busy ? t("content:form.saving") : t("content:licence.save")}
        </button>
      </Form>
    </section>
  );
}

function OfficeForm() {
  const { office, defaults, contractTypes, constraint } = useLoaderData<typeof loader>();
  const { t } = useT();
  const [form, fields] = useServerForm<FieldName<typeof officeSchema>, "logo">(constraint, {
    id: "office",
    defaultValue: defaults,
    lastResult: useReplyOf("save"),
  });
  return (
    <EditorForm form={form} editing={Boolean(office)} createText={t("content:officeForm.create")}>
      <TextField field={fields.name_ar} label={t("content:officeForm.name_ar")} dir="rtl" />
      <TextField field={fields.name_en} label={t("content:officeForm.name_en")} dir="ltr" />
      <div className="field-pair">
        <TextField
          field={fields.phone}
          type="tel"
          label={t("content:officeForm.phone")}
          hint={t("content:officeForm.phoneHint")}
          inputMode="tel"
          dir="ltr"
        />
        <TextField
          field={fields.whatsapp}
          type="tel"
          label={t("content:officeForm.whatsapp")}
          hint={t("content:officeForm.whatsappHint")}
          inputMode="tel"
          dir="ltr"
        />
      </div>
      <SelectField field={fields.location_id} label={t("content:officeForm.location")} placeholder={t("content:form.choose")}>
        <LocationOptions selected={fields.location_id.initialValue} />
      </SelectField>
      <TextField field={fields.address_ar} label={t("content:officeForm.address_ar")} dir="rtl" />
      <TextField field={fields.address_en} label={t("content:officeForm.address_en")} dir="ltr" />
      <SelectField
        field={fields.contract_type_id}
        label={t("content:officeForm.contract")}
        options={contractTypes}
        placeholder={t("content:form.choose")}
      />
      <ImageField
        field={fields.logo}
        label={t("content:officeForm.logo")}
        preview={
          office?.logo ? (
            <img
              src={office.logo}
              srcSet={`${office.logo} 1x, ${office.logoLarge} 2x`}
              width={96}
              height={96}
              alt=""
              className="office-logo"
            />
          ) : null
        }
        caption={t("content:officeForm.currentLogo")}
        hint={t(office?.logo ? "content:officeForm.logoKeep" : "content:officeForm.logoHint")}
      />
    </EditorForm>
  );
}
