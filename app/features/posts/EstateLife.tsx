import { Form } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";

/**
 * An owner's forms for a listing's life: renew it for 60 days, and mark it sold (a sale, offer type 1) or
 * rented (a rental). Plain posts to /listing-state, which comes back to `redirectTo`; `note` (until when it is shown,
 * or when it ended; empty for none) is written before the buttons. Used on /profile and on the owner's listing page.
 */
export function ListingLifeForm({
  estateId,
  offerTypeId,
  redirectTo,
  note,
}: {
  estateId: number;
  offerTypeId: number | null;
  redirectTo: string;
  note: string;
}) {
  const { t } = useT();
  return (
    <Form method="post" action="/listing-state" className="button-row listing-life">
      {note ? <span className="hint">{note}</span> : null}
      <input type="hidden" name="estate_id" value={estateId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" name="intent" value="renew" className="button button-small">
        {t("freshness.renew")}
      </button>
      <button type="submit" name="intent" value="close" className="button button-small">
        {t(offerTypeId === 2 ? "freshness.markRented" : "freshness.markSold")}
      </button>
    </Form>
  );
}
