import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { createBrowserHistory, resolvePath, resolveTo } from "@remix-run/router";
import { renderToString } from "react-dom/server";
import { Form, Link } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanRequestTarget, isOversizedManifestRequest, MANIFEST_MAX_SEGMENTS } from "../server/paths";
import { startServer, type TestServer } from "./helpers/server";

/**
 * Decision 050: the published advisories of the Remix 2 line (React Router 6.30, @remix-run/* 2.17, turbo-stream
 * 2.4) that we carry ourselves. Each is either fixed in what we install (the version is asserted, so an upgrade or a
 * downgrade brings the table of the decision back to a reader), patched by us (the patch's behaviour is asserted on
 * the installed code), or shown unreachable.
 */

const require = createRequire(import.meta.url);
const installed = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;

/** Compares two "x.y.z" versions numerically: negative when a < b. */
function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

describe("the versions the decision's table was written for", () => {
  it("installs exactly the versions the patches and overrides were written for", () => {
    // patches/ (patch-package) is per exact version: a different one makes `npm ci` fail or drop a fix silently.
    expect(installed("@remix-run/router")).toBe("1.23.4");
    expect(installed("react-router")).toBe("6.30.6");
    expect(installed("react-router-dom")).toBe("6.30.6");
    expect(installed("@remix-run/react")).toBe("2.17.5");
    expect(installed("@remix-run/server-runtime")).toBe("2.17.5");
    expect(installed("@remix-run/node")).toBe("2.17.5");
    expect(installed("@remix-run/express")).toBe("2.17.5");
    expect(installed("@remix-run/serve")).toBe("2.17.5");
    expect(installed("@remix-run/dev")).toBe("2.17.5");
    expect(installed("turbo-stream")).toBe("2.4.1");
  });

  // Advisories fixed upstream in the 2.x / 6.x line: the installed version is at or past the first fixed one.
  const fixed: [advisory: string, pkg: string, firstFixed: string][] = [
    ["GHSA-2w69-qvjg-hvjx", "@remix-run/router", "1.23.2"],
    ["GHSA-2j2x-hqr9-3h42", "@remix-run/router", "1.23.3"],
    ["GHSA-2j2x-hqr9-3h42", "react-router", "6.30.4"],
    ["GHSA-jjmj-jmhj-qwj2", "react-router", "6.30.5"],
    ["GHSA-jjmj-jmhj-qwj2", "@remix-run/router", "1.23.4"],
    ["GHSA-9583-h5hc-x8cw", "@remix-run/node", "2.17.2"],
    ["GHSA-3cgp-3xvw-98x8", "@remix-run/react", "2.17.1"],
    ["GHSA-8v8x-cx79-35w7", "@remix-run/react", "2.17.3"],
    ["GHSA-h5cw-625j-3rxh", "@remix-run/server-runtime", "2.17.3"],
    ["GHSA-8x6r-g9mw-2r78", "@remix-run/server-runtime", "2.17.5"],
  ];
  it.each(fixed)("%s: %s is at or past %s", (_advisory, pkg, firstFixed) => {
    expect(compareVersions(installed(pkg), firstFixed)).toBeGreaterThanOrEqual(0);
  });

  it("accepts the turbo-stream advisory for the version installed only (GHSA-rxv8-25v2-qmq8)", () => {
    const accepted = JSON.parse(fs.readFileSync(".ci/audit-accepted.json", "utf8")).advisories;
    expect(accepted["GHSA-rxv8-25v2-qmq8"].package).toBe(`turbo-stream@${installed("turbo-stream")}`);
    // The advisories without a fix in React Router 6 are accepted with the reason that decision 050 carries them.
    for (const id of ["GHSA-wrjc-x8rr-h8h6", "GHSA-337j-9hxr-rhxg"]) {
      expect(accepted[id].package).toBe(`react-router@${installed("react-router")}`);
      expect(accepted[id].reason).toContain("050");
    }
  });
});

