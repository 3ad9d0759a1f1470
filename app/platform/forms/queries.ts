import * as z from "zod/v4";
import { supportedLngs, type Locale } from "~/platform/i18n/i18n";
import { dbId } from "./id";
import { message, type Message } from "./message";
import { issueMessages } from "./parse";

/**
 * How every loader reads its query string (docs/decisions/063-queries-parsed-like-forms.md): as a form is read, with
 * a zod schema of this folder whose messages are locales keys, and the same error shape as a form's (each field's
 * Messages). The schemas are made once, when the module loads; reading a query is one pass over its fields.
 */

/** Each parameter's Messages, by name: the shape of a form's errors (FormResult's `error`), for a query string. */
export type QueryErrors<Name extends string = string> = Partial<Record<Name, Message[]>>;

/**
 * The schema of one parameter: it gets the parameter's text (trimmed, cut, never empty) or undefined when the
 * parameter is absent or empty (as Conform reads an empty form field), and puts each failure's locales key in its
 * issue's message.
 */
export type QueryField = z.ZodType<unknown, string | undefined>;
export type QueryShape = Record<string, QueryField>;

/** What parseQuery gives for a schema of shape S. */
export type ParsedQuery<S extends QueryShape> = {
  /** Each parameter's text as read (trimmed and cut), "" when absent: what a form shows again. */
  texts: Record<keyof S & string, string>;
  /** The value of each parameter its schema accepted (absent when it was refused). */
  value: { [K in keyof S]?: z.output<S[K]> };
  /** The Messages of each parameter its schema refused, or that was sent more than once. */
  errors: QueryErrors<keyof S & string>;
};

/** The error of a parameter that is not one of the values it may take: `search.errors.invalid` ("choose a value from the list"). */
export const INVALID = "search.errors.invalid";

/** How parseQuery reads texts: cut to `maxLength` characters (`lengths` by name), trimmed first unless `trim` is false. */
export type QueryOptions<S extends QueryShape> = {
  maxLength: number;
  lengths?: Partial<Record<keyof S, number>>;
  trim?: boolean;
};

/**
 * Reads the parameters of `schema` from `params`: each one's text trimmed and cut (`options`; a longer text is cut,
 * not refused, so that what was typed is shown again, and no valid value is as long as the cut), then parsed by its
 * own schema, so one wrong parameter does not hide the others' values. A parameter sent more than once is refused
 * with INVALID (a form never sends a field twice). Parameters the schema does not name are ignored. Never throws.
 */
export function parseQuery<S extends QueryShape>(
  params: URLSearchParams,
  schema: z.ZodObject<S>,
  options: QueryOptions<S>,
): ParsedQuery<S> {
  const texts: Record<string, string> = {};
  const value: Record<string, unknown> = {};
  const errors: Record<string, Message[]> = {};
  const lengths: Partial<Record<string, number>> = options.lengths ?? {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const sent = params.getAll(name);
    const first = sent[0] ?? "";
    const text = (options.trim === false ? first : first.trim()).slice(0, lengths[name] ?? options.maxLength);
    texts[name] = text;
    if (sent.length > 1) {
      errors[name] = [message(INVALID)];
      continue;
    }
    const result = field.safeParse(text === "" ? undefined : text);
    if (result.success) value[name] = result.data;
    else errors[name] = issueMessages(result.error.issues);
  }
  return { texts, value, errors } as ParsedQuery<S>;
}

/**
 * The one rule of a page number (`?page=` of every paged list, and a sitemap's number): a whole number from 1 to
 * MAX_PAGE written as plain digits without sign, spaces or leading zeros.
 */
export const MAX_PAGE = 999_999;
const PAGE_DIGITS = /^[1-9]\d{0,5}$/;

/** Whether `text` is a page number (see MAX_PAGE). Never throws. */
export function isPageNumber(text: string): boolean {
  return PAGE_DIGITS.test(text);
}

/** The schema of `page`: its number, 1 when absent or empty; anything else is refused (the list answers 404). */
export const pageSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .refine(isPageNumber, { error: INVALID })
    .transform(Number)
    .optional()
    .transform((page) => page ?? 1))();

const pageQuery = /* @__PURE__ */ (() => z.object({ page: pageSchema }))();
const PAGE_OPTIONS = { maxLength: 40, trim: false };

/**
 * The page a paged list is asked for: `params`' `page` read by pageSchema (1 when absent or empty), or null when it
 * is not a page number or is sent more than once (the loader answers 404). Whether the page exists is the loader's to
 * check. Never throws.
 */
export function requestedPageOf(params: URLSearchParams): number | null {
  // Not trimmed: a link never writes `?page=%202`, so such an address is not a page of the list.
  const parsed = parseQuery(params, pageQuery, PAGE_OPTIONS);
  return parsed.errors.page ? null : (parsed.value.page ?? 1);
}

/**
 * An amount as people type it: Arabic-Indic or Persian digits read as digits, thousands separators (`,` `٬` `.`
 * between groups of three, spaces) dropped; a whole number from `min` to `max`, else null. Never throws.
 */
