import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { DamascusTime } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { dashboard, smsLimitsToday } from "~/features/back-office/dashboard.server";
import { currentRate } from "~/features/listings/exchange-rate.server";
import { REVIEW_PROMISE_MS } from "~/features/posts/moderation.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { smsOnlyToOutbox } from "~/platform/sms/sms-providers.server";
import { getEnv } from "~/platform/config/env.server";

export const meta = pageMeta;

/**
 * /admin, the back office's dashboard: counts of pending posts, pending requests, open reports and new
 * inbox requests, and the oldest waiting item's age against the 24-hour promise; the SMS limits reached today and the
 * day's SMS against its budget (decision 053), and a notice when no SMS provider is set (messages reach no phone:
 * docs/decisions/079). Admins only (checked here, on the server).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const [counts, rate, sms] = await Promise.all([dashboard(db), currentRate(db), smsLimitsToday(db)]);
  const ageMs = counts.oldestPending ? Date.now() - counts.oldestPending.getTime() : null;
  return {
    counts: {
      pendingOffers: counts.pendingOffers,
      pendingRequests: counts.pendingRequests,
      openReports: counts.openReports,
      inbox: counts.inbox,
    },
    /** SYP for 1 US$ in force, null when none is. */
    rate: rate?.sypPerUsd ?? null,
    oldestHours: ageMs === null ? null : Math.floor(ageMs / 3_600_000),
    late: ageMs !== null && ageMs > REVIEW_PROMISE_MS,
    sms: {
      hits: sms.hits.map((h) => ({ name: h.name, hits: h.hits, lastAt: h.lastAt.toISOString() })),
      sent: sms.sent,
      budget: sms.budget,
      /** True when SMS_PROVIDER is the outbox alone: no message reaches a phone. */
      outboxOnly: smsOnlyToOutbox(getEnv()),
    },
    seo: { title: t("admin:title"), description: t("admin:description"), noindex: true },
  };
}

export default function AdminDashboard() {
  const { counts, rate, oldestHours, late, sms } = useLoaderData<typeof loader>();
  const { t } = useT();
  const rows = [
    ["pendingOffers", counts.pendingOffers, "/admin/posts"],
    ["pendingRequests", counts.pendingRequests, "/admin/requests"],
    ["openReports", counts.openReports, "/admin/reports"],
    ["inbox.dashboard", counts.inbox, "/admin/inbox?state=new"],
    ["ratesCount", rate, "/admin/rates"],
  ] as const;
  return (
    <section className="page narrow admin-page">
      <h1>{t("admin:title")}</h1>
      <p className="page-lead">{t("admin:intro")}</p>
      {sms.outboxOnly ? (
        <p className="notice notice-error" role="alert">
          <Icon name="alert" /> {t("admin:smsLimits.outboxOnly")}
        </p>
      ) : null}
      <dl className="details admin-counts">
        {rows.map(([key, n, to]) => (
          <div key={key}>
            <dt>
              <Link to={to}>{t(`admin:${key}`)}</Link>
            </dt>
            <dd>{n === null ? "-" : formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {oldestHours === null ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <p className={late ? "notice notice-error" : "notice notice-success"} role={late ? "alert" : "status"}>
          <Icon name={late ? "alert" : "check"} /> {t("admin:oldest", { hours: oldestHours })} —{" "}
          {t(late ? "admin:late" : "admin:onTime")}
        </p>
      )}
      <h2>{t("admin:smsLimits.title")}</h2>
      <p className="page-lead">{t("admin:smsLimits.intro")}</p>
      <dl className="details admin-counts">
        <div>
          <dt>
            <Link to="/admin/sms">{t("admin:smsLimits.budget")}</Link>
          </dt>
          <dd>
            {sms.budget === null
              ? t("admin:smsLimits.noBudget", { sent: formatNumber(sms.sent) })
              : t("admin:smsLimits.budgetOf", { sent: formatNumber(sms.sent), limit: formatNumber(sms.budget) })}
          </dd>
        </div>
      </dl>
      {sms.hits.length === 0 ? (
        <p className="notice notice-success" role="status">
          <Icon name="check" /> {t("admin:smsLimits.none")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">{t("admin:smsLimits.limit")}</th>
                <th scope="col">{t("admin:smsLimits.hits")}</th>
                <th scope="col">{t("admin:smsLimits.last")}</th>
              </tr>
            </thead>
            <tbody>
              {sms.hits.map((h) => (
                <tr key={h.name}>
                  <td>{t(`admin:smsLimits.names.${h.name}`)}</td>
                  <td>
                    <bdi dir="ltr">{formatNumber(h.hits)}</bdi>
                  </td>
                  <td>
                    <DamascusTime at={h.lastAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="form-links">
        <Link to="/admin/sms">{t("admin:smsLimits.messages")}</Link>
      </p>
    </section>
  );
}
