import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/accounts/auth.server";

/** /admin/leads became the inbox's visitors' offers (docs/decisions/054): moved for good. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/inbox?kind=offer", 301);
}
