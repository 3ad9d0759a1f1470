import { useT } from "~/platform/i18n/use-t";
import type { EstateCard } from "~/features/listings/estate-card.server";
import { estateTitle, formatDate } from "~/features/listings/format";
import { EstateGrid, Facts, Price } from "./EstateCard";
import { Icon } from "~/platform/ui/Icon";

/** The 410 page of a listing that has ended: what ended it, its essentials, and similar listings. */
export function GonePage({
  gone,
  similar,
}: {
  gone: { status: string; card: EstateCard; title: string };
  similar: EstateCard[];
}) {
  const { t } = useT();
  const e = gone.card;
  return (
    <div className="page estate-page">
      <h1>{gone.title}</h1>
      <p className="page-lead">{t("freshness.goneLead")}</p>
      <section className={`card estate-gone status-${gone.status}`}>
        <h2 className="estate-title">
          {estateTitle(t, e)} <span className="chip">{t(`forms:status.${gone.status}`)}</span>
        </h2>
        <p className="card-place">
          <Icon name="pin" /> {e.place}
        </p>
        <p className="estate-price">
          <Price value={e.price} currency={e.currency} period={e.pricePeriod} />
        </p>
        <Facts estate={e} />
        <p className="hint">
          {t("estate.adNumber")}: <bdi dir="ltr">{e.stateId}</bdi> · {t("estate.date")}: <bdi dir="ltr">{formatDate(e.date)}</bdi>
        </p>
      </section>
      <SimilarListings similar={similar} />
    </div>
  );
}

/** Similar listings under a listing or its 410 page, when there are any. */
export function SimilarListings({ similar }: { similar: EstateCard[] }) {
  const { t } = useT();
  return similar.length ? (
    <section className="section similar" aria-labelledby="similar-title">
      <h2 id="similar-title">{t("estate.similar")}</h2>
      <EstateGrid estates={similar} eagerFirst={false} />
    </section>
  ) : null;
}