export function toAmount(raw: string, min: number, max: number): number | null {
  const digits = raw
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s,٬]/g, "")
    .replace(/\.(?=\d{3}(\D|$))/g, "");
  if (!/^-?\d{1,16}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= min && n <= max ? n : null;
}

/** The schema of an optional id parameter (the one id rule of ./id.ts); a wrong one is refused with INVALID. */
export const idParam = /* @__PURE__ */ (() => dbId(INVALID).optional())();

/**
 * The schema of an optional amount parameter from `min` to `max` as people type it (toAmount); a wrong one is
 * refused with `search.errors.number` ("enter a number in digits").
 */
export function amountParam(min: number, max: number) {
  return z
    .string()
    .transform((text, ctx) => {
      const n = toAmount(text, min, max);
      if (n === null) ctx.issues.push({ code: "custom", message: "search.errors.number", input: text });
      return n ?? z.NEVER;
    })
    .optional();
}

/** The schema of an optional parameter that is one of `values`; any other is refused with INVALID. */
export function choiceParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: INVALID }).optional();
}

/**
 * The options of a parameter compared as sent (a flag, a language, a token, a choice of the back office): not
 * trimmed, so `?lang=%20en` is no more English than before these schemas; cut to 300 characters, the longest token.
 */
export const EXACT = { maxLength: 300, trim: false } as const;

/** The schema of an optional free text (a search box's words): the text as parseQuery's options read it. */
export const textParam = /* @__PURE__ */ (() => z.string().optional())();
const searchTextQuery = /* @__PURE__ */ (() => z.object({ q: textParam }))();

/**
 * The words `q` of a back office's search box (/admin/offices, /admin/users): cut to `maxLength` characters and
 * trimmed first unless `trim` is false; "" when absent, empty or sent more than once. Never throws.
 */
export function querySearchText(params: URLSearchParams, options: { maxLength: number; trim?: boolean }): string {
  return parseQuery(params, searchTextQuery, options).value.q ?? "";
}

/**
 * The schema of a flag (`?sent=1`, `?delete=1`, `?changed=1`): "1" sets it; any other value is refused with INVALID,
 * and a refused or absent flag is not set.
 */
export const flagParam = /* @__PURE__ */ (() => choiceParam(["1"]))();

/**
 * Which flags of `schema` (a z.object of flagParam) `params` sets: each true only when sent once as "1" (read as
 * sent: EXACT). Never throws.
 */
export function queryFlags<S extends Record<string, typeof flagParam>>(
  params: URLSearchParams,
  schema: z.ZodObject<S>,
): Record<keyof S, boolean> {
  const { value } = parseQuery(params, schema, EXACT);
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, value[name] === "1"])) as Record<keyof S, boolean>;
}

/** The flag query of the pages whose answer is a thank-you page at `?sent=1` (the offer form, the forgotten password). */
export const sentQuery = /* @__PURE__ */ (() => z.object({ sent: flagParam }))();

/**
 * The schema of `lang`, the page language of every page (docs/decisions/002-language-in-url-and-cookie.md): "ar" or
 * "en", as sent; any other value is refused with INVALID (the language then comes from the cookie).
 */
export const langParam = /* @__PURE__ */ (() => choiceParam(supportedLngs))();
const langQuery = /* @__PURE__ */ (() => z.object({ lang: langParam }))();

/**
 * The language `params` asks for (`?lang=ar|en`, read by langParam), or undefined when it asks none, another, or
 * sends `lang` more than once. Never throws.
 */
export function queryLang(params: URLSearchParams): Locale | undefined {
  return parseQuery(params, langQuery, EXACT).value.lang;
}

/** The longest token a link carries (characters): a signed link's (app/platform/http/signed-links.server.ts). */
export const TOKEN_MAX = 300;

/**
 * The schema of a link's token `t` (a password reset's, an alert's stop link, a listing's expiry link): letters,
 * digits, `-`, `_` and `.` (base64url and signed links' dots), at most TOKEN_MAX; anything else is refused with
 * INVALID. Whether it is a token of ours is the page's to check.
 */
export const tokenParam = /* @__PURE__ */ (() =>
  z
    .string()
    .regex(/^[\w.-]+$/, { error: INVALID })
    .max(TOKEN_MAX, { error: INVALID })
    .optional())();
const tokenQuery = /* @__PURE__ */ (() => z.object({ t: tokenParam }))();

/**
 * The token `t` of `params`: `sent` whether a non-empty `t` came, `token` the token when tokenParam accepts it (sent
 * once, as sent), else null. Never throws.
 */
export function queryToken(params: URLSearchParams): { sent: boolean; token: string | null } {
  const parsed = parseQuery(params, tokenQuery, { ...EXACT, maxLength: TOKEN_MAX + 1 });
  return { sent: parsed.texts.t !== "", token: parsed.value.t ?? null };
}
