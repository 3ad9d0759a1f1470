import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { canonicalPathOf, pathShape, routeMatcher } from "../server/page-query";
import { declaredRoutes } from "./helpers/routes";

/**
 * server/page-query.ts keeps the routes matched for each path shape (digits-only segments as "0"), since React Router's
 * matchRoutes flattens the whole route tree at each call, on every request, cached pages included. The kept answer
 * must be the one matchRoutes gives for every path of the shape, on the site's real route table.
 */

/** The site's routes in the shape of a server build's `routes` (what routeMatcher reads). */
async function siteBuild(): Promise<ServerBuild> {
  const routes: Record<string, object> = {};
  for (const route of await declaredRoutes()) routes[route.id] = { ...route };
  routes.root = { id: "root", path: "" };
  return { routes } as unknown as ServerBuild;
}

/** React Router's own answer for `pathname` on the same routes, uncached. */
function reference(build: ServerBuild, pathname: string): string[] | null {
  const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
  const nodes = new Map<string, AgnosticRouteObject>();
  for (const route of Object.values(build.routes)) {
    const node = (
      route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children: [] }
    ) as AgnosticRouteObject;
    nodes.set(route.id, node);
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), node]);
  }
  for (const [parentId, list] of byParent) {
    const parent = parentId === undefined ? undefined : nodes.get(parentId);
    if (parent && "children" in parent) parent.children = list;
  }
  return matchRoutes(byParent.get(undefined) ?? [], pathname)?.map((match) => match.route.id!) ?? null;
}

describe("the routes matched for a path (server/page-query.ts)", () => {
  it("no route has a static segment of digits alone, so every path of a shape matches the same routes", async () => {
    for (const route of await declaredRoutes())
      for (const segment of (route.path ?? "").split("/")) expect(segment, route.id).not.toMatch(/^\d+$/);
  });

  it("gives what matchRoutes gives, for the first path of a shape and for the others after it", async () => {
    const build = await siteBuild();
    const match = routeMatcher(build);
    const paths = [
      "/",
      "/estates",
      "/estate/1",
      "/estate/66821",
      "/estate/66821/",
      "/estate/abc",
      "/estate-gallery/12",
      "/artical/7",
      "/admin/posts/31",
      "/admin/posts",
      "/profile/posts/5",
      "/a/XYZ12",
      "/sitemap-estates-3.xml",
      "/no/such/page",
      "/estate/12/extra",
    ];
    for (const pathname of [...paths, ...paths.map((p) => p.replace(/\d+/g, "9"))])
      expect(match(pathname), pathname).toEqual(reference(build, pathname));
    expect(pathShape("/estate/66821")).toBe("/estate/0");
    expect(pathShape("/sitemap-estates-3.xml")).toBe("/sitemap-estates-3.xml");
  });
});

describe("one address per page (decision 077, server/page-query.ts canonicalPathOf)", () => {
  it("sends a trailing slash and a static segment in other letters to the route's own spelling", async () => {
    const canonical = canonicalPathOf(await siteBuild());
    expect(canonical("/ESTATES")).toBe("/estates");
    expect(canonical("/Estates")).toBe("/estates");
    expect(canonical("/estates/")).toBe("/estates");
    expect(canonical("/Estates//")).toBe("/estates");
    expect(canonical("/officesresult")).toBe("/officesResult");
    expect(canonical("/ROBOTS.TXT")).toBe("/robots.txt");
    expect(canonical("/Estate/42")).toBe("/estate/42");
    expect(canonical("/ADMIN/Posts/7/")).toBe("/admin/posts/7");
    expect(canonical("/company-profile/")).toBe("/company-profile");
  });

  it("leaves the page's own address, parameters and unknown paths as sent", async () => {
    const canonical = canonicalPathOf(await siteBuild());
    for (const path of [
      "/",
      "/estates",
      "/officesResult",
      "/estate/42",
      "/od/AbCdEf",
      "/a/XyZ",
      "/No-Such/Page",
      "/estates.data",
    ]) {
      expect(canonical(path), path).toBeNull();
    }
    // A token keeps its letters; only the route's own segment is spelled as the route spells it.
    expect(canonical("/OD/AbCdEf")).toBe("/od/AbCdEf");
    expect(canonical("/No-Such/Page/")).toBe("/No-Such/Page");
  });
});
