import fs from "node:fs";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { describe, expect, it } from "vitest";
import remixConfig from "../remix.config.js";
import before from "./fixtures/route-table.json";

/*
 * The routes are named by purpose in remix.config.js (docs/decisions/065-a-house-by-feature.md) while every URL and
 * route id stays what it was when the file names were the URLs. tests/fixtures/route-table.json is the table Remix
 * read from those file names (`npx remix routes --json` before the move): a route whose URL, id, index flag or parent
 * changes fails here.
 */
describe("the route table (decision 065)", () => {
  it("answers the same URLs with the same route ids, index flags and nesting as before the move", async () => {
    const manifest = await remixConfig.routes!(defineRoutes);
    const table = Object.values(manifest)
      .map((r) => ({ id: r.id, parentId: r.parentId, path: r.path ?? null, index: Boolean(r.index) }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(table).toEqual(before);
  });

  it("names a module that exists for every route", async () => {
    const manifest = await remixConfig.routes!(defineRoutes);
    const missing = Object.values(manifest).filter((r) => !fs.existsSync(path.join("app", r.file)));
    expect(missing.map((r) => r.file)).toEqual([]);
  });
});
