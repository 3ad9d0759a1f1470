import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "cookie";
import { APP_POPUP_COOKIE } from "~/utils/cookies";
import { notFound } from "~/utils/page.server";
import { assertSameOrigin, backTo } from "~/utils/redirect.server";
import { publicOrigin } from "~/utils/site.server";

/** Closes the app-download popup (spec 2.2) and remembers it for a year in a cookie; works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, publicOrigin(request));
  const form = await request.formData().catch(() => new FormData());
  return redirect(backTo(form.get("redirectTo")), {
    headers: { "Set-Cookie": serialize(APP_POPUP_COOKIE, "closed", { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" }) },
  });
}

/** Only the form posts here; opening the address is the not-found page. */
export function loader(): never {
  notFound();
}

export default function FormOnly() {
  return null;
}
