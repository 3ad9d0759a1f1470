import { useEffect, useId, useRef, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import { FieldErrors } from "~/platform/forms/FormParts";
import { selectProps, type ServerField } from "~/platform/forms/useServerForm";
import { usePlaces } from "~/features/places/places";
import type { FoundPlace } from "~/features/places/PlaceFinder";
import { Icon } from "~/platform/ui/Icon";
import { LocationOptions } from "./SearchFilter";

/** The place finder's field and its button's intent inside a form (place-finder.server.ts reads them: placeStepOf). */
export const PLACE_QUERY_FIELD = "place_q";
export const FIND_PLACE_INTENT = "find-place";

/**
 * The place of a posted form (`location_id`: the offer form, the property request) among every locality of Syria
 * (decision 095): the select of the site's places, and under it the place finder as a step of the same form. Without
 * JavaScript its "Find" button sends the form to its own action (`intent=find-place`), which answers with the form as
 * typed and the places found (`found`), listed first in the select, the first one chosen; with JavaScript the matches
 * appear as one types (/places/suggest) and a tap puts one in the select. `place` is the chosen place the select does
 * not list (a locality of the gazetteer, named by the action's reply). The field keeps its name, `location_id`.
 */
export function PlaceField({
  field,
  label,
  placeholder,
  found,
  place,
}: {
  field: ServerField;
  label: string;
  placeholder: string;
  /** The places the finder's step found (FormReply.found). */
  found?: { q: string; places: FoundPlace[]; more: boolean };
  /** The chosen place the select does not list (FormReply.place). */
  place?: { id: number; name: string } | null;
}) {
  const { t, lang } = useT();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const placesReady = usePlaces() !== null;
  const [typed, setTyped] = useState(found?.q ?? "");
  const [suggestions, setSuggestions] = useState<FoundPlace[] | null>(null);
  const [picked, setPicked] = useState<FoundPlace | null>(null);
  const { defaultValue, ...props } = selectProps(field);
  const listed = [...(picked ? [picked] : []), ...(found?.places ?? [])];
  // The finder's answer chooses its first place; else the value sent (or the default).
  const value = found?.places.length ? String(found.places[0].id) : defaultValue;
  const other = place && !listed.some((p) => p.id === place.id) ? place : null;

  useEffect(() => {
    const text = typed.trim();
    if (text.length < 2 || text === found?.q) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/places/suggest?q=${encodeURIComponent(text)}${lang === "en" ? "&lang=en" : ""}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ places: FoundPlace[] }>) : null))
        .then((body) => {
          if (body) setSuggestions(body.places);
        })
        .catch(() => {});
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, found?.q, lang]);

  // A suggestion taken: the select shows it (its option is drawn first) and the suggestions close.
  useEffect(() => {
    if (picked && select.current) select.current.value = String(picked.id);
  }, [picked]);

  const separator = t("search.placeSeparator");
  const named = (p: FoundPlace) => `${p.name}${separator}${p.governorate}`;
  return (
    <div className="field place-field">
      <label htmlFor={field.id}>{label}</label>
      {/* Made again when the place list arrives or the finder answers, so that the chosen place is selected. */}
      <select key={`${placesReady}-${value}`} ref={select} {...props} defaultValue={value}>
        <option value="">{placeholder}</option>
        {listed.length ? (
          <optgroup label={t("places.field.found")}>
            {listed.map((p) => (
              <option key={p.id} value={p.id}>
                {named(p)}
              </option>
            ))}
          </optgroup>
        ) : null}
        {other ? <option value={other.id}>{other.name}</option> : null}
        <LocationOptions selected={value} />
      </select>
      <FieldErrors field={field} />
      <div className="place-field-finder">
        <label htmlFor={`${id}-q`}>{t("places.field.label")}</label>
        <div className="place-field-row">
          <input
            id={`${id}-q`}
            name={PLACE_QUERY_FIELD}
            type="search"
            defaultValue={found?.q ?? ""}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <button type="submit" name="intent" value={FIND_PLACE_INTENT} formNoValidate className="button">
            <Icon name="search" /> {t("places.field.find")}
          </button>
        </div>
        <p id={`${id}-hint`} className="field-hint">
          {t("places.field.hint")}
        </p>
        {found ? (
          <p role="status" className={found.places.length ? "field-hint" : "field-error"}>
            {found.places.length
              ? t(found.more ? "places.field.foundMore" : "places.field.foundSome", { q: found.q, count: found.places.length })
              : t("places.finder.none", { q: found.q })}
          </p>
        ) : null}
        {suggestions?.length ? (
          <ul className="place-list place-suggestions" aria-live="polite" aria-label={t("places.finder.suggestions")}>
            {suggestions.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => {
                    setPicked(p);
                    setSuggestions(null);
                  }}
                >
                  {p.name}
                  <span className="place-governorate">
                    {separator}
                    {p.governorate}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
