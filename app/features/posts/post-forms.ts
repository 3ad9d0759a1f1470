import * as z from "zod/v4";
import { toLatinDigits } from "~/platform/forms/text";
import { dbId } from "~/platform/forms/id";
import { message, type Message } from "~/platform/forms/message";
import { refuseBidiControls } from "~/platform/forms/text";
import { flagParam } from "~/platform/forms/queries";
import { formatNumber } from "~/features/listings/format";
import { FACINGS, FACT_LIMITS, HEATINGS, INTERNETS } from "~/features/listings/facts";

/**
 * The public forms as zod schemas, read by the server only: the consultation and contact
 * forms, the new property offer, the property request and the report. Every message is a key of
 * locales/<lang>/forms.json; Conform turns empty fields into `undefined`, so "required" is a missing value.
 * Each schema is built by an arrow function called at once and annotated `@__PURE__`, so that the browser bundle,
 * which imports constants from here but never a schema, drops them and zod (decision 034).
 */

/**
 * The image types the photo, cover and logo file inputs offer (their `accept`); the server decides by the bytes.
 * Here, beside the post forms, so that the post editor and the back office's Content editors share it without the
 * posts importing the back office (docs/decisions/065-a-house-by-feature.md).
 */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** The public forms' field limits (lengths in characters, and the largest area and price). */
export const POST_LIMITS = {
  nameMax: 35,
  mobileMin: 6,
  mobileMax: 15,
  subjectMax: 2000,
  fullnameMax: 100,
  notesMax: 2000,
  /** Areas above this (m²) are typing mistakes: 100 km². */
  areaMax: 100_000_000,
} as const;

/**
 * The largest price a form takes, in whole units of its currency
 * (docs/decisions/082-secrets-in-addresses-prices-backups.md): far above any Syrian property (10^12 new pounds is
 * about 9 billion dollars at 110 pounds to the dollar), and low enough that a dollar price times the largest exchange
 * rate the back office takes (RATE_MAX, 10^7) stays far within a bigint: 10^16, and a nightly rent's monthly price
 * (× 30) 3 × 10^17, under 9.2 × 10^18.
 */
export const PRICE_MAX = { SYP: 1_000_000_000_000, USD: 1_000_000_000 } as const;

/** What refuses a price above its currency's PRICE_MAX: one message naming both bounds, with thousands separators. */
const priceTooHigh = /* @__PURE__ */ (() => ({
  message: "forms:errors.priceMax",
  params: { values: { syp: formatNumber(PRICE_MAX.SYP), usd: formatNumber(PRICE_MAX.USD) } },
}))();

/** Control characters (NUL and the like) that no one types and PostgreSQL text refuses (NUL). */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A text field: trimmed, required, at most `max` characters, without control or bidirectional characters. */
const text = (required: string, max: number, maxMessage: string) =>
  refuseBidiControls(
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(max, maxMessage)
      .refine((v) => !CONTROL_CHARS.test(v), "forms:errors.controlChars"),
  );

const DIGITS = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/;
const DECIMAL = /^[0-9\u0660-\u0669\u06F0-\u06F9]+([.,][0-9\u0660-\u0669\u06F0-\u06F9]+)?$/;

/** A required mobile number of 6 to 15 digits. */
const mobile = /* @__PURE__ */ (() =>
  z
    .string({ error: "forms:errors.mobileRequired" })
    .transform((v) => toLatinDigits(v.replace(/[\s\-().]/g, "")))
    .pipe(
      z
        .string()
        .regex(/^\+?[0-9]*$/, { error: "forms:errors.mobileDigits", abort: true })
        .min(POST_LIMITS.mobileMin, "forms:errors.mobileMin")
        .max(POST_LIMITS.mobileMax, "forms:errors.mobileMax"),
    ))();

/** Consultation: name ≤ 35, mobile 6–15 digits, subject ≤ 2000 with the consultation's messages. */
export const consultationSchema = /* @__PURE__ */ (() =>
  z.object({
    name: text("forms:errors.nameRequired", POST_LIMITS.nameMax, "forms:errors.nameMax"),
    mobile,
    subject: text("forms:errors.summaryRequired", POST_LIMITS.subjectMax, "forms:errors.summaryMax"),
  }))();

/** The contact variant: the same form, with 'please enter the subject field' and its own length message. */
export const contactSchema = /* @__PURE__ */ (() =>
  consultationSchema.extend({
    subject: text("forms:errors.subjectRequired", POST_LIMITS.subjectMax, "forms:errors.subjectMax"),
  }))();

