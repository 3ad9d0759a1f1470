/**
 * `npm run bench:pages`: how long a search page that no cache holds takes through HTTP (docs/decisions/062), with the
 * page cache on (as in production) and off, side by side in one run.
 *
 * Against DATABASE_URL (PostgreSQL; `npm run db:seed -- --listings 1000000` fills it; without it, the PGlite database
 * in BENCH_DATA_DIR, ./data-bench, for a quick look), on the production build
 * (`npm run build` first; this script does not build): starts the server (`NODE_ENV=production`, the rendered-pages
 * limit per address off since all requests come from here), sends `--warmup` (20) requests of other searches (page 2
 * of random ones, so that V8 has compiled the render), then `--pages` (55) distinct search pages, one request every
 * `--interval` milliseconds (300), one at a time as a visitor's phone would (Chrome's User-Agent and
 * `Accept-Encoding: gzip, deflate, br`), timing each from sending the request to the last byte of the answer. Then
 * the same with a fresh server with the page cache off (`PAGE_CACHE_MB=0`) and another 55 distinct pages.
 *
 * The pages: about two in three hold words (`q`: "شقة مفروشة", "ارض زراعية", "villa pool"…), each with or without a
 * governorate, a sort and a room count; the others are filters alone (a governorate, sale or rent, a room count, a
 * sort). They are drawn at random (`--seed`, the time by default) without repetition from all the combinations, so
 * every address of a run is new to the server process that answers it (its page cache and its query cache are empty
 * of it: decisions 033 and 045), and the two halves of a run ask for different pages.
 *
 * Prints a Markdown table: p50, p95 and the slowest answer (ms), the mean bytes sent, the answers' X-Page-Cache
 * (`miss`: rendered and stored; `bypass`: rendered and not stored, a search without results) and the server process's
 * CPU ms per page (from /proc, Linux; PostgreSQL's own processes not counted). Any answer other than a 200 HTML page
 * compressed with brotli stops the run.
 *
 * With `--profile`, a third half with the page cache on runs under `node --cpu-prof` (its times are not comparable)
 * and the summary of where the server's main thread spent its time is printed after the table (scripts/cpuprofile.ts).
 *
 * With `--slowest N`, the N slowest answers of each half are listed after the table (time, cache outcome, address),
 * to see which searches make the 95th percentile.
 *
 * Options: --pages N (55), --warmup N (20), --interval MS (300), --port P (3950), --seed S, --profile, --slowest N.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { seededRandom } from "../app/platform/db/seed/random";
import { numberOption } from "./cli";
import { summariseProfile, type CpuProfile } from "./cpuprofile";
import { cpuTicks, stop, TICKS_PER_SECOND } from "./processes";
import { combinations } from "./search-combinations";

const pages = numberOption("pages", 55, { min: 1, integer: true });
const warmupPages = numberOption("warmup", 20, { integer: true });
const interval = numberOption("interval", 300, { min: 1 });
const port = numberOption("port", 3950, { min: 1, integer: true });
const seed = numberOption("seed", Date.now() % 1_000_000, { integer: true });
const profile = process.argv.includes("--profile");
const slowest = numberOption("slowest", 0, { integer: true });
const origin = `http://127.0.0.1:${port}`;
const url = process.env.DATABASE_URL;
/** The PGlite directory measured when DATABASE_URL is not set (a quick look; the figures that count are PostgreSQL's). */
const dataDir = process.env.BENCH_DATA_DIR ?? "./data-bench";
const database = url ? new URL(url).pathname.slice(1) : `PGlite in ${dataDir}`;
if (!fs.existsSync("build/index.js")) {
  console.error("no production build: run npm run build first");
  process.exit(2);
}

/** What a phone's Chrome sends. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "accept-encoding": "gzip, deflate, br",
};

function shuffled<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` pages, two in three with words, in random order; `pool` loses the ones taken (no page twice in a run). */
function draw(pool: { words: string[]; filters: string[] }, count: number, next: () => number): string[] {
  const withWords = Math.round((count * 2) / 3);
  const taken = [...pool.words.splice(0, withWords), ...pool.filters.splice(0, count - withWords)];
  return shuffled(taken, next);
}

type Answer = { ms: number; status: number; bytes: number; encoding: string; cache: string; type: string };

/**
 * GETs `path` and times it from the request to the last byte of the page (ms), following redirects (words that name
 * a filter redirect to it: the visitor waits for both answers); `redirects` counts them.
 */
async function timedGet(path: string): Promise<Answer & { redirects: number }> {
  const started = performance.now();
  let answer = await get(path);
  let redirects = 0;
  while (answer.status >= 300 && answer.status < 400 && answer.location && redirects < 3) {
    redirects++;
    answer = await get(new URL(answer.location, origin).pathname + new URL(answer.location, origin).search);
  }
  return { ...answer, ms: performance.now() - started, redirects };
}

/** GETs `path` once: the answer's status, headers read here, and bytes. */
function get(path: string): Promise<Answer & { location?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(origin + path, { headers: BROWSER_HEADERS }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            bytes,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            cache: String(res.headers["x-page-cache"] ?? "none"),
            type: String(res.headers["content-type"] ?? ""),
            location: res.headers.location,
          }),
        );
      })
      .on("error", reject);
  });
}

