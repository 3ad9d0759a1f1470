import {
  dismissAppPopup,
  estateCards,
  expect,
  expectLanguage,
  fill,
  LANGS,
  literal,
  responseFor,
  T,
  templatePattern,
  test,
  visit,
} from "./support";

for (const lang of LANGS) {
  const { c } = T[lang];
  const officesFound = templatePattern(c.offices.found);

  test.describe(`offices (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("search by place and by name, then an office's page and its listings", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/offices", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: c.offices.title })).toBeVisible();

      // Every office as a card: name linking to its page, masked phone, counts.
      const allTitle = page.getByRole("heading", { level: 2, name: templatePattern(c.offices.all) });
      const officeCount = Number(templatePattern(c.offices.all).exec((await allTitle.textContent())!.trim())![1]);
      expect(officeCount).toBeGreaterThan(1);
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(officeCount);
      await expect(cards.first().getByRole("link").filter({ hasText: "•" })).toHaveAttribute(
        "href",
        /[?&]dialog=login&for=contact&office_id=\d+$/,
      );
      await expect(cards.first()).toContainText(c.offices.forSale);
      await expect(cards.first()).toContainText(c.offices.forRent);
      const firstName = (await cards.first().getByRole("heading", { level: 3 }).textContent())!.trim();
      const firstHref = (await cards.first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href"))!;

      // By place (the default tab): the first neighbourhood of the list.
      const form = page.getByRole("search", { name: c.offices.searchTitle });
      await expect(form.getByRole("radio", { name: c.offices.byPlace })).toBeChecked();
      const place = form.getByRole("combobox", { name: c.offices.place });
      const firstPlace = (await place.getByRole("option").nth(1).getAttribute("value"))!;
      await place.selectOption(firstPlace);
      let response = responseFor(page, "/officesResult");
      await form.getByRole("button", { name: c.offices.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/officesResult" &&
          url.searchParams.get("searchselected") === "1" &&
          url.searchParams.get("location_id") === firstPlace,
      );
      await expect(page.getByRole("heading", { level: 1, name: c.offices.resultsTitle })).toBeVisible();
      const byPlace = page.getByRole("status").filter({ hasText: officesFound });
      await expect(byPlace).toBeVisible();
      const placeCount = Number(officesFound.exec((await byPlace.textContent())!.trim())![1]);
      expect(placeCount).toBeGreaterThan(0);
      expect(placeCount).toBeLessThan(officeCount);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(placeCount);
      await expect(
        page.getByRole("search", { name: c.offices.searchTitle }).getByRole("combobox", { name: c.offices.place }),
      ).toHaveValue(firstPlace);

      // By name, from the results page's form: a word of the first office's name.
      const word = firstName.split(/\s+/).sort((a, b) => b.length - a.length)[0];
      const again = page.getByRole("search", { name: c.offices.searchTitle });
      await again.getByRole("radio", { name: c.offices.byName }).check();
      await again.getByRole("searchbox", { name: c.offices.name }).fill(word);
      response = responseFor(page, "/officesResult");
      await again.getByRole("button", { name: c.offices.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("searchselected") === "2" && url.searchParams.get("name") === word,
      );
      await expect(page.getByRole("status").filter({ hasText: officesFound })).toBeVisible();
      const match = page.getByRole("main").getByRole("heading", { level: 3, name: firstName, exact: true });
      await expect(match).toBeVisible();
      for (const title of await page
        .getByRole("main")
        .getByRole("article")
        .getByRole("heading", { level: 3 })
        .allTextContents()) {
        expect(title.toLowerCase()).toContain(word.toLowerCase());
      }
      await expect(
        page.getByRole("search", { name: c.offices.searchTitle }).getByRole("searchbox", { name: c.offices.name }),
      ).toHaveValue(word);
      await expect(
        page.getByRole("search", { name: c.offices.searchTitle }).getByRole("radio", { name: c.offices.byName }),
      ).toBeChecked();

      // A name that matches nothing says so and links back to every office.
      await visit(page, "/officesResult?searchselected=2&name=zzqqxx", project);
      await expect(page.getByRole("status")).toHaveText(c.offices.none);
      await expect(page.getByRole("link", { name: c.offices.seeAll })).toHaveAttribute("href", "/offices");

      // The office page: its card and newest listings, then all its listings, paged.
      await visit(page, "/offices", project);
      await page.getByRole("main").getByRole("link", { name: firstName, exact: true }).first().click();
      await expect(page).toHaveURL((url) => url.pathname === firstHref);
      await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
      await expect(page).toHaveTitle(literal(firstName));
      await expect(page.getByRole("heading", { level: 2, name: c.office.latest })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link").filter({ hasText: "•" }).first()).toBeVisible();
      const latest = page.getByRole("region", { name: c.office.latest });
      await expect(estateCards(page, latest)).toHaveCount(6);
      const allLink = latest.getByRole("link", { name: templatePattern(c.office.all) });
      const total = Number(templatePattern(c.office.all).exec((await allLink.textContent())!.trim())![1]);
      await allLink.click();
      const officeId = firstHref.split("/").pop();
      await expect(page).toHaveURL((url) => url.pathname === `/office-estates/${officeId}`);
      await expect(
        page.getByRole("heading", { level: 1, name: fill(c.office.listingsTitle, { name: firstName }) }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: firstName })).toBeVisible();
      await expect(estateCards(page)).toHaveCount(Math.min(total, 12));
      if (total > 12) {
        const pagination = page.getByRole("navigation", { name: c.pagination.label });
        await pagination.getByRole("link", { name: fill(c.pagination.page, { page: 2 }), exact: true }).click();
        await expect(page).toHaveURL(
          (url) => url.pathname === `/office-estates/${officeId}` && url.searchParams.get("page") === "2",
        );
        await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
        await expect(estateCards(page)).toHaveCount(Math.min(total - 12, 12));
      }
      await expectLanguage(page, lang);
    });

    test("empty office searches answer 400 with the place or the name message", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/offices", project);
      const form = page.getByRole("search", { name: c.offices.searchTitle });

      // By place with no place.
      let response = responseFor(page, "/officesResult");
      await form.getByRole("button", { name: c.offices.submit }).click();
      expect((await response).status()).toBe(400);
      await expect(page).toHaveURL((url) => url.pathname === "/officesResult" && url.searchParams.get("searchselected") === "1");
      await expect(page.getByRole("alert")).toHaveText(c.offices.errors.place);
      const place = page.getByRole("combobox", { name: c.offices.place });
      await expect(place).toHaveAttribute("aria-invalid", "true");
      await expect(place).toHaveAccessibleDescription(c.offices.errors.place);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

      // By name with no name (only spaces).
      const again = page.getByRole("search", { name: c.offices.searchTitle });
      await again.getByRole("radio", { name: c.offices.byName }).check();
      await again.getByRole("searchbox", { name: c.offices.name }).fill("   ");
      response = responseFor(page, "/officesResult");
      await again.getByRole("button", { name: c.offices.submit }).click();
      expect((await response).status()).toBe(400);
      await expect(page).toHaveURL((url) => url.searchParams.get("searchselected") === "2");
      await expect(page.getByRole("alert")).toHaveText(c.offices.errors.name);
      const name = page.getByRole("searchbox", { name: c.offices.name });
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(c.offices.errors.name);
      await expect(page.getByRole("radio", { name: c.offices.byName })).toBeChecked();
      await expectLanguage(page, lang);

      // The same through the address bar, and wrong values.
      await visit(page, "/officesResult?searchselected=1&location_id=", project, 400);
      await expect(page.getByRole("alert")).toHaveText(c.offices.errors.place);
      await visit(page, "/officesResult?searchselected=2&name=", project, 400);
      await expect(page.getByRole("alert")).toHaveText(c.offices.errors.name);
      await visit(page, "/officesResult?searchselected=1&location_id=abc", project, 400);
      await expect(page.getByRole("alert")).toHaveText(c.offices.errors.place);
      await visit(page, `/officesResult?searchselected=2&name=${"%25_".repeat(40)}`, project, 200);
      await expect(page.getByRole("status")).toHaveText(c.offices.none);
      for (const path of [
        "/office/999999",
        "/office/abc",
        "/office-estates/999999",
        "/office-estates/1?page=abc",
        "/office-estates/1?page=9999",
      ]) {
        await visit(page, path, project, 404);
        await expect(page.getByRole("heading", { level: 1, name: c.notFound.title })).toBeVisible();
      }
    });
  });
}
