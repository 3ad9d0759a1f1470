import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { cachedQuery } from "~/platform/cache/query-cache.server";
import { publicEstate } from "~/features/listings/public-estate.server";
import { nameOf, type Lookups } from "~/features/places/lookups.server";
import type { MapData } from "~/features/places/PlaceMap";
import type { Scope } from "./estate-filter.server";
import { SCOPE_PARAM } from "./search-scope";

/** The most places a governorate's map draws (those with the most listings): the page's bytes stay bounded. */
const MAX_DOTS = 80;

/** Public listings by governorate id, kept as search results are (cachedQuery, decision 033). */
function countsByGovernorate(db: Db): Promise<Map<number, number>> {
  return cachedQuery("map governorates", async () => {
    const rows = await db
      .select({ id: s.estates.governorate_id, n: count() })
      .from(s.estates)
      .where(publicEstate())
      .groupBy(s.estates.governorate_id);
    return new Map(rows.filter((r) => r.id !== null).map((r) => [r.id!, r.n]));
  });
}

/** Public listings by place in one governorate, with the place's point (degrees); the most first. */
function countsByPlace(db: Db, governorateId: number) {
  return cachedQuery(`map places ${governorateId}`, () =>
    db
      .select({ id: s.estates.location_id, n: count(), latitude: s.locations.latitude, longitude: s.locations.longitude })
      .from(s.estates)
      .innerJoin(s.locations, eq(s.locations.id, s.estates.location_id))
      .where(and(publicEstate(), eq(s.estates.governorate_id, governorateId)))
      .groupBy(s.estates.location_id, s.locations.latitude, s.locations.longitude)
      .orderBy(sql`count(*) desc`, s.estates.location_id)
      .limit(MAX_DOTS),
  );
}

/**
 * The SVG map's data (decision 095): every governorate with its count of public listings and the address of its
 * search (`governorateHref`), and, when `focus` names a governorate, its places with listings (at most 80, the most
 * first; a place without a point is left out) as dots with their counts and the addresses of their searches
 * (`placeHref`). Names in `locale`. Counts are kept a minute at most, as search results are.
 */
export async function mapData(
  db: Db,
  lookups: Lookups,
  locale: Locale,
  options: {
    focus?: number;
    governorateHref: (id: number) => string;
    placeHref: (id: number) => string;
  },
): Promise<MapData> {
  const counts = await countsByGovernorate(db);
  const governorates = lookups.governorates
    .filter((g) => g.wof_id !== null)
    .map((g) => ({
      id: g.id,
      wof_id: g.wof_id!,
      name: nameOf(g, locale)!,
      count: counts.get(g.id) ?? 0,
      href: options.governorateHref(g.id),
    }));
  const focus = governorates.find((g) => g.id === options.focus);
  if (!focus) return { governorates, focus: null, places: [] };
  const rows = await countsByPlace(db, focus.id);
  const places = rows
    .filter((r) => r.latitude !== null && r.longitude !== null)
    .map((r) => ({
      id: r.id,
      name: nameOf(lookups.locationById.get(r.id)?.location, locale) ?? "",
      count: r.n,
      latitude: r.latitude!,
      longitude: r.longitude!,
      href: options.placeHref(r.id),
    }));
  return { governorates, focus: focus.id, places };
}

/**
 * The address of a results page's map drawn alone (/map-figure/:lang, decision 101): the language, then the query of
 * the search `url` as the page has it (a results page's address after its typed words; without `page`, which the map
 * does not read, so that the map's links are the page's own) with its page's `scope` when not /estates
 * (`scope=rent|vacation`, as /map.json reads it). The home page's map is that of `/estates?is_simple=0`, every
 * governorate. It is also the key of the map the page shows (PlaceMap).
 */
export function mapFigureAddress(url: URL, scope: Scope, locale: Locale): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("page");
  params.delete(SCOPE_PARAM);
  if (scope !== "all") params.set(SCOPE_PARAM, scope);
  return `/map-figure/${locale}?${params}`;
}

/**
 * Hands the map's `data` to the render of the document (app/entry.server.tsx draws it from the load context) and
 * returns `src`, the map's address (mapFigureAddress), for the loader's data: the map's data never goes into the
 * loader's JSON, which the browser does not need, and a navigation without a new document fetches `src` (decision
 * 101). Without a load context (a loader called by a test), the document draws no map until the browser fetches it.
 */
export function mapForDocument(context: AppLoadContext | undefined, data: MapData, src: string): string {
  if (context) context.placeMap = data;
  return src;
}
