import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { imageUrl } from "~/platform/images/images.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { isoDay } from "~/platform/i18n/dates";
import { formatPrice, maskPhone } from "~/features/listings/format";
import { keptCurrentRate } from "./exchange-rate.server";
import { getLookups, nameOf, RENT_OFFER_TYPE_ID, type Lookups } from "~/features/places/lookups.server";
import { listingPricePerM2, otherCurrency } from "./prices.server";
import { officeVerification } from "~/features/listings/office-verification.server";

/**
 * How a listing row becomes what a property card shows: the card's columns (the listing and its office),
 * its photos in gallery order, and every name in the page's language. The queries that choose which listings are
 * estate.server.ts.
 */

/** One photo of a listing: URLs of the stored widths and the size of the largest (pixels). */
export type EstateImage = { id: number; index: number; small: string; large: string; width: number; height: number };
/**
 * A photo as a card shows it (its strip draws every photo at 400×300): the URLs only, so that a page of cards
 * carries no more loader data than it uses (decision 029 won back the search page's bytes this way).
 */
export type CardImage = Pick<EstateImage, "id" | "small" | "large">;

/** What a property card shows, named in the page's language. */
export type EstateCard = {
  id: number;
  /** The ad number (spec: state_id). */
  stateId: number;
  /** Whole units of `currency` (SYP unless the owner chose USD); null is "price on request". */
  price: number | null;
  currency: string;
  /**
   * The line under the price, written in the page's language, or null when it would be empty: the price
   * in the other currency at the current exchange rate marked approximate ("≈ 12,300 US$": whole SYP for a USD
   * price, whole USD for a SYP price; left out without a rate), then the price per m² in `currency` ("1,250,000
   * SYP/m²", a monthly or yearly rent's per month; left out for an area unit of unknown size and for nightly, weekly
   * and seasonal rents, decision 057), joined by " · ". Written here so that the cards' JavaScript formats nothing.
   */
  priceNote: string | null;
  negotiable: boolean;
  furnished: boolean;
  offerTypeId: number;
  offerType: string;
  periodType: string | null;
  /** What a rent's price is for, written after it ("/ month", "/ night"; decision 057); null for a sale. */
  pricePeriod: string | null;
  estateType: string;
  /** "governorate, location" */
  place: string;
  governorate: string;
  location: string;
  interiorStatus: string | null;
  ownershipType: string | null;
  area: number;
  areaUnit: string;
  rooms: number | null;
  floor: number | null;
  pool: boolean;
  /** Hours of grid electricity a day (0 to 24), null when not known (decision 093: the first thing Syrians ask). */
  electricityHours: number | null;
  /** Whether it has solar panels, null when not known. */
  solar: boolean | null;
  /** The day of publication in Damascus, YYYY-MM-DD (dates.ts isoDay; formatDate writes it as DD.MM.YYYY). */
  date: string;
  /**
   * When the listing was last confirmed, relative to today in the page's language ("updated 3 days ago";
   * freshnessText below), written on the server so the cards' JavaScript computes no dates.
   */
  freshness: string;
  /** 1 free, 2 silver, 3 bronze, 4 gold. */
  contractLevel: number;
  contractName: string;
  /**
   * The office that offers it: `verifiedMonth` is the month of its licence check while the check holds ("November
   * 2026", decision 090), else null.
   */
  office: { id: number; name: string; logo: string | null; verifiedMonth: string | null } | null;
  /** Posted by its owner (estate_ownership 1) and no office: the card says "Owner" (decision 100). */
  ownerPosted: boolean;
  /** The contact number, masked for visitors. */
  phoneMasked: string | null;
  images: CardImage[];
  /** How many other advertisers' published offers of the same property this card stands for (decision 099). */
  otherOffers: number;
};

