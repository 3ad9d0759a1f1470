import { Form, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useT } from "~/platform/i18n/use-t";
import type { FormConstraint, FormResult } from "~/platform/forms/parse";
import { FormNotice, HoneypotField, TextAreaField, TextField } from "~/platform/forms/FormParts";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { useDraft } from "~/platform/forms/useDraft";

/**
 * The consultation form (full name, mobile, consultation summary) and its contact variant on /call-us
 * ('please enter the subject field'). Posts to the page's own action; keeps a draft with JavaScript.
 */
export function MessageForm({
  kind,
  constraint,
  lastResult,
  defaults,
}: {
  kind: "consultation" | "contact";
  /** The loader's formConstraint of consultationSchema or contactSchema. */
  constraint: FormConstraint<"name" | "mobile" | "subject">;
  lastResult: FormResult | undefined;
  defaults?: { name?: string; mobile?: string };
}) {
  const location = useLocation();
  // A new form after every successful post (the redirect gives a new location key).
  return <MessageFormInner key={location.key} kind={kind} constraint={constraint} lastResult={lastResult} defaults={defaults} />;
}

function MessageFormInner({ kind, constraint, lastResult, defaults }: Parameters<typeof MessageForm>[0]) {
  const { t } = useT();
  const location = useLocation();
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useServerForm(constraint, {
    id: kind,
    lastResult,
    defaultValue: defaults,
  });
  useDraft(kind, ref);
  // Only this form's own post: the page may hold others (a report dialog, the language switch).
  const busy = useSubmitting({ action: location.pathname });
  return (
    <Form method="post" className="account-form message-form" {...formProps(form)} noValidate ref={ref} preventScrollReset>
      <FormNotice form={form} checkData="forms:errors.checkData" />
      <HoneypotField />
      <TextField field={fields.name} label={t("forms:fields.name")} autoComplete="name" />
      <TextField field={fields.mobile} type="tel" label={t("forms:fields.mobile")} autoComplete="tel" inputMode="tel" dir="ltr" />
      <TextAreaField
        field={fields.subject}
        label={t(kind === "contact" ? "forms:fields.subject" : "forms:fields.summary")}
        rows={6}
      />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("forms:fields.sending") : t("forms:fields.send")}
      </button>
    </Form>
  );
}

/**
 * When a reply can be expected (docs/decisions/054), from the staff's working hours (`hours`, "HH:MM" in
 * Damascus time, or null for all day, as replyHours of staff-sms.server.ts gives them). Worded without the time of
 * day, so the page may be kept in the page cache.
 */
export function ReplyHours({ hours }: { hours: { start: string; end: string } | null }) {
  const { t } = useT();
  return (
    <p className="hint reply-hours">
      {hours ? t("forms:replyTimes.hours", { start: hours.start, end: hours.end }) : t("forms:replyTimes.allDay")}
    </p>
  );
}
