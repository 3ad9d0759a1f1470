import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { excerpt } from "~/features/listings/format";
import { recordAudit } from "~/platform/db/audit.server";
import { changedFields, paging, type Paged, type ToggleOutcome } from "~/platform/db/back-office.server";

/**
 * Articles: the published ones on /articals, /artical/:id, the home page and
 * the sitemap, and every one in the back office, where admins write both languages' title and body with a cover
 * image, and publish or unpublish them. Every write and its audit entry are one transaction. Covers are stored by the
 * caller (app/platform/images/images.server.ts); here they are only base names of WebP files.
 */

/** What an article card shows: image, title, date and a 90-character excerpt. */
export type ArticleCard = {
  id: number;
  title: string;
  excerpt: string;
  date: string;
  image: string | null;
  imageLarge: string | null;
};
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
 * The home page's two article blocks: "our services" are items 1 to 3 of the article list,
 * "latest articles" items 4 to 6, the list being in publication (id) order.
 */
export async function homeArticles(db: Db, locale: Locale): Promise<{ services: ArticleCard[]; latest: ArticleCard[] }> {
  const rows = await db.select().from(s.articles).where(eq(s.articles.is_published, true)).orderBy(asc(s.articles.id)).limit(6);
  const cards = rows.map((r) => strip(toCard(r, locale)));
  return { services: cards.slice(0, 3), latest: cards.slice(3, 6) };
}

/** One page of published articles, newest first (/articals). */
export async function listArticles(
  db: Db,
  page: number,
  locale: Locale,
): Promise<{ items: ArticleCard[]; total: number; pageCount: number }> {
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

/** One published article, or null (/artical/{id}). */
export async function getArticle(db: Db, id: number, locale: Locale): Promise<Article | null> {
  const [row] = await db
    .select()
    .from(s.articles)
    .where(and(eq(s.articles.id, id), eq(s.articles.is_published, true)));
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

/** Rows per page of the back office's article list. */
export const ADMIN_ARTICLES_PAGE_SIZE = 30;

/** What an admin types for an article: both languages' title and body, already trimmed and checked. */
export type ArticleInput = { title_ar: string; title_en: string; body_ar: string; body_en: string };
export type ArticleRow = typeof s.articles.$inferSelect;

/** One row of the back office's article list: the title in the page language, the date (ISO), published or not. */
export type AdminArticleItem = { id: number; title: string; date: string; isPublished: boolean; cover: string | null };

/**
 * Every article, published or not, newest first (created_at, then id), ADMIN_ARTICLES_PAGE_SIZE per page; `page`
 * counts from 1. `pageCount` is at least 1.
 */
export async function listAdminArticles(db: Db, locale: Locale, page: number): Promise<Paged<AdminArticleItem>> {
  const { total, offset, pageCount } = await paging(db, s.articles, undefined, page, ADMIN_ARTICLES_PAGE_SIZE);
  const rows = await db
    .select({
      id: s.articles.id,
      title_ar: s.articles.title_ar,
      title_en: s.articles.title_en,
      image: s.articles.image,
      is_published: s.articles.is_published,
      created_at: s.articles.created_at,
    })
    .from(s.articles)
    .orderBy(desc(s.articles.created_at), desc(s.articles.id))
    .limit(ADMIN_ARTICLES_PAGE_SIZE)
    .offset(offset);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: locale === "en" ? r.title_en : r.title_ar,
      date: r.created_at.toISOString(),
      isPublished: r.is_published,
      cover: r.image ? imageUrl(r.image, 400) : null,
    })),
    total,
    page,
    pageCount,
  };
}

/** One article as stored, published or not, or null when there is no article with that id. */
export async function getArticleRow(db: Db, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(s.articles).where(eq(s.articles.id, id));
  return row ?? null;
}

/**
 * Creates a published article with its cover (`image`, the base name of stored WebP files, or null) and records
 * `article.create` by `actorId` in the same transaction. Returns the new id.
 */
export async function createArticle(db: Db, actorId: number, input: ArticleInput, image: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.articles)
      .values({ ...input, image, is_published: true })
      .returning({ id: s.articles.id });
    await recordAudit(tx, {
      actorId,
      action: "article.create",
      subjectType: "article",
      subjectId: row.id,
      details: { title_ar: input.title_ar, title_en: input.title_en, image },
    });
    return row.id;
  });
}

/**
 * Replaces an article's titles and bodies, and its cover when `image` is given (undefined keeps the old one), and
 * records `article.update` with the names of the changed fields, in one transaction. Returns the cover it replaced
 * (for the caller to delete its files; null when there was none or it was kept), or null when there is no article
 * with that id (nothing written).
 */
export async function updateArticle(
  db: Db,
  actorId: number,
  id: number,
  input: ArticleInput,
  image?: string,
): Promise<{ replacedImage: string | null } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(s.articles).where(eq(s.articles.id, id)).for("update");
    if (!before) return null;
    const next = { ...input, ...(image !== undefined ? { image } : {}) };
    await tx.update(s.articles).set(next).where(eq(s.articles.id, id));
    await recordAudit(tx, {
      actorId,
      action: "article.update",
      subjectType: "article",
      subjectId: id,
      details: { changed: changedFields(before, next) },
    });
    return { replacedImage: image !== undefined && before.image !== image ? before.image : null };
  });
}

/**
 * Publishes (`published` true) or unpublishes an article and records `article.publish` or `article.unpublish`, in
 * one transaction; an article already in that state is left alone and nothing is recorded. An unpublished article
 * leaves /articals, the home page, the sitemap and /artical/:id (404) at once.
 */
export async function setArticlePublished(db: Db, actorId: number, id: number, published: boolean): Promise<ToggleOutcome> {
  return db.transaction(async (tx): Promise<ToggleOutcome> => {
    const [row] = await tx
      .update(s.articles)
      .set({ is_published: published })
      .where(and(eq(s.articles.id, id), ne(s.articles.is_published, published)))
      .returning({ id: s.articles.id });
    if (!row) {
      const [exists] = await tx.select({ id: s.articles.id }).from(s.articles).where(eq(s.articles.id, id));
      return exists ? "unchanged" : "missing";
    }
    await recordAudit(tx, {
      actorId,
      action: published ? "article.publish" : "article.unpublish",
      subjectType: "article",
      subjectId: id,
    });
    return "changed";
  });
}