/** An optional id among `ids` (a select left on its empty choice is undefined). */
const optionalChoice = (ids: readonly number[], message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((v) => ids.includes(v), message)
    .optional();

/** The rental periods (period_types ids: 1 daily, 2 weekly, 3 monthly, 4 seasonal, 5 yearly). */
export const PERIOD_TYPE_IDS = [1, 2, 3, 4, 5] as const;

/**
 * The error of the period field when a rent (`offerTypeId` 2) is posted without one (`periodTypeId` as posted, empty
 * or missing), or undefined: every rent's price is for a period (decision 057); a sale has none. For the actions,
 * which add it to the other errors of the same post, so every value comes back.
 */
export function periodFieldErrors(offerTypeId: number, periodTypeId: unknown): Record<string, Message[]> | undefined {
  return offerTypeId === 2 && (periodTypeId === undefined || periodTypeId === "")
    ? { period_type_id: [message("forms:errors.periodRequired")] }
    : undefined;
}

/**
 * The period error of an offer as posted (`payload`: the fields as sent, before the schema): a rent
 * (`estate_offer_type_id` 2; a sale when absent) without its period (periodFieldErrors). Reported with the schema's
 * errors of the same post by /new-estate and by the apps' POST /api/v2/estate/add, so every error comes at once.
 */
export function offerPeriodErrors(payload: Record<string, unknown>): Record<string, Message[]> | undefined {
  return periodFieldErrors(Number(payload.estate_offer_type_id ?? 1), payload.period_type_id);
}

/**
 * New property offer: subject ≤ 2000, fullname, numeric mobile, location and numeric area are
 * required; type, offer type (1 sale, 2 rent; default 1), ownership (1 owner, 2 agent, 3 other) and finishing
 * (1 to 6) are optional; a rent's period (periodFieldErrors: required for a rent, checked by the action).
 * Whether a type or location id exists is checked by the action against the database.
 */
export const newEstateSchema = /* @__PURE__ */ (() =>
  z.object({
    estate_type_id: z.coerce
      .number({ error: "forms:errors.choice" })
      .int("forms:errors.choice")
      .positive("forms:errors.choice")
      .optional(),
    estate_offer_type_id: optionalChoice([1, 2], "forms:errors.choice"),
    estate_ownership: optionalChoice([1, 2, 3], "forms:errors.choice"),
    estate_finishing: optionalChoice([1, 2, 3, 4, 5, 6], "forms:errors.choice"),
    period_type_id: optionalChoice(PERIOD_TYPE_IDS, "forms:errors.choice"),
    location_id: z.coerce
      .number({ error: "forms:errors.cityRequired" })
      .int("forms:errors.cityRequired")
      .positive("forms:errors.cityRequired"),
    area: z
      .string({ error: "forms:errors.areaRequired" })
      .trim()
      .regex(DECIMAL, { error: "forms:errors.areaNumeric", abort: true })
      .transform((v) => Number(toLatinDigits(v).replace(",", ".")))
      .pipe(z.number().positive("forms:errors.areaNumeric").max(POST_LIMITS.areaMax, "forms:errors.areaNumeric")),
    fullname: text("forms:errors.fullnameRequired", POST_LIMITS.fullnameMax, "forms:errors.fullnameMax"),
    mobile: z
      .string({ error: "forms:errors.offerMobileRequired" })
      .trim()
      .transform((v) => toLatinDigits(v.replace(/[\s\-().]/g, "")))
      .pipe(
        z
          .string()
          .regex(/^\+?[0-9]+$/, { error: "forms:errors.offerMobileNumeric", abort: true })
          .max(POST_LIMITS.mobileMax, "forms:errors.mobileMax"),
      ),
    subject: text("forms:errors.infoRequired", POST_LIMITS.subjectMax, "forms:errors.infoMax"),
  }))();

/**
 * An optional price, typed with or without thousands separators, at most PRICE_MAX.SYP (the larger bound; a form with
 * a currency checks the dollar's bound too, pricesWithinBounds).
 */
const price = /* @__PURE__ */ (() =>
  z
    .string()
    .trim()
    .transform((v) => toLatinDigits(v.replace(/[\s,٬.]/g, "")))
    .pipe(z.string().regex(DIGITS, { error: "forms:errors.priceNumeric", abort: true }))
    .transform(Number)
    .refine((v) => v <= PRICE_MAX.SYP, priceTooHigh)
    .optional())();

/**
 * Property request: a sale/rent tab, a location, one of the five types (1 home, 2 farm, 3 land,
 * 4 shop, 5 villa), an optional price range in SYP (the minimum not above the maximum) and notes ≤ 2000.
 */
export const REQUEST_TYPE_IDS = [1, 2, 3, 4, 5] as const;
export const requestSchema = /* @__PURE__ */ (() =>
  z
    .object({
      estate_offer_type_id: z.coerce
        .number({ error: "forms:errors.choice" })
        .refine((v) => v === 1 || v === 2, "forms:errors.choice")
        .default(1),
      location_id: z.coerce
        .number({ error: "forms:errors.cityRequired" })
        .int("forms:errors.cityRequired")
        .positive("forms:errors.cityRequired"),
      estate_type_id: z.coerce
        .number({ error: "forms:errors.typeRequired" })
        .refine((v) => (REQUEST_TYPE_IDS as readonly number[]).includes(v), "forms:errors.typeRequired"),
      min_price: price,
      max_price: price,
      notes: refuseBidiControls(
        z
          .string()
          .trim()
          .max(POST_LIMITS.notesMax, "forms:errors.notesMax")
          .refine((v) => !CONTROL_CHARS.test(v), "forms:errors.controlChars"),
      ).optional(),
    })
    .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, {
      message: "forms:errors.priceOrder",
      path: ["max_price"],
    }))();

