import type { AppLoadContext } from "@remix-run/node";
import * as z from "zod/v4";
import type { Db } from "~/platform/db/client.server";
import { getDb } from "~/platform/db/db.server";
import { isDatabaseUnavailable, isQueryCanceled } from "~/platform/db/client.server";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import type { Locale } from "~/platform/i18n/i18n";
import { parseForm } from "~/platform/forms/parse";
import { requestedPageOf } from "~/platform/forms/queries";
import { isMultipartForm } from "~/platform/http/multipart.server";
import type { Message } from "~/platform/forms/message";

/**
 * The apps' JSON API (docs/api.md, decision 088): one table of calls (ApiEndpoint), each with the zod schema of its
 * body (the same schema as the page's form), the schema of its answer's `data`, and a handler in the feature that owns
 * it. handleApi answers every request under /api from that table with the envelope `{status, message, data}`; the
 * OpenAPI document (openapi.server.ts) is made from the same table, so the two cannot differ.
 */

/** How a call is authenticated: no token read, a token read when sent, or a token required (401 without). */
export type ApiAuth = "none" | "optional" | "required";

/** The body a call takes: form data (urlencoded or multipart) or, for the `v2` calls, a JSON object. */
export type ApiBodyKind = "form" | "json";

/** The answer of a handler: the `data` of the envelope, and optionally its message, status and headers. */
export type ApiReply = { data: unknown; message?: string; status?: number; headers?: Record<string, string> };

/** What a handler gets: the request, the database, the language and its `t`, the client, the token's user, the path. */
export type ApiCall<U, B> = {
  request: Request;
  db: Db;
  locale: Locale;
  t: (key: string, values?: Record<string, unknown>) => string;
  /** The client's address (or its IPv6 /64) as server.ts keys limits, undefined in tests that give none. */
  ip: string | undefined;
  /** The user of the bearer token (null when none was sent to an "optional" call; never null for "required"). */
  user: U;
  /** The path's parameters by name (`{id}` of `/estate/{id}`), as sent. */
  params: Record<string, string>;
  /** The query string. */
  query: URLSearchParams;
  /** The body as the call's schema parsed it. */
  body: B;
};

/** One call of the API. `path` is relative to /api, with `{name}` for each path parameter. */
export type ApiEndpoint<U = unknown> = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** One English line for the OpenAPI document and the reference page. */
  summary: string;
  /** The feature that owns the call (the document's tag). */
  tag: string;
  auth: ApiAuth;
  /**
   * The body's schema and kind; absent for a call without a body. `check` is a rule of the form on the fields as
   * sent (Conform's payload), whose errors come in the same 422 as the schema's (a rent's period, decision 057).
   * `raw`: the handler gets the fields unparsed (URLSearchParams) and parses them with the page's own query parser
   * (the search filter, the office search), the schema only documenting them.
   */
  body?: {
    kind: ApiBodyKind;
    schema: z.ZodType;
    check?: (payload: Record<string, unknown>) => Record<string, Message[]> | undefined;
    raw?: boolean;
  };
  /** The key of the message of a 422 when the body's schema refuses it (the form's own failure message); api.errors.invalid unless given. */
  invalidMessage?: string;
  /** The query parameters the call reads, for the document (the handler reads them). */
  query?: z.ZodObject;
  /** The path parameters, for the document. */
  params?: z.ZodObject;
  /** The schema of the answer's `data` on success. */
  data: z.ZodType;
  /** The statuses other than 200 the call may answer with (the document lists each with the error envelope). */
  errors: number[];
  handle(call: ApiCall<U, never>): Promise<ApiReply>;
};

/**
 * A call's refusal, thrown by a handler or by handleApi: its status, its message (translated already), the errors of
 * each field for a 422, and headers (Retry-After for a 429).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The envelope of every answer (docs/api.md): `status`, `message`, `data`, and `errors` on a 422. */
export const envelopeSchema = <D extends z.ZodType>(data: D) => z.object({ status: z.literal(true), message: z.string(), data });

/** The envelope of a refusal: `data` is null; `errors` holds each field's messages on a 422. */
export const errorEnvelopeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      status: z.literal(false),
      message: z.string(),
      data: z.null(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
    })
    .meta({ id: "Error" }))();

/** A page of a list (the apps read `data.data`), as the search and the offices answer it. */
export const pageSchema = <I extends z.ZodType>(item: I) =>
  z.object({
    data: z.array(item),
    current_page: z.int().min(1),
    last_page: z.int().min(1),
    per_page: z.int().min(1),
    total: z.int().min(0),
  });

