/**
 * The one drizzle schema of the marketplace, used on PGlite and on PostgreSQL alike.
 * Money is an integer number of Syrian pounds (bigint, SYP); area is square metres unless `area_unit_id` says otherwise;
 * every time is timestamptz. Every foreign key and every column that search filters or sorts on is indexed.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  customType,
  date,
  doublePrecision,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** A bilingual lookup list (id, name_ar, name_en); ids are fixed (app/platform/db/seed/data/lookups.ts). */
function lookupTable<N extends string>(name: N) {
  return pgTable(name, {
    id: integer("id").primaryKey(),
    name_ar: text("name_ar").notNull(),
    name_en: text("name_en").notNull(),
    sort: integer("sort").notNull().default(0),
  });
}

export const ownership_types = lookupTable("ownership_types");
export const estate_types = lookupTable("estate_types");
export const contract_types = lookupTable("contract_types");
export const interior_statuses = lookupTable("interior_statuses");
export const estate_offer_types = lookupTable("estate_offer_types");
export const period_types = lookupTable("period_types");
export const area_units = lookupTable("area_units");
export const report_reasons = lookupTable("report_reasons");

/**
 * Price bands in new SYP (`min` inclusive, `max` exclusive; null: no upper bound), each of one offer type
 * (`estate_offer_type_id`: 1 sale, 2 rent; migration 0042, docs/decisions/087-typed-words-answered-where-typed.md).
 * Id 1 is "undefined" (any price, of no offer type).
 */
export const price_domains = pgTable("price_domains", {
  id: integer("id").primaryKey(),
  min: bigint("min", { mode: "number" }).notNull(),
  max: bigint("max", { mode: "number" }),
  name_ar: text("name_ar").notNull(),
  name_en: text("name_en").notNull(),
  estate_offer_type_id: integer("estate_offer_type_id").references(() => estate_offer_types.id),
});

/**
 * The gazetteer (decision 094): Who's On First's places of Syria, every current locality and the 14 governorates'
 * records, loaded by migration 0037 and never edited by the site. `governorate_wof_id` is the record of its
 * governorate; `feature_code` GeoNames' (PPL, PPLA3…; "region" for a governorate); `source` where Who's On First took
 * the record from (geonames, quattroshapes…).
 */
export const gazetteer = pgTable("gazetteer", {
  wof_id: bigint("wof_id", { mode: "number" }).primaryKey(),
  governorate_wof_id: bigint("governorate_wof_id", { mode: "number" }).notNull(),
  name_en: text("name_en").notNull(),
  name_ar: text("name_ar"),
  feature_code: text("feature_code"),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  geonames_id: integer("geonames_id"),
  source: text("source").notNull(),
});

export const governorates = pgTable("governorates", {
  id: serial("id").primaryKey(),
  name_ar: text("name_ar").notNull(),
  name_en: text("name_en").notNull(),
  sort: integer("sort").notNull().default(0),
  /** The seat's point in degrees (WGS 84), for map links and JSON-LD `geo` (decision 059); null when unknown. */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  /** Its own record in the gazetteer (decision 094). */
  wof_id: bigint("wof_id", { mode: "number" }).references(() => gazetteer.wof_id),
  /** The gazetteer's record of its seat, whose point it has (place_points() copies it; decision 094). */
  seat_wof_id: bigint("seat_wof_id", { mode: "number" }).references(() => gazetteer.wof_id),
});

export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    governorate_id: integer("governorate_id")
      .notNull()
      .references(() => governorates.id),
    name_ar: text("name_ar").notNull(),
    name_en: text("name_en").notNull(),
    /** The place's point in degrees (WGS 84), for map links and JSON-LD `geo` (decision 059); null when unknown. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Its own record in the gazetteer, whose point it has (decision 094); null when the gazetteer lacks it. */
    wof_id: bigint("wof_id", { mode: "number" }).references(() => gazetteer.wof_id),
    /** A city neighbourhood the gazetteer lacks: its city's record, whose point it has, marked as the city's. */
    city_wof_id: bigint("city_wof_id", { mode: "number" }).references(() => gazetteer.wof_id),
    /**
     * A locality the gazetteer adds (gazetteer_places(), decision 095): chosen through the place finder, not offered
     * by the place selects, which list the site's own places.
     */
    from_gazetteer: boolean("from_gazetteer").notNull().default(false),
  },
  (t) => [index("locations_governorate_id_idx").on(t.governorate_id), index("locations_wof_id_idx").on(t.wof_id)],
);

export const offices = pgTable(
  "offices",
  {
    id: serial("id").primaryKey(),
    name_ar: text("name_ar").notNull(),
    name_en: text("name_en").notNull(),
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp"),
    address_ar: text("address_ar").notNull(),
    address_en: text("address_en").notNull(),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.id),
    contract_type_id: integer("contract_type_id")
      .notNull()
      .references(() => contract_types.id),
    logo: text("logo"),
    is_active: boolean("is_active").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The office's trade licence as the staff checked it (decision 090): its number, the body that issued it (a
     * governorate's directorate of trade, a chamber) and the day it was checked (YYYY-MM-DD, Damascus); null until
     * recorded. `verified` is the staff's mark that the licence was seen and is valid; the site says "Verified office"
     * only while `licence_checked_on` is less than a year old (OFFICE_VERIFICATION_DAYS), so a check lapses by itself.
     */
    licence_number: text("licence_number"),
    licence_issuer: text("licence_issuer"),
    licence_checked_on: date("licence_checked_on", { mode: "string" }),
    verified: boolean("verified").notNull().default(false),
  },
  (t) => [
    index("offices_location_id_idx").on(t.location_id),
    index("offices_contract_type_id_idx").on(t.contract_type_id),
    index("offices_name_ar_idx").on(t.name_ar),
    index("offices_name_en_idx").on(t.name_en),
  ],
);

