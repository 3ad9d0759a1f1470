import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { useT } from "~/platform/i18n/use-t";
import { getLookups } from "~/features/places/lookups.server";
import { findPlaces } from "~/features/search/place-finder.server";
import { FoundPlaces, PlaceFinder } from "~/features/places/PlaceFinder";
import { choiceParam, EXACT, parseQuery, textParam } from "~/platform/forms/queries";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["q", "to"];

const finderQuery = /* @__PURE__ */ (() => z.object({ q: textParam, to: choiceParam(["estates", "offices"]) }))();

/**
 * The place finder (/places?q=…&to=estates|offices; decision 095): every place of Syria whose name begins with `q`,
 * in Arabic or a Latin spelling, each a link to its search (`to`: the listings, the default, or the offices). Works
 * without JavaScript; an empty `q` shows the form alone. Not indexed by search engines (the searches are).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const { value } = parseQuery(new URL(request.url).searchParams, finderQuery, EXACT);
  const q = (value.q ?? "").trim().slice(0, 100);
  const found = q ? findPlaces(await getLookups(db), q, locale, { limit: 50 }) : { matches: [], more: false };
  return {
    seo: { title: t("places.finder.title"), description: t("places.finder.lead"), noindex: true },
    q,
    to: value.to ?? "estates",
    places: found.matches.map((m) => ({ id: m.id, name: m.name, governorate: m.governorate })),
    more: found.more,
  };
}

export default function PlaceFinderPage() {
  const { q, to, places, more } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <h1>{t("places.finder.title")}</h1>
      <p className="page-lead">{t("places.finder.lead")}</p>
      <PlaceFinder key={q} q={q} to={to} />
      {q ? (
        places.length ? (
          <>
            <h2 className="list-title">{t("places.finder.found", { q, count: places.length })}</h2>
            <FoundPlaces places={places} to={to} />
            {more ? <p>{t("places.finder.more")}</p> : null}
          </>
        ) : (
          <p role="status">{t("places.finder.none", { q })}</p>
        )
      ) : null}
    </div>
  );
}
