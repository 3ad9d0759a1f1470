import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ReasonFields, AdminError } from "~/features/back-office/AdminParts";
import { useSubmitting } from "~/platform/forms/useServerForm";
import { parseAdminForm, reasonValues, reportDecisionSchema } from "~/features/posts/moderation-forms";
import { dismissReports, reportGroups } from "~/features/posts/report.server";
import { moderatePost } from "~/features/posts/post-review.server";
import { reasonChoices } from "~/features/posts/owner-texts.server";
import { TransitionError } from "~/features/posts/moderation.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { eq } from "drizzle-orm";
import * as s from "~/platform/db/schema";
import { HeldByReports } from "~/features/back-office/TrustNotes";

export const meta = pageMeta;

/** /admin/reports: open reports grouped by listing with the count per reason. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, locale, t } = await pageContext(request);
  return {
    groups: await reportGroups(db, locale),
    reasons: Object.fromEntries(await Promise.all(["ar", "en"].map(async (lang) => [lang, await reasonChoices(lang)] as const))),
    seo: { title: t("admin:reports.title"), description: t("admin:description"), noindex: true },
  };
}

/**
 * Dismisses a listing's open reports, or unpublishes the listing with a reason sent to its owner (which closes its
 * reports in the same transaction). A listing its reports held (decision 100) is put back in the results by the
 * dismissal (approved again) or refused by the other decision (rejected with the reason); either closes its reports
 * with that outcome. 400 keeps what was typed; 409 when the listing is no longer public or held.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, reportDecisionSchema);
  const values = { estateId: Number(parsed.payload.estate_id), ...reasonValues(parsed.payload) };
  if (!parsed.value) return data({ error: parsed.error, values }, { status: 400 });
  const { estate_id: estateId, decision, reason, reason_text } = parsed.value;
  const actor = { id: admin.id, admin: true };
  const [listing] = await db
    .select({ status: s.estates.status, held: s.estates.held_reason })
    .from(s.estates)
    .where(eq(s.estates.id, estateId));
  if (listing?.status === "pending" && listing.held === "reports") {
    try {
      if (decision === "dismiss") await moderatePost(db, estateId, "approve", actor);
      else await moderatePost(db, estateId, "reject", actor, { code: reason, text: reason_text });
    } catch (error) {
      if (error instanceof TransitionError) return data({ error: "admin:errors.state", values }, { status: 409 });
      throw error;
    }
    return redirectWithSuccess("/admin/reports", t(decision === "dismiss" ? "admin:done.restore" : "admin:done.reject"));
  }
  if (decision === "dismiss") {
    if (!(await dismissReports(db, estateId, actor, reason_text)))
      return data({ error: "admin:errors.state", values }, { status: 409 });
    return redirectWithSuccess("/admin/reports", t("admin:done.dismiss"));
  }
  try {
    await moderatePost(db, estateId, "unpublish", actor, { code: reason, text: reason_text });
  } catch (error) {
    if (error instanceof TransitionError || (error instanceof Error && error.message === "missing")) {
      return data({ error: "admin:errors.state", values }, { status: 409 });
    }
    throw error;
  }
  return redirectWithSuccess("/admin/reports", t("admin:done.unpublish"));
}

export default function ReportsPage() {
  const { groups, reasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  const busy = useSubmitting();
  return (
    <section className="page admin-page">
      <h1>{t("admin:reports.title")}</h1>
      <AdminError error={actionData?.error} />
      {groups.length === 0 ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <ol className="admin-list">
          {groups.map((g) => (
            <li key={g.estateId}>
              <p>
                <Link to={`/admin/posts/${g.estateId}`}>
                  {t("admin:posts.post", { number: g.stateId, type: g.estateType, place: g.place })}
                </Link>{" "}
                · {t("admin:reports.count", { count: g.total })}
              </p>
              {g.held ? <HeldByReports /> : null}
              <ul className="reason-counts">
                {g.reasons.map((r) => (
                  <li key={r.name}>
                    {r.name}: {r.count}
                  </li>
                ))}
              </ul>
              <div className="review-decisions">
                <Form method="post">
                  <input type="hidden" name="estate_id" value={g.estateId} />
                  <button type="submit" name="decision" value="dismiss" className="button" disabled={busy}>
                    {t(g.held ? "admin:trust.restore" : "admin:reports.dismiss")}
                  </button>
                </Form>
                {g.status === "approved" || g.held ? (
                  <Form method="post" className="reject-form">
                    <input type="hidden" name="estate_id" value={g.estateId} />
                    <ReasonFields
                      idPrefix={`report-${g.estateId}`}
                      lang={g.ownerLang}
                      reasons={reasons[g.ownerLang === "en" ? "en" : "ar"]}
                      values={actionData?.values.estateId === g.estateId ? actionData.values : undefined}
                    />
                    <button type="submit" name="decision" value="unpublish" className="button button-danger" disabled={busy}>
                      {t(g.held ? "admin:review.reject" : "admin:review.unpublish")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
