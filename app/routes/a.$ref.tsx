import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { alertTarget } from "~/models/saved-search.server";
import { notFound, pageContext } from "~/utils/page.server";

export { default } from "~/utils/no-page";

/**
 * /a/<saved search>-<since> (issue 14, decision 030): the short link of an alert SMS, sent on to the saved search's
 * results published since the previous alert. A malformed link or a deleted search: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await pageContext(request);
  const target = await alertTarget(db, params.ref ?? "");
  if (!target) notFound();
  return redirect(target);
}
