import { useId } from "react";
import { useT } from "~/platform/i18n/use-t";
import { OUTLINES } from "./map-outlines";
import { MAP_SIZE, projectPoint, type Outline } from "./map-projection";
import type { MapData } from "./PlaceMap";

const outlineOf = new Map<number, Outline>(OUTLINES.map((o) => [o.wof_id, o]));
const boxes = new Map<number, [number, number, number, number]>();

/** An outline's bounding box [minX, minY, maxX, maxY], read from its path of relative moves (made once). */
function boxOf(outline: Outline): [number, number, number, number] {
  const known = boxes.get(outline.wof_id);
  if (known) return known;
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of outline.d.split("z").filter(Boolean)) {
    const [start, moves = ""] = ring.slice(1).split("l");
    let [x, y] = start.split(" ").map(Number);
    const numbers = moves.match(/-?\d+/g)?.map(Number) ?? [];
    for (let i = -2; i < numbers.length; i += 2) {
      if (i >= 0) {
        x += numbers[i];
        y += numbers[i + 1];
      }
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  boxes.set(outline.wof_id, box);
  return box;
}

/** A number with one decimal at most, as the SVG's attributes need. */
const short = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The SVG map of listings (decision 095), drawn by the server and working without a script: every governorate is a
 * link to its search, named with its count; inside the focused governorate (the search's), its places with listings
 * are dots sized by their count, each a link too. The same links follow as a list, the map's text alternative. Its
 * title names the focused governorate ("Listings in Damascus"), else the country's ("Listings by governorate"). Plain
 * links (not Remix's): the drawing is rendered outside the page's router too, by /map-figure (decision 101), and the
 * browser never hydrates it.
 */
export function PlaceMapSvg({ data }: { data: MapData }) {
  const { t } = useT();
  const id = useId();
  const focus = data.governorates.find((g) => g.id === data.focus);
  const title = focus ? t("places.map.titleIn", { name: focus.name }) : t("places.map.title");
  const focusOutline = focus ? outlineOf.get(focus.wof_id) : undefined;
  let view = [0, 0, MAP_SIZE[0], MAP_SIZE[1]];
  if (focusOutline) {
    const [x0, y0, x1, y1] = boxOf(focusOutline);
    const side = Math.max(x1 - x0, y1 - y0) * 1.1 + 4;
    view = [(x0 + x1) / 2 - side / 2, (y0 + y1) / 2 - side / 2, side, side];
  }
  // Sizes in map units that look the same whatever the zoom: a share of the view's width.
  const unit = view[2] / 100;
  const most = Math.max(1, ...data.places.map((p) => p.count));
  const labelled = new Set(data.places.slice(0, 8).map((p) => p.id));
  const counted = (name: string, count: number) => t("places.map.count", { name, count });
  return (
    <figure className="place-map" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="place-map-title">
        {title}
      </figcaption>
      <svg viewBox={view.map(short).join(" ")} className="place-map-svg" aria-labelledby={`${id}-title`}>
        {data.governorates.map((g) => {
          const outline = outlineOf.get(g.wof_id);
          if (!outline) return null;
          return (
            <a key={g.id} href={g.href} aria-label={counted(g.name, g.count)} className={g.id === data.focus ? "on" : undefined}>
              <path d={outline.d} strokeWidth={short(unit / 4)} />
            </a>
          );
        })}
        {focus
          ? data.places.map((p) => {
              const [x, y] = projectPoint(p.latitude, p.longitude);
              return (
                <a key={p.id} href={p.href} aria-label={counted(p.name, p.count)} className="dot">
                  <circle cx={short(x)} cy={short(y)} r={short(unit * (0.8 + 2.2 * Math.sqrt(p.count / most)))} />
                  {labelled.has(p.id) ? (
                    <text x={short(x)} y={short(y - unit * 3.5)} fontSize={short(unit * 3)} aria-hidden="true">
                      {p.name}
                    </text>
                  ) : null}
                </a>
              );
            })
          : data.governorates.map((g) => {
              const outline = outlineOf.get(g.wof_id);
              if (!outline) return null;
              return (
                <text key={g.id} x={outline.label[0]} y={outline.label[1]} fontSize={short(unit * 2.6)} aria-hidden="true">
                  <tspan x={outline.label[0]}>{g.name}</tspan>
                  <tspan x={outline.label[0]} dy="1.2em">
                    {g.count}
                  </tspan>
                </text>
              );
            })}
      </svg>
      <ul className="place-map-list" aria-label={t("places.map.list")}>
        {(focus ? data.places : data.governorates).map((item) => (
          <li key={item.id}>
            <a href={item.href}>{item.name}</a> <span className="place-map-count">({item.count})</span>
          </li>
        ))}
        {focus ? (
          <li>
            <a href={focus.href}>{t("places.map.wholeGovernorate", { name: focus.name })}</a>{" "}
            <span className="place-map-count">({focus.count})</span>
          </li>
        ) : null}
      </ul>
    </figure>
  );
}
