/**
 * `npm run lighthouse -- --url http://127.0.0.1:4101`: Lighthouse 12's mobile test of the public pages.
 *
 * Runs Lighthouse's default configuration (mobile: Moto G Power emulation, slow 4G, simulated throttling) in Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium) against a server that is already running (it starts nothing):
 * home, search results, a listing, /offices and /new-estate, each in Arabic (`?lang=ar`) and English (`?lang=en`).
 * The search and the listing are found on the server: the first of a few searches with results, and its first card.
 * Prints a Markdown table of the four category scores (0-100), the largest contentful paint (s), the total blocking
 * time (ms) and Lighthouse's CPU benchmark index of the run (lower: a busier or slower machine) for
 * docs/benchmarks.md, then every audit that kept a category under 100 (or 95 for performance) per page.
 *
 * Options: --url (required; loopback addresses only), --runs N per page (1; with more, the run with the median
 * performance score is reported), --only home,search,listing,offices,new-estate (a subset), --lang ar|en,
 * --json DIR (writes each report there), --block PATTERN (requests Lighthouse refuses, e.g. "*\/build/*.js" to see
 * what the pages' JavaScript costs).
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { stringOption } from "./cli";

const base = stringOption("url")?.replace(/\/+$/, "");
if (!base) {
  console.error(
    "usage: npm run lighthouse -- --url http://127.0.0.1:PORT [--runs N] [--only home,listing] [--lang en] [--json DIR]",
  );
  process.exit(2);
}
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(base).hostname)) {
  console.error("only a server on this machine (127.0.0.1, localhost, [::1]) is tested");
  process.exit(2);
}
const runs = Math.max(1, Number(stringOption("runs") ?? 1));
const only = stringOption("only")?.split(",");
const langs = (stringOption("lang") ? [stringOption("lang")] : ["ar", "en"]) as ("ar" | "en")[];
const jsonDir = stringOption("json");
const blockedUrlPatterns = stringOption("block") ? [stringOption("block")!] : undefined;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

/** The first search of a few (a governorate, a type, for sale) whose page lists a property, and its first listing. */
async function findSearchAndListing(): Promise<{ search: string; listing: string }> {
  for (const [location, type] of [
    ["1", "6"],
    ["4", "6"],
    ["5", "1"],
    ["2", "6"],
    ["1", "1"],
  ]) {
    const search = `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=1&price_domain_id=`;
    const html = await (await fetch(base + search, { headers: { Cookie: "lang=en" } })).text();
    const listing = /href="(\/estate\/\d+)"/.exec(html)?.[1];
    if (listing) return { search, listing };
  }
  throw new Error("no search with results: is the database seeded?");
}

function withLang(pathname: string, lang: string): string {
  return `${pathname}${pathname.includes("?") ? "&" : "?"}lang=${lang}`;
}

const { search, listing } = await findSearchAndListing();
const pages = [
  { name: "home", path: "/" },
  { name: "search", path: search },
  { name: "listing", path: listing },
  { name: "offices", path: "/offices" },
  { name: "new-estate", path: "/new-estate" },
].filter((p) => !only || only.includes(p.name));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

type Row = {
  page: string;
  lang: string;
  url: string;
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  benchmarkIndex: number;
  failing: string[];
};
const rows: Row[] = [];
// The browser's full version (the user agent Lighthouse records is reduced to 156.0.0.0).
const versionInfo = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
const chromeVersion = versionInfo.Browser?.split("/")[1] ?? "";
let lighthouseVersion = "";

try {
  for (const page of pages) {
    for (const lang of langs) {
      const url = base + withLang(page.path, lang);
      const results: Result[] = [];
      for (let i = 0; i < runs; i += 1) {
        let result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          blockedUrlPatterns,
        });
        // A trace that could not be recorded (NO_NAVSTART, NO_FCP on a busy machine) is run again, once.
        if (result?.lhr.runtimeError) {
          result = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            blockedUrlPatterns,
          });
        }
        if (!result) throw new Error(`no Lighthouse result for ${url}`);
        results.push(result.lhr);
        if (jsonDir) {
          fs.mkdirSync(jsonDir, { recursive: true });
          fs.writeFileSync(path.join(jsonDir, `${page.name}-${lang}-${i + 1}.json`), result.report as string);
        }
      }
      results.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)];
      lighthouseVersion = lhr.lighthouseVersion;
      if (lhr.runtimeError) console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
      // Audits that cost points: weighted audits under 1 in a category under its target (diagnostics of performance too).
      const failing: string[] = [];
      for (const c of CATEGORIES) {
        if (scores[c] >= TARGET[c] && c !== "performance") continue;
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (audit.score === null || audit.score >= 0.9 || (ref.weight === 0 && c !== "performance")) continue;
          if (c === "performance" && scores[c] >= TARGET[c]) continue;
          const items = (audit.details as { items?: unknown[] } | undefined)?.items?.length;
          failing.push(`${c}: ${ref.id} (${audit.displayValue ?? `score ${audit.score}`}${items ? `, ${items} items` : ""})`);
        }
      }
      const lcp = (lhr.audits["largest-contentful-paint"].numericValue ?? 0) / 1000;
      const tbt = lhr.audits["total-blocking-time"].numericValue ?? 0;
      rows.push({
        page: page.name,
        lang,
        url: url.slice(base.length),
        scores,
        lcp,
        tbt,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failing,
      });
      console.error(
        `${page.name} ${lang}: ${CATEGORIES.map((c) => scores[c]).join(" / ")}, LCP ${lcp.toFixed(2)} s, TBT ${Math.round(tbt)} ms`,
      );
    }
  }
} finally {
  await chrome.kill();
}

console.log(
  `\nLighthouse ${lighthouseVersion}, Chromium ${chromeVersion}, mobile (Moto G Power, slow 4G, simulated), ${runs} run(s) per page\n`,
);
console.log("| page | lang | performance | accessibility | best practices | SEO | LCP s | TBT ms | CPU index |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} \`${r.url}\` | ${r.lang} | ${CATEGORIES.map((c) => r.scores[c]).join(" | ")} | ${r.lcp.toFixed(2)} | ${Math.round(r.tbt)} | ${Math.round(r.benchmarkIndex)} |`,
  );
}
const under = rows.filter((r) => r.failing.length);
if (under.length) {
  console.log("\nAudits under target:");
  for (const r of under) console.log(`- ${r.page} (${r.lang}): ${r.failing.join("; ")}`);
}
