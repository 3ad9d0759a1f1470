import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/Icon";
import { getT } from "~/services/i18n.server";
import { company } from "~/utils/company";
import { pageMeta } from "~/utils/seo";

export const meta = pageMeta;

/** Contact (spec 2.1 /call-us): the company's address with a map link, phone, WhatsApp and e-mail. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { seo: { title: t("contact.title"), description: t("contact.description") } };
}

export default function CallUs() {
  const { t } = useTranslation();
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
    </div>
  );
}
