import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { PhoneForm } from "~/features/accounts/PhoneForm";
import { activatePost } from "~/features/accounts/account-forms.server";
import { message, tooMany } from "~/platform/forms/message";
import { activateSchema } from "~/features/accounts/account-forms";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { clientIp } from "~/features/accounts/account.server";
import { reactivate, smsRefusal } from "~/features/accounts/account-signup.server";
import { formReply } from "~/features/forms/forms.server";
import { getSession, redirectWithSuccess, sessionStorage } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** /ac, account activation: for a user who registered but never entered the SMS code. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageContext(request);
  return {
    constraint: formConstraint(activateSchema),
    seo: { title: t("account:activate.title"), description: t("account:activate.description"), noindex: true },
  };
}

/**
 * Sends a new activation code to a number that signed up with this password but never confirmed (within the login
 * and SMS limits), makes that sign-up the session's pending registration and continues at /confirm. Anything else
 * gets one clear message, which does not tell a wrong password from a number without a sign-up.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, activatePost);
  const hideFields = ["password"];
  if (submission.status !== "success") return formReply(submission, { hideFields });
  const { db, locale, t } = await pageContext(request);
  const outcome = await reactivate(db, { ...submission.value, locale, ip: clientIp(context) });
  if (outcome.kind === "tooManyTries")
    return formReply(submission, {
      hideFields,
      formErrors: [tooMany("account:errors.tooMany", outcome.retryAfter)],
      status: 429,
    });
  if (outcome.kind === "noPending")
    return formReply(submission, { hideFields, formErrors: [message("account:errors.noPendingAccount")] });
  if (outcome.kind !== "sent")
    return formReply(submission, { hideFields, ...smsRefusal("account:errors.resendFailed", outcome) });
  const session = await getSession(request);
  session.set("pending", { phone: submission.value.phone, registration: outcome.registration });
  return redirectWithSuccess("/confirm", t("account:toasts.codeSent"), {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
}

export default function ActivatePage() {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="page narrow account-page">
      <h1>{t("account:activate.title")}</h1>
      <p className="page-lead">{t("account:activate.intro")}</p>
      <PhoneForm
        id="activate"
        constraint={constraint}
        lastResult={actionData?.lastResult}
        submitLabel={t("account:activate.submit")}
        withPassword
      />
      <p className="form-links">
        <Link to="/login">{t("account:forgot.back")}</Link>
      </p>
    </section>
  );
}
