import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import before from "./fixtures/route-table.json";
import { declaredRoutes } from "./helpers/routes";

/*
 * The routes are named by purpose in remix.config.js (docs/decisions/065-a-house-by-feature.md) while every URL and
 * route id stays what it was when the file names were the URLs. tests/fixtures/route-table.json is the table Remix
 * read from those file names (`npx remix routes --json` before the move): a route whose URL, id, index flag or parent
 * changes fails here.
 */
describe("the route table (decision 065)", () => {
  it("answers the same URLs with the same route ids, index flags and nesting as before the move", async () => {
    const table = (await declaredRoutes()).map((r) => ({
      id: r.id,
      parentId: r.parentId,
      path: r.path ?? null,
      index: Boolean(r.index),
    }));
    expect(table).toEqual(before);
  });

  it("names a module that exists for every route", async () => {
    const missing = (await declaredRoutes()).filter((r) => !fs.existsSync(path.join("app", r.file)));
    expect(missing.map((r) => r.file)).toEqual([]);
  });
});
