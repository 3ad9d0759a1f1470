import type * as z from "zod/v4";
import type { StoredImage } from "~/platform/db/schema";
import type { photoActionSchema, postEditSchema } from "~/features/posts/post-forms";
import type { PostFields } from "./post.server";
import { FACT_FIELDS, factsFor, type ListingFacts } from "~/features/listings/facts";
import { RENT_OFFER_TYPE_ID, SHOP_TYPE_ID } from "~/features/places/lookups.server";

/**
 * The post editor's form (routes/post-editor.tsx) and a post's working copy (moderation's
 * PostFields and photo list), both ways: the values the form shows, the fields a post of the form stores, and the
 * photo list after one change. Pure functions; nothing here reads or writes the database.
 */

/** The names of the editor's fields (postEditSchema). */
export type PostFormField = keyof z.input<typeof postEditSchema>;

/**
 * Which facts of its kind a listing has besides the common ones (decision 093): a rent's months paid upfront
 * (offer type RENT_OFFER_TYPE_ID), a shop's key money (type SHOP_TYPE_ID).
 */
export function factKindOf(listing: { estate_offer_type_id: number; estate_type_id: number }): { rent: boolean; shop: boolean } {
  return { rent: listing.estate_offer_type_id === RENT_OFFER_TYPE_ID, shop: listing.estate_type_id === SHOP_TYPE_ID };
}

/** The names of the fact fields (factsShape), which are the facts' own (ListingFacts). */
type FactField = keyof ListingFacts;

/**
 * What the editor's fields show for a post's fields (strings, as a form holds them): "" for an empty value, "on"
 * for a checked box, the number's digits (Latin) for price, rooms, floor and area (m²). `description` (the owner's
 * one text) shows the Arabic description, or the English one when there is none. Never throws.
 */
export function postFormValues(fields: PostFields): Record<PostFormField, string> {
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  return {
    price: text(fields.price),
    currency: fields.currency,
    negotiable: fields.negotiable ? "on" : "",
    furnished: fields.furnished ? "on" : "",
    rooms_count: text(fields.rooms_count),
    floor: text(fields.floor),
    area: String(fields.area),
    interior_status_id: text(fields.interior_status_id),
    period_type_id: text(fields.period_type_id),
    description: fields.description_ar ?? fields.description_en ?? "",
    description_ar: fields.description_ar ?? "",
    description_en: fields.description_en ?? "",
    ...factFormValues(fields),
  };
}

/**
 * What the editor's fact fields show: "" for "not known", "1" or "0" for yes or no, the number's Latin digits, the
 * list value as stored; key money's currency SYP when none is stored (the select's first choice).
 */
export function factFormValues(facts: ListingFacts): Record<keyof ListingFacts, string> {
  const values = Object.fromEntries(
    FACT_FIELDS.map((name) => {
      const value = facts[name];
      return [name, value === null ? "" : typeof value === "boolean" ? (value ? "1" : "0") : String(value)];
    }),
  ) as Record<keyof ListingFacts, string>;
  return { ...values, key_money_currency: facts.key_money_currency ?? "SYP" };
}

/**
 * The facts of a valid form holding the fact fields (`value`: postEditSchema's or factsCorrectionSchema's output),
 * each missing one null ("not known").
 */
export function factsOfForm(value: Pick<z.output<typeof postEditSchema>, FactField>): ListingFacts {
  const yesNo = (v: "1" | "0" | undefined) => (v === undefined ? null : v === "1");
  return {
    electricity_hours: value.electricity_hours ?? null,
    solar: yesNo(value.solar),
    solar_kw: value.solar_kw ?? null,
    generator_amperes: value.generator_amperes ?? null,
    water_tank: yesNo(value.water_tank),
    elevator: yesNo(value.elevator),
    building_floors: value.building_floors ?? null,
    building_age_years: value.building_age_years ?? null,
    facing: value.facing ?? null,
    parking: yesNo(value.parking),
    heating: value.heating ?? null,
    internet: value.internet ?? null,
    upfront_months: value.upfront_months ?? null,
    key_money: value.key_money ?? null,
    key_money_currency: value.key_money === undefined ? null : value.key_money_currency,
  };
}

/**
 * The fields a valid post of the editor stores (`value`, postEditSchema's output): a missing price is "price on
 * request" (null); the staff's listings (`staff`) keep a description per language, an owner's one description
 * stands for both; the facts a listing of its kind (`kind`: a rent, a shop) can have (factsFor: upfront months on
 * a rent, key money on a shop). Never throws.
 */
export function postFieldsOf(
  value: z.output<typeof postEditSchema>,
  staff: boolean,
  kind: { rent: boolean; shop: boolean },
): PostFields {
  return {
    ...factsFor(factsOfForm(value), kind),
    price: value.price ?? null,
    currency: value.currency,
    negotiable: value.negotiable === "on",
    furnished: value.furnished === "on",
    rooms_count: value.rooms_count ?? null,
    floor: value.floor ?? null,
    area: value.area,
    interior_status_id: value.interior_status_id ?? null,
    period_type_id: value.period_type_id ?? null,
    description_ar: (staff ? value.description_ar : value.description) ?? null,
    description_en: (staff ? value.description_en : value.description) ?? null,
  };
}

/**
 * A post's photos after one change of the editor (photoActionSchema): `file` becomes the cover, moves up or down
 * one place, or is removed. A file that is not in the list changes nothing. Returns a new list. Never throws.
 */
export function photosAfter(images: readonly StoredImage[], change: z.output<typeof photoActionSchema>): StoredImage[] {
  const list = [...images];
  const at = list.findIndex((img) => img.file === change.file);
  if (at < 0) return list;
  const [img] = list.splice(at, 1);
  if (change.intent === "cover") list.unshift(img);
  else if (change.intent === "up") list.splice(Math.max(at - 1, 0), 0, img);
  else if (change.intent === "down") list.splice(Math.min(at + 1, list.length), 0, img);
  return list;
}

/**
 * A post's photos with `added` at the end, cut at `max` (PHOTO_LIMITS.maxFiles): the list and which of `added` it
 * took (the others are to be deleted again). Never throws.
 */
export function photosWith(
  images: readonly StoredImage[],
  added: readonly StoredImage[],
  max: number,
): { images: StoredImage[]; taken: StoredImage[] } {
  const list = [...images, ...added].slice(0, max);
  return { images: list, taken: added.filter((img) => list.includes(img)) };
}
