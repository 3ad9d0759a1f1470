import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { OfficeCard } from "~/features/offices/OfficeCard";
import { OfficeSearch } from "~/features/offices/OfficeSearch";
import { OFFICE_QUERY_PARAMS, parseOfficeQuery } from "~/features/search/search-query";
import { searchOffices } from "~/features/offices/office.server";
import { getLookups } from "~/features/places/lookups.server";
import { gazetteerPlace } from "~/features/search/place-finder.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = [...OFFICE_QUERY_PARAMS];

/**
 * Office search results: searchselected 1 needs location_id ('please choose the required region'),
 * 2 needs name ('please write the required name'); a missing field answers 400 with the form and its message.
 * `verified=1` keeps the offices verified today only (decision 090).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, locale, t } = await pageContext(request);
  const query = parseOfficeQuery(new URL(request.url).searchParams);
  const { searchselected } = query.value;
  const values = {
    searchselected: searchselected ?? "1",
    location_id: query.texts.location_id,
    name: query.value.name ?? query.texts.name,
    verified: query.value.verified === "1",
  };
  const { errors, offices } = await searchOffices(db, query, locale);
  const invalid = Boolean(errors.location_id || errors.name);
  return data(
    {
      seo: {
        title: t("offices.resultsTitle"),
        description: t("offices.description"),
        keep: ["searchselected", "location_id", "name", "verified"],
        noindex: true,
      },
      values,
      errors,
      invalid,
      offices,
      // A locality of the gazetteer chosen through the place finder (decision 095): the select shows it first.
      place: gazetteerPlace(await getLookups(db), values.location_id, locale),
    },
    { status: invalid ? 400 : 200 },
  );
}

export default function OfficesResult() {
  const { values, errors, invalid, offices, place } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <h1>{t("offices.resultsTitle")}</h1>
      <OfficeSearch values={values} errors={errors} place={place} />
      {invalid ? (
        <div className="notice notice-error" role="alert">
          <Icon name="alert" />
          <p>{t(errors.location_id?.[0].key ?? errors.name?.[0].key ?? "search.requiredToast")}</p>
        </div>
      ) : (
        <>
          <p className={offices.length ? "result-count" : "notice"} role="status">
            {offices.length ? t("offices.found", { count: offices.length }) : t("offices.none")}
          </p>
          {offices.length ? <h2 className="visually-hidden">{t("offices.listTitle")}</h2> : null}
          <div className="grid office-grid">
            {offices.map((o) => (
              <OfficeCard key={o.id} office={o} />
            ))}
          </div>
          {!offices.length ? (
            <p className="empty-next">
              <Link to="/offices" className="button">
                {t("offices.seeAll")}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
