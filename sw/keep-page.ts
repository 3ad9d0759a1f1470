import { OFFLINE_COPY_HEADER, PRIVATE_HEADER, SAVED_AT_HEADER } from "../app/features/offline/offline-pages";

/** The directive names of a Cache-Control header, lower case (`public`, `max-age`, …). */
function directives(cacheControl: string | null): Set<string> {
  return new Set(
    (cacheControl ?? "")
      .split(",")
      .map((part) => part.split("=")[0].trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The copy of a page that the service worker keeps for reading offline, or null when it must not keep it (decision
 * 046): the server decides, by its headers, never the address (`/ADMIN/users` and `/%61dmin/audit` are admin pages
 * too). Kept are whole 200 HTML answers that do not say `no-store` and either say `public` (a visitor's page from the
 * page cache: the same for everyone) or carry `Offline-Copy: private` (a page answered for this browser's session
 * that the server allows it to keep: marked with PRIVATE_HEADER and deleted at logout). Anything else, such as a
 * plain `private, no-cache` answer, is not kept. The copy is stamped with `now` (SAVED_AT_HEADER) and stored
 * decoded (no Content-Encoding).
 */
export async function pageToKeep(response: Response, now: Date): Promise<Response | null> {
  const cacheControl = directives(response.headers.get("Cache-Control"));
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.includes("text/html") || cacheControl.has("no-store")) return null;
  const shared = cacheControl.has("public") && !cacheControl.has("private");
  const ownCopy = response.headers.get(OFFLINE_COPY_HEADER)?.trim().toLowerCase() === "private";
  if (!shared && !ownCopy) return null;
  const headers = new Headers(response.headers);
  // The body is stored decoded: a Content-Encoding kept with it would be wrong.
  headers.delete("Content-Encoding");
  headers.set(SAVED_AT_HEADER, now.toISOString());
  if (!shared) headers.set(PRIVATE_HEADER, "1");
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}
