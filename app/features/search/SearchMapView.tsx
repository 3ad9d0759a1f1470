import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import Supercluster from "supercluster";
import { useT } from "~/platform/i18n/use-t";
import { formatNumber } from "~/features/listings/format";
import { OUTLINES } from "~/features/places/map-outlines";
import { KM_PER_DEGREE_EAST, MAP_SIZE, projectPoint, unprojectPoint } from "~/features/places/map-projection";
import type { MapPoint, SearchMap } from "./search-map.server";

/*
 * The results' map with JavaScript (decision 095): loaded by a dynamic import when the visitor opens it, so that
 * neither its code, supercluster's nor the outlines weigh on any page's first scripts. Pan and zoom are the SVG's
 * viewBox moved by pointer, wheel, pinch and buttons: no tiles, nothing from another site.
 */

type View = { x: number; y: number; w: number };
type PlaceProps = { id: number; name: string; count: number; href: string };
type Totals = { count: number };

/** supercluster's world width in pixels at zoom 0 (its tile extent, 512 by default). */
const WORLD_PX = 512;
/** Cluster radius in screen pixels: dots closer than this merge. */
const RADIUS_PX = 44;
/** The narrowest view, in map units (kilometres): a town and its fields. */
const MIN_WIDTH = 6;
const HEIGHT_RATIO = MAP_SIZE[1] / MAP_SIZE[0];
const WHOLE: View = { x: 0, y: 0, w: MAP_SIZE[0] };
const outlineOf = new Map(OUTLINES.map((o) => [o.wof_id, o]));

/** A view kept within the map: at most the whole map wide, at least MIN_WIDTH, its centre on the map. */
function clamp(view: View): View {
  const w = Math.min(MAP_SIZE[0], Math.max(MIN_WIDTH, view.w));
  const h = w * HEIGHT_RATIO;
  const cx = Math.min(MAP_SIZE[0], Math.max(0, view.x + view.w / 2));
  const cy = Math.min(MAP_SIZE[1], Math.max(0, view.y + (view.w * HEIGHT_RATIO) / 2));
  return { x: cx - w / 2, y: cy - h / 2, w };
}

/** The view `factor` times narrower (a zoom in for factor > 1), around map point (ux, uy) which stays where it is. */
function zoomAround(view: View, factor: number, ux: number, uy: number): View {
  const w = Math.min(MAP_SIZE[0], Math.max(MIN_WIDTH, view.w / factor));
  const k = w / view.w;
  return clamp({ x: ux - (ux - view.x) * k, y: uy - (uy - view.y) * k, w });
}

/** supercluster's zoom for a view `viewWidth` map units wide drawn `pixels` wide on screen. */
function zoomOf(viewWidth: number, pixels: number): number {
  return Math.log2(((pixels / viewWidth) * KM_PER_DEGREE_EAST * 360) / WORLD_PX);
}

/** The view width at which supercluster's `zoom` is reached on a map `pixels` wide: zoomOf's inverse. */
function widthAt(zoom: number, pixels: number): number {
  return (pixels * KM_PER_DEGREE_EAST * 360) / (WORLD_PX * 2 ** zoom);
}

/**
 * The interactive map of a search's listings: `query` is the results page's query string (its search), `scope` its
 * page (rent, vacation) when not /estates. Loads /map.json once (the places and the governorates' links), clusters its places with supercluster (counts summed), and draws the clusters of the view: a
 * cluster zooms in to where it splits, a place is a link to the search there. Texts from locales (places.map.*).
 */
