import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { AdminError, DamascusTime, IdButtonForm } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { Pagination } from "~/platform/ui/Pagination";
import { SMS_STATES } from "~/platform/db/schema";
import { parseAdminForm, smsResendSchema } from "~/features/posts/moderation-forms";
import { listSms } from "~/features/back-office/sms-admin.server";
import { querySms } from "~/features/back-office/admin-queries.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { resendSms } from "~/platform/sms/sms.server";
import { requestedPage, requireExistingPage } from "~/features/back-office/admin-content.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The errors of a message a daily budget stopped (decisions 051 and 081, sms.server.ts), by their texts. */
const BUDGET_ERRORS = { daily_limit: "admin:smsLog.dailyLimit", staff_daily_limit: "admin:smsLog.staffLimit" } as const;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["q", "state", "page"];

/**
 * /admin/sms (decision 051): every outgoing SMS with its life (queued, sent with the provider and its
 * parts, delivered, failed with the reason), newest first, found by number (`q`) and state (`state`), paged
 * (`page`). A code's text is never shown.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const { q, state } = querySms(new URL(request.url).searchParams);
  const result = await listSms(db, { q, state, page: requestedPage(request) });
  requireExistingPage(result);
  return {
    ...result,
    q,
    state,
    items: result.items.map((m) => ({ ...m, phone: formatPhone(m.phone), body: m.kind === "code" ? null : m.body })),
    seo: { title: t("admin:smsLog.title"), description: t("admin:description"), noindex: true },
  };
}

/** Sends a failed message (`id`) again; 409 when it is not failed (any more) or its text is gone. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, smsResendSchema);
  if (!parsed.value) return data({ error: parsed.error }, { status: 400 });
  if (!(await resendSms(db, parsed.value.id))) return data({ error: "admin:errors.state" }, { status: 409 });
  const back = new URL(request.url);
  return redirectWithSuccess(`/admin/sms${back.search}`, t("admin:smsLog.resent"));
}

export default function SmsPage() {
  const { items, total, page, pageCount, q, state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:smsLog.title")}</h1>
      <p className="page-lead">{t("admin:smsLog.intro")}</p>
      <Form method="get" className="admin-filters" role="search">
        <label htmlFor="sms-q">{t("admin:smsLog.search")}</label>
        <input id="sms-q" name="q" type="search" inputMode="tel" dir="ltr" defaultValue={q} />
        <label htmlFor="sms-state">{t("admin:smsLog.state")}</label>
        <select id="sms-state" name="state" defaultValue={state ?? ""}>
          <option value="">{t("admin:smsLog.anyState")}</option>
          {SMS_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`admin:smsLog.states.${s}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          <Icon name="search" /> {t("admin:smsLog.find")}
        </button>
      </Form>
      <AdminError error={actionData?.error} />
      <p className="result-count">{t("admin:smsLog.count", { n: formatNumber(total) })}</p>
      {items.length === 0 ? (
        <p className="notice">{t("admin:smsLog.none")}</p>
      ) : (
        <ol className="admin-list">
          {items.map((m) => (
            <li key={m.id} className={`sms-${m.state}`}>
              <p>
                <strong>
                  <bdi dir="ltr">{m.phone}</bdi>
                </strong>{" "}
                · {t(`admin:smsLog.states.${m.state}`)} · {t(`admin:smsLog.kinds.${m.kind}`)} ·{" "}
                {t(`admin:smsLog.purposes.${m.purpose}`, { defaultValue: m.purpose })}
                {m.provider ? ` · ${t("admin:smsLog.via", { provider: m.provider })}` : ""}
                {m.parts ? ` · ${t("admin:smsLog.parts", { count: m.parts })}` : ""}
              </p>
              <p>
                {t("admin:smsLog.created")} <DamascusTime at={m.createdAt} />
                {m.sentAt ? (
                  <>
                    {" · "}
                    {t("admin:smsLog.sentAt")} <DamascusTime at={m.sentAt} />
                  </>
                ) : null}
                {m.deliveredAt ? (
                  <>
                    {" · "}
                    {t("admin:smsLog.deliveredAt")} <DamascusTime at={m.deliveredAt} />
                  </>
                ) : null}
              </p>
              {m.body ? (
                <p className="review-description" dir="auto">
                  {m.body}
                </p>
              ) : (
                <p className="hint">{t("admin:smsLog.codeHidden")}</p>
              )}
              {m.error ? (
                <p className="hint">
                  {m.error === "fiction_number" ? (
                    t("admin:smsLog.fictionNumber")
                  ) : Object.hasOwn(BUDGET_ERRORS, m.error) ? (
                    t(BUDGET_ERRORS[m.error as keyof typeof BUDGET_ERRORS])
                  ) : (
                    <bdi dir="ltr">{m.error}</bdi>
                  )}
                </p>
              ) : null}
              {m.state === "failed" && m.body && m.error !== "fiction_number" ? (
                <IdButtonForm id={m.id} label={t("admin:smsLog.resend")} />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
