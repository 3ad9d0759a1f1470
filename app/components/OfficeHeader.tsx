import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OfficeCard } from "~/models/office.server";
import { formatNumber } from "~/utils/format";
import { Icon } from "./Icon";

/** The head of an office's pages: logo, name, contract level, address, masked phone and listing counts (spec 2.7). */
export function OfficeHeader({ office, as: Heading = "h1" }: { office: OfficeCard; as?: "h1" | "h2" }) {
  const { t } = useTranslation();
  const loginTo = `/login?redirectTo=${encodeURIComponent(`/office/${office.id}`)}`;
  return (
    <header className={`card office-hero level-${office.contractLevel}`}>
      {office.logoLarge ? <img src={office.logoLarge} width={96} height={96} alt="" className="office-logo" /> : null}
      <div className="office-hero-text">
        <Heading>
          <Link to={`/office/${office.id}`}>{office.name}</Link>
        </Heading>
        <span className={`level-badge level-${office.contractLevel}`}>{office.contractName}</span>
        <p className="card-place">
          <Icon name="pin" /> {office.address}
        </p>
        <ul className="office-counts">
          <li>
            <strong>{formatNumber(office.saleCount)}</strong> {t("offices.forSale")}
          </li>
          <li>
            <strong>{formatNumber(office.rentCount)}</strong> {t("offices.forRent")}
          </li>
        </ul>
      </div>
      <div className="card-contact">
        <a className="button button-primary" href={loginTo} rel="nofollow">
          <Icon name="phone" /> <bdi dir="ltr">{office.phoneMasked}</bdi>
        </a>
        <a className="button button-whatsapp" href={loginTo} rel="nofollow">
          <Icon name="whatsapp" /> {t("card.whatsapp")}
        </a>
      </div>
    </header>
  );
}
