import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";

/** One place the finder lists: its id, name and governorate's name, in the page language. */
export type FoundPlace = { id: number; name: string; governorate: string };

/** Where a found place's link goes: the search of its listings, or of its offices (the office search). */
export type FinderTarget = "estates" | "offices";

/** The address a found place's link opens for `to` (the place's search; decision 095). */
export function placeHref(to: FinderTarget, id: number): string {
  return to === "offices" ? `/officesResult?searchselected=1&location_id=${id}` : `/estates?is_simple=0&location_id=${id}`;
}

/**
 * The place finder's form (decision 095): a GET form to /places that works without JavaScript (the page lists the
 * matches as links); with JavaScript, the matches of what is typed appear under the field as one types, from
 * /places/suggest, a quarter of a second after the last key.
 */
export function PlaceFinder({ q, to }: { q: string; to: FinderTarget }) {
  const { t, lang } = useT();
  const id = useId();
  const [typed, setTyped] = useState(q);
  const [suggestions, setSuggestions] = useState<FoundPlace[] | null>(null);
  const asked = useRef("");
  useEffect(() => {
    const text = typed.trim();
    if (text === q.trim() || text.length < 2) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      asked.current = text;
      fetch(`/places/suggest?q=${encodeURIComponent(text)}${lang === "en" ? "&lang=en" : ""}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ places: FoundPlace[] }>) : null))
        .then((body) => {
          if (body && asked.current === text) setSuggestions(body.places);
        })
        .catch(() => {});
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, q, lang]);
  return (
    <div className="place-finder">
      <Form method="get" action="/places" role="search" aria-label={t("places.finder.title")} className="place-finder-form">
        <label htmlFor={`${id}-q`}>{t("places.finder.label")}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={q}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        {to === "offices" ? <input type="hidden" name="to" value="offices" /> : null}
        <button type="submit" className="button button-primary">
          <Icon name="search" /> {t("places.finder.submit")}
        </button>
        <p id={`${id}-hint`} className="field-hint">
          {t("places.finder.hint")}
        </p>
      </Form>
      {suggestions ? <FoundPlaces places={suggestions} to={to} live label={t("places.finder.suggestions")} /> : null}
    </div>
  );
}

/**
 * The places the finder found, each a link to its search (`to`; placeHref) named "place, governorate": the finder
 * page's answer and the suggestions under its field (decision 095). `live` announces a list that changes as one
 * types; `label` names the list for assistive technology.
 */
export function FoundPlaces({
  places,
  to,
  live,
  label,
}: {
  places: FoundPlace[];
  to: FinderTarget;
  live?: boolean;
  label?: string;
}) {
  const { t } = useT();
  return (
    <ul className="place-list" aria-live={live ? "polite" : undefined} aria-label={label}>
      {places.map((p) => (
        <li key={p.id}>
          <Link to={placeHref(to, p.id)}>
            {p.name}
            <span className="place-governorate">
              {t("search.placeSeparator")}
              {p.governorate}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
