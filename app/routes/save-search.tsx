import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice } from "~/platform/forms/FormParts";
import { SavedSearchFields } from "~/features/alerts/SavedSearchFields";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { message } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { NAME_MAX, newSavedSearchSchema } from "~/features/alerts/saved-search-forms";
import { getLookups } from "~/features/places/lookups.server";
import { savedScope, savedSearchAddress } from "~/features/search/search-scope";
import {
  canonicalQuery,
  createSavedSearch,
  MAX_SAVED_SEARCHES,
  SavedSearchLimitError,
} from "~/features/alerts/saved-search.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { parseEstateFilter, SAVE_SEARCH_QUERY_PARAMS } from "~/features/search/estate-filter.server";
import { appliedFilters } from "~/features/search/results-page.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045): a search's, and the page it was kept from. */
export const queryParams = SAVE_SEARCH_QUERY_PARAMS;
export const handle: LayoutHandle = { i18n: ["common", "account", "forms"] };

/**
 * /save-search?<the results page's query> (decision 030): the form that keeps a search and its SMS alerts
 * (name, instant or daily). Logged-in users only: a visitor is sent to log in and comes back here. A search with a
 * bad value answers 400 with a link back to the search.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { db, locale, t } = await pageContext(request);
  const url = new URL(request.url);
  const query = await canonicalQuery(db, url.searchParams);
  const lookups = await getLookups(db);
  const scope = savedScope(url.searchParams);
  const values = parseEstateFilter(url.searchParams, lookups, { required: [], scope }).values;
  const chips = appliedFilters(new URL(savedSearchAddress(query ?? ""), url), values, lookups, locale, t).map((c) => c.label);
  return {
    constraint: formConstraint(newSavedSearchSchema),
    query,
    chips,
    name: chips.slice(0, 3).join(" · ").slice(0, NAME_MAX) || t("account:searches.defaultName"),
    seo: { title: t("account:searches.saveTitle"), description: t("account:searches.saveLead"), noindex: true },
  };
}

/**
 * Keeps the search: name (1 to 60 characters), frequency (instant or daily) and the query (a search the results
 * page accepts). Bad input: 400 with the typed values and a message beside the field; the account's 10 searches:
 * the form back with that message. Success: /profile with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, newSavedSearchSchema);
  if (submission.status !== "success") return formReply(submission);
  const query = await canonicalQuery(db, new URLSearchParams(submission.value.query));
  if (query === null) return formReply(submission, { formErrors: [message("account:searches.errors.query")] });
  try {
    await createSavedSearch(db, user.id, { name: submission.value.name, query, frequency: submission.value.frequency });
  } catch (error) {
    if (error instanceof SavedSearchLimitError)
      return formReply(submission, { formErrors: [message("account:searches.errors.limit", { max: MAX_SAVED_SEARCHES })] });
    throw error;
  }
  return redirectWithSuccess("/profile#saved-searches", t("account:searches.saved", { name: submission.value.name }));
}

export default function SaveSearchPage() {
  const { query, chips, name, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, {
    id: "save-search",
    lastResult: actionData?.lastResult,
    defaultValue: { name, frequency: "instant", query: query ?? "" },
  });
  return (
    <section className="page narrow account-page form-page">
      <h1>{t("account:searches.saveTitle")}</h1>
      <p className="page-lead">{t("account:searches.saveLead")}</p>
      {query === null ? (
        <p className="notice" role="alert">
          {t("account:searches.errors.query")} <Link to="/advanced-search">{t("advanced.title")}</Link>
        </p>
      ) : (
        <Form method="post" className="account-form" {...formProps(form)} noValidate>
          <FormNotice form={form} checkData="content:errors.checkData" />
          {chips.length ? (
            <p>
              {t("account:searches.what")} <bdi>{chips.join(" · ")}</bdi>
            </p>
          ) : (
            <p>{t("account:searches.everything")}</p>
          )}
          <input type="hidden" name="query" value={query} />
          <SavedSearchFields fields={fields} />
          <button type="submit" className="button button-primary form-submit" disabled={busy}>
            {t("account:searches.save")}
          </button>
        </Form>
      )}
    </section>
  );
}
