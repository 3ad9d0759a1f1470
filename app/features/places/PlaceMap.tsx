import { createContext, useContext, type ReactElement } from "react";

/** A governorate on the map: its count of public listings and the address of its search. */
export type MapGovernorate = { id: number; wof_id: number; name: string; count: number; href: string };
/** A place with listings inside the governorate shown (point in degrees, WGS 84). */
export type MapPlace = { id: number; name: string; count: number; latitude: number; longitude: number; href: string };
/** What the map shows: every governorate, and the places of `focus` (a governorate id) when one is chosen. */
export type MapData = { governorates: MapGovernorate[]; focus: number | null; places: MapPlace[] };
/**
 * The map's drawing, given on the server only (app/entry.server.tsx provides PlaceMapSvg from PlaceMapSvg.server.tsx):
 * the outlines and their drawing stay out of the browser's JavaScript, which keeps the pages' 90 KB budget
 * (decision 095). The map needs no script: its areas are links.
 */
export const MapRendererContext = createContext<((props: { data: MapData; title: string }) => ReactElement) | null>(null);

/**
 * The map of the governorates (and of the places of `data.focus`), as the server drew it. In the browser the element
 * keeps the server's markup: React does not write an element's inner HTML while hydrating, and the empty string
 * never changes, so it never writes it afterwards either.
 */
export function PlaceMap(props: { data: MapData; title: string }) {
  const draw = useContext(MapRendererContext);
  if (draw) return <div className="place-map-slot">{draw(props)}</div>;
  return <div className="place-map-slot" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
