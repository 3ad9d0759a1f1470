import type { ActionFunctionArgs } from "@remix-run/node";
import { toDbId } from "~/platform/forms/id";
import { parseForm } from "~/platform/forms/parse";
import { reportSchema } from "~/features/posts/post-forms";
import { reportEstate } from "~/features/posts/report.server";
import { clientIp } from "~/features/accounts/account.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formLimit } from "~/features/forms/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { backTo } from "~/platform/http/redirect.server";
import { answerOnce } from "~/features/forms/idempotency.server";

export { default, loader } from "~/features/site/no-page";

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, takeReport);
}

/**
 * The report dialog's post (estate_id, report_type_id): logged-in users only (checked here), one
 * report per user and listing, within the per-IP limit. No reason chosen: back to the open dialog with
 * 'complete the required fields'; success: back to the page with the report-sent toast.
 */
async function takeReport({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = backTo(form.get("redirectTo"));
  const user = await requireUser(request, { redirectTo: back });
  const { db, t } = await pageContext(request);
  const submission = parseForm(form, reportSchema);
  if (submission.status !== "success") {
    const estateId = toDbId(form.get("estate_id"));
    const reopen = estateId !== null ? `${back}${back.includes("?") ? "&" : "?"}dialog=report&estate_id=${estateId}` : back;
    return redirectWithError(reopen, t("forms:errors.reportReason"));
  }
  const tooMany = await formLimit(db, "reportIp", clientIp(context));
  if (tooMany) return redirectWithError(back, t(tooMany.key, tooMany.values));
  const outcome = await reportEstate(db, user.id, submission.value.estate_id, submission.value.report_type_id);
  if (outcome === "missing") notFound();
  return redirectWithSuccess(back, t(outcome === "reported" ? "forms:toasts.reported" : "forms:toasts.alreadyReported"));
}
