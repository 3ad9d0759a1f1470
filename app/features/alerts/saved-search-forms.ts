import * as z from "zod/v4";

/**
 * The saved-search forms (decision 030): `/save-search` (name, frequency and the results page's query)
 * and `/saved-searches/:id` (name and frequency). Messages are keys of locales/<lang>/account.json.
 */

/** The alert frequencies (the same as ALERT_FREQUENCIES of app/platform/db/schema.ts, which the browser must not load). */
export const FREQUENCIES = ["instant", "daily"] as const;

/** The longest name of a saved search (characters). */
export const NAME_MAX = 60;

/** Name (1 to NAME_MAX characters after trimming) and frequency (`instant` or `daily`). */
export const savedSearchSchema = /* @__PURE__ */ (() =>
  z.object({
    name: z
      .string({ error: "account:searches.errors.name" })
      .trim()
      .min(1, { error: "account:searches.errors.name" })
      .max(NAME_MAX, { error: "account:searches.errors.nameLong" }),
    frequency: z.enum(FREQUENCIES, { error: "account:searches.errors.frequency" }),
  }))();

/** /save-search's post: the fields above and `query`, the search to keep (checked by the server's filter parser). */
export const newSavedSearchSchema = /* @__PURE__ */ (() =>
  savedSearchSchema.extend({
    query: z.string().max(2000).optional().default(""),
  }))();
