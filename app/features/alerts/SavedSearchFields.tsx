import { useT } from "~/platform/i18n/use-t";
import { FREQUENCIES } from "~/features/alerts/saved-search-forms";
import { SelectField, TextField } from "~/platform/forms/FormParts";
import type { ServerField } from "~/platform/forms/useServerForm";

/** The fields of the saved-search forms (/save-search and /saved-searches/:id): its name and its alert frequency. */
export function SavedSearchFields({ fields }: { fields: { name: ServerField; frequency: ServerField } }) {
  const { t } = useT();
  return (
    <>
      <TextField field={fields.name} label={t("account:searches.name")} autoComplete="off" />
      <SelectField
        field={fields.frequency}
        label={t("account:searches.frequency")}
        options={FREQUENCIES.map((f) => ({ id: f, name: t(`account:searches.frequencies.${f}`) }))}
      />
    </>
  );
}
