import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { MAX_DB_ID } from "~/platform/forms/id";
import type { Locale } from "~/platform/i18n/i18n";
import { maskPhone } from "~/features/listings/format";
import { areaPrices, listingPricePerM2, type AreaPrices } from "./prices.server";
import { baseCardQuery, cardColumns, cardsOf, imagesOf, toCard, type EstateCard, type EstateImage } from "./estate-card.server";
import { keptCurrentRate } from "./exchange-rate.server";
import { getLookups, VACATION_PERIOD_TYPE_IDS, type GeoPoint } from "~/features/places/lookups.server";
import type { MapPoint } from "~/features/places/map-links";
import { advertiserActive, publicEstate } from "./public-estate.server";
import { FACT_FIELDS, factsOf, type ListingFacts } from "./facts";
import { otherOfferIds } from "./duplicate-groups.server";

/**
 * Which public listings a page shows: the rule of what is public, the newest, one
 * listing (or the 410 page of one that ended), saved ones, whom to contact, and the sitemap's ids. Searches are in
 * estate-search.server.ts; a row becomes a card in estate-card.server.ts.
 */

export type EstateDetail = Omit<EstateCard, "images"> & {
  /** Every photo with its size (the gallery draws them at their own proportions). */
  images: EstateImage[];
  description: string | null;
  /** A daily, weekly or seasonal rental (listed on /vacation-properties). */
  isVacation: boolean;
  locationId: number;
  estateTypeId: number;
  governorateId: number;
  /**
   * Where the listing's place is (its location's point, else its city's or governorate's, then naming the city;
   * decisions 059 and 094), or null.
   */
  point: MapPoint | null;
  office: (NonNullable<EstateCard["office"]> & { address: string; phoneMasked: string }) | null;
  updated: string;
  /** ISO timestamp of the last confirmation (approval or the owner's renewal). */
  confirmed: string;
  /** The owner account's id (null for the staff's listings): the owner's own tools on the page. */
  userId: number | null;
  /** Medians of price per m² around the listing, in its currency (prices.server.ts areaPrices). */
  areaPrices: AreaPrices;
  /** What the advertiser said of the facts Syrians ask before they call (decision 093), each null when not known. */
  facts: ListingFacts;
  /** The other advertisers' published offers of the same property, cheapest first (decision 099). */
  offers: OtherOffer[];
};

/** Another advertiser's offer of the same property (decision 099), as the listing page lists it. */
export type OtherOffer = Pick<EstateCard, "id" | "stateId" | "price" | "currency" | "pricePeriod" | "priceNote" | "office">;

/** The columns of a listing's facts (app/features/listings/facts.ts), for a select. */
const factColumns = Object.fromEntries(FACT_FIELDS.map((name) => [name, s.estates[name]])) as {
  [K in (typeof FACT_FIELDS)[number]]: (typeof s.estates)[K];
};

/** States of a listing that was public and has ended: its page answers 410 and says which. */
export const CLOSED_STATUSES = ["expired", "withdrawn", "sold", "rented"] as const;
export type ClosedStatus = (typeof CLOSED_STATUSES)[number];

/**
 * A listing that has ended (expired, withdrawn, sold or rented) as a card, with what its page needs to find
 * similar listings, or null when `id` is no such listing (or its advertiser is suspended or inactive). Its page
 * answers 410 Gone with these essentials (decision 029).
 */
export async function closedEstate(
  db: Db,
  id: number,
  locale: Locale,
): Promise<{ card: EstateCard; status: ClosedStatus; locationId: number; estateTypeId: number } | null> {
  const [row] = await db
    .select({ ...cardColumns, status: s.estates.status })
    .from(s.estates)
    .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
    .where(and(eq(s.estates.id, id), inArray(s.estates.status, [...CLOSED_STATUSES]), advertiserActive()));
  if (!row) return null;
  const [card] = await cardsOf(db, [row], locale);
  return { card, status: row.status as ClosedStatus, locationId: row.location_id, estateTypeId: row.estate_type_id };
}

/**
 * The place, type and offer type of listing `id` when it is public or has ended (what its similar listings are chosen
 * by, as its page or its 410 page shows them), or null for a listing that never was public, was deleted, or whose
 * advertiser is suspended or inactive. Throws the database's errors.
 */
export async function similarBasis(
  db: Db,
  id: number,
): Promise<{ locationId: number; estateTypeId: number; offerTypeId: number } | null> {
  const [row] = await db
    .select({
      locationId: s.estates.location_id,
      estateTypeId: s.estates.estate_type_id,
      offerTypeId: s.estates.estate_offer_type_id,
    })
    .from(s.estates)
    .where(and(eq(s.estates.id, id), inArray(s.estates.status, ["approved", ...CLOSED_STATUSES]), advertiserActive()));
  return row ?? null;
}

/** The newest public listings (home page), at most `limit`. */
export async function latestEstates(db: Db, locale: Locale, limit = 6): Promise<EstateCard[]> {
  // One card per property (decision 099), as in the results: the estates_public_recent_idx INCLUDE has duplicate_of.
  const rows = await baseCardQuery(db)
    .where(and(publicEstate(), isNull(s.estates.duplicate_of)))
    .orderBy(desc(s.estates.created_at), desc(s.estates.id))
    .limit(limit);
  return cardsOf(db, rows, locale);
}