/**
 * Listing status. Only `approved` listings whose owner account (if any) is active are public. The
 * transitions are those of app/features/posts/moderation.server.ts: pending → approved | rejected, rejected → pending (the
 * owner edits and resubmits), approved → rejected (unpublished by an admin), any → deleted. An edit of an approved
 * listing waits in `estate_edits` while the approved version stays public. Decision 029: an approved
 * listing becomes `expired` 60 days after its last confirmation, `withdrawn` when its owner says it is no longer
 * available, `sold` or `rented` when its owner or an admin says so; those pages answer 410. Decision 055:
 * a `draft` is a listing an admin made from a visitor's offer (estate_offers.estate_id); it is never public and
 * waits for its owner to complete it and send it for review (draft → pending).
 */
export const ESTATE_STATUSES = [
  "draft",
  "pending",
  "approved",
  "rejected",
  "deleted",
  "expired",
  "withdrawn",
  "sold",
  "rented",
] as const;
export type EstateStatus = (typeof ESTATE_STATUSES)[number];

/** Why a listing waits for a person (estates.held_reason, decision 100). */
export const HELD_REASONS = ["price_low", "price_high", "rent_as_sale", "reports"] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** PostgreSQL's tsvector (drizzle has no column type for it); read and written only by SQL (migration 0010). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * The facts of a listing Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md,
 * app/features/listings/facts.ts): the same columns on `estates` and on a pending edit (`estate_edits`), every one
 * null when not known. Migration 0040 adds them with their checks (hours 0 to 24, amperes 0 to 100, upfront months 0 to
 * 24, the lists of facing, heating and internet: FACINGS, HEATINGS and INTERNETS there). Key money is whole units of `key_money_currency` (SYP or USD).
 */
function listingFactColumns() {
  return {
    /** Hours of grid electricity a day, 0 to 24. */
    electricity_hours: smallint("electricity_hours"),
    solar: boolean("solar"),
    /** The solar installation's peak kilowatts. */
    solar_kw: real("solar_kw"),
    /** The generator subscription's amperes, 0 (none) to 100. */
    generator_amperes: smallint("generator_amperes"),
    water_tank: boolean("water_tank"),
    elevator: boolean("elevator"),
    building_floors: smallint("building_floors"),
    building_age_years: smallint("building_age_years"),
    facing: text("facing"),
    parking: boolean("parking"),
    heating: text("heating"),
    internet: text("internet"),
    /** A rent's months paid in advance, 0 to 24. */
    upfront_months: smallint("upfront_months"),
    /** A shop's key money (فروغ), whole units of key_money_currency. */
    key_money: bigint("key_money", { mode: "number" }),
    key_money_currency: text("key_money_currency").$type<"SYP" | "USD">(),
  };
}

/** The name of one of a listing's facts, a column of `estates` and `estate_edits` (listingFactColumns). */
export type ListingFactColumn = keyof ReturnType<typeof listingFactColumns>;

