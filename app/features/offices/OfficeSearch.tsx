import { Form, Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import type { QueryErrors } from "~/platform/forms/queries";
import { usePlaces } from "~/features/places/places";
import { Icon } from "~/platform/ui/Icon";
import { LocationOptions } from "~/features/search/SearchFilter";

export type OfficeSearchValues = { searchselected: string; location_id: string; name: string; verified: boolean };
/** The office search's errors: each field's Messages (the shape of a form's errors, app/platform/forms/queries.ts). */
export type OfficeSearchErrors = QueryErrors<"location_id" | "name">;

/**
 * The office filter: by place (searchselected 1, location_id) or by name (searchselected 2, name).
 * A GET form to /officesResult; both fields are shown so it works without JavaScript. Either way it can ask for
 * verified offices only (`verified=1`, decision 090). Every other town or village is chosen through the place finder
 * (/places?to=offices, decision 095), linked under the place select; `place` is the one chosen, which the select
 * does not list, shown as its first option.
 */
export function OfficeSearch({
  values,
  errors = {},
  place,
}: {
  values?: Partial<OfficeSearchValues>;
  errors?: OfficeSearchErrors;
  place?: { id: number; name: string } | null;
}) {
  const { t } = useT();
  const mode = values?.searchselected === "2" ? "2" : "1";
  // Made again once the place list arrives (a client-side navigation), so that its default place is selected.
  const placesReady = usePlaces() !== null;
  return (
    <Form
      method="get"
      action="/officesResult"
      className="filter office-filter"
      role="search"
      aria-label={t("offices.searchTitle")}
    >
      <fieldset className="tabs">
        <legend className="visually-hidden">{t("offices.searchBy")}</legend>
        <label className="tab">
          <input type="radio" name="searchselected" value="1" defaultChecked={mode === "1"} />
          <span>{t("offices.byPlace")}</span>
        </label>
        <label className="tab">
          <input type="radio" name="searchselected" value="2" defaultChecked={mode === "2"} />
          <span>{t("offices.byName")}</span>
        </label>
      </fieldset>
      <div className="filter-fields">
        <div className="field field-place">
          <label htmlFor="office-location">{t("offices.place")}</label>
          <select
            key={placesReady ? "places" : "loading"}
            id="office-location"
            name="location_id"
            defaultValue={values?.location_id ?? ""}
            aria-invalid={errors.location_id ? true : undefined}
            aria-describedby={errors.location_id ? "office-location-error" : undefined}
          >
            <option value="">{t("search.chooseLocation")}</option>
            <LocationOptions selected={values?.location_id} other={place} />
          </select>
          {errors.location_id ? (
            <p className="field-error" id="office-location-error">
              <Icon name="alert" /> {t(errors.location_id[0].key, errors.location_id[0].values)}
            </p>
          ) : null}
          <Link to="/places?to=offices" className="field-hint">
            {t("places.finder.link")}
          </Link>
        </div>
        <div className="field field-name">
          <label htmlFor="office-name">{t("offices.name")}</label>
          <input
            id="office-name"
            name="name"
            type="search"
            maxLength={60}
            defaultValue={values?.name ?? ""}
            placeholder={t("offices.namePlaceholder")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "office-name-error" : undefined}
          />
          {errors.name ? (
            <p className="field-error" id="office-name-error">
              <Icon name="alert" /> {t(errors.name[0].key, errors.name[0].values)}
            </p>
          ) : null}
        </div>
        <div className="field field-verified">
          <input id="office-verified" name="verified" type="checkbox" value="1" defaultChecked={values?.verified ?? false} />
          <label htmlFor="office-verified">{t("offices.verifiedOnly")}</label>
        </div>
        <button type="submit" className="button button-primary filter-submit">
          <Icon name="search" /> {t("offices.submit")}
        </button>
      </div>
    </Form>
  );
}
