/**
 * `npm run bench`: the product beside a bare Remix app, in one run.
 *
 * 1. Makes (or reuses) a database with `--listings` approved listings (100,000 by default): PGlite in BENCH_DATA_DIR
 *    (./data-bench), or PostgreSQL at DATABASE_URL when set (the data directory still holds the session secret and
 *    the photos). Creates (or reuses) the bench user, +963933000010 "Bench Visitor", and opens a session for it
 *    through the app's own session code (a `sessions` row and the signed `__session` cookie).
 * 2. Builds the product (`remix build`) and the baseline (`remix build` in bench/baseline: home, a GET search with 12
 *    cards from a JSON file, a detail page, on Express with compression(), see bench/baseline/).
 * 3. Starts both side by side, production mode: the product on `--port` (3900), the baseline on the next port.
 *    Checks that the search has results and that the cookie is a working login (the page shows the user's name).
 * 4. Loads each page of both in turn (product home, baseline home, product search, baseline search, product
 *    listing, baseline detail, product search logged in, baseline search) with autocannon: `--connections` (32)
 *    for `--seconds` (10) per target after `--warmup` seconds (5) on that same target, sending a phone browser's
 *    User-Agent and `Accept-Encoding: gzip, deflate, br`.
 * 5. Prints a Markdown table per page (req/s, p50 and p99 latency in ms, errors: socket errors, timeouts and
 *    non-2xx answers; the server process's CPU ms per request, read from /proc/PID/stat on Linux; and the ratios
 *    product/baseline), a summary table, and the page weights (bytes of the HTML, CSS and JavaScript, raw, gzip
 *    level 6, brotli quality 11, and the HTML as the server sent it). Between targets it waits until the server it
 *    loaded is idle again (requests still in flight when a load stops are finished first).
 * 6. `flood` (decisions 045 and 077; in `--only` or run with all): the product again as production runs it (its render
 *    pool, no quota per address), and the cached search page loaded alone, then while one address sends 30 distinct
 *    anonymous URLs a second: junk parameters (`&utm_source=x<n>`), then distinct word searches
 *    (`/estates?is_simple=0&q=w<n>`). Prints the search page's req/s in each case and what the flooding address got.
 * 6b. `shared-address` (decision 077; in `--only` or run with all): many people behind one address beside floods
 *    from one and from 100 addresses, each row `--shared-seconds` long (30): scripts/bench-shared-address.ts.
 * 6c. `api-search` (decision 097; in `--only` or run with all): the apps' search (POST
 *    /api/estate/searchEstateByregionsByestatefeatures/, JSON) with the search page's filter as its form, beside that
 *    HTML page as a visitor (which the page cache answers) and logged in (rendered for each request): req/s, latency,
 *    CPU ms per request and the bytes of each answer.
 * 7. With `--profile`: starts the product again under `node --cpu-prof`, loads the search page the same way, as a
 *    visitor and then logged in, and prints where the server's CPU time went during each load (scripts/cpuprofile.ts);
 *    the profile is kept in BENCH_DATA_DIR/profiles/ for Chrome DevTools.
 *
 * The load generator shares the machine with both servers; numbers compare the two, they are not capacities.
 * Options: --listings N (100000), --seconds S (10), --warmup S (5), --connections C (32), --port P (3900), --profile,
 * --only home,search,listing,logged-in,flood,shared-address,api-search (all seven; a subset for a quicker comparison while
 * working on one page), --shared-seconds S (30), --render-workers LIST (the RENDER_WORKERS settings of the
 * shared-address scenarios, each on a product started anew: `0,auto` compares them side by side, decision 104).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { summariseProfile, type CpuProfile } from "./cpuprofile";
import { cpuTicks, stop, TICKS_PER_SECOND } from "./processes";
import { scriptsOf } from "../tests/helpers/page-weight";
import { numberOption, stringOption } from "./cli";
import { sharedAddressBench } from "./bench-shared-address";

const listings = numberOption("listings", 100_000);
const seconds = numberOption("seconds", 10);
const warmup = numberOption("warmup", 5);
const connections = numberOption("connections", 32);
const port = numberOption("port", 3900);
const profile = process.argv.includes("--profile");
const sharedSeconds = numberOption("shared-seconds", 30);
/**
 * The RENDER_WORKERS settings the shared-address scenarios run with, each on a product started anew (decision 104):
 * `--render-workers 0,auto` compares pages rendered on the event loop with pages rendered by a worker thread, side by
 * side in one run. Unset: the product's default only.
 */
