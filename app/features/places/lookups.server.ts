import { i18nFor } from "~/platform/i18n/i18n.server";
import crypto from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import * as z from "zod/v4";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { fallbackLng, type Locale } from "~/platform/i18n/i18n";
import { EXACT, langParam, parseQuery, textParam } from "~/platform/forms/queries";
import { escapeHtml } from "~/platform/http/html";
import type { PlaceGroup } from "~/features/places/places";

/** A bilingual row of a lookup list. */
export type Named = { id: number; name_ar: string; name_en: string };
/**
 * A price band in new SYP (`min` inclusive, `max` exclusive, null: none) of one offer type (1 sale, 2 rent; null for
 * id 1, any price).
 */
export type PriceDomain = Named & { min: number; max: number | null; estate_offer_type_id: number | null };
/** A place: `from_gazetteer` when the gazetteer adds it (decision 095), chosen through the place finder only. */
export type Place = Named & { from_gazetteer: boolean };
/**
 * A governorate with every place of it (`locations`: what its search covers, some 10,000 in all) and the site's own
 * places among them (`listed`: what the place selects and the lookups API list, 241 in all; decision 095).
 */
export type Governorate = Named & {
  locations: Place[];
  listed: Named[];
  /** Its record in the gazetteer (decision 094), which names its outline on the maps (decision 095). */
  wof_id: number | null;
};
/**
 * A point on the map in degrees, WGS 84 (north, east). `city`: the point is not the place's own but its city's (a
 * city neighbourhood the gazetteer lacks, or a place known only by its governorate's seat; decision 094), named in
 * both languages; null when the point is the place's own.
 */
export type GeoPoint = { latitude: number; longitude: number; city: { name_ar: string; name_en: string } | null };

export type Lookups = {
  estateTypes: Named[];
  offerTypes: Named[];
  ownershipTypes: Named[];
  contractTypes: Named[];
  interiorStatuses: Named[];
  periodTypes: Named[];
  areaUnits: Named[];
  reportReasons: Named[];
  priceDomains: PriceDomain[];
  governorates: Governorate[];
  /** location id → its governorate and itself (every place, the gazetteer's too) */
  locationById: Map<number, { governorate: Named; location: Place }>;
  /**
   * location id → its point, or its city's (marked `city`), or its governorate's seat's (marked too) when it has
   * none; absent when neither has one (decisions 059 and 094)
   */
  pointByLocationId: Map<number, GeoPoint>;
  byId: {
    estateType: Map<number, Named>;
    offerType: Map<number, Named>;
    ownershipType: Map<number, Named>;
    contractType: Map<number, Named>;
    interiorStatus: Map<number, Named>;
    periodType: Map<number, Named>;
    areaUnit: Map<number, Named>;
    priceDomain: Map<number, PriceDomain>;
  };
};

/** The rental periods whose listings are vacation rentals (daily, weekly, seasonal): period_types ids. */
export const VACATION_PERIOD_TYPE_IDS = [1, 2, 4];

/** The offer type of a rent (spec: estate_offer_type_id 1 sale, 2 rent); a rent needs a period (decision 057). */
export const RENT_OFFER_TYPE_ID = 2;

/** The estate type of a shop (estate_types id 4): only a shop has key money (فروغ, decision 093). */
export const SHOP_TYPE_ID = 4;

/**
 * A rent's price per month for one price of each period (period_types id → factor; decision 057): a night × 30, a
 * week × 30/7, a month × 1, a summer season (about three months) ÷ 3, a year ÷ 12. The SQL function price_per_month
 * of migration 0022 uses the same factors to keep estates.price_sort_syp.
 */
export const MONTHLY_FACTOR: Record<number, number> = { 1: 30, 2: 30 / 7, 3: 1, 4: 1 / 3, 5: 1 / 12 };

/**
 * The rental periods whose price per m² is shown and compared with the area's median, per month (decision 057):
 * monthly and yearly rents. A nightly, weekly or seasonal price per m² says little about the place.
 */
export const PER_M2_PERIOD_TYPE_IDS = [3, 5];

const cache = new WeakMap<Db, Promise<Lookups>>();

/**
 * Every lookup list and the places, read once per database handle and kept in memory: they are small and
 * nothing in the site changes them (the back office edits none; a change by hand in the database needs a restart).
 */
export function getLookups(db: Db): Promise<Lookups> {
  let entry = cache.get(db);
  if (!entry) {
    entry = loadLookups(db);
    cache.set(db, entry);
    entry.catch(() => cache.delete(db));
  }
  return entry;
}

