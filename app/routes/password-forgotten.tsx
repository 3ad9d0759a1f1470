import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { PhoneForm } from "~/features/accounts/PhoneForm";
import { phonePost } from "~/features/accounts/account-forms.server";
import { phoneSchema } from "~/features/accounts/account-forms";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { queryFlags, sentQuery } from "~/platform/forms/queries";
import { clientIp } from "~/features/accounts/account.server";
import { requestReset } from "~/features/accounts/account-reset.server";
import { smsRefusal } from "~/features/accounts/account-signup.server";
import { formReply } from "~/features/forms/forms.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { publicOrigin } from "~/platform/http/site.server";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["sent"];
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The forgot-password form (reset by phone number), and its "sent" answer at ?sent=1. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageContext(request);
  return {
    sent: queryFlags(new URL(request.url).searchParams, sentQuery).sent,
    constraint: formConstraint(phoneSchema),
    seo: { title: t("account:forgot.title"), description: t("account:forgot.description"), noindex: true },
  };
}

/**
 * Sends an SMS with a link to /rp?t=TOKEN when the number has an account that is not suspended (requestReset). The
 * answer is the same whether or not it has one (no account enumeration), in content and in time. Only bad input and
 * the SMS countries and limits (which treat every number alike, decision 053) come back as errors.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, phonePost);
  if (submission.status !== "success") return formReply(submission);
  const { db, locale } = await pageContext(request);
  const outcome = await requestReset(db, {
    phone: submission.value.phone,
    ip: clientIp(context),
    locale,
    origin: publicOrigin(request),
  });
  if (outcome.kind !== "accepted") return formReply(submission, smsRefusal(null, outcome));
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPasswordPage() {
  const { sent, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section className="page narrow account-page">
      <h1>{t("account:forgot.title")}</h1>
      {sent ? (
        <div className="notice notice-success" role="status">
          <Icon name="check" />
          <p>{t("account:forgot.sent")}</p>
        </div>
      ) : (
        <>
          <p className="page-lead">{t("account:forgot.intro")}</p>
          <PhoneForm
            id="forgot"
            constraint={constraint}
            lastResult={actionData?.lastResult}
            submitLabel={t("account:forgot.submit")}
          />
        </>
      )}
      <p className="form-links">
        <Link to="/login">{t("account:forgot.back")}</Link>
      </p>
    </section>
  );
}
