import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "cookie";
import { parseForm } from "~/platform/forms/parse";
import { appPopupSchema } from "~/features/accounts/preference-forms";
import { APP_POPUP_COOKIE } from "~/platform/http/cookies";
import { backTo } from "~/platform/http/redirect.server";

export { default, loader } from "~/features/site/no-page";

/** Closes the app-download popup and remembers it for a year in a cookie; works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, appPopupSchema);
  return redirect(backTo(submission.status === "success" ? (submission.value.redirectTo ?? null) : null), {
    headers: { "Set-Cookie": serialize(APP_POPUP_COOKIE, "closed", { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" }) },
  });
}
