import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, PasswordField } from "~/platform/forms/FormParts";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { deleteAccountSchema } from "~/features/accounts/account-forms";
import { message, tooMany } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { endUserSession, requireUser } from "~/features/accounts/auth.server";
import { clientIp } from "~/features/accounts/account.server";
import { deleteAccount } from "~/features/back-office/account-deletion.server";
import { formReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** /profile/delete: what a deletion does, a link to download one's data first, and the password (decision 092). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { t } = await pageContext(request);
  return {
    constraint: formConstraint(deleteAccountSchema),
    seo: { title: t("account:control.delete.title"), description: t("account:profile.description"), noindex: true },
  };
}

/**
 * Deletes the account when `password` is the account's (within the login limits: 429 past them; a wrong one 400):
 * its listings leave the site, its saved searches stop, its name, number and sessions are erased; then / with a
 * toast and the cookie cleared.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, t } = await pageContext(request);
  const submission = parseForm(await request.formData().catch(() => new FormData()), deleteAccountSchema);
  const hideFields = ["password"];
  if (submission.status !== "success") return formReply(submission, { hideFields });
  const outcome = await deleteAccount(db, { user, password: submission.value.password, ip: clientIp(context) });
  if (outcome.kind === "tooMany")
    return formReply(submission, {
      hideFields,
      formErrors: [tooMany("account:errors.tooMany", outcome.retryAfter)],
      status: 429,
    });
  if (outcome.kind === "wrong")
    return formReply(submission, { hideFields, fieldErrors: { password: [message("account:errors.currentPasswordWrong")] } });
  const cookie = await endUserSession(request);
  return redirectWithSuccess("/", t("account:control.delete.done"), { headers: { "Set-Cookie": cookie } });
}

export default function ProfileDeletePage() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, { id: "profile-delete", lastResult: actionData?.lastResult });
  return (
    <section className="page narrow account-page">
      <h1>{t("account:control.delete.title")}</h1>
      <div className="notice notice-error">
        <ul>
          <li>{t("account:control.delete.listings")}</li>
          <li>{t("account:control.delete.searches")}</li>
          <li>{t("account:control.delete.erased")}</li>
          <li>{t("account:control.delete.audit")}</li>
          <li>{t("account:control.delete.again")}</li>
        </ul>
      </div>
      <p>
        <a href="/profile/data" download>
          {t("account:control.data.link")}
        </a>
      </p>
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} />
        <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
        <button type="submit" className="button button-danger form-submit" disabled={busy}>
          {t("account:control.delete.submit")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/profile">{t("account:control.back")}</Link>
      </p>
    </section>
  );
}
