import type { GeoPoint } from "~/features/places/lookups.server";

/** Zoom level of the OpenStreetMap link: a neighbourhood or a small town fills a phone's screen. */
const OSM_ZOOM = 15;

/**
 * The links that show `point` (degrees, WGS 84) on a map (decision 059): `geo`, the `geo:` URI (RFC 5870) that a
 * phone hands to its maps app, with `label` as the pin's name in the `q=lat,lon(label)` form Android's maps apps
 * read; `osm`, the same point on openstreetmap.org, for desktops and phones without a maps app.
 */
export function mapLinks(point: GeoPoint, label: string): { geo: string; osm: string } {
  const at = `${point.latitude},${point.longitude}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(label)})`,
    osm: `https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=${OSM_ZOOM}/${point.latitude}/${point.longitude}`,
  };
}
