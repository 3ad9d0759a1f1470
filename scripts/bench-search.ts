/**
 * `npm run bench:search`: how long the searches people make take in the database (the target, decision 031: at most 5 ms
 * at the 95th percentile with 1,000,000 listings on PostgreSQL).
 *
 * Against DATABASE_URL (PostgreSQL; fill it first with `npm run db:seed -- --listings 1000000`), for each search of
 * SEARCHES (a query string of the results page, parsed as the page parses it): runs searchEstates, and similarEstates when the
 * page shows similar listings (showsSimilar: no results, or the last page of a narrowed search), `--warmup` times (20),
 * then `--runs` times (200), timing every SQL statement it sends (through the pool's `query`) and the whole call.
 * Prints a Markdown table: per search, the statements' p50 and p95 and the slowest statement's p95 (ms), and the
 * whole call's p50 and p95 (ms, statements plus building the cards in Node). With `--explain`, prints EXPLAIN
 * (ANALYZE, BUFFERS) of each search's statements after the table, for docs/benchmarks.md.
 *
 * Each search counts within SEARCH_COUNT_MS (decision 043; 4 ms unless set, 0 for no budget): the last column says in
 * how many runs the count was cut, and a cut count's statement is timed up to its cancellation.
 *
 * With `--pages`, the searches are instead every page bench:pages draws from (scripts/search-combinations.ts, about
 * 1,300: use few runs, such as `--warmup 2 --runs 5`), each named by its query string, and the table lists them from
 * the slowest statement down.
 *
 * Options: --runs N (200), --warmup N (20), --explain, --detail (the p95 of each statement of each search), --only TEXT
 * (only the searches whose name holds TEXT; `--only duplicates`: finding a post's duplicates, decision 099), --pages. Times are milliseconds of wall clock on this machine, with the
 * database on the same machine; they compare plans and indexes, they are not capacities.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../app/platform/db/schema";
import { CONNECTION_OPTIONS, type Db } from "../app/platform/db/client.server";
import { estateIdByAdNumber } from "../app/features/listings/estate.server";
import { searchEstates, similarEstates } from "../app/features/search/estate-search.server";
import { type Scope } from "../app/features/search/estate-filter.server";
import { forgetCutCounts } from "../app/features/search/find-page.server";
import { getLookups } from "../app/features/places/lookups.server";
import { nearestQueries } from "../app/features/search/filter-words.server";
import { getEnv } from "../app/platform/config/env.server";
import { adNumberOf, parseEstateFilter } from "../app/features/search/estate-filter.server";
import { typedSearchAddressWith, showsSimilar, SCOPE_PATHS } from "../app/features/search/results-page.server";
import { findPlaces } from "../app/features/search/place-finder.server";
import { searchMap } from "../app/features/search/search-map.server";
import { findDuplicates } from "../app/features/posts/duplicates.server";
import type { Lookups } from "../app/features/places/lookups.server";
import { numberOption } from "./cli";
import { combinations } from "./search-combinations";
import { QUERIES } from "../tests/helpers/search-relevance";

/** The query string of words typed in the search box. */
function words(q: string): string {
  return new URLSearchParams({ q }).toString();
}

/**
 * The searches measured: what the home page, the advanced search and the results page's filters send. Words are
 * measured as the page runs them (decisions 056 and 087: filter words become filters, typedSearchAddressWith). The third element is
 * the page's scope (/rent-properties, /vacation-properties; "all" when absent). Governorate ids are the seed's order
 * (app/platform/db/seed/data/geography.ts): 1 Damascus, 2 Rif Dimashq, 3 Aleppo, 4 Homs, 5 Hama, 6 Latakia, 7 Tartus.
 * Until 2026-11-29 eight searches here were named for the wrong governorate (Aleppo for 2, Latakia for 3): the tables
 * of docs/benchmarks.md before that day carry the old names for the same queries.
 */