export const cardColumns = {
  id: s.estates.id,
  state_id: s.estates.state_id,
  price: s.estates.price,
  currency: s.estates.currency,
  negotiable: s.estates.negotiable,
  furnished: s.estates.furnished,
  location_id: s.estates.location_id,
  estate_type_id: s.estates.estate_type_id,
  estate_offer_type_id: s.estates.estate_offer_type_id,
  ownership_type_id: s.estates.ownership_type_id,
  estate_ownership: s.estates.estate_ownership,
  interior_status_id: s.estates.interior_status_id,
  period_type_id: s.estates.period_type_id,
  area: s.estates.area,
  area_unit_id: s.estates.area_unit_id,
  rooms_count: s.estates.rooms_count,
  floor: s.estates.floor,
  swimming_pool: s.estates.swimming_pool,
  electricity_hours: s.estates.electricity_hours,
  solar: s.estates.solar,
  phone: s.estates.phone,
  contract_type_id: s.estates.contract_type_id,
  created_at: s.estates.created_at,
  confirmed_at: s.estates.confirmed_at,
  other_offers: s.estates.other_offers,
  office_id: s.offices.id,
  office_name_ar: s.offices.name_ar,
  office_name_en: s.offices.name_en,
  office_logo: s.offices.logo,
  office_phone: s.offices.phone,
  office_verified: s.offices.verified,
  office_licence_checked_on: s.offices.licence_checked_on,
};

type Columns = typeof cardColumns;
/** A row of the card query; the office columns come from a left join and may be null. */
export type CardRow = {
  [K in keyof Columns]: K extends `office_${string}`
    ? Columns[K]["_"]["data"] | null
    : Columns[K]["_"]["notNull"] extends true
      ? Columns[K]["_"]["data"]
      : Columns[K]["_"]["data"] | null;
};

export function baseCardQuery(db: Db) {
  return db.select(cardColumns).from(s.estates).leftJoin(s.offices, eq(s.offices.id, s.estates.office_id));
}

/** Photos of the given listings, in gallery order, grouped by listing id. */
export async function imagesOf(db: Db, ids: number[]): Promise<Map<number, EstateImage[]>> {
  const byEstate = new Map<number, EstateImage[]>();
  if (!ids.length) return byEstate;
  const rows = await db
    .select()
    .from(s.estate_images)
    .where(inArray(s.estate_images.estate_id, ids))
    .orderBy(asc(s.estate_images.estate_id), asc(s.estate_images.index));
  for (const r of rows) {
    const list = byEstate.get(r.estate_id) ?? [];
    list.push({
      id: r.id,
      index: r.index,
      small: imageUrl(r.file, 400),
      large: imageUrl(r.file, 800),
      width: r.width,
      height: r.height,
    });
    byEstate.set(r.estate_id, list);
  }
  return byEstate;
}

/**
 * A card of `row` in `locale`: names from `lookups`, the price in the other currency at `sypPerUsd` (whole SYP for
 * 1 USD; null: no approximate price) and the price per m².
 */
