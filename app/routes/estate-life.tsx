import type { ActionFunctionArgs } from "@remix-run/node";
import { parseForm } from "~/platform/forms/parse";
import { listingStateSchema } from "~/features/posts/post-forms";
import { changeListing } from "~/features/posts/freshness.server";
import { requireUser } from "~/features/accounts/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { backTo } from "~/platform/http/redirect.server";

export { default, loader } from "~/features/site/no-page";

/**
 * An owner renews their listing for 60 days or marks it sold or rented, from /profile or the listing's
 * page: `estate_id`, `intent` (`renew` or `close`) and the page to come back to. A visitor is sent to log in and
 * back; someone else's listing is a 404 (as if it did not exist); a state that does not allow it comes back with a
 * message. Each change is one transition with its audit entry (freshness.server.ts changeListing).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = backTo(form.get("redirectTo"));
  const user = await requireUser(request, { redirectTo: back });
  const { db, t } = await pageContext(request);
  const submission = parseForm(form, listingStateSchema);
  if (submission.status !== "success") return redirectWithError(back, t("forms:errors.checkData"));
  const outcome = await changeListing(db, submission.value.estate_id, submission.value.intent, { id: user.id, admin: false });
  if (outcome === "missing" || outcome === "forbidden") notFound("listing");
  if (outcome === "refused") return redirectWithError(back, t("freshness.refused"));
  const done = { renewed: "freshness.renewed", sold: "freshness.closedSold", rented: "freshness.closedRented" } as const;
  return redirectWithSuccess(back, t(done[outcome]));
}
