import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db/db.server";
import { getLookups, placeList, queryPlaceList } from "~/features/places/lookups.server";

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["lang", "v"];

/**
 * `/places.json?lang=ar|en&v=…`: the place list of every place select, in one language, as the browser
 * loads it once (app/features/places/places.ts). Asked for with the current version, it is kept by browsers and CDNs for a
 * year; any other version gets the current list, kept five minutes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const asked = queryPlaceList(new URL(request.url).searchParams);
  const list = placeList(await getLookups(await getDb()), asked.locale);
  const current = asked.version === list.version;
  return new Response(list.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
