import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { setSaved } from "~/models/saved.server";
import { getCurrentUser } from "~/services/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/services/session.server";
import { notFound, pageContext } from "~/utils/page.server";
import { backTo } from "~/utils/redirect.server";

/**
 * The save toggle (spec 4, Saved flag; spec 7 estate/save and estate/unSave): `estate_id`, `is_saved` ("1" save,
 * "0" unsave) and the page to come back to. The session is checked here: a visitor is sent to log in and back.
 * Answers with the page again (the spec's reload) and the spec's 'property saved' or 'property un-saved' toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = backTo(form.get("redirectTo"));
  const user = await getCurrentUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  const { db, t } = await pageContext(request);
  const estateId = String(form.get("estate_id") ?? "");
  if (!/^[1-9]\d{0,9}$/.test(estateId) || Number(estateId) > 2_147_483_647) return redirectWithError(back, t("forms:errors.checkData"));
  const outcome = await setSaved(db, user.id, Number(estateId), form.get("is_saved") !== "0");
  if (outcome === "missing") notFound();
  return redirectWithSuccess(back, t(outcome === "saved" ? "forms:toasts.saved" : "forms:toasts.unsaved"));
}

/** Only the save buttons post here; opening the address is the not-found page. */
export function loader(): never {
  notFound();
}

export default function FormOnly() {
  return null;
}
