import http from "node:http";
import zlib from "node:zlib";
import { DEFERRED_REL } from "../../app/platform/remix/page-scripts.server";

/**
 * Page weight in bytes: what a browser downloads for one page, measured on the wire through a running
 * server. Used by tests/page-budgets.test.ts and scripts/page-weight.ts.
 */

/** The content codings a browser may accept: brotli (HTTPS browsers), gzip (older ones), none. */
export type Coding = "br" | "gzip" | "identity";

/** One response as it crossed the wire: `wireBytes` is the body as sent (compressed), `body` the decoded text. */
export type WireResponse = { status: number; headers: http.IncomingHttpHeaders; wireBytes: number; body: string };

/**
 * GETs `url` with `Accept-Encoding: coding` (none at all when `coding` is null; `headers` on top) and returns the
 * body's size as sent, in bytes, and its decoded text. Throws on a network error or a content coding it cannot decode.
 */
export function getOnWire(url: string, coding: Coding | null, headers: Record<string, string> = {}): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { ...(coding ? { "Accept-Encoding": coding } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"] ?? "identity";
        try {
          const decoded =
            encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : encoding === "gzip"
                ? zlib.gunzipSync(raw)
                : encoding === "identity"
                  ? raw
                  : null;
          if (!decoded) throw new Error(`${url}: unexpected Content-Encoding ${encoding}`);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length, body: decoded.toString("utf8") });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
  });
}

/** The values of attribute `name` in the start tags `tag` of `html` whose attributes match `where`. */
function attributes(html: string, tag: string, name: string, where: RegExp): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "gi"))) {
    if (!where.test(match[0])) continue;
    const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(match[0]);
    if (value) found.push(value[1].replace(/&amp;/g, "&"));
  }
  return found;
}

/** The stylesheets a page links (`<link rel="stylesheet" href>`), as written in the HTML. */
export function stylesheetsOf(html: string): string[] {
  return attributes(html, "link", "href", /\srel="stylesheet"/i);
}

/**
 * Module specifiers a script imports: static `import … from "x"`, `import "x"` and `export … from "x"`, and with
 * `dynamic` also `import("x")` (what the page's inline script loads at once; inside a module, a dynamic import is
 * loaded only when its code runs, like the dialogs of decision 034).
 */
export function importsOf(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g,
  )) {
    if (match[1] !== undefined || dynamic) found.add(match[1] ?? match[2]);
  }
  return [...found];
}

/**
 * The scripts a page starts with: `<link rel="modulepreload">` (or the same links waiting for the first paint,
 * decision 034), `<script type="module" src>` and inline module imports.
 */
export function scriptsOf(html: string): string[] {
  const inline = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)].flatMap((m) =>
    importsOf(m[1], { dynamic: true }),
  );
  return [
    ...attributes(html, "link", "href", new RegExp(`\\srel="(modulepreload|${DEFERRED_REL})"`, "i")),
    ...attributes(html, "script", "src", /\stype="module"/i),
    ...inline,
  ];
}

/** Bytes on the wire per URL, and their sum. */
export type Weight = { total: number; files: Map<string, number> };

/**
 * The JavaScript a page loads before it runs: every script of `scriptsOf(html)` and, transitively, every module they
 * import, each fetched once from `origin` with `coding`. Throws when a script does not answer 200.
 */
export async function scriptWeight(origin: string, html: string, coding: Coding): Promise<Weight> {
  const files = new Map<string, number>();
  const queue = scriptsOf(html).map((src) => new URL(src, origin).href);
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.set(url, 0);
    const res = await getOnWire(url, coding);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    files.set(url, res.wireBytes);
    for (const spec of importsOf(res.body, { dynamic: false })) queue.push(new URL(spec, url).href);
  }
  return { total: sum(files), files };
}

/** The stylesheets of `html`, fetched from `origin` with `coding`. Throws when one does not answer 200. */
export async function styleWeight(origin: string, html: string, coding: Coding): Promise<Weight> {
  const files = new Map<string, number>();
  for (const href of stylesheetsOf(html)) {
    const url = new URL(href, origin).href;
    const res = await getOnWire(url, coding);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    files.set(url, res.wireBytes);
  }
  return { total: sum(files), files };
}

function sum(files: Map<string, number>): number {
  let total = 0;
  for (const bytes of files.values()) total += bytes;
  return total;
}

/** The weight of one page as a browser with `coding` gets it: HTML, CSS and JavaScript bytes on the wire. */
export type PageWeight = { html: number; css: Weight; js: Weight };

/**
 * Fetches `path` from `origin` (with the language cookie `lang` when given) and everything its HTML makes the browser
 * load before the page runs (stylesheets, module scripts and their imports), all with `coding`; sizes in bytes.
 * Throws when the page does not answer 200.
 */
export async function pageWeight(origin: string, path: string, coding: Coding, lang?: "ar" | "en"): Promise<PageWeight> {
  const page = await getOnWire(origin + path, coding, lang ? { Cookie: `lang=${lang}` } : {});
  if (page.status !== 200) throw new Error(`${path}: ${page.status}`);
  const [css, js] = await Promise.all([styleWeight(origin, page.body, coding), scriptWeight(origin, page.body, coding)]);
  return { html: page.wireBytes, css, js };
}

/** Bytes as kilobytes (1 KB = 1,000 bytes) with one decimal, for printed tables. */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