async function waitFor(child: ChildProcess): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${origin} did not answer within 180 s`);
}

let server: ChildProcess | undefined;
process.on("SIGINT", () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  process.exit(130);
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One half of the run: a fresh server with `pageCacheMb`, warmed up, then `paths` one every `interval` ms. */
async function measure(name: string, pageCacheMb: string, paths: string[], warmupPaths: string[], nodeFlags: string[] = []) {
  server = spawn(process.execPath, [...nodeFlags, "--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      ...(url ? {} : { DATA_DIR: dataDir }),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      PAGE_MISSES_PER_MINUTE: "0",
      PAGE_CACHE_MB: pageCacheMb,
      // The jobs (the daily expiry sweep rewrites thousands of listings at its first start on a seeded database, then
      // autovacuum follows) ran in whichever half came first: they run in `npm run worker` processes here (decision
      // 028), so that both halves measure pages alone.
      WORKER: "off",
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await waitFor(server);
    for (const path of warmupPaths) await timedGet(path);
    await new Promise((r) => setTimeout(r, 1_000));
    const answers: (Answer & { redirects: number; path: string })[] = [];
    const from = Number(process.hrtime.bigint() / 1000n);
    const before = cpuTicks(server.pid!);
    for (const path of paths) {
      const next = new Promise((r) => setTimeout(r, interval));
      const answer = await timedGet(path);
      if (answer.status !== 200 || !answer.type.startsWith("text/html") || answer.encoding !== "br")
        throw new Error(`${name}: GET ${path} answered ${answer.status} ${answer.type} (${answer.encoding})`);
      answers.push({ ...answer, path });
      await next;
    }
    // Work left after the last answer (the background recompression of a kept page) is the page's cost too.
    await new Promise((r) => setTimeout(r, 1_000));
    const after = cpuTicks(server.pid!);
    const to = Number(process.hrtime.bigint() / 1000n);
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const outcomes = new Map<string, number>();
    for (const a of answers) outcomes.set(a.cache, (outcomes.get(a.cache) ?? 0) + 1);
    const redirected = answers.filter((a) => a.redirects > 0).length;
    if (redirected) outcomes.set("after a redirect", redirected);
    return {
      name,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      max: ms[ms.length - 1],
      bytes: answers.reduce((sum, a) => sum + a.bytes, 0) / answers.length,
      outcomes: [...outcomes].map(([outcome, times]) => `${times} ${outcome}`).join(", "),
      cpuMs: before === null || after === null ? null : ((after - before) * 1000) / TICKS_PER_SECOND / answers.length,
      window: { from, to },
      slowest: [...answers].sort((a, b) => b.ms - a.ms).slice(0, slowest),
    };
  } finally {
    await stop(server);
  }
}

const next = seededRandom(seed).next;
const pool = combinations();
pool.words = shuffled(pool.words, next);
pool.filters = shuffled(pool.filters, next);
const warmupOn = draw(pool, warmupPages, next).map((p) => `${p}&page=2`);
const on = draw(pool, pages, next);
const warmupOff = draw(pool, warmupPages, next).map((p) => `${p}&page=2`);
const off = draw(pool, pages, next);
const warmupProfiled = profile ? draw(pool, warmupPages, next).map((p) => `${p}&page=2`) : [];
const profiled = profile ? draw(pool, pages, next) : [];

const date = new Date().toISOString().slice(0, 16).replace("T", " ");
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.error(`bench:pages seed ${seed}: ${pages} pages with the page cache on, then ${pages} others with it off`);
const results: Awaited<ReturnType<typeof measure>>[] = [
  await measure("page cache on", "64", on, warmupOn),
  await measure("page cache off", "0", off, warmupOff),
];
let summary = "";
if (profile) {
  const dir = path.resolve(
    process.env.BENCH_PROFILE_DIR ?? "./data-bench/profiles",
    new Date().toISOString().replace(/[:.]/g, "-"),
  );
  fs.mkdirSync(dir, { recursive: true });
  const run = await measure("page cache on, under the profiler", "64", profiled, warmupProfiled, [
    "--cpu-prof",
    `--cpu-prof-dir=${dir}`,
  ]);
  results.push(run);
  // The main thread's profile (the file name's thread id is 0); the loader hooks' worker writes its own.
  const file = fs.readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no profile of the main thread in ${dir}`);
  const data = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
  summary = `\n#### Where the server's main thread spent the profiled half (${path.join(dir, file)})\n\n${summariseProfile(data, { root: process.cwd(), ...run.window, top: 40 })}`;
}
const fixed = (n: number) => n.toFixed(1);
console.log(
  [
    `${date} UTC, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, load average before ${load}; database ${database}; seed ${seed}.`,
    `${pages} distinct search pages per row (${Math.round((pages * 2) / 3)} with words), one every ${interval} ms, after ${warmupPages} others.`,
    "",
    "| server | p50 ms | p95 ms | max ms | mean bytes sent (br) | X-Page-Cache | server CPU ms/page |",
    "|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${fixed(r.p50)} | ${fixed(r.p95)} | ${fixed(r.max)} | ${Math.round(r.bytes)} | ${r.outcomes} | ${r.cpuMs === null ? "–" : fixed(r.cpuMs)} |`,
    ),
  ].join("\n") +
    results
      .filter((r) => r.slowest.length)
      .map(
        (r) =>
          `\n\n${r.name}, slowest answers:\n` +
          r.slowest
            .map((a) => `- ${fixed(a.ms)} ms, ${a.cache}${a.redirects ? " after a redirect" : ""}: ${decodeURIComponent(a.path)}`)
            .join("\n"),
      )
      .join("") +
    summary,
);
