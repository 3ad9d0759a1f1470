/**
 * Writes app/features/places/map-outlines.ts, the governorates' outlines of the site's SVG maps (decision 095), from
 * the data's governorates.geojson (Who's On First's Mesoshapes, CC0; the folder of decision 094):
 *
 *   npx tsx scripts/map-outlines.ts ../shared/data/syria-places
 *
 * Each point is projected first (equirectangular, scaled by the cosine of Syria's middle latitude, MAP_SCALE units a
 * kilometre), then the outlines become one TopoJSON topology (topojson-server), so that two governorates share the
 * arcs of their border, and topojson-simplify drops the points whose triangle (Visvalingam's effective area) is under
 * MIN_AREA square units: the shared borders are simplified once, and no gap or overlap opens between neighbours. The
 * rings are written as SVG paths of whole units with relative moves, each with its label's point (the centroid of its
 * largest ring).
 */
import fs from "node:fs";
import path from "node:path";
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { topology } from "topojson-server";
import { presimplify, simplify } from "topojson-simplify";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { MAP_BOUNDS, MAP_SCALE, projectPoint } from "../app/features/places/map-projection";

const folder = process.argv[2];
if (!folder) throw new Error("usage: tsx scripts/map-outlines.ts <folder with governorates.geojson>");
/** Visvalingam's effective area under which a point goes, in square map units (a unit is 1/MAP_SCALE km). */
const MIN_AREA = Number(process.env.MIN_AREA ?? 40);

type Props = { wof_id: number; name: string; name_ar: string };
const source = JSON.parse(fs.readFileSync(path.join(folder, "governorates.geojson"), "utf8")) as FeatureCollection<
  Polygon | MultiPolygon,
  Props
>;

const projectRing = (ring: Position[]) => ring.map(([lon, lat]) => projectPoint(lat, lon));
const projected: FeatureCollection<Polygon | MultiPolygon, Props> = {
  type: "FeatureCollection",
  features: source.features.map((f) => ({
    ...f,
    geometry:
      f.geometry.type === "Polygon"
        ? { type: "Polygon", coordinates: f.geometry.coordinates.map(projectRing) }
        : { type: "MultiPolygon", coordinates: f.geometry.coordinates.map((p) => p.map(projectRing)) },
  })),
};

const topo = topology({ governorates: projected }) as unknown as Topology<{ governorates: GeometryCollection<Props> }>;
const simple = simplify(presimplify(topo), MIN_AREA) as typeof topo;
const outlines = feature(simple, simple.objects.governorates) as FeatureCollection<Polygon | MultiPolygon, Props>;

/** A ring's signed area and centroid (the shoelace formula). */
function ringCentroid(ring: number[][]): { area: number; x: number; y: number } {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[i + 1];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  area /= 2;
  return { area, x: x / (6 * area), y: y / (6 * area) };
}

/** A ring as an SVG path: whole units, relative moves, repeated points dropped; "" when fewer than three are left. */
function ringPath(ring: Position[]): string {
  const points: number[][] = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x), Math.round(y)];
    const last = points.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
  }
  if (points.length > 1 && points[0][0] === points.at(-1)![0] && points[0][1] === points.at(-1)![1]) points.pop();
  if (points.length < 3) return "";
  const moves = points.slice(1).map((p, i) => `${p[0] - points[i][0]} ${p[1] - points[i][1]}`);
  return `M${points[0][0]} ${points[0][1]}l${moves.join(" ")}z`.replace(/ -/g, "-");
}

const rows = outlines.features.map((f: Feature<Polygon | MultiPolygon, Props>) => {
  const polygons = f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates;
  const d = polygons.flatMap((p) => p.map(ringPath)).join("");
  const largest = polygons.map((p) => ringCentroid(p[0])).sort((a, b) => Math.abs(b.area) - Math.abs(a.area))[0];
  return { wof_id: f.properties.wof_id, d, label: [Math.round(largest.x), Math.round(largest.y)] as [number, number] };
});

const out = `// Written by scripts/map-outlines.ts from Who's On First's governorate outlines (Mesoshapes, CC0; decision 095),
// simplified by topojson-simplify (Visvalingam, effective area under ${MIN_AREA} square units dropped): do not edit.
import type { Outline } from "./map-projection";

/** The 14 governorates' outlines in map units (map-projection.ts), by their gazetteer record (governorates.wof_id). */
export const OUTLINES: readonly Outline[] = ${JSON.stringify(rows, null, 2)};
`;
fs.writeFileSync("app/features/places/map-outlines.ts", out);
const bytes = rows.reduce((n, r) => n + r.d.length, 0);
console.log(
  `${rows.length} outlines, ${bytes} characters of paths (MIN_AREA ${MIN_AREA}, scale ${MAP_SCALE}/km, bounds ${JSON.stringify(MAP_BOUNDS)})`,
);
