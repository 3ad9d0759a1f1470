import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseForm } from "~/platform/forms/parse";
import { dataSaverSchema } from "~/features/accounts/preference-forms";
import { dataSaverCookie } from "~/features/site/data-saver.server";
import { backTo } from "~/platform/http/redirect.server";

export { default, loader } from "~/features/site/no-page";

/**
 * The data saver's switch under the footer (decision 022; app/features/site/DataSaverSwitch.server.tsx):
 * `saveData=on` keeps the choice in the `save_data` cookie for a year; `off` deletes it, or keeps `off` for a year
 * when the browser sends `Save-Data: on` (the choice wins over the header). The visitor goes back to the page the
 * form was on: the Referer when it is a page of this site (it follows client-side navigation, which the form's
 * server-rendered `redirectTo` cannot), else `redirectTo`, else the home page. A plain form post, so it works
 * without JavaScript. A GET here is a 404 (no component).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, dataSaverSchema);
  const { saveData, redirectTo } =
    submission.status === "success" ? submission.value : { saveData: "off" as const, redirectTo: undefined };
  return redirect(backTo(sameSiteReferer(request) ?? redirectTo ?? null), {
    headers: { "Set-Cookie": dataSaverCookie(saveData, request) },
  });
}

/** The path and query of the request's Referer when it is an address of this site (the request's origin), else null. */
function sameSiteReferer(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}
