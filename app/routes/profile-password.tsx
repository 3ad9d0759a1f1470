import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, PasswordField } from "~/platform/forms/FormParts";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { passwordChangeSchema } from "~/features/accounts/account-forms";
import { message, tooMany } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { requestToken, requireUser } from "~/features/accounts/auth.server";
import { clientIp } from "~/features/accounts/account.server";
import { changePassword } from "~/features/accounts/account-control.server";
import { formReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The password fields: never sent back to the page. */
const HIDDEN = ["current_password", "password", "password_confirmation"];

/** /profile/password: the current password, and the new one twice (decision 092). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { t } = await pageContext(request);
  return {
    constraint: formConstraint(passwordChangeSchema),
    seo: { title: t("account:control.password.title"), description: t("account:profile.description"), noindex: true },
  };
}

/**
 * Changes the password when `current_password` is the account's (within the login limits: 429 past them): every
 * other session of the account ends, this one stays; then /profile with a toast. A wrong current password is 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, t } = await pageContext(request);
  const submission = parseForm(await request.formData().catch(() => new FormData()), passwordChangeSchema);
  if (submission.status !== "success") return formReply(submission, { hideFields: HIDDEN });
  const outcome = await changePassword(db, {
    user,
    token: (await requestToken(request)) ?? "",
    ...submission.value,
    ip: clientIp(context),
  });
  if (outcome.kind === "tooMany")
    return formReply(submission, {
      hideFields: HIDDEN,
      formErrors: [tooMany("account:errors.tooMany", outcome.retryAfter)],
      status: 429,
    });
  if (outcome.kind === "wrong")
    return formReply(submission, {
      hideFields: HIDDEN,
      fieldErrors: { current_password: [message("account:errors.currentPasswordWrong")] },
    });
  return redirectWithSuccess("/profile", t("account:control.password.done"));
}

export default function ProfilePasswordPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, { id: "profile-password", lastResult: actionData?.lastResult });
  return (
    <section className="page narrow account-page">
      <h1>{t("account:control.password.title")}</h1>
      <p className="page-lead">{t("account:control.password.lead")}</p>
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} />
        <PasswordField
          field={fields.current_password}
          label={t("account:control.password.current")}
          autoComplete="current-password"
        />
        <PasswordField field={fields.password} label={t("account:fields.newPassword")} autoComplete="new-password" />
        <PasswordField
          field={fields.password_confirmation}
          label={t("account:fields.confirmPassword")}
          autoComplete="new-password"
        />
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {t("account:control.password.submit")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/profile">{t("account:control.back")}</Link>
      </p>
    </section>
  );
}