/** Report: a listing and one of the five reasons; no reason gives 'أكمل الحقول المطلوبة'. */
export const reportSchema = /* @__PURE__ */ (() =>
  z.object({
    estate_id: dbId("forms:errors.required"),
    report_type_id: z.coerce
      .number({ error: "forms:errors.reportReason" })
      .refine((v) => [1, 2, 3, 4, 5].includes(v), "forms:errors.reportReason"),
  }))();

/** The save toggle: a listing and whether to save it ("0" unsaves, anything else saves). */
export const saveSchema = /* @__PURE__ */ (() =>
  z.object({
    estate_id: dbId("forms:errors.checkData"),
    is_saved: z.string().optional(),
  }))();

/** An optional whole number between `min` and `max` (rooms, floor), typed in any digits. */
const optionalCount = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => toLatinDigits(v))
    .pipe(z.string().regex(/^-?[0-9]+$/, { error: "forms:errors.wholeNumber", abort: true }))
    .transform(Number)
    .pipe(z.number().min(min, "forms:errors.outOfRange").max(max, "forms:errors.outOfRange"))
    .optional();

/** An optional description of at most 2000 characters, without control or bidirectional characters. */
const description = /* @__PURE__ */ (() =>
  refuseBidiControls(
    z
      .string()
      .trim()
      .max(POST_LIMITS.subjectMax, "forms:errors.infoMax")
      .refine((v) => !CONTROL_CHARS.test(v), "forms:errors.controlChars"),
  ).optional())();

/** An optional yes or no of the facts: "1" yes, "0" no; left on "not known" (empty) it is undefined. */
const yesNo = /* @__PURE__ */ (() => z.enum(["1", "0"], { error: "forms:errors.choice" }).optional())();

/** An optional choice among `values` (the facts' lists). */
const optionalValue = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: "forms:errors.choice" }).optional();

/** An optional positive decimal of at most `max`, typed in any digits with a point or a comma (a solar installation's kW). */
const optionalDecimal = (max: number) =>
  z
    .string()
    .trim()
    .regex(DECIMAL, { error: "forms:errors.decimal", abort: true })
    .transform((v) => Number(toLatinDigits(v).replace(",", ".")))
    .pipe(z.number().positive("forms:errors.outOfRange").max(max, "forms:errors.outOfRange"))
    .optional();

/**
 * The facts Syrians ask before they call (app/features/listings/facts.ts; decision 093), every one optional ("not
 * known"): grid electricity hours a day (0 to 24), solar panels (yes or no) and their kW, a generator subscription's
 * amperes (0 to 100), water tank, elevator, the building's floors (1 to 200) and age in years (0 to 300), facing,
 * parking, heating, internet, a rent's months paid upfront (0 to 24) and a shop's key money with its currency
 * (at most its PRICE_MAX). Which of them a listing keeps (upfront months on rents, key money on shops) is factsFor's.
 */
export const factsShape = /* @__PURE__ */ (() => ({
  electricity_hours: optionalCount(0, FACT_LIMITS.electricityHours),
  solar: yesNo,
  solar_kw: optionalDecimal(FACT_LIMITS.solarKw),
  generator_amperes: optionalCount(0, FACT_LIMITS.generatorAmperes),
  water_tank: yesNo,
  elevator: yesNo,
  building_floors: optionalCount(1, FACT_LIMITS.buildingFloors),
  building_age_years: optionalCount(0, FACT_LIMITS.buildingAgeYears),
  facing: optionalValue(FACINGS),
  parking: yesNo,
  heating: optionalValue(HEATINGS),
  internet: optionalValue(INTERNETS),
  upfront_months: optionalCount(0, FACT_LIMITS.upfrontMonths),
  key_money: price,
  key_money_currency: z.enum(["SYP", "USD"], { error: "forms:errors.choice" }).default("SYP"),
}))();

