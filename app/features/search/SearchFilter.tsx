import { Form, Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useT } from "~/platform/i18n/use-t";
import type { FilterOptions } from "~/features/places/lookups.server";
import type { FilterErrors, FilterValues } from "~/features/search/estate-filter.server";
import { usePlaces } from "~/features/places/places";
import { Icon } from "~/platform/ui/Icon";

type Props = {
  options: FilterOptions;
  /** The values to show; a whole governorate is `location_id=g<id>` here (the loader sets it, decision 024). */
  values?: Partial<FilterValues>;
  errors?: FilterErrors;
  /** Where the GET form goes; /estates for the general search. */
  action?: string;
  /** Show the sale/rent tabs; rent and vacation pages fix the offer type. */
  withOfferTabs?: boolean;
  /** Mark location, type and offer type as required; else `is_simple=0` is sent. */
  required?: boolean;
  compact?: boolean;
  /** The chosen place when the place select does not list it (a town or village of the gazetteer, decision 095). */
  place?: { id: number; name: string } | null;
  /** The form's id, for controls outside it that belong to it (the sort beside the results' count). */
  id?: string;
  /** The optional fields of decision 024 (ExtraFilters), before the submit button; not on the home page. */
  children?: ReactNode;
};

/**
 * The search filter: a GET form whose fields carry the search's parameter names, so results are linkable and work
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
  place,
  id: formId,
  children,
}: Props) {
  const { t } = useT();
  const id = useId();
  const placesReady = usePlaces() !== null;
  // The price bands of the offer types this page searches (id 1, any price, is the select's empty choice); none on
  // the holiday page, whose nightly prices no band splits (decision 087).
  const bands = options.priceDomains.filter((b) => b.offerTypeId !== null);
  // Sale is preselected (offer type default 1), except when the server says the offer type is missing.
  const offer = values.estate_offer_type_id || (errors.estate_offer_type_id ? "" : "1");
  const fieldError = (name: keyof FilterValues) => {
    const first = errors[name]?.[0];
    return first ? (
      <p className="field-error" id={`${id}-${name}-error`}>
        <Icon name="alert" /> {t(first.key, first.values)}
      </p>
    ) : null;
  };
  // One select with its label and message, used three times (the search page's JavaScript budget, decision 024).
  // The place select is made again once the place list arrives (a client-side navigation), so that its default place
  // is selected; price is never required.
  const field = (
    name: "location_id" | "estate_type_id" | "price_domain_id",
    label: string,
    first: ReactNode,
    list: ReactNode,
  ) => {
    const isRequired = required && name !== "price_domain_id";
    return (
      <div className={isRequired ? "field field-required" : "field"}>
        <label htmlFor={`${id}-${name}`}>{t(label)}</label>
        <select
          key={name === "location_id" && placesReady ? "places" : "loading"}
          id={`${id}-${name}`}
          name={name}
          defaultValue={values[name]}
          aria-required={isRequired || undefined}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        >
          {first}
          {list}
        </select>
        {fieldError(name)}
        {name === "location_id" ? (
          <Link to="/places" className="field-hint">
            {t("places.finder.link")}
          </Link>
        ) : null}
      </div>
    );
  };
  return (
    <Form
      id={formId}
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
        {field(
          "location_id",
          "search.location",
          <option value="">{required ? t("search.chooseLocation") : t("search.anyLocation")}</option>,
          <LocationOptions whole selected={values.location_id} other={place} />,
        )}
        {field(
          "estate_type_id",
          "search.estateType",
          <option value="">{required ? t("search.chooseType") : t("search.anyType")}</option>,
          options.estateTypes.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          )),
        )}
        {bands.length
          ? field(
              "price_domain_id",
              "search.priceRange",
              <option value="">{t("search.anyPrice")}</option>,
              // The bands of each offer type under its name (decision 087); a page of one offer type has its own only.
              options.offerTypes.map((o) => {
                const list = bands.filter((b) => b.offerTypeId === o.id);
                return list.length ? (
                  <optgroup key={o.id} label={o.id === 1 ? t("search.saleTab") : t("search.rentTab")}>
                    {list.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              }),
            )
          : null}
        {children}
        {required ? null : <input type="hidden" name="is_simple" value="0" />}
        <button type="submit" className="button button-primary filter-submit">
          <Icon name="search" /> {t("search.submit")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The places as options grouped by governorate, each shown as 'governorate, location', from the one place
 * list (app/features/places/places.ts; none while the browser loads it on a client-side navigation). `whole` (the search) adds
 * each governorate as a whole first ("Damascus, all areas", value `g<id>`; the loader redirects it to
 * `governorate_id`, decision 024). The server writes each group's options as the HTML made once per language
 * (PlaceGroup `html`, decision 033) with `selected`, the select's default value, marked: the same elements the
 * browser renders and hydrates, without some 250 React elements in every page with a place select. The gazetteer's
 * 10,000 other places are chosen through the place finder (/places, decision 095); `other` shows the one chosen.
 */
export function LocationOptions({
  whole,
  selected,
  other,
}: {
  whole?: boolean;
  selected?: unknown;
  /** A chosen place the list lacks (one of the gazetteer's, decision 095): its option comes first. */
  other?: { id: number; name: string } | null;
}) {
  const { t } = useT();
  const governorates = usePlaces() ?? [];
  // One translation for ~240 options: the separator of 'governorate, location'.
  const separator = t("search.placeSeparator");
  return (
    <>
      {other ? <option value={other.id}>{other.name}</option> : null}
      {governorates.map((g) => (
        <optgroup key={g.id} label={g.name} dangerouslySetInnerHTML={g.html && { __html: g.html(whole, selected) }}>
          {g.html
            ? null
            : [
                whole ? (
                  <option key="g" value={`g${g.id}`}>
                    {g.all}
                  </option>
                ) : null,
                ...g.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {`${g.name}${separator}${l.name}`}
                  </option>
                )),
              ]}
        </optgroup>
      ))}
    </>
  );
}
