import type { LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { getDb } from "~/platform/db/db.server";
import { fallbackLng } from "~/platform/i18n/i18n";
import { getLookups } from "~/features/places/lookups.server";
import { findPlaces } from "~/features/search/place-finder.server";
import { EXACT, langParam, parseQuery, textParam } from "~/platform/forms/queries";

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["q", "lang"];

const suggestQuery = /* @__PURE__ */ (() => z.object({ q: textParam, lang: langParam }))();

/**
 * `/places/suggest?q=…&lang=ar|en`: the place finder's first eight matches as one types (decision 095), as JSON
 * `{ places: [{ id, name, governorate }] }` named in `lang` (Arabic by default); none for an empty `q`. Cached a day:
 * the places change only with a release.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { value } = parseQuery(new URL(request.url).searchParams, suggestQuery, EXACT);
  const q = (value.q ?? "").trim().slice(0, 100);
  const locale = value.lang ?? fallbackLng;
  const found = q ? findPlaces(await getLookups(await getDb()), q, locale, { limit: 8 }).matches : [];
  const places = found.map((m) => ({ id: m.id, name: m.name, governorate: m.governorate }));
  return new Response(JSON.stringify({ places }), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
