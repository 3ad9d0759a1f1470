import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { EstateGrid } from "~/features/listings/EstateCard";
import { Icon } from "~/platform/ui/Icon";
import { OfficeHeader } from "~/features/offices/OfficeHeader";
import { searchEstates } from "~/features/search/estate-search.server";
import { getOffice } from "~/features/offices/office.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** An office's page (/office/{id}): its card and its newest listings, with a link to all of them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireId(params.id);
  const { db, locale, t } = await pageContext(request);
  const office = await getOffice(db, id, locale);
  if (!office) notFound();
  const latest = await searchEstates(db, { office_id: id }, 1, locale);
  return {
    seo: {
      title: office.name,
      description: t("office.metaDescription", {
        name: office.name,
        place: office.place,
        count: office.rentCount + office.saleCount,
      }),
      image: office.logoLarge,
    },
    office,
    estates: latest.items.slice(0, 6),
    total: latest.total,
  };
}

export default function OfficePage() {
  const { office, estates, total } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <OfficeHeader office={office} />
      <section className="section" aria-labelledby="office-listings">
        <div className="section-head">
          <h2 id="office-listings">{t("office.latest")}</h2>
          {total > estates.length ? (
            <Link to={`/office-estates/${office.id}`} className="section-link">
              {t("office.all", { count: total })} <Icon name="chevron" className="icon-end" />
            </Link>
          ) : null}
        </div>
        {estates.length ? <EstateGrid estates={estates} /> : <p className="notice">{t("office.none")}</p>}
      </section>
    </div>
  );
}
