/**
 * `npm run bench`: a load benchmark of the three main pages (issue 2, Performance).
 *
 * Makes (or reuses) a database with `--listings` listings (100,000 by default) in BENCH_DATA_DIR (./data-bench), or
 * on DATABASE_URL when set, starts the production server on it, and loads `/`, a search results page and a listing
 * page with autocannon for a fixed time each, beside the same server returning a static file of the same size.
 * Prints requests per second and latency percentiles, and the compressed sizes of the HTML, CSS and JavaScript of
 * the three pages, as a Markdown table for docs/benchmarks.md.
 *
 * Options: --listings N (100000), --seconds S per target (10), --connections C (10).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const listings = option("listings", 100_000);
const seconds = option("seconds", 10);
const connections = option("connections", 10);
const port = option("port", 3900);
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "./data-bench");
const base = `http://127.0.0.1:${port}`;
const staticDir = path.resolve("public/bench");
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" as const, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn" };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function gzipSize(body: Buffer): number {
  return zlib.gzipSync(body, { level: 6 }).length;
}

/** The compressed bytes of a page's HTML, its stylesheets and its scripts (module scripts and modulepreloads). */
async function pageWeight(pathname: string) {
  const html = Buffer.from(await (await fetch(base + pathname)).arrayBuffer());
  const text = html.toString("utf8");
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const js = [
    ...new Set([
      ...[...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/import\("([^"]+)"\)|from "([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]),
      ...[...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ]),
  ];
  const sizeOf = async (urls: string[]) => {
    let total = 0;
    for (const u of urls) total += gzipSize(Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer()));
    return total;
  };
  return { raw: html.length, html: gzipSize(html), css: await sizeOf(css), js: await sizeOf(js) };
}

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

let server: ChildProcess | undefined;
try {
  console.log(`seeding to ${listings} listings (${process.env.DATABASE_URL ? "PostgreSQL" : `PGlite in ${dataDir}`})`);
  run("npx", ["tsx", "scripts/seed.ts", "--listings", String(listings)]);
  run("npx", ["remix", "build"]);
  server = spawn("npx", ["tsx", "server.ts"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  await waitFor(`${base}/healthz`, 120_000);

  // A search with results: apartments for sale in the first location of the filter (Damascus, Mezzeh).
  const estatesHtml = await (await fetch(`${base}/estates`)).text();
  const listingId = Number(/href="\/estate\/(\d+)"/.exec(estatesHtml)?.[1]);
  const locationId = /name="location_id"[\s\S]*?<option value="(\d+)"/.exec(estatesHtml)?.[1] ?? "1";
  const searchPath = `/estates?estate_offer_type_id=1&estate_type_id=6&location_id=${locationId}&price_domain_id=`;
  const pages = [
    { name: "home `/`", path: "/" },
    { name: "search results", path: searchPath },
    { name: "listing page", path: `/estate/${listingId}` },
  ];

  fs.mkdirSync(staticDir, { recursive: true });
  const rows: string[] = [];
  const weights: string[] = [];
  for (const page of pages) {
    const weight = await pageWeight(page.path);
    const staticName = `same-size-${weight.raw}.html`;
    fs.writeFileSync(path.join(staticDir, staticName), Buffer.alloc(weight.raw, "<p>static</p>\n"));
    await load(base + page.path); // warm up caches and the JIT
    const dynamic = await load(base + page.path);
    const stat = await load(`${base}/bench/${staticName}`);
    rows.push(
      `| ${page.name} | ${dynamic.rps} | ${dynamic.p50} | ${dynamic.p90} | ${dynamic.p99} | ${dynamic.errors} | ${stat.rps} | ${stat.p50} | ${stat.p99} |`,
    );
    weights.push(`| ${page.name} | ${(weight.raw / 1024).toFixed(1)} | ${(weight.html / 1024).toFixed(1)} | ${(weight.css / 1024).toFixed(1)} | ${(weight.js / 1024).toFixed(1)} |`);
  }
  const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`\n### ${db}, ${listings.toLocaleString("en-US")} listings, ${connections} connections, ${seconds} s per target\n`);
  console.log(`Search page: \`${searchPath}\`\n`);
  console.log("| page | req/s | p50 ms | p90 ms | p99 ms | errors | static file req/s | static p50 ms | static p99 ms |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log("\n| page | HTML raw KiB | HTML gzip KiB | CSS gzip KiB | JS gzip KiB |");
  console.log("|---|---|---|---|---|");
  for (const w of weights) console.log(w);
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  fs.rmSync(staticDir, { recursive: true, force: true });
}
