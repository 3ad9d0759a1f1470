import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { escapeHtml } from "~/platform/http/html";
import { envelopeSchema, errorEnvelopeSchema, type ApiEndpoint } from "./api.server";

/**
 * The OpenAPI 3.1 document of the apps' API (decision 089), made by zod-openapi from the very table handleApi answers
 * from: each call's body schema (the page's form schema) as its request body, its `data` schema inside the envelope
 * as its 200 answer, and the error envelope for each status it lists. Served at /api/openapi.json and read by
 * /api/docs; the contract tests validate every answer of the API's tests against it.
 */

/** What each status other than 200 means, for the document. */
const STATUS_TEXT: Record<number, string> = {
  304: "Not modified (the ETag sent in If-None-Match is the list's)",
  400: "The body could not be read (malformed JSON or form data)",
  401: "No bearer token where one is needed, or one sent that is unknown, revoked or expired",
  403: "A post from another site (an Origin other than the site's)",
  404: "No such item",
  413: "The body is larger than 64 KiB",
  415: "The body is not of the type the call takes",
  422: "The body was refused: `errors` gives each field's messages",
  429: "Past a limit: wait the seconds of Retry-After",
  503: "The site is busy or its database unreachable: wait the seconds of Retry-After",
};

/**
 * Statuses a call may answer besides its own: server.ts's refusals of a post (an unreadable body, another site's
 * origin, a body over its limit), a body of another type, the busy site (the render pool and the operator's quota,
 * decision 077) and the database being unreachable.
 */
function commonStatuses(endpoint: ApiEndpoint<never>): number[] {
  const post = endpoint.method === "GET" ? [] : [400, 403, 413];
  return [...post, ...(endpoint.body ? [415] : []), 429, 503];
}

/** The OpenAPI path of a table path (`/estate/{id}` under /api). */
const openApiPath = (path: string) => `/api${path}`;

/** Makes the document of `endpoints` (OpenAPI 3.1.0). Throws when a schema cannot be written as JSON Schema. */
export function openApiDocument(endpoints: readonly ApiEndpoint<never>[], version: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) {
    const responses: Record<string, ZodOpenApiResponseObject> = {
      "200": {
        description: "Done",
        content: { "application/json": { schema: envelopeSchema(endpoint.data) } },
      },
    };
    for (const status of [
      ...new Set([...endpoint.errors, ...commonStatuses(endpoint), ...(endpoint.auth === "none" ? [] : [401])]),
    ]) {
      if (status === 304) {
        responses["304"] = { description: STATUS_TEXT[304] };
        continue;
      }
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? "Refused",
        content: { "application/json": { schema: errorEnvelopeSchema } },
      };
    }
    const operation: ZodOpenApiOperationObject = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
      ...(endpoint.auth === "none" ? { security: [] } : endpoint.auth === "optional" ? { security: [{}, { bearer: [] }] } : {}),
      requestParams: {
        ...(endpoint.params ? { path: endpoint.params } : {}),
        ...(endpoint.query ? { query: endpoint.query } : {}),
      },
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content:
                endpoint.body.kind === "json"
                  ? { "application/json": { schema: endpoint.body.schema } }
                  : {
                      "application/x-www-form-urlencoded": { schema: endpoint.body.schema },
                      "multipart/form-data": { schema: endpoint.body.schema },
                    },
            },
          }
        : {}),
      responses,
    };
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Aqar Syria API for the apps",
        version,
        description:
          "Every answer is `{status, message, data}`; messages are in the language of Accept-Language (Arabic when absent). See docs/api.md.",
      },
      servers: [{ url: "/" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
      paths,
    },
    // Refinements and transforms of the forms' schemas are checks of the server: the document gives their input.
    { allowEmptySchema: { custom: true }, reused: "ref" },
  );
}

/** A JSON Schema as indented JSON, escaped for HTML. */
function schemaText(schema: unknown): string {
  return escapeHtml(JSON.stringify(schema, null, 2));
}

/**
 * The reference page of the document (/api/docs): plain HTML made on the server from the document, every call with
 * its parameters, body and answers, and the schemas; it loads nothing, from this site or another.
 */
export function openApiPage(document: ReturnType<typeof createDocument>): string {
  const operations: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const operation = op as {
        summary?: string;
        tags?: string[];
        security?: unknown[];
        parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
      };
      const token = operation.security?.length === 0 ? "no token" : operation.security ? "token optional" : "token required";
      const params = (operation.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""}): <code>${schemaText(p.schema)}</code></li>`,
        )
        .join("");
      const body = operation.requestBody
        ? Object.entries(operation.requestBody.content)
            .slice(0, 1)
            .map(([type, media]) => `<h4>Body (${escapeHtml(type)})</h4><pre>${schemaText(media.schema)}</pre>`)
            .join("")
        : "";
      const answers = Object.entries(operation.responses)
        .map(([status, response]) => {
          const schema = response.content?.["application/json"]?.schema;
          return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}${
            schema && status === "200" ? `<pre>${schemaText(schema)}</pre>` : ""
          }</li>`;
        })
        .join("");
      operations.push(
        `<section id="${escapeHtml(`${method}-${path}`)}"><h3><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</code></h3>` +
          `<p>${escapeHtml(operation.summary ?? "")} (${token}; ${escapeHtml((operation.tags ?? []).join(", "))})</p>` +
          (params ? `<h4>Parameters</h4><ul>${params}</ul>` : "") +
          body +
          `<h4>Answers</h4><ul>${answers}</ul></section>`,
      );
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${schemaText(schema)}</pre></section>`,
    )
    .join("");
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(document.info.title)}</title></head><body><main><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${escapeHtml(document.info.description ?? "")}</p><p>The document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Send <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/login</code>.</p><h2>Calls</h2>${operations.join("")}<h2>Schemas</h2>${schemas}</main></body></html>`;
}
