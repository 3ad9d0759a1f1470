import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import { getArticle } from "~/features/articles/article.server";
import { excerpt, formatDate } from "~/features/listings/format";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { useRootData } from "~/platform/ui/root-data";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** One news article (/artical/{id}); 404 for an unknown id. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireId(params.id);
  const { db, locale } = await pageContext(request);
  const article = await getArticle(db, id, locale);
  if (!article) notFound();
  return {
    seo: { title: article.title, description: excerpt(article.body, 155), image: article.imageLarge, type: "article" as const },
    article,
  };
}

/** The article: its cover (with the data saver on, decision 022, the 400 px file only), title, date and text. */
export default function ArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  const { t } = useT();
  const saver = useRootData()?.dataSaver;
  return (
    <article className="page narrow article-page">
      <nav className="breadcrumbs" aria-label={t("estate.breadcrumbs")}>
        <Link to="/">{t("nav.home")}</Link>
        <span aria-hidden="true">/</span>
        <Link to="/articals">{t("articles.title")}</Link>
      </nav>
      <h1>{article.title}</h1>
      <p className="card-date">
        <Icon name="calendar" />{" "}
        <time dateTime={article.date}>
          <bdi dir="ltr">{formatDate(article.date)}</bdi>
        </time>
      </p>
      {article.imageLarge ? (
        <img
          className="article-hero"
          src={saver ? (article.image ?? article.imageLarge) : article.imageLarge}
          srcSet={saver ? undefined : `${article.image} 400w, ${article.imageLarge} 800w`}
          sizes={saver ? undefined : "(max-width: 800px) 100vw, 760px"}
          width={800}
          height={450}
          alt=""
        />
      ) : null}
      <div className="prose">
        {article.body.split(/\n{2,}/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <p>
        <Link to="/articals" className="button">
          <Icon name="chevron" className="icon-start" /> {t("articles.back")}
        </Link>
      </p>
    </article>
  );
}
