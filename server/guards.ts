import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable, isQueryCanceled } from "~/platform/db/client.server";
import { getT } from "~/platform/i18n/i18n.server";
import { withoutSecrets } from "./log-redaction";

/**
 * What the HTTP layer (server.ts) decided about a request before Remix saw it: `refused` is 403 for a post
 * from another site, 413 for a body over its limit, 400 for a body or address that cannot be read, 429 for a
 * client past the operator's quota of rendered pages (decision 045), and 503 for a page the render pool shed because
 * its wait would pass its deadline (decision 077: the page says the site is busy). The body of a refused request is
 * never read; the route's action is not called and the root error boundary renders the translated page with that
 * status.
 */
export type RequestRefusal = 400 | 403 | 413 | 429 | 503;

/** The load context server.ts gives Remix: the CSP nonce, the client's address, and a refusal. */
export type ServerLoadContext = { cspNonce: string; clientIp?: string; refused?: RequestRefusal };

/** The data of an error response thrown by these guards, read by the root error boundary and pageMeta. */
export type GuardErrorData = {
  /** The page title in the request's language (the root loader's titles may be missing when the database is down). */
  title: string;
  /** A post that could not be stored (503): its fields as typed, without passwords, to send again. */
  values?: [string, string][];
  /** A 503 of the render pool (decision 077): the site is busy, not the database down. */
  busy?: true;
};

/** Seconds a client is asked to wait before it tries again after a 503 (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 5;

/** The longest field value a failed post sends back into the page (characters); longer values are dropped. */
const ECHO_MAX = 20_000;

/** Fields never sent back into a page: passwords and the captcha answer. */
const SECRET_FIELD = /password|captcha/i;

async function errorResponse(request: Request, status: number, values?: [string, string][], busy?: boolean): Promise<Response> {
  const t = await getT(request);
  const body: GuardErrorData = {
    title: t(`errorPage.${status}.title`),
    ...(values ? { values } : {}),
    ...(busy ? { busy: true as const } : {}),
  };
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  if (status === 503) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (status === 405) headers.set("Allow", "GET, HEAD, POST");
  return new Response(JSON.stringify(body), { status, headers });
}

/** The fields of an urlencoded post, as typed, without secrets and huge values; [] for any other body. */
async function typedValues(copy: Request | null): Promise<[string, string][]> {
  if (!copy) return [];
  try {
    const form = await copy.formData();
    const values: [string, string][] = [];
    for (const [name, value] of form) {
      if (typeof value === "string" && !SECRET_FIELD.test(name) && value.length <= ECHO_MAX) values.push([name, value]);
    }
    return values;
  } catch {
    return [];
  }
}

/**
 * Drops huge strings from the `lastResult.initialValue` that a form action sends back (Conform's reply echoes every
 * posted field, even ones the form does not have): bad input comes back as typed, but never a multi-kilobyte junk
 * field.
 */
function withoutHugeEcho<T>(result: T): T {
  const holder =
    (result as { type?: string; data?: unknown } | null)?.type === "DataWithResponseInit"
      ? (result as { data: unknown }).data
      : result;
  const initial = (holder as { lastResult?: { initialValue?: Record<string, unknown> } } | null)?.lastResult?.initialValue;
  if (!initial || typeof initial !== "object") return result;
  for (const [key, value] of Object.entries(initial)) {
    if (
      (typeof value === "string" && value.length > ECHO_MAX) ||
      (Array.isArray(value) && JSON.stringify(value).length > ECHO_MAX)
    ) {
      delete initial[key];
    }
  }
  return result;
}

/**
 * Wraps a route action: refuses what the HTTP layer refused (403, 413) and every method but POST (405)
 * without reading the body; a database that cannot be reached answers 503 with Retry-After and the fields as typed
 * (urlencoded posts), instead of a 500, and so does a statement PostgreSQL cancelled (SQLSTATE 57014: an overloaded
 * server, or a budget's timeout that struck the next statement of its connection), as "the site is busy"; huge
 * echoed values are dropped. Other errors pass through unchanged.
 */
function guardAction(action: (args: ActionFunctionArgs) => unknown) {
  return async (args: ActionFunctionArgs) => {
    const { request } = args;
    const refused = (args.context as Partial<ServerLoadContext>).refused;
    if (refused) throw await errorResponse(request, refused, undefined, refused === 503);
    if (request.method !== "POST") throw await errorResponse(request, 405);
    const urlencoded = request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded") ?? false;
    const copy = urlencoded ? request.clone() : null;
    try {
      return withoutHugeEcho(await action(args));
    } catch (error) {
      const busy = isQueryCanceled(error);
      if (!busy && !isDatabaseUnavailable(error)) throw error;
      console.warn(
        `database ${busy ? "busy" : "unavailable"} during ${request.method} ${pathForLog(request)}: ${(error as Error).message}`,
      );
      throw await errorResponse(request, 503, await typedValues(copy), busy);
    }
  };
}

/** The path of `request` as the logs write it: without the token of a link (withoutSecrets, decision 082). */
function pathForLog(request: Request): string {
  return withoutSecrets(new URL(request.url).pathname) ?? "";
}

/**
 * Wraps a route loader: a request the HTTP layer refused renders the page of that status; a database
 * that cannot be reached, or a statement it cancelled (the site is busy), answers 503 with Retry-After, not 500.
 */
function guardLoader(loader: (args: LoaderFunctionArgs) => unknown) {
  return async (args: LoaderFunctionArgs) => {
    const refused = (args.context as Partial<ServerLoadContext>).refused;
    if (refused) throw await errorResponse(args.request, refused, undefined, refused === 503);
    try {
      return await loader(args);
    } catch (error) {
      const busy = isQueryCanceled(error);
      if (!busy && !isDatabaseUnavailable(error)) throw error;
      console.warn(
        `database ${busy ? "busy" : "unavailable"} during GET ${pathForLog(args.request)}: ${(error as Error).message}`,
      );
      throw await errorResponse(args.request, 503, undefined, busy);
    }
  };
}

/**
 * The server build with every route's loader and action wrapped by the guards above. One place instead of
 * a try/catch in each of the 50 route modules; the routes stay as Remix describes them.
 */
export function guardBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    // The apps' API answers refusals, methods and an unreachable database as JSON envelopes itself (decision 088).
    if ((route.module as { guardsItself?: boolean }).guardsItself) {
      routes[id] = route;
      continue;
    }
    const module = { ...route.module };
    if (module.loader) module.loader = guardLoader(module.loader as never) as never;
    if (module.action) module.action = guardAction(module.action as never) as never;
    // A post to a page without an action is a translated 405 with its Allow header, not Remix's untitled one.
    else
      module.action = (async ({ request }: ActionFunctionArgs) => {
        throw await errorResponse(request, 405);
      }) as never;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
