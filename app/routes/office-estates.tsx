import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { EstateGrid } from "~/features/listings/EstateCard";
import { OfficeHeader } from "~/features/offices/OfficeHeader";
import { Pagination } from "~/platform/ui/Pagination";
import { requestedPageOf } from "~/platform/forms/queries";
import { searchEstates } from "~/features/search/estate-search.server";
import { getOffice } from "~/features/offices/office.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page"];

/** Every listing of one office, paged (/office-estates/{id}); 404 for an unknown office or a page out of range. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireId(params.id);
  const page = requestedPageOf(new URL(request.url).searchParams) ?? notFound();
  const { db, locale, t } = await pageContext(request);
  const office = await getOffice(db, id, locale);
  if (!office) notFound();
  const result = await searchEstates(db, { office_id: id }, page, locale);
  if (page > Math.max(result.pageCount, 1)) notFound();
  const title = t("office.listingsTitle", { name: office.name });
  return {
    seo: {
      title: page > 1 ? t("pagination.titleWithPage", { title, page }) : title,
      description: t("office.metaDescription", { name: office.name, place: office.place, count: result.total }),
      keep: ["page"],
    },
    office,
    result,
  };
}

/** The office, its listings' cards and the page links; their JSON-LD is rendered by the server (StructuredData.server.tsx). */
export default function OfficeEstates() {
  const { office, result } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <h1>{t("office.listingsTitle", { name: office.name })}</h1>
      <OfficeHeader office={office} as="h2" />
      {result.items.length ? <EstateGrid estates={result.items} /> : <p className="notice">{t("office.none")}</p>}
      <Pagination page={result.page} pageCount={result.pageCount} />
    </div>
  );
}