async function loadLookups(db: Db): Promise<Lookups> {
  // Every lookup table has the same columns; drizzle types each by its own name, hence the cast.
  const list = (lookupTable: unknown) => {
    const table = lookupTable as typeof s.estate_types;
    return db
      .select({ id: table.id, name_ar: table.name_ar, name_en: table.name_en })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id));
  };
  // One after the other: `db` may be a transaction (the alerts' batch), whose one connection takes one query at a
  // time; pg deprecates a query sent while another runs on the same client. Read once per handle, a few ms.
  const estateTypes = await list(s.estate_types);
  const offerTypes = await list(s.estate_offer_types);
  const ownershipTypes = await list(s.ownership_types);
  const contractTypes = await list(s.contract_types);
  const interiorStatuses = await list(s.interior_statuses);
  const periodTypes = await list(s.period_types);
  const areaUnits = await list(s.area_units);
  const reportReasons = await list(s.report_reasons);
  const priceRows = await db.select().from(s.price_domains).orderBy(asc(s.price_domains.id));
  const priceDomains = priceRows.map((p) => ({ ...p, min: Number(p.min), max: p.max === null ? null : Number(p.max) }));
  const govRows = await db.select().from(s.governorates).orderBy(asc(s.governorates.sort), asc(s.governorates.id));
  const locRows = await db.select().from(s.locations).orderBy(asc(s.locations.id));
  // The cities whose points neighbourhoods and governorates borrow (decision 094): a few dozen records.
  const cityIds = [...new Set([...locRows.map((l) => l.city_wof_id), ...govRows.map((g) => g.seat_wof_id)])].filter(
    (id): id is number => id !== null,
  );
  const cityRows = cityIds.length
    ? await db
        .select({ wof_id: s.gazetteer.wof_id, name_ar: s.gazetteer.name_ar, name_en: s.gazetteer.name_en })
        .from(s.gazetteer)
        .where(inArray(s.gazetteer.wof_id, cityIds))
    : [];
  const cities = new Map(cityRows.map((c) => [c.wof_id, { name_ar: c.name_ar ?? c.name_en, name_en: c.name_en }]));
  const governorates: Governorate[] = govRows.map((g) => {
    const locations = locRows
      .filter((l) => l.governorate_id === g.id)
      .map((l) => ({ id: l.id, name_ar: l.name_ar, name_en: l.name_en, from_gazetteer: l.from_gazetteer }));
    const listed = locations.filter((l) => !l.from_gazetteer).map(({ id, name_ar, name_en }) => ({ id, name_ar, name_en }));
    return { id: g.id, name_ar: g.name_ar, name_en: g.name_en, locations, listed, wof_id: g.wof_id };
  });
  const locationById = new Map<number, { governorate: Named; location: Place }>();
  for (const g of governorates) for (const l of g.locations) locationById.set(l.id, { governorate: g, location: l });
  const pointOf = (r: { latitude: number | null; longitude: number | null }, city: number | null): GeoPoint | null =>
    r.latitude === null || r.longitude === null
      ? null
      : { latitude: r.latitude, longitude: r.longitude, city: city === null ? null : (cities.get(city) ?? null) };
  const govPoints = new Map(govRows.map((g) => [g.id, pointOf(g, g.seat_wof_id)]));
  const pointByLocationId = new Map<number, GeoPoint>();
  for (const l of locRows) {
    const point = pointOf(l, l.city_wof_id) ?? govPoints.get(l.governorate_id);
    if (point) pointByLocationId.set(l.id, point);
  }
  const toMap = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    estateTypes,
    offerTypes,
    ownershipTypes,
    contractTypes,
    interiorStatuses,
    periodTypes,
    areaUnits,
    reportReasons,
    priceDomains,
    governorates,
    locationById,
    pointByLocationId,
    byId: {
      estateType: toMap(estateTypes),
      offerType: toMap(offerTypes),
      ownershipType: toMap(ownershipTypes),
      contractType: toMap(contractTypes),
      interiorStatus: toMap(interiorStatuses),
      periodType: toMap(periodTypes),
      areaUnit: toMap(areaUnits),
      priceDomain: toMap(priceDomains),
    },
  };
}

/** The name of a lookup row in `locale`, or null when there is no row. */
export function nameOf(row: Named | undefined | null, locale: Locale): string | null {
  if (!row) return null;
  return locale === "en" ? row.name_en : row.name_ar;
}

/**
 * Options for the filter selects, in `locale` (plain data for the page). The places are not among them: every place
 * select gets them from `placeList` (app/features/places/places.ts).
 */
export type FilterOptions = {
  estateTypes: { id: number; name: string }[];
  offerTypes: { id: number; name: string }[];
  /** The price bands, each of its offer type (`offerTypeId`; null for id 1, any price). */
  priceDomains: { id: number; name: string; offerTypeId: number | null }[];
};