/** The page of `items` in the shape of pageSchema. `total` counts every item of the list, `perPage` per page. */
export function page<T>(items: T[], current: number, perPage: number, total: number) {
  return {
    data: items,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/**
 * The page `?page=n` of `query` (the one page rule, requestedPageOf) of a whole list `items`, `perPage` a page, each
 * item made by `shape`: in the shape of pageSchema. Throws ApiError 404 for a page that is not a page number or is past
 * the last (an empty list has one page, empty).
 */
export function pageOfList<T, R>(
  items: T[],
  query: URLSearchParams,
  perPage: number,
  t: ApiCall<unknown, unknown>["t"],
  shape: (item: T) => R,
) {
  const current = requestedPageOf(query);
  if (current === null || current > Math.max(1, Math.ceil(items.length / perPage))) {
    throw new ApiError(404, t("api.errors.notFound"));
  }
  return page(items.slice((current - 1) * perPage, current * perPage).map(shape), current, perPage, items.length);
}

/**
 * The language of an API request: the first of Accept-Language's languages (by quality) that the site has, else
 * Arabic. Never throws.
 */
export function apiLocale(request: Request): Locale {
  const header = request.headers.get("Accept-Language") ?? "";
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(";");
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) if (lang === "ar" || lang === "en") return lang;
  return "ar";
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The longest JSON body handleApi parses (bytes); server.ts refuses any body over 64 KiB before it (413). */
const JSON_BODY_MAX = 64 * 1024;

/** The messages of `issues`' Messages, translated, by field ("" for the form as a whole). */
function fieldErrors(
  errors: Record<string, Message[] | null | undefined>,
  t: ApiCall<unknown, unknown>["t"],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors)) {
    if (messages?.length) out[name] = messages.map((m) => t(m.key, m.values));
  }
  return out;
}

/**
 * A JSON body as the fields of a form: each string, number or boolean as its text, each array as the field's
 * repeated values; nulls and nested objects are left out. So a JSON call is parsed by the same schema, with the same
 * coercion, as the page's form (Conform's parseWithZod).
 */
function jsonAsForm(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (typeof value === "string") form.append(name, value);
    else if (typeof value === "number" || typeof value === "boolean") form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else add(name, value);
  }
  return form;
}

/** Reads the body of `endpoint`'s request as its kind says; throws ApiError 400 (unreadable) or 415. */
async function readBody(
  request: Request,
  kind: ApiBodyKind,
  t: ApiCall<unknown, unknown>["t"],
): Promise<FormData | URLSearchParams> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (kind === "json") {
    if (type && !/^application\/(.+\+)?json\b/.test(type)) throw new ApiError(415, t("api.errors.jsonOnly"));
    const text = await request.text().catch(() => null);
    if (text === null || text.length > JSON_BODY_MAX) throw new ApiError(400, t("api.errors.badJson"));
    if (!text.trim()) return new URLSearchParams();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(400, t("api.errors.badJson"));
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError(400, t("api.errors.badJson"));
    return jsonAsForm(parsed as Record<string, unknown>);
  }
  if (!type) return new URLSearchParams(await request.text().catch(() => ""));
  if (!type.startsWith("application/x-www-form-urlencoded") && !isMultipartForm(type)) {
    throw new ApiError(415, t("api.errors.formOnly"));
  }
  try {
    return await request.formData();
  } catch {
    throw new ApiError(400, t("api.errors.badForm"));
  }
}