const SEARCHES: [string, string, Scope?][] = [
  ["spec search: flats for sale in Mezzeh", "location_id=1&estate_type_id=6&estate_offer_type_id=1"],
  ["the same, price domain 1–50 M SYP", "location_id=1&estate_type_id=6&estate_offer_type_id=1&price_domain_id=3"],
  [
    "Damascus as a whole, flats for sale, up to US$100,000",
    "governorate_id=1&estate_type_id=6&estate_offer_type_id=1&price_max=100000&currency=USD",
  ],
  [
    "the same, cheapest first",
    "governorate_id=1&estate_type_id=6&estate_offer_type_id=1&price_max=100000&currency=USD&sort=price_asc",
  ],
  ["the same, page 5", "governorate_id=1&estate_type_id=6&estate_offer_type_id=1&price_max=100000&currency=USD&page=5"],
  ["whole country, sale, dearest first", "estate_offer_type_id=1&sort=price_desc"],
  ["whole country, everything, cheapest first", "sort=price_asc"],
  ["whole country, flats for sale, cheapest per m²", "estate_type_id=6&estate_offer_type_id=1&sort=price_per_m2_asc"],
  ["whole country, largest first", "sort=area_desc"],
  ["SYP 5–6 M, whole country", "price_min=5000000&price_max=6000000&currency=SYP"],
  ["rent in Mezzeh up to 300,000 SYP a month", "location_id=1&estate_offer_type_id=2&price_max=300000&currency=SYP"],
  ["Rif Dimashq as a whole, 3+ rooms, 100–200 m²", "governorate_id=2&rooms_min=3&area_min=100&area_max=200"],
  ["words: شقة دمشق", words("شقة دمشق")],
  ["words: مسبح, furnished", `${words("مسبح")}&furnished=1`],
  ["words: villa pool, sale", `${words("villa pool")}&estate_offer_type_id=1`],
  ["words: pool, sale (words only)", `${words("pool")}&estate_offer_type_id=1`],
  ["words: شقة مفروشة", words("شقة مفروشة")],
  ["words: ارض زراعية", words("ارض زراعية")],
  ["words: villa pool", words("villa pool")],
  ["words: شقق المزة", words("شقق المزة")],
  ["words: flat mazzeh", words("flat mazzeh")],
  ["words: شقة مفروشة في المزة ٣ غرف", words("شقة مفروشة في المزة ٣ غرف")],
  ["words: اطلالة بحر", words("اطلالة بحر")],
  ["words: طابو", words("طابو")],
  ["offices only, with photos, Homs", "governorate_id=4&advertiser=office&with_photos=1"],
  ["owners only, negotiable, finishing 'super deluxe'", "estate_ownership=1&negotiable=1&estate_finishing=1"],
  // Decision 057: rents sorted by their price per month, whatever their period.
  ["rent, whole country, cheapest a month", "sort=price_asc", "rent"],
  ["rent, whole country, dearest a month", "sort=price_desc", "rent"],
  ["vacation, whole country, cheapest a month", "sort=price_asc", "vacation"],
  ["Damascus flats for rent, cheapest a month", "governorate_id=1&estate_type_id=6&estate_offer_type_id=2&sort=price_asc"],
  ["rent in Mezzeh, dearest a month", "location_id=1&estate_offer_type_id=2&sort=price_desc"],
  ["yearly rents, whole country, cheapest", "period_type_id=5&sort=price_asc", "rent"],
  ["by the night, Tartus as a whole, cheapest", "governorate_id=7&period_type_id=1&sort=price_asc", "vacation"],
  // Words that become a type (decision 056) with a governorate, a room count and a sort: few listings or none match,
  // so the page's order is walked far and the similar listings are read too (bench:pages' slowest answers).
  ["words: محل تجاري, Hama, 3+ rooms, newest", `${words("محل تجاري")}&governorate_id=5&rooms_min=3&sort=newest`],
  ["words: محل تجاري, Damascus, 2+ rooms, cheapest", `${words("محل تجاري")}&governorate_id=1&rooms_min=2&sort=price_asc`],
  ["words: محل تجاري, Homs, 3+ rooms, dearest", `${words("محل تجاري")}&governorate_id=4&rooms_min=3&sort=price_desc`],
  ["words: فيلا, Damascus, 3+ rooms, cheapest", `${words("فيلا")}&governorate_id=1&rooms_min=3&sort=price_asc`],
  ["words: فيلا, Aleppo, 2+ rooms", `${words("فيلا")}&governorate_id=3&rooms_min=2`],
  ["words: فيلا, Rif Dimashq, cheapest", `${words("فيلا")}&governorate_id=2&sort=price_asc`],
  ["words: villa pool, Aleppo, largest", `${words("villa pool")}&governorate_id=3&sort=area_desc`],
  ["words: مسبح, Rif Dimashq, largest", `${words("مسبح")}&governorate_id=2&sort=area_desc`],
  ["words: مكتب, Rif Dimashq, 2+ rooms, dearest", `${words("مكتب")}&governorate_id=2&rooms_min=2&sort=price_desc`],
  ["Aleppo as a whole, 2+ rooms, largest", "governorate_id=3&rooms_min=2&sort=area_desc"],
  // Since decision 071 "مسبح" and "pool" are a filter: a word that is none, in about one listing in six, with a
  // governorate and a sort.
  ["words: طابق أرضي, Rif Dimashq, largest", `${words("طابق أرضي")}&governorate_id=2&sort=area_desc`],
  // The facts Syrians ask before they call (decision 093).
  ["facts: Damascus flats, 12+ hours of electricity", "governorate_id=1&estate_type_id=6&electricity_min=12"],
  ["facts: Aleppo, 12+ hours of electricity (none)", "governorate_id=3&electricity_min=12"],
  ["facts: Aleppo, generator, 3+ rooms, cheapest", "governorate_id=3&generator=1&rooms_min=3&sort=price_asc"],
  ["facts: Latakia rents, solar, 3 months upfront at most", "governorate_id=6&estate_offer_type_id=2&solar=1&upfront_max=3"],
  ["facts: rent in Mezzeh, solar, 6 months upfront at most", "location_id=1&estate_offer_type_id=2&solar=1&upfront_max=6"],
  ["facts: whole country, elevator and parking, cheapest", "elevator=1&parking=1&sort=price_asc"],
  ["facts: whole country, 20+ hours, solar, newest", "electricity_min=20&solar=1"],
  ["facts: whole country, 2 months upfront at most, largest", "upfront_max=2&sort=area_desc", "rent"],
  ["words: شقة طاقة شمسية", `${words("شقة طاقة شمسية")}`],
  ["words: مصعد أمبيرات, Damascus", `${words("مصعد أمبيرات")}&governorate_id=1`],
  ["words: solar elevator, Latakia, dearest", `${words("solar elevator")}&governorate_id=6&sort=price_desc`],
  // Decision 084: amounts, finishing, studios and rent periods typed as words (a period or "for rent" takes the search
  // to the rent or vacation page, measured there).
  ["words: شقة 150 متر", words("شقة 150 متر")],
  ["words: شقة بسعر 50 الف دولار", words("شقة بسعر 50 الف دولار")],
  ["words: شقة ٣ غرف 120 متر بسعر 60 الف دولار", words("شقة ٣ غرف 120 متر بسعر 60 الف دولار")],
  ["words: فيلا فوق 500 الف دولار, cheapest", `${words("فيلا فوق 500 الف دولار")}&sort=price_asc`],
  ["words: شقة مكسية بحلب", words("شقة مكسية بحلب")],
  ["words: شقة عالعظم تحت 30 الف دولار", words("شقة عالعظم تحت 30 الف دولار")],
  ["words: بيت هيكل, dearest", `${words("بيت هيكل")}&sort=price_desc`],
  ["words: استوديو للإيجار دمشق", words("استوديو للإيجار دمشق")],
  ["words: apartment for rent in latakia", words("apartment for rent in latakia")],
  ["words: شقة للإيجار شهري تحت 300 دولار", words("شقة للإيجار شهري تحت 300 دولار")],
  ["words: شاليه يومي طرطوس", words("شاليه يومي طرطوس")],
  ["words: ارض زراعية فوق 1000 متر", words("ارض زراعية فوق 1000 متر")],
  ["words: ارض 5 دونم", words("ارض 5 دونم")],
  ["words: شقة بالمدينة القديمة بطرطوس", words("شقة بالمدينة القديمة بطرطوس")],
  ["words: بيت عربي بالشام, cheapest", `${words("بيت عربي بالشام")}&sort=price_asc`],
  ["words: محضر بقدسيا", words("محضر بقدسيا")],
  ["words: flat in abu rummaneh under 60k usd", words("flat in abu rummaneh under 60k usd")],
  // The home page's rent tab, a place and a type chosen and no words: the long-term rents (decision 084).
  ["home rent tab: flats in Latakia", "estate_offer_type_id=2&governorate_id=6&estate_type_id=6&q="],
  [
    "facts: Aleppo flats, 12+ hours, elevator, dearest",
    "governorate_id=3&estate_type_id=6&electricity_min=12&elevator=1&sort=price_desc",
  ],
  [
    "facts: Damascus, solar, generator, parking, 3+ rooms, largest",
    "governorate_id=1&solar=1&generator=1&parking=1&rooms_min=3&sort=area_desc",
  ],
  // Owners' own listings (decision 100): estate_ownership=1, posted by their owners and never an office's (about one
  // listing in five of the seed).
  ["owners: flats for sale in Mezzeh", "location_id=1&estate_type_id=6&estate_offer_type_id=1&estate_ownership=1"],
  ["owners: whole country, newest", "is_simple=0&estate_ownership=1"],
  ["owners: Damascus, cheapest", "governorate_id=1&estate_ownership=1&sort=price_asc"],
  ["owners: Aleppo, 3+ rooms, largest", "governorate_id=3&rooms_min=3&estate_ownership=1&sort=area_desc"],
  ["owners: rents in Latakia, cheapest a month", "governorate_id=6&estate_ownership=1&sort=price_asc", "rent"],
  ["owners: with a pool, dearest", "swimming_pool=1&estate_ownership=1&sort=price_desc"],
  ["owners: words شقة, Homs, price per m²", `${words("شقة")}&governorate_id=4&estate_ownership=1&sort=price_per_m2_asc`],
  ["owners: holiday homes, cheapest a night", "is_simple=0&estate_ownership=1&sort=price_asc", "vacation"],
];

