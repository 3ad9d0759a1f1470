import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseForm } from "~/platform/forms/parse";
import { languageSchema } from "~/features/accounts/preference-forms";
import { langCookie } from "~/platform/i18n/i18n.server";
import { backTo } from "~/platform/http/redirect.server";

export { default, loader } from "~/features/site/no-page";

/**
 * The language switcher's target: stores `lang` (ar or en) in the `lang` cookie for a year and returns
 * the visitor to the page they were on. A GET here is a 404 (no component).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, languageSchema);
  const { lang, redirectTo } =
    submission.status === "success" ? submission.value : { lang: "ar" as const, redirectTo: undefined };
  return redirect(backTo(redirectTo ?? null), {
    headers: { "Set-Cookie": langCookie(lang) },
  });
}
