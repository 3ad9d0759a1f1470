import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import type { ArticleCard as Card } from "~/features/articles/article.server";
import { formatDate } from "~/features/listings/format";
import { useRootData } from "~/platform/ui/root-data";
import { Icon } from "~/platform/ui/Icon";

/**
 * The article card: image, title, date and a 90-character excerpt with a read-more link. The cover is the
 * 400 or 800 px file the browser picks, or with the data saver on (decision 022) the 400 px file only.
 */
export function ArticleCard({ article, showImage = true }: { article: Card; showImage?: boolean }) {
  const { t } = useT();
  const saver = useRootData()?.dataSaver;
  const href = `/artical/${article.id}`;
  return (
    <article className="card article-card">
      {showImage && article.image ? (
        <img
          className="article-cover"
          src={article.image}
          {...(saver
            ? {}
            : { srcSet: `${article.image} 400w, ${article.imageLarge} 800w`, sizes: "(max-width: 800px) 100vw, 400px" })}
          width={400}
          height={225}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="card-body">
        <p className="card-date">
          <Icon name="calendar" /> <bdi dir="ltr">{formatDate(article.date)}</bdi>
        </p>
        <h3 className="card-title">
          <Link to={href}>{article.title}</Link>
        </h3>
        <p className="article-excerpt">{article.excerpt}</p>
        {/* The title is part of the link's text (hidden), so search engines and screen readers get more than "Read more". */}
        <Link to={href} className="read-more">
          {t("articles.readMore")}
          <span className="visually-hidden">{t("articles.readMoreTitle", { title: article.title })}</span>{" "}
          <Icon name="chevron" className="icon-end" />
        </Link>
      </div>
    </article>
  );
}
