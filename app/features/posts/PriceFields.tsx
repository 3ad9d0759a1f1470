import { useT } from "~/platform/i18n/use-t";
import { SelectField, TextField } from "~/platform/forms/FormParts";
import type { ServerField } from "~/platform/forms/useServerForm";

/**
 * A post's price and its currency side by side, with the hint that pounds are new pounds and an empty price is
 * "price on request": the post editor's details and a logged-in owner's offer (decision 087: price and photos in the
 * first flow). In a module of its own, so that the offer page does not load the whole editor.
 */
export function PriceFields({ price, currency }: { price: ServerField; currency: ServerField }) {
  const { t } = useT();
  return (
    <div className="field-row">
      <TextField field={price} label={t("forms:post.price")} hint={t("forms:post.priceHint")} inputMode="numeric" dir="ltr" />
      <SelectField
        field={currency}
        label={t("forms:post.currency")}
        options={[
          { id: "SYP", name: t("card.currency") },
          { id: "USD", name: t("card.currencyUSD") },
        ]}
      />
    </div>
  );
}
