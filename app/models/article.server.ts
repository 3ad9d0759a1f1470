import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { Locale } from "~/i18n";
import { imageUrl } from "~/services/images.server";
import { excerpt } from "~/utils/format";

/** What an article card shows (spec 2.7, Article card): image, title, date and a 90-character excerpt. */
export type ArticleCard = { id: number; title: string; excerpt: string; date: string; image: string | null; imageLarge: string | null };
export type Article = ArticleCard & { body: string };

/** Articles per page of the news list. */
export const ARTICLES_PAGE_SIZE = 12;

function toCard(row: typeof s.articles.$inferSelect, locale: Locale): Article {
  const body = locale === "en" ? row.body_en : row.body_ar;
  return {
    id: row.id,
    title: locale === "en" ? row.title_en : row.title_ar,
    body,
    excerpt: excerpt(body, 90),
    date: row.created_at.toISOString(),
    image: row.image ? imageUrl(row.image, 400) : null,
    imageLarge: row.image ? imageUrl(row.image, 800) : null,
  };
}

const strip = ({ body: _body, ...card }: Article): ArticleCard => card;

/**
 * The home page's two article blocks (spec 2.4): "our services" are items 1 to 3 of the article list,
 * "latest articles" items 4 to 6, the list being in publication (id) order.
 */
export async function homeArticles(db: Db, locale: Locale): Promise<{ services: ArticleCard[]; latest: ArticleCard[] }> {
  const rows = await db.select().from(s.articles).where(eq(s.articles.is_published, true)).orderBy(asc(s.articles.id)).limit(6);
  const cards = rows.map((r) => strip(toCard(r, locale)));
  return { services: cards.slice(0, 3), latest: cards.slice(3, 6) };
}

/** One page of published articles, newest first (spec 2.1, /articals). */
export async function listArticles(db: Db, page: number, locale: Locale): Promise<{ items: ArticleCard[]; total: number; pageCount: number }> {
  const where = eq(s.articles.is_published, true);
  const [{ n }] = await db.select({ n: count() }).from(s.articles).where(where);
  const total = Number(n);
  const rows = await db
    .select()
    .from(s.articles)
    .where(where)
    .orderBy(desc(s.articles.created_at), desc(s.articles.id))
    .limit(ARTICLES_PAGE_SIZE)
    .offset((page - 1) * ARTICLES_PAGE_SIZE);
  return { items: rows.map((r) => strip(toCard(r, locale))), total, pageCount: Math.ceil(total / ARTICLES_PAGE_SIZE) };
}

/** One published article, or null (spec 2.1, /artical/{id}). */
export async function getArticle(db: Db, id: number, locale: Locale): Promise<Article | null> {
  const [row] = await db.select().from(s.articles).where(and(eq(s.articles.id, id), eq(s.articles.is_published, true)));
  return row ? toCard(row, locale) : null;
}

/** Ids and dates of published articles (sitemap). */
export async function publishedArticleIds(db: Db): Promise<{ id: number; date: Date }[]> {
  return db
    .select({ id: s.articles.id, date: s.articles.created_at })
    .from(s.articles)
    .where(eq(s.articles.is_published, true))
    .orderBy(asc(s.articles.id));
}
