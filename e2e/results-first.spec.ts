import {
  dismissAppPopup,
  editSearch,
  estateCards,
  expect,
  expectLanguage,
  fill,
  LANGS,
  populatedSearch,
  responseFor,
  T,
  test,
  visit,
} from "./support";

/**
 * Results first (docs/decisions/058-results-first.md), in every browser project (phone 360x740 and desktop 1280x800,
 * JavaScript on and off) and both languages: the first result starts on the first screen of every results page; the
 * search above them is a line of chips and "Edit search", and only that line sticks, within a third of the screen; "Edit
 * search" opens the whole form, whose search keeps its values; chips remove their filter; sort sits beside the count.
 */

/**
 * The most a results page's sticky line may take: a third of a 740 px phone screen. Decision 058 held it to 120 px on
 * one line; decision 086 lets its chips wrap, so that every filter asked shows (four chips take three lines beside
 * "Edit search" on a 360 px phone, 200 px in English).
 */
const STICKY_MAX = 740 / 3;

for (const lang of LANGS) {
  const { c } = T[lang];
  const s = c.search as typeof c.search & {
    f: Record<string, string>;
    chip: Record<string, string>;
    sort: Record<string, string>;
  };

  test.describe(`results first (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("the first result starts on the first screen of every results page", async ({ page, request }, testInfo) => {
      const { location, type, offer } = await populatedSearch(request);
      const paths = [
        `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&price_domain_id=`,
        "/estates",
        `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&is_simple=0&area_min=1&sort=price_asc`,
        "/rent-properties",
        "/vacation-properties",
      ];
      const { height } = page.viewportSize()!;
      for (const path of paths) {
        await visit(page, path, testInfo.project.name);
        const first = estateCards(page).first();
        await expect(first).toBeVisible();
        const box = (await first.boundingBox())!;
        expect(box.y, `top of the first result of ${path}`).toBeLessThan(height);
      }
      // Offices found by place: the first office too.
      await visit(page, "/offices", testInfo.project.name);
      const place = page.getByRole("search", { name: c.offices.searchTitle }).getByRole("combobox", { name: c.offices.place });
      const firstPlace = (await place.locator("option").nth(1).getAttribute("value"))!;
      await visit(page, `/officesResult?searchselected=1&location_id=${firstPlace}`, testInfo.project.name);
      const office = page.getByRole("main").getByRole("article").first();
      await expect(office).toBeVisible();
      expect((await office.boundingBox())!.y).toBeLessThan(height);
    });

    test("only the line of chips and Edit search sticks, every chip in view, within a third of a phone's screen", async ({
      page,
      request,
    }, testInfo) => {
      const { location, type, offer } = await populatedSearch(request);
      await visit(
        page,
        `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&area_min=1`,
        testInfo.project.name,
      );
      await expectLanguage(page, lang);
      const chips = page.getByRole("navigation", { name: s.applied });
      const edit = page.locator("summary", { hasText: s.edit });
      // The form is closed: none of its fields is shown.
      await expect(page.getByRole("combobox", { name: s.location })).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: 1600, behavior: "instant" }));
      await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
      // Scrolled past the title, the line is still at the top of the screen, chips and Edit search in it: the chips
      // wrap, so every one of them shows (decision 086).
      await expect(edit).toBeInViewport();
      await expect(chips.getByRole("link")).toHaveCount(4);
      for (const chip of await chips.getByRole("link").all()) await expect(chip).toBeInViewport({ ratio: 1 });
      await expect(chips.getByRole("link", { name: fill(s.chip.areaMin, { n: 1 }) })).toBeInViewport();
      const line = page.locator(".search-bar");
      const box = (await line.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(STICKY_MAX);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(STICKY_MAX + 100);
    });

    test("Edit search opens the whole form and its search keeps every value", async ({ page, request }, testInfo) => {
      const project = testInfo.project.name;
      const { location, type, offer } = await populatedSearch(request);
      await visit(
        page,
        `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&price_domain_id=`,
        project,
      );
      const form = await editSearch(page, lang);
      // The whole form: tabs, the simple filter's selects, the optional fields and "more filters".
      await expect(form.getByRole("radio", { name: s.saleTab })).toBeChecked();
      await expect(form.getByRole("combobox", { name: s.location })).toHaveValue(location);
      await expect(form.getByRole("combobox", { name: s.estateType })).toHaveValue(type);
      await expect(form.getByRole("combobox", { name: s.priceRange })).toBeVisible();
      await expect(form.getByRole("searchbox", { name: s.f.q })).toBeVisible();
      await form.locator("summary", { hasText: s.more }).click();
      await form.getByRole("textbox", { name: s.f.area_min }).fill("1");
      const response = responseFor(page, "/estates");
      await form.getByRole("button", { name: s.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL((url) => {
        const q = url.searchParams;
        return (
          q.get("location_id") === location &&
          q.get("estate_type_id") === type &&
          q.get("estate_offer_type_id") === offer &&
          q.get("area_min") === "1"
        );
      });
      // The new search is a line again, its chip says the new filter, and the form behind it keeps every value.
      await expect(page.getByRole("combobox", { name: s.location })).toBeHidden();
      const chips = page.getByRole("navigation", { name: s.applied });
      await expect(chips.getByRole("link", { name: fill(s.chip.areaMin, { n: 1 }) })).toBeVisible();
      const again = await editSearch(page, lang);
      await expect(again.getByRole("combobox", { name: s.location })).toHaveValue(location);
      await expect(again.getByRole("combobox", { name: s.estateType })).toHaveValue(type);
      await expect(again.getByRole("textbox", { name: s.f.area_min })).toHaveValue("1");
    });

    test("a chip removes its filter, and the sort beside the count keeps the search", async ({ page, request }, testInfo) => {
      const project = testInfo.project.name;
      const { location, type, offer } = await populatedSearch(request);
      await visit(
        page,
        `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&area_min=1`,
        project,
      );
      const chips = page.getByRole("navigation", { name: s.applied });
      const area = chips.getByRole("link", { name: fill(s.chip.areaMin, { n: 1 }) });
      await expect(chips.getByRole("link")).toHaveCount(4);
      await area.click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("area_min") && url.searchParams.get("location_id") === location,
      );
      await expect(area).toHaveCount(0);
      await expect(chips.getByRole("link")).toHaveCount(3);

      // Sort, beside the count, belongs to the search: the search is sent again with it.
      const sort = page.getByRole("combobox", { name: s.f.sort });
      await expect(sort).toBeVisible();
      await expect(page.getByRole("status")).toBeVisible();
      await sort.selectOption("price_asc");
      const response = responseFor(page, "/estates");
      await page.getByRole("button", { name: s.sortApply }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("sort") === "price_asc" &&
          url.searchParams.get("location_id") === location &&
          url.searchParams.get("estate_type_id") === type,
      );
      await expect(page.getByRole("combobox", { name: s.f.sort })).toHaveValue("price_asc");
      await expect(estateCards(page).first()).toBeVisible();
    });
  });
}
