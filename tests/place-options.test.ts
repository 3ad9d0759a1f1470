import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { describe, expect, it, vi } from "vitest";
import { LocationOptions } from "~/features/search/SearchFilter";
import type { Locale } from "~/platform/i18n/i18n";
import { getLookups, placeList } from "~/features/places/lookups.server";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import { PlacesContext, type PlaceGroup } from "~/features/places/places";
import { useTestDatabase } from "./helpers/db";

// Rendered outside Remix: no root data (the place list comes from PlacesContext, as on the server).
vi.mock("~/platform/ui/root-data", () => ({ useRootData: () => null }));

const test = useTestDatabase();
const db = () => test.get().db;

/** A place select as a page renders it: a select with a default value, its place list from PlacesContext. */
function renderSelect(locale: Locale, places: PlaceGroup[], value: string, whole: boolean): string {
  const select = createElement(
    "select",
    { name: "location_id", defaultValue: value },
    createElement("option", { value: "" }, "-"),
    createElement(LocationOptions, { whole, selected: value }),
  );
  return renderToString(
    createElement(
      TranslatorProvider,
      { translator: pageTranslator(locale) },
      createElement(PlacesContext.Provider, { value: places }, select),
    ),
  );
}

describe("the place options the server writes as HTML (decision 033)", () => {
  it("are the HTML React writes for the browser's place list, with the chosen place selected", async () => {
    const lookups = await getLookups(db());
    for (const locale of ["ar", "en"] as const) {
      const list = placeList(lookups, locale);
      // What the browser has: the place list file, without the server's HTML.
      const file = (JSON.parse(list.json) as { governorates: PlaceGroup[] }).governorates;
      expect(file.some((g) => "html" in g)).toBe(false);
      expect(list.places.every((g) => g.html)).toBe(true);
      const [first, second] = list.places;
      for (const value of ["", String(first.locations[0].id), String(second.locations.at(-1)!.id), `g${second.id}`, "99999"]) {
        for (const whole of [true, false]) {
          const server = renderSelect(locale, list.places, value, whole);
          expect(server).toBe(renderSelect(locale, file, value, whole));
          const selected = [...server.matchAll(/<option[^>]*selected[^>]*>/g)];
          // The placeholder for no place; nothing for a place the list does not offer (as React does).
          const offered = value === "99999" || (value.startsWith("g") && !whole) ? null : value;
          expect(selected.map((m) => m[0])).toEqual(offered === null ? [] : [expect.stringContaining(`value="${offered}"`)]);
        }
      }
      expect(renderSelect(locale, list.places, "", false).match(/<option/g)).toHaveLength(
        lookups.governorates.reduce((n, g) => n + g.listed.length, 1),
      );
    }
  });
});
