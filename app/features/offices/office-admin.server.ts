import { and, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { recordAudit } from "~/platform/db/audit.server";
import { changedFields, paging, type Paged, type ToggleOutcome } from "~/platform/db/back-office.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import { forgetOfficeCounts } from "./office.server";
import { regroupAdvertiser } from "~/features/posts/duplicates.server";

/**
 * Offices in the back office: every office, active or not, created, edited (names, phone numbers,
 * addresses, place, logo, contract level), activated or deactivated by admins, and each office's listings. Every
 * write and its audit entry are one transaction; the public office pages (office.server.ts) show only active
 * offices and see a change at once. Logos are stored by the caller; here they are only base names of WebP files.
 */

/** Rows per page of the back office's office list and of an office's listings. */
export const ADMIN_OFFICES_PAGE_SIZE = 20;
export const OFFICE_LISTINGS_PAGE_SIZE = 25;

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
 * whose Arabic or English name contains it (case-insensitive).
 */
export async function listAdminOffices(
  db: Db,
  locale: Locale,
  options: { q?: string; page: number },
): Promise<Paged<AdminOfficeItem>> {
  const q = options.q?.trim();
  const where: SQL | undefined = q
    ? or(ilike(s.offices.name_ar, containsPattern(q)), ilike(s.offices.name_en, containsPattern(q)))
    : undefined;
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

/** One office as stored, active or not, or null when there is no office with that id. */
export async function getOfficeRow(db: Db, id: number): Promise<OfficeRow | null> {
  const [row] = await db.select().from(s.offices).where(eq(s.offices.id, id));
  return row ?? null;
}

/**
 * Creates an active office with its logo (`logo`, the base name of stored WebP files, or null) and records
 * `office.create` in the same transaction; the public office pages see it at once. Returns the new id.
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
 * none was replaced), or null when there is no office with that id (nothing written).
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
 * /offices, /officesResult, the sitemap, and /office/:id and /office-estates/:id answer 404, at once; its listings
 * leave the results and their groups of duplicates, whose other listings show, and come back to them when it is
 * activated (regroupAdvertiser, decision 103).
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
    await regroupAdvertiser(tx, { office_id: id });
    await recordAudit(tx, {
      actorId,
      action: active ? "office.activate" : "office.deactivate",
      subjectType: "office",
      subjectId: id,
    });
    return "changed";
  });
  if (outcome === "changed") forgetOfficeCounts(db);
  return outcome;
}

/**
 * An office's licence as the staff record it (decision 090): `licence_checked_on` YYYY-MM-DD; `verified` needs the
 * three others (licenceSchema checks it).
 */
export type LicenceInput = {
  licence_number: string | null;
  licence_issuer: string | null;
  licence_checked_on: string | null;
  verified: boolean;
};

/**
 * Records an office's licence and whether it is verified, with its audit entry, in one transaction: `office.verify`
 * when it becomes verified, `office.unverify` when it stops being so, `office.licence` for any other change (each with
 * the licence as recorded); nothing is written or recorded when nothing changed. Office cards and listing cards show
 * the change at once (their office counts are dropped). Returns "missing" when there is no office with that id.
 */
export async function setOfficeLicence(db: Db, actorId: number, id: number, input: LicenceInput): Promise<ToggleOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ToggleOutcome> => {
    const [before] = await tx.select().from(s.offices).where(eq(s.offices.id, id)).for("update");
    if (!before) return "missing";
    const changed = changedFields(before, input);
    if (!changed.length) return "unchanged";
    await tx.update(s.offices).set(input).where(eq(s.offices.id, id));
    const action =
      input.verified && !before.verified
        ? "office.verify"
        : !input.verified && before.verified
          ? "office.unverify"
          : "office.licence";
    await recordAudit(tx, {
      actorId,
      action,
      subjectType: "office",
      subjectId: id,
      details: { changed, ...input },
    });
    return "changed";
  });
  if (outcome === "changed") forgetOfficeCounts(db);
  return outcome;
}

/** One listing of an office in the back office: ad number, type and place in the page language, moderation status. */
export type OfficeListingItem = { id: number; stateId: number; type: string; place: string; status: s.EstateStatus };

/**
 * The listings of an office in every status but deleted, newest first, OFFICE_LISTINGS_PAGE_SIZE per page (`page`
 * from 1). Each links to the listing editor (/profile/posts/:id), which admins may use.
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
