import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { publicEstate } from "~/features/listings/public-estate.server";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { maskPhone } from "~/features/listings/format";
import { getLookups, nameOf } from "~/features/places/lookups.server";
import { officeVerification, verifiedOffice, type OfficeVerification } from "~/features/listings/office-verification.server";
import { message } from "~/platform/forms/message";
import type { OfficeSearchErrors } from "./OfficeSearch";
import type { parseOfficeQuery } from "~/features/search/search-query";

/** What an office card shows, named in the page's language. */
export type OfficeCard = {
  id: number;
  name: string;
  phoneMasked: string;
  address: string;
  /** "governorate, location" */
  place: string;
  logo: string | null;
  logoLarge: string | null;
  /** 1 free, 2 silver, 3 bronze, 4 gold. */
  contractLevel: number;
  contractName: string;
  rentCount: number;
  saleCount: number;
  /** "Verified office" with the month of the check, or lapsed (decision 090); null when never verified. */
  verification: OfficeVerification;
};

type Counts = Map<number, { rent: number; sale: number }>;
const COUNTS_TTL_MS = 60_000;
const countsCache = new WeakMap<Db, { at: number; counts: Promise<Counts> }>();

/**
 * Public listings of every office, split into rent (offer type 2) and sale (offer type 1). One grouped scan of the
 * listings, kept for a minute per database handle: the counts on office cards may lag a minute behind.
 */
function officeCounts(db: Db): Promise<Counts> {
  const cached = countsCache.get(db);
  if (cached && Date.now() - cached.at < COUNTS_TTL_MS) return cached.counts;
  const counts = (async () => {
    const rows = await db
      .select({ office_id: s.estates.office_id, offer: s.estates.estate_offer_type_id, n: count() })
      .from(s.estates)
      .where(and(sql`${s.estates.office_id} is not null`, publicEstate()))
      .groupBy(s.estates.office_id, s.estates.estate_offer_type_id);
    const result: Counts = new Map();
    for (const r of rows) {
      if (r.office_id === null) continue;
      const entry = result.get(r.office_id) ?? { rent: 0, sale: 0 };
      if (r.offer === 2) entry.rent += Number(r.n);
      else entry.sale += Number(r.n);
      result.set(r.office_id, entry);
    }
    return result;
  })();
  countsCache.set(db, { at: Date.now(), counts });
  counts.catch(() => countsCache.delete(db));
  return counts;
}

/** Drops the cached office counts of `db` (after a listing is published, unpublished or deleted). */
export function forgetOfficeCounts(db: Db): void {
  countsCache.delete(db);
}

async function toCards(db: Db, rows: (typeof s.offices.$inferSelect)[], locale: Locale): Promise<OfficeCard[]> {
  const lookups = await getLookups(db);
  const counts = await officeCounts(db);
  return rows.map((o) => {
    const place = lookups.locationById.get(o.location_id);
    return {
      id: o.id,
      name: locale === "en" ? o.name_en : o.name_ar,
      phoneMasked: maskPhone(o.phone),
      address: locale === "en" ? o.address_en : o.address_ar,
      place: [nameOf(place?.governorate, locale), nameOf(place?.location, locale)]
        .filter(Boolean)
        .join(locale === "ar" ? "، " : ", "),
      logo: o.logo ? imageUrl(o.logo, 96) : null,
      logoLarge: o.logo ? imageUrl(o.logo, 192) : null,
      contractLevel: o.contract_type_id,
      contractName: nameOf(lookups.byId.contractType.get(o.contract_type_id), locale) ?? "",
      rentCount: counts.get(o.id)?.rent ?? 0,
      saleCount: counts.get(o.id)?.sale ?? 0,
      verification: officeVerification(o, locale),
    };
  });
}

const activeOrder = [sql`${s.offices.contract_type_id} desc`, asc(s.offices.id)];

/** Every active office, the higher contract levels first. */
export async function listOffices(db: Db, locale: Locale): Promise<OfficeCard[]> {
  const rows = await db
    .select()
    .from(s.offices)
    .where(eq(s.offices.is_active, true))
    .orderBy(...activeOrder);
  return toCards(db, rows, locale);
}

/** What the office search can narrow to besides place or name: `verified`, only offices verified today (decision 090). */
export type OfficeSearchOptions = { verified?: boolean };

/**
 * Offices serving a place: offices in the governorate of `locationId`, those in the
 * location itself first (docs/decisions/005-office-search-by-place.md). Empty for an unknown location.
 */