export const estates = pgTable(
  "estates",
  {
    id: serial("id").primaryKey(),
    /** The ad number shown to users (spec: state_id). */
    state_id: integer("state_id").notNull(),
    status: text("status").$type<EstateStatus>().notNull().default("pending"),
    /** SYP (or `currency`); null until an owner's post gives one ("price on request"). */
    price: bigint("price", { mode: "number" }),
    currency: text("currency").notNull().default("SYP"),
    /**
     * The price in SYP (decision 027): `price` itself for SYP listings, `price` × the exchange rate in force
     * for USD ones; what price ranges, price domains and price sorts compare, so one index serves them. Kept by the
     * trigger of migration 0011 and refresh_converted_prices() (called when a rate comes into force); never written
     * by the app.
     */
    price_syp: bigint("price_syp", { mode: "number" }),
    /**
     * The price a price sort compares (decision 057): price_syp for a sale, a rent's price_syp per month (a night × 30,
     * a week × 30/7, a season ÷ 3, a year ÷ 12; lookups.server.ts MONTHLY_FACTOR). Kept by the trigger of
     * migration 0011 as changed by 0022; never written by the app.
     */
    price_sort_syp: bigint("price_sort_syp", { mode: "number" }),
    /**
     * price_sort_syp over the area in m² (a dunam is 1,000 m²): a sale's price per m², a rent's per m² per month
     * (decision 057); null without a price or an area. Kept like price_syp.
     */
    price_per_m2_syp: doublePrecision("price_per_m2_syp"),
    negotiable: boolean("negotiable").notNull().default(false),
    furnished: boolean("furnished").notNull().default(false),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.id),
    /**
     * The governorate of `location_id` (decision 031): what a search of a whole governorate compares, so the
     * governorate can lead an index. Kept by the trigger of migration 0015 (and follows a place moved to another
     * governorate); never written by the app.
     */
    governorate_id: integer("governorate_id").references(() => governorates.id),
    estate_type_id: integer("estate_type_id")
      .notNull()
      .references(() => estate_types.id),
    estate_offer_type_id: integer("estate_offer_type_id")
      .notNull()
      .references(() => estate_offer_types.id),
    ownership_type_id: integer("ownership_type_id").references(() => ownership_types.id),
    /**
     * Who posts it, in the advertiser's own word (spec `estate_ownership`: 1 owner, 2 agent, 3 other; migration 0045,
     * decision 100): taken from the post or the offer it was made from; null when not said (the staff's older listings).
     * The search's `estate_ownership=1` is 1 with no office.
     */
    estate_ownership: smallint("estate_ownership"),
    /**
     * Why the version under review was held for a person (decision 100): `price_low` or `price_high` (its price per m²
     * below 40% or above 400% of its area's median), `rent_as_sale` (a rent that reads as a sale price), `reports`
     * (three reports from different accounts within a week took it out of the results). Null when nothing holds it;
     * cleared by the moderator's decision.
     */
    held_reason: text("held_reason").$type<HeldReason>(),
    interior_status_id: integer("interior_status_id").references(() => interior_statuses.id),
    period_type_id: integer("period_type_id").references(() => period_types.id),
    area: real("area").notNull(),
    area_unit_id: integer("area_unit_id")
      .notNull()
      .references(() => area_units.id),
    rooms_count: smallint("rooms_count"),
    floor: smallint("floor"),
    swimming_pool: boolean("swimming_pool").notNull().default(false),
    ...listingFactColumns(),
    phone: text("phone"),
    office_id: integer("office_id").references(() => offices.id),
    contract_type_id: integer("contract_type_id")
      .notNull()
      .default(1)
      .references(() => contract_types.id),
    description_ar: text("description_ar"),
    description_en: text("description_en"),
    /** The account that posted it; null for the offices' listings the staff keep. */
    user_id: integer("user_id").references(() => users.id),
    /** The owner's name as typed on /new-estate (`fullname`). */
    contact_name: text("contact_name"),
    /** When the current review started (the 24-hour promise runs from here). */
    submitted_at: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
    /** Why it was rejected or unpublished, in the owner's language. */
    reject_reason: text("reject_reason"),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last confirmation that the listing is still available (decision 029): its approval, an approved
     * edit, or a renewal by its owner (SMS link or /profile). It expires 60 days after this.
     */
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the owner was sent the expiry warning of the current 60 days; null until then (reset by a renewal). */
    expiry_warned_at: timestamp("expiry_warned_at", { withTimezone: true }),
    /**
     * When the listing first became public (decision 030): what "new listings since the last alert" of a
     * saved search compares. Set by the trigger of migration 0012 the first time `status` becomes approved; an
     * approved edit or a renewal does not change it. Never written by the app.
     */
    published_at: timestamp("published_at", { withTimezone: true }),
    /**
     * The words a visitor can search (decision 024): the listing's title parts (offer type, estate type,
     * governorate and place names in both languages) and both descriptions, Arabic normalised. Kept by the trigger
     * of migration 0010; never written by the app.
     */
    search_tsv: tsvector("search_tsv"),
    /**
     * Decision 099: null for a listing the results show; set on each published duplicate (another advertiser's offer
     * of the same property) but its group's cheapest, and names that one, whose card stands for the group. Written
     * by duplicates.server.ts regroupDuplicates only, in the transaction of a moderation transition.
     */
    duplicate_of: integer("duplicate_of").references((): AnyPgColumn => estates.id, { onDelete: "set null" }),
    /**
     * Decision 099: how many other public offers of the same property a group's cheapest listing stands for ("also
     * offered by 2 others"); 0 for every other listing. Kept with duplicate_of by regroupDuplicates (migration 0047),
     * so a card reads it with its row instead of counting the group in a statement of its own.
     */
    other_offers: integer("other_offers").notNull().default(0),
  },
  (t) => [
    uniqueIndex("estates_state_id_idx").on(t.state_id),
    index("estates_user_id_idx").on(t.user_id),
    index("estates_pending_idx")
      .on(t.submitted_at)
      .where(sql`${t.status} = 'pending'`),
    index("estates_location_id_idx").on(t.location_id),
    // No index of its own on a column of a few values a search filters on (type, offer type, ownership, finishing,
    // period, area unit, contract: decision 068): the planner ANDed such an index's bitmap of tens of thousands of
    // rows with the words' one, which alone finds the few matches. The lists they refer to are never deleted from.
    index("estates_office_id_idx").on(t.office_id),
    index("estates_created_at_idx").on(t.created_at),
    // The search: public listings by offer type, type and place, newest first. Migration 0015 adds to
    // this index and to every other search index below (not the GIN one) INCLUDE of every column a search filters on
    // (decision 031: the filters are tested inside the index, and counts are index-only; drizzle cannot express it).
    // Migration 0043 adds the facts the search filters test and the area's unit to each (decision 093).
    index("estates_search_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.location_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_public_recent_idx")
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Decision 043: sale or rent over the whole country, newest first, where the index cannot test the filter (words):
    // the walk reads only that offer type's listings. Migration 0016 adds the same INCLUDE as above.
    index("estates_offer_recent_idx")
      .on(t.estate_offer_type_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_status_idx").on(t.status),
    // The daily sweeps find the approved listings whose 60 days end soon (warnings) or ended (expiry).
    index("estates_confirmed_at_idx")
      .on(t.confirmed_at)
      .where(sql`${t.status} = 'approved'`),
    // Decision 030: the listings published since a saved search's last check.
    index("estates_published_at_idx")
      .on(t.published_at)
      .where(sql`${t.status} = 'approved'`),
    // Decision 024: word search, price ranges in either currency, the area filter and sort.
    index("estates_search_tsv_idx")
      .using("gin", t.search_tsv)
      .where(sql`${t.status} = 'approved'`),
    // Decision 027: prices compared in SYP whatever the listing's currency, sorted by price or price per m².
    // Decision 027: price ranges over every offer type compare the stated price in SYP.
    index("estates_price_syp_idx")
      .on(t.price_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    // Decision 057: the price sorts compare price_sort_syp (a rent per month), so their indexes are keyed on it.
    index("estates_price_sort_syp_idx")
      .on(t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_price_sort_syp_desc_idx")
      .on(t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // The same orders within one offer type (a sale search must not read past every cheaper rent first).
    index("estates_offer_price_sort_syp_idx")
      .on(t.estate_offer_type_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_offer_price_sort_syp_desc_idx")
      .on(t.estate_offer_type_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Vacation rents by price (migration 0022): their own orders, or a vacation sort reads past every long-term rent.
    index("estates_vacation_price_sort_syp_idx")
      .on(t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved' AND ${t.period_type_id} IN (1, 2, 4)`),
    index("estates_vacation_price_sort_syp_desc_idx")
      .on(t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.period_type_id} IN (1, 2, 4)`),
    // A governorate's vacation rents by price (migration 0027): "by the night, Tartus, cheapest" read 5,000 other
    // vacation rents of the country in the index above to find 13 (decision 068's reasoning, for the coast).
    index("estates_vacation_governorate_price_sort_syp_idx")
      .on(t.governorate_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved' AND ${t.period_type_id} IN (1, 2, 4)`),
    index("estates_vacation_governorate_price_sort_syp_desc_idx")
      .on(t.governorate_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.period_type_id} IN (1, 2, 4)`),
    index("estates_offer_price_per_m2_syp_idx")
      .on(t.estate_offer_type_id, t.price_per_m2_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    // The few USD listings refresh_converted_prices() rewrites when the rate changes.
    index("estates_foreign_currency_idx")
      .on(t.currency)
      .where(sql`${t.currency} <> 'SYP'`),
    // Decision 031: one type's price per m² over the whole country, and a governorate's newest and cheapest.
    index("estates_type_price_per_m2_syp_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.price_per_m2_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_governorate_recent_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.governorate_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_governorate_price_sort_syp_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.governorate_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_area_idx")
      .on(t.area.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Decision 068: a place's listings newest first whatever their type and offer (the place and type that words
    // name become filters without an offer type), and a place's listings of one offer type by price (a rent in Mezzeh,
    // dearest a month): the other search indexes lead with offer type and type, so with either unknown the planner
    // read every listing of the place, or walked the whole country's prices for the place's few. Migration 0025 adds
    // the recent one the INCLUDE of the search indexes above.
    // One type over the whole country, newest first ("villa pool", with or without "for sale"): walked on the
    // recent indexes above, every listing of other types was read from the table to test its words.
    index("estates_type_recent_idx")
      .on(t.estate_type_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_place_recent_idx")
      .on(t.location_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_place_price_sort_syp_idx")
      .on(t.location_id, t.estate_offer_type_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_place_price_sort_syp_desc_idx")
      .on(t.location_id, t.estate_offer_type_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Decision 071: the listings with a swimming pool by governorate and type (migration 0029 adds the INCLUDE of the
    // search indexes): a pool search in a governorate counts and sorts them alone, about one listing in twelve.
    index("estates_pool_idx")
      .on(t.governorate_id, t.estate_type_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.swimming_pool}`),
    // Decision 072: one type's prices within an offer type, both ways (a price sort naming no offer type walks each and
    // merges them), and one type's areas, largest first. Migration 0030 adds the INCLUDE of the search indexes.
    index("estates_offer_type_price_sort_syp_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_offer_type_price_sort_syp_desc_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_type_area_idx")
      .on(t.estate_type_id, t.area.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Decision 073: one governorate's areas, largest first (migration 0031 adds the INCLUDE of the search indexes): the
    // largest listings of a governorate without a type are read there, not among every governorate's lands.
    index("estates_governorate_area_idx")
      .on(t.governorate_id, t.area.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // A floor in a governorate, largest first (migration 0046, with the INCLUDE of the search indexes): the
    // governorate's area order starts with its land and farms, which have no floor.
    index("estates_governorate_floor_area_idx")
      .on(t.governorate_id, t.floor, t.area.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.floor} IS NOT NULL`),
    // Decision 075: the listings with a pool in price order by offer type, both ways, and largest first (migration 0033
    // adds the INCLUDE of the search indexes).
    index("estates_pool_price_sort_syp_idx")
      .on(t.estate_offer_type_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved' AND ${t.swimming_pool}`),
    index("estates_pool_price_sort_syp_desc_idx")
      .on(t.estate_offer_type_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.swimming_pool}`),
    index("estates_pool_area_idx")
      .on(t.area.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.swimming_pool}`),
    // Decision 076: a governorate's prices by offer type, both ways (migration 0034 adds the INCLUDE of the search
    // indexes): a price sort in a governorate without a type walks its governorate only.
    index("estates_governorate_offer_price_sort_syp_idx")
      .on(t.governorate_id, t.estate_offer_type_id, t.price_sort_syp, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("estates_governorate_offer_price_sort_syp_desc_idx")
      .on(t.governorate_id, t.estate_offer_type_id, t.price_sort_syp.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Decision 074: the most rooms of a type, one probe (a type's search asking for more rooms than it has finds none).
    // Decision 099: a group's members (migration 0044 also adds duplicate_of to the INCLUDE of every search index).
    index("estates_duplicate_of_idx")
      .on(t.duplicate_of)
      .where(sql`${t.duplicate_of} IS NOT NULL`),
    index("estates_type_rooms_idx")
      .on(t.estate_type_id, t.rooms_count)
      .where(sql`${t.status} = 'approved'`),
    // Decision 093: a governorate's listings by grid hours (migration 0043 adds the INCLUDE of the search indexes,
    // which also carry the facts since then): "Aleppo, 12 hours or more" reads only that range.
    index("estates_governorate_electricity_idx")
      .on(t.governorate_id, t.electricity_hours, t.id)
      .where(sql`${t.status} = 'approved'`),
    // Decision 084: which finishings an offer type and a type have, one probe each (a price sort's walk of the rents
    // would read every rent of a type to find no frame or shell state, which are listed for sale only).
    index("estates_finishing_offer_type_idx")
      .on(t.interior_status_id, t.estate_offer_type_id, t.estate_type_id)
      .where(sql`${t.status} = 'approved'`),
    // The listings with 16 hours of grid power or more, few and spread over the country (migration 0043).
    index("estates_electricity_high_idx")
      .on(t.electricity_hours, t.id)
      .where(sql`${t.status} = 'approved' AND ${t.electricity_hours} >= 16`),
  ],
);

export const estate_images = pgTable(
  "estate_images",
  {
    id: serial("id").primaryKey(),
    estate_id: integer("estate_id")
      .notNull()
      .references(() => estates.id, { onDelete: "cascade" }),
    /** Position in the gallery, 0 is the cover. */
    index: smallint("index").notNull(),
    /** Base name of the stored WebP files: `${file}-${width}.webp` for each stored width. */
    file: text("file").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Decision 099: the photo's perceptual hash (photoHash), 16 hexadecimal digits; null for photos stored before it. */
    phash: text("phash"),
  },
  (t) => [index("estate_images_estate_id_idx").on(t.estate_id, t.index)],
);

/** A photo as stored: the base name of its WebP files and the largest stored size in pixels. */
export type StoredImage = {
  file: string;
  width: number;
  height: number;
  /** A listing photo's perceptual hash (decision 099), 16 hexadecimal digits; absent for logos, covers and older photos. */
  phash?: string | null;
};

/**
 * An owner's edit of an approved listing: reviewed like a new post while the approved version stays
 * public; approving it copies the fields and the photo list onto the listing. At most one pending edit per listing.
 * `price` is SYP (or `currency`), `area` square metres, `images` in gallery order (the first is the cover).
 */
export const estate_edits = pgTable(
  "estate_edits",
  {
    id: serial("id").primaryKey(),
    estate_id: integer("estate_id")
      .notNull()
      .references(() => estates.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id),
    status: text("status").$type<PostStatus>().notNull().default("pending"),
    price: bigint("price", { mode: "number" }),
    currency: text("currency").notNull().default("SYP"),
    negotiable: boolean("negotiable").notNull().default(false),
    furnished: boolean("furnished").notNull().default(false),
    rooms_count: smallint("rooms_count"),
    floor: smallint("floor"),
    area: real("area").notNull(),
    interior_status_id: integer("interior_status_id").references(() => interior_statuses.id),
    /** The rental period the edit gives (decision 055: owners set it in the editor); null for sales. */
    period_type_id: integer("period_type_id").references(() => period_types.id),
    ...listingFactColumns(),
    description: text("description"),
    images: jsonb("images").$type<StoredImage[]>().notNull().default([]),
    reject_reason: text("reject_reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("estate_edits_one_pending_idx")
      .on(t.estate_id)
      .where(sql`${t.status} = 'pending'`),
    index("estate_edits_status_updated_at_idx").on(t.status, t.updated_at),
    index("estate_edits_user_id_idx").on(t.user_id),
    index("estate_edits_interior_status_id_idx").on(t.interior_status_id),
    index("estate_edits_period_type_id_idx").on(t.period_type_id),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    title_ar: text("title_ar").notNull(),
    title_en: text("title_en").notNull(),
    body_ar: text("body_ar").notNull(),
    body_en: text("body_en").notNull(),
    /** Base name of the cover image files, like estate_images.file. */
    image: text("image"),
    is_published: boolean("is_published").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("articles_created_at_idx").on(t.created_at)],
);

/**
 * Account status: an account exists only once its number is confirmed by SMS (until then it is a row of
 * `registrations`); `suspended` stops every session and reset link at once; `deleted` is an account its owner
 * deleted (decision 092): the row stays as the audit log's pseudonymous id, without name, number or password.
 */
export const USER_STATUSES = ["active", "suspended", "deleted"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles: a visitor has no row; `admin` reaches the moderation pages. */
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Accounts by phone number. `phone` is E.164 (`+963944123456`); `password_hash` is argon2id. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    phone: text("phone").notNull(),
    password_hash: text("password_hash").notNull(),
    status: text("status").$type<UserStatus>().notNull().default("active"),
    role: text("role").$type<UserRole>().notNull().default("user"),
    /** The language the user last used (ar or en): rejection reasons and SMS are written in it. */
    lang: text("lang").notNull().default("ar"),
    suspended_reason: text("suspended_reason"),
    suspended_at: timestamp("suspended_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    activated_at: timestamp("activated_at", { withTimezone: true }),
    /** When its owner deleted the account (decision 092); null for every other account. */
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_phone_idx").on(t.phone),
    // The few accounts that are not active, which publicEstate hashes once per query (decision 031).
    index("users_not_active_idx")
      .on(t.id)
      .where(sql`${t.status} <> 'active'`),
  ],
);

/**
 * Sign-ups waiting for their SMS code. Each sign-up is a row of its own, bound to the
 * browser session that made it, so a second sign-up with the same number never changes the first: the account is
 * made from the registration of the session that enters the code. Rows are deleted when the number is confirmed.
 */
export const registrations = pgTable(
  "registrations",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    password_hash: text("password_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registrations_phone_idx").on(t.phone, t.created_at.desc()),
    index("registrations_created_at_idx").on(t.created_at),
  ],
);

/** Login sessions: only the SHA-256 of the cookie's random token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    token_hash: text("token_hash").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser's User-Agent at login (at most 300 characters), shown as a device in the sessions list. */
    user_agent: text("user_agent"),
    /** The country (ISO 3166 alpha-2) the login came from, as IP_COUNTRY_HEADER said; null when unknown. */
    ip_country: text("ip_country"),
    /** The last request of the session, kept to the hour (decision 092). */
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.token_hash),
    index("sessions_user_id_idx").on(t.user_id),
    index("sessions_expires_at_idx").on(t.expires_at),
  ],
);

/**
 * The apps' API tokens (docs/api.md, decision 088): one row per login of an app, revocable. Only the SHA-256 of the
 * bearer token is stored, with the device's User-Agent (at most 300 characters) and its last use; a token works
 * API_TOKEN_TTL_MS from its last use. Deleting the row revokes it (logout, a password change, "log out everywhere").
 */
export const api_tokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    token_hash: text("token_hash").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    user_agent: text("user_agent").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_idx").on(t.token_hash), index("api_tokens_user_id_idx").on(t.user_id)],
);

/** Purposes of an SMS code. */
export const SMS_CODE_PURPOSES = ["activation", "phone_change"] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/** One-time SMS codes: 6 digits, stored as an HMAC, valid 10 minutes, single-use, at most 5 wrong tries. */
export const sms_codes = pgTable(
  "sms_codes",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose").$type<SmsCodePurpose>().notNull(),
    code_hash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("sms_codes_phone_idx").on(t.phone, t.purpose, t.created_at.desc())],
);

/** Password-reset links sent by SMS (/rp): only the SHA-256 of the token is stored; single-use, 1 hour. */
export const password_resets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("password_resets_token_hash_idx").on(t.token_hash), index("password_resets_user_id_idx").on(t.user_id)],
);