/**
 * Searches by a town or village of the gazetteer (decision 095: every locality a place, searched by its
 * `location_id` as the place finder's links send it, or typed by name), the ids found by name as the finder finds
 * them. The seeded listings lie in the site's 241 places, so these searches find few listings or none: what they
 * measure is the place's index ranges and the similar listings read when nothing is found.
 */
function placeSearches(lookups: Lookups): [string, string, Scope?][] {
  const id = (name: string) => {
    const found = findPlaces(lookups, name, "ar", { limit: 1 }).matches[0];
    if (!found) throw new Error(`no place named ${name}`);
    return found.id;
  };
  const rankous = id("رنكوس");
  const kassab = id("كسب");
  const sarmada = id("سرمدا");
  return [
    ["a village (Rankous), everything", `is_simple=0&location_id=${rankous}`],
    ["a village (Rankous), flats for sale", `location_id=${rankous}&estate_type_id=6&estate_offer_type_id=1`],
    ["a village (Kassab), rent, cheapest a month", `is_simple=0&location_id=${kassab}&sort=price_asc`, "rent"],
    ["a town (Sarmada), sale, dearest", `is_simple=0&location_id=${sarmada}&estate_offer_type_id=1&sort=price_desc`],
    ["words: شقة في عسال الورد", words("شقة في عسال الورد")],
    ["words: بيت رنكوس ريف دمشق", words("بيت رنكوس ريف دمشق")],
  ];
}

