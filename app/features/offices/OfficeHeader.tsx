import { Link } from "@remix-run/react";
import type { OfficeCard } from "~/features/offices/office.server";
import { Icon } from "~/platform/ui/Icon";
import { ContactButtons } from "~/features/listings/EstateActions";
import { OfficeCounts } from "./OfficeCard";
import { OfficeVerificationNote } from "~/features/listings/OfficeVerification";

/**
 * The head of an office's pages: logo, name, contract level, whether it is verified (decision 090), address, masked
 * phone and listing counts.
 */
export function OfficeHeader({ office, as: Heading = "h1" }: { office: OfficeCard; as?: "h1" | "h2" }) {
  return (
    <header className={`card office-hero level-${office.contractLevel}`}>
      {office.logoLarge ? <img src={office.logoLarge} width={96} height={96} alt="" className="office-logo" /> : null}
      <div className="office-hero-text">
        <Heading>
          <Link to={`/office/${office.id}`}>{office.name}</Link>
        </Heading>
        {office.contractLevel > 1 ? (
          <span className={`level-badge level-${office.contractLevel}`}>{office.contractName}</span>
        ) : null}
        <OfficeVerificationNote verification={office.verification} />
        <p className="card-place">
          <Icon name="pin" /> {office.address}
        </p>
        <OfficeCounts office={office} />
      </div>
      <ContactButtons phoneMasked={office.phoneMasked} target={{ office_id: office.id }} large />
    </header>
  );
}