export function toCard(
  row: CardRow,
  images: CardImage[],
  lookups: Lookups,
  locale: Locale,
  sypPerUsd: number | null,
  otherOffers = 0,
): EstateCard {
  const price = row.price === null ? null : Number(row.price);
  const t = getLocaleT(locale);
  const label = (currency: string) => t(currency === "USD" ? "card.currencyUSD" : "card.currency");
  const approx = price === null ? null : otherCurrency(price, row.currency, sypPerUsd);
  const { perM2, perMonth } = listingPricePerM2(lookups, { ...row, price });
  const rent = row.estate_offer_type_id === RENT_OFFER_TYPE_ID;
  // A rent's price is for its period in either currency: "250 US$ / month", "≈ 27,500 ل.س / month".
  const pricePeriod = rent && row.period_type_id ? t(`card.per.${row.period_type_id}`) : null;
  const per = pricePeriod ? ` / ${pricePeriod}` : "";
  const place = lookups.locationById.get(row.location_id);
  const governorate = nameOf(place?.governorate, locale) ?? "";
  const location = nameOf(place?.location, locale) ?? "";
  const phone = row.phone ?? row.office_phone;
  return {
    id: row.id,
    stateId: row.state_id,
    price,
    currency: row.currency,
    priceNote:
      [
        approx === null ? null : `${formatPrice(approx, label(row.currency === "USD" ? "SYP" : "USD"), true)}${per}`,
        perM2 === null
          ? null
          : t(perMonth ? "card.perM2Month" : "card.perM2", { price: formatPrice(perM2, label(row.currency)) }),
      ]
        .filter((part) => part !== null)
        .join(" · ") || null,
    negotiable: row.negotiable,
    furnished: row.furnished,
    offerTypeId: row.estate_offer_type_id,
    offerType: nameOf(lookups.byId.offerType.get(row.estate_offer_type_id), locale) ?? "",
    periodType: row.period_type_id ? nameOf(lookups.byId.periodType.get(row.period_type_id), locale) : null,
    pricePeriod,
    estateType: nameOf(lookups.byId.estateType.get(row.estate_type_id), locale) ?? "",
    place: [governorate, location].filter(Boolean).join(locale === "ar" ? "، " : ", "),
    governorate,
    location,
    interiorStatus: row.interior_status_id ? nameOf(lookups.byId.interiorStatus.get(row.interior_status_id), locale) : null,
    ownershipType: row.ownership_type_id ? nameOf(lookups.byId.ownershipType.get(row.ownership_type_id), locale) : null,
    area: row.area,
    areaUnit: nameOf(lookups.byId.areaUnit.get(row.area_unit_id), locale) ?? "",
    rooms: row.rooms_count,
    floor: row.floor,
    pool: row.swimming_pool,
    electricityHours: row.electricity_hours,
    solar: row.solar,
    date: isoDay(row.created_at),
    freshness: freshnessText(t as never, row.confirmed_at, new Date()),
    contractLevel: row.contract_type_id,
    contractName: nameOf(lookups.byId.contractType.get(row.contract_type_id), locale) ?? "",
    office: row.office_id
      ? {
          id: row.office_id,
          name: (locale === "en" ? row.office_name_en : row.office_name_ar) ?? "",
          logo: row.office_logo ? imageUrl(row.office_logo, 96) : null,
          verifiedMonth: verifiedMonth(row, locale),
        }
      : null,
    // Decision 100: a listing posted by its owner (no office) says "Owner" where an office's names the office.
    ownerPosted: row.office_id === null && row.estate_ownership === 1,
    phoneMasked: phone ? maskPhone(phone) : null,
    images,
    otherOffers,
  };
}

/** The month of the office's licence check while it holds (decision 090), else null. */
function verifiedMonth(row: CardRow, locale: Locale): string | null {
  const verification = officeVerification(
    { verified: row.office_verified, licence_checked_on: row.office_licence_checked_on },
    locale,
  );
  return verification && !verification.lapsed ? verification.month : null;
}

/**
 * Cards of `rows` in `locale`, with their photos and prices at the current exchange rate (see toCard). `photos`, when
 * given, is imagesOf already under way for these rows' ids (cardsOfIds reads them beside the rows).
 */
export async function cardsOf(
  db: Db,
  rows: CardRow[],
  locale: Locale,
  photos?: Promise<Map<number, EstateImage[]>>,
): Promise<EstateCard[]> {
  if (!rows.length) return [];
  const [lookups, images, rate] = await Promise.all([
    getLookups(db),
    photos ??
      imagesOf(
        db,
        rows.map((r) => r.id),
      ),
    keptCurrentRate(db),
  ]);
  const slim = (list: EstateImage[]): CardImage[] => list.map(({ id, small, large }) => ({ id, small, large }));
  return rows.map((r) => toCard(r, slim(images.get(r.id) ?? []), lookups, locale, rate?.sypPerUsd ?? null, r.other_offers));
}

const DAY_MS = 86_400_000;

/** The calendar day of `date` in Damascus as a day number (days since 1970-01-01), for "N days ago". */
function damascusDay(date: Date): number {
  return Date.parse(isoDay(date)) / DAY_MS;
}

/**
 * "Updated today", "updated yesterday", "updated 3 days ago", in `t`'s language with its plural forms:
 * the whole Damascus calendar days between the last confirmation and `now` (a future date counts as today).
 * Written on the server, so cards need no date code in the browser; the page cache keeps a page at most a minute.
 */
export function freshnessText(
  t: (key: string, options?: Record<string, unknown>) => string,
  confirmedAt: Date,
  now: Date,
): string {
  const days = Math.max(0, damascusDay(now) - damascusDay(confirmedAt));
  if (days === 0) return t("card.updatedToday");
  if (days === 1) return t("card.updatedYesterday");
  return t("card.updatedDaysAgo", { count: days });
}
