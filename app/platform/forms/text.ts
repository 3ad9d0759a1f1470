import { config, type z } from "zod/v4";

/*
 * zod without eval, set here because every form module imports this one before it makes a schema: zod's compiled
 * fast path probes `new Function("")` when an object schema is made, which the pages' Content-Security-Policy (no
 * 'unsafe-eval') refuses and Chromium reports as an issue on every page with a form (Lighthouse best practices,
 * decision 015). The interpreted path gives the same results; the forms are small. A named import, so the
 * bundler still keeps only the parts of zod the forms use (decision 014).
 */
config({ jitless: true });

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible characters that
 * reorder the text shown after them, so a name, note or reason could make a page read what was never written.
 * No one needs them in a form: the page isolates each user text itself (dir="auto", <bdi>).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The field message for a text with bidirectional controls: a key of locales/<lang>/forms.json. */
export const BIDI_MESSAGE = "forms:errors.bidiChars";

/**
 * The message for a typed text that holds bidirectional controls (BIDI_MESSAGE), or null when it has none. For the
 * back office's actions, which read their few fields by hand; the zod schemas use refuseBidiControls.
 */
export function bidiError(text: string): string | null {
  return BIDI_CONTROLS.test(text) ? BIDI_MESSAGE : null;
}

/**
 * The one refinement every user text field of the forms goes through (public forms, account forms, the post editor,
 * the back office's editors): a text with bidirectional controls is a validation issue with BIDI_MESSAGE on its field,
 * and Conform keeps what was typed. Returns the same schema type. Never throws.
 */
export function refuseBidiControls<S extends z.ZodType<string, string>>(schema: S): S {
  return schema.refine((value) => bidiError(value) === null, BIDI_MESSAGE) as S;
}

/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits as Latin ones: phones and keyboards in Syria type either. Here, with
 * the other text rules, so that a form that reads digits does not import the account forms (and their
 * country list) into its page's scripts (decision 034).
 */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90));
}
