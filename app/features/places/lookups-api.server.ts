import crypto from "node:crypto";
import * as z from "zod/v4";
import { ApiError, type ApiEndpoint } from "~/platform/api/api.server";
import type { Locale } from "~/platform/i18n/i18n";
import { getLookups, nameOf, type Lookups, type Named } from "./lookups.server";

/**
 * The lookup lists of the apps' API (docs/api.md): `GET /api/lookups/{name}`, each list of the site's selects as
 * `{id, name, …}` in the request's language, with an ETag (the lists change only with a restart, so an app asks
 * again with If-None-Match and gets 304).
 */

const named = z.object({ id: z.int(), name: z.string() });

/** The schema of one list's items, by name (the document lists them as one union). */
const ITEM = /* @__PURE__ */ (() => ({
  plain: named.meta({ id: "LookupItem" }),
  location: named.extend({ governorate_id: z.int() }).meta({ id: "Location" }),
  region: named.extend({ locations: z.array(named) }).meta({ id: "Region" }),
  priceDomain: named
    .extend({ min: z.number(), max: z.number().nullable(), estate_offer_type_id: z.int().nullable() })
    .meta({ id: "PriceDomain" }),
}))();

/** Every list's rows in `locale`, by the name the address gives it. */
const LISTS: Record<string, (lookups: Lookups, locale: Locale) => unknown[]> = {
  locations: (l, locale) =>
    l.governorates.flatMap((g) => g.listed.map((p) => ({ id: p.id, name: nameOf(p, locale)!, governorate_id: g.id }))),
  regions: (l, locale) => l.governorates.map((g) => ({ ...item(g, locale), locations: g.listed.map((p) => item(p, locale)) })),
  governorates: (l, locale) => l.governorates.map((g) => item(g, locale)),
  "estate-types": (l, locale) => l.estateTypes.map((r) => item(r, locale)),
  "price-domains": (l, locale) =>
    l.priceDomains.map((r) => ({ ...item(r, locale), min: r.min, max: r.max, estate_offer_type_id: r.estate_offer_type_id })),
  "estate-offer-types": (l, locale) => l.offerTypes.map((r) => item(r, locale)),
  "interior-statuses": (l, locale) => l.interiorStatuses.map((r) => item(r, locale)),
  "ownership-types": (l, locale) => l.ownershipTypes.map((r) => item(r, locale)),
  "contract-types": (l, locale) => l.contractTypes.map((r) => item(r, locale)),
  "period-types": (l, locale) => l.periodTypes.map((r) => item(r, locale)),
  "area-units": (l, locale) => l.areaUnits.map((r) => item(r, locale)),
  "report-types": (l, locale) => l.reportReasons.map((r) => item(r, locale)),
};

/** The names of the lists (`GET /api/lookups/{name}`). */
export const LOOKUP_NAMES = Object.keys(LISTS);

function item(row: Named, locale: Locale) {
  return { id: row.id, name: nameOf(row, locale)! };
}

/** Each list's body and ETag, made once per lookups object and language. */
const made = new WeakMap<Lookups, Map<string, { data: unknown[]; etag: string }>>();

function listOf(lookups: Lookups, name: string, locale: Locale): { data: unknown[]; etag: string } {
  let byKey = made.get(lookups);
  if (!byKey) made.set(lookups, (byKey = new Map()));
  const key = `${locale} ${name}`;
  let found = byKey.get(key);
  if (!found) {
    const data = LISTS[name](lookups, locale);
    const etag = `"${crypto.createHash("sha256").update(key).update(JSON.stringify(data)).digest("base64url").slice(0, 27)}"`;
    byKey.set(key, (found = { data, etag }));
  }
  return found;
}

/** True when an If-None-Match header names `etag` (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** The lookup calls of the API. */
export const lookupEndpoints: ApiEndpoint[] = [
  {
    method: "GET",
    path: "/lookups/{name}",
    summary: "One lookup list of the site's selects, in the request's language, with an ETag",
    tag: "lookups",
    auth: "none",
    params: z.object({ name: z.enum(LOOKUP_NAMES as [string, ...string[]]) }),
    data: z.union([z.array(ITEM.plain), z.array(ITEM.location), z.array(ITEM.region), z.array(ITEM.priceDomain)]),
    errors: [304, 404],
    async handle({ db, locale, t, params, request }) {
      if (!Object.hasOwn(LISTS, params.name)) throw new ApiError(404, t("api.errors.notFound"));
      const list = listOf(await getLookups(db), params.name, locale);
      // Kept by the app, asked again each time with If-None-Match (304 while the list is the same).
      const headers = { ETag: list.etag, "Cache-Control": "no-cache" };
      if (matches(request.headers.get("If-None-Match"), list.etag)) return { status: 304, data: null, headers };
      return { data: list.data, headers };
    },
  },
];
