import { expectPriceAgainstMedian } from "./prices";
import { estateCards, expect, expectLanguage, fill, LANGS, T, test, visit } from "./support";

/**
 * The search of decisions 024 and 027 in every browser project, with and without JavaScript: flats for sale in a
 * whole governorate in US dollars with a highest price, sorted by price, then a listing's price per m² read against
 * its area's median; a listing found by its ad number.
 */
for (const lang of LANGS) {
  const { c } = T[lang];
  const s = c.search as typeof c.search & {
    f: Record<string, string>;
    sort: Record<string, string>;
    chip: Record<string, string>;
    applied: string;
  };

  test.describe(`search filters (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
    });

    test("a whole governorate in USD with a highest price, sorted by price, then a listing's price per m² against its area's median", async ({
      page,
    }, testInfo) => {
      await visit(page, "/advanced-search", testInfo.project.name);
      await expectLanguage(page, lang);
      const form = page.getByRole("search", { name: s.title });
      const place = form.getByRole("combobox", { name: s.location });
      // The first governorate as a whole: "Damascus, all areas"; flats (type 6) for sale (offer 1).
      const whole = place.locator('option[value^="g"]').first();
      const value = (await whole.getAttribute("value"))!;
      await place.selectOption(value);
      await form.getByRole("combobox", { name: s.estateType }).selectOption("6");
      // Sale is the offer type chosen by default.
      await expect(form.getByRole("radio", { name: s.saleTab })).toBeChecked();
      await form.getByRole("textbox", { name: s.f.price_max }).fill("150000");
      await form.getByRole("combobox", { name: s.f.currency }).selectOption("USD");
      await form.getByRole("combobox", { name: s.f.sort }).selectOption("price_asc");
      // The governorate option is sent as location_id=g<id>, which the server redirects to governorate_id=<id>.
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL((url) => {
        const q = url.searchParams;
        return (
          url.pathname === "/estates" &&
          q.get("governorate_id") === value.slice(1) &&
          q.get("estate_type_id") === "6" &&
          q.get("estate_offer_type_id") === "1" &&
          q.get("currency") === "USD" &&
          q.get("price_max") === "150000" &&
          q.get("sort") === "price_asc"
        );
      });
      // The results say what was asked: the governorate and the highest price in dollars, as removable links.
      const chips = page.getByRole("navigation", { name: s.applied });
      const price = lang === "en" ? "150,000 US$" : "150,000 دولار";
      await expect(chips.getByRole("link", { name: fill(s.chip.priceMax, { price }) })).toBeVisible();
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      // The form shows the chosen values again.
      await expect(page.getByRole("combobox", { name: s.f.sort })).toHaveValue("price_asc");
      // Cheapest first: the prices of the page, in SYP at the shown approximations, never go down.
      const inSyp = await cards.evaluateAll((list) =>
        list.map((card) => {
          const amounts = [...(card.textContent ?? "").matchAll(/(\d{1,3}(?:,\d{3})+|\d+)\s*(ل\.س|SYP|دولار|US\$)/g)];
          const syp = amounts.find((m) => m[2] === "ل.س" || m[2] === "SYP");
          return syp ? Number(syp[1].replace(/,/g, "")) : null;
        }),
      );
      const known = inSyp.filter((v): v is number => v !== null);
      expect(known.length).toBeGreaterThan(1);
      for (let i = 1; i < known.length; i++) expect(known[i]).toBeGreaterThanOrEqual(known[i - 1] * 0.99);
      const first = cards.first().locator('h3 a[href^="/estate/"]');
      const href = (await first.getAttribute("href"))!;
      await first.click();
      await expect(page).toHaveURL((url) => url.pathname === href.split("?")[0]);
      await expectLanguage(page, lang);
      await expectPriceAgainstMedian(page, lang);
    });

    test("an ad number typed in the search box opens its listing", async ({ page, request }, testInfo) => {
      // An ad number of a public listing: the one of the first listing of the index.
      const index = await (await request.get("/estates", { headers: { Cookie: `lang=${lang}` } })).text();
      const id = /href="\/estate\/(\d+)/.exec(index)![1];
      const listing = await (await request.get(`/estate/${id}`, { headers: { Cookie: `lang=${lang}` } })).text();
      const adNumber = /<bdi dir="ltr">(\d{5,})<\/bdi>/.exec(listing)![1];

      await visit(page, "/advanced-search", testInfo.project.name);
      const form = page.getByRole("search", { name: s.title });
      await form.getByRole("searchbox", { name: s.f.q }).fill(adNumber);
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/estate/${id}`);
      await expectLanguage(page, lang);
    });
  });
}
