import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { consultationSchema, contactSchema } from "~/forms/posts";
import { FormNotice, HoneypotField, TextAreaField, TextField } from "./FormParts";
import { useDraft } from "./useDraft";

/**
 * The consultation form (spec 2.6: full name, mobile, consultation summary) and its contact variant on /call-us
 * (spec 5: 'please enter the subject field'). Posts to the page's own action; keeps a draft with JavaScript.
 */
export function MessageForm({
  kind,
  lastResult,
  defaults,
}: {
  kind: "consultation" | "contact";
  lastResult: SubmissionResult<string[]> | undefined;
  defaults?: { name?: string; mobile?: string };
}) {
  const location = useLocation();
  // A new form after every successful post (the redirect gives a new location key).
  return <MessageFormInner key={location.key} kind={kind} lastResult={lastResult} defaults={defaults} />;
}

function MessageFormInner({ kind, lastResult, defaults }: Parameters<typeof MessageForm>[0]) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const schema = kind === "contact" ? contactSchema : consultationSchema;
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<{ name: string; mobile: string; subject: string }>({
    id: kind,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useDraft(kind, ref);
  const busy = navigation.state === "submitting" && navigation.formAction === location.pathname;
  return (
    <Form method="post" className="account-form message-form" {...getFormProps(form)} noValidate ref={ref} preventScrollReset>
      <FormNotice formErrors={form.errors} hasFieldErrors={Object.values(form.allErrors).length > 0 && !form.errors?.length} checkData="forms:errors.checkData" />
      <HoneypotField />
      <TextField field={fields.name} label={t("forms:fields.name")} autoComplete="name" />
      <TextField field={fields.mobile} type="tel" label={t("forms:fields.mobile")} autoComplete="tel" inputMode="tel" dir="ltr" />
      <TextAreaField field={fields.subject} label={t(kind === "contact" ? "forms:fields.subject" : "forms:fields.summary")} rows={6} />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("forms:fields.sending") : t("forms:fields.send")}
      </button>
    </Form>
  );
}
