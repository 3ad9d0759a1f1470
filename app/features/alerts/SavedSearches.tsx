import { Form, Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { formatDateTime } from "~/platform/i18n/dates";
import { savedSearchAddress } from "~/features/search/search-scope";

/** A saved search as /profile shows it (the loader's shape of features/alerts/saved-search.server.ts). */
type Row = {
  id: number;
  name: string;
  query: string;
  frequency: "instant" | "daily";
  paused: boolean;
  lastAlertAt: string | null;
};

/**
 * /profile's saved searches (decision 030): each with its alert frequency, its last alert's time, a link to
 * its results, and plain forms to pause or resume it, change it and delete it (they work without JavaScript).
 */
export function SavedSearches({ searches }: { searches: Row[] }) {
  const { t } = useT();
  return (
    <section className="section" aria-labelledby="saved-searches">
      <h2 id="saved-searches">
        <Icon name="search" /> {t("account:searches.title")}
      </h2>
      {searches.length === 0 ? (
        <div className="notice empty-state">
          <p>{t("account:searches.empty")}</p>
        </div>
      ) : (
        <ul className="post-list">
          {searches.map((s) => (
            <li key={s.id} className={`post-row${s.paused ? " post-paused" : ""}`}>
              <span className="post-title">
                <Link to={savedSearchAddress(s.query)}>
                  <bdi>{s.name}</bdi>
                </Link>
              </span>
              <span className="chip">
                {s.paused ? t("account:searches.paused") : t(`account:searches.frequencies.${s.frequency}`)}
              </span>
              <span className="hint">
                {s.lastAlertAt
                  ? t("account:searches.lastAlert", { date: formatDateTime(s.lastAlertAt) })
                  : t("account:searches.noAlertYet")}
              </span>
              <Form method="post" action={`/saved-searches/${s.id}`} className="inline-form">
                <button type="submit" name="intent" value={s.paused ? "resume" : "pause"} className="button button-small">
                  {t(s.paused ? "account:searches.resume" : "account:searches.pause")}
                </button>
                <Link to={`/saved-searches/${s.id}`} className="button button-small">
                  {t("account:searches.change")}
                </Link>
                <button type="submit" name="intent" value="delete" className="button button-small">
                  {t("account:searches.delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