export async function searchOfficesByPlace(
  db: Db,
  locationId: number,
  locale: Locale,
  options: OfficeSearchOptions = {},
): Promise<OfficeCard[]> {
  const lookups = await getLookups(db);
  const place = lookups.locationById.get(locationId);
  if (!place) return [];
  const gov = lookups.governorates.find((g) => g.id === place.governorate.id)!;
  const rows = await db
    .select()
    .from(s.offices)
    .where(
      and(
        eq(s.offices.is_active, true),
        inArray(
          s.offices.location_id,
          gov.locations.map((l) => l.id),
        ),
        options.verified ? verifiedOffice() : undefined,
      ),
    )
    .orderBy(sql`(${s.offices.location_id} = ${locationId}) desc`, ...activeOrder);
  return toCards(db, rows, locale);
}

/** Offices whose Arabic or English name contains `name`, case-insensitive (with `verified`, only verified ones). */
export async function searchOfficesByName(
  db: Db,
  name: string,
  locale: Locale,
  options: OfficeSearchOptions = {},
): Promise<OfficeCard[]> {
  // PostgreSQL text cannot hold a NUL byte: drop it rather than fail the query.
  const pattern = `%${name.replace(/\u0000/g, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(s.offices)
    .where(
      and(
        eq(s.offices.is_active, true),
        or(ilike(s.offices.name_ar, pattern), ilike(s.offices.name_en, pattern)),
        options.verified ? verifiedOffice() : undefined,
      ),
    )
    .orderBy(...activeOrder)
    .limit(100);
  return toCards(db, rows, locale);
}

/**
 * The office search of /officesResult and of the apps (POST and GET /api/office/search), from its parsed query
 * (parseOfficeQuery): `searchselected` 2 searches by `name` ('please write the required name' without one), anything
 * else by place (`location_id`, 'please choose the required region' without a known one; decision 005); `verified`
 * keeps the offices verified today (decision 090). Answers the errors (nothing searched) or the offices. Throws the
 * database's errors.
 */
export async function searchOffices(
  db: Db,
  query: ReturnType<typeof parseOfficeQuery>,
  locale: Locale,
): Promise<{ errors: OfficeSearchErrors; offices: OfficeCard[] }> {
  const options = { verified: query.value.verified === "1" };
  if (query.value.searchselected !== "2") {
    const id = query.value.location_id;
    const lookups = await getLookups(db);
    if (id === undefined || !lookups.locationById.has(id))
      return { errors: { location_id: [message("offices.errors.place")] }, offices: [] };
    return { errors: {}, offices: await searchOfficesByPlace(db, id, locale, options) };
  }
  if (!query.value.name) return { errors: { name: [message("offices.errors.name")] }, offices: [] };
  return { errors: {}, offices: await searchOfficesByName(db, query.value.name, locale, options) };
}

/** One active office as a card, or null (/office/{id}). */
export async function getOffice(db: Db, id: number, locale: Locale): Promise<OfficeCard | null> {
  const rows = await db
    .select()
    .from(s.offices)
    .where(and(eq(s.offices.id, id), eq(s.offices.is_active, true)));
  if (!rows.length) return null;
  const [card] = await toCards(db, rows, locale);
  return card;
}

/** Offices with the most public rentals (the home page's rental-offices teaser), at most `limit`. */
export async function topRentalOffices(db: Db, locale: Locale, limit = 4): Promise<OfficeCard[]> {
  const counts = await officeCounts(db);
  const ids = [...counts.entries()]
    .filter(([, c]) => c.rent > 0)
    .sort((a, b) => b[1].rent - a[1].rent || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(s.offices)
    .where(and(inArray(s.offices.id, ids), eq(s.offices.is_active, true)));
  const cards = await toCards(db, rows, locale);
  return ids.map((id) => cards.find((c) => c.id === id)).filter((c): c is OfficeCard => Boolean(c));
}

/** Ids of active offices (sitemap). */
export async function activeOfficeIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: s.offices.id })
    .from(s.offices)
    .where(eq(s.offices.is_active, true))
    .orderBy(asc(s.offices.id));
  return rows.map((r) => r.id);
}

/** An active office's name and numbers for the contact dialog of logged-in users, or null. */
export async function officeContact(
  db: Db,
  id: number,
  locale: Locale,
): Promise<{ name: string; phone: string; whatsapp: string } | null> {
  const [row] = await db
    .select({ name_ar: s.offices.name_ar, name_en: s.offices.name_en, phone: s.offices.phone, whatsapp: s.offices.whatsapp })
    .from(s.offices)
    .where(and(eq(s.offices.id, id), eq(s.offices.is_active, true)));
  if (!row) return null;
  return { name: locale === "en" ? row.name_en : row.name_ar, phone: row.phone, whatsapp: row.whatsapp ?? row.phone };
}
