import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "cookie";
import { APP_POPUP_COOKIE } from "~/utils/cookies";
import { backTo } from "~/utils/redirect.server";

export { default, loader } from "~/utils/no-page";

/** Closes the app-download popup (spec 2.2) and remembers it for a year in a cookie; works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  return redirect(backTo(form.get("redirectTo")), {
    headers: { "Set-Cookie": serialize(APP_POPUP_COOKIE, "closed", { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" }) },
  });
}
