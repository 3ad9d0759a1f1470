import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryParams as rootParams } from "~/root";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * Decision 045: the page cache keys a page on the query parameters its routes say they read (the `queryParams`
 * exports, server/page-query.ts) and renders it from those alone. A loader that reads a parameter missing from the
 * list would render the same page for addresses that differ in it, so this test calls every route's loader, as a
 * visitor and as an admin, with its parameters and a stranger's, and fails on any parameter read by name (get,
 * getAll, has) from the request's address that is not in the root's or the route's list.
 */

type RouteModule = { loader?: Parameters<typeof callLoader>[0]; queryParams?: readonly string[] };
const ROUTE_FILES = fs.readdirSync("app/routes").filter((file) => file.endsWith(".tsx"));

const test = useTestDatabase();

/** Names read from the searchParams of a URL whose address is `watched`, while it is set. */
let watched: string | null = null;
const read = new Set<string>();
const descriptor = Object.getOwnPropertyDescriptor(URL.prototype, "searchParams")!;

beforeAll(() => {
  Object.defineProperty(URL.prototype, "searchParams", {
    configurable: true,
    get(this: URL) {
      const params = descriptor.get!.call(this) as URLSearchParams;
      if (watched === null || this.href !== watched) return params;
      return new Proxy(params, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (property === "get" || property === "getAll" || property === "has") read.add(String(args[0]));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  });
});

afterAll(() => {
  Object.defineProperty(URL.prototype, "searchParams", descriptor);
});

/** A plausible value for each parameter, so that loaders read past their first checks. */
const SAMPLE: Record<string, string> = {
  page: "1",
  lang: "ar",
  location_id: "1",
  estate_type_id: "6",
  estate_offer_type_id: "1",
};

describe("the query parameters each page reads (decision 045)", () => {
  it("every parameter a loader reads is in its route's queryParams or the root's", async () => {
    const admin = await account(test.get().db, { role: "admin" });
    const problems: string[] = [];
    let checked = 0;
    for (const file of ROUTE_FILES) {
      const module = (await import(path.resolve("app/routes", file))) as RouteModule;
      if (!module.loader) continue;
      const declared = new Set([...rootParams, ...(module.queryParams ?? [])]);
      const query = new URLSearchParams([...(module.queryParams ?? [])].map((name) => [name, SAMPLE[name] ?? "x"]));
      query.append("utm_source", "probe");
      const url = `http://localhost:3000/probe?${query}`;
      for (const cookie of ["", admin.cookie]) {
        read.clear();
        watched = new URL(url).href;
        try {
          await callLoader(module.loader, url, {
            cookie,
            params: { id: "1", ref: "1-0", name: "estates-1.xml", "*": "probe" },
          });
        } catch {
          // A loader that fails on these made-up ids has still read what it read before.
        } finally {
          watched = null;
        }
        checked++;
        for (const name of read) if (!declared.has(name)) problems.push(`${file} reads ?${name}`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect([...new Set(problems)]).toEqual([]);
  });
});