/** One public listing with its photos and office, or null when there is none with that id (/estate/{id}). */
export async function getEstate(db: Db, id: number, locale: Locale): Promise<EstateDetail | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      description_ar: s.estates.description_ar,
      description_en: s.estates.description_en,
      updated_at: s.estates.updated_at,
      user_id: s.estates.user_id,
      office_address_ar: s.offices.address_ar,
      office_address_en: s.offices.address_en,
      ...factColumns,
    })
    .from(s.estates)
    .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
    .where(and(eq(s.estates.id, id), publicEstate()));
  if (!row) return null;
  const [lookups, imagesById, rate, offerIds] = await Promise.all([
    getLookups(db),
    imagesOf(db, [id]),
    keptCurrentRate(db),
    otherOfferIds(db, id),
  ]);
  const images = imagesById.get(id) ?? [];
  const sypPerUsd = rate?.sypPerUsd ?? null;
  const card = toCard(row, images, lookups, locale, sypPerUsd, offerIds.length);
  const offerRows = offerIds.length ? await baseCardQuery(db).where(inArray(s.estates.id, offerIds)) : [];
  const offers = offerIds.flatMap((offerId): OtherOffer[] => {
    const offer = offerRows.find((r) => r.id === offerId);
    if (!offer) return [];
    const { id, stateId, price, currency, pricePeriod, priceNote, office } = toCard(offer, [], lookups, locale, sypPerUsd);
    return [{ id, stateId, price, currency, pricePeriod, priceNote, office }];
  });
  const prices = await areaPrices(
    db,
    lookups,
    {
      typeId: row.estate_type_id,
      offerTypeId: row.estate_offer_type_id,
      periodTypeId: row.estate_offer_type_id === 1 ? null : row.period_type_id,
      locationId: row.location_id,
      currency: row.currency,
      perM2: listingPricePerM2(lookups, { ...row, price: row.price === null ? null : Number(row.price) }).perM2,
    },
    sypPerUsd,
  );
  const description = locale === "en" ? (row.description_en ?? row.description_ar) : (row.description_ar ?? row.description_en);
  return {
    ...card,
    images,
    description,
    isVacation: row.period_type_id !== null && VACATION_PERIOD_TYPE_IDS.includes(row.period_type_id),
    locationId: row.location_id,
    estateTypeId: row.estate_type_id,
    governorateId: lookups.locationById.get(row.location_id)?.governorate.id ?? 0,
    point: mapPoint(lookups.pointByLocationId.get(row.location_id), locale),
    updated: row.updated_at.toISOString(),
    confirmed: row.confirmed_at.toISOString(),
    userId: row.user_id,
    areaPrices: prices,
    facts: factsOf(row),
    offers,
    office:
      card.office && row.office_phone
        ? {
            ...card.office,
            address: (locale === "en" ? row.office_address_en : row.office_address_ar) ?? "",
            phoneMasked: maskPhone(row.office_phone),
          }
        : null,
  };
}

/** The id of the public listing whose ad number (spec: state_id) is `stateId`, or null (find by ad number). */
export async function estateIdByAdNumber(db: Db, stateId: number): Promise<number | null> {
  if (!Number.isSafeInteger(stateId) || stateId < 1 || stateId > MAX_DB_ID) return null;
  const [row] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.state_id, stateId), publicEstate()));
  return row?.id ?? null;
}

/** Ids and last change of public listings after `afterId`, ascending, for the sitemap (at most `limit`). */
export async function publicEstateIds(db: Db, afterId: number, limit: number): Promise<{ id: number; updated: Date }[]> {
  return db
    .select({ id: s.estates.id, updated: s.estates.updated_at })
    .from(s.estates)
    .where(and(publicEstate(), sql`${s.estates.id} > ${afterId}`))
    .orderBy(asc(s.estates.id))
    .limit(limit);
}

/** The number of public listings and the highest id (sitemap chunks). */
export async function publicEstateStats(db: Db): Promise<{ total: number; maxId: number }> {
  const [row] = await db
    .select({ total: count(), maxId: sql<number>`coalesce(max(${s.estates.id}), 0)` })
    .from(s.estates)
    .where(publicEstate());
  return { total: Number(row.total), maxId: Number(row.maxId) };
}

/** Public listings with the given ids as cards, in the order of `ids` (saved properties on /profile). */
export async function estateCardsByIds(db: Db, ids: number[], locale: Locale): Promise<EstateCard[]> {
  if (!ids.length) return [];
  const rows = await baseCardQuery(db).where(and(inArray(s.estates.id, ids), publicEstate()));
  const cards = await cardsOf(db, rows, locale);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)).filter((c): c is EstateCard => c !== undefined);
}

/**
 * Whom to contact about a public listing (logged-in users only): the listing's own number or else its
 * office's, in E.164 or as stored, the office's WhatsApp number when it has one, the office's name (null for a
 * private owner), and what a message needs to name the listing. Null when the listing is not public.
 */
export async function estateContact(
  db: Db,
  id: number,
  locale: Locale,
): Promise<{ phone: string; whatsapp: string; name: string | null; card: EstateCard } | null> {
  const [row] = await db
    .select({ ...cardColumns, office_whatsapp: s.offices.whatsapp })
    .from(s.estates)
    .leftJoin(s.offices, eq(s.offices.id, s.estates.office_id))
    .where(and(eq(s.estates.id, id), publicEstate()));
  if (!row) return null;
  const phone = row.phone ?? row.office_phone;
  if (!phone) return null;
  const [card] = await cardsOf(db, [row], locale);
  // The listing's own number when it has one (as its masked number on cards), else the office's numbers.
  return { phone, whatsapp: row.phone ?? row.office_whatsapp ?? phone, name: card.office?.name ?? null, card };
}

/** A place's point as the listing page shows it, its city named in `locale` (decision 094); null without a point. */
function mapPoint(point: GeoPoint | undefined, locale: Locale): MapPoint | null {
  if (!point) return null;
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    city: point.city ? (locale === "en" ? point.city.name_en : point.city.name_ar) : null,
  };
}