/** The lists the search filter shows, named in `locale`. */
export function filterOptions(lookups: Lookups, locale: Locale): FilterOptions {
  const named = (rows: Named[]) => rows.map((r) => ({ id: r.id, name: nameOf(r, locale)! }));
  return {
    estateTypes: named(lookups.estateTypes),
    offerTypes: named(lookups.offerTypes),
    priceDomains: lookups.priceDomains.map((r) => ({ id: r.id, name: nameOf(r, locale)!, offerTypeId: r.estate_offer_type_id })),
  };
}

const placeLists = new WeakMap<Lookups, Map<Locale, PlaceList>>();

/** The place list of one language: the groups, their JSON (the `/places.json` file) and its version (a hash of it). */
export type PlaceList = { places: PlaceGroup[]; json: string; version: string };

/**
 * The places grouped by governorate and named in `locale`, made once per lookups and language. Its
 * `version` fingerprints the `/places.json` address.
 */
export function placeList(lookups: Lookups, locale: Locale): PlaceList {
  let lists = placeLists.get(lookups);
  if (!lists) placeLists.set(lookups, (lists = new Map()));
  let list = lists.get(locale);
  if (!list) {
    const { t } = i18nFor(locale);
    const groups: PlaceGroup[] = lookups.governorates.map((g) => ({
      id: g.id,
      name: nameOf(g, locale)!,
      // The search's choice of a whole governorate ("Damascus, all areas"; decision 024).
      all: t("search.wholeGovernorate", { name: nameOf(g, locale) }),
      locations: g.listed.map((l) => ({ id: l.id, name: nameOf(l, locale)! })),
    }));
    const json = JSON.stringify({ governorates: groups });
    // The server render's groups also write their options as HTML, made here once (decision 033).
    const separator = t("search.placeSeparator");
    const places = groups.map((g): PlaceGroup => {
      const plain = g.locations
        .map((l) => `<option value="${l.id}">${escapeHtml(`${g.name}${separator}${l.name}`)}</option>`)
        .join("");
      const whole = `<option value="g${g.id}">${escapeHtml(g.all)}</option>${plain}`;
      return { ...g, html: (withWhole, selected) => withSelected(withWhole ? whole : plain, selected) };
    });
    list = { places, json, version: crypto.createHash("sha256").update(json).digest("base64url").slice(0, 12) };
    lists.set(locale, list);
  }
  return list;
}

/**
 * `html` (options) with the option of `value` marked `selected`, written as React writes the chosen option of a
 * select with a default value (of a list, a field posted twice, its first: as SelectField shows it). Unchanged when
 * no option has that value.
 */
function withSelected(html: string, selected: unknown): string {
  const value = Array.isArray(selected) ? selected[0] : selected;
  if (typeof value !== "string" || !/^g?\d+$/.test(value)) return html;
  return html.replace(`<option value="${value}">`, `<option value="${value}" selected="">`);
}

/** The address of the place list file of `locale` (fingerprinted: cached by browsers for a year). */
export function placesUrl(lookups: Lookups, locale: Locale): string {
  return `/places.json?lang=${locale}&v=${placeList(lookups, locale).version}`;
}

/** The query of /places.json (placesUrl writes it): the language `lang`, the list's version `v`. */
const placesQuery = /* @__PURE__ */ (() => z.object({ lang: langParam, v: textParam }))();

/**
 * The place list `params` ask for (placesQuery, read as sent): its language (Arabic when `lang` is none, another or
 * repeated) and the version asked for (undefined when none or repeated). Never throws.
 */
export function queryPlaceList(params: URLSearchParams): { locale: Locale; version: string | undefined } {
  const { value } = parseQuery(params, placesQuery, EXACT);
  return { locale: value.lang ?? fallbackLng, version: value.v };
}

/** "Governorate, place" of a location id in the page language, or "" for an unknown id. */
export function placeName(lookups: Lookups, locationId: number, locale: Locale): string {
  const place = lookups.locationById.get(locationId);
  return [nameOf(place?.governorate, locale), nameOf(place?.location, locale)]
    .filter(Boolean)
    .join(locale === "ar" ? "، " : ", ");
}

/** Whether a place id is one of the site's locations (forms refuse ids of things that do not exist). */
export async function locationExists(db: Db, id: number): Promise<boolean> {
  return (await getLookups(db)).locationById.has(id);
}

/** Whether an estate type id exists. */
export async function estateTypeExists(db: Db, id: number): Promise<boolean> {
  return (await getLookups(db)).byId.estateType.has(id);
}
