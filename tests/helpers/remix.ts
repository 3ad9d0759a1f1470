/**
 * Calls a route loader the way Remix does, with a real Request, and returns what a user would get:
 * the status and the data, or the status of a thrown Response (404s, redirects).
 */
export async function callLoader<T>(
  loader: (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => Promise<T> | T,
  url: string,
  options: { params?: Record<string, string>; cookie?: string } = {},
): Promise<{ status: number; data: any; headers: Headers }> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(new URL(url, "http://localhost:3000"), { headers });
  try {
    const result: any = await loader({ request, params: options.params ?? {}, context: {} });
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
