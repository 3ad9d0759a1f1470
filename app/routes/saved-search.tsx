import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice } from "~/platform/forms/FormParts";
import { SavedSearchFields } from "~/features/alerts/SavedSearchFields";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { savedSearchSchema } from "~/features/alerts/saved-search-forms";
import { deleteSavedSearch, getSavedSearch, updateSavedSearch } from "~/features/alerts/saved-search.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account", "forms"] };

/** /saved-searches/:id (decision 030): change a saved search's name and frequency. Its owner only (else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = requireId(params.id);
  const { db, t } = await pageContext(request);
  const search = await getSavedSearch(db, user.id, id);
  if (!search) notFound();
  return {
    constraint: formConstraint(savedSearchSchema),
    search,
    seo: { title: t("account:searches.editTitle"), description: t("account:searches.saveLead"), noindex: true },
  };
}

/**
 * The saved search's posts, by `intent`: `update` (name and frequency; bad input: 400 with the typed values),
 * `pause`, `resume` (its new listings count from now) and `delete`. Someone else's search: 404. Success: /profile
 * with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: "/profile" });
  const id = requireId(params.id);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  let done: boolean;
  if (intent === "pause" || intent === "resume") {
    done = await updateSavedSearch(db, user.id, id, { paused: intent === "pause" });
  } else if (intent === "delete") {
    done = await deleteSavedSearch(db, user.id, id);
  } else {
    const submission = parseForm(form, savedSearchSchema);
    if (submission.status !== "success") return formReply(submission);
    done = await updateSavedSearch(db, user.id, id, submission.value);
  }
  if (!done) notFound();
  const key = intent === "pause" || intent === "resume" || intent === "delete" ? intent : "update";
  return redirectWithSuccess("/profile#saved-searches", t(`account:searches.done.${key}`));
}

export default function EditSavedSearchPage() {
  const { search, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, {
    id: "saved-search",
    lastResult: actionData?.lastResult,
    defaultValue: { name: search.name, frequency: search.frequency },
  });
  return (
    <section className="page narrow account-page form-page">
      <h1>{t("account:searches.editTitle")}</h1>
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <FormNotice form={form} checkData="content:errors.checkData" />
        <input type="hidden" name="intent" value="update" />
        <SavedSearchFields fields={fields} />
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {t("account:searches.change")}
        </button>
      </Form>
    </section>
  );
}
