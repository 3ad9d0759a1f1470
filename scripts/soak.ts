/**
 * `npm run soak -- --url http://127.0.0.1:3000 [--seconds 600] [--connections 50] [--pid PID]`: a soak test
 * against a server that is already running; it starts nothing.
 *
 * For `--seconds` (600 by default) `--connections` connections (50) load a mix of pages and form posts: the home
 * page, /estates search results with filters, /estate/:id listing pages, /offices, /articals, and /consultation
 * posts with valid fields, an empty honeypot and the server's own Origin. A warm-up (10% of the time, 5 to 60
 * seconds, or `--warmup S`) comes first so that the memory at start is the warm server's (its JavaScript heap and
 * caches grown to their working size), not the cold one's: a short run may still fail the memory check on that growth.
 *
 * Prints the requests per page with their status codes, the errors (a status other than 2xx/3xx, socket errors
 * and timeouts), the latency percentiles (p50, p90, p99, max in ms) and the server's resident memory (VmRSS of
 * /proc/PID/status) at start, at its highest and at the end. The consultation form allows 10 messages per IP
 * address an hour, so its 429 answers are expected rate limiting: counted and shown apart, never as errors.
 * Exits with 1 on any error or when the memory at the end is more than 10% above the memory at start; 2 on bad
 * options or an unreachable server. Only loads 127.0.0.1 (or localhost).
 *
 * `--pid` is the id of the server's node process; without it the process listening on the URL's port is looked up
 * in /proc (Linux; a server run by another user may not be found: then the memory is not checked).
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { stringOption } from "./cli";

const SECONDS = option("seconds", 600);
const CONNECTIONS = option("connections", 50);
const MAX_GROWTH = 0.1;
const base = new URL(stringOption("url") ?? "http://127.0.0.1:3000");
if (!["127.0.0.1", "localhost"].includes(base.hostname) || base.protocol !== "http:") {
  usage(`--url must be http://127.0.0.1:PORT (or localhost): the soak test loads this machine only, not ${base.origin}`);
}
if (!Number.isInteger(SECONDS) || SECONDS < 1 || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1)
  usage("--seconds and --connections are whole numbers from 1");
const origin = base.origin;
const port = Number(base.port || 80);

function option(name: string, fallback: number): number {
  const value = stringOption(name);
  return value === undefined ? fallback : Number(value);
}
function usage(problem: string): never {
  console.error(
    `${problem}\nusage: npm run soak -- --url http://127.0.0.1:3000 [--seconds 600] [--connections 50] [--warmup S] [--pid PID]`,
  );
  process.exit(2);
}

/** VmRSS of a process in MB, or null when it cannot be read (gone, or not on Linux). */
function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** The id of the process listening on TCP `port` (its socket inode in /proc/net/tcp*, then /proc/PID/fd), or null. */
function listenerPid(port: number): number | null {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; the inode is the tenth column.
        if (cols.length > 9 && cols[3] === "0A" && parseInt(cols[1].split(":")[1], 16) === port) inodes.add(cols[9]);
      }
    } catch {
      // no such table
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // not ours to read, or gone
    }
  }
  return null;
}

