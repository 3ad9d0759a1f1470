/**
 * A point as the listing page shows it (decision 094): degrees, WGS 84, and `city`, the name (page language) of the
 * city whose point stands for the place, or null when the point is the place's own.
 */
export type MapPoint = { latitude: number; longitude: number; city: string | null };

/** Zoom level of the OpenStreetMap link: a neighbourhood or a small town fills a phone's screen. */
const OSM_ZOOM = 15;
/** Zoom level of a city's point standing for a neighbourhood (decision 094): the whole city, not a street of it. */
const CITY_ZOOM = 12;

/**
 * The links that show `point` (degrees, WGS 84) on a map (decision 059): `geo`, the `geo:` URI (RFC 5870) that a
 * phone hands to its maps app, with `label` as the pin's name in the `q=lat,lon(label)` form Android's maps apps
 * read; `osm`, the same point on openstreetmap.org, for desktops and phones without a maps app. At the precision
 * the point has (decision 094): a city's point standing for one of its neighbourhoods (`point.city`) opens the city,
 * named `point.city`, at a city's zoom and without a pin.
 */
export function mapLinks(point: MapPoint, label: string): { geo: string; osm: string } {
  const at = `${point.latitude},${point.longitude}`;
  if (point.city) {
    return {
      geo: `geo:${at}?z=${CITY_ZOOM}&q=${encodeURIComponent(point.city)}`,
      osm: `https://www.openstreetmap.org/#map=${CITY_ZOOM}/${point.latitude}/${point.longitude}`,
    };
  }
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(label)})`,
    osm: `https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=${OSM_ZOOM}/${point.latitude}/${point.longitude}`,
  };
}