/** Every SMS the default sender "sends": readable by a person trying the product and by tests. */
export const sms_outbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    /**
     * The idempotency key the sender was given (`sms:<job id>` for a message sent by the job queue, decision 028):
     * unique, so one job never leaves two rows. Null for rows written before the queue.
     */
    idempotency_key: text("idempotency_key"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sms_outbox_phone_idx").on(t.phone, t.created_at.desc()),
    uniqueIndex("sms_outbox_idempotency_key_idx").on(t.idempotency_key),
  ],
);

/** Priority classes of outgoing SMS (decision 051): codes and reset links never wait behind bulk messages. */
export const SMS_KINDS = ["code", "bulk"] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
/** The life of one outgoing SMS. */
export const SMS_STATES = ["queued", "sent", "delivered", "failed"] as const;
export type SmsState = (typeof SMS_STATES)[number];

/**
 * Every outgoing SMS and its life (decision 051): queued when the change that causes it commits, sent when
 * a provider took it (`provider`, and its ids per part in sms_parts), delivered when the provider's receipts say so,
 * or failed with `error`. `parts` is the number of SMS parts it took (UCS-2 for Arabic, GSM 7-bit for Latin).
 * `body` is null once a code's text has been handed over (the codes are otherwise stored only hashed).
 */
export const sms_messages = pgTable(
  "sms_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text("phone").notNull(),
    body: text("body"),
    kind: text("kind").$type<SmsKind>().notNull(),
    /** What it is for, for the back office: signup, reset, alert, expiry, renewal, staff, digest, offer_link. */
    purpose: text("purpose").notNull(),
    state: text("state").$type<SmsState>().notNull().default("queued"),
    provider: text("provider"),
    parts: smallint("parts"),
    error: text("error"),
    /** The job that sends it (jobs are removed 7 days after they are done; this id then leads nowhere). */
    job_id: bigint("job_id", { mode: "number" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sms_messages_created_at_idx").on(t.created_at.desc(), t.id.desc()),
    index("sms_messages_phone_idx").on(t.phone, t.created_at.desc()),
    index("sms_messages_state_created_at_idx").on(t.state, t.created_at.desc()),
  ],
);

/**
 * The provider's id of each part of a sent SMS (decision 051), which its delivery receipts name: a receipt is
 * matched here, and the message is delivered when every part is.
 */
export const sms_parts = pgTable(
  "sms_parts",
  {
    provider: text("provider").notNull(),
    provider_message_id: text("provider_message_id").notNull(),
    sms_id: bigint("sms_id", { mode: "number" })
      .notNull()
      .references(() => sms_messages.id, { onDelete: "cascade" }),
    part: smallint("part").notNull(),
    state: text("state").$type<SmsState>().notNull().default("sent"),
    error: text("error"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.provider_message_id] }), index("sms_parts_sms_id_idx").on(t.sms_id)],
);

