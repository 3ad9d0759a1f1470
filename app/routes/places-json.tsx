import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { toLocale } from "~/platform/i18n/i18n";
import { getLookups, placeList } from "~/features/places/lookups.server";

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["lang", "v"];

/**
 * `/places.json?lang=ar|en&v=…`: the place list of every place select, in one language, as the browser
 * loads it once (app/features/places/places.ts). Asked for with the current version, it is kept by browsers and CDNs for a
 * year; any other version gets the current list, kept five minutes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const list = placeList(await getLookups(await getDb()), toLocale(url.searchParams.get("lang")));
  const current = url.searchParams.get("v") === list.version;
  return new Response(list.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
