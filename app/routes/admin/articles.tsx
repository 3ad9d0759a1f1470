import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ContentHead, ContentRow, DateLine } from "~/features/back-office/ContentParts";
import { Pagination } from "~/platform/ui/Pagination";
import { listAdminArticles } from "~/features/articles/article.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { requestedPage, requireExistingPage } from "~/features/back-office/admin-content.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page"];
export const handle: LayoutHandle = { i18n: ["common", "admin", "content"] };

/**
 * /admin/articles: every article, published or not, newest first, paged (`?page=`), with a link
 * to write a new one. Admins only; a page number that is malformed or past the last page is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = requestedPage(request);
  const { db, locale, t } = await pageContext(request);
  const result = await listAdminArticles(db, locale, page);
  requireExistingPage(result);
  return {
    ...result,
    seo: { title: t("content:articles.title"), description: t("content:articles.description"), noindex: true },
  };
}

export default function AdminArticles() {
  const { items, total, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="page narrow admin-page content-admin">
      <ContentHead title={t("content:articles.title")} newHref="/admin/articles/new" newText={t("content:articles.new")} />
      <p className="result-count">{t("content:articles.count", { n: formatNumber(total) })}</p>
      {items.length ? (
        <ul className="content-list">
          {items.map((a) => (
            <ContentRow
              key={a.id}
              on={a.isPublished}
              href={`/admin/articles/${a.id}`}
              title={a.title}
              stateText={t(a.isPublished ? "content:articles.published" : "content:articles.unpublished")}
              thumb={
                a.cover ? (
                  <img src={a.cover} width={96} height={54} alt="" loading="lazy" className="content-thumb content-thumb-wide" />
                ) : null
              }
            >
              <DateLine iso={a.date} as="span" />
            </ContentRow>
          ))}
        </ul>
      ) : (
        <div className="notice empty-state">
          <p>{t("content:articles.empty")}</p>
          <Link to="/admin/articles/new" className="button button-small">
            {t("content:articles.new")}
          </Link>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
