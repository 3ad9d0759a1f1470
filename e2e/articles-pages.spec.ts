import {
  dismissAppPopup,
  estateCards,
  expect,
  expectLanguage,
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
  const { c, p } = T[lang];

  test.describe(`articles and pages (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("the article list, one article and back", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/articals/", project);
      await expect(page.getByRole("heading", { level: 1, name: c.articles.title })).toBeVisible();
      await visit(page, "/articals", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: c.articles.title })).toBeVisible();
      await expect(page.getByText(c.articles.lead)).toBeVisible();

      const cards = page.getByRole("main").getByRole("article");
      expect(await cards.count()).toBeGreaterThanOrEqual(6);
      const first = cards.first();
      await expect(first).toContainText(/\d{2}\.\d{2}\.\d{4}/);
      const title = (await first.getByRole("heading", { level: 3 }).textContent())!.trim();
      expect(title).not.toContain("|");
      const excerpt = (await first.getByRole("paragraph").last().textContent())!.trim();
      expect(Array.from(excerpt).length).toBeLessThanOrEqual(91);

      await first.getByRole("link", { name: c.articles.readMore }).click();
      await expect(page).toHaveURL((url) => /^\/artical\/\d+$/.test(url.pathname));
      await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(literal(title));
      await expect(page.getByRole("main")).toContainText(/\d{2}\.\d{2}\.\d{4}/);
      await expect(page.getByRole("main")).toContainText(excerpt.replace(/…$/, "").slice(0, 40));
      await expect(page.getByRole("contentinfo")).toBeVisible();

      await page.getByRole("link", { name: c.articles.back }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/articals");
      await expect(page.getByRole("heading", { level: 1, name: c.articles.title })).toBeVisible();

      for (const path of ["/artical/999999", "/artical/abc", "/articals?page=abc", "/articals?page=99"]) {
        await visit(page, path, project, 404);
        await expect(page.getByRole("heading", { level: 1, name: c.notFound.title })).toBeVisible();
      }
    });

    test("who-us, privacy policy, company profile (no header or footer) and advanced search (no header or footer)", async ({
      page,
      request,
    }, testInfo) => {
      const project = testInfo.project.name;

      await visit(page, "/who-us", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: p.whoUs.title })).toBeVisible();
      for (const section of p.whoUs.sections)
        await expect(page.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();

      await visit(page, "/privacy-policy", project);
      await expect(page.getByRole("heading", { level: 1, name: p.privacy.title })).toBeVisible();
      const reviewText = p.privacy.sections.flatMap((s) => s.paragraphs).find((text) => /24|أربع وعشرين/.test(text))!;
      expect(reviewText).toBeTruthy();
      await expect(page.getByText(reviewText)).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();

      // The company profile stands alone: no navbar and no footer.
      await visit(page, "/company-profile/", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: p.companyProfile.title })).toBeVisible();
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(mainMenu(page, lang)).toHaveCount(0);
      for (const fact of p.companyProfile.facts) await expect(page.getByText(fact.label)).toBeVisible();
      await expect(page.getByRole("link", { name: c.brand })).toHaveAttribute("href", "/");

      // The advanced search stands alone too, and its form goes to /estates.
      const values = await populatedSearch(request);
      await visit(page, "/advanced-search", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: c.advanced.title })).toBeVisible();
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      const form = page.getByRole("search", { name: c.search.title });
      await form.getByRole("radio", { name: c.search.saleTab }).check();
      await form.getByRole("combobox", { name: c.search.location }).selectOption(values.location);
      await form.getByRole("combobox", { name: c.search.estateType }).selectOption(values.type);
      const response = responseFor(page, "/estates");
      await form.getByRole("button", { name: c.search.submit }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(
        (url) => url.pathname === "/estates" && url.searchParams.get("location_id") === values.location,
      );
      await expect(page.getByRole("status").filter({ hasText: foundPattern(lang) })).toBeVisible();
      await expect(estateCards(page).first()).toBeVisible();
      // Back in the normal layout on the results.
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });

    test("an unknown path is a 404 page that keeps the navbar and offers a search", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/no-such-page/at/all", project, 404);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: c.notFound.title })).toBeVisible();
      await expect(page.getByText(c.notFound.text)).toBeVisible();
      await expect(page).toHaveTitle(literal(c.notFound.title));
      await expect(mainMenu(page, lang).locator("a")).toHaveCount(9);
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await visit(page, "/no-such-page", project, 404);
      await page.getByRole("main").getByRole("link", { name: c.notFound.search }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/advanced-search");
      await expect(page.getByRole("heading", { level: 1, name: c.advanced.title })).toBeVisible();
    });
  });
}

test("sitemap index, sitemaps and robots.txt are served as XML and text", async ({ request, baseURL }) => {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toMatch(/xml/);
  const indexXml = await index.text();
  expect(indexXml).toMatch(/^(<\?xml[^>]*>\s*)?<sitemapindex /);
  const locs = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toContain(`${baseURL}/sitemaps/pages.xml`);
  expect(locs).toContain(`${baseURL}/sitemaps/estates-1.xml`);

  const pages = await request.get("/sitemaps/pages.xml");
  expect(pages.status()).toBe(200);
  expect(pages.headers()["content-type"]).toMatch(/xml/);
  const pagesXml = await pages.text();
  expect(pagesXml).toContain("<urlset");
  for (const path of ["/offices", "/articals", "/who-us", "/privacy-policy"])
    expect(pagesXml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(pagesXml).toMatch(/<loc>[^<]+\/office\/\d+<\/loc>/);
  expect(pagesXml).toMatch(/<loc>[^<]+\/artical\/\d+<\/loc>/);
  expect(pagesXml).toMatch(/hreflang="en"/);

  const estates = await request.get("/sitemaps/estates-1.xml");
  expect(estates.status()).toBe(200);
  expect(estates.headers()["content-type"]).toMatch(/xml/);
  const estateLocs = [...(await estates.text()).matchAll(/<loc>([^<]+\/estate\/\d+)<\/loc>/g)].map((m) => m[1]);
  expect(estateLocs.length).toBeGreaterThan(100);
  // A listing of the sitemap opens.
  const sample = await request.get(new URL(estateLocs[0]).pathname);
  expect(sample.status()).toBe(200);

  expect((await request.get("/sitemaps/nothing.xml")).status()).toBe(404);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  const robotsText = await robots.text();
  expect(robotsText).toContain("User-agent: *");
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
