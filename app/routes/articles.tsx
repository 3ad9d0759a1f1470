import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ArticleCard } from "~/features/articles/ArticleCard";
import { Pagination } from "~/platform/ui/Pagination";
import { requestedPageOf } from "~/platform/forms/queries";
import { listArticles } from "~/features/articles/article.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page"];

/** News articles, newest first, paged (/articals and /articals/). */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = requestedPageOf(new URL(request.url).searchParams) ?? notFound();
  const { db, locale, t } = await pageContext(request);
  const result = await listArticles(db, page, locale);
  if (page > Math.max(result.pageCount, 1)) notFound();
  return {
    seo: { title: t("articles.title"), description: t("articles.description"), keep: ["page"] },
    ...result,
    page,
  };
}

export default function Articles() {
  const { items, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="page">
      <h1>{t("articles.title")}</h1>
      <p className="page-lead">{t("articles.lead")}</p>
      {items.length ? (
        <>
          <h2 className="visually-hidden">{t("articles.listTitle")}</h2>
          <div className="grid article-grid">
            {items.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </div>
        </>
      ) : (
        <p className="notice">{t("articles.none")}</p>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
