import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { articleEndpoints } from "~/features/articles/articles-api.server";
import { accountEndpoints, authenticateApi, type ApiUser } from "~/features/accounts/accounts-api.server";
import { inboxEndpoints } from "~/features/inbox/inbox-api.server";
import { listingEndpoints } from "~/features/listings/listings-api.server";
import { officeEndpoints } from "~/features/offices/offices-api.server";
import { lookupEndpoints } from "~/features/places/lookups-api.server";
import { postEndpoints } from "~/features/posts/posts-api.server";
import { searchEndpoints } from "~/features/search/search-api.server";
import { estateEndpoints } from "~/features/site/estate-api.server";
import { apiResponse, handleApi, type ApiEndpoint } from "~/platform/api/api.server";
import { openApiDocument, openApiPage } from "~/platform/api/openapi.server";

/**
 * /api/*: the apps' JSON API (docs/api.md, decisions 088 and 089). Every call is a row of one table, each from the
 * feature that owns it; handleApi answers from it and openApiDocument describes it. The route checks what the HTTP
 * layer refused itself (server/guards.ts leaves it alone: `guardsItself`), so that every refusal is a JSON envelope.
 */

/** server/guards.ts wraps no loader or action of this route: handleApi answers refusals, 405 and 503 as JSON. */
export const guardsItself = true;

/**
 * Every call of the API, in the order the document lists them. A path with a parameter (`/estate/{id}`) comes after
 * the fixed paths it would also match (`/estate/saved`, `/estate/similar`): handleApi takes the first of the method.
 */
export const API_ENDPOINTS: readonly ApiEndpoint<ApiUser>[] = [
  ...accountEndpoints,
  ...(inboxEndpoints as ApiEndpoint<ApiUser>[]),
  ...(searchEndpoints as ApiEndpoint<ApiUser>[]),
  ...(listingEndpoints as ApiEndpoint<ApiUser>[]),
  ...(estateEndpoints as ApiEndpoint<ApiUser>[]),
  ...(officeEndpoints as ApiEndpoint<ApiUser>[]),
  ...(postEndpoints as ApiEndpoint<ApiUser>[]),
  ...(articleEndpoints as ApiEndpoint<ApiUser>[]),
  ...(lookupEndpoints as ApiEndpoint<ApiUser>[]),
];

/** The version of the API in the document; a breaking change gets a new prefix instead (docs/api.md). */
export const API_VERSION = "1.2.0";

let document: ReturnType<typeof openApiDocument> | undefined;
/** The OpenAPI document, made once. */
export function apiDocument() {
  return (document ??= openApiDocument(API_ENDPOINTS as readonly ApiEndpoint<never>[], API_VERSION));
}

async function answer(request: Request, context: unknown): Promise<Response> {
  const { pathname } = new URL(request.url);
  if ((request.method === "GET" || request.method === "HEAD") && !(context as { refused?: number })?.refused) {
    if (/^\/api\/openapi\.json$/i.test(pathname)) return apiResponse(200, apiDocument(), { "Cache-Control": "no-cache" });
    if (/^\/api\/docs\/?$/i.test(pathname)) {
      return new Response(openApiPage(apiDocument()), {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
      });
    }
  }
  return handleApi(request, context as never, { endpoints: API_ENDPOINTS, authenticate: authenticateApi });
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return answer(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return answer(request, context);
}
