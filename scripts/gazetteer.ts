/**
 * `tsx scripts/gazetteer.ts <folder> [migration.sql]`: writes the places of Syria's gazetteer into the repository (decision 094).
 * `<folder>` holds Who's On First's Syria data as `places.tsv` and `governorates.geojson` (their source, licences and
 * coverage: docs/decisions/094-places-from-a-gazetteer.md). It writes:
 *
 * - the migration that loads the gazetteer (its path the second argument, when given), one row per place people may
 *   live in (every current locality, abandoned places `PPLQ` left out, and the governorates' records);
 * - `app/platform/db/seed/data/place-points.ts`: which record gives each of the seed's governorates and places its
 *   point, matched here and nowhere else;
 * - `app/platform/db/gazetteer/governorates.json`: the governorates' outlines (read by the map's build step).
 *
 * A seed place's record: the one of its GeoNames id (geography.ts) when the gazetteer has it; else the one of its
 * Arabic name (folded as the word search folds it, with and without the article) or its English name (latinKey)
 * inside its governorate, preferring a record with a GeoNames id, then a seat (PPLA2, PPLA3); else (a city
 * neighbourhood the gazetteer lacks) its city's record, marked as such: the governorate's seat, or the town it is
 * a quarter of (CITY_OF). Prints every match by name with its distance from the governorate's seat, for reading.
 */
import fs from "node:fs";
import path from "node:path";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { governorates as seedGovernorates } from "../app/platform/db/seed/data/geography";
import { latinKey } from "../app/features/search/filter-words.server";
import { searchNormalize } from "../app/features/search/search-words.server";

const folder = process.argv[2];
if (!folder) throw new Error("usage: tsx scripts/gazetteer.ts <folder with places.tsv and governorates.geojson>");

type Outline = Feature<Polygon | MultiPolygon, { wof_id: number; name: string; name_ar: string; geonames_id: number }>;
const outlines = (JSON.parse(fs.readFileSync(path.join(folder, "governorates.geojson"), "utf8")) as FeatureCollection)
  .features as Outline[];

/** An Arabic name as the word search reads it (searchNormalize), without tashkeel or spaces around. */
const arabicKey = (name: string) => searchNormalize(name).replace(/\s+/g, " ").trim();
/** Without the article of each word: الشيخ بدر and شيخ بدر meet. */
const bareArabicKey = (name: string) =>
  arabicKey(name)
    .split(" ")
    .map((w) => w.replace(/^ال(?=..)/, ""))
    .join(" ");