/** Whether a form's key money is within its currency's PRICE_MAX (none given is within). */
function keyMoneyWithinBound(v: { key_money?: number; key_money_currency: "SYP" | "USD" }): boolean {
  return v.key_money === undefined || v.key_money <= PRICE_MAX[v.key_money_currency];
}

/** The message of a key money above its bound, beside its field. */
const keyMoneyTooHigh = /* @__PURE__ */ (() => ({ ...priceTooHigh, path: ["key_money"] }))();

/**
 * The owner's editor of a post: price (optional: "price on request"; whole units of the currency, at most its
 * PRICE_MAX),
 * currency label (SYP or USD), negotiable, furnished, rooms (0–99), floor (−5 to 200), area in square metres
 * (required), finishing (1 to 6), a rental's period (period_types 1 to 5; required for a rent, which the action
 * checks with periodFieldErrors, decision 057), the description
 * (at most 2000) and the facts (factsShape). The staff's listings have a description in
 * each language (`description_ar`, `description_en`); owners write one (`description`).
 */
export const postEditSchema = /* @__PURE__ */ (() =>
  z
    .object({
      price,
      currency: z.enum(["SYP", "USD"], { error: "forms:errors.choice" }).default("SYP"),
      negotiable: z.literal("on").optional(),
      furnished: z.literal("on").optional(),
      rooms_count: optionalCount(0, 99),
      floor: optionalCount(-5, 200),
      area: newEstateSchema.shape.area,
      interior_status_id: optionalChoice([1, 2, 3, 4, 5, 6], "forms:errors.choice"),
      period_type_id: optionalChoice(PERIOD_TYPE_IDS, "forms:errors.choice"),
      description,
      description_ar: description,
      description_en: description,
      ...factsShape,
    })
    .refine((v) => v.price === undefined || v.price <= PRICE_MAX[v.currency], { ...priceTooHigh, path: ["price"] })
    .refine(keyMoneyWithinBound, keyMoneyTooHigh))();

/**
 * The back office's correction of a post's facts on its review page (decision 093: the review takes them too): the
 * editor's own fact fields (factsShape, the same limits and messages), the key money within its currency's
 * PRICE_MAX, and `version`, the post's version the page showed (postVersion), so that a post changed since is not
 * corrected unseen.
 */
export const factsCorrectionSchema = /* @__PURE__ */ (() =>
  z.object({ ...factsShape, version: z.string().optional() }).refine(keyMoneyWithinBound, keyMoneyTooHigh))();

/**
 * A logged-in owner's offer on /new-estate (decision 087: price and photos in the first flow): the new offer's fields
 * (newEstateSchema) with the editor's price and currency (optional, whole units of the currency, at most its
 * PRICE_MAX). Its photos are the multipart form's files, checked by the server (app/features/posts/post-uploads.server.ts).
 */
export const ownerOfferSchema = /* @__PURE__ */ (() =>
  newEstateSchema
    .extend({ price, currency: z.enum(["SYP", "USD"], { error: "forms:errors.choice" }).default("SYP") })
    .refine((v) => v.price === undefined || v.price <= PRICE_MAX[v.currency], { ...priceTooHigh, path: ["price"] }))();

/** One photo operation of the editor: make it the cover, move it, or delete it (the photo named by its file). */
export const photoActionSchema = /* @__PURE__ */ (() =>
  z.object({
    intent: z.enum(["cover", "up", "down", "remove"]),
    file: z.string().regex(/^[a-z0-9-]{1,80}$/),
  }))();

/**
 * The editor's query flags (read by queryFlags): `sent=1` after a visitor's offer became the post, `delete=1` asks to
 * confirm deleting it.
 */
export const postEditorQuery = /* @__PURE__ */ (() => z.object({ sent: flagParam, delete: flagParam }))();

/** Deleting a post from its editor: the confirming form posts `confirm=yes` (the link alone only asks). */
export const postDeleteSchema = /* @__PURE__ */ (() => z.object({ confirm: z.literal("yes") }))();

/**
 * An owner's (or admin's) change of a listing's life: `renew` it for 60 days, or `close` it (sold for a
 * sale, rented for a rental); the page to come back to is `redirectTo`.
 */
export const listingStateSchema = /* @__PURE__ */ (() =>
  z.object({
    estate_id: dbId("forms:errors.checkData"),
    intent: z.enum(["renew", "close"], { error: "forms:errors.checkData" }),
  }))();
