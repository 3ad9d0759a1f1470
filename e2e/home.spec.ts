import {
  dismissAppPopup,
  estateCards,
  expect,
  expectLanguage,
  fill,
  hasJs,
  LANGS,
  mainMenu,
  settle,
  T,
  test,
  visit,
} from "./support";

/** The navbar's links in order (the eight, then "Post your property"), and the eight footer links. */
const MENU_HREFS = [
  "/",
  "/vacation-properties",
  "/rent-properties",
  "/user-order",
  "/offices",
  "/consultation",
  "/articals",
  "/call-us",
  "/new-estate",
];
const FOOTER_HREFS = [
  "/",
  "/offices",
  "/articals",
  "/who-us",
  "/call-us",
  "/privacy-policy",
  "/company-profile/",
  "/consultation",
];

const isPhone = (projectName: string) => projectName.startsWith("phone");

for (const lang of LANGS) {
  const { c } = T[lang];

  test.describe(`home (${lang})`, () => {
    test.beforeEach(async ({ useLang }) => {
      await useLang(lang);
    });

    test("navbar, hero search, sections, footer, and the app popup that stays closed", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/", project);
      await expectLanguage(page, lang);
      // The -nojs projects really run without scripts (and see the complete page); the -js ones hydrate.
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(hasJs(project));
      await expect(page).toHaveTitle(c.brand);
      await expect(page.getByRole("heading", { level: 1, name: c.home.heroTitle })).toBeVisible();

      // Navbar: eight links in order and "Post your property" (a button of the bar on desktop, the drawer's last link
      // on phones: decision 087), the language switcher, the home brand link.
      const banner = page.getByRole("banner");
      const links = mainMenu(page, lang).locator("a");
      await expect(links).toHaveCount(9);
      await expect(links).toHaveText([
        c.nav.home,
        c.nav.vacation,
        c.nav.rent,
        c.nav.userOrders,
        c.nav.offices,
        c.nav.consultation,
        c.nav.articles,
        c.nav.contact,
        c.nav.post,
      ]);
      const post = banner.locator("a.post-button");
      await expect(post).toBeVisible();
      await expect(post).toHaveAccessibleName(c.nav.post);
      await expect(post).toHaveAttribute("href", "/new-estate");
      for (const [i, href] of MENU_HREFS.entries()) await expect(links.nth(i)).toHaveAttribute("href", href);
      await expect(links.first()).toHaveAttribute("aria-current", "page");
      await expect(banner.getByRole("button", { name: c.nav.otherLanguage })).toBeVisible();
      await expect(banner.getByRole("link", { name: c.nav.homeAria })).toHaveAttribute("href", "/");

      // Hero search: sale/rent tabs with sale by default, location, type, price, submit.
      const search = page.getByRole("search", { name: c.search.title });
      await expect(search.getByRole("radio", { name: c.search.saleTab })).toBeChecked();
      await expect(search.getByRole("radio", { name: c.search.rentTab })).not.toBeChecked();
      await expect(search.getByRole("combobox", { name: c.search.location })).toHaveValue("");
      await expect(search.getByRole("combobox", { name: c.search.estateType })).toHaveValue("");
      await expect(search.getByRole("combobox", { name: c.search.priceRange })).toHaveValue("");
      await expect(search.getByRole("button", { name: c.search.submit })).toBeVisible();
      // The first screen of a phone (360x740), with the app banner shown: the search button is on it (decision 087).
      if (isPhone(project)) {
        await expect(page.getByRole("complementary", { name: c.popup.title })).toBeVisible();
        const button = await search.getByRole("button", { name: c.search.submit }).boundingBox();
        expect(button!.y + button!.height, "the search button's bottom, in px from the top").toBeLessThanOrEqual(740);
      }
      await expect(page.getByRole("link", { name: c.home.quickAdvanced })).toHaveAttribute("href", "/advanced-search");

      // Our services: three article cards linking to /artical/{id}, each with a read-more link.
      const services = page.getByRole("region", { name: c.home.servicesTitle });
      await expect(services.getByRole("article")).toHaveCount(3);
      await expect(services.getByRole("link", { name: c.articles.readMore })).toHaveCount(3);
      for (const link of await services.getByRole("heading", { level: 3 }).getByRole("link").all()) {
        await expect(link).toHaveAttribute("href", /^\/artical\/\d+$/);
      }

      // Newest listings, with a link to all of them that does not end on an error.
      const newest = page.getByRole("region", { name: c.home.latestListings });
      await expect(estateCards(page, newest)).toHaveCount(6);
      await expect(newest.getByRole("link", { name: c.home.allListings })).toHaveAttribute("href", /^\/estates/);

      // Reach agents, latest articles, rental offices and the social block.
      await expect(
        page.getByRole("region", { name: c.home.agentsTitle }).getByRole("link", { name: c.home.agentsButton }),
      ).toHaveAttribute("href", "/offices");
      const latestArticles = page.getByRole("region", { name: c.home.latestArticles });
      await expect(latestArticles.getByRole("article")).toHaveCount(3);
      await expect(latestArticles.getByRole("link", { name: c.home.allArticles })).toHaveAttribute("href", "/articals");
      const rentalOffices = page.getByRole("region", { name: c.home.rentalOfficesTitle });
      await expect(rentalOffices.getByRole("article").first()).toBeVisible();
      await expect(rentalOffices.getByRole("heading", { level: 3 }).first().getByRole("link")).toHaveAttribute(
        "href",
        /^\/office\/\d+$/,
      );
      const social = page.getByRole("region", { name: c.home.socialTitle });
      for (const name of ["Facebook", "Instagram", "LinkedIn"])
        await expect(social.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\//);

      // Footer: eight links, map, phone and e-mail links, social links, store badges, copyright.
      const footer = page.getByRole("contentinfo");
      const footerLinks = footer.getByRole("navigation", { name: c.footer.linksTitle }).getByRole("link");
      await expect(footerLinks).toHaveText([
        c.footer.home,
        c.footer.offices,
        c.footer.articles,
        c.footer.whoUs,
        c.footer.contact,
        c.footer.privacy,
        c.footer.companyProfile,
        c.footer.consultation,
      ]);
      for (const [i, href] of FOOTER_HREFS.entries()) await expect(footerLinks.nth(i)).toHaveAttribute("href", href);
      await expect(footer.getByRole("link", { name: c.footer.address })).toHaveAttribute("href", /^https:\/\//);
      await expect(footer.locator('a[href^="tel:+963"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
      for (const name of ["LinkedIn", "Facebook", "Instagram"])
        await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^https:\/\//);
      await expect(footer.getByRole("link", { name: /Google Play/ })).toHaveAttribute("href", /^https:\/\//);
      await expect(footer.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", /^https:\/\//);
      await expect(footer).toContainText(fill(c.footer.copyright, { year: new Date().getFullYear() }));

      // The app-download popup: on the home page only.
      const popup = page.getByRole("complementary", { name: c.popup.title });
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(c.popup.text);
      await expect(popup.getByRole("link", { name: c.popup.android })).toHaveAttribute("href", /^https:\/\//);
      await visit(page, "/offices", project);
      await expect(page.getByRole("heading", { level: 1, name: c.offices.title })).toBeVisible();
      await expect(page.getByRole("complementary", { name: c.popup.title })).toHaveCount(0);

      // Closing it is a post that works without JavaScript and is remembered.
      await visit(page, "/", project);
      await popup.getByRole("button", { name: c.popup.close }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByRole("heading", { level: 1, name: c.home.heroTitle })).toBeVisible();
      await expect(popup).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: c.home.heroTitle })).toBeVisible();
      await expect(popup).toHaveCount(0);
      await expectLanguage(page, lang);
    });

    test("the menu: a drawer on phones that opens, closes and navigates; a bar on desktop", async ({
      page,
      baseURL,
    }, testInfo) => {
      const project = testInfo.project.name;
      await dismissAppPopup(page, baseURL);
      await visit(page, "/articals", project);
      await expectLanguage(page, lang);
      const menu = mainMenu(page, lang);
      const links = menu.locator("a");
      await expect(links).toHaveCount(9);
      await expect(menu.locator("a", { hasText: c.nav.articles })).toHaveAttribute("aria-current", "page");
      // The hamburger is a <label> for the drawer checkbox (no role of its own).
      const opener = page.getByRole("banner").locator("label.drawer-open");

      if (isPhone(project)) {
        await expect(opener).toBeVisible();
        for (const link of await links.all()) await expect(link).not.toBeInViewport();
        await opener.click();
        for (const link of await links.all()) await expect(link).toBeInViewport();
        await page.getByTitle(c.nav.closeMenu, { exact: true }).click();
        for (const link of await links.all()) await expect(link).not.toBeInViewport();
        await opener.click();
        await expect(menu.locator("a", { hasText: c.nav.offices })).toBeInViewport();
      } else {
        await expect(opener).toBeHidden();
        // The bar's eight links; "Post your property" is the bar's own button there, not a ninth link.
        for (const link of (await links.all()).slice(0, 8)) await expect(link).toBeInViewport();
        await expect(links.last()).toBeHidden();
        await expect(page.getByRole("banner").locator("a.post-button")).toBeInViewport();
      }

      await menu.locator("a", { hasText: c.nav.offices }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/offices");
      await expect(page.getByRole("heading", { level: 1, name: c.offices.title })).toBeVisible();
      await expect(menu.locator("a", { hasText: c.nav.offices })).toHaveAttribute("aria-current", "page");
      // On phones the drawer is closed again after the navigation.
      if (isPhone(project)) await expect(menu.locator("a", { hasText: c.nav.offices })).not.toBeInViewport();
      await expectLanguage(page, lang);
    });
  });
}

test("the language switcher goes from Arabic to English and back on the same page, flipping the direction", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { ar, en } = T;
  await visit(page, "/offices", project);
  await expectLanguage(page, "ar");
  await expect(page.getByRole("heading", { level: 1, name: ar.c.offices.title })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: ar.c.nav.otherLanguage }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/offices");
  await expectLanguage(page, "en");
  // The switch loads a new document: let it hydrate before the next click (a click during hydration would
  // leave a half-hydrated page behind, which React reports as an error).
  await settle(page, project);
  await expect(page.getByRole("heading", { level: 1, name: en.c.offices.title })).toBeVisible();
  await expect(mainMenu(page, "en").locator("a", { hasText: en.c.nav.offices })).toBeAttached();

  // The choice is remembered on the next page.
  await visit(page, "/who-us", project);
  await expectLanguage(page, "en");
  await expect(page.getByRole("heading", { level: 1, name: en.p.whoUs.title })).toBeVisible();

  // A page with a query string comes back with its query.
  await visit(page, "/estates?page=2", project);
  await expect(page.getByRole("navigation", { name: en.c.pagination.label }).locator('[aria-current="page"]')).toHaveText("2");
  await page.getByRole("banner").getByRole("button", { name: en.c.nav.otherLanguage }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.search === "?page=2");
  await expectLanguage(page, "ar");
  await expect(page.getByRole("heading", { level: 1, name: ar.c.search.resultsTitle })).toBeVisible();
  await expect(page.getByRole("navigation", { name: ar.c.pagination.label }).locator('[aria-current="page"]')).toHaveText("2");

  await visit(page, "/offices", project);
  await expectLanguage(page, "ar");
  await page.getByRole("banner").getByRole("button", { name: ar.c.nav.otherLanguage }).click();
  await expectLanguage(page, "en");
  await settle(page, project);
  await page.getByRole("banner").getByRole("button", { name: en.c.nav.otherLanguage }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/offices" && url.search === "");
  await expectLanguage(page, "ar");
  await expect(page.getByRole("heading", { level: 1, name: ar.c.offices.title })).toBeVisible();
});
