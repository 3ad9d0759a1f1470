import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { OfficeCard } from "~/features/offices/OfficeCard";
import { OfficeSearch } from "~/features/offices/OfficeSearch";
import { listOffices } from "~/features/offices/office.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** Agent search (/offices): the office filter and every office, higher contract levels first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const offices = await listOffices(db, locale);
  return {
    seo: { title: t("offices.title"), description: t("offices.description") },
    offices,
  };
}

export default function Offices() {
  const { offices } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <h1>{t("offices.title")}</h1>
      <p className="page-lead">{t("offices.lead")}</p>
      <OfficeSearch />
      <h2 className="list-title">{t("offices.all", { count: offices.length })}</h2>
      <div className="grid office-grid">
        {offices.map((o) => (
          <OfficeCard key={o.id} office={o} />
        ))}
      </div>
    </div>
  );
}
