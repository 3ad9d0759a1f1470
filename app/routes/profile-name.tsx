import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, TextField } from "~/platform/forms/FormParts";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { nameSchema } from "~/features/accounts/account-forms";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { requireUser } from "~/features/accounts/auth.server";
import { changeName } from "~/features/accounts/account-control.server";
import { formReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** /profile/name: the owner's first and last name, filled with the current ones (decision 092). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { t } = await pageContext(request);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    constraint: formConstraint(nameSchema),
    seo: { title: t("account:control.name.title"), description: t("account:profile.description"), noindex: true },
  };
}

/** Changes the name (2–15 characters each); bad input comes back with both names as typed. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, t } = await pageContext(request);
  const submission = parseForm(await request.formData().catch(() => new FormData()), nameSchema);
  if (submission.status !== "success") return formReply(submission);
  await changeName(db, user.id, submission.value);
  return redirectWithSuccess("/profile", t("account:control.name.done"));
}

export default function ProfileNamePage() {
  const { first_name, last_name, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, {
    id: "profile-name",
    lastResult: actionData?.lastResult,
    defaultValue: { first_name, last_name },
  });
  return (
    <section className="page narrow account-page">
      <h1>{t("account:control.name.title")}</h1>
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} />
        <TextField field={fields.first_name} label={t("account:fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.last_name} label={t("account:fields.lastName")} autoComplete="family-name" />
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {t("account:control.save")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/profile">{t("account:control.back")}</Link>
      </p>
    </section>
  );
}
