import { useT } from "~/platform/i18n/use-t";

/**
 * What the moderator is told about trust (docs/decisions/100-prices-held-owners-listings-reports-that-act.md), in one
 * component the queue, the review and the reports pages share: why a post is held (a price far from its area's median,
 * a rent that reads as a sale price, reports), who the advertiser says they are, and an account posting as "owner"
 * more than a broker's share.
 */

/** Why a listing is held (estates.held_reason), or null. */
type Held = "price_low" | "price_high" | "rent_as_sale" | "reports" | null;

/**
 * The trust notes of one post: `held` its hold's reason, `brokerCount` the owner's listings posted as "owner" in 30
 * days when that makes them a likely broker (else null), `ownership` 1 owner, 2 agent, 3 other (null: not
 * said). `short` writes the hold in a few words (the queue). Nothing when there is nothing to say.
 */
export function TrustNotes({
  held,
  brokerCount,
  ownership = null,
  short = false,
}: {
  held: Held;
  brokerCount: number | null;
  ownership?: number | null;
  short?: boolean;
}) {
  const { t } = useT("admin");
  if (!held && brokerCount === null && ownership === null) return null;
  return (
    <ul className="trust-notes">
      {held ? (
        <li className="trust-held" data-held={held}>
          {t(short ? `admin:trust.heldShort.${held}` : `admin:trust.held.${held}`)}
        </li>
      ) : null}
      {brokerCount !== null ? <li className="trust-broker">{t("admin:trust.broker", { count: brokerCount })}</li> : null}
      {ownership !== null ? (
        <li className="trust-ownership">{t("admin:trust.ownership", { who: t(`admin:trust.ownershipValues.${ownership}`) })}</li>
      ) : null}
    </ul>
  );
}

/** The reports page's note on a listing its reports took out of the results (decision 100). */
export function HeldByReports() {
  const { t } = useT("admin");
  return <p className="trust-held notice">{t("admin:trust.held.reports")}</p>;
}
