import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createRequestHandler, redirectDocument, type ServerBuild } from "@remix-run/node";
import { Form, Link, Links, Meta, Outlet, RemixServer, Scripts } from "@remix-run/react";
import { resolvePath } from "@remix-run/router";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { encode } from "turbo-stream";
import { describe, expect, it, vi } from "vitest";
import { DEFERRED_REL, scriptsAfterFirstPaint } from "~/platform/remix/page-scripts.server";
import { useRouterContexts, withContexts } from "~/platform/remix/router-contexts";
import { decodeRemixState } from "~/platform/remix/hydration";
import { reloadDocumentAnswer } from "~/platform/remix/single-fetch";

/**
 * The framework shims we keep (docs/decisions/064-framework-shims-kept-and-dropped.md), each checked against the real
 * framework code installed: a new version of Remix or React Router, or a change of what a shim relies on, fails here
 * first. The security patch of @remix-run/router is checked in depth by tests/advisories.test.tsx, and the build's
 * output without Remix's empty stand-ins by tests/page-budgets.test.ts.
 */

const require = createRequire(import.meta.url);
const installed = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;

describe("the framework versions the shims were written for", () => {
  it("installs exactly them, and patches/ holds one patch for each of three of them", () => {
    expect(installed("@remix-run/dev")).toBe("2.17.5");
    expect(installed("@remix-run/react")).toBe("2.17.5");
    expect(installed("@remix-run/server-runtime")).toBe("2.17.5");
    expect(installed("@remix-run/router")).toBe("1.23.4");
    expect(installed("react-router")).toBe("6.30.6");
    expect(installed("react-router-dom")).toBe("6.30.6");
    expect(installed("turbo-stream")).toBe("2.4.1");
    expect(fs.readdirSync(path.resolve("patches")).sort()).toEqual([
      "@remix-run+dev+2.17.5.patch",
      "@remix-run+react+2.17.5.patch",
      "@remix-run+router+1.23.4.patch",
    ]);
  });
});

// Kept after all (decision 064's amendment): without it, the end-to-end journeys of the phone with JavaScript logged
// React error #345 on navigations interrupted while a page's scripts loaded (search, report, offer forms).
describe("patches/@remix-run+react+2.17.5.patch (decision 034: interrupted navigations are not errors)", () => {
  it("is applied to both builds of Remix's single fetch: the rest of a decoded stream cannot reject unhandled", () => {
    for (const file of ["dist/single-fetch.js", "dist/esm/single-fetch.js"]) {
      const source = fs.readFileSync(require.resolve(`@remix-run/react/${file}`), "utf8");
      expect(source, file).toContain("decoded.done.catch(() => {});");
      expect(source, file).toContain("if (!(init.signal && init.signal.aborted)) console.error(e);");
    }
  });
});

describe("patches/@remix-run+dev+2.17.5.patch (decision 034)", () => {
  it("makes Remix's own plugin give each `.server` module of app/ a stand-in free of side effects", () => {
    const { emptyModulesPlugin } = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js") as {
      emptyModulesPlugin: (ctx: unknown, filter: RegExp) => { setup(build: unknown): void };
    };
    let resolve: ((args: { path: string; resolveDir: string }) => unknown) | undefined;
    emptyModulesPlugin({ config: { appDirectory: path.resolve("app") } }, /\.server(\.[jt]sx?)?$/).setup({
      onResolve: (_options: unknown, callback: typeof resolve) => (resolve ??= callback),
      onLoad: () => undefined,
    });
    expect(resolve?.({ path: "./db/db.server", resolveDir: path.resolve("app") })).toEqual({
      path: "./db/db.server",
      namespace: "empty-module",
      sideEffects: false,
    });
  });
});

describe("patches/@remix-run+router+1.23.4.patch (decision 050)", () => {
  it("resolves a backslash path on this site", () => {
    expect(resolvePath("/\\evil.example").pathname).toBe("/evil.example");
  });
});

/** What a real Remix 2.17.5 server answers with `routes` (under a root that renders Remix's `<Scripts/>`). */
function remixServer(routes: Record<string, { path: string; module: { default: () => ReactNode; action?: () => never } }>) {
  const root = {
    default: () => (
      <html lang="en">
        <head>
          <Meta />
          <Links />
        </head>
        <body>
          <Outlet />
          <Scripts />
        </body>
      </html>
    ),
  };
  const serverRoutes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root } };
  const assetRoutes: Record<string, object> = {
    root: { id: "root", path: "", module: "/build/root-C.js", imports: ["/build/_shared/chunk-B.js"], hasLoader: false },
  };
  for (const [id, route] of Object.entries(routes)) {
    serverRoutes[id] = { id, parentId: "root", path: route.path, module: route.module };
    assetRoutes[id] = { id, parentId: "root", path: route.path, module: `/build/${id}-D.js`, hasAction: true };
  }
  const build = {
    mode: "production",
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: never) =>
          new Promise<Response>((done, fail) => {
            let html = "";
            const { pipe } = renderToPipeableStream(<RemixServer context={context} url={request.url} />, {
              onAllReady: () =>
                pipe(
                  new Writable({
                    write: (chunk: Buffer, _encoding, next) => ((html += chunk.toString()), next()),
                    final: (next) => (done(new Response(html, { status, headers })), next()),
                  }),
                ),
              onShellError: fail,
            });
          }),
      },
    },
    routes: serverRoutes,
    assets: {
      version: "X",
      url: "/build/manifest-X.js",
      entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/chunk-B.js"] },
      routes: assetRoutes,
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}

