import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Price } from "~/features/listings/EstateCard";
import { VerifiedBadge } from "~/features/listings/OfficeVerification";
import type { OtherOffer } from "~/features/listings/estate.server";

/**
 * The other advertisers' offers of the same property on a listing page (decision 099), cheapest first: each one's
 * price, who offers it (the office, else the owner) and a link to its own page. Nothing when there are none.
 */
export function OtherOffers({ offers }: { offers: OtherOffer[] }) {
  const { t } = useT();
  if (!offers.length) return null;
  return (
    <section className="card other-offers" id="other-offers" aria-labelledby="other-offers-title">
      <h2 id="other-offers-title">{t("estate.offers.title")}</h2>
      <p className="hint">{t("estate.offers.note")}</p>
      <ul>
        {offers.map((offer) => (
          <li key={offer.id}>
            <Price value={offer.price} currency={offer.currency} period={offer.pricePeriod} note={offer.priceNote} />
            <span className="other-offer-by">
              {offer.office ? <bdi>{offer.office.name}</bdi> : t("estate.offers.owner")}
              {offer.office?.verifiedMonth ? <VerifiedBadge month={offer.office.verifiedMonth} /> : null}
            </span>
            <Link to={`/estate/${offer.id}`}>{t("estate.offers.view", { number: offer.stateId })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
