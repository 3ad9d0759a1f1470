import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { hoursSince, ReasonFields, AdminError } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { useSubmitting } from "~/platform/forms/useServerForm";
import { parseAdminForm, reasonValues, requestDecisionSchema } from "~/features/posts/moderation-forms";
import { moderateRequest, requestQueue } from "~/features/posts/request.server";
import { reasonChoices } from "~/features/posts/owner-texts.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** /admin/requests: pending property requests, oldest first, each with approve and reject. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, locale, t } = await pageContext(request);
  const items = await requestQueue(db, locale);
  return {
    items: items.map((i) => ({ ...i, phone: formatPhone(i.phone) })),
    reasons: await reasonChoices(locale),
    now: Date.now(),
    seo: { title: t("admin:requests.title"), description: t("admin:description"), noindex: true },
  };
}

/** Approves or rejects one request (`id`, `decision`, reason fields) with its audit entry and SMS; 400 keeps what was typed. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, requestDecisionSchema);
  const values = { id: Number(parsed.payload.id), ...reasonValues(parsed.payload) };
  if (!parsed.value) return data({ error: parsed.error, values }, { status: 400 });
  const { id, decision, reason, reason_text } = parsed.value;
  const done = await moderateRequest(db, id, decision, { id: admin.id, admin: true }, { code: reason, text: reason_text });
  if (!done) return data({ error: "admin:errors.state", values }, { status: 409 });
  return redirectWithSuccess("/admin/requests", t(`admin:done.request_${decision}`));
}

export default function RequestQueuePage() {
  const { items, reasons, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, lang } = useT("admin");
  const busy = useSubmitting();
  return (
    <section className="page admin-page">
      <h1>{t("admin:requests.title")}</h1>
      <AdminError error={actionData?.error} />
      {items.length === 0 ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <ol className="admin-list">
          {items.map((r) => (
            <li key={r.id} className={r.late ? "late" : undefined}>
              <p>
                <strong>{t("admin:requests.item", { type: r.estateType, place: r.place })}</strong> ·{" "}
                {t(r.offerTypeId === 2 ? "admin:requests.rent" : "admin:requests.sale")}
              </p>
              <p className="hint">
                <bdi>{r.user}</bdi> · <bdi dir="ltr">{r.phone}</bdi> · {t("admin:waiting", { count: hoursSince(r.since, now) })}
                {r.late ? ` · ${t("admin:late")}` : ""}
              </p>
              <p>
                {t("admin:requests.price", {
                  min: r.minPrice === null ? "-" : formatNumber(r.minPrice),
                  max: r.maxPrice === null ? "-" : formatNumber(r.maxPrice),
                })}
              </p>
              {r.notes ? (
                <p className="review-description" dir="auto">
                  {r.notes}
                </p>
              ) : null}
              <div className="review-decisions">
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" name="decision" value="approve" className="button button-primary" disabled={busy}>
                    <Icon name="check" /> {t("admin:review.approve")}
                  </button>
                </Form>
                <Form method="post" className="reject-form">
                  <input type="hidden" name="id" value={r.id} />
                  <ReasonFields
                    idPrefix={`request-${r.id}`}
                    lang={lang}
                    reasons={reasons}
                    values={actionData?.values.id === r.id ? actionData.values : undefined}
                  />
                  <button type="submit" name="decision" value="reject" className="button button-danger" disabled={busy}>
                    {t("admin:review.reject")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
