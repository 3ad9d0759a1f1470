import { useEffect, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import { formatDateTime } from "~/platform/i18n/dates";
import { savedPages, type SavedPage } from "~/features/offline/offline-pages";
import { Icon } from "~/platform/ui/Icon";

/**
 * /profile's list of the pages this phone keeps for reading offline: read from the service worker's
 * caches once the page runs its scripts; without JavaScript (and so without a worker) the section stays hidden.
 */
export function SavedOffline() {
  const { t } = useT();
  const [pages, setPages] = useState<SavedPage[] | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let live = true;
    void savedPages().then((found) => live && setPages(found));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="section" aria-labelledby="offline-title" hidden={pages === null} data-testid="saved-offline">
      <h2 id="offline-title">
        <Icon name="doc" /> {t("offline:saved.title")}
      </h2>
      <p className="hint">{t("offline:saved.text")}</p>
      {pages?.length ? (
        <ul className="saved-pages">
          {pages.map((page) => (
            <li key={`${page.kind}-${page.url}`}>
              <a href={page.url}>{page.title}</a>{" "}
              <small>{t("offline:saved.savedOn", { date: page.savedAt ? formatDateTime(page.savedAt) : "" })}</small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice empty-state">{t("offline:saved.none")}</p>
      )}
    </section>
  );
}