/**
 * The SMS limits reached (against SMS pumping), counted per Damascus day and limit (`limit_name`:
 * country, phone_day, ip_day, daily_budget): logged, and shown on the back office's first page.
 */
export const sms_limit_hits = pgTable(
  "sms_limit_hits",
  {
    day: text("day").notNull(),
    limit_name: text("limit_name").notNull(),
    hits: integer("hits").notNull().default(0),
    last_at: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.limit_name] })],
);

/**
 * The background job queue (decision 028): one row per piece of work (`task` names a handler of
 * app/jobs/tasks.server.ts, `payload` its input), written in the transaction of the change that causes it. A worker
 * claims due rows (`run_at` passed) with FOR UPDATE SKIP LOCKED and holds them by a lease (`locked_by`,
 * `locked_until`); a lease that runs out (a killed worker) lets another worker take the job again. A failed try
 * puts the job back with an exponential back-off until `max_attempts`, then leaves it `failed` with `last_error`
 * and `last_failure` for the back office (/admin/jobs). `attempts` counts the tries started, whether they ended
 * (done, failed, timed out) or their worker died (decision 047). `key`, when given, is unique: a second job with the same key is not written
 * (de-duplication, and the scheduler's `task:period` keys).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    task: text("task").notNull(),
    payload: jsonb("payload").notNull().default({}),
    key: text("key"),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    run_at: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull().default(5),
    /**
     * Higher runs first among due jobs (decision 051): sign-up codes and reset links (SMS_PRIORITY.code) before bulk
     * messages and housekeeping (0).
     */
    priority: smallint("priority").notNull().default(0),
    locked_by: text("locked_by"),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    last_error: text("last_error"),
    /**
     * What ended the last failed try (decision 047): `error` (the handler threw), `timeout` (it ran past its task's
     * time limit) or `lease_expired` (its worker stopped or hung: the lease ran out); null before any failure.
     */
    last_failure: text("last_failure", { enum: ["error", "timeout", "lease_expired"] }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_key_idx").on(t.key),
    index("jobs_status_run_at_idx").on(t.status, t.run_at),
    index("jobs_queued_priority_idx")
      .on(t.priority.desc(), t.run_at, t.id)
      .where(sql`${t.status} = 'queued'`),
    index("jobs_running_locked_until_idx")
      .on(t.locked_until)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * The exchange rate of the US dollar kept by the back office (Syrians price property in USD): SYP for one
 * USD (`syp_per_usd`, a whole number of Syrian pounds) from `valid_from` on. The current rate is the newest row;
 * each change is a new row (and an audit_log entry), so the history stays. Listings keep their own currency; the
 * rate converts prices for display ("≈") and for searches by price in the other currency.
 */
export const exchange_rates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    syp_per_usd: integer("syp_per_usd").notNull(),
    valid_from: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    set_by: integer("set_by").references(() => users.id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("exchange_rates_valid_from_idx").on(t.valid_from.desc(), t.id.desc())],
);

