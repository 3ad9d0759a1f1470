/**
 * The projection of the site's maps (decision 095): equirectangular, east-west distances scaled by the cosine of
 * Syria's middle latitude (34.8°), so that a kilometre is MAP_SCALE units either way within a few per cent across the
 * country; x grows eastward from MAP_BOUNDS.west, y southward from MAP_BOUNDS.north. scripts/map-outlines.ts projects
 * the outlines with it at build time, the pages their places' points.
 */

/** Syria's bounding box in degrees (WGS 84) with a little room: the maps' edges. */
export const MAP_BOUNDS = { west: 35.6, east: 42.5, south: 32.25, north: 37.4 } as const;
/** Map units per kilometre. */
export const MAP_SCALE = 1;
const KM_PER_DEGREE = 111.2;
const COS_MIDDLE = Math.cos((34.8 * Math.PI) / 180);

/** A point's map units [x, y] from its latitude and longitude in degrees (not rounded). */
export function projectPoint(latitude: number, longitude: number): [number, number] {
  return [
    (longitude - MAP_BOUNDS.west) * KM_PER_DEGREE * COS_MIDDLE * MAP_SCALE,
    (MAP_BOUNDS.north - latitude) * KM_PER_DEGREE * MAP_SCALE,
  ];
}

/** The latitude and longitude in degrees [latitude, longitude] of map units x and y: projectPoint's inverse. */
export function unprojectPoint(x: number, y: number): [number, number] {
  return [MAP_BOUNDS.north - y / (KM_PER_DEGREE * MAP_SCALE), MAP_BOUNDS.west + x / (KM_PER_DEGREE * COS_MIDDLE * MAP_SCALE)];
}

/** Kilometres along a parallel per degree of longitude in the middle of the map (the projection's east-west scale). */
export const KM_PER_DEGREE_EAST = KM_PER_DEGREE * COS_MIDDLE;

/** The whole map's size in units: [width, height]. */
export const MAP_SIZE: readonly [number, number] = (() => {
  const [width, height] = projectPoint(MAP_BOUNDS.south, MAP_BOUNDS.east);
  return [Math.ceil(width), Math.ceil(height)];
})();

/** One governorate's outline: its gazetteer record, its SVG path in map units, and its label's point. */
export type Outline = { wof_id: number; d: string; label: readonly [number, number] };
