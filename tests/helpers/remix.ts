/** What a user gets from a loader or an action: the status, the data (a body or `data()`'s), the headers. */
// The tests read the data of many routes: any keeps each of them from restating the route's type.

export type Reply = { status: number; data: any; headers: Headers };

/** A route module's loader or action, as Remix calls it. */
type RouteFunction<T> = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Record<string, unknown>;
}) => Promise<T> | T;

/**
 * Runs a loader or an action (`run`) and gives what a user would get, the one way every test reads a Remix answer:
 * a returned or thrown Response gives its status, headers and body (parsed when it is JSON, else its text); the
 * `data()` of Remix gives its init's status (200 unless set), headers and data; anything else is data with 200.
 * Errors that are not Responses propagate.
 */
export async function unwrap(run: () => unknown): Promise<Reply> {
  const fromResponse = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    const data = response.headers.get("Content-Type")?.includes("json") && text ? JSON.parse(text) : text;
    return { status: response.status, data, headers: response.headers };
  };
  try {
    const result = (await run()) as { type?: unknown; data?: unknown; init?: ResponseInit } | Response | null;
    if (result instanceof Response) return fromResponse(result);
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
    }
    return { status: 200, data: result, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return fromResponse(thrown);
    throw thrown;
  }
}

/**
 * Calls a route loader the way Remix does, with a real Request (and the load context the HTTP server passes,
 * `{ clientIp }`, when given), and returns what a user would get (see unwrap).
 */
export function callLoader<T>(
  loader: RouteFunction<T>,
  url: string,
  options: { params?: Record<string, string>; cookie?: string; context?: Record<string, unknown> } = {},
): Promise<Reply> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(new URL(url, "http://localhost:3000"), { headers });
  return unwrap(() => loader({ request, params: options.params ?? {}, context: options.context ?? {} }));
}

/**
 * Calls a route action the way Remix does: a real POST Request with the form as its body (urlencoded; multipart when
 * `form` is a FormData, which may hold files), the Cookie header when given, and the load context the HTTP server
 * passes (`{ clientIp }`). Returns what a user would get (see unwrap): the Location and Set-Cookie of redirects too.
 */
export function callAction<T>(
  action: RouteFunction<T>,
  url: string,
  options: {
    form?: Record<string, string> | URLSearchParams | FormData;
    params?: Record<string, string>;
    cookie?: string;
    context?: Record<string, unknown>;
    /** Further request headers (what a service worker adds, for example). */
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: URLSearchParams | FormData;
  if (options.form instanceof FormData) body = options.form;
  else {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form ?? {});
  }
  const request = new Request(new URL(url, "http://localhost:3000"), { method: "POST", headers, body });
  return unwrap(() => action({ request, params: options.params ?? {}, context: options.context ?? {} }));
}

/** One cookie as a Set-Cookie header sets it: its name, value, and whether it deletes the cookie. */
export function parseSetCookie(header: string): {
  name: string;
  value: string;
  attributes: Record<string, string>;
  cleared: boolean;
} {
  const [pair, ...rest] = header.split(";");
  const eq = pair.indexOf("=");
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const attributes: Record<string, string> = {};
  for (const part of rest) {
    const i = part.indexOf("=");
    const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    attributes[key] = i < 0 ? "" : part.slice(i + 1).trim();
  }
  const maxAge = attributes["max-age"];
  const expires = attributes.expires ? Date.parse(attributes.expires) : NaN;
  const cleared = (maxAge !== undefined && Number(maxAge) <= 0) || (!Number.isNaN(expires) && expires <= Date.now());
  return { name, value, attributes, cleared };
}

/**
 * A browser's cookie store for one site, as small as the tests need: it keeps what Set-Cookie headers set (and drops
 * what they clear), and gives the Cookie header of the next request.
 */
export class CookieJar {
  private cookies = new Map<string, string>();

  constructor(initial?: Record<string, string>) {
    for (const [name, value] of Object.entries(initial ?? {})) this.cookies.set(name, value);
  }

  /** Takes in the Set-Cookie headers of a response. Returns the jar. */
  store(headers: Headers): this {
    for (const header of headers.getSetCookie()) {
      const { name, value, cleared } = parseSetCookie(header);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  /** The Cookie header a browser would send now ("" when empty). */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** A copy of the jar as it is now (to replay an old state). */
  clone(): CookieJar {
    return new CookieJar(Object.fromEntries(this.cookies));
  }
}