export function SearchMapView({ query, scope }: { query: string; scope: "all" | "rent" | "vacation" }) {
  const { t, lang } = useT();
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const [answer, setAnswer] = useState<SearchMap | "failed" | null>(null);
  const [view, setView] = useState<View>(WHOLE);
  const [pixels, setPixels] = useState(640);
  /** The places of a cluster that no zoom splits (city quarters that share their city's point, decision 094). */
  const [together, setTogether] = useState<PlaceProps[] | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(query);
    params.delete("page");
    if (scope !== "all") params.set("scope", scope);
    if (lang === "en") params.set("lang", "en");
    else params.delete("lang");
    const controller = new AbortController();
    fetch(`/map.json?${params}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<SearchMap>) : Promise.reject(new Error(String(res.status)))))
      .then((body) => {
        setAnswer(body);
        const first = body.places[0];
        if (body.places.length && body.places.every((p) => Math.abs(p.lat - first.lat) + Math.abs(p.lon - first.lon) < 0.5)) {
          // One town: open on it rather than on the whole country.
          const [x, y] = projectPoint(first.lat, first.lon);
          setView(clamp({ x: x - 20, y: y - 20 * HEIGHT_RATIO, w: 40 }));
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer("failed");
      });
    return () => controller.abort();
  }, [query, scope, lang]);

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => setPixels(element.getBoundingClientRect().width || 640);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // A wheel over the map zooms it instead of scrolling the page: a listener that may cancel the scroll.
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const [ux, uy] = toUnits(element, event.clientX, event.clientY);
      setView((v) => zoomAround(v, event.deltaY < 0 ? 1.25 : 0.8, ux, uy));
    };
    element.addEventListener("wheel", wheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener("wheel", wheel);
    };
  }, []);

  const index = useMemo(() => {
    if (!answer || answer === "failed") return null;
    const cluster = new Supercluster<PlaceProps, Totals>({
      radius: RADIUS_PX,
      // Deeper than any view reaches (MIN_WIDTH): past it supercluster would give places that share a point apart.
      maxZoom: 16,
      map: (p) => ({ count: p.count }),
      reduce: (sum, p) => {
        sum.count += p.count;
      },
    });
    cluster.load(
      answer.places.map((p: MapPoint) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [p.lon, p.lat] },
        properties: { id: p.id, name: p.name, count: p.count, href: p.href },
      })),
    );
    return cluster;
  }, [answer]);

  const zoom = zoomOf(view.w, pixels);
  const features = useMemo(() => {
    if (!index) return [];
    const [north, west] = unprojectPoint(view.x, view.y);
    const [south, east] = unprojectPoint(view.x + view.w, view.y + view.w * HEIGHT_RATIO);
    return index.getClusters([west, south, east, north], Math.max(0, Math.floor(zoom)));
  }, [index, view, zoom]);

  const zoomBy = useCallback((factor: number) => {
    setView((v) => zoomAround(v, factor, v.x + v.w / 2, v.y + (v.w * HEIGHT_RATIO) / 2));
  }, []);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const before = pointers.current.get(event.pointerId);
    const element = svg.current;
    if (!before || !element) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!dragged.current && Math.hypot(now.x - before.x, now.y - before.y) < 4) return;
    if (!dragged.current) element.setPointerCapture(event.pointerId);
    dragged.current = true;
    const others = [...pointers.current.entries()].filter(([key]) => key !== event.pointerId);
    const perPixel = view.w / (element.getBoundingClientRect().width || pixels);
    if (others.length === 1) {
      // Two fingers: the change of their distance zooms around their middle.
      const other = others[0][1];
      const factor =
        Math.hypot(now.x - other.x, now.y - other.y) / Math.max(1, Math.hypot(before.x - other.x, before.y - other.y));
      const [ux, uy] = toUnits(element, (now.x + other.x) / 2, (now.y + other.y) / 2);
      setView((v) => zoomAround(v, factor, ux, uy));
    } else {
      setView((v) => clamp({ ...v, x: v.x - (now.x - before.x) * perPixel, y: v.y - (now.y - before.y) * perPixel }));
    }
    pointers.current.set(event.pointerId, now);
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  };
  // A drag is not a click on what it started over.
  const onClickCapture = (event: { preventDefault(): void; stopPropagation(): void }) => {
    if (!dragged.current) return;
    event.preventDefault();
    event.stopPropagation();
    dragged.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = view.w / 8;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setView((v) => clamp({ ...v, x: v.x + move[0], y: v.y + move[1] }));
    } else if (event.key === "+" || event.key === "=") zoomBy(1.5);
    else if (event.key === "-") zoomBy(1 / 1.5);
  };

  // A cluster opens by zooming to where it splits; one that splits only past the deepest zoom (places that share one
  // point) lists its places under the map instead.
  const openCluster = (clusterId: number, lat: number, lon: number) => {
    if (!index) return;
    const target = index.getClusterExpansionZoom(clusterId);
    if (target > zoomOf(MIN_WIDTH, pixels)) {
      setTogether(
        index
          .getLeaves(clusterId, Infinity)
          .map((leaf) => leaf.properties)
          .sort((a, b) => b.count - a.count),
      );
      return;
    }
    setTogether(null);
    const w = widthAt(target + 0.2, pixels);
    const [x, y] = projectPoint(lat, lon);
    setView(clamp({ x: x - w / 2, y: y - (w * HEIGHT_RATIO) / 2, w }));
  };

  const unit = view.w / 100;
  const height = view.w * HEIGHT_RATIO;
  const places = answer && answer !== "failed" ? answer.places : [];
  const governorates = answer && answer !== "failed" ? answer.governorates : [];
  const total = places.reduce((sum, p) => sum + p.count, 0);
  const most = Math.max(1, ...features.map((f) => (f.properties as Totals).count));
  return (
    <figure className="search-map" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="place-map-title">
        {t("places.map.interactiveTitle")}
      </figcaption>
      <div className="search-map-tools">
        <button type="button" className="button" onClick={() => zoomBy(1.5)} aria-label={t("places.map.zoomIn")}>
          +
        </button>
        <button type="button" className="button" onClick={() => zoomBy(1 / 1.5)} aria-label={t("places.map.zoomOut")}>
          −
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setView(WHOLE);
            setTogether(null);
          }}
        >
          {t("places.map.whole")}
        </button>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t("places.map.hint")}
      </p>
      <p role="status" className="search-map-status">
        {answer === null
          ? t("places.map.loading")
          : answer === "failed"
            ? t("places.map.failed")
            : answer.cut
              ? t("places.map.cut")
              : t("places.map.summary", { formatted: formatNumber(total), places: formatNumber(places.length) })}
        {answer && answer !== "failed" && answer.more ? ` ${t("places.map.more", { count: formatNumber(places.length) })}` : null}
      </p>
      {/* The drawing takes the focus and the arrow keys (it moves), the pointer (drag, pinch) and clicks within it. */}
      <svg
        ref={svg}
        viewBox={[view.x, view.y, view.w, height].map((n) => n.toFixed(2)).join(" ")}
        className="place-map-svg search-map-svg"
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClickCapture={onClickCapture}
        onKeyDown={onKeyDown}
      >
        {governorates.map((g) => {
          const outline = outlineOf.get(g.wof_id);
          return outline ? (
            <Link key={g.id} to={g.href} aria-label={g.name}>
              <path d={outline.d} strokeWidth={unit / 4} />
            </Link>
          ) : null;
        })}
        {features.map((f) => {
          const [lon, lat] = f.geometry.coordinates;
          const [x, y] = projectPoint(lat, lon);
          const props = f.properties as PlaceProps | (Totals & { cluster: true; cluster_id: number; point_count: number });
          const r = unit * (1.6 + 2.4 * Math.sqrt(props.count / most));
          if ("cluster" in props) {
            const label = t("places.map.cluster", {
              formatted: formatNumber(props.count),
              places: formatNumber(props.point_count),
            });
            return (
              // An SVG drawing has no button element: the group is one, by its role, focus and keys.
              <g
                key={`c${props.cluster_id}`}
                className="cluster"
                role="button"
                tabIndex={0}
                aria-label={label}
                onClick={() => openCluster(props.cluster_id, lat, lon)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    event.stopPropagation();
                    openCluster(props.cluster_id, lat, lon);
                  }
                }}
              >
                <circle cx={x} cy={y} r={r} />
                <text x={x} y={y} dy="0.35em" fontSize={unit * 2.4} aria-hidden="true">
                  {formatNumber(props.count)}
                </text>
              </g>
            );
          }
          return (
            <Link
              key={props.id}
              to={props.href}
              className="dot"
              aria-label={t("places.map.count", { name: props.name, count: props.count })}
            >
              <circle cx={x} cy={y} r={r} />
              <text x={x} y={y - r - unit} fontSize={unit * 2.4} aria-hidden="true">
                {props.name}
              </text>
            </Link>
          );
        })}
      </svg>
      {together ? (
        <ul className="place-map-list" aria-label={t("places.map.together")}>
          {together.map((p) => (
            <li key={p.id}>
              <Link to={p.href}>{p.name}</Link> <span className="place-map-count">({formatNumber(p.count)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

/** Map units [x, y] under the screen point (clientX, clientY) of `element`'s drawing. */
function toUnits(element: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const matrix = element.getScreenCTM();
  if (!matrix) return [0, 0];
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return [point.x, point.y];
}
