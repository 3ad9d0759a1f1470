import { describe, expect, it } from "vitest";
import { OFFLINE_COPY_HEADER, PRIVATE_HEADER, SAVED_AT_HEADER } from "~/features/offline/offline-pages";
import { pageToKeep } from "../sw/keep-page";

/**
 * What the service worker keeps for reading offline (decision 046): only what the server marks, whatever the address
 * is spelled like. sw/keep-page.ts is the worker's own code (its `cacheWillUpdate`), run here on Fetch Responses.
 */

const NOW = new Date("2026-11-27T10:00:00Z");

function page(cacheControl: string, extra: Record<string, string> = {}, status = 200): Response {
  return new Response("<!DOCTYPE html><html><title>A page</title></html>", {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, ...extra },
  });
}

/** What the worker keeps of `response`, the answer for `path` (the address plays no part: only the headers do). */
const kept = async (_path: string, response: Response) => pageToKeep(response, NOW);

describe("the service worker keeps what the server marks (decision 046)", () => {
  it("never keeps an answer marked private, no-cache, however its address is spelled", async () => {
    for (const path of ["/ADMIN/users", "/%61dmin/audit", "/admin/users", "/estate/12", "/profile"]) {
      expect(await kept(path, page("private, no-cache")), path).toBeNull();
    }
  });

  it("never keeps a no-store answer, even one that also says public or carries the offline mark", async () => {
    expect(await kept("/estate/12", page("no-store"))).toBeNull();
    expect(await kept("/estate/12", page("public, no-store"))).toBeNull();
    expect(await kept("/estate/12", page("private, no-store", { [OFFLINE_COPY_HEADER]: "private" }))).toBeNull();
  });

  it("keeps a public page for everyone on this phone, stamped with when it was saved", async () => {
    const copy = await kept("/estates", page("public, max-age=0, must-revalidate, s-maxage=60"));
    expect(copy).not.toBeNull();
    expect(copy!.headers.get(SAVED_AT_HEADER)).toBe(NOW.toISOString());
    expect(copy!.headers.get(PRIVATE_HEADER)).toBeNull();
    expect(await copy!.text()).toContain("<title>A page</title>");
  });

  it("keeps a session's page that the server marked for reading offline, as private (deleted at logout)", async () => {
    const copy = await kept("/estate/12", page("private, no-cache", { [OFFLINE_COPY_HEADER]: "private" }));
    expect(copy?.headers.get(PRIVATE_HEADER)).toBe("1");
  });

  it("keeps only whole 200 HTML pages", async () => {
    expect(await kept("/estates", page("public", {}, 404))).toBeNull();
    const json = new Response("{}", { headers: { "Content-Type": "application/json", "Cache-Control": "public" } });
    expect(await kept("/places.json", json)).toBeNull();
  });
});
