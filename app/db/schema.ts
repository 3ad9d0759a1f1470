/**
 * The one drizzle schema of the marketplace (spec section 3), used on PGlite and on PostgreSQL alike.
 * Money is an integer number of Syrian pounds (bigint, SYP); area is square metres unless `area_unit_id` says otherwise;
 * every time is timestamptz. Every foreign key and every column that search filters or sorts on is indexed.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A bilingual lookup list of the spec (id, name_ar, name_en); ids are fixed by the spec where it gives them. */
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

/** Price ranges of spec 3 in SYP; `max` null means no upper bound. Id 1 is "undefined" (any price). */
export const price_domains = pgTable("price_domains", {
  id: integer("id").primaryKey(),
  min: bigint("min", { mode: "number" }).notNull(),
  max: bigint("max", { mode: "number" }),
  name_ar: text("name_ar").notNull(),
  name_en: text("name_en").notNull(),
});

export const governorates = pgTable("governorates", {
  id: serial("id").primaryKey(),
  name_ar: text("name_ar").notNull(),
  name_en: text("name_en").notNull(),
  sort: integer("sort").notNull().default(0),
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
  },
  (t) => [index("locations_governorate_id_idx").on(t.governorate_id)],
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
  },
  (t) => [
    index("offices_location_id_idx").on(t.location_id),
    index("offices_contract_type_id_idx").on(t.contract_type_id),
    index("offices_name_ar_idx").on(t.name_ar),
    index("offices_name_en_idx").on(t.name_en),
  ],
);

/** Listing status. Only `approved` listings are public. */
export const ESTATE_STATUSES = ["pending", "approved", "rejected", "deleted"] as const;
export type EstateStatus = (typeof ESTATE_STATUSES)[number];

export const estates = pgTable(
  "estates",
  {
    id: serial("id").primaryKey(),
    /** The ad number shown to users (spec: state_id). */
    state_id: integer("state_id").notNull(),
    status: text("status").$type<EstateStatus>().notNull().default("pending"),
    price: bigint("price", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("SYP"),
    negotiable: boolean("negotiable").notNull().default(false),
    furnished: boolean("furnished").notNull().default(false),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.id),
    estate_type_id: integer("estate_type_id")
      .notNull()
      .references(() => estate_types.id),
    estate_offer_type_id: integer("estate_offer_type_id")
      .notNull()
      .references(() => estate_offer_types.id),
    ownership_type_id: integer("ownership_type_id").references(() => ownership_types.id),
    interior_status_id: integer("interior_status_id").references(() => interior_statuses.id),
    period_type_id: integer("period_type_id").references(() => period_types.id),
    area: real("area").notNull(),
    area_unit_id: integer("area_unit_id")
      .notNull()
      .references(() => area_units.id),
    rooms_count: smallint("rooms_count"),
    floor: smallint("floor"),
    swimming_pool: boolean("swimming_pool").notNull().default(false),
    phone: text("phone"),
    office_id: integer("office_id").references(() => offices.id),
    contract_type_id: integer("contract_type_id")
      .notNull()
      .default(1)
      .references(() => contract_types.id),
    description_ar: text("description_ar"),
    description_en: text("description_en"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("estates_state_id_idx").on(t.state_id),
    index("estates_location_id_idx").on(t.location_id),
    index("estates_estate_type_id_idx").on(t.estate_type_id),
    index("estates_estate_offer_type_id_idx").on(t.estate_offer_type_id),
    index("estates_ownership_type_id_idx").on(t.ownership_type_id),
    index("estates_interior_status_id_idx").on(t.interior_status_id),
    index("estates_period_type_id_idx").on(t.period_type_id),
    index("estates_area_unit_id_idx").on(t.area_unit_id),
    index("estates_contract_type_id_idx").on(t.contract_type_id),
    index("estates_office_id_idx").on(t.office_id),
    index("estates_price_idx").on(t.price),
    index("estates_created_at_idx").on(t.created_at),
    // The search of spec 2.5: public listings by offer type, type and place, newest first.
    index("estates_search_idx")
      .on(t.estate_offer_type_id, t.estate_type_id, t.location_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_public_recent_idx")
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index("estates_status_idx").on(t.status),
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
  },
  (t) => [index("estate_images_estate_id_idx").on(t.estate_id, t.index)],
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
