import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { MessageForm, ReplyHours } from "~/features/inbox/MessageForm";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { replyHours } from "~/platform/sms/staff-sms.server";
import { messageAction } from "~/features/forms/forms.server";
import { getT } from "~/platform/i18n/i18n.server";
import { company } from "~/platform/config/company";
import { pageMeta } from "~/platform/http/seo";
import { formConstraint } from "~/platform/forms/parse";
import { contactSchema } from "~/features/posts/post-forms";
import { answerOnce } from "~/features/forms/idempotency.server";

export const meta = pageMeta;
export const handle = { i18n: ["common", "forms"] };

/** Contact (/call-us): the company's address with a map link, phone, WhatsApp, e-mail and the contact form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const user = await getCurrentUser(request);
  return {
    /** The staff's working hours, for when a reply can be expected (docs/decisions/054). */
    replyHours: replyHours(),
    constraint: formConstraint(contactSchema),
    defaults: user ? { name: `${user.first_name} ${user.last_name}`.slice(0, 35), mobile: user.phone } : undefined,
    seo: { title: t("contact.title"), description: t("contact.description") },
  };
}

/** The form's action, taken once per submission (a repeat is answered as the first post; see answerOnce). */
export function action(args: ActionFunctionArgs) {
  return answerOnce(args, sendContact);
}

/** The contact form; see messageAction. */
async function sendContact({ request, context }: ActionFunctionArgs) {
  return messageAction(request, context, "contact");
}

export default function CallUs() {
  const { t } = useT();
  const { defaults, constraint, replyHours: hours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const whatsapp = `https://wa.me/${company.whatsapp.replace(/\D/g, "")}?text=${encodeURIComponent(t("contact.whatsappText"))}`;
  return (
    <div className="page narrow">
      <h1>{t("contact.title")}</h1>
      <p className="page-lead">{t("contact.lead")}</p>
      <ul className="contact-list">
        <li className="card">
          <Icon name="map" />
          <div>
            <h2>{t("contact.address")}</h2>
            <p>{t("footer.address")}</p>
            <a href={company.mapUrl} rel="noopener" target="_blank">
              {t("contact.openMap")}
            </a>
          </div>
        </li>
        <li className="card">
          <Icon name="phone" />
          <div>
            <h2>{t("contact.phone")}</h2>
            <a href={`tel:${company.phone}`}>
              <bdi dir="ltr">{company.phone}</bdi>
            </a>
            <p className="hint">{t("contact.hours")}</p>
          </div>
        </li>
        <li className="card">
          <Icon name="whatsapp" />
          <div>
            <h2>{t("card.whatsapp")}</h2>
            <a href={whatsapp} rel="noopener" target="_blank">
              <bdi dir="ltr">{company.whatsapp}</bdi>
            </a>
          </div>
        </li>
        <li className="card">
          <Icon name="mail" />
          <div>
            <h2>{t("contact.email")}</h2>
            <a href={`mailto:${company.email}`}>
              <bdi dir="ltr">{company.email}</bdi>
            </a>
          </div>
        </li>
      </ul>
      <section className="section form-page" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t("forms:contact.formTitle")}</h2>
        <p>{t("forms:contact.formIntro")}</p>
        <ReplyHours hours={hours} />
        <MessageForm kind="contact" constraint={constraint} lastResult={actionData?.lastResult} defaults={defaults} />
      </section>
    </div>
  );
}
