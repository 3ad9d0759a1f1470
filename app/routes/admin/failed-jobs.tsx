import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { DamascusTime, IdButtonForm } from "~/features/back-office/AdminParts";
import { jobRetrySchema, parseAdminForm } from "~/features/posts/moderation-forms";
import { listJobs, retryFailedJob } from "~/platform/jobs/job.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/**
 * /admin/jobs (decisions 028 and 047): the background jobs given up after their last attempt (task, tries,
 * why the last try ended and its error, dates), newest first, each with a retry button, and how many jobs wait per
 * task.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  return {
    ...(await listJobs(db)),
    seo: { title: t("admin:jobs.title"), description: t("admin:description"), noindex: true },
  };
}

/** Puts a failed job (`id`) back in the queue; 409 when it is not failed (any more). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, jobRetrySchema);
  if (!parsed.value) return data({ error: parsed.error }, { status: 400 });
  if (!(await retryFailedJob(db, parsed.value.id))) return data({ error: "admin:errors.state" }, { status: 409 });
  return redirectWithSuccess("/admin/jobs", t("admin:done.retried"));
}

export default function JobsPage() {
  const { failed, waiting } = useLoaderData<typeof loader>();
  const { t } = useT("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:jobs.title")}</h1>
      <p className="page-lead">{t("admin:jobs.intro")}</p>
      <h2>{t("admin:jobs.waiting")}</h2>
      {waiting.length === 0 ? (
        <p className="notice">{t("admin:jobs.noneWaiting")}</p>
      ) : (
        <div className="table-scroll">
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">{t("admin:jobs.task")}</th>
                <th scope="col">{t("admin:jobs.queued")}</th>
                <th scope="col">{t("admin:jobs.running")}</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((w) => (
                <tr key={w.task}>
                  <td>
                    <bdi dir="ltr">{w.task}</bdi>
                  </td>
                  <td>{formatNumber(w.queued)}</td>
                  <td>{formatNumber(w.running)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t("admin:jobs.failed")}</h2>
      {failed.length === 0 ? (
        <p className="notice">{t("admin:jobs.noneFailed")}</p>
      ) : (
        <ol className="admin-list">
          {failed.map((j) => (
            <li key={j.id}>
              <p>
                <strong>
                  <bdi dir="ltr">{j.task}</bdi>
                </strong>{" "}
                · {t("admin:jobs.number", { id: j.id })} ·{" "}
                {t("admin:jobs.attempts", { attempts: formatNumber(j.attempts), max: formatNumber(j.maxAttempts) })}
              </p>
              <p>
                {t("admin:jobs.created")} <DamascusTime at={j.createdAt} /> · {t("admin:jobs.failedAt")}{" "}
                <DamascusTime at={j.failedAt} />
              </p>
              <p>{t(`admin:jobs.reasons.${j.failure}`)}</p>
              <p className="review-description" dir="ltr">
                {j.lastError}
              </p>
              <IdButtonForm id={j.id} label={t("admin:jobs.retry")} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
