import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ReasonFields, AdminError } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { findAccounts, liftSuspension, suspendAccount } from "~/features/back-office/user-admin.server";
import { accountDecisionSchema, parseAdminForm, plainText, REASON_TEXT_MAX } from "~/features/posts/moderation-forms";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { hrefOf } from "~/platform/http/redirect.server";
import { TextWithUserText } from "~/platform/ui/UserText";
import { useSubmitting } from "~/platform/forms/useServerForm";
import { querySearchText } from "~/platform/forms/queries";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["q"];

/** /admin/users?q=: find accounts by phone or name; suspend with a reason or lift a suspension. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  // Shown again as typed (findAccounts trims what it searches).
  const q = querySearchText(new URL(request.url).searchParams, { maxLength: 50, trim: false });
  const accounts = await findAccounts(db, q);
  return {
    q,
    me: admin.id,
    accounts: accounts.map((a) => ({ ...a, phone: formatPhone(a.phone) })),
    seo: { title: t("admin:users.title"), description: t("admin:description"), noindex: true },
  };
}

/**
 * Suspends (`decision=suspend`, a reason required: every session ends at once, the posts leave the public pages) or
 * lifts a suspension (`decision=lift`), each with its audit entry. 400 keeps the typed reason; 409 when the account
 * is not in a state for it (or is the admin's own).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, accountDecisionSchema);
  const values = { id: Number(parsed.payload.user_id), reason_text: plainText(parsed.payload.reason_text, REASON_TEXT_MAX) };
  const q = String(parsed.payload.q ?? "");
  const back = q ? hrefOf`/admin/users?q=${q}` : "/admin/users";
  if (!parsed.value) return data({ error: parsed.error, values }, { status: 400 });
  const { user_id: id, decision, reason_text: text } = parsed.value;
  const actor = { id: admin.id, admin: true };
  if (decision === "suspend") {
    if (!(await suspendAccount(db, id, actor, text))) return data({ error: "admin:errors.state", values }, { status: 409 });
    return redirectWithSuccess(back, t("admin:done.suspend"));
  }
  if (!(await liftSuspension(db, id, actor, text))) return data({ error: "admin:errors.state", values }, { status: 409 });
  return redirectWithSuccess(back, t("admin:done.lift"));
}

export default function AccountsPage() {
  const { q, me, accounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, lang } = useT("admin");
  const busy = useSubmitting();
  return (
    <section className="page admin-page">
      <h1>{t("admin:users.title")}</h1>
      <Form method="get" className="admin-search" role="search">
        <label htmlFor="q">{t("admin:users.search")}</label>
        <input id="q" name="q" type="search" defaultValue={q} />
        <button type="submit" className="button">
          <Icon name="search" /> {t("admin:users.find")}
        </button>
      </Form>
      <AdminError error={actionData?.error} />
      {accounts.length === 0 ? (
        <p className="notice">{t("admin:users.none")}</p>
      ) : (
        <ol className="admin-list">
          {accounts.map((a) => (
            <li key={a.id} className={a.status === "suspended" ? "suspended" : undefined}>
              <p>
                <strong>
                  <bdi>{a.name}</bdi>
                </strong>{" "}
                · <bdi dir="ltr">{a.phone}</bdi> · {t(`admin:userStates.${a.status}`)}
                {a.role === "admin" ? ` · ${t("admin:users.admin")}` : ""} · {t("admin:users.posts", { count: a.posts })}
              </p>
              {a.suspendedReason ? (
                <p className="hint">
                  <TextWithUserText i18nKey="admin:users.reason" values={{ reason: a.suspendedReason }} name="reason" />
                </p>
              ) : null}
              {a.id === me || a.status === "deleted" ? null : (
                <Form method="post" className="reject-form">
                  <input type="hidden" name="user_id" value={a.id} />
                  <input type="hidden" name="q" value={q} />
                  {a.status === "active" ? (
                    <>
                      <ReasonFields
                        idPrefix={`user-${a.id}`}
                        lang={lang}
                        values={actionData?.values.id === a.id ? actionData.values : undefined}
                      />
                      <button type="submit" name="decision" value="suspend" className="button button-danger" disabled={busy}>
                        {t("admin:users.suspend")}
                      </button>
                    </>
                  ) : (
                    <button type="submit" name="decision" value="lift" className="button" disabled={busy}>
                      {t("admin:users.lift")}
                    </button>
                  )}
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
