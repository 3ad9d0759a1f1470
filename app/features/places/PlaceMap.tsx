import { createContext, useContext, useEffect, useRef, type ReactElement } from "react";

/** A governorate on the map: its count of public listings and the address of its search. */
export type MapGovernorate = { id: number; wof_id: number; name: string; count: number; href: string };
/** A place with listings inside the governorate shown (point in degrees, WGS 84). */
export type MapPlace = { id: number; name: string; count: number; latitude: number; longitude: number; href: string };
/** What the map shows: every governorate, and the places of `focus` (a governorate id) when one is chosen. */
export type MapData = { governorates: MapGovernorate[]; focus: number | null; places: MapPlace[] };
/**
 * The drawing of this document's map, given on the server only (app/entry.server.tsx draws PlaceMapSvg from
 * PlaceMapSvg.server.tsx with the map's data, which the loader hands it through the load context, decision 101): the
 * outlines, their drawing and the map's data stay out of the browser's JavaScript and the loader's JSON, which keeps
 * the pages' budgets (decisions 083 and 095). The map needs no script: its areas are links.
 */
export const MapRendererContext = createContext<(() => ReactElement) | null>(null);

/**
 * The map of the governorates (and of the places of a search's governorate), as the server drew it; `src` is the
 * address of the same drawing alone (/map-figure, mapFigureAddress), which names the map. The server marks the slot
 * with the `src` it drew. In the browser, hydration keeps the server's markup (React does not write an element's
 * inner HTML while hydrating, and the empty string never changes, so it never writes it afterwards either); when a
 * navigation without a new document (a chip, the form, a header link) changes `src`, or mounts the map afresh, the
 * slot fetches the new drawing and puts it in place of the old one, so the map never shows another search than the
 * page's; if that fails, the slot is emptied rather than left wrong (decision 101).
 */
export function PlaceMap({ src }: { src: string }) {
  const draw = useContext(MapRendererContext);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = slot.current;
    if (!element || element.dataset.drawn === src) return;
    const controller = new AbortController();
    element.setAttribute("aria-busy", "true");
    fetch(src, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((html) => {
        element.innerHTML = html;
        element.dataset.drawn = src;
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        element.innerHTML = "";
        element.dataset.drawn = "";
      })
      .finally(() => element.removeAttribute("aria-busy"));
    return () => controller.abort();
  }, [src]);
  if (draw) {
    return (
      <div className="place-map-slot" data-drawn={src}>
        {draw()}
      </div>
    );
  }
  return <div ref={slot} className="place-map-slot" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
