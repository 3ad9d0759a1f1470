import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { Db } from "~/platform/db/client.server";
import { action, apiDocument, loader } from "~/routes/api";
import { account } from "./accounts";
import { newIp } from "./account-flows";

/**
 * The apps' API as the tests call it (docs/api.md): a real Request to the route's loader or action, as Remix would
 * make it, with the load context server.ts gives (`clientIp`, `refused`). Every answer is recorded, so that a file
 * ends by checking each one against the OpenAPI document (expectAnswersMatchDocument).
 */

/** An answer of the API: status, headers and the parsed JSON body (null for a 304 or an empty body). */
export type ApiAnswer = { status: number; headers: Headers; body: any };

/** What api() may send. */
export type ApiOptions = {
  /** Form fields, sent urlencoded (or multipart when a FormData). */
  form?: Record<string, string> | FormData;
  /** A JSON body (any value, sent as JSON). */
  json?: unknown;
  /** A body sent as it is, with `type` as its Content-Type. */
  raw?: { body: string; type?: string };
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  context?: Record<string, unknown>;
};

const recorded: { method: string; path: string; answer: ApiAnswer }[] = [];

/** Calls `method path` (a path under /api with its query) and returns the answer; records it for the contract. */
export async function api(method: string, path: string, options: ApiOptions = {}): Promise<ApiAnswer> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.lang) headers.set("Accept-Language", options.lang);
  let body: BodyInit | undefined;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) body = new URLSearchParams(options.form);
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  } else if (options.raw) {
    body = options.raw.body;
    if (options.raw.type) headers.set("Content-Type", options.raw.type);
  }
  const request = new Request(new URL(path, "http://localhost:3000"), { method, headers, body });
  const args = { request, params: {}, context: { clientIp: "10.9.0.1", ...options.context } };
  const response = method === "GET" || method === "HEAD" ? await loader(args as never) : await action(args as never);
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  recorded.push({ method, path: new URL(path, "http://localhost").pathname, answer });
  return answer;
}

/** Asserts a refusal's envelope: the status, `status: false`, a message, `data: null`. */
export function expectRefused(answer: ApiAnswer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ status: false, message: expect.any(String), data: null });
  expect(answer.body.message.length).toBeGreaterThan(0);
}

/** Asserts a success's envelope and returns its `data`. */
export function expectDone(answer: ApiAnswer, status = 200): any {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ status: true, message: expect.any(String) });
  return answer.body.data;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction | null>();

/** The OpenAPI path template of a concrete path (`/api/estate/12` → `/api/estate/{id}`), or undefined. */
function templateOf(method: string, path: string): string | undefined {
  const paths = apiDocument().paths ?? {};
  return Object.keys(paths).find((template) => {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}/?$`, "i");
    return pattern.test(path) && (paths[template] as Record<string, unknown>)[method.toLowerCase()];
  });
}

/** JSON Pointer escaping of one token. */
const token = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Checks every answer recorded so far against the OpenAPI document: its status is one the call lists, and its body
 * validates against that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 says). Answers of paths the document
 * does not have (the 404 of an unknown path) must be the error envelope.
 */
export function expectAnswersMatchDocument() {
  const document = apiDocument();
  ajv ??= (() => {
    const made = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    made.addSchema(document as object, "openapi.json");
    return made;
  })();
  expect(recorded.length).toBeGreaterThan(0);
  const failures: string[] = [];
  for (const { method, path, answer } of recorded) {
    const verb = method === "HEAD" ? "get" : method.toLowerCase();
    const template = templateOf(verb, path);
    const pointer = template
      ? `openapi.json#/paths/${token(template)}/${verb}/responses/${answer.status}`
      : "openapi.json#/components/schemas/Error";
    if (template) {
      const operation = (document.paths![template] as Record<string, { responses: Record<string, unknown> }>)[verb];
      if (!operation.responses[String(answer.status)]) {
        failures.push(`${method} ${path}: status ${answer.status} is not in the document`);
        continue;
      }
      if (answer.status === 304) continue;
    }
    const ref = template ? `${pointer}/content/application~1json/schema` : pointer;
    let validate = validators.get(ref);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    if (validate && !validate(answer.body)) {
      failures.push(
        `${method} ${path} ${answer.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    }
  }
  expect(failures).toEqual([]);
}

/** The password of the accounts withToken makes. */
export const API_PASSWORD = "secret-pass-1";

/**
 * A new account (the account fixture, with API_PASSWORD) logged in through `POST /api/login` from a new address:
 * the account and its bearer token; with `options.site`, also logged in on the site (its `cookie`), to compare the
 * API's answer with a page's.
 */
export async function withToken(db: Db, options: { site?: boolean } = {}) {
  const made = await account(db, { password: API_PASSWORD, loggedIn: options.site === true });
  const answer = await api("POST", "/api/login", {
    form: { authentication: made.typed, password: API_PASSWORD },
    context: { clientIp: newIp() },
  });
  return { ...made, token: expectDone(answer).token as string };
}
