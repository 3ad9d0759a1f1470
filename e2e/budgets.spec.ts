import { dismissAppPopup, estateCards, expect, fill, LANGS, populatedSearch, responseFor, T, test, visit } from "./support";

/**
 * Budgets that narrow (docs/decisions/087-typed-words-answered-where-typed.md), in every browser project (phone
 * 360x740 and desktop, JavaScript on and off) and both languages: the highest price with its currency on the results'
 * first line, set without opening "Edit search", its chip removable, the first result still on a phone's first screen;
 * the price bands of each offer type in new pounds on the home search, a rent band finding rents, and a band of the
 * other offer type refused beside its field.
 */
for (const lang of LANGS) {
  const { c } = T[lang];
  const s = c.search as typeof c.search & {
    f: Record<string, string>;
    chip: Record<string, string>;
    errors: Record<string, string>;
    budgetApply: string;
  };

  test.describe(`budgets (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("the highest price and its currency on the results' first line, without Edit search; its chip removes it", async ({
      page,
      request,
    }, testInfo) => {
      const project = testInfo.project.name;
      const { location, type, offer } = await populatedSearch(request);
      await visit(page, `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}`, project);
      const main = page.getByRole("main");
      // The form behind "Edit search" is closed, and the budget is on the line of the count.
      await expect(main.getByRole("combobox", { name: s.location })).toBeHidden();
      const highest = main.getByRole("textbox", { name: s.f.price_max });
      const currency = main.getByRole("combobox", { name: s.f.currency });
      await expect(highest).toBeVisible();
      await expect(currency).toBeVisible();
      await expect(main.getByRole("textbox", { name: s.f.price_max })).toHaveCount(1);
      const { height } = page.viewportSize()!;
      expect((await estateCards(page).first().boundingBox())!.y, "the first result on the first screen").toBeLessThan(height);

      await highest.fill("60000");
      await currency.selectOption("USD");
      const response = responseFor(page, "/estates");
      await main.getByRole("button", { name: s.budgetApply, exact: true }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("price_max") === "60000" &&
          url.searchParams.get("currency") === "USD" &&
          url.searchParams.get("location_id") === location &&
          url.searchParams.get("estate_type_id") === type,
      );
      const price = lang === "en" ? "60,000 US$" : "60,000 دولار";
      const chip = page
        .getByRole("navigation", { name: s.applied, exact: true })
        .getByRole("link", { name: fill(s.chip.priceMax, { price }) });
      await expect(chip).toBeVisible();
      // The line shows the budget asked, ready to change.
      await expect(main.getByRole("textbox", { name: s.f.price_max })).toHaveValue("60000");
      await expect(main.getByRole("combobox", { name: s.f.currency })).toHaveValue("USD");
      await chip.click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("price_max") && url.searchParams.get("location_id") === location,
      );
      await expect(main.getByRole("textbox", { name: s.f.price_max })).toHaveValue("");
    });

    test("the home search's price bands by offer type in new pounds: a rent band finds rents, another offer type's is refused", async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/", project);
      const form = page.getByRole("search", { name: s.title });
      const bands = form.getByRole("combobox", { name: s.priceRange });
      // Two groups, Buy and Rent, of four bands each, every band named in new pounds.
      await expect(bands.locator("optgroup")).toHaveCount(2);
      await expect(bands.locator(`optgroup[label="${s.saleTab}"] option`)).toHaveCount(4);
      await expect(bands.locator(`optgroup[label="${s.rentTab}"] option`)).toHaveCount(4);
      const unit = lang === "en" ? "new pounds" : "ليرة جديدة";
      for (const text of await bands.locator("optgroup option").allTextContents()) expect(text).toContain(unit);

      // Rent, in the first place of the list, with the rent band of 15,000 to 50,000 new pounds: the rent tab's search
      // is the long-term rents' page (decision 084), the band kept.
      await form.getByRole("radio", { name: s.rentTab }).check();
      const band = lang === "en" ? "15,000 to 50,000 new pounds" : "من 15,000 إلى 50,000 ليرة جديدة";
      await bands.selectOption({ label: band });
      await form.getByRole("combobox", { name: s.location }).selectOption("1");
      await form.getByRole("combobox", { name: s.estateType }).selectOption("6");
      let response = responseFor(page, "/rent-properties");
      await form.getByRole("button", { name: s.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) => url.pathname === "/rent-properties" && url.searchParams.get("price_domain_id") === "7",
      );
      await expect(
        page.getByRole("navigation", { name: s.applied, exact: true }).getByRole("link", { name: band }),
      ).toBeVisible();

      // The same band with Buy: refused beside its field, the form open with every value.
      await visit(page, "/", project);
      await form.getByRole("radio", { name: s.saleTab }).check();
      await bands.selectOption({ label: band });
      await form.getByRole("combobox", { name: s.location }).selectOption("1");
      await form.getByRole("combobox", { name: s.estateType }).selectOption("6");
      response = responseFor(page, "/estates");
      await form.getByRole("button", { name: s.submit }).click();
      expect((await response).status()).toBe(400);
      const refused = page.getByRole("search", { name: s.title });
      await expect(refused.getByText(s.errors.priceBand)).toBeVisible();
      await expect(refused.getByRole("combobox", { name: s.priceRange })).toHaveValue("7");
    });
  });
}