const runs = numberOption("runs", 200, { min: 1, integer: true });
const warmup = numberOption("warmup", 20, { min: 1, integer: true });
const explain = process.argv.includes("--explain");
const detail = process.argv.includes("--detail");
const everyPage = process.argv.includes("--pages");
const onlyAt = process.argv.indexOf("--only");
/** With --only: the searches measured are those whose name holds this text. */
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
/** With --detail: each search's statements (their first words) and the 95th percentile of each, printed after the table. */
const details: string[] = [];
const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) {
  console.error("set DATABASE_URL to the PostgreSQL database to measure (npm run db:seed -- --listings 1000000 fills it)");
  process.exit(2);
}

// The site's connection settings (JIT off), so that the statements run as they do for the site.
const pool = new pg.Pool({ connectionString: url, max: 2, options: CONNECTION_OPTIONS });
/** Statements of the current call: text, values and milliseconds. */
let statements: { text: string; values: unknown[]; ms: number }[] = [];
type QueryConfig = string | { text: string; values?: unknown[] };
type Callback = (error: Error | null, result: unknown) => void;
// Every statement of every connection is timed, outside a transaction (pool.query) and inside (the count's, decision
// 043). A count stopped by its time budget is timed too: it took that long before it was cut.
pool.on("connect", (client) => {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (config: QueryConfig, values?: unknown, callback?: Callback) => {
    const started = performance.now();
    const record = () =>
      statements.push({
        text: typeof config === "string" ? config : config.text,
        values: Array.isArray(values) ? values : typeof config === "string" ? [] : (config.values ?? []),
        ms: performance.now() - started,
      });
    const done = typeof values === "function" ? (values as Callback) : callback;
    if (done) {
      const timed: Callback = (error, result) => {
        record();
        done(error, result);
      };
      return typeof values === "function" ? original(config, timed) : original(config, values, timed);
    }
    return (original(config, values) as Promise<unknown>).finally(record);
  };
});
const db = drizzle(pool, { schema }) as unknown as Db;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => value.toFixed(2);