/** A Latin name as latinKey reads it, after dropping accents and the ayn and hamza marks transliterations write. */
const englishKey = (name: string) =>
  latinKey(
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[‘’`'ʿʾ]/g, "")
      .replace(/\bal[-\s]/gi, "")
      .replace(/\bas[-\s]|\bash[-\s]|\bar[-\s]|\bad[-\s]|\bat[-\s]|\baz[-\s]|\ban[-\s]|\bel[-\s]/gi, ""),
  );

// The site's governorates and the outlines are the same 14, by Arabic name.
const outlineOf = new Map<string, Outline>();
for (const g of seedGovernorates) {
  const outline = outlines.find((o) => arabicKey(o.properties.name_ar) === arabicKey(g.name_ar));
  if (!outline) throw new Error(`no outline for ${g.name_en}`);
  outlineOf.set(g.name_en, outline);
}
const byOutlineName = new Map(seedGovernorates.map((g) => [outlineOf.get(g.name_en)!.properties.name, g.name_en]));

/** The distance of two points in km (an equirectangular approximation, good to a few metres at this scale). */
const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((a.lat - b.lat) * 111.2, (a.lon - b.lon) * 111.2 * Math.cos((a.lat * Math.PI) / 180));

/** The governorate whose outline has a vertex nearest `point` ([lon, lat]), if within `limitKm`. */
function nearestOutline(point: [number, number], limitKm: number): string | undefined {
  let best: { name: string; km: number } | undefined;
  for (const [name, o] of outlineOf) {
    const rings = o.geometry.type === "Polygon" ? o.geometry.coordinates : o.geometry.coordinates.flat();
    for (const ring of rings)
      for (const [lon, lat] of ring) {
        const d = km({ lat, lon }, { lat: point[1], lon: point[0] });
        if (d <= limitKm && (!best || d < best.km)) best = { name, km: d };
      }
  }
  return best?.name;
}

type Row = {
  wof: number;
  name_en: string;
  name_ar: string;
  /** GeoNames feature code (PPL, PPLA3…), "region" for a governorate, "" when the record has none */
  feature: string;
  /** the site governorate's English name */
  governorate: string;
  lat: number;
  lon: number;
  geonames: number | null;
  /** where Who's On First took the record from: geonames, quattroshapes, meso… */
  source: string;
};

const rows: Row[] = [];
const lines = fs.readFileSync(path.join(folder, "places.tsv"), "utf8").trim().split("\n").slice(1);
let dropped = 0;
for (const line of lines) {
  const [wof, name, nameAr, type, admin1, lat, lon, geonames, source] = line.split("\t");
  const [placetype, feature = ""] = type.split(":");
  const current = !source.includes("not_current") && !source.includes("deprecated");
  const kept =
    current && ((placetype === "locality" && feature !== "PPLQ") || placetype === "neighbourhood" || placetype === "region");
  // Of the regions, the 14 governorates only (not the UN observer force's zone).
  if (!kept || (placetype === "region" && !outlines.some((o) => o.properties.wof_id === Number(wof)))) continue;
  const point: [number, number] = [Number(lon), Number(lat)];
  // The record's governorate: its own admin1, else the outline its point lies in (918 records name none).
  let governorate = byOutlineName.get(admin1);
  if (!governorate) governorate = [...outlineOf].find(([, o]) => booleanPointInPolygon(point, o))?.[0];
  // A border village just outside its simplified outline (Kassab): the outline of the nearest edge point, within 5 km.
  if (!governorate) governorate = nearestOutline(point, 5);
  if (!governorate) {
    dropped++;
    continue;
  }
  rows.push({
    wof: Number(wof),
    name_en: name.trim(),
    name_ar: (nameAr || "").trim(),
    feature: placetype === "region" ? "region" : placetype === "neighbourhood" ? "neighbourhood" : feature,
    governorate,
    lat: Number(Number(lat).toFixed(5)),
    lon: Number(Number(lon).toFixed(5)),
    geonames: geonames ? Number(geonames) : null,
    source: (source.match(/src:([a-z_]*)/)?.[1] ?? "") || "whosonfirst",
  });
}
console.error(`${rows.length} records kept, ${dropped} outside every governorate`);

/** Two places of one name: the record with a GeoNames id first, then a seat, then the lower Who's On First id. */
const rank = (r: Row) => (r.geonames ? 0 : 2) + (r.feature.startsWith("PPLA") ? 0 : 1);
const best = (list: Row[]) => [...list].sort((a, b) => rank(a) - rank(b) || a.wof - b.wof)[0];
const localities = rows.filter((r) => r.feature !== "region");

/**
 * Places of the seed that are quarters of a town of their own governorate rather than of its seat: the town's
 * English name in the seed. The others the gazetteer lacks are quarters of the governorate's seat.
 */
const CITY_OF: Record<string, Record<string, string>> = {
  "Rif Dimashq": { "Ashrafiyat Sahnaya": "Sahnaya", "Dahiyat Qudsaya": "Qudsaya" },
};

/**
 * Matches by name read by eye and refused: a village elsewhere in the governorate that bears a city quarter's name
 * (Aleppo's Al-Aziziyah is not the village `Aziziyah 93 km away). These quarters take their city's point.
 */
const NOT_THE_PLACE: Record<string, string[]> = {
  Aleppo: ["Al-Aziziyah", "Al-Jamiliyah", "Al-Jdeideh", "Al-Midan"],
  Homs: ["Al-Hamra", "Al-Nuzha", "Al-Zahraa", "Al-Hamidiyah", "Al-Khalidiyah"],
  Hama: ["Al-Sharia", "Al-Arbaeen"],
  "Al-Hasakah": ["Tal Hajar"],
};

type Point = { wof: number; city?: true };
const points: Record<string, { region: number; seat: Point; places: Record<string, Point> }> = {};
const counts = { geonames: 0, name: 0, city: 0 };
for (const g of seedGovernorates) {
  const seatRow = rows.find((r) => r.geonames === g.seat_geonames_id);
  if (!seatRow) throw new Error(`no record of ${g.name_en}'s seat`);
  const own: Record<string, Point> = {};
  const inside = localities.filter((r) => r.governorate === g.name_en);
  const city: string[] = [];
  for (const l of g.locations) {
    let row = l.geonames_id ? best(inside.filter((r) => r.geonames === l.geonames_id)) : undefined;
    if (row) counts.geonames++;
    if (!row) {
      const ar = arabicKey(l.name_ar);
      const bare = bareArabicKey(l.name_ar);
      const en = englishKey(l.name_en.replace(/\s*\(.*\)$/, ""));
      const found = inside.filter(
        (r) =>
          (r.name_ar && (arabicKey(r.name_ar) === ar || bareArabicKey(r.name_ar) === bare)) ||
          (en.length >= 4 && englishKey(r.name_en) === en),
      );
      row = found.length && !NOT_THE_PLACE[g.name_en]?.includes(l.name_en) ? best(found) : undefined;
      if (row) {
        counts.name++;
        console.error(
          `name  ${g.name_en} / ${l.name_en} (${l.name_ar}) = ${row.wof} ${row.name_en} (${row.name_ar}) ${row.feature}, ` +
            `${km(row, seatRow).toFixed(1)} km from the seat, ${found.length} candidates`,
        );
      }
    }
    if (row) own[l.name_en] = { wof: row.wof };
    else city.push(l.name_en);
  }
  for (const name of city) {
    const town = CITY_OF[g.name_en]?.[name];
    const wof = town ? own[town]?.wof : seatRow.wof;
    if (!wof) throw new Error(`no city for ${g.name_en} / ${name}`);
    own[name] = { wof, city: true };
    counts.city++;
    console.error(`city  ${g.name_en} / ${name} → ${town ?? "the seat"}`);
  }
  points[g.name_en] = {
    region: outlineOf.get(g.name_en)!.properties.wof_id,
    seat: { wof: seatRow.wof },
    places: Object.fromEntries(g.locations.map((l) => [l.name_en, own[l.name_en]])),
  };
}
console.error(counts);

// The seed's links to the gazetteer.
const header = `/**
 * Which record of the gazetteer (the table \`gazetteer\`, Who's On First's places of Syria; decision 094) gives each
 * governorate and place of geography.ts its point: \`wof\` is the record's Who's On First id. \`city: true\` marks a
 * city neighbourhood the gazetteer lacks: it has its city's point (its maps link opens the city, and its listings'
 * JSON-LD carries no \`geo\` of its own). A governorate's point is its seat's. Written by scripts/gazetteer.ts, which
 * says how each was matched; do not edit by hand. \`region\`: the governorate's own record.
 */
export type PlacePoint = { wof: number; city?: true };

export const placePoints: Record<string, { region: number; seat: PlacePoint; places: Record<string, PlacePoint> }> = `;
fs.writeFileSync("app/platform/db/seed/data/place-points.ts", `${header}${JSON.stringify(points, null, 2)};\n`);

// The migration: the gazetteer's rows as one dollar-quoted text of tab-separated lines that SQL splits (a third
// smaller than a VALUES list), then the links of the places a database seeded before already has.
const sqlText = (text: string) => text.replace(/[\t\n$\\]/g, " ");
const regionOf = new Map(seedGovernorates.map((g) => [g.name_en, outlineOf.get(g.name_en)!.properties.wof_id]));
const data = rows
  .map((r) =>
    [
      r.wof,
      regionOf.get(r.governorate),
      sqlText(r.name_en),
      sqlText(r.name_ar),
      r.feature,
      r.lat,
      r.lon,
      r.geonames ?? "",
      r.source,
    ].join("\t"),
  )
  .join("\n");
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const links = seedGovernorates.flatMap((g) =>
  g.locations.map((l) => {
    const p = points[g.name_en].places[l.name_en];
    return `  (${quote(g.name_en)}, ${quote(l.name_en)}, ${p.city ? "NULL" : p.wof}, ${p.city ? p.wof : "NULL"})`;
  }),
);
const seats = seedGovernorates.map((g) => `  (${quote(g.name_en)}, ${regionOf.get(g.name_en)}, ${points[g.name_en].seat.wof})`);
const migration = `-- Decision 094 (docs/decisions/094-places-from-a-gazetteer.md): every place's point from a gazetteer, Who's On
-- First's places of Syria (CC0, with GeoNames data, CC BY 4.0). Written by scripts/gazetteer.ts; do not edit.
-- The table gazetteer holds every current locality of the data (abandoned places, PPLQ, left out) and the 14
-- governorates' records, each with its governorate (the Who's On First id of its governorate's record), names,
-- GeoNames feature code, point (degrees, WGS 84) and source. A governorate names its record (wof_id) and its seat's
-- (seat_wof_id), whose point it takes; a place names its own record (wof_id), or, a city neighbourhood the
-- gazetteer lacks, its city's (city_wof_id): the point is then the city's, marked as such. place_points() copies
-- the points into latitude and longitude, and clears every point no record gives (none is typed by hand).
CREATE TABLE "gazetteer" (
  "wof_id" bigint PRIMARY KEY,
  "governorate_wof_id" bigint NOT NULL,
  "name_en" text NOT NULL,
  "name_ar" text,
  "feature_code" text,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL,
  "geonames_id" integer,
  "source" text NOT NULL
);--> statement-breakpoint
INSERT INTO "gazetteer"
SELECT f[1]::bigint, f[2]::bigint, f[3], nullif(f[4], ''), nullif(f[5], ''), f[6]::double precision,
  f[7]::double precision, nullif(f[8], '')::integer, f[9]
FROM (SELECT string_to_array(line, E'\\t') AS f FROM regexp_split_to_table($gazetteer$${data}$gazetteer$, E'\\n') AS line) AS rows;--> statement-breakpoint
ALTER TABLE "governorates" ADD COLUMN "wof_id" bigint REFERENCES "gazetteer"("wof_id");--> statement-breakpoint
ALTER TABLE "governorates" ADD COLUMN "seat_wof_id" bigint REFERENCES "gazetteer"("wof_id");--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "wof_id" bigint REFERENCES "gazetteer"("wof_id");--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city_wof_id" bigint REFERENCES "gazetteer"("wof_id");--> statement-breakpoint
CREATE FUNCTION "place_points"() RETURNS void LANGUAGE sql AS $$
  UPDATE "governorates" AS g SET "latitude" = z."latitude", "longitude" = z."longitude"
  FROM "gazetteer" AS z WHERE z."wof_id" = g."seat_wof_id";
  UPDATE "governorates" SET "latitude" = NULL, "longitude" = NULL WHERE "seat_wof_id" IS NULL;
  UPDATE "locations" AS l SET "latitude" = z."latitude", "longitude" = z."longitude"
  FROM "gazetteer" AS z WHERE z."wof_id" = coalesce(l."wof_id", l."city_wof_id");
  UPDATE "locations" SET "latitude" = NULL, "longitude" = NULL WHERE "wof_id" IS NULL AND "city_wof_id" IS NULL;
$$;--> statement-breakpoint
UPDATE "governorates" AS g SET "wof_id" = v.wof_id, "seat_wof_id" = v.seat_wof_id
FROM (VALUES
${seats.join(",\n")}
) AS v(name_en, wof_id, seat_wof_id)
WHERE g."name_en" = v.name_en;--> statement-breakpoint
UPDATE "locations" AS l SET "wof_id" = v.wof_id, "city_wof_id" = v.city_wof_id
FROM "governorates" AS g, (VALUES
${links.join(",\n")}
) AS v(governorate_en, name_en, wof_id, city_wof_id)
WHERE l."governorate_id" = g."id" AND g."name_en" = v.governorate_en AND l."name_en" = v.name_en;--> statement-breakpoint
SELECT "place_points"();
`;
const migrationPath = process.argv[3];
if (migrationPath) fs.writeFileSync(migrationPath, migration);

// The outlines, with the site's governorate names, for the map.
const map = {
  type: "FeatureCollection",
  features: seedGovernorates.map((g) => {
    const o = outlineOf.get(g.name_en)!;
    return { type: "Feature", properties: { governorate: g.name_en }, geometry: o.geometry };
  }),
};
fs.writeFileSync("app/platform/db/gazetteer/governorates.json", JSON.stringify(map));
