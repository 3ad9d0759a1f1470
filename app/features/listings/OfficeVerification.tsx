import { useT } from "~/platform/i18n/use-t";
import type { OfficeVerification as Verification } from "~/features/listings/office-verification.server";
import { Icon } from "~/platform/ui/Icon";

/**
 * What an office's pages say of its licence (decision 090): "Verified office · November 2026" while the check holds,
 * "Verification lapsed" with the month of the last check once it is a year old, nothing when never verified.
 */
export function OfficeVerificationNote({ verification }: { verification: Verification }) {
  const { t } = useT();
  if (!verification) return null;
  if (verification.lapsed)
    return (
      <p className="verification-lapsed">
        <Icon name="alert" /> {t("offices.verificationLapsed", { month: verification.month })}
      </p>
    );
  return <VerifiedBadge month={verification.month} />;
}

/** The "Verified office · <month>" badge of an office verified today (cards, listing pages, office pages). */
export function VerifiedBadge({ month }: { month: string }) {
  const { t } = useT();
  return (
    <span className="verified-badge">
      <Icon name="check" /> {t("offices.verified", { month })}
    </span>
  );
}