const lookups = await getLookups(db);
const [{ count }] = (await pool.query("select count(*)::int as count from estates where status = 'approved'")).rows as {
  count: number;
}[];
const [{ version }] = (await pool.query("select version()")).rows as { version: string }[];
const countMs = getEnv().SEARCH_COUNT_MS;
console.log(
  `${count.toLocaleString("en")} approved listings; ${version.split(",")[0]}; ${runs} runs after ${warmup} warm-up runs each; ` +
    `count budget SEARCH_COUNT_MS=${countMs}${countMs ? " ms" : " (none)"}\n`,
);
console.log(
  "| search | results | statements | statement p50 ms | statement p95 ms | slowest statement p95 ms | whole call p50 ms | whole call p95 ms | counts cut |",
);
console.log("|---|---|---|---|---|---|---|---|---|");

const explained: { name: string; statements: { text: string; values: unknown[] }[] }[] = [];
const slowest: number[] = [];
const { words: wordPages, filters: filterPages } = combinations();
const searches: [string, string, Scope?][] = everyPage
  ? [...wordPages, ...filterPages].map((path) => {
      const query = path.slice(path.indexOf("?") + 1);
      return [decodeURIComponent(query.replace(/\+/g, " ")), query];
    })
  : [...SEARCHES, ...placeSearches(lookups), ["ad number (the search box)", "q=150000"]];
