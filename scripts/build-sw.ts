/**
 * `tsx scripts/build-sw.ts` (run by `npm run build` after `remix build`, before the precompressed copies): writes the
 * service worker and its companions into public/ (decision 021):
 * - public/sw.js: sw/service-worker.ts bundled with Workbox's modules by esbuild, with this build's precache list
 *   injected where the source says `self.__WB_MANIFEST` (as workbox-build's injectManifest does): the stylesheet and
 *   the scripts of every page but the back office's (fingerprinted names: no revision needed), the icons, the web
 *   manifest and the offline pages (revision: a hash of their bytes). A new build gives new bytes, so browsers
 *   install the new worker, which replaces the old one and removes its caches.
 * - public/sw-off.js: the kill switch's worker (sw/kill-switch.ts), sent as /sw.js when `SERVICE_WORKER=off`.
 * - public/offline-ar.html, public/offline-en.html and public/offline.js: the page shown for a page never kept when
 *   there is no network, in each language (texts from locales/<lang>/offline.json), listing what is kept.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { escapeHtml } from "../app/platform/http/html";

/** One entry of the precache list (Workbox's PrecacheEntry). */
export type PrecacheEntry = { url: string; revision: string | null };

type AssetsManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
};

/** Reads the Remix assets manifest of a build folder (public/build/manifest-<hash>.js). */
export function readAssetsManifest(buildDir: string): AssetsManifest {
  const name = fs.readdirSync(buildDir).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no manifest-*.js in ${buildDir}: run remix build first`);
  const source = fs.readFileSync(path.join(buildDir, name), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as AssetsManifest;
}

/** Whether a route belongs to the back office (its scripts are not precached: most users never open it). */
const isBackOffice = (routeId: string) => /^routes\/admin[._]/.test(routeId) || routeId === "routes/admin";

/**
 * The precache list of a build: the build's scripts and stylesheets of the public pages (fingerprinted: revision
 * null), and the files of `publicDir` named in `extraFiles` (revision: the first 16 hex digits of their SHA-256).
 */
export function precacheList(buildDir: string, publicDir: string, extraFiles: string[]): PrecacheEntry[] {
  const manifest = readAssetsManifest(buildDir);
  const urls = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    if (isBackOffice(route.id)) continue;
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) urls.add(url);
  }
  for (const css of fs.readdirSync(path.join(buildDir, "_assets")).filter((file) => file.endsWith(".css"))) {
    urls.add(`/build/_assets/${css}`);
  }
  const entries: PrecacheEntry[] = [...urls].sort().map((url) => ({ url, revision: null }));
  for (const file of extraFiles) {
    const bytes = fs.readFileSync(path.join(publicDir, file));
    entries.push({ url: `/${file}`, revision: crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 16) });
  }
  return entries;
}

type OfflineTexts = { page: { title: string; text: string; retry: string; home: string; none: string } };

/** The offline page of one language: the site's stylesheet, the texts, and a list that public/offline.js fills. */
export function offlinePage(lang: "ar" | "en", texts: OfflineTexts, stylesheet: string): string {
  const t = texts.page;
  return `<!DOCTYPE html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b6b53">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<link rel="stylesheet" href="${stylesheet}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main id="main" class="content offline-page">
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.text)}</p>
<ul id="saved-pages" class="saved-pages"><li>${escapeHtml(t.none)}</li></ul>
<p><a class="button" href="">${escapeHtml(t.retry)}</a> <a href="/">${escapeHtml(t.home)}</a></p>
</main>
<script src="/offline.js" defer></script>
</body>
</html>
`;
}

/** Bundles one browser entry point into a file (minified, production Workbox). */
async function bundle(entry: string, outfile: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    minify: true,
    target: "es2020",
    write: false,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    outfile,
  });
  return result.outputFiles[0].text;
}

/**
 * Writes public/sw.js, public/sw-off.js, public/offline.js, public/outbox.js and the offline pages for the build in
 * public/build.
 * Throws when the build is missing or the worker's source has no `self.__WB_MANIFEST` to replace.
 */
export async function buildServiceWorker(root = process.cwd()): Promise<{ precached: number; bytes: number }> {
  const publicDir = path.join(root, "public");
  const buildDir = path.join(publicDir, "build");
  const stylesheet = fs.readdirSync(path.join(buildDir, "_assets")).find((file) => file.endsWith(".css"));
  if (!stylesheet) throw new Error("no stylesheet in public/build/_assets: run remix build first");
  for (const lang of ["ar", "en"] as const) {
    const texts = JSON.parse(fs.readFileSync(path.join(root, "locales", lang, "offline.json"), "utf8")) as OfflineTexts;
    fs.writeFileSync(path.join(publicDir, `offline-${lang}.html`), offlinePage(lang, texts, `/build/_assets/${stylesheet}`));
  }
  fs.writeFileSync(path.join(publicDir, "offline.js"), await bundle(path.join(root, "sw/offline-page.ts"), "offline.js"));
  fs.writeFileSync(path.join(publicDir, "outbox.js"), await bundle(path.join(root, "sw/outbox-page.ts"), "outbox.js"));
  fs.writeFileSync(path.join(publicDir, "sw-off.js"), await bundle(path.join(root, "sw/kill-switch.ts"), "sw-off.js"));
  const extra = [
    "offline-ar.html",
    "offline-en.html",
    "offline.js",
    "outbox.js",
    "favicon.svg",
    "icon-192.png",
    "icon-512.png",
    "manifest.webmanifest",
  ];
  const entries = precacheList(buildDir, publicDir, extra);
  const worker = await bundle(path.join(root, "sw/service-worker.ts"), "sw.js");
  if (!worker.includes("self.__WB_MANIFEST")) throw new Error("sw/service-worker.ts lost its self.__WB_MANIFEST");
  const output = worker.replace("self.__WB_MANIFEST", JSON.stringify(entries));
  fs.writeFileSync(path.join(publicDir, "sw.js"), output);
  return { precached: entries.length, bytes: Buffer.byteLength(output) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { precached, bytes } = await buildServiceWorker();
  console.log(`service worker: public/sw.js (${(bytes / 1000).toFixed(1)} KB, ${precached} files precached)`);
}
