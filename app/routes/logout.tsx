import type { ActionFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/features/accounts/auth.server";
import { getT } from "~/platform/i18n/i18n.server";
import { redirectWithSuccess } from "~/platform/http/session.server";

export { default, loader } from "~/features/site/no-page";

/**
 * Logout: a POST from the account menu. The session row is deleted
 * and the cookie cleared, the cookie even when the database call fails; then /login with the logout toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await endUserSession(request);
  const t = await getT(request);
  return redirectWithSuccess("/login", t("account:toasts.logout"), { headers: { "Set-Cookie": cookie } });
}
