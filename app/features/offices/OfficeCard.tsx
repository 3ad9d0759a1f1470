import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import type { OfficeCard as Card } from "~/features/offices/office.server";
import { formatNumber } from "~/features/listings/format";
import { ContactButtons } from "~/features/listings/EstateActions";
import { Icon } from "~/platform/ui/Icon";
import { OfficeVerificationNote } from "~/features/listings/OfficeVerification";

/**
 * The office card: name, masked phone, call and messaging links (visitors are sent to log in),
 * address, logo, counts of rent and sale listings, the contract level and whether the staff verified it (decision 090).
 */
export function OfficeCard({ office }: { office: Card }) {
  return (
    <article className={`card office-card level-${office.contractLevel}`}>
      <div className="office-head">
        {office.logo ? (
          <img src={office.logo} width={56} height={56} alt="" loading="lazy" decoding="async" className="office-logo" />
        ) : null}
        <div>
          <h3 className="card-title">
            <Link to={`/office/${office.id}`}>{office.name}</Link>
          </h3>
          {office.contractLevel > 1 ? (
            <span className={`level-badge level-${office.contractLevel}`}>{office.contractName}</span>
          ) : null}
          <OfficeVerificationNote verification={office.verification} />
        </div>
      </div>
      <p className="card-place">
        <Icon name="pin" /> {office.address}
      </p>
      <OfficeCounts office={office} />
      <ContactButtons phoneMasked={office.phoneMasked} target={{ office_id: office.id }} />
    </article>
  );
}

/** Counts of an office's public listings for sale and for rent. */
export function OfficeCounts({ office }: { office: Pick<Card, "saleCount" | "rentCount"> }) {
  const { t } = useT();
  return (
    <ul className="office-counts">
      <li>
        <strong>{formatNumber(office.saleCount)}</strong> {t("offices.forSale")}
      </li>
      <li>
        <strong>{formatNumber(office.rentCount)}</strong> {t("offices.forRent")}
      </li>
    </ul>
  );
}