const renderWorkerSettings = stringOption("render-workers")?.split(",") ?? null;
/** The pages to load (`--only`, comma-separated keys of the pages below, as for npm run lighthouse), all by default. */
const pageKeys = stringOption("only")?.split(",") ?? null;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? "./data-bench");
const baselineDir = path.resolve("bench/baseline");
const product = `http://127.0.0.1:${port}`;
const baseline = `http://127.0.0.1:${port + 1}`;
const remixCli = path.resolve("node_modules/.bin/remix");
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production" as const,
  PUBLIC_URL: product,
  LOG_LEVEL: "warn",
  // The load comes from one address, faster than any person: the operator's quota (decision 045) stays off, as by
  // default (decision 077), whatever the shell running the bench has set.
  PAGE_MISSES_PER_MINUTE: "0",
  // As `npm run serve` runs the product in production; the baseline gets the same.
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
};
/** What a phone's Chrome sends (the product streams to browsers and waits for the whole page for bots). */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "accept-encoding": "gzip, deflate, br",
};
const BENCH_USER = { phone: "+963933000010", first_name: "Bench", last_name: "Visitor" };

function run(command: string, args: string[], cwd = process.cwd()) {
  const result = spawnSync(command, args, { stdio: "inherit", env, cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitFor(url: string, ms: number, child: ChildProcess) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server of ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const children = new Set<ChildProcess>();

/** Starts a server process in its own process group (so that stopping it stops its children too). */
function start(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): ChildProcess {
  const child = spawn(command, args, {
    env: options.env ?? env,
    cwd: options.cwd,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

process.on("SIGINT", () => {
  for (const child of children) if (child.pid) process.kill(-child.pid, "SIGTERM");
  process.exit(130);
});

/**
 * The bench user's `__session` cookie (name=value): creates the user the first time, then opens a new session row
 * through the app's own code, signed with the data directory's session secret, as a login would. Runs before the
 * product starts (PGlite allows one process at a time).
 */
async function benchUserCookie(): Promise<string> {
  // The app's modules read their environment when they load.
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: "production", PUBLIC_URL: product });
  const { openDatabase } = await import("../app/platform/db/client.server");
  const { users } = await import("../app/platform/db/schema");
  const { createSession, findUserByPhone } = await import("../app/features/accounts/user.server");
  const { sessionStorage } = await import("../app/platform/http/session.server");
  const { getEnv } = await import("../app/platform/config/env.server");
  const appEnv = getEnv();
  const database = await openDatabase({ url: appEnv.DATABASE_URL, pgliteDir: appEnv.pgliteDir });
  try {
    const found = await findUserByPhone(database.db, BENCH_USER.phone);
    const id =
      found?.id ??
      // An unusable password hash: nobody can log in as this user with a password.
      (
        await database.db
          .insert(users)
          .values({ ...BENCH_USER, password_hash: "bench", status: "active", role: "user" })
          .returning({ id: users.id })
      )[0].id;
    const session = await sessionStorage.getSession();
    session.set("token", await createSession(database.db, id));
    const setCookie = await sessionStorage.commitSession(session);
    return setCookie.split(";")[0];
  } finally {
    await database.close();
  }
}

async function text(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

/** The distinct /estate/:id (product) or /listing/:id (baseline) links of a page. */
function listingLinks(html: string, prefix: "/estate/" | "/listing/"): string[] {
  return [...new Set([...html.matchAll(new RegExp(`href="${prefix}(\\d+)"`, "g"))].map((m) => m[1]))];
}

/**
 * Bytes as the server sent them (its compression of choice for Accept-Encoding: gzip, deflate, br) and the encoding,
 * of a GET or of `request` (a POST of the API search with its body).
 */
function sentSize(
  url: string,
  headers: Record<string, string> = {},
  request: { method?: "GET" | "POST"; body?: string } = {},
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: request.method ?? "GET", headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
      })
      .on("error", reject)
      .end(request.body);
  });
}

const gzip = (body: Buffer) => zlib.gzipSync(body, { level: 6 }).length;
const brotli = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The bytes of a page: its HTML raw, gzip (level 6) and brotli (quality 11), the HTML as the server sent it, and
 * the gzip and brotli bytes of its stylesheets and scripts (module scripts, modulepreloads, dynamic imports).
 */
async function pageWeight(origin: string, pathname: string, headers: Record<string, string> = {}) {
  const html = Buffer.from(await (await fetch(origin + pathname, { headers })).arrayBuffer());
  const source = html.toString("utf8");
  const css = [...source.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  // The page's own scripts, as the page budgets count them (modulepreload links, waiting ones included; module
  // scripts; inline imports).
  const js = [...new Set(scriptsOf(source))];
  const sizes = async (urls: string[]) => {
    const total = { gzip: 0, brotli: 0 };
    for (const u of urls) {
      const body = Buffer.from(await (await fetch(new URL(u, origin))).arrayBuffer());
      total.gzip += gzip(body);
      total.brotli += brotli(body);
    }
    return total;
  };
  return {
    raw: html.length,
    gzip: gzip(html),
    brotli: brotli(html),
    sent: await sentSize(origin + pathname, headers),
    css: await sizes(css),
    js: await sizes(js),
  };
}

type Load = { rps: number; p50: number; p99: number; errors: number; cpuMsPerRequest: number | null };

/**
 * Waits (at most 60 s) until a server is idle: two 250 ms periods in a row with at most one clock tick of CPU. After
 * a load the server still works through the requests that were in flight when the load generator stopped; the next
 * target must not share the CPU with them.
 */
async function waitIdle(pid: number): Promise<void> {
  const until = Date.now() + 60_000;
  let last = cpuTicks(pid);
  let quiet = 0;
  while (last !== null && quiet < 2 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTicks(pid);
    quiet = now !== null && now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * `--warmup` seconds of load on a URL, then `--seconds` measured. The server's CPU time per request is its CPU time
 * from the start of the measured load until it is idle again, over the requests sent (all of which it works on).
 */
async function load(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
  request: { method?: "GET" | "POST"; body?: string } = {},
): Promise<Load> {
  const options = { url, connections, headers: { ...BROWSER_HEADERS, ...headers }, ...request };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  await waitIdle(pid);
  const before = cpuTicks(pid);
  const result = await autocannon({ ...options, duration: seconds });
  await waitIdle(pid);
  const after = cpuTicks(pid);
  const cpuMs = before === null || after === null ? null : ((after - before) * 1000) / TICKS_PER_SECOND;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest: cpuMs === null || result.requests.sent === 0 ? null : cpuMs / result.requests.sent,
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

let productServer: ChildProcess | undefined;
let baselineServer: ChildProcess | undefined;
try {
  const db = process.env.DATABASE_URL
    ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})`
    : `PGlite in ${dataDir}`;
  console.log(`seeding to ${listings} listings (${db})`);
  run("npx", ["tsx", "scripts/seed.ts", "--listings", String(listings)]);
  const cookie = await benchUserCookie();
  run(remixCli, ["build"]);
  // From its own folder: given as an argument from here, the classic compiler's CSS plugin fails now and then.
  run(remixCli, ["build"], baselineDir);

  const startProduct = (nodeFlags: string[] = []) => start(process.execPath, [...nodeFlags, "--import", "tsx", "server.ts"]);
  productServer = startProduct();
  baselineServer = start(process.execPath, ["server.js"], { cwd: baselineDir, env: { ...env, PORT: String(port + 1) } });
  await Promise.all([waitFor(`${product}/healthz`, 180_000, productServer), waitFor(`${baseline}/`, 60_000, baselineServer)]);

  // A search with results: apartments for sale in the first place of the filter that has some (Damascus, Mezzeh
  // in the demo data), its first listing, and the baseline's search for sale (24 of its 48 listings: 12 cards).
  const estatesHtml = await text(`${product}/estates`);
  const places = [
    ...(/name="location_id"[\s\S]*?<\/select>/.exec(estatesHtml)?.[0] ?? "").matchAll(/<option value="(\d+)"/g),
  ].map((m) => m[1]);
  let searchPath = "";
  let found: string[] = [];
  for (const place of ["1", ...places.filter((p) => p !== "1")].slice(0, 30)) {
    searchPath = `/estates?estate_offer_type_id=1&estate_type_id=6&location_id=${place}&price_domain_id=`;
    found = listingLinks(await text(product + searchPath), "/estate/");
    if (found.length > 0) break;
  }
  if (found.length === 0) throw new Error("no search for apartments for sale has results: is the database seeded?");
  const listingPath = `/estate/${found[0]}`;
  const baselineSearch = "/search?offer=sale&type=&place=&max_price=";
  const baselineCards = listingLinks(await text(baseline + baselineSearch), "/listing/");
  const baselineDetail = `/listing/${baselineCards[0]}`;

  // The cookie must be a working login: the header shows the user's first name (the account menu), and not without it.
  const nameInHeader = new RegExp(`class="account-name">${BENCH_USER.first_name}<`);
  if (!nameInHeader.test(await text(product + searchPath, { cookie })))
    throw new Error("the bench user's cookie does not log in: the search page does not show the user's name");
  if (nameInHeader.test(await text(product + searchPath)))
    throw new Error("the search page shows the bench user's name without the cookie");

  const pages = [
    { key: "home", name: "home", product: { path: "/" }, baseline: { path: "/" } },
    { key: "search", name: "search results", product: { path: searchPath }, baseline: { path: baselineSearch } },
    { key: "listing", name: "listing page", product: { path: listingPath }, baseline: { path: baselineDetail } },
    {
      key: "logged-in",
      name: "search results, logged in",
      product: { path: searchPath, headers: { cookie } },
      baseline: { path: baselineSearch },
    },
  ].filter((page) => !pageKeys || pageKeys.includes(page.key));
  const flood = !pageKeys || pageKeys.includes("flood");
  const sharedAddress = !pageKeys || pageKeys.includes("shared-address");
  const apiSearch = !pageKeys || pageKeys.includes("api-search");
  if (pages.length === 0 && !flood && !sharedAddress && !apiSearch)
    throw new Error(
      `--only: none of ${pageKeys?.join(",")} is home, search, listing, logged-in, flood, shared-address or api-search`,
    );

  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}`;
  const header = [
    `### ${db.split(" ")[0]}, ${listings.toLocaleString("en-US")} listings, ${connections} connections, ${warmup} s warm-up + ${seconds} s per target`,
    "",
    `${date} UTC, Node ${process.version}, ${machine}, load average before the run ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}.`,
    `Product search: \`${searchPath}\` (${found.length} distinct listing links); listing: \`${listingPath}\`. Baseline search: \`${baselineSearch}\` (${baselineCards.length} cards); detail: \`${baselineDetail}\`.`,
  ];

  const results: { name: string; product: Load; baseline: Load; productPath: string; baselinePath: string }[] = [];
  for (const page of pages) {
    console.error(`loading ${page.name}: product ${page.product.path}, then baseline ${page.baseline.path}`);
    const p = await load(product + page.product.path, productServer.pid!, page.product.headers);
    const b = await load(baseline + page.baseline.path, baselineServer.pid!);
    results.push({ name: page.name, product: p, baseline: b, productPath: page.product.path, baselinePath: page.baseline.path });
  }

  const ratio = (p: number | null, b: number | null, digits = 3) =>
    p !== null && b !== null && b > 0 ? (p / b).toPrecision(digits) : "–";
  const cpu = (l: Load) => (l.cpuMsPerRequest === null ? "–" : l.cpuMsPerRequest.toFixed(2));
  const out: string[] = [
    ...header,
    "",
    "req/s: requests answered per second; CPU ms/req: the server process's CPU time (user + system) per request sent,",
    `from the start of the load until it is idle again${process.env.DATABASE_URL ? " (PostgreSQL's own processes not counted)" : " (PGlite runs inside the server process)"}: less noisy than req/s on a shared machine.`,
    "",
  ];
  for (const r of results) {
    out.push(
      `#### ${r.name}`,
      "",
      "| server | path | req/s | p50 ms | p99 ms | errors | CPU ms/req |",
      "|---|---|---|---|---|---|---|",
      `| product | \`${r.productPath}\` | ${r.product.rps} | ${r.product.p50} | ${r.product.p99} | ${r.product.errors} | ${cpu(r.product)} |`,
      `| baseline | \`${r.baselinePath}\` | ${r.baseline.rps} | ${r.baseline.p50} | ${r.baseline.p99} | ${r.baseline.errors} | ${cpu(r.baseline)} |`,
      `| product / baseline | | ${ratio(r.product.rps, r.baseline.rps)} | | | | ${ratio(r.product.cpuMsPerRequest, r.baseline.cpuMsPerRequest, 2)} |`,
      "",
    );
  }
  out.push(
    "#### Summary",
    "",
    "| page | product req/s | baseline req/s | req/s product / baseline | product CPU ms/req | baseline CPU ms/req | CPU product / baseline |",
    "|---|---|---|---|---|---|---|",
  );
  for (const r of results) {
    out.push(
      `| ${r.name} | ${r.product.rps} | ${r.baseline.rps} | ${ratio(r.product.rps, r.baseline.rps)} | ${cpu(r.product)} | ${cpu(r.baseline)} | ${ratio(r.product.cpuMsPerRequest, r.baseline.cpuMsPerRequest, 2)} |`,
    );
  }

  out.push(
    "",
    "#### Page weight (KiB)",
    "",
    "HTML as sent: what the server answered to `Accept-Encoding: gzip, deflate, br` (compression's brotli, quality 4); the",
    "other columns compress the same bytes with gzip level 6 and brotli quality 11.",
    "",
    "| page | HTML raw | HTML sent | HTML gzip | HTML br | CSS gzip | CSS br | JS gzip | JS br |",
    "|---|---|---|---|---|---|---|---|---|",
  );
  for (const page of pages) {
    for (const [who, origin, target] of [
      ["product", product, page.product],
      ["baseline", baseline, page.baseline],
    ] as const) {
      if (who === "baseline" && page.name.endsWith("logged in")) continue;
      const w = await pageWeight(origin, target.path, "headers" in target ? target.headers : {});
      out.push(
        `| ${who} ${page.name} | ${kib(w.raw)} | ${kib(w.sent.bytes)} (${w.sent.encoding}) | ${kib(w.gzip)} | ${kib(w.brotli)} | ${kib(w.css.gzip)} | ${kib(w.css.brotli)} | ${kib(w.js.gzip)} | ${kib(w.js.brotli)} |`,
      );
    }
  }

  if (apiSearch) {
    // The apps' search of the same filter: the search page's query as its form (decision 097), answered as JSON.
    const apiPath = "/api/estate/searchEstateByregionsByestatefeatures/?page=1";
    const form = new URL(searchPath, product).searchParams.toString();
    const post = { method: "POST" as const, body: form };
    const formHeaders = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    const check = await fetch(product + apiPath, { method: "POST", body: form, headers: formHeaders });
    const answer = (await check.json()) as { data?: { data?: unknown[] } };
    if (check.status !== 200 || !answer.data?.data?.length)
      throw new Error(`the API search ${apiPath} with ${form} answered ${check.status} without listings`);
    console.error(`api-search: POST ${apiPath} (${form}) beside ${searchPath}`);
    const rows: [string, string, Load, { bytes: number; encoding: string }][] = [];
    for (const [name, target, headers, request] of [
      ["HTML search page, visitor (page cache)", searchPath, {}, {}],
      ["HTML search page, logged in (rendered)", searchPath, { cookie }, {}],
      ["API search (JSON), no token", `POST ${apiPath}`, formHeaders, post],
    ] as const) {
      const url = product + (request === post ? apiPath : target);
      const measured = await load(url, productServer.pid!, headers, request);
      rows.push([name, target, measured, await sentSize(url, headers, request)]);
    }
    out.push(
      "",
      "#### The apps' search (JSON) beside the search page (HTML)",
      "",
      `The same filter, \`${form}\`: as the page's query and as the API's form. KiB sent: the answer as sent to \`Accept-Encoding: gzip, deflate, br\`.`,
      "",
      "| request | path | req/s | p50 ms | p99 ms | errors | CPU ms/req | KiB sent |",
      "|---|---|---|---|---|---|---|---|",
      ...rows.map(
        ([name, target, l, sent]) =>
          `| ${name} | \`${target}\` | ${l.rps} | ${l.p50} | ${l.p99} | ${l.errors} | ${cpu(l)} | ${kib(sent.bytes)} (${sent.encoding}) |`,
      ),
    );
  }

  if (flood || sharedAddress) {
    // The product again as production runs it (a fresh page cache, every default).
    await stop(productServer);
    productServer = start(process.execPath, ["--import", "tsx", "server.ts"]);
    await waitFor(`${product}/healthz`, 180_000, productServer);
  }

  if (sharedAddress) {
    for (const setting of renderWorkerSettings ?? [null]) {
      if (setting !== null) {
        // Each setting on a product started anew, so that none inherits another's page cache (the flood scenario
        // below runs on the last one).
        await stop(productServer);
        productServer = start(process.execPath, ["--import", "tsx", "server.ts"], { env: { ...env, RENDER_WORKERS: setting } });
        await waitFor(`${product}/healthz`, 180_000, productServer);
        out.push("", `RENDER_WORKERS=${setting}:`);
      }
      console.error(`shared-address: ${searchPath} under one address's new pages, with and without floods`);
      out.push(
        "",
        ...(await sharedAddressBench({
          product,
          cachedPath: searchPath,
          places,
          connections,
          warmupSeconds: warmup,
          seconds: sharedSeconds,
          headers: BROWSER_HEADERS,
        })),
      );
      await waitIdle(productServer.pid!);
    }
  }

  if (flood) {
    const cached = product + searchPath;
    const measure = async () => {
      const options = { url: cached, connections, headers: BROWSER_HEADERS };
      if (warmup > 0) await autocannon({ ...options, duration: warmup });
      const result = await autocannon({ ...options, duration: seconds });
      return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
    };
    /** Sends 30 distinct URLs a second (`path(n)`) from one address until stopped; counts the answers by status. */
    const flooder = (path: (n: number) => string) => {
      const statuses = new Map<number | string, number>();
      const count = (key: number | string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
      let n = 0;
      const timer = setInterval(() => {
        http
          .get(product + path(n++), { headers: BROWSER_HEADERS }, (res) => {
            res.resume();
            res.on("end", () => count(res.statusCode ?? 0));
          })
          .on("error", () => count("error"));
      }, 1000 / 30);
      return () => {
        clearInterval(timer);
        return [...statuses].map(([status, times]) => `${times} × ${status}`).join(", ");
      };
    };
    console.error(`flood: ${searchPath} alone, then under 30 distinct URLs a second from one address`);
    await text(cached);
    const alone = await measure();
    await waitIdle(productServer.pid!);
    const rows: string[] = [`| alone | ${alone.rps} | ${alone.p99} | ${alone.errors} | |`];
    for (const [name, path] of [
      ["junk parameters", (n: number) => `${searchPath}&utm_source=x${n}`],
      ["distinct word searches", (n: number) => `/estates?is_simple=0&q=w${n}`],
    ] as const) {
      const stopFlood = flooder(path);
      const flooded = await measure();
      const got = stopFlood();
      await waitIdle(productServer.pid!);
      rows.push(
        `| under 30 URLs/s: ${name} | ${flooded.rps} (${((100 * flooded.rps) / Math.max(1, alone.rps)).toFixed(0)}%) | ${flooded.p99} | ${flooded.errors} | ${got} |`,
      );
    }
    out.push(
      "",
      "#### Cached search page under a flood of distinct anonymous URLs (decisions 045 and 077)",
      "",
      `\`${searchPath}\` with ${connections} connections (${warmup} s warm-up + ${seconds} s), alone and while one address sends 30 distinct URLs a second.`,
      "",
      "| load | req/s | p99 ms | errors | what the flooding address got |",
      "|---|---|---|---|---|",
      ...rows,
    );
  }

  if (profile) {
    // The product again, alone and under the sampling profiler: the search page's load as a visitor (which the page
    // cache may answer), then logged in (always rendered). Each summary counts only its own measured load.
    await stop(productServer);
    const profileDir = path.join(dataDir, "profiles", new Date().toISOString().replace(/[:.]/g, "-"));
    fs.mkdirSync(profileDir, { recursive: true });
    console.error(`profiling the product's search page (profile in ${profileDir})`);
    productServer = startProduct(["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
    await waitFor(`${product}/healthz`, 180_000, productServer);
    const windows: { name: string; rps: number; from: number; to: number }[] = [];
    // The search page as a visitor and logged in, those of them that --only keeps.
    for (const target of pages.filter((page) => page.key === "search" || page.key === "logged-in")) {
      const options = {
        url: product + target.product.path,
        connections,
        headers: { ...BROWSER_HEADERS, ...target.product.headers },
      };
      if (warmup > 0) await autocannon({ ...options, duration: warmup });
      await waitIdle(productServer.pid!);
      const from = Number(process.hrtime.bigint() / 1000n);
      const measured = await autocannon({ ...options, duration: seconds });
      await waitIdle(productServer.pid!);
      windows.push({
        name: target.name,
        rps: Math.round(measured.requests.average),
        from,
        to: Number(process.hrtime.bigint() / 1000n),
      });
    }
    await stop(productServer);
    // The main thread's profile (the file name's thread id is 0); the loader hooks' worker writes its own.
    const file = fs.readdirSync(profileDir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error(`no profile of the main thread in ${profileDir}: did the product exit cleanly?`);
    const data = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
    out.push(
      "",
      `#### Where the product's time goes`,
      "",
      `Profile: \`${path.join(profileDir, file)}\` (open it in Chrome DevTools, Performance). Each summary counts the ${seconds} s of`,
      "its measured load and the work left when it stopped.",
    );
    for (const w of windows) {
      out.push(
        "",
        `##### ${w.name} under load (${w.rps} req/s with the profiler on)`,
        "",
        summariseProfile(data, { root: process.cwd(), from: w.from, to: w.to }),
      );
    }
  }
  console.log(`\n${out.join("\n")}`);
} finally {
  await Promise.all([productServer, baselineServer].filter((c): c is ChildProcess => c !== undefined).map(stop));
}
