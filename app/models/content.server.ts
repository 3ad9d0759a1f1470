import { and, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { toLatinDigits } from "~/forms/account";
import type { Locale } from "~/i18n";
import { imageUrl } from "~/services/images.server";
import { recordAudit } from "./audit.server";
import { getLookups, nameOf, placeName } from "./lookups.server";
import { forgetOfficeCounts } from "./office.server";

/**
 * The back office's Content section (issue 5, Content): articles (Arabic and English title and body, a cover image)
 * and offices (names, phone numbers, addresses, place, logo, contract level), listed, created, edited, unpublished
 * or deactivated by admins. Every write and its audit entry (`audit_log`) are one transaction: both or neither.
 * Images are stored by the caller (app/services/uploads.server.ts); here they are only base names of WebP files.
 * The public pages show only published articles and active offices (article.server.ts, office.server.ts).
 */

/** Rows per page of the back office's lists. */
export const ADMIN_ARTICLES_PAGE_SIZE = 30;
export const ADMIN_OFFICES_PAGE_SIZE = 20;
export const OFFICE_LISTINGS_PAGE_SIZE = 25;

/** How a set-published or set-active call ended: changed (and audited), already so (nothing written), or no such row. */
export type ToggleOutcome = "changed" | "unchanged" | "missing";

/** One page of a back-office list: its rows, the number of rows on all pages, its number (from 1), the page count. */
type Paged<Item> = { items: Item[]; total: number; page: number; pageCount: number };

/**
 * Counts the rows of `table` that match `where` (all rows when undefined) and places page `page` (from 1) of `size`
 * rows: `total` (rows on all pages), the SQL `offset` of the page and `pageCount` (at least 1, so page 1 of an empty
 * list exists). A page past the last one is not an error here (its offset just finds no rows).
 */
async function paging(db: Db, table: PgTable, where: SQL | undefined, page: number, size: number) {
  const [{ n }] = await db.select({ n: count() }).from(table).where(where);
  const total = Number(n);
  return { total, offset: (page - 1) * size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Articles

/** What an admin types for an article: both languages' title and body, already trimmed and checked. */
export type ArticleInput = { title_ar: string; title_en: string; body_ar: string; body_en: string };
export type ArticleRow = typeof s.articles.$inferSelect;

/** One row of the back office's article list: the title in the page language, the date (ISO), published or not. */
export type AdminArticleItem = { id: number; title: string; date: string; isPublished: boolean; cover: string | null };

/**
 * Every article, published or not, newest first (created_at, then id), ADMIN_ARTICLES_PAGE_SIZE per page; `page`
 * counts from 1. `pageCount` is at least 1. Source: issue 5, Content.
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

/** One article as stored, published or not, or null when there is no article with that id (issue 5, Content). */
export async function getArticleRow(db: Db, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(s.articles).where(eq(s.articles.id, id));
  return row ?? null;
}

/**
 * Creates a published article with its cover (`image`, the base name of stored WebP files, or null) and records
 * `article.create` by `actorId` in the same transaction. Returns the new id. Source: issue 5, Content.
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
 * with that id (nothing written). Source: issue 5, Content.
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
 * leaves /articals, the home page, the sitemap and /artical/:id (404) at once. Source: issue 5, Content.
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
    await recordAudit(tx, { actorId, action: published ? "article.publish" : "article.unpublish", subjectType: "article", subjectId: id });
    return "changed";
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Offices

/**
 * What an admin types for an office, checked and normalised: `phone` and `whatsapp` in E.164 (see officePhone),
 * `location_id` and `contract_type_id` existing ids (1 free, 2 silver, 3 bronze, 4 gold).
 */
export type OfficeInput = {
  name_ar: string;
  name_en: string;
  phone: string;
  whatsapp: string | null;
  address_ar: string;
  address_en: string;
  location_id: number;
  contract_type_id: number;
};
export type OfficeRow = typeof s.offices.$inferSelect;

/**
 * An office's phone or WhatsApp number as typed (national Syrian, `011 123 4567` or `0944 123 456`, or
 * international with `+`; Arabic-Indic digits, spaces and dashes allowed) in E.164, or null when it is not a valid
 * number. Unlike accounts' numbers (services/phone.server.ts toE164) landlines are accepted: offices have them.
 */
export function officePhone(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(toLatinDigits(typed.trim()), "SY");
  return parsed?.isValid() ? parsed.number : null;
}

/** One row of the back office's office list, named in the page language. */
export type AdminOfficeItem = {
  id: number;
  name: string;
  place: string;
  phone: string;
  contractLevel: number;
  contractName: string;
  isActive: boolean;
  logo: string | null;
};

/** `%text%` for ILIKE, with its wildcards escaped and NUL bytes (which PostgreSQL text refuses) dropped. */
function containsPattern(text: string): string {
  return `%${text.replace(/\u0000/g, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every office, active or not, newest first, ADMIN_OFFICES_PAGE_SIZE per page (`page` from 1); with `q`, only those
 * whose Arabic or English name contains it (case-insensitive). Source: issue 5, Content.
 */
export async function listAdminOffices(
  db: Db,
  locale: Locale,
  options: { q?: string; page: number },
): Promise<Paged<AdminOfficeItem>> {
  const q = options.q?.trim();
  const where: SQL | undefined = q ? or(ilike(s.offices.name_ar, containsPattern(q)), ilike(s.offices.name_en, containsPattern(q))) : undefined;
  const { total, offset, pageCount } = await paging(db, s.offices, where, options.page, ADMIN_OFFICES_PAGE_SIZE);
  const [rows, lookups] = await Promise.all([
    db
      .select()
      .from(s.offices)
      .where(where)
      .orderBy(desc(s.offices.created_at), desc(s.offices.id))
      .limit(ADMIN_OFFICES_PAGE_SIZE)
      .offset(offset),
    getLookups(db),
  ]);
  return {
    items: rows.map((o) => ({
      id: o.id,
      name: locale === "en" ? o.name_en : o.name_ar,
      place: placeName(lookups, o.location_id, locale),
      phone: o.phone,
      contractLevel: o.contract_type_id,
      contractName: nameOf(lookups.byId.contractType.get(o.contract_type_id), locale) ?? "",
      isActive: o.is_active,
      logo: o.logo ? imageUrl(o.logo, 96) : null,
    })),
    total,
    page: options.page,
    pageCount,
  };
}

/** One office as stored, active or not, or null when there is no office with that id (issue 5, Content). */
export async function getOfficeRow(db: Db, id: number): Promise<OfficeRow | null> {
  const [row] = await db.select().from(s.offices).where(eq(s.offices.id, id));
  return row ?? null;
}

/**
 * Creates an active office with its logo (`logo`, the base name of stored WebP files, or null) and records
 * `office.create` in the same transaction; the public office pages see it at once. Returns the new id.
 * Source: issue 5, Content.
 */
export async function createOffice(db: Db, actorId: number, input: OfficeInput, logo: string | null): Promise<number> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.offices)
      .values({ ...input, logo, is_active: true })
      .returning({ id: s.offices.id });
    await recordAudit(tx, {
      actorId,
      action: "office.create",
      subjectType: "office",
      subjectId: row.id,
      details: { name_ar: input.name_ar, name_en: input.name_en, logo },
    });
    return row.id;
  });
  forgetOfficeCounts(db);
  return id;
}

/**
 * Replaces an office's fields, and its logo when `logo` is given (undefined keeps the old one), and records
 * `office.update` with the names of the changed fields, in one transaction. Returns the logo it replaced (null when
 * none was replaced), or null when there is no office with that id (nothing written). Source: issue 5, Content.
 */
export async function updateOffice(
  db: Db,
  actorId: number,
  id: number,
  input: OfficeInput,
  logo?: string,
): Promise<{ replacedImage: string | null } | null> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(s.offices).where(eq(s.offices.id, id)).for("update");
    if (!before) return null;
    const next = { ...input, ...(logo !== undefined ? { logo } : {}) };
    await tx.update(s.offices).set(next).where(eq(s.offices.id, id));
    await recordAudit(tx, {
      actorId,
      action: "office.update",
      subjectType: "office",
      subjectId: id,
      details: { changed: changedFields(before, next) },
    });
    return { replacedImage: logo !== undefined && before.logo !== logo ? before.logo : null };
  });
  if (result) forgetOfficeCounts(db);
  return result;
}

/**
 * Activates (`active` true) or deactivates an office and records `office.activate` or `office.deactivate`, in one
 * transaction; an office already in that state is left alone and nothing is recorded. A deactivated office leaves
 * /offices, /officesResult, the sitemap, and /office/:id and /office-estates/:id answer 404, at once.
 * Source: issue 5, Content.
 */
export async function setOfficeActive(db: Db, actorId: number, id: number, active: boolean): Promise<ToggleOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ToggleOutcome> => {
    const [row] = await tx
      .update(s.offices)
      .set({ is_active: active })
      .where(and(eq(s.offices.id, id), ne(s.offices.is_active, active)))
      .returning({ id: s.offices.id });
    if (!row) {
      const [exists] = await tx.select({ id: s.offices.id }).from(s.offices).where(eq(s.offices.id, id));
      return exists ? "unchanged" : "missing";
    }
    await recordAudit(tx, { actorId, action: active ? "office.activate" : "office.deactivate", subjectType: "office", subjectId: id });
    return "changed";
  });
  if (outcome === "changed") forgetOfficeCounts(db);
  return outcome;
}

/** One listing of an office in the back office: ad number, type and place in the page language, moderation status. */
export type OfficeListingItem = { id: number; stateId: number; type: string; place: string; status: s.EstateStatus };

/**
 * The listings of an office in every status but deleted, newest first, OFFICE_LISTINGS_PAGE_SIZE per page (`page`
 * from 1). Each links to the listing editor (/profile/posts/:id), which admins may use. Source: issue 5, Content.
 */
export async function officeListings(db: Db, officeId: number, locale: Locale, page: number): Promise<Paged<OfficeListingItem>> {
  const where = and(eq(s.estates.office_id, officeId), ne(s.estates.status, "deleted"));
  const { total, offset, pageCount } = await paging(db, s.estates, where, page, OFFICE_LISTINGS_PAGE_SIZE);
  const [rows, lookups] = await Promise.all([
    db
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        estate_type_id: s.estates.estate_type_id,
        location_id: s.estates.location_id,
        status: s.estates.status,
      })
      .from(s.estates)
      .where(where)
      .orderBy(desc(s.estates.created_at), desc(s.estates.id))
      .limit(OFFICE_LISTINGS_PAGE_SIZE)
      .offset(offset),
    getLookups(db),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      stateId: r.state_id,
      type: nameOf(lookups.byId.estateType.get(r.estate_type_id), locale) ?? "",
      place: placeName(lookups, r.location_id, locale),
      status: r.status,
    })),
    total,
    page,
    pageCount,
  };
}

/** Names of the fields of `next` whose values differ from `before` (for the audit entry of an edit). */
function changedFields<T extends Record<string, unknown>>(before: T, next: Partial<T>): string[] {
  return Object.keys(next).filter((key) => next[key as keyof T] !== before[key as keyof T]);
}
