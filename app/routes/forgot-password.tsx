import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/Icon";
import { PhoneForm } from "~/components/FormParts";
import { phoneSchema } from "~/forms/account";
import { message, tooMany } from "~/forms/message";
import { parseForm } from "~/forms/parse";
import { createPasswordReset, findUserByPhone } from "~/models/user.server";
import { afterResponse, clientIp, sendingSms } from "~/services/account.server";
import { formReply } from "~/services/forms.server";
import { consume } from "~/services/rate-limit.server";
import { getSmsSender } from "~/services/sms.server";
import { toE164 } from "~/services/phone.server";
import { pageContext } from "~/utils/page.server";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/utils/site.server";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The forgot-password form (issue 3; architecture 8: reset by phone number), and its "sent" answer at ?sent=1. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageContext(request);
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    seo: { title: t("account:forgot.title"), description: t("account:forgot.description"), noindex: true },
  };
}

/**
 * Sends an SMS with a link to /rp?t=TOKEN when the number has an account that is not suspended. The answer is the
 * same whether or not it has one (no account enumeration), in content and in time: the lookup, the link and the SMS
 * run after the answer (afterResponse, issue 9). Only bad input and the SMS limits (which count every number alike)
 * come back as errors.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, phoneSchema);
  if (submission.status !== "success") return formReply(submission);
  const phone = toE164(submission.value.country, submission.value.authentication);
  if (!phone) return formReply(submission, { fieldErrors: { authentication: [message("account:errors.phoneInvalid")] } });
  const { db, t } = await pageContext(request);
  // Every number counts against the SMS limits alike, so the limits say nothing about which numbers have accounts.
  const limit = await consume(db, [
    ["smsPhone", phone],
    ["smsIp", clientIp(context)],
  ]);
  if (!limit.ok) return formReply(submission, { formErrors: [tooMany("account:errors.tooMany", limit.retryAfter)], status: 429 });
  // The answer does not wait for the account lookup, the link or the SMS (issue 9): a known number is answered as fast
  // as an unknown one. A failing SMS provider is reported on the server; the answer is the same for any number.
  const origin = publicOrigin(request);
  afterResponse("password reset", async () => {
    const user = await findUserByPhone(db, phone);
    if (!user || user.status === "suspended") return;
    await sendingSms(phone, () =>
      db.transaction(async (tx) => {
        const token = await createPasswordReset(tx, user.id);
        const link = `${origin}/rp?t=${token}`;
        await getSmsSender().send(tx, { phone, body: t("account:sms.reset", { brand: t("brand"), link }) });
      }),
    );
  });
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
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
          <PhoneForm id="forgot" lastResult={actionData?.lastResult} submitLabel={t("account:forgot.submit")} />
        </>
      )}
      <p className="form-links">
        <Link to="/login">{t("account:forgot.back")}</Link>
      </p>
    </section>
  );
}
