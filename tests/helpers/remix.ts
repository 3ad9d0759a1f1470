/**
 * Calls a route loader the way Remix does, with a real Request (and the load context the HTTP server passes,
 * `{ clientIp }`, when given), and returns what a user would get:
 * the status and the data, or the status of a thrown Response (404s, redirects).
 */
export async function callLoader<T>(
  loader: (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => Promise<T> | T,
  url: string,
  options: { params?: Record<string, string>; cookie?: string; context?: Record<string, unknown> } = {},
): Promise<{ status: number; data: any; headers: Headers }> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(new URL(url, "http://localhost:3000"), { headers });
  try {
    const result: any = await loader({ request, params: options.params ?? {}, context: options.context ?? {} });
    if (result instanceof Response) {
      const body = result.headers.get("Content-Type")?.includes("json") ? await result.json() : await result.text();
      return { status: result.status, data: body, headers: result.headers };
    }
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
    }
    return { status: 200, data: result, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: await thrown.text(), headers: thrown.headers };
    throw thrown;
  }
}

/**
 * Calls a route action the way Remix does: a real POST Request with a urlencoded form body (and the Cookie header,
 * when given), and the load context the HTTP server passes (`{ clientIp }`). Returns what a user would get: the
 * status, the data (the body of a returned or thrown Response, or the data of `data()`), and the headers
 * (Location and Set-Cookie of redirects).
 */
export async function callAction<T>(
  action: (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => Promise<T> | T,
  url: string,
  options: {
    form?: Record<string, string> | URLSearchParams;
    params?: Record<string, string>;
    cookie?: string;
    context?: Record<string, unknown>;
  } = {},
): Promise<{ status: number; data: any; headers: Headers }> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  const body = options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form ?? {});
  const request = new Request(new URL(url, "http://localhost:3000"), { method: "POST", headers, body });
  const unwrap = async (response: Response) => {
    const text = await response.text();
    const data = response.headers.get("Content-Type")?.includes("json") && text ? JSON.parse(text) : text;
    return { status: response.status, data, headers: response.headers };
  };
  try {
    const result: any = await action({ request, params: options.params ?? {}, context: options.context ?? {} });
    if (result instanceof Response) return unwrap(result);
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
    }
    return { status: 200, data: result, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return unwrap(thrown);
    throw thrown;
  }
}

/** One cookie as a Set-Cookie header sets it: its name, value, and whether it deletes the cookie. */
export function parseSetCookie(header: string): { name: string; value: string; attributes: Record<string, string>; cleared: boolean } {
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
