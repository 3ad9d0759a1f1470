import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors, FormNotice } from "~/platform/forms/FormParts";
import { formProps, inputProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { codeSchema, LIMITS } from "~/features/accounts/account-forms";
import { message } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { findRegistration } from "~/features/accounts/user.server";
import { clientIp } from "~/features/accounts/account.server";
import { activate, resendCode, smsRefusal } from "~/features/accounts/account-signup.server";
import { startUserSession } from "~/features/accounts/auth.server";
import { formReply } from "~/features/forms/forms.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { getSession, redirectWithError, redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { localPath } from "~/platform/http/redirect.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/**
 * The pending registration of the session, or a redirect to /login with 'please complete
 * the registration process first' when there is none.
 */
async function pendingRegistration(request: Request): Promise<{ phone: string; registration: number; redirectTo?: string }> {
  const pending = (await getSession(request)).get("pending");
  if (pending && typeof pending.phone === "string" && Number.isInteger(pending.registration)) return pending;
  const { t } = await pageContext(request);
  throw await redirectWithError("/login?tab=2", t("account:errors.noPending"));
}

/**
 * /confirm: the code sent by SMS after registration. When the
 * pending number has no account waiting (removed, or already confirmed elsewhere) the page says 'phone number not
 * found, return to the registration page'.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { phone, registration } = await pendingRegistration(request);
  const { db, t } = await pageContext(request);
  return {
    phone: formatPhone(phone),
    found: (await findRegistration(db, registration, phone)) !== null,
    constraint: formConstraint(codeSchema),
    seo: { title: t("account:confirm.title"), description: t("account:confirm.description"), noindex: true },
  };
}

/**
 * The posts of /confirm: "check" (a correct code activates the account, logs the user in and goes
 * to / with the activation toast) and "resend" (code/resend, within the SMS limits, with a success or a
 * failure toast). A wrong code keeps the page with the wrong-code message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingRegistration(request);
  const form = await request.formData().catch(() => new FormData());
  const { db, locale, t } = await pageContext(request);

  if (form.get("intent") === "resend") {
    const outcome = await resendCode(db, { ...pending, locale, ip: clientIp(context) });
    if (outcome.kind === "gone") return formReply(null, { formErrors: [message("account:errors.noPhone")] });
    if (outcome.kind !== "sent") return formReply(null, smsRefusal("account:errors.resendFailed", outcome));
    return redirectWithSuccess("/confirm", t("account:toasts.resendSuccess"));
  }

  const submission = parseForm(form, codeSchema);
  if (submission.status !== "success") return formReply(submission);
  const outcome = await activate(db, { ...pending, code: submission.value.code });
  if (outcome.kind === "wrong") return formReply(submission, { fieldErrors: { code: [message("account:errors.codeWrong")] } });
  if (outcome.kind === "expired")
    return formReply(submission, { fieldErrors: { code: [message("account:errors.codeExpired")] } });
  if (outcome.kind === "gone") return formReply(submission, { formErrors: [message("account:errors.noPhone")] });
  const cookie = await startUserSession(request, outcome.userId);
  // Back where the sign-up started (a draft's link), else the home page.
  return redirectWithSuccess(localPath(pending.redirectTo) ?? "/", t("account:toasts.activated"), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function ConfirmPage() {
  const { phone, found, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const hydrated = useHydrated();
  const [form, fields] = useServerForm(constraint, { id: "confirm", lastResult: actionData?.lastResult });
  const [typed, setTyped] = useState(fields.code.initialValue ?? "");
  useEffect(() => setTyped(fields.code.initialValue ?? ""), [fields.code.initialValue]);
  const busy = useSubmitting();
  return (
    <section className="page narrow account-page">
      <h1>{t("account:confirm.title")}</h1>
      {found ? (
        // U+2066/U+2069 isolate the number left to right, so "+963 944 …" keeps its order inside Arabic text.
        <p className="page-lead">{t("account:confirm.intro", { phone: `\u2066${phone}\u2069` })}</p>
      ) : (
        <div className="notice notice-error" role="alert">
          <p>{t("account:errors.noPhone")}</p>
        </div>
      )}
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} checkData={null} />
        <div className="field">
          <label htmlFor={fields.code.id}>{t("account:fields.code")}</label>
          <input
            {...inputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={undefined}
            maxLength={LIMITS.code}
            dir="ltr"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <FieldErrors field={fields.code} />
        </div>
        <button
          type="submit"
          name="intent"
          value="check"
          className="button button-primary form-submit"
          disabled={busy || (hydrated && typed.trim().length < LIMITS.code)}
        >
          {t("account:confirm.submit")}
        </button>
      </Form>
      <Form method="post" className="resend-form">
        <p className="hint">{t("account:confirm.noCode")}</p>
        <button type="submit" name="intent" value="resend" className="button" disabled={busy}>
          {t("account:confirm.resend")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/login?tab=2">{t("account:confirm.backToLogin")}</Link>
      </p>
    </section>
  );
}
