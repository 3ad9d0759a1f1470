import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FieldErrors, FormNotice } from "~/platform/forms/FormParts";
import { formProps, inputProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { codeSchema, LIMITS, phoneSchema } from "~/features/accounts/account-forms";
import { phonePost } from "~/features/accounts/account-forms.server";
import { message } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { requireUser } from "~/features/accounts/auth.server";
import { clientIp } from "~/features/accounts/account.server";
import { smsRefusal } from "~/features/accounts/account-signup.server";
import { confirmPhoneChange, startPhoneChange } from "~/features/accounts/account-control.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { PhoneForm } from "~/features/accounts/PhoneForm";
import { formReply } from "~/features/forms/forms.server";
import { getSession, redirectWithSuccess, sessionStorage } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";
import type { User } from "~/features/accounts/user.server";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The number this account asked to change to and that waits for its code (the session's `newPhone`), or null. */
async function waitingPhone(request: Request, user: User): Promise<string | null> {
  const waiting = (await getSession(request)).get("newPhone");
  return waiting && waiting.user === user.id && typeof waiting.phone === "string" ? waiting.phone : null;
}

/**
 * /profile/phone: the new number and its country; once a code was sent to it, the code form for that number
 * (decision 092). The number changes only when the code comes back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { t } = await pageContext(request);
  const waiting = await waitingPhone(request, user);
  return {
    current: formatPhone(user.phone),
    waiting: waiting ? formatPhone(waiting) : null,
    phoneConstraint: formConstraint(phoneSchema),
    codeConstraint: formConstraint(codeSchema),
    seo: { title: t("account:control.phone.title"), description: t("account:profile.description"), noindex: true },
  };
}

/** Sets or clears the session's waiting number; returns the Set-Cookie value. */
async function keepWaiting(request: Request, value: { user: number; phone: string } | null): Promise<string> {
  const session = await getSession(request);
  if (value) session.set("newPhone", value);
  else session.unset("newPhone");
  return sessionStorage.commitSession(session);
}

/**
 * The posts of /profile/phone: `intent=send` (a number: its code is sent, within the SMS countries and limits, and
 * the page asks for it; the account's own number or another account's is refused), `intent=check` (the code: the
 * number changes and the old one gets an SMS saying so; a wrong code keeps the page), `intent=cancel` (forget the
 * waiting number).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, locale, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "cancel") {
    return redirectWithSuccess("/profile/phone", t("account:control.phone.cancelled"), {
      headers: { "Set-Cookie": await keepWaiting(request, null) },
    });
  }
  if (intent === "check") {
    const phone = await waitingPhone(request, user);
    const submission = parseForm(form, codeSchema);
    if (!phone) return formReply(submission, { formErrors: [message("account:control.phone.noWaiting")] });
    if (submission.status !== "success") return formReply(submission);
    const outcome = await confirmPhoneChange(db, { user, phone, code: submission.value.code });
    if (outcome.kind === "wrong") return formReply(submission, { fieldErrors: { code: [message("account:errors.codeWrong")] } });
    if (outcome.kind === "taken") return formReply(submission, { formErrors: [message("account:control.phone.taken")] });
    if (outcome.kind !== "changed")
      return formReply(submission, { fieldErrors: { code: [message("account:errors.codeExpired")] } });
    return redirectWithSuccess("/profile", t("account:control.phone.done"), {
      headers: { "Set-Cookie": await keepWaiting(request, null) },
    });
  }
  const submission = parseForm(form, phonePost);
  if (submission.status !== "success") return formReply(submission);
  const { phone } = submission.value;
  const outcome = await startPhoneChange(db, { user, phone, ip: clientIp(context), locale });
  if (outcome.kind === "same")
    return formReply(submission, { fieldErrors: { authentication: [message("account:control.phone.same")] } });
  if (outcome.kind === "taken")
    return formReply(submission, { fieldErrors: { authentication: [message("account:control.phone.taken")] } });
  if (outcome.kind !== "sent") return formReply(submission, smsRefusal(null, outcome));
  return redirectWithSuccess("/profile/phone", t("account:control.phone.sent"), {
    headers: { "Set-Cookie": await keepWaiting(request, { user: user.id, phone }) },
  });
}

export default function ProfilePhonePage() {
  const { current, waiting, phoneConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section className="page narrow account-page">
      <h1>{t("account:control.phone.title")}</h1>
      <p className="page-lead">{t("account:control.phone.current", { phone: `\u2066${current}\u2069` })}</p>
      {waiting ? (
        <CodeForm phone={waiting} />
      ) : (
        <>
          <p>{t("account:control.phone.lead")}</p>
          <PhoneForm
            id="profile-phone"
            constraint={phoneConstraint}
            lastResult={actionData?.lastResult}
            submitLabel={t("account:control.phone.send")}
          />
        </>
      )}
      <p className="form-links">
        <Link to="/profile">{t("account:control.back")}</Link>
      </p>
    </section>
  );
}

/** The code sent to the new number, and a way to give up the change. */
function CodeForm({ phone }: { phone: string }) {
  const { codeConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(codeConstraint, { id: "profile-phone-code", lastResult: actionData?.lastResult });
  return (
    <>
      <p>{t("account:control.phone.codeLead", { phone: `\u2066${phone}\u2069` })}</p>
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
          />
          <FieldErrors field={fields.code} />
        </div>
        <button type="submit" name="intent" value="check" className="button button-primary form-submit" disabled={busy}>
          {t("account:control.phone.confirm")}
        </button>
      </Form>
      <Form method="post" className="resend-form">
        <button type="submit" name="intent" value="cancel" className="button" disabled={busy}>
          {t("account:control.phone.cancel")}
        </button>
      </Form>
    </>
  );
}
