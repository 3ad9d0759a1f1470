import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { cardCache } from "~/features/listings/CachedEstateCard.server";
import { CardCacheContext, EstateGrid } from "~/features/listings/EstateCard";
import type { Locale } from "~/platform/i18n/i18n";
import type { EstateCard } from "~/features/listings/estate-card.server";
import { searchEstates } from "~/features/search/estate-search.server";
import { i18nFor, pageTranslator } from "~/platform/i18n/i18n.server";
import { estateTitle } from "~/features/listings/format";
import { escapeHtml } from "~/platform/http/html";
import { useTestDatabase } from "./helpers/db";

/**
 * Decision 033: a property card written from the server's card fragment cache is byte for byte what React writes for
 * the same card on the same page, so the browser hydrates it as its own, whatever the page's address (its dialog
 * links and the save form's way back hold it), the language, the account state and the data saver.
 */

const test = useTestDatabase();
const cards: Record<Locale, EstateCard[]> = { ar: [], en: [] };

beforeAll(async () => {
  for (const locale of ["ar", "en"] as const) {
    const { items } = await searchEstates(test.get().db, { scope: "all", with_photos: true }, 1, locale);
    const { items: noPhotos } = await searchEstates(test.get().db, { scope: "all" }, 2, locale);
    cards[locale] = [...items.slice(0, 4), ...noPhotos.slice(0, 4)];
  }
  expect(cards.ar.length).toBeGreaterThan(4);
});

type Root = { user: { first_name: string; admin: boolean } | null; savedIds: number[]; dataSaver: "on" | null };

/** A page at `url` (path and query) of a grid of `estates` under a root route with `root` as its loader data. */
async function page(url: string, locale: Locale, root: Root, estates: EstateCard[], cached: boolean): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => root,
      element: <Outlet />,
      children: [
        { id: "home", index: true, element: <EstateGrid estates={estates} /> },
        { id: "page", path: "*", element: <EstateGrid estates={estates} /> },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <CardCacheContext.Provider value={cached ? cardCache() : null}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CardCacheContext.Provider>
    </TranslatorProvider>,
  );
}

const visitor: Root = { user: null, savedIds: [], dataSaver: null };

describe("property cards from the card fragment cache (decision 033)", () => {
  const addresses = [
    "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=",
    "/estates?q=%D8%B4%D9%82%D8%A9+it's&sort=price_asc&dialog=login&for=save&estate_id=1",
    "/",
    "/office/3",
    "/rent-properties?page=2",
  ];

  it("are what React writes, at every address, in both languages, for a visitor, a user, a saved listing and the data saver", async () => {
    for (const locale of ["ar", "en"] as const) {
      const estates = cards[locale];
      const states: Root[] = [
        visitor,
        { user: { first_name: "Rana", admin: false }, savedIds: [], dataSaver: null },
        { user: { first_name: "Rana", admin: false }, savedIds: [estates[1].id, estates[5].id], dataSaver: null },
        { ...visitor, dataSaver: "on" },
      ];
      for (const url of addresses) {
        for (const root of states) {
          const plain = await page(url, locale, root, estates, false);
          expect(plain.match(/<article /g)).toHaveLength(estates.length);
          // Twice: the first fills the cache, the second is written from it.
          expect(await page(url, locale, root, estates, true), `${locale} ${url}`).toBe(plain);
          expect(await page(url, locale, root, estates, true), `${locale} ${url}`).toBe(plain);
        }
      }
    }
  });

  it("show each page its own address in the dialog links and the save form, and the state of this user", async () => {
    const estate = cards.en[0];
    const url = "/estates?estate_type_id=6&sort=price_asc";
    const user: Root = { user: { first_name: "Rana", admin: false }, savedIds: [estate.id], dataSaver: null };
    // Filled at one address, then written at another: the links are the second page's.
    await page("/", "en", user, [estate], true);
    const html = await page(url, "en", user, [estate], true);
    expect(html).toContain(`href="/estates?estate_type_id=6&amp;sort=price_asc&amp;dialog=report&amp;estate_id=${estate.id}"`);
    expect(html).toContain(`name="redirectTo" value="/estates?estate_type_id=6&amp;sort=price_asc"`);
    expect(html).toContain('name="is_saved" value="0"');
    expect(html).toContain('aria-pressed="true"');
    const other = await page("/", "en", visitor, [estate], true);
    expect(other).toContain(`href="/?dialog=login&amp;for=save&amp;estate_id=${estate.id}"`);
    expect(other).not.toContain("redirectTo");
    expect(other).not.toMatch(/\/page-[0-9a-f]{24}/);
  });

  it("give the first photo its alt text: the card's title, then the photo's number of the photos, in both languages", async () => {
    for (const locale of ["ar", "en"] as const) {
      const estate = cards[locale].find((e) => e.images.length > 1)!;
      // A place whose name holds what a replacement pattern would read ($&, $1) and quotes, written as it is.
      const odd = { ...estate, location: `Bab Touma $& $1 "it's"`, id: estate.id + 1_000_000 };
      for (const shown of [estate, odd]) {
        const html = await page("/", locale, visitor, [shown], true);
        const t = i18nFor(locale).getFixedT(locale);
        const title = estateTitle(t, shown);
        expect(title).toContain(shown.location);
        // The card holds its first photo only (decision 086); its count links to the gallery of all of them.
        shown.images.forEach((_, i) => {
          const alt = t("card.photoAlt", { title, n: i + 1, count: shown.images.length });
          expect(alt).toContain(title);
          if (i === 0) expect(html).toContain(`alt="${escapeHtml(alt)}"`);
          else expect(html).not.toContain(`alt="${escapeHtml(alt)}"`);
        });
        expect(html).toContain(`href="/estate-gallery/${shown.id}"`);
      }
    }
  });

  it("follow a change of the listing at once: the data is the key", async () => {
    const estate = cards.ar[0];
    await page("/", "ar", visitor, [estate], true);
    const changed = { ...estate, price: 123_456_789, priceNote: null };
    const html = await page("/", "ar", visitor, [changed], true);
    expect(html).toBe(await page("/", "ar", visitor, [changed], false));
    expect(html).toContain("123,456,789");
  });
});