/** `path` of the table (`/estate/{id}`) as a pattern of the request's path under /api (a trailing slash allowed). */
function pathPattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^/api${source}/?$`, "i");
}

/** What handleApi needs besides the table: how to find a bearer token's user. */
export type ApiOptions<U> = {
  endpoints: readonly ApiEndpoint<U>[];
  /** The active user of a bearer token, or null (unknown, revoked, expired, suspended). */
  authenticate(db: Db, token: string): Promise<U | null>;
};

/** The JSON answer of an envelope, never kept by a cache, varying by token and language. */
export function apiResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      Vary: "Authorization, Accept-Language",
      ...headers,
    },
  });
}

/** The error envelope of an ApiError. */
function errorResponse(error: ApiError): Response {
  return apiResponse(
    error.status,
    { status: false, message: error.message, data: null, ...(error.errors ? { errors: error.errors } : {}) },
    error.headers,
  );
}

/** The statuses server.ts may have refused a request with before Remix (a body over its limit, another site's post). */
const REFUSALS: Record<number, string> = {
  400: "api.errors.badBody",
  403: "api.errors.otherSite",
  413: "api.errors.tooLarge",
  429: "api.errors.busy",
  503: "api.errors.busy",
};

/**
 * Answers one request under /api from `options.endpoints`: 404 for a path no call has, 405 (with Allow) for a method
 * it does not take, the refusals of server.ts (`context.refused`: 400, 403, 413, 429, 503) as envelopes, 401 for a
 * missing or unknown token where the call needs one, 415 for a body of another type, 400 for JSON that does not
 * parse, 422 with each field's translated messages for a body its schema refuses, 503 (Retry-After) while the
 * database cannot be reached; else the handler's answer in the envelope. Messages are in the language of
 * Accept-Language (apiLocale). Never sets a cookie. Throws nothing a request can cause: an unexpected error is
 * logged and answered 500.
 */
export async function handleApi<U>(
  request: Request,
  context: AppLoadContext | undefined,
  options: ApiOptions<U>,
): Promise<Response> {
  const locale = apiLocale(request);
  const t = await getLocaleT(locale);
  try {
    const refused = (context as { refused?: number } | undefined)?.refused;
    if (refused) {
      const retry = refused === 429 || refused === 503 ? { "Retry-After": "5" } : undefined;
      throw new ApiError(refused, t(REFUSALS[refused] ?? "api.errors.badBody"), undefined, retry);
    }
    const url = new URL(request.url);
    const found = options.endpoints
      .map((endpoint) => ({ endpoint, match: pathPattern(endpoint.path).exec(url.pathname) }))
      .filter((candidate) => candidate.match);
    if (found.length === 0) throw new ApiError(404, t("api.errors.notFound"));
    const method = request.method === "HEAD" ? "GET" : request.method;
    const chosen = found.find((candidate) => candidate.endpoint.method === method);
    const allow = [...new Set(found.map((candidate) => candidate.endpoint.method))].join(", ");
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    if (!chosen) throw new ApiError(405, t("api.errors.method"), undefined, { Allow: allow });
    const { endpoint } = chosen;
    const db = await getDb();
    const token = endpoint.auth === "none" ? null : bearerToken(request);
    const user = token ? await options.authenticate(db, token) : null;
    // A token sent that is no more (revoked, expired) is refused even where none is needed: the app must log in again.
    if ((endpoint.auth === "required" || token) && !user) {
      throw new ApiError(401, t("api.errors.unauthorized"), undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
    }
    let body: unknown = undefined;
    if (endpoint.body?.raw) {
      body = fieldsOf(await readBody(request, endpoint.body.kind, t));
    } else if (endpoint.body) {
      const form = await readBody(request, endpoint.body.kind, t);
      const submission = parseForm(form, endpoint.body.schema);
      const checked = endpoint.body.check?.(submission.payload);
      if (submission.status !== "success" || checked) {
        // The schema's errors and the form's own rule's together, as the page's action reports them.
        const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
        const errors = fieldErrors({ ...schemaErrors, ...mergeErrors(schemaErrors, checked) }, t);
        throw new ApiError(422, t(endpoint.invalidMessage ?? "api.errors.invalid"), errors);
      }
      body = submission.value;
    }
    const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
    const reply = await endpoint.handle({
      request,
      db,
      locale,
      t: t as ApiCall<unknown, unknown>["t"],
      ip: typeof ip === "string" && ip ? ip : undefined,
      user: user as U,
      params: Object.fromEntries(Object.entries(chosen.match?.groups ?? {}).map(([name, value]) => [name, safeDecode(value)])),
      query: url.searchParams,
      body: body as never,
    });
    const status = reply.status ?? 200;
    return apiResponse(
      status,
      { status: true, message: reply.message ?? t("api.done"), data: reply.data ?? null },
      reply.headers,
    );
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (isDatabaseUnavailable(error) || isQueryCanceled(error)) {
      return errorResponse(new ApiError(503, t("api.errors.unavailable"), undefined, { "Retry-After": "5" }));
    }
    console.error(`api: ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return errorResponse(new ApiError(500, t("api.errors.failed")));
  }
}

/** A body's text fields as URLSearchParams (files are left out), for the handlers that parse them themselves. */
function fieldsOf(form: FormData | URLSearchParams): URLSearchParams {
  if (form instanceof URLSearchParams) return form;
  const fields = new URLSearchParams();
  for (const [name, value] of form.entries()) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/** Each field's messages of `more` after those of `errors` for the same field. */
function mergeErrors(
  errors: Record<string, Message[] | null | undefined>,
  more: Record<string, Message[]> | undefined,
): Record<string, Message[]> {
  const merged: Record<string, Message[]> = {};
  for (const [name, messages] of Object.entries(more ?? {})) merged[name] = [...(errors[name] ?? []), ...messages];
  return merged;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A 422 for errors found by a handler after the schema (a rule of the feature, such as "this number has an account"):
 * `errors` are Messages by field ("" for the form), translated with `t`.
 */
export function invalid(t: ApiCall<unknown, unknown>["t"], errors: Record<string, Message[]>, message?: string): ApiError {
  return new ApiError(422, message ?? t("api.errors.invalid"), fieldErrors(errors, t));
}

/** A 429 with Retry-After (seconds) and the "too many attempts, wait N minutes" message of `key`. */
export function tooManyRequests(t: ApiCall<unknown, unknown>["t"], key: string, retryAfter: number): ApiError {
  return new ApiError(429, t(key, { minutes: Math.max(1, Math.ceil(retryAfter / 60)) }), undefined, {
    "Retry-After": String(Math.max(1, retryAfter)),
  });
}

/**
 * The query of a call (`?estate_id=…`) parsed by `schema` as a form would be (the same coercion and messages);
 * throws a 422 with each parameter's translated messages when it refuses them.
 */
export function parseApiQuery<S extends z.ZodType>(
  query: URLSearchParams,
  schema: S,
  t: ApiCall<unknown, unknown>["t"],
): z.output<S> {
  const submission = parseForm(query, schema);
  if (submission.status !== "success") throw new ApiError(422, t("api.errors.invalid"), fieldErrors(submission.error ?? {}, t));
  return submission.value as z.output<S>;
}