const rows: { worst: number; line: string }[] = [];
const measured = searches.filter(([name]) => only === undefined || name.includes(only));
for (const [name, search, scope] of measured) {
  const page = SCOPE_PATHS[scope ?? "all"];
  const canonical = typedSearchAddressWith(new URL(`${page}?${search}`, "http://localhost"), lookups, scope ?? "all");
  const target = canonical ? new URL(canonical, "http://localhost") : null;
  const params = target ? target.searchParams : new URLSearchParams(search);
  if (canonical) console.error(`${name}: ${decodeURIComponent(canonical)}`);
  // Words may ask for another listing page (decision 084: "for rent" is the rent page): measured as that page runs it.
  const pageScope = target ? (Object.keys(SCOPE_PATHS) as Scope[]).find((k) => SCOPE_PATHS[k] === target.pathname) : scope;
  const adNumber = adNumberOf(params) ?? 0;
  const parsed = parseEstateFilter(params, lookups, { required: [], scope: pageScope });
  if (Object.keys(parsed.errors).length) throw new Error(`${name}: ${JSON.stringify(parsed.errors)}`);
  // As the results page asks: the page of results, then the similar listings when it shows them (showsSimilar).
  const call = async (): Promise<{ total: number; more: boolean; counted: boolean } | number | null> => {
    if (adNumber !== 0) return estateIdByAdNumber(db, adNumber);
    const result = await searchEstates(db, parsed.filter, parsed.page ?? 1, "ar");
    if (showsSimilar(parsed.filter, result))
      await similarEstates(db, parsed.filter, "ar", { limit: 6, excludeIds: result.items.map((e) => e.id) });
    return result;
  };
  for (let i = 0; i < warmup; i++) await call();
  const whole: number[] = [];
  const each: number[] = [];
  const perStatement: number[][] = [];
  let results = "";
  let cut = 0;
  for (let i = 0; i < runs; i++) {
    statements = [];
    // Each run counts as the first visitor of the search does: a cut count is remembered for a minute (decision 056).
    forgetCutCounts();
    const started = performance.now();
    const result = await call();
    whole.push(performance.now() - started);
    if (result && typeof result === "object" && !result.counted) cut++;
    statements.forEach((s, k) => {
      each.push(s.ms);
      (perStatement[k] ??= []).push(s.ms);
    });
    if (i === 0) {
      results =
        typeof result === "number" || result === null
          ? `listing ${result}`
          : !result.counted
            ? `not counted in time: ${result.total} shown, more follow`
            : `${result.more ? "over " : ""}${result.total.toLocaleString("en")}`;
      explained.push({ name, statements: statements.map(({ text, values }) => ({ text, values })) });
    }
  }
  const worst = Math.max(...perStatement.map((v) => percentile(v, 95)));
  if (detail)
    details.push(
      `${name}: ${perStatement.map((v, k) => `${(explained.at(-1)?.statements[k]?.text ?? "").replace(/\s+/g, " ").slice(0, 40)}… p95 ${ms(percentile(v, 95))}`).join("; ")}`,
    );
  slowest.push(worst);
  const line = `| ${name} | ${results} | ${perStatement.length} | ${ms(percentile(each, 50))} | ${ms(percentile(each, 95))} | ${ms(worst)} | ${ms(percentile(whole, 50))} | ${ms(percentile(whole, 95))} | ${adNumber ? "" : `${cut} of ${runs}`} |`;
  // Every page: the table comes from the slowest down, after all are measured.
  if (everyPage) rows.push({ worst, line });
  else console.log(line);
}
for (const { line } of rows.sort((a, b) => b.worst - a.worst)) console.log(line);

