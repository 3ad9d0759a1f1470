import * as z from "zod/v4";
import { dbId } from "~/platform/forms/id";
import { CONTROL_CHARS } from "~/features/posts/post-forms";
import { refuseBidiControls } from "~/platform/forms/text";

/**
 * Form rules shared by the editors of the back office's Content section: the article editor
 * (routes/admin/article-editor.tsx) and the office editor (routes/admin/office-editor.tsx), read by the server only;
 * every message is a key of locales/<lang>/content.json.
 * Each schema is built by an arrow function called at once and annotated `@__PURE__`, so that the browser bundle,
 * which imports constants from here but never a schema, drops them and zod (decision 034).
 */

/**
 * A required text field of a Content editor (a title, body, name or address): trimmed, line breaks as "\n" (browsers
 * send "\r\n"), at least 1 and at most `max` characters once so trimmed (UTF-16 code units, as zod counts), without
 * control characters. Never throws: a bad value is a validation issue whose message is a content.json key,
 * "content:errors.required" (missing or blank), "content:errors.tooLong" (its {{max}} is the limit the zod issue
 * reports, see issueMessages in ./parse.ts), "content:errors.controlChars" or "forms:errors.bidiChars" (bidirectional controls).
 */
export function contentText(max: number) {
  return refuseBidiControls(
    z
      .string({ error: "content:errors.required" })
      .trim()
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .min(1, "content:errors.required")
      .max(max, "content:errors.tooLong")
      .refine((v) => !CONTROL_CHARS.test(v), "content:errors.controlChars"),
  );
}

/** Lengths of an article's fields, in characters. */
export const ARTICLE_LIMITS = { titleMax: 200, bodyMax: 20_000 } as const;

/** The article editor: both languages' title and body; the cover file is checked by the server. */
export const articleSchema = /* @__PURE__ */ (() =>
  z.object({
    title_ar: contentText(ARTICLE_LIMITS.titleMax),
    title_en: contentText(ARTICLE_LIMITS.titleMax),
    body_ar: contentText(ARTICLE_LIMITS.bodyMax),
    body_en: contentText(ARTICLE_LIMITS.bodyMax),
  }))();

/** Lengths of an office's fields, in characters. */
export const OFFICE_LIMITS = { nameMax: 120, addressMax: 300, phoneMax: 25 } as const;

/** What a phone number may be typed with: digits (Latin or Arabic-Indic), spaces, dashes, dots, brackets, a leading +. */
const PHONE_CHARS = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9\s\-().]+$/;
const phone = /* @__PURE__ */ (() =>
  z
    .string({ error: "content:errors.required" })
    .trim()
    .max(OFFICE_LIMITS.phoneMax, "content:errors.phoneInvalid")
    .regex(PHONE_CHARS, "content:errors.phoneInvalid"))();

/**
 * The office editor. Whether the numbers are valid numbers and the place and contract level
 * exist is checked by the server (libphonenumber-js and the lookups) after this schema.
 */
export const officeSchema = /* @__PURE__ */ (() =>
  z.object({
    name_ar: contentText(OFFICE_LIMITS.nameMax),
    name_en: contentText(OFFICE_LIMITS.nameMax),
    phone,
    whatsapp: phone.optional(),
    address_ar: contentText(OFFICE_LIMITS.addressMax),
    address_en: contentText(OFFICE_LIMITS.addressMax),
    // Ids chosen in selects (the empty first choice is a missing value).
    location_id: dbId("content:errors.locationRequired"),
    contract_type_id: dbId("content:errors.contractRequired"),
  }))();

/** Lengths of an office's licence fields, in characters. */
export const LICENCE_LIMITS = { numberMax: 60, issuerMax: 160 } as const;

/**
 * The licence of an office in the office editor (decision 090): its number, the body that issued it and the day the
 * staff checked it (YYYY-MM-DD as a date input sends it, not after today; the server checks "today" in Damascus), and
 * whether the office is verified. Verifying needs all three; unverifying keeps whatever is typed.
 */
export const licenceSchema = /* @__PURE__ */ (() =>
  z
    .object({
      licence_number: contentText(LICENCE_LIMITS.numberMax).optional(),
      licence_issuer: contentText(LICENCE_LIMITS.issuerMax).optional(),
      licence_checked_on: z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "content:errors.dateInvalid")
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "2000-01-01", "content:errors.dateInvalid")
        .optional(),
      verified: z.literal("on").optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.verified) return;
      for (const name of ["licence_number", "licence_issuer", "licence_checked_on"] as const)
        if (v[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: "content:errors.licenceRequired" });
    }))();