describe("errors that reach the browser (GHSA-337j-9hxr-rhxg; the same constructor lookup is in turbo-stream 2.4.1)", () => {
  // The browser re-creates an error of a server answer with window[name] (@remix-run/react's deserializeErrors on
  // hydration, turbo-stream's TYPE_ERROR in single fetch). Outside development, the server replaces every error by a
  // plain Error first, so no name, and no constructor, can come from a request.
  const { serializeErrors, sanitizeError } = require("@remix-run/server-runtime/dist/errors.js") as {
    serializeErrors: (errors: Record<string, unknown>, mode: string) => Record<string, Record<string, unknown>>;
    sanitizeError: (error: Error, mode: string) => Error;
  };
  const named = () => Object.assign(new Error("from a request"), { name: "Image" });

  it.each(["production", "test"])("sends an error of any name as a plain Error in %s mode", (mode) => {
    const serialized = serializeErrors({ root: named() }, mode).root;
    expect(serialized).toEqual({ message: "Unexpected Server Error", stack: undefined, __type: "Error" });
    expect(sanitizeError(named(), mode).name).toBe("Error");
  });
});

describe("a backslash path given to <Link>, <Form> or navigate() (GHSA-wrjc-x8rr-h8h6, patched @remix-run/router)", () => {
  it("resolves to a path of this site, not to //evil.example", () => {
    expect(resolvePath("/\\evil.example").pathname).toBe("/evil.example");
    expect(resolvePath("/\\\\evil.example/x?y=1").pathname).toBe("/evil.example/x");
    expect(resolveTo("/\\/evil.example", ["/"], "/estates").pathname).toBe("/evil.example");
    expect(resolveTo("\\evil.example", ["/estates"], "/estates").pathname).toBe("/evil.example");
    // Ordinary paths are unchanged.
    expect(resolveTo("/estate/12?dialog=share", ["/"], "/").pathname).toBe("/estate/12");
  });

  it("renders the link's and the form's address on this site (server rendering, what a page without JavaScript follows)", async () => {
    const page = (
      <>
        <Link to="/\evil.example">a</Link>
        <Link to="/\/evil.example?dialog=login">b</Link>
        <Form action="/\evil.example" method="post" />
      </>
    );
    const handler = createStaticHandler([{ path: "*", element: page }]);
    const context = await handler.query(new Request("http://localhost/estates"));
    if (context instanceof Response) throw new Error("the page did not render");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
    );
    const addresses = [...html.matchAll(/(?:href|action)="([^"]*)"/g)].map((m) => m[1]);
    expect(addresses).toEqual(["/evil.example", "/evil.example?dialog=login", "/evil.example"]);
  });

  /** A window of the site https://aqar.example whose pushState fails, as a browser's does for another origin. */
  function stubWindow(failure: string) {
    const assign = vi.fn();
    const win = {
      location: {
        origin: "https://aqar.example",
        href: "https://aqar.example/estates",
        pathname: "/estates",
        search: "",
        hash: "",
        assign,
      },
      history: {
        state: { idx: 0 },
        pushState: () => {
          throw new DOMException("The operation is insecure.", failure);
        },
        replaceState: () => undefined,
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    vi.stubGlobal("window", win);
    return { win, assign };
  }

  /** The browser build (ESM) of @remix-run/router, loaded as a module from a copy (the package is not type: module). */
  async function browserBuild(): Promise<typeof import("@remix-run/router")> {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "router-esm-")), "router.mjs");
    const dist = path.join(path.dirname(require.resolve("@remix-run/router/package.json")), "dist");
    fs.copyFileSync(path.join(dist, "router.js"), file);
    fs.copyFileSync(path.join(dist, "router.js.map"), path.join(path.dirname(file), "router.js.map"));
    return import(/* @vite-ignore */ file);
  }

  it.each([
    ["server build", async () => ({ createBrowserHistory, resolvePath })],
    ["browser build", browserBuild],
  ])("the %s: a history push refused as another origin is never followed with location.assign", async (_build, load) => {
    const router = await load();
    expect(router.resolvePath("/\\evil.example").pathname).toBe("/evil.example");
    const { win, assign } = stubWindow("SecurityError");
    try {
      const history = router.createBrowserHistory({ window: win as unknown as Window });
      expect(() => history.push("/\\evil.example")).toThrow(DOMException);
      expect(assign).not.toHaveBeenCalled();
      // A push that fails for another reason on this site (iOS allows 100 a window) still loads the page.
      history.push("/estates?page=2");
      expect(assign).toHaveBeenCalledWith("/estates?page=2");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("addresses Remix 2 never sees (server/paths.ts)", () => {
  it("gives the clean address for a backslash or an empty segment, the query kept", () => {
    expect(cleanRequestTarget("/\\evil.example")).toBe("/evil.example");
    expect(cleanRequestTarget("/%5Cevil.example?dialog=login")).toBe("/evil.example?dialog=login");
    expect(cleanRequestTarget("/%5c%5cevil.example")).toBe("/evil.example");
    expect(cleanRequestTarget("//evil.example/")).toBe("/evil.example");
    expect(cleanRequestTarget("/estates//?page=2&q=a//b")).toBe("/estates?page=2&q=a//b");
    expect(cleanRequestTarget("/estates?q=a\\b")).toBeUndefined();
    expect(cleanRequestTarget("/estate/12")).toBeUndefined();
    expect(cleanRequestTarget("/")).toBeUndefined();
  });

  it("tells a route discovery request larger than any page's from the site's own", () => {
    const ask = (...p: string[]) => new URLSearchParams(p.map((x) => ["p", x]));
    expect(isOversizedManifestRequest("/__manifest", ask("/estates", "/estate/12", "/admin/articles/3"))).toBe(false);
    expect(isOversizedManifestRequest("/__manifest", ask("/a".repeat(MANIFEST_MAX_SEGMENTS + 1)))).toBe(true);
    expect(isOversizedManifestRequest("/__manifest", ask(...Array.from({ length: 101 }, (_, i) => `/estate/${i}`)))).toBe(true);
    expect(isOversizedManifestRequest("/estates", ask("/a".repeat(100)))).toBe(false);
  });
});

describe("the real server (GHSA-wrjc-x8rr-h8h6, GHSA-2j2x-hqr9-3h42, GHSA-chx6-hx7r-mcp5)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** One raw request (fetch and http.get would clean "\" and "//" before sending them). */
  function raw(target: string, method = "GET"): Promise<{ status: number; location?: string; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: server.port, path: target, method, headers: { Origin: server.url } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  /** True when a browser on `page` would read `address` as a place on this site (it reads "\" as "/"). */
  const onSite = (address: string, page: string) => new URL(address.replace(/&amp;/g, "&"), page).origin === server.url;

  const variants = [
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example/?dialog=login",
    "/\\/evil.example?dialog=share&estate_id=1",
    "//estates",
    "/estates//?dialog=login",
    "/estates/%5C%5Cevil.example?page=2",
  ];

  it.each(variants)("sends %s to an address of this site, whose page links only here", async (target) => {
    const first = await raw(target);
    expect(first.status).toBe(301);
    expect(first.location).toBeDefined();
    expect(first.location).not.toMatch(/^\/\/|\\|%5c/i);
    expect(onSite(first.location!, server.url)).toBe(true);
    const page = await raw(first.location!);
    expect([200, 404]).toContain(page.status);
    const addresses = [...page.body.matchAll(/\s(?:href|action|formaction)="([^"]*)"/g)].map((m) => m[1]);
    expect(addresses.length).toBeGreaterThan(5);
    // Links to other sites are only the ones the page means (app stores, maps, tel:, mailto:), never evil.example.
    const local = addresses.filter((a) => !/^[a-z][a-z0-9+.-]*:/i.test(a));
    expect(local.filter((a) => !onSite(a, `${server.url}${first.location}`))).toEqual([]);
    expect(page.body).not.toContain("evil.example/");
  });

  it("answers a post to such an address with 308 to the clean one (the post itself is not handled there)", async () => {
    const res = await raw("/\\evil.example", "POST");
    expect(res.status).toBe(308);
    expect(res.location).toBe("/evil.example");
  });

  it("answers a route discovery request deeper than any route with no routes, and the site's own with its routes", async () => {
    const version = await import(/* @vite-ignore */ path.resolve("build/index.js")).then((b) => b.assets.version as string);
    const deep = await raw(`/__manifest?version=${version}&p=${"/a".repeat(3700)}`);
    expect(deep.status).toBe(200);
    expect(JSON.parse(deep.body)).toEqual({});
    const own = await raw(`/__manifest?version=${version}&p=/estates&p=/estate/12`);
    expect(own.status).toBe(200);
    expect(Object.keys(JSON.parse(own.body))).toEqual(expect.arrayContaining(["routes/estates", "routes/estate.$id"]));
  });
});
