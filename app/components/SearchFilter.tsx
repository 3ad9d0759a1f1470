import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FilterOptions } from "~/models/lookups.server";
import type { FilterErrors, FilterValues } from "~/utils/estate-filter.server";
import type { FilterField } from "~/utils/listing-page.server";
import { usePlaces } from "~/utils/places";
import { Icon } from "./Icon";

type Props = {
  options: FilterOptions;
  values?: Partial<FilterValues>;
  errors?: FilterErrors;
  /** Where the GET form goes; /estates for the general search. */
  action?: string;
  /** Show the sale/rent tabs (spec 2.4, 2.5); rent and vacation pages fix the offer type. */
  withOfferTabs?: boolean;
  /** Mark location, type and offer type as required (spec 5, Search filters). */
  required?: boolean;
  compact?: boolean;
  /**
   * Issue 13's optional fields, named by the server (listing-page.server.ts filterFields): the first five (words,
   * prices, currency, sort) in the form, the others under "more filters". None on the home page.
   */
  fields?: FilterField[];
};

/**
 * The search filter (spec 2.5): a GET form whose fields carry the spec's names, so results are linkable and work
 * without JavaScript. Errors come from the server and stand beside their fields.
 */
export function SearchFilter({
  options,
  values = {},
  errors = {},
  action = "/estates",
  withOfferTabs = true,
  required = true,
  compact,
  fields,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  // Made again once the place list arrives (a client-side navigation), so that its default place is selected.
  const placesReady = usePlaces() !== null;
  // Sale is preselected (spec 2.4: offer type default 1), except when the server says the offer type is missing.
  const offer = values.estate_offer_type_id || (errors.estate_offer_type_id ? "" : "1");
  const fieldError = (name: keyof FilterValues) =>
    errors[name] ? (
      <p className="field-error" id={`${id}-${name}-error`}>
        <Icon name="alert" /> {t(`search.errors.${errors[name]}`)}
      </p>
    ) : null;
  const describedBy = (name: keyof FilterValues) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <Form
      method="get"
      action={action}
      className={`filter${compact ? " filter-compact" : ""}`}
      role="search"
      aria-label={t("search.title")}
    >
      {withOfferTabs ? (
        <fieldset className="tabs" aria-invalid={errors.estate_offer_type_id ? true : undefined}>
          <legend className="visually-hidden">{t("search.offerType")}</legend>
          {options.offerTypes.map((o) => (
            <label key={o.id} className="tab">
              <input type="radio" name="estate_offer_type_id" value={o.id} defaultChecked={String(o.id) === offer} />
              <span>{o.id === 1 ? t("search.saleTab") : t("search.rentTab")}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {withOfferTabs ? fieldError("estate_offer_type_id") : null}
      <div className="filter-fields">
        <div className="field">
          <label htmlFor={`${id}-location`}>
            {t("search.location")}
            {required ? (
              <span className="required" aria-hidden="true">
                {" "}
                *
              </span>
            ) : null}
          </label>
          <select
            key={placesReady ? "places" : "loading"}
            id={`${id}-location`}
            name="location_id"
            defaultValue={values.location_id || (values.governorate_id ? `g${values.governorate_id}` : "")}
            aria-required={required || undefined}
            aria-invalid={errors.location_id ? true : undefined}
            aria-describedby={describedBy("location_id")}
          >
            <option value="">{required ? t("search.chooseLocation") : t("search.anyLocation")}</option>
            <LocationOptions whole />
          </select>
          {fieldError("location_id")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>
            {t("search.estateType")}
            {required ? (
              <span className="required" aria-hidden="true">
                {" "}
                *
              </span>
            ) : null}
          </label>
          <select
            id={`${id}-type`}
            name="estate_type_id"
            defaultValue={values.estate_type_id ?? ""}
            aria-required={required || undefined}
            aria-invalid={errors.estate_type_id ? true : undefined}
            aria-describedby={describedBy("estate_type_id")}
          >
            <option value="">{required ? t("search.chooseType") : t("search.anyType")}</option>
            {options.estateTypes.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          {fieldError("estate_type_id")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-price`}>{t("search.priceRange")}</label>
          <select
            id={`${id}-price`}
            name="price_domain_id"
            defaultValue={values.price_domain_id ?? ""}
            aria-invalid={errors.price_domain_id ? true : undefined}
            aria-describedby={describedBy("price_domain_id")}
          >
            {options.priceDomains.map((o) => (
              <option key={o.id} value={o.id === 1 ? "" : o.id}>
                {o.id === 1 ? t("search.anyPrice") : `${o.name} ${t("card.currency")}`}
              </option>
            ))}
          </select>
          {fieldError("price_domain_id")}
        </div>
        {fields ? fields.slice(0, 5).map((f) => <Field key={f.name} f={f} />) : null}
        {fields ? (
          <details className="more-filters" open={fields.some((f, i) => i > 4 && (f.value || f.error)) || undefined}>
            <summary>{t("search.more")}</summary>
            <div className="filter-fields">
              {fields.slice(5).map((f) => (
                <Field key={f.name} f={f} />
              ))}
            </div>
          </details>
        ) : null}
        {required ? null : <input type="hidden" name="is_simple" value="0" />}
        <button type="submit" className="button button-primary filter-submit">
          <Icon name="search" /> {t("search.submit")}
        </button>
      </div>
    </Form>
  );
}

/** One of issue 13's optional fields, drawn from the server's description (labels and messages already translated). */
function Field({ f }: { f: FilterField }) {
  const id = `f-${f.name}`;
  const error = f.error ? `${id}-error` : undefined;
  const common = { id, name: f.name, "aria-invalid": error ? true : undefined, "aria-describedby": error };
  return (
    <div className={`field field-${f.kind}`}>
      <label htmlFor={id}>{f.label}</label>
      {f.kind === "select" ? (
        <select {...common} defaultValue={f.value}>
          {f.options!.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ) : f.kind === "check" ? (
        <input {...common} type="checkbox" value="1" defaultChecked={f.value === "1"} />
      ) : (
        <input {...common} type={f.kind === "text" ? "search" : "text"} inputMode={f.kind === "number" ? "numeric" : undefined} defaultValue={f.value} />
      )}
      {error ? (
        <p className="field-error" id={error}>
          {f.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The places of spec 3 as options grouped by governorate, each shown as 'governorate, location', from the one place
 * list (app/utils/places.ts; none while the browser loads it on a client-side navigation). `whole` (the search) adds
 * each governorate as a whole first ("Damascus, all areas", value `g<id>`; the loader redirects it to
 * `governorate_id`, decision 024).
 */
export function LocationOptions({ whole }: { whole?: boolean }) {
  const { t } = useTranslation();
  const governorates = usePlaces() ?? [];
  // One translation for ~240 options: the separator of 'governorate, location'.
  const separator = t("search.placeSeparator");
  return (
    <>
      {governorates.map((g) => (
        <optgroup key={g.id} label={g.name}>
          {whole ? <option value={`g${g.id}`}>{t("search.wholeGovernorate", { name: g.name })}</option> : null}
          {g.locations.map((l) => (
            <option key={l.id} value={l.id}>
              {`${g.name}${separator}${l.name}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
