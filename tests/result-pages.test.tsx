import { sql } from "drizzle-orm";
import pg from "pg";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { EstateResults } from "~/features/search/EstateResults";
import { Pagination } from "~/platform/ui/Pagination";
import type { Locale } from "~/platform/i18n/i18n";
import { PAGE_SIZE, searchEstates, type SearchResult } from "~/features/search/estate-search.server";
import { type EstateFilter } from "~/features/search/estate-filter.server";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import { useTestDatabase } from "./helpers/db";

/**
 * Pages of results: a search whose count is cut by its time budget (decision 043) still lists the right listings
 * and says which ones it shows; page links keep every filter of the search (the optional parameters of decision 024 too).
 */

const test = useTestDatabase();
const db = () => test.get().db;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The HTML of `element` rendered at `url` (path and query), as the server writes it, in `locale`. */
async function render(url: string, locale: Locale, element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslatorProvider>,
  );
}

/** The href of every page link of `html` (the `&amp;` of the markup read back as `&`). */
const pageLinks = (html: string) =>
  [...html.matchAll(/<a[^>]*class="page-link[^"]*"[^>]*href="([^"]*)"|<a[^>]*href="([^"]*)"[^>]*class="page-link/g)].map((m) =>
    (m[1] ?? m[2]).replace(/&amp;/g, "&"),
  );

/**
 * Runs `search` while another connection holds an ACCESS EXCLUSIVE lock on estates for `holdMs`: the count waits on
 * the lock past its budget and is cancelled; the page's own queries wait until the lock is let go.
 */
async function whileEstatesLocked<T>(holdMs: number, search: () => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: (test.get() as { url?: string }).url });
  await other.connect();
  try {
    await other.query("begin");
    await other.query("lock table estates in access exclusive mode");
    const release = new Promise<void>((resolve) => setTimeout(resolve, holdMs)).then(() => other.query("rollback"));
    const [result] = await Promise.all([search(), release]);
    return result;
  } finally {
    await other.end();
  }
}

const ALL: EstateFilter = { scope: "all" };

describe("a search's count within its time budget (decision 043)", () => {
  let counted: SearchResult;
  beforeAll(async () => {
    counted = await searchEstates(db(), ALL, 1, "en", { countMs: 0 });
    expect(counted.total).toBeGreaterThan(3 * PAGE_SIZE);
  });

  it("counts as without a budget when the count is quick (PGlite has no timer and always counts)", async () => {
    const budgeted = await searchEstates(db(), ALL, 1, "en", { countMs: 10_000 });
    expect(budgeted).toEqual(counted);
    expect(budgeted.counted).toBe(true);
  });

  it.runIf(onPostgres)("cut on PostgreSQL: the same listings, their range, and a next page", async () => {
    const cut = await whileEstatesLocked(400, () => searchEstates(db(), ALL, 1, "en", { countMs: 50 }));
    expect(cut.counted).toBe(false);
    expect(cut.items.map((e) => e.id)).toEqual(counted.items.map((e) => e.id));
    expect(cut).toMatchObject({ total: PAGE_SIZE, more: true, page: 1, pageCount: 2 });

    const third = await searchEstates(db(), ALL, 3, "en", { countMs: 0 });
    const cutThird = await whileEstatesLocked(400, () => searchEstates(db(), ALL, 3, "en", { countMs: 50 }));
    expect(cutThird.items.map((e) => e.id)).toEqual(third.items.map((e) => e.id));
    expect(cutThird).toMatchObject({ counted: false, total: 3 * PAGE_SIZE, more: true, page: 3, pageCount: 4 });
  });

  it.runIf(onPostgres)(
    "cut on PostgreSQL: matches that end on the page are counted after all; past the end is no page",
    async () => {
      // A search with a few matches: a place and a type with 2 to 12 approved listings.
      const answer = (await db().execute(sql`
      select location_id, estate_type_id from estates where status = 'approved'
      group by 1, 2 having count(*) between 2 and ${PAGE_SIZE} order by 1, 2 limit 1`)) as unknown as {
        rows: { location_id: number; estate_type_id: number }[];
      };
      const [pick] = answer.rows;
      const few: EstateFilter = { ...ALL, location_id: pick.location_id, estate_type_id: pick.estate_type_id };
      const exact = await searchEstates(db(), few, 1, "en", { countMs: 0 });
      expect(exact.total).toBeGreaterThan(0);
      expect(exact.total).toBeLessThanOrEqual(PAGE_SIZE);
      const cut = await whileEstatesLocked(400, () => searchEstates(db(), few, 1, "en", { countMs: 50 }));
      expect(cut).toEqual(exact);

      const past = await whileEstatesLocked(400, () => searchEstates(db(), few, 5, "en", { countMs: 50 }));
      expect(past).toMatchObject({ items: [], total: 0, pageCount: 0, counted: false });
    },
  );

  it("an uncounted page says which listings it shows, in Arabic and English, and links to the next page", async () => {
    const second = await searchEstates(db(), ALL, 2, "en", { countMs: 0 });
    const result: SearchResult = { ...second, total: 2 * PAGE_SIZE, more: true, pageCount: 3, counted: false };
    const url = "/estates?governorate_id=1&sort=price_asc&page=2";
    const en = await render(url, "en", <EstateResults result={result} similar={[]} invalid={false} notice="" />);
    expect(en).toContain(`Matching properties 13 to 24, and more`);
    const ar = await render(url, "ar", <EstateResults result={result} similar={[]} invalid={false} notice="" />);
    expect(ar).toContain(`العقارات المطابقة من 13 إلى 24، وهناك المزيد`);
    expect(pageLinks(en)).toContain("/estates?governorate_id=1&sort=price_asc&page=3");
    expect(pageLinks(en)).not.toContain("/estates?governorate_id=1&sort=price_asc&page=4");
  });
});

describe("page links", () => {
  it("keep every filter of the search and the language, drop an open dialog, and number the page", async () => {
    const url =
      "/estates?governorate_id=2&estate_type_id=6&price_max=100000&currency=USD&sort=price_asc&q=pool&lang=en&page=2&dialog=login&for=save&estate_id=7";
    const links = pageLinks(await render(url, "en", <Pagination page={2} pageCount={3} />));
    const kept = "governorate_id=2&estate_type_id=6&price_max=100000&currency=USD&sort=price_asc&q=pool&lang=en";
    expect(links).toEqual([`/estates?${kept}`, `/estates?${kept}`, `/estates?${kept}&page=3`, `/estates?${kept}&page=3`]);
  });

  it("of an admin list keep its words", async () => {
    const links = pageLinks(await render("/admin/offices?q=Omar", "ar", <Pagination page={1} pageCount={2} />));
    expect(links).toEqual(["/admin/offices?q=Omar&page=2", "/admin/offices?q=Omar&page=2"]);
  });
});