/**
 * Form posts answered once (docs/decisions/023-offline-forms-and-idempotency.md): a post that carries an
 * idempotency key (a random UUID made in the browser per submission) claims its row before the action runs; the
 * answer of a post that was taken (a redirect) is kept, so that the same submission sent again (a retry after a
 * dropped connection, the offline queue) is answered as the first one was and stored once. `status` is null while
 * the first post runs; `location` and `toast_cookie` (the `__toast` Set-Cookie, the success message) are the
 * answer. Rows older than a day are deleted as new ones come. `key` is the browser's key after whose it is,
 * `<scope>:<uuid>` (decision 046: `u<account id>`, or `v<hash of a visitor's secret>`), so the same key from another
 * account or visitor is another submission.
 */
export const idempotent_posts = pgTable(
  "idempotent_posts",
  {
    key: text("key").notNull(),
    path: text("path").notNull(),
    status: smallint("status"),
    location: text("location"),
    toast_cookie: text("toast_cookie"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.path] }), index("idempotent_posts_created_at_idx").on(t.created_at)],
);

/**
 * Rate-limit counters, in the shape rate-limiter-flexible's RateLimiterDrizzle reads:
 * `key` is `${limiter}:${subject}`, `points` the attempts in the window, `expire` the end of the window.
 */
