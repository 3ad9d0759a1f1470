import * as z from "zod/v4";
import { CONTROL_CHARS } from "./posts";
import { refuseBidiControls } from "./text";

/**
 * Form rules shared by the editors of the back office's Content section (issue 5, Content): the article editor
 * (routes/admin.articles.$id.tsx) and the office editor (routes/admin.offices.$id.tsx). Used by the server (the
 * authority) and the browser alike; every message is a key of locales/<lang>/content.json. Each editor keeps its own
 * schema and limits; only what both mean the same way is here.
 */

/** The image types the cover and logo file inputs offer (their `accept`); the server decides by the bytes (issue 5, Content). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * A required text field of a Content editor (a title, body, name or address): trimmed, line breaks as "\n" (browsers
 * send "\r\n"), at least 1 and at most `max` characters once so trimmed (UTF-16 code units, as zod counts), without
 * control characters. Never throws: a bad value is a validation issue whose message is a content.json key,
 * "content:errors.required" (missing or blank), "content:errors.tooLong" (its {{max}} is the limit, see
 * issueMessages in ./parse.ts), "content:errors.controlChars" or "forms:errors.bidiChars" (bidirectional controls,
 * issue 9). Source: issue 5, Content.
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
