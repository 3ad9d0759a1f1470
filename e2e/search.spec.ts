import {
  dismissAppPopup,
  editSearch,
  estateCards,
  expect,
  expectLanguage,
  fill,
  foundCount,
  foundPattern,
  LANGS,
  literal,
  mainMenu,
  populatedSearch,
  responseFor,
  T,
  test,
  visit,
} from "./support";

for (const lang of LANGS) {
  const { c } = T[lang];
  const found = foundPattern(lang);

  test.describe(`search (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("the home hero search arrives on /estates with results and keeps the chosen values", async ({
      page,
      request,
    }, testInfo) => {
      const project = testInfo.project.name;
      const values = await populatedSearch(request);
      await visit(page, "/", project);
      await expectLanguage(page, lang);

      const search = page.getByRole("search", { name: c.search.title });
      // The tabs switch the offer type; sale is the default.
      await search.getByRole("radio", { name: c.search.rentTab }).check();
      await expect(search.getByRole("radio", { name: c.search.saleTab })).not.toBeChecked();
      await search.getByRole("radio", { name: c.search.saleTab }).check();
      await search.getByRole("combobox", { name: c.search.location }).selectOption(values.location);
      await search.getByRole("combobox", { name: c.search.estateType }).selectOption(values.type);

      const response = responseFor(page, "/estates");
      await search.getByRole("button", { name: c.search.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL((url) => {
        const q = url.searchParams;
        return (
          url.pathname === "/estates" &&
          q.get("location_id") === values.location &&
          q.get("estate_type_id") === values.type &&
          q.get("estate_offer_type_id") === "1"
        );
      });
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: c.search.resultsTitle })).toBeVisible();

      // "Matching properties: N", and N cards on this one page.
      const status = page.getByRole("status").filter({ hasText: found });
      await expect(status).toBeVisible();
      const total = foundCount((await status.textContent())!, lang)!;
      expect(total).toBeGreaterThan(0);
      const results = page.getByRole("main");
      const similar = page.getByRole("region", { name: c.search.similar });
      const similarCount = await estateCards(page, similar).count();
      await expect(estateCards(page, results)).toHaveCount(Math.min(total, 12) + similarCount);
      // Every card is a listing of the chosen offer type.
      const firstCard = estateCards(page, results).first();
      await expect(firstCard.getByRole("heading")).toContainText(c.card.titleSale.replace(/\{\{\w+\}\}/g, "").trim());

      // The filter on the results page, behind "Edit search", keeps what was chosen.
      const filter = await editSearch(page, lang);
      await expect(filter.getByRole("combobox", { name: c.search.location })).toHaveValue(values.location);
      await expect(filter.getByRole("combobox", { name: c.search.estateType })).toHaveValue(values.type);
      await expect(filter.getByRole("radio", { name: c.search.saleTab })).toBeChecked();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(mainMenu(page, lang)).toBeAttached();
    });

    test("a search with the required fields empty answers 400 with the messages and keeps the chosen values", async ({
      page,
      request,
    }, testInfo) => {
      const project = testInfo.project.name;
      const values = await populatedSearch(request);
      await visit(page, "/", project);

      // Type chosen, location left empty, rent tab chosen.
      const search = page.getByRole("search", { name: c.search.title });
      await search.getByRole("radio", { name: c.search.rentTab }).check();
      await search.getByRole("combobox", { name: c.search.estateType }).selectOption(values.type);
      await search.getByRole("combobox", { name: c.search.priceRange }).selectOption("3");
      const response = responseFor(page, "/estates");
      await search.getByRole("button", { name: c.search.submit }).click();
      expect((await response).status()).toBe(400);
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("location_id") === "");
      await expectLanguage(page, lang);

      await expect(page.getByRole("alert")).toHaveText(c.search.requiredToast);
      const filter = page.getByRole("search", { name: c.search.title });
      const location = filter.getByRole("combobox", { name: c.search.location });
      await expect(location).toHaveAttribute("aria-invalid", "true");
      await expect(location).toHaveAccessibleDescription(c.search.errors.required);
      await expect(filter.getByText(c.search.errors.required)).toHaveCount(1);
      await expect(filter.getByRole("combobox", { name: c.search.estateType })).toHaveValue(values.type);
      await expect(filter.getByRole("combobox", { name: c.search.estateType })).not.toHaveAttribute("aria-invalid", "true");
      await expect(filter.getByRole("combobox", { name: c.search.priceRange })).toHaveValue("3");
      await expect(filter.getByRole("radio", { name: c.search.rentTab })).toBeChecked();
      await expect(estateCards(page)).toHaveCount(0);

      // Completing the form from here finds results.
      await filter.getByRole("radio", { name: c.search.saleTab }).check();
      await location.selectOption(values.location);
      await filter.getByRole("combobox", { name: c.search.priceRange }).selectOption("");
      const second = responseFor(page, "/estates");
      await filter.getByRole("button", { name: c.search.submit }).click();
      expect((await second).status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: found })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);

      // Every required field empty: three messages beside the three fields.
      await visit(page, "/estates?location_id=&estate_type_id=&estate_offer_type_id=&price_domain_id=", project, 400);
      await expect(page.getByRole("alert")).toHaveText(c.search.requiredToast);
      await expect(page.getByRole("search", { name: c.search.title }).getByText(c.search.errors.required)).toHaveCount(3);
      await expect(page.getByRole("group", { name: c.search.offerType })).toHaveAttribute("aria-invalid", "true");
      for (const name of [c.search.location, c.search.estateType]) {
        await expect(page.getByRole("combobox", { name })).toHaveAccessibleDescription(c.search.errors.required);
      }
    });

    test("results are paged: page 2 through its link, then the next page, the current one marked", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/", project);
      // The home page's link to every listing lands on the full list, not on an error.
      const response = responseFor(page, "/estates");
      await page.getByRole("region", { name: c.home.latestListings }).getByRole("link", { name: c.home.allListings }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL((url) => url.pathname === "/estates");
      await expect(page.getByRole("alert")).toHaveCount(0);
      const status = page.getByRole("status").filter({ hasText: found });
      await expect(status).toBeVisible();
      const total = foundCount((await status.textContent())!, lang)!;
      expect(total).toBeGreaterThan(24);
      await expect(estateCards(page)).toHaveCount(12);

      const pagination = page.getByRole("navigation", { name: c.pagination.label });
      await expect(pagination.locator('[aria-current="page"]')).toHaveText("1");
      await expect(pagination.getByRole("link", { name: c.pagination.previous })).toHaveCount(0);
      const lastPage = Math.ceil(total / 12);
      await expect(
        pagination.getByRole("link", { name: fill(c.pagination.page, { page: lastPage }), exact: true }),
      ).toHaveAttribute("href", `/estates?page=${lastPage}`);
      const firstIds = await estateCards(page)
        .getByRole("heading")
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));

      await pagination.getByRole("link", { name: fill(c.pagination.page, { page: 2 }), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("page") === "2");
      await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
      await expect(page).toHaveTitle(literal(fill(c.pagination.titleWithPage, { title: c.search.resultsTitle, page: 2 })));
      await expect(estateCards(page)).toHaveCount(12);
      const secondIds = await estateCards(page)
        .getByRole("heading")
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
      await expect(pagination.getByRole("link", { name: c.pagination.previous })).toHaveAttribute("href", "/estates");

      await pagination.getByRole("link", { name: c.pagination.next }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "3");
      await expect(pagination.locator('[aria-current="page"]')).toHaveText("3");
      await expectLanguage(page, lang);

      // A narrowed search keeps its filter in the page links.
      await visit(page, "/rent-properties?estate_type_id=6", project);
      await expect(page.getByRole("heading", { level: 1, name: c.listings.rentTitle })).toBeVisible();
      const rentPages = page.getByRole("navigation", { name: c.pagination.label });
      await rentPages.getByRole("link", { name: fill(c.pagination.page, { page: 2 }), exact: true }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/rent-properties" &&
          url.searchParams.get("estate_type_id") === "6" &&
          url.searchParams.get("page") === "2",
      );
      await expect(rentPages.locator('[aria-current="page"]')).toHaveText("2");
      await expect((await editSearch(page, lang)).getByRole("combobox", { name: c.search.estateType })).toHaveValue("6");
    });

    test("rent and vacation pages filter without tabs, every field optional", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      for (const [path, title] of [
        ["/rent-properties", c.listings.rentTitle],
        ["/vacation-properties", c.listings.vacationTitle],
      ] as const) {
        await visit(page, path, project);
        await expectLanguage(page, lang);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        const filter = await editSearch(page, lang);
        await expect(filter.getByRole("radio")).toHaveCount(0);
        await expect(filter.getByRole("combobox", { name: c.search.location })).toHaveValue("");
        await expect(page.getByRole("status").filter({ hasText: found })).toBeVisible();
        // Nothing chosen is still a valid search.
        const response = responseFor(page, path);
        await filter.getByRole("button", { name: c.search.submit }).click();
        expect((await response).status()).toBe(200);
        await expect(page.getByRole("status").filter({ hasText: found })).toBeVisible();
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(estateCards(page).first()).toBeVisible();
      }
    });
  });
}

test("bad search inputs answer 400 or 404, never a server error", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const { c } = T.ar;
  const notFound = page.getByRole("heading", { level: 1, name: c.notFound.title });

  for (const path of [
    "/estates?page=abc",
    "/estates?page=99999",
    "/estates?page=0",
    "/estates?page=-1",
    "/rent-properties?page=abc",
    "/vacation-properties?page=1.5",
  ]) {
    await visit(page, path, project, 404);
    await expect(notFound).toBeVisible();
    await expect(mainMenu(page, "ar")).toBeAttached();
  }

  // Values that are not in the lists: 400 with "choose a value from the list" beside the field.
  await visit(page, "/estates?location_id=abc&estate_type_id=6&estate_offer_type_id=1", project, 400);
  await expect(page.getByRole("alert")).toHaveText(c.search.requiredToast);
  await expect(page.getByRole("combobox", { name: c.search.location })).toHaveAccessibleDescription(c.search.errors.invalid);
  await visit(page, "/estates?location_id=1&estate_type_id=999&estate_offer_type_id=7&price_domain_id=x", project, 400);
  await expect(page.getByRole("search", { name: c.search.title }).getByText(c.search.errors.invalid)).toHaveCount(3);

  // A 5,000-character query string, as a filter value and as an unknown parameter.
  const long = "ع".repeat(2500) + "x".repeat(2500);
  for (const path of [
    `/estates?location_id=${encodeURIComponent(long)}&estate_type_id=1&estate_offer_type_id=1`,
    `/estates?q=${"x".repeat(5000)}`,
    `/rent-properties?location_id=${"9".repeat(5000)}`,
  ]) {
    const response = await page.goto(path);
    expect(response!.status(), path.slice(0, 40)).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: c.error.title })).toHaveCount(0);
  }
  // Tracking parameters alone are not a search: the full list, not an error.
  await visit(page, "/estates?utm_source=whatsapp&utm_medium=share", project, 200);
  await expect(page.getByRole("status").filter({ hasText: foundPattern("ar") })).toBeVisible();
});
