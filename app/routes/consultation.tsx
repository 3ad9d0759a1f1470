import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { MessageForm, ReplyHours } from "~/features/inbox/MessageForm";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { replyHours } from "~/platform/sms/staff-sms.server";
import { messageAction } from "~/features/forms/forms.server";
import { company } from "~/platform/config/company";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { formConstraint } from "~/platform/forms/parse";
import { consultationSchema } from "~/features/posts/post-forms";
import type { LayoutHandle } from "~/root";
import { answerOnce } from "~/features/forms/idempotency.server";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "forms"] };

/** /consultation: the consultation request form, prefilled from the logged-in user. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageContext(request);
  const user = await getCurrentUser(request);
  return {
    /** The staff's working hours, for when a reply can be expected (docs/decisions/054). */
    replyHours: replyHours(),
    constraint: formConstraint(consultationSchema),
    defaults: user ? { name: `${user.first_name} ${user.last_name}`.slice(0, 35), mobile: user.phone } : undefined,
    seo: { title: t("forms:consultation.title"), description: t("forms:consultation.description") },
  };
}

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, sendConsultation);
}

/** Stores a consultation request; see messageAction. */
async function sendConsultation({ request, context }: ActionFunctionArgs) {
  return messageAction(request, context, "consultation");
}

export default function ConsultationPage() {
  const { defaults, constraint, replyHours: hours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const whatsapp = `https://wa.me/${company.whatsapp.replace(/\D/g, "")}?text=${encodeURIComponent(t("forms:consultation.whatsappText"))}`;
  return (
    <section className="page narrow form-page">
      <h1>{t("forms:consultation.title")}</h1>
      <p className="page-lead">{t("forms:consultation.intro")}</p>
      <ReplyHours hours={hours} />
      <MessageForm kind="consultation" constraint={constraint} lastResult={actionData?.lastResult} defaults={defaults} />
      <p className="form-links">
        <a href={whatsapp} className="button button-whatsapp" rel="noopener" target="_blank">
          <Icon name="whatsapp" /> {t("forms:consultation.whatsapp")}
        </a>
      </p>
    </section>
  );
}
