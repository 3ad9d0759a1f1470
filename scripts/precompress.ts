/**
 * `tsx scripts/precompress.ts` (run by `npm run build` after `remix build`): writes a brotli (`.br`, quality 11) and a
 * gzip (`.gz`, level 9) copy next to every static text file the server sends (decision 014), so that it
 * sends them as they are (express-static-gzip in server.ts) instead of compressing each response at a low level:
 * the scripts and stylesheets of public/build, the translation files of locales/, and the icons and web manifest of
 * public/. A copy that would not be smaller than its file is not written (the file is then sent as it is). Copies
 * left from an earlier build are removed first, so none outlives its file.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

/** Where the static text files are, and which of them are compressed (by their names' endings). */
export const PRECOMPRESSED: { dir: string; recursive: boolean; pattern: RegExp }[] = [
  { dir: "public/build", recursive: true, pattern: /\.(js|css)$/ },
  { dir: "locales", recursive: true, pattern: /\.json$/ },
  { dir: "public", recursive: false, pattern: /\.(svg|webmanifest|ico)$/ },
];

/** The endings of the compressed copies. */
const CODINGS = [
  { ending: ".br", compress: (bytes: Buffer) => brotli(bytes) },
  { ending: ".gz", compress: (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }) },
] as const;

function brotli(bytes: Buffer): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** The files of `dir` (and of its folders when `recursive`), as paths starting with `dir`. */
function filesOf(dir: string, recursive: boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return recursive ? filesOf(full, true) : [];
    return entry.isFile() ? [full] : [];
  });
}

/** What precompress() did: files compressed, copies written, and the bytes before and after (brotli copies). */
export type PrecompressReport = { files: number; copies: number; bytes: number; brotliBytes: number };

/**
 * Removes the old `.br` and `.gz` copies under `targets` (paths relative to `root`, the project folder), then writes a
 * brotli and a gzip copy of every matching file, each only when smaller than the file. Sizes in bytes. Throws on a
 * file that cannot be read or written.
 */
export function precompress(root = process.cwd(), targets = PRECOMPRESSED): PrecompressReport {
  const report: PrecompressReport = { files: 0, copies: 0, bytes: 0, brotliBytes: 0 };
  for (const { dir, recursive, pattern } of targets) {
    const files = filesOf(path.join(root, dir), recursive);
    for (const file of files) if (CODINGS.some((c) => file.endsWith(c.ending))) fs.rmSync(file);
    for (const file of files) {
      if (!pattern.test(file) || !fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file);
      report.files++;
      report.bytes += bytes.length;
      for (const coding of CODINGS) {
        const compressed = coding.compress(bytes);
        const kept = compressed.length < bytes.length;
        if (kept) {
          fs.writeFileSync(file + coding.ending, compressed);
          report.copies++;
        }
        if (coding.ending === ".br") report.brotliBytes += kept ? compressed.length : bytes.length;
      }
    }
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const report = precompress();
  console.log(
    `precompressed ${report.files} files (${report.copies} copies): ${(report.bytes / 1000).toFixed(1)} KB, brotli ${(report.brotliBytes / 1000).toFixed(1)} KB, ${Date.now() - started} ms`,
  );
}