async function get(pathname: string): Promise<string> {
  const response = await fetch(new URL(pathname, base));
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}`);
  return response.text();
}

/** `<option value>`s of a `<select name=…>` in a page, without the empty one. */
function optionsOf(html: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
}

// -------------------------------------------------------------------------------------------------------------
// The mix, built from the server's own pages: real listing ids, places and types.

type Target = { name: string; weight: number; next: () => { method: "GET" | "POST"; path: string; body?: string } };

let targets: Target[];
try {
  const estatesPage = await get("/estates?page=1");
  const listingIds = [...new Set([...estatesPage.matchAll(/href="\/estate\/(\d+)"/g)].map((m) => m[1]))];
  const secondPage = await get("/estates?page=2");
  listingIds.push(
    ...[...secondPage.matchAll(/href="\/estate\/(\d+)"/g)].map((m) => m[1]).filter((id) => !listingIds.includes(id)),
  );
  const locations = optionsOf(estatesPage, "location_id").slice(0, 40);
  const types = optionsOf(estatesPage, "estate_type_id");
  const offers = [...estatesPage.matchAll(/<input type="radio" name="estate_offer_type_id"[^>]*value="(\d+)"/g)].map((m) => m[1]);
  const prices = optionsOf(estatesPage, "price_domain_id");
  if (listingIds.length === 0 || locations.length === 0 || types.length === 0 || offers.length === 0) {
    throw new Error("the /estates page lists no listing, place, type or offer type (is the database seeded?)");
  }
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
  const consultation = () =>
    new URLSearchParams({
      name: "Soak Test",
      mobile: "0944123456",
      subject: "A consultation from the soak test (npm run soak).",
      website_url: "",
    }).toString();
  targets = [
    { name: "home /", weight: 15, next: () => ({ method: "GET", path: "/" }) },
    {
      name: "search /estates?…",
      weight: 25,
      next: () => {
        const query = new URLSearchParams({
          location_id: pick(locations),
          estate_type_id: pick(types),
          estate_offer_type_id: pick(offers),
          ...(prices.length && Math.random() < 0.5 ? { price_domain_id: pick(prices) } : {}),
        });
        return { method: "GET", path: `/estates?${query}` };
      },
    },
    { name: "listing /estate/:id", weight: 30, next: () => ({ method: "GET", path: `/estate/${pick(listingIds)}` }) },
    { name: "offices /offices", weight: 10, next: () => ({ method: "GET", path: "/offices" }) },
    { name: "articles /articals", weight: 10, next: () => ({ method: "GET", path: "/articals" }) },
    { name: "POST /consultation", weight: 10, next: () => ({ method: "POST", path: "/consultation", body: consultation() }) },
  ];
} catch (error) {
  console.error(`cannot prepare the soak test against ${origin}: ${error instanceof Error ? error.message : error}`);
  console.error("start the server first (docs/benchmarks.md, soak test)");
  process.exit(2);
}
const totalWeight = targets.reduce((sum, t) => sum + t.weight, 0);
function chooseTarget(): Target {
  let r = Math.random() * totalWeight;
  for (const t of targets) if ((r -= t.weight) < 0) return t;
  return targets[0];
}

// -------------------------------------------------------------------------------------------------------------
// Counters by page and status, kept across the warm-up and the run.

const byTarget = new Map<string, Map<number, number>>(targets.map((t) => [t.name, new Map()]));
const socketErrors = new Map<string, number>();
/** What one connection remembers between building a request and reading its answer. */
type Context = { target: string };

function count(target: string, status: number) {
  const statuses = byTarget.get(target)!;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

/** Runs the mix for `seconds`; resolves to autocannon's result (Ctrl-C ends it early, with its result). */
function load(seconds: number): Promise<autocannon.Result> {
  let done: (result: autocannon.Result) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: origin,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          setupRequest: (request, ctx) => {
            const target = chooseTarget();
            const next = target.next();
            (ctx as Context).target = target.name;
            const headers = { ...request.headers, "accept-encoding": "gzip", "accept-language": "ar" };
            const post = next.method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin } : {};
            return { ...request, method: next.method, path: next.path, headers: { ...headers, ...post }, body: next.body };
          },
          onResponse: (status, _body, ctx) => count((ctx as Context).target, status),
        },
      ],
    },
    (error, result) => (error ? failed(error) : done(result)),
  );
  instance.on("reqError", (error: Error) => {
    const key = error.message || error.name;
    socketErrors.set(key, (socketErrors.get(key) ?? 0) + 1);
  });
  const stop = () => instance.stop();
  process.once("SIGINT", stop);
  return finished.finally(() => process.off("SIGINT", stop));
}

const pid = stringOption("pid") ? Number(stringOption("pid")) : listenerPid(port);
const warmUp = option("warmup", Math.min(60, Math.max(5, Math.round(SECONDS * 0.1))));
if (!Number.isInteger(warmUp) || warmUp < 1) usage("--warmup is a whole number of seconds from 1");
console.log(
  `soak test of ${origin}: ${warmUp} s warm-up, then ${SECONDS} s at ${CONNECTIONS} connections; server process ${pid ?? "not found (give --pid)"}`,
);
await load(warmUp);

const rssStart = pid ? rssMb(pid) : null;
let rssPeak = rssStart ?? 0;
const sampler = setInterval(() => {
  const now = pid ? rssMb(pid) : null;
  if (now !== null) rssPeak = Math.max(rssPeak, now);
}, 2000);
const started = Date.now();
const result = await load(SECONDS);
clearInterval(sampler);
await new Promise((r) => setTimeout(r, 1000));
const rssEnd = pid ? rssMb(pid) : null;
if (rssEnd !== null) rssPeak = Math.max(rssPeak, rssEnd);

// -------------------------------------------------------------------------------------------------------------
// Report

let errors = 0;
let rateLimited = 0;
let total = 0;
console.log(`\n${"page".padEnd(24)} ${"requests".padStart(9)}  status codes`);
for (const [name, statuses] of byTarget) {
  const n = [...statuses.values()].reduce((a, b) => a + b, 0);
  total += n;
  for (const [status, k] of statuses) {
    if (status === 429 && name.startsWith("POST")) rateLimited += k;
    else if (status < 200 || status >= 400) errors += k;
  }
  const codes = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, k]) => `${s}: ${k}`)
    .join(", ");
  console.log(`${name.padEnd(24)} ${String(n).padStart(9)}  ${codes}`);
}
const socket = [...socketErrors.values()].reduce((a, b) => a + b, 0);
errors += socket;
console.log(
  `\n${total} responses in ${((Date.now() - started) / 1000 + warmUp).toFixed(0)} s (${Math.round(result.requests.average)} req/s in the run)`,
);
console.log(
  `latency ms (run): p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`,
);
console.log(
  `expected rate limiting: ${rateLimited} posts answered 429 (the form allows 10 messages per IP address an hour); not errors`,
);
console.log(
  `errors: ${errors} (status other than 2xx/3xx, and ${socket} socket errors or timeouts${socket ? `: ${[...socketErrors].map(([m, k]) => `${m} ×${k}`).join("; ")}` : ""})`,
);

let failed = errors > 0;
if (rssStart !== null && rssEnd !== null) {
  const growth = (rssEnd - rssStart) / rssStart;
  console.log(
    `server memory (VmRSS of ${pid}): ${rssStart} MB at start, ${rssPeak} MB at most, ${rssEnd} MB at the end (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}%, limit +${MAX_GROWTH * 100}%)`,
  );
  if (growth > MAX_GROWTH) failed = true;
} else {
  console.log("server memory: not measured (no readable /proc/PID/status; give --pid)");
}
console.log(failed ? "SOAK FAILED" : "soak passed");
process.exit(failed ? 1 : 0);
