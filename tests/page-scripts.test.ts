import { describe, expect, it } from "vitest";
import { withoutScripts } from "~/features/site/data-saver.server";
import {
  DEFERRED_REL,
  FALLBACK_MS,
  scriptsAfterFirstPaint,
  scriptsAfterFirstPaintInBytes,
} from "~/platform/remix/page-scripts.server";

/**
 * Decision 034: the page's scripts start after its first paint. What Remix's `<Scripts/>` writes (its shape in
 * Remix 2.17) is rewritten so that nothing is fetched before the first frame, the same elements stay for React's
 * hydration, and the same modules are imported in the same order of effects.
 */

const NONCE = "abc123==";
const REMIX_TAIL =
  `<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>` +
  `<link rel="modulepreload" href="/build/root-C.js"/>` +
  `<script nonce="${NONCE}">window.__remixContext = {"future":{}};</script>` +
  `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/build/root-C.js";\n` +
  `import * as route1 from "/build/routes/estate.$id-D.js";\nwindow.__remixManifest = {"entry":{"module":"/build/entry.client-A.js"}};\n` +
  `window.__remixRouteModules = {"root":route0,"routes/estate.$id":route1};\n\nimport("/build/entry.client-A.js");</script>` +
  `<script nonce="${NONCE}">window.__remixContext.streamController.close();</script>`;
const PAGE = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/build/app.css"/></head><body><main>x</main>${REMIX_TAIL}</body></html>`;

describe("scriptsAfterFirstPaint", () => {
  const out = scriptsAfterFirstPaint(PAGE);
  const module = /<script nonce="abc123==" type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";

  it("keeps every modulepreload link as an element the browser does not fetch, in its place", () => {
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).toContain(
      `<link rel="${DEFERRED_REL}" href="/build/entry.client-A.js"/><link rel="${DEFERRED_REL}" href="/build/_shared/chunk-B.js"/>` +
        `<link rel="${DEFERRED_REL}" href="/build/root-C.js"/>`,
    );
    // Everything before the scripts and the other scripts are untouched.
    expect(
      out.startsWith(`<!DOCTYPE html><html><head><link rel="stylesheet" href="/build/app.css"/></head><body><main>x</main>`),
    ).toBe(true);
    expect(out).toContain(`<script nonce="${NONCE}">window.__remixContext = {"future":{}};</script>`);
    expect(out).toContain(`<script nonce="${NONCE}">window.__remixContext.streamController.close();</script>`);
  });

  it("has no static import left: it waits for a frame (or the fallback), preloads, then imports the routes", () => {
    expect(module).not.toMatch(/^\s*import \*/m);
    const wait = module.indexOf("requestAnimationFrame");
    const preload = module.indexOf(`link[rel="${DEFERRED_REL}"]`);
    const routes = module.indexOf(
      'const [route0,route1]=await Promise.all([import("/build/root-C.js"),import("/build/routes/estate.$id-D.js")]);',
    );
    const table = module.indexOf('window.__remixRouteModules = {"root":route0,"routes/estate.$id":route1};');
    const entry = module.indexOf('import("/build/entry.client-A.js");');
    expect([wait, preload, routes, table, entry].every((i) => i >= 0)).toBe(true);
    expect(wait < preload && preload < routes && routes < table && table < entry).toBe(true);
    expect(module).toContain(`setTimeout(go,${FALLBACK_MS})`);
    // A module that cannot be fetched (a dropped connection) is not an error of the page: it stays as without scripts.
    expect(module.endsWith("})().catch(()=>{});")).toBe(true);
    // Valid JavaScript as an async function body.
    expect(() => new Function(module)).not.toThrow();
  });

  it("keeps the page's text as it is (Arabic, a non-breaking space, an Arabic-Indic zero)", () => {
    const text = `\u00a0سعر ٠ دولار\u00a0`;
    const page = PAGE.replace(
      "<main>x</main>",
      `<main>${text}</main><script type="application/ld+json">{"n":"${text}"}</script>`,
    );
    for (const rewrite of [scriptsAfterFirstPaint, withoutScripts]) {
      const out = rewrite(page);
      expect(out).toContain(`<main>${text}</main>`);
      expect(out).toContain(`{"n":"${text}"}`);
    }
  });

  it("leaves a page without Remix's scripts as it is (the data saver's pages, an error page)", () => {
    const bare = `<!DOCTYPE html><html><head></head><body><main>x</main></body></html>`;
    expect(scriptsAfterFirstPaint(bare)).toBe(bare);
  });

  it("gives the same bytes when it rewrites the document as bytes, Arabic before the scripts and in their data", () => {
    const page = PAGE.replace("<main>x</main>", "<main>شقة مفروشة في المزة، ٣ غرف — 250 US$</main>").replace(
      '{"future":{}}',
      '{"future":{},"t":"فيلا"}',
    );
    const bytes = Buffer.from(page, "utf8");
    expect(scriptsAfterFirstPaintInBytes(bytes).equals(Buffer.from(scriptsAfterFirstPaint(page), "utf8"))).toBe(true);
    const bare = Buffer.from(`<!DOCTYPE html><html><body><main>بيت</main></body></html>`, "utf8");
    expect(scriptsAfterFirstPaintInBytes(bare)).toBe(bare);
  });
});