// Reading the typed words (decision 084: filter words, clitics, places, amounts): typedSearchAddressWith, in Node
// only, for every search of words above and every query of the relevance file (typed in the search box of /estates),
// 1,000 times each after 100 warm-up calls.
const typedSearches = [
  ...measured.filter(([, search]) => new URLSearchParams(search).get("q")),
  ...(only === undefined ? QUERIES.map(([q]): [string, string, Scope?] => [q, `is_simple=0&${words(q)}`]) : []),
];
const parseTimes: number[] = [];
for (const [, search, scope] of typedSearches) {
  const address = new URL(`${SCOPE_PATHS[scope ?? "all"]}?${search}`, "http://localhost");
  for (let i = 0; i < 1100; i++) {
    const started = performance.now();
    typedSearchAddressWith(address, lookups, scope ?? "all");
    if (i >= 100) parseTimes.push(performance.now() - started);
  }
}
// The nearest searches of an empty result (decision 084), for the same words, 100 times each after 10 warm-up calls.
const nearTimes: number[] = [];
for (const [, search] of typedSearches) {
  const q = new URLSearchParams(search).get("q")!;
  for (let i = 0; i < 110; i++) {
    const started = performance.now();
    nearestQueries(q, lookups);
    if (i >= 10) nearTimes.push(performance.now() - started);
  }
}
if (parseTimes.length) {
  console.log(
    `\nreading typed words (typedSearchAddressWith) over ${typedSearches.length} searches (with the relevance file's ${QUERIES.length} queries unless --only) × 1,000: p50 ${percentile(parseTimes, 50).toFixed(3)} ms, ` +
      `p95 ${percentile(parseTimes, 95).toFixed(3)} ms, p99 ${percentile(parseTimes, 99).toFixed(3)} ms, max ${parseTimes.reduce((a, b) => Math.max(a, b), 0).toFixed(3)} ms`,
  );
  console.log(
    `nearest searches (nearestQueries) of the same words × 100: p50 ${percentile(nearTimes, 50).toFixed(3)} ms, p95 ${percentile(nearTimes, 95).toFixed(3)} ms`,
  );
}
// The place finder (decision 095): findPlaces among every locality, in Node, for names typed as people type them
// (a few letters, a whole name, Latin spellings), 1,000 times each after 100 warm-up calls (the first builds its index).
const finderNames = ["رنك", "رنكوس", "عسال الورد", "كفر", "تل", "Rankus", "Kassab", "Zabad", "Tal", "al-"];
const finderTimes: number[] = [];
for (const name of finderNames) {
  for (let i = 0; i < 1100; i++) {
    const started = performance.now();
    findPlaces(lookups, name, /[a-z]/i.test(name) ? "en" : "ar", { limit: 50 });
    if (i >= 100) finderTimes.push(performance.now() - started);
  }
}
console.log(
  `\nthe place finder (findPlaces, ${lookups.locationById.size.toLocaleString("en")} places) over ${finderNames.length} names × 1,000: ` +
    `p50 ${percentile(finderTimes, 50).toFixed(3)} ms, p95 ${percentile(finderTimes, 95).toFixed(3)} ms, max ${Math.max(...finderTimes).toFixed(3)} ms`,
);

// The results' map with JavaScript (decision 095: /map.json): the search's listings counted by place, uncached, for a
// village, a governorate and the whole country, 20 times each after 2 warm-up calls.
if (!everyPage && only === undefined) {
  const mapSearches: [string, string][] = [
    ["a village (Rankous)", placeSearches(lookups)[0][1]],
    ["Mezzeh, flats for sale", "location_id=1&estate_type_id=6&estate_offer_type_id=1"],
    ["Damascus as a whole, flats for sale", "governorate_id=1&estate_type_id=6&estate_offer_type_id=1"],
    ["Aleppo as a whole, everything", "is_simple=0&governorate_id=2"],
    ["whole country, flats for sale", "estate_type_id=6&estate_offer_type_id=1"],
    ["whole country, everything", "is_simple=0"],
  ];
  console.log("\n| map of a search (/map.json) | places | cut | p50 ms | p95 ms |\n|---|---|---|---|---|");
  for (const [name, search] of mapSearches) {
    const times: number[] = [];
    let shown = "";
    for (let i = 0; i < 22; i++) {
      const started = performance.now();
      const map = await searchMap(db, new URLSearchParams(search), "ar");
      if (i >= 2) times.push(performance.now() - started);
      shown = `| ${name} | ${map.places.length}${map.more ? "+" : ""} | ${map.cut ? "yes" : "no"} |`;
    }
    console.log(`${shown} ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`);
  }
}

