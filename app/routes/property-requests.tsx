import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { Pagination } from "~/platform/ui/Pagination";
import { requestedPageOf } from "~/platform/forms/queries";
import { listApprovedRequests, type RequestItem } from "~/features/posts/request.server";
import { formatDate, formatNumber } from "~/features/listings/format";
import { notFound, pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page"];
export const handle: LayoutHandle = { i18n: ["common", "forms"] };

/** /user-order: users' approved property requests, newest first, paged, with a link to post one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = requestedPageOf(new URL(request.url).searchParams) ?? notFound();
  const { db, locale, t } = await pageContext(request);
  const result = await listApprovedRequests(db, page, locale);
  if (page > result.pageCount) notFound();
  return { ...result, page, seo: { title: t("forms:orders.title"), description: t("forms:orders.description"), keep: ["page"] } };
}

function PriceRange({ item }: { item: RequestItem }) {
  const { t } = useT();
  const min = item.minPrice !== null ? `${formatNumber(item.minPrice)} ${t("card.currency")}` : null;
  const max = item.maxPrice !== null ? `${formatNumber(item.maxPrice)} ${t("card.currency")}` : null;
  const text =
    min && max
      ? t("forms:orders.between", { min, max })
      : min
        ? t("forms:orders.from", { min })
        : max
          ? t("forms:orders.upTo", { max })
          : t("forms:orders.anyPrice");
  return <p className="price">{text}</p>;
}

export default function UserOrdersPage() {
  const { items, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="page narrow">
      <div className="section-head">
        <h1>{t("forms:orders.title")}</h1>
        <Link to="/create-real-estate-request" className="button button-primary button-small">
          <Icon name="search" /> {t("forms:orders.create")}
        </Link>
        <p>{t("forms:orders.intro")}</p>
      </div>
      {items.length === 0 ? (
        <p className="notice">{t("forms:orders.empty")}</p>
      ) : (
        <ul className="request-list">
          {items.map((item) => (
            <li key={item.id} className="card request-item">
              <h2>
                {t("forms:orders.item", {
                  type: item.estateType,
                  offer: t(item.offerTypeId === 1 ? "forms:orders.sale" : "forms:orders.rent"),
                  place: item.place,
                })}
              </h2>
              <PriceRange item={item} />
              {item.notes ? (
                <p className="estate-description" dir="auto">
                  {item.notes}
                </p>
              ) : null}
              <p className="card-date">
                <Icon name="calendar" /> <bdi dir="ltr">{formatDate(item.date)}</bdi>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