export const rate_limits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * Captchas already answered (single-use). The answer's hash lives in the signed session cookie; replaying an
 * old cookie would reuse it, so each captcha's random id is recorded here when it is checked. Rows older than a
 * captcha's lifetime are deleted as new ones come.
 */
export const spent_captchas = pgTable(
  "spent_captchas",
  {
    id: text("id").primaryKey(),
    spent_at: timestamp("spent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("spent_captchas_spent_at_idx").on(t.spent_at)],
);

/**
 * States of a visitor's request in the back office's inbox: `new`, `in_progress` (taken by a member of
 * staff, `taken_by`), `done`, `spam`.
 */
export const INBOX_STATES = ["new", "in_progress", "done", "spam"] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/**
 * The inbox columns shared by consultation/contact messages and visitors' offers: the state, who took it, when the
 * state last changed, and when staff were told of it by SMS (null: not yet; the digest at the next opening tells).
 */
function inboxColumns() {
  return {
    inbox_state: text("inbox_state").$type<InboxState>().notNull().default("new"),
    taken_by: integer("taken_by").references(() => users.id, { onDelete: "set null" }),
    inbox_changed_at: timestamp("inbox_changed_at", { withTimezone: true }),
    staff_notified_at: timestamp("staff_notified_at", { withTimezone: true }),
  };
}

/** Kinds of messages sent to the company. */
export const MESSAGE_KINDS = ["consultation", "contact"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Consultation requests and contact messages (name, mobile, subject). */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<MessageKind>().notNull(),
    name: text("name").notNull(),
    mobile: text("mobile").notNull(),
    subject: text("subject").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...inboxColumns(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_kind_created_at_idx").on(t.kind, t.created_at.desc()),
    index("messages_user_id_idx").on(t.user_id),
    index("messages_inbox_state_created_at_idx").on(t.inbox_state, t.created_at.desc()),
  ],
);

/** Moderation states of what users post: pending until an admin approves or rejects it. */
export const POST_STATUSES = ["pending", "approved", "rejected"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * Property offers sent with /new-estate, waiting for moderation. `estate_ownership` is
 * the sender's self-declared relation (1 owner, 2 agent, 3 other); `estate_finishing` is 1 to 6 (interior_statuses).
 * Area is in square metres.
 */
export const estate_offers = pgTable(
  "estate_offers",
  {
    id: serial("id").primaryKey(),
    estate_type_id: integer("estate_type_id").references(() => estate_types.id),
    estate_offer_type_id: integer("estate_offer_type_id")
      .notNull()
      .default(1)
      .references(() => estate_offer_types.id),
    estate_ownership: smallint("estate_ownership"),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.id),
    area: real("area").notNull(),
    estate_finishing: integer("estate_finishing").references(() => interior_statuses.id),
    /** A rental's period (decision 057: required for a rent, none for a sale); carried to the draft made from it. */
    period_type_id: integer("period_type_id").references(() => period_types.id),
    fullname: text("fullname").notNull(),
    mobile: text("mobile").notNull(),
    subject: text("subject").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<PostStatus>().notNull().default("pending"),
    reject_reason: text("reject_reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
    ...inboxColumns(),
    /** The listing draft an admin made from this offer, which the owner completes and sends for review. */
    estate_id: integer("estate_id").references(() => estates.id, { onDelete: "set null" }),
  },
  (t) => [
    index("estate_offers_status_created_at_idx").on(t.status, t.created_at.desc()),
    index("estate_offers_inbox_state_created_at_idx").on(t.inbox_state, t.created_at.desc()),
    index("estate_offers_estate_id_idx").on(t.estate_id),
    index("estate_offers_user_id_idx").on(t.user_id),
    index("estate_offers_location_id_idx").on(t.location_id),
    index("estate_offers_estate_type_id_idx").on(t.estate_type_id),
    index("estate_offers_estate_offer_type_id_idx").on(t.estate_offer_type_id),
    index("estate_offers_estate_finishing_idx").on(t.estate_finishing),
    index("estate_offers_period_type_id_idx").on(t.period_type_id),
  ],
);

/** What users look for: shown on /user-order once approved. Prices in SYP. */
export const property_requests = pgTable(
  "property_requests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    estate_offer_type_id: integer("estate_offer_type_id")
      .notNull()
      .references(() => estate_offer_types.id),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.id),
    estate_type_id: integer("estate_type_id")
      .notNull()
      .references(() => estate_types.id),
    min_price: bigint("min_price", { mode: "number" }),
    max_price: bigint("max_price", { mode: "number" }),
    notes: text("notes").notNull().default(""),
    status: text("status").$type<PostStatus>().notNull().default("pending"),
    reject_reason: text("reject_reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    index("property_requests_status_created_at_idx").on(t.status, t.created_at.desc(), t.id.desc()),
    index("property_requests_user_id_idx").on(t.user_id),
    index("property_requests_location_id_idx").on(t.location_id),
    index("property_requests_estate_type_id_idx").on(t.estate_type_id),
    index("property_requests_estate_offer_type_id_idx").on(t.estate_offer_type_id),
  ],
);

/** Properties a user saved (the save toggle: estate_id, is_saved). */
export const saved_estates = pgTable(
  "saved_estates",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    estate_id: integer("estate_id")
      .notNull()
      .references(() => estates.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.estate_id] }), index("saved_estates_estate_id_idx").on(t.estate_id)],
);

