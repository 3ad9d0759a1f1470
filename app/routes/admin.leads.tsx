import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DamascusTime, IdButtonForm } from "~/components/AdminParts";
import { leadSchema, parseAdminForm } from "~/forms/admin";
import { listLeads, markLeadHandled } from "~/models/lead.server";
import { requireAdmin } from "~/services/auth.server";
import { redirectWithSuccess } from "~/services/session.server";
import { formatNumber } from "~/utils/format";
import { pageContext } from "~/utils/page.server";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;

/** /admin/leads (issue 5): offers sent by visitors, with their contact details, for the office staff. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, locale, t } = await pageContext(request);
  return {
    leads: await listLeads(db, locale),
    seo: { title: t("admin:leads.title"), description: t("admin:description"), noindex: true },
  };
}

/** Marks a lead handled (`id`), with its audit entry; 409 when it was handled already. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, leadSchema);
  if (!parsed.value) return data({ error: parsed.error }, { status: 400 });
  if (!(await markLeadHandled(db, parsed.value.id, { id: admin.id, admin: true })))
    return data({ error: "admin:errors.state" }, { status: 409 });
  return redirectWithSuccess("/admin/leads", t("admin:done.handled"));
}

export default function LeadsPage() {
  const { leads } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:leads.title")}</h1>
      {leads.length === 0 ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <ol className="admin-list">
          {leads.map((l) => (
            <li key={l.id} className={l.handled ? "handled" : undefined}>
              <p>
                <strong>
                  <bdi>{l.fullname}</bdi>
                </strong>{" "}
                · <bdi dir="ltr">{l.mobile}</bdi> · <DamascusTime at={l.date} />
              </p>
              <p>
                {t(l.offerTypeId === 2 ? "admin:requests.rent" : "admin:requests.sale")} · {l.estateType || "-"} · {l.place} ·{" "}
                {formatNumber(l.area)} {t("admin:leads.m2")}
              </p>
              <p className="review-description" dir="auto">
                {l.subject}
              </p>
              {l.handled ? (
                <p className="hint">{t("admin:leads.handled")}</p>
              ) : (
                <IdButtonForm id={l.id} label={t("admin:leads.markHandled")} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
