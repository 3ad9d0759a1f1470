import { Link, useLocation } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { searchWithoutDialog } from "~/platform/ui/dialog";
import { Icon } from "./Icon";

/**
 * The page numbers to show: every page up to 15 pages; past that the first, the last and the pages near
 * the current one, with null for a gap. Every page stays reachable through the previous/next links.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 15) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, 2, pageCount - 1, pageCount]);
  for (let p = page - 3; p <= page + 3; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * Links to the pages of a list (pages of results). Each keeps the page's query (every filter of a search,
 * the words of an admin list, the language) but the page number and an open dialog's parameters. Parameters the page
 * does not read (tracking tags) stay too: the canonical link leaves them out (platform/http/seo.ts).
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useT();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefOf = (p: number) => {
    const params = searchWithoutDialog(location.search);
    params.delete("page");
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="page-link page-prev" aria-label={t("pagination.previous")}>
          <Icon name="chevron" className="icon-start" />
          <span className="page-word">{t("pagination.previous")}</span>
        </Link>
      ) : null}
      <ol>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="page-link page-current" aria-current="page">
                  {p}
                </span>
              ) : (
                <Link to={hrefOf(p)} className="page-link" aria-label={t("pagination.page", { page: p })}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next" className="page-link page-next" aria-label={t("pagination.next")}>
          <span className="page-word">{t("pagination.next")}</span>
          <Icon name="chevron" className="icon-end" />
        </Link>
      ) : null}
    </nav>
  );
}