/** Reports of listings (estate_id, report_type_id 1 to 5); one per user and listing, for moderation. */
export const estate_reports = pgTable(
  "estate_reports",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    estate_id: integer("estate_id")
      .notNull()
      .references(() => estates.id, { onDelete: "cascade" }),
    report_type_id: integer("report_type_id")
      .notNull()
      .references(() => report_reasons.id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    /** How an admin closed it: `dismissed` or `unpublished`. */
    resolution: text("resolution"),
  },
  (t) => [
    index("estate_reports_open_idx")
      .on(t.estate_id)
      .where(sql`${t.resolved_at} is null`),
    uniqueIndex("estate_reports_user_estate_idx").on(t.user_id, t.estate_id),
    index("estate_reports_estate_id_idx").on(t.estate_id),
    index("estate_reports_report_type_id_idx").on(t.report_type_id),
  ],
);

/**
 * The audit log: every moderation and back-office action with who (`actor_id`), when, what (`action` on
 * `subject_type` + `subject_id`) and why (`reason`). Rows are only ever inserted: a trigger refuses UPDATE and DELETE.
 */
export const audit_log = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actor_id: integer("actor_id").references(() => users.id),
    action: text("action").notNull(),
    subject_type: text("subject_type").notNull(),
    subject_id: integer("subject_id").notNull(),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.created_at.desc(), t.id.desc()),
    index("audit_log_subject_idx").on(t.subject_type, t.subject_id),
    index("audit_log_actor_id_idx").on(t.actor_id),
  ],
);

/** How often a saved search alerts: `instant` at most one SMS an hour, `daily` at most one a day. */
export const ALERT_FREQUENCIES = ["instant", "daily"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * A search a user keeps (decision 030): `query` is the results page's query string as the filter parser
 * reads it (canonical: known parameters only, in a fixed order, without `page`), `checked_until` the publication
 * time up to which its new listings were counted (the cursor of the alerts), `last_alert_at` the last SMS sent.
 */
export const saved_searches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    frequency: text("frequency").$type<AlertFrequency>().notNull().default("instant"),
    paused: boolean("paused").notNull().default(false),
    checked_until: timestamp("checked_until", { withTimezone: true }).notNull().defaultNow(),
    last_alert_at: timestamp("last_alert_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_id_idx").on(t.user_id, t.id),
    index("saved_searches_due_idx")
      .on(t.frequency, t.checked_until)
      .where(sql`not ${t.paused}`),
  ],
);

/** One alert SMS of a saved search: how many new listings it named; the daily limit counts these rows. */
export const saved_search_alerts = pgTable(
  "saved_search_alerts",
  {
    id: serial("id").primaryKey(),
    saved_search_id: integer("saved_search_id")
      .notNull()
      .references(() => saved_searches.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listings: integer("listings").notNull(),
    since: timestamp("since", { withTimezone: true }).notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_search_alerts_user_sent_idx").on(t.user_id, t.sent_at.desc())],
);
