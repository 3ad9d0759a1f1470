import { estateCards, expect, expectLanguage, fill, LANGS, T, test, visit } from "./support";

/**
 * Issue 13's search (decision 024) in every browser project, with and without JavaScript: a whole governorate in US
 * dollars with a highest price, sorted by price, then a listing opened; a listing found by its ad number.
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

    test("a whole governorate in USD with a highest price, sorted by price, then a listing", async ({ page }, testInfo) => {
      await visit(page, "/advanced-search", testInfo.project.name);
      await expectLanguage(page, lang);
      const form = page.getByRole("search", { name: s.title });
      const place = form.getByRole("combobox", { name: s.location });
      // The first governorate as a whole: "Damascus, all areas".
      const whole = place.locator('option[value^="g"]').first();
      const value = (await whole.getAttribute("value"))!;
      await place.selectOption(value);
      await form.getByRole("textbox", { name: s.f.price_max }).fill("2000000");
      await form.getByRole("combobox", { name: s.f.currency }).selectOption("USD");
      await form.getByRole("combobox", { name: s.f.sort }).selectOption("price_asc");
      // The governorate option is sent as location_id=g<id>, which the server redirects to governorate_id=<id>.
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL((url) => {
        const q = url.searchParams;
        return (
          url.pathname === "/estates" &&
          q.get("governorate_id") === value.slice(1) &&
          q.get("currency") === "USD" &&
          q.get("price_max") === "2000000" &&
          q.get("sort") === "price_asc"
        );
      });
      // The results say what was asked: the governorate and the highest price in dollars, as removable links.
      const chips = page.getByRole("navigation", { name: s.applied });
      const price = lang === "en" ? "2,000,000 US$" : "2,000,000 دولار";
      await expect(chips.getByRole("link", { name: fill(s.chip.priceMax, { price }) })).toBeVisible();
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      // The form shows the chosen values again.
      await expect(page.getByRole("combobox", { name: s.f.sort })).toHaveValue("price_asc");
      const first = cards.first().locator('h3 a[href^="/estate/"]');
      const href = (await first.getAttribute("href"))!;
      await first.click();
      await expect(page).toHaveURL((url) => url.pathname === href.split("?")[0]);
      await expectLanguage(page, lang);
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