// Finding a post's duplicates (decision 099: at most 200 ms at 1,000,000 listings), as the review page and publication
// run it: findDuplicates of 20 flats for sale in Mezzeh (the busiest place, type and offer of the seed) and 20 listings
// spread over the table (every 25,000th id), `runs` times each (at most 20) after 2 warm-up calls. With `--only
// duplicates`, only this is measured after the typed words and the place finder.
if (!everyPage && (only === undefined || only === "duplicates")) {
  const subjects = (
    await pool.query(
      `(select id from estates where status = 'approved' and location_id = 1 and estate_type_id = 6 and estate_offer_type_id = 1 order by id limit 20)
       union all (select id from estates where status = 'approved' and id % 25000 = 0 order by id limit 20)`,
    )
  ).rows.map((r: { id: number }) => Number(r.id));
  const whole: number[] = [];
  const slowestOfCall: number[] = [];
  let found = 0;
  for (const id of subjects) {
    for (let i = 0; i < 2; i++) await findDuplicates(db, id);
    for (let i = 0; i < Math.min(runs, 20); i++) {
      statements = [];
      const started = performance.now();
      const duplicates = await findDuplicates(db, id);
      whole.push(performance.now() - started);
      slowestOfCall.push(Math.max(...statements.map((st) => st.ms)));
      if (i === 0) found += duplicates.length;
    }
  }
  console.log(
    `\nfinding a post's duplicates (findDuplicates) of ${subjects.length} listings × ${Math.min(runs, 20)}: whole call p50 ${ms(percentile(whole, 50))} ms, ` +
      `p95 ${ms(percentile(whole, 95))} ms, max ${ms(Math.max(...whole))} ms; a call's slowest statement p50 ${ms(percentile(slowestOfCall, 50))} ms, p95 ${ms(percentile(slowestOfCall, 95))} ms; ` +
      `${found} likely duplicates found`,
  );
}

console.log(
  `\nslowest statement p95 over all searches: ${ms(Math.max(...slowest))} ms; median of the searches' slowest-statement p95: ${ms(percentile(slowest, 50))} ms; ` +
    `${slowest.filter((v) => v > 5).length} of ${slowest.length} searches over 5 ms`,
);

if (detail) console.log(`\n${details.join("\n")}`);

if (explain) {
  for (const { name, statements: list } of explained) {
    console.log(`\n#### ${name}\n`);
    // The statements that read, each as it ran: a count after the budget's settings is explained under them, in a
    // transaction of its own (decision 043), and one that the budget stops is reported as stopped.
    let settings: { text: string; values: unknown[] } | null = null;
    for (const { text, values } of list) {
      if (text.includes("set_config")) settings = { text, values };
      if (!/^\s*(select|with)\b/i.test(text) || text.includes("set_config")) continue;
      const client = await pool.connect();
      const started = performance.now();
      try {
        await client.query("begin");
        if (settings && /^\s*select count/i.test(text)) await client.query(settings);
        const plan = (await client.query({ text: `explain (analyze, buffers, costs off) ${text}`, values })).rows as {
          "QUERY PLAN": string;
        }[];
        console.log("```");
        console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
        console.log("```");
      } catch (error) {
        if ((error as { code?: string }).code !== "57014") throw error;
        console.log(
          `\`\`\`\n${text.slice(0, 60)}…\nstopped by its statement_timeout after ${ms(performance.now() - started)} ms\n\`\`\``,
        );
      } finally {
        await client.query("rollback");
        client.release();
      }
      if (/^\s*select count/i.test(text)) settings = null;
    }
  }
}
await pool.end();
