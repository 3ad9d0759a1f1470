import type { ActionFunctionArgs } from "@remix-run/node";
import { parseForm } from "~/platform/forms/parse";
import { saveSchema } from "~/features/posts/post-forms";
import { setSaved } from "~/features/listings/saved.server";
import { requireUser } from "~/features/accounts/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { backTo } from "~/platform/http/redirect.server";
import { answerOnce } from "~/features/forms/idempotency.server";

export { default, loader } from "~/features/site/no-page";

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, takeSave);
}

/**
 * The save toggle: `estate_id`, `is_saved` ("1" save,
 * "0" unsave) and the page to come back to. The session is checked here: a visitor is sent to log in and back.
 * Answers with the page again (a reload) and the 'property saved' or 'property un-saved' toast.
 */
async function takeSave({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = backTo(form.get("redirectTo"));
  const user = await requireUser(request, { redirectTo: back });
  const { db, t } = await pageContext(request);
  const submission = parseForm(form, saveSchema);
  if (submission.status !== "success") return redirectWithError(back, t("forms:errors.checkData"));
  const outcome = await setSaved(db, user.id, submission.value.estate_id, submission.value.is_saved !== "0");
  if (outcome === "missing") notFound();
  return redirectWithSuccess(back, t(outcome === "saved" ? "forms:toasts.saved" : "forms:toasts.unsaved"));
}
