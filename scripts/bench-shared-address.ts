/**
 * `npm run bench -- --only shared-address` (decision 077; part of `npm run bench`): many people behind one address, side
 * by side in one run on the product as production runs it (no quota of pages per address; the render pool's fair
 * queue). Client addresses are sent as a reverse proxy on this machine reports them (`X-Forwarded-For` from loopback).
 *
 * 1. The cached search page alone: its req/s with autocannon.
 * 2. One address (a carrier's NAT, a crawler) asking 10 new pages a second for `--shared-seconds` (30): listings from
 *    the sitemap and searches by place, each asked once, while autocannon loads the cached page.
 * 3. The same while another address floods 60 distinct word searches a second.
 * 4. The flood spread over 100 addresses, each asking one distinct URL a second, with the first address's pages.
 *
 * Each row: the cached page's req/s (and its share of the page alone), the first address's pages (answered, refused
 * with 429 or 503, p95 latency), and what the flooding addresses got. Budgets (decision 077): at most 1% of the first
 * address's pages refused with p95 at most 1 s, the cached page at 50% or more, no errors.
 */
import http from "node:http";
import autocannon from "autocannon";

export type SharedAddressOptions = {
  /** The product's origin, e.g. http://127.0.0.1:3900. */
  product: string;
  /** A search page the cache holds (asked once before the loads). */
  cachedPath: string;
  /** Place ids of the search filter (location_id values). */
  places: string[];
  connections: number;
  warmupSeconds: number;
  /** How long each scenario lasts, in seconds (30 in decision 077's budgets). */
  seconds: number;
  headers: Record<string, string>;
};

type Answers = { statuses: Map<number | string, number>; latencies: number[] };

/** Sends GETs of `next()` from `address` at `perSecond` until stopped; the answers' statuses and latencies (ms). */
function sender(options: SharedAddressOptions, address: () => string, next: () => string, perSecond: number) {
  const answers: Answers = { statuses: new Map(), latencies: [] };
  const count = (key: number | string) => answers.statuses.set(key, (answers.statuses.get(key) ?? 0) + 1);
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = http.get(
        options.product + next(),
        { headers: { ...options.headers, "X-Forwarded-For": address() }, timeout: 15_000 },
        (res) => {
          res.resume();
          res.on("end", () => {
            answers.latencies.push(performance.now() - started);
            count(res.statusCode ?? 0);
            resolve();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        count(error.message === "timeout" ? "timeout" : "error");
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  }, 1000 / perSecond);
  return async (): Promise<Answers> => {
    clearInterval(timer);
    await Promise.all(pending);
    return answers;
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const summary = (answers: Answers) =>
  [...answers.statuses]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, times]) => `${times} × ${status}`)
    .join(", ");

/** Runs the scenarios and returns their Markdown table (lines). */
export async function sharedAddressBench(options: SharedAddressOptions): Promise<string[]> {
  const { product, cachedPath } = options;
  // New pages: listings of the first sitemap and searches by place, each asked once in the whole run.
  const sitemap = await (await fetch(`${product}/sitemaps/estates-1.xml`)).text();
  const listings = [...sitemap.matchAll(/<loc>[^<]*?(\/estate\/\d+)<\/loc>/g)]
    .map((m) => m[1])
    .filter((p, i, all) => all.indexOf(p) === i);
  const searches = options.places.flatMap((place) =>
    ["1", "2"].flatMap((offer) =>
      ["6", "1", "2", "3", "4", "5"].map(
        (type) => `/estates?estate_offer_type_id=${offer}&estate_type_id=${type}&location_id=${place}&price_domain_id=`,
      ),
    ),
  );
  const fresh: string[] = [];
  for (let i = 0; i < Math.max(listings.length, searches.length); i++) {
    if (listings[i]) fresh.push(listings[i]);
    if (searches[i]) fresh.push(searches[i]);
  }
  let nextFresh = 0;
  const freshPage = () => fresh[nextFresh++ % fresh.length];
  let flood = 0;
  const floodPage = () => `/estates?is_simple=0&q=flood${flood++}`;

  await fetch(product + cachedPath, { headers: options.headers }).then((r) => r.arrayBuffer());
  const cached = (duration: number) =>
    autocannon({ url: product + cachedPath, connections: options.connections, headers: options.headers, duration });
  if (options.warmupSeconds > 0) await cached(options.warmupSeconds);
  const alone = Math.round((await cached(options.seconds)).requests.average);

  const rows: string[] = [];
  const scenario = async (name: string, floods: { address: () => string; perSecond: number } | null) => {
    const stopFirst = sender(options, () => "198.51.100.10", freshPage, 10);
    const stopFlood = floods ? sender(options, floods.address, floodPage, floods.perSecond) : null;
    const load = await cached(options.seconds);
    const first = await stopFirst();
    const flooded = stopFlood ? await stopFlood() : null;
    const sent = first.latencies.length + (first.statuses.get("timeout") ?? 0) + (first.statuses.get("error") ?? 0);
    const refused = (first.statuses.get(429) ?? 0) + (first.statuses.get(503) ?? 0);
    const rps = Math.round(load.requests.average);
    rows.push(
      `| ${name} | ${rps} (${((100 * rps) / Math.max(1, alone)).toFixed(0)}%) | ${load.errors + load.non2xx} | ${sent} | ${((100 * refused) / Math.max(1, sent)).toFixed(1)}% | ${percentile(first.latencies, 50).toFixed(0)} | ${percentile(first.latencies, 95).toFixed(0)} | ${summary(first)} | ${flooded ? summary(flooded) : ""} |`,
    );
  };
  await scenario("one address, 10 new pages/s", null);
  await scenario("and another address flooding 60 distinct URLs/s", { address: () => "203.0.113.66", perSecond: 60 });
  let spread = 0;
  await scenario("and 100 addresses flooding 1 distinct URL/s each", {
    address: () => `203.0.113.${(spread++ % 100) + 1}`,
    perSecond: 100,
  });
  return [
    "#### Many people behind one address (decision 077)",
    "",
    `The cached \`${cachedPath}\` with ${options.connections} connections: ${alone} req/s alone. Each row lasts ${options.seconds} s: one address (198.51.100.10) asks 10 new pages a second (listings of the sitemap and searches by place, each once) while autocannon loads the cached page, alone and beside a flood of distinct word searches.`,
    "",
    "| load | cached req/s (of alone) | cached errors | first address's pages | refused | p50 ms | p95 ms | first address got | flood got |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ];
}
