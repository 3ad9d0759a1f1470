/**
 * The page's JavaScript starts after its first paint (decision 034). A shim over Remix 2.17.5's `<Scripts/>` output,
 * kept because it earns its place (docs/decisions/064-framework-shims-kept-and-dropped.md); tests/remix-shims.test.ts
 * renders the real `<Scripts/>` and fails when the shape this rewrite relies on changes.
 *
 * Remix's `<Scripts/>` writes a `<link rel="modulepreload">` for each of the page's modules and a module script that
 * imports the route modules statically. The browser then fetches about 20 scripts (90 KB brotli, more in gzip)
 * together with the stylesheet and the first photo, and on a slow mobile link they share it: Lighthouse's mobile
 * test put the first paint of the home page and a listing at 2.3 to 2.5 s, over the 1.8 s target of decision 034, and 0.95 to
 * 1.68 s with the scripts refused. Every page works without JavaScript (plain links and forms), so the text and the
 * photos come first and the scripts right after: this rewrites Remix's output so that
 * - its `<link rel="modulepreload">` elements become `<link rel="DEFERRED_REL">`, which the browser ignores. They
 *   stay in the document: React hydrates the whole document and finds the same elements (in production it does not
 *   compare attributes);
 * - the module script waits for the first frame (or at most FALLBACK_MS, for a tab in the background), adds a
 *   modulepreload link at the end of `<head>` for each of them (React leaves extra nodes at the end of head and body
 *   alone), imports the route modules dynamically and then runs the rest of Remix's script unchanged (the manifest,
 *   the route modules' table and the import of entry.client). A module that cannot be fetched leaves the page as it
 *   is without JavaScript, as a failed static import did.
 * The rewritten script is still an inline script of the document, so the nonce (rendered pages) and the script
 * hashes (the page cache) allow it as before.
 */

/** At most this many milliseconds before the scripts start when no frame comes (a page opened in a hidden tab). */
export const FALLBACK_MS = 500;

/** The `rel` of Remix's modulepreload links until the scripts start: not a keyword the browser acts on. */
export const DEFERRED_REL = "x-modulepreload-after-paint";

const PRELOAD = /<link rel="modulepreload" href="/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;

/**
 * `html`, a document rendered by app/entry.server.tsx with Remix's `<Scripts/>`, with its scripts started after the
 * first paint (see above). A document without Remix's module script (an error page without scripts, the data saver's
 * pages) comes back as it is. The names in the rewritten script are Remix's own (`route0`, …) and JSON strings are
 * reused as they are, so nothing of the page's text is re-escaped.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const start = html.indexOf('<link rel="modulepreload"');
  const scriptAt = html.search(MODULE_SCRIPT);
  if (start < 0 || scriptAt < start) return html;
  const head = html.slice(0, start);
  let tail = html.slice(start);
  tail = tail.replace(PRELOAD, `<link rel="${DEFERRED_REL}" href="`);
  tail = tail.replace(MODULE_SCRIPT, (_all, open: string, code: string, close: string) => {
    const routes = [...code.matchAll(ROUTE_IMPORT)];
    const rest = code.replace(ROUTE_IMPORT, "");
    const names = routes.map((m) => m[1]).join(",");
    const imports = routes.map((m) => `import(${m[2]})`).join(",");
    return (
      `${open}(async()=>{` +
      `await new Promise((go)=>{requestAnimationFrame(()=>setTimeout(go,0));setTimeout(go,${FALLBACK_MS})});` +
      `for(const later of document.querySelectorAll('link[rel="${DEFERRED_REL}"]')){const link=document.createElement("link");link.rel="modulepreload";link.href=later.href;document.head.appendChild(link)}` +
      `const [${names}]=await Promise.all([${imports}]);` +
      `${rest}` +
      // A module that cannot be fetched leaves the page as it is without JavaScript, as a failed static import did
      // (the browser logs the failed request; the rejection is not an error of the page).
      `})().catch(()=>{});${close}`
    );
  });
  return head + tail;
}

/**
 * scriptsAfterFirstPaint on a document as bytes (app/entry.server.tsx renders into bytes): only the part from Remix's
 * first modulepreload link on is decoded and rewritten; the bytes before it (most of the page: its text, in Arabic or
 * English) are sent as React wrote them, without a UTF-8 decode, a re-encode and the surrogate scan a string body
 * gets (docs/benchmarks.md, the logged-in search page). The link starts with an ASCII "<", so the cut never falls
 * inside a character. A document without the link comes back as it is.
 */
export function scriptsAfterFirstPaintInBytes(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const start = html.indexOf('<link rel="modulepreload"');
  if (start < 0) return html;
  const tail = scriptsAfterFirstPaint(html.subarray(start).toString("utf8"));
  return Buffer.concat([html.subarray(0, start), Buffer.from(tail, "utf8")]);
}
