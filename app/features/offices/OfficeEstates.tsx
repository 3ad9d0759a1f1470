import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import type { officeListings } from "~/features/offices/office-admin.server";
import { Pagination } from "~/platform/ui/Pagination";

/**
 * The back office's list of an office's listings, in every state but deleted, each opening the
 * listing editor that owners use too, paged with `?page=`.
 */
export function OfficeEstates({ listings }: { listings: Awaited<ReturnType<typeof officeListings>> }) {
  const { t } = useT();
  return (
    <section className="section" aria-labelledby="office-listings">
      <h2 id="office-listings">{t("content:listings.title", { n: listings.total })}</h2>
      {listings.items.length ? (
        <ul className="content-list">
          {listings.items.map((l) => (
            <li key={l.id}>
              <div className="content-item-text">
                <Link to={`/profile/posts/${l.id}`} className="content-item-title">
                  {t("content:listings.number")} <bdi dir="ltr">{l.stateId}</bdi> · {l.type}
                </Link>
                <span className="card-meta">{l.place}</span>
              </div>
              <span className={`chip status-${l.status}`}>{t(`content:status.${l.status}`)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t("content:listings.empty")}</p>
      )}
      <Pagination page={listings.page} pageCount={listings.pageCount} />
    </section>
  );
}
