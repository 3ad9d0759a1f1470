import { Form } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { COUNTRIES } from "~/platform/config/countries";
import type { FormConstraint, FormResult } from "~/platform/forms/parse";
import { FieldErrors, FormNotice, PasswordField, TextField } from "~/platform/forms/FormParts";
import { formProps, selectProps, useServerForm, useSubmitting, type ServerField } from "~/platform/forms/useServerForm";

/*
 * The phone number fields and forms of the account pages (login, sign-up, activation, forgot password), in a module
 * of their own so that other forms do not load the country list.
 */

/** Syria, the default country of the phone selector. */
export const DEFAULT_COUNTRY = "SY";

/**
 * The country selector with dial codes and the phone field (Syria first and the default, Germany the
 * other preferred choice, then every country). The number is typed without the dial code; the server makes E.164.
 */
export function PhoneFields({ country, phone }: { country: ServerField; phone: ServerField }) {
  const { t, lang } = useT();
  const countries = COUNTRIES[lang === "en" ? "en" : "ar"];
  const countryProps = selectProps(country);
  return (
    <div className="phone-fields">
      <div className="field">
        <label htmlFor={country.id}>{t("account:fields.country")}</label>
        <select {...countryProps} autoComplete="country">
          {countries.map(([code, dial, name]) => (
            <option key={code} value={code}>
              {name} (+{dial})
            </option>
          ))}
        </select>
        <FieldErrors field={country} />
      </div>
      <TextField
        field={phone}
        type="tel"
        label={t("account:fields.phone")}
        hint={t("account:fields.phoneHint", { example: "\u20660944 123 456\u2069" })}
        autoComplete="tel-national"
        inputMode="tel"
        dir="ltr"
      />
    </div>
  );
}

/**
 * A form of one phone number and its country (the activation page /ac and the forgot-password page): the
 * page-level notice, the country selector, the number and one submit button. `lastResult` is the action's reply.
 */
export function PhoneForm({
  id,
  constraint,
  lastResult,
  submitLabel,
  withPassword = false,
}: {
  id: string;
  /** The form's constraint (the loader's formConstraint of phoneSchema, or of activateSchema with the password). */
  constraint: FormConstraint<"country" | "authentication" | "password">;
  lastResult: FormResult | undefined;
  submitLabel: string;
  /** Also asks for the password (the activation page). */
  withPassword?: boolean;
}) {
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, {
    id,
    lastResult,
    defaultValue: { country: DEFAULT_COUNTRY },
  });
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate>
      <FormNotice form={form} />
      <PhoneFields country={fields.country} phone={fields.authentication} />
      {withPassword ? (
        <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
      ) : null}
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