describe("the rewrite of Remix's <Scripts/> (app/platform/remix/page-scripts.server.ts, decision 034)", () => {
  it("finds in the real <Scripts/> output the links and the module script it rewrites", async () => {
    const handler = remixServer({ "routes/page": { path: "page", module: { default: () => <main>page</main> } } });
    const html = await (await handler(new Request("http://localhost/page"))).text();
    // The shape the rewrite relies on: modulepreload links, then one module script importing each route statically.
    expect(html).toMatch(/<link rel="modulepreload" href="\/build\/entry\.client-A\.js"\/>/);
    expect(html).toMatch(/<script type="module" async="">[\s\S]*?<\/script>/);
    expect(html).toContain('import * as route0 from "/build/root-C.js";\nimport * as route1 from "/build/routes/page-D.js";');
    expect(html.indexOf('<link rel="modulepreload"')).toBeLessThan(html.indexOf('type="module"'));

    const out = scriptsAfterFirstPaint(html);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.match(new RegExp(`<link rel="${DEFERRED_REL}"`, "g"))?.length).toBe(
      html.match(/<link rel="modulepreload"/g)?.length,
    );
    const module = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(module).not.toMatch(/^\s*import \*/m);
    expect(module).toContain(
      'const [route0,route1]=await Promise.all([import("/build/root-C.js"),import("/build/routes/page-D.js")]);',
    );
    expect(module).toContain('import("/build/entry.client-A.js")');
    expect(() => new Function(module)).not.toThrow();
  });
});

describe("the service worker's reload answer (app/platform/remix/single-fetch.ts, decisions 021 and 023)", () => {
  it("is byte for byte what the real Remix server sends for an action's redirectDocument", async () => {
    const location = '/new-estate?x="a"&y=%D8%B4&z=</script>';
    const handler = remixServer({
      "routes/post": {
        path: "post",
        module: {
          action: () => {
            throw redirectDocument(location);
          },
          default: () => null,
        },
      },
    });
    const remix = await handler(
      new Request("http://localhost/post.data", {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
        headers: { Origin: "http://localhost", Host: "localhost" },
      }),
    );
    const ours = reloadDocumentAnswer(location);
    expect(ours.status).toBe(remix.status);
    expect(ours.headers.get("Content-Type")).toBe(remix.headers.get("Content-Type"));
    expect(ours.headers.get("X-Remix-Response")).toBe(remix.headers.get("X-Remix-Response"));
    expect(await ours.text()).toBe(await remix.text());
  });
});

describe("the router contexts copied for a subtree rendered on its own (router-contexts.tsx, decision 033)", () => {
  it("render a <Link> and a <Form> as they render in place, at the pathname given", async () => {
    const Links2 = () => (
      <>
        <Link to="?dialog=share">share</Link>
        <Link to="../office/3">office</Link>
        <Form method="post">
          <button type="submit">save</button>
        </Form>
      </>
    );
    let apart = "";
    const Apart = () => {
      apart = renderToString(withContexts(useRouterContexts("/estates"), <Links2 />));
      return <Links2 />;
    };
    const handler = createStaticHandler([{ id: "page", path: "*", element: <Apart /> }]);
    const render = async (url: string) => {
      const context = await handler.query(new Request(`http://localhost${url}`));
      if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
      return renderToString(
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
      );
    };
    // Rendered apart from a page at another address, the subtree is what the page at "/estates" renders in place.
    await render("/home?page=2");
    const fromElsewhere = apart;
    const inPlace = await render("/estates");
    expect(fromElsewhere).toBe(inPlace);
    expect(inPlace).toContain('href="/estates?dialog=share"');
    expect(inPlace).toContain('<form method="post" action="/"');
  });
});

describe("hydration waits for the page's data (app/platform/remix/hydration.ts, decision 064)", () => {
  it("relies on RemixBrowser suspending on the state's decoding before it calls any hook, in both builds", () => {
    for (const file of ["dist/browser.js", "dist/esm/browser.js"]) {
      const source = fs.readFileSync(require.resolve(`@remix-run/react/${file}`), "utf8");
      const body = source.slice(source.indexOf("function RemixBrowser("));
      const suspends = body.indexOf("throw stateDecodingPromise;");
      expect(suspends, file).toBeGreaterThan(0);
      expect(body.slice(0, suspends), file).not.toMatch(/\buse[A-Z]\w*\(/);
    }
  });

  it("resolves once the single-fetch state is decoded, so that the render that follows does not suspend", async () => {
    const state = { loaderData: { root: { locale: "ar" } }, actionData: null, errors: null };
    const stream = encode(state);
    const context = { future: { v3_singleFetch: true }, stream, state: undefined as unknown };
    vi.stubGlobal("window", { __remixContext: context });
    try {
      await decodeRemixState();
      expect(context.state).toEqual(state);
      expect(context.stream).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
