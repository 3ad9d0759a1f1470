import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import remixConfig from "../../remix.config.js";

/** A route as remix.config.js declares it (decision 065): its id, parent, URL path, index flag and module under app/. */
export type DeclaredRoute = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

/**
 * The site's routes as Remix reads them from remix.config.js (the route modules are named by purpose; the ids are the
 * old flat-route names, so `routes/profile_.posts.$id` is still /profile/posts/:id). Sorted by id.
 */
export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const manifest = await remixConfig.routes!(defineRoutes);
  return Object.values(manifest)
    .map((r) => ({ id: r.id, parentId: r.parentId, path: r.path, index: r.index, file: r.file }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
