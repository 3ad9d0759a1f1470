import type { Locator, Page } from "@playwright/test";
import { estateCards, expect, expectLanguage, hasJs, LANGS, populatedSearch, settle, T, test, visit } from "./support";

/**
 * The data saver (decision 022) from the switch under the footer: turned on, the page comes back without
 * scripts, with one 400 px photo per card; turned off, it comes back as before. A plain form, so the same with
 * JavaScript off and on; with JavaScript, after a client-side navigation the switch comes back to the page shown.
 */

/** The switch: a form landmark named by its state ("Data saver: off"…). */
const switchNamed = (page: Page, state: string) => page.getByRole("form", { name: state, exact: true });

/** Whether a document's HTML loads the app's scripts (module scripts or module preloads of /build/). */
const loadsScripts = (html: string) => /<(?:script|link)[^>]*(?:src|href)="\/build\/[^"]*\.js"|import\s*"\/build\//.test(html);

/** Clicks `button` of a plain form and gives the HTML of the page the post redirects to (the document as sent). */
async function submit(page: Page, button: Locator): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().resourceType() === "document" && r.request().method() === "GET" && r.status() === 200,
    ),
    button.click(),
  ]);
  await page.waitForLoadState("load");
  return response.text();
}

for (const lang of LANGS) {
  const { c } = T[lang];

  test.describe(`data saver (${lang})`, () => {
    test.beforeEach(async ({ useLang }) => {
      await useLang(lang);
    });

    test("is switched on and off from the footer, and the page comes back lighter", async ({
      page,
      request,
      context,
    }, testInfo) => {
      const project = testInfo.project.name;
      const { location, type, offer } = await populatedSearch(request);
      const path = `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=${offer}&price_domain_id=`;
      const first = await visit(page, path, project);
      await expectLanguage(page, lang);
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      expect(loadsScripts(await first.text())).toBe(true);
      expect(await page.locator("img[srcset]").count()).toBeGreaterThan(0);

      // On: back on the same page, which has no script, and one photo without other sizes per card.
      const off = switchNamed(page, c.footer.dataSaver.off);
      await expect(off).toBeVisible();
      const light = await submit(page, off.getByRole("button", { name: c.footer.dataSaver.turnOn }));
      await expect(switchNamed(page, c.footer.dataSaver.on)).toBeVisible();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      await expectLanguage(page, lang);
      expect(loadsScripts(light)).toBe(false);
      expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
      expect(await page.locator("img[srcset]").count()).toBe(0);
      expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await expect(cards.nth(i).locator(".carousel-slide")).toHaveCount(1);
      expect((await context.cookies()).find((cookie) => cookie.name === "save_data")?.value).toBe("on");

      // Off: the page as before (hydrated again with JavaScript), and the cookie is gone.
      const full = await submit(
        page,
        switchNamed(page, c.footer.dataSaver.on).getByRole("button", { name: c.footer.dataSaver.turnOff }),
      );
      await expect(switchNamed(page, c.footer.dataSaver.off)).toBeVisible();
      await settle(page, project);
      expect(loadsScripts(full)).toBe(true);
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(hasJs(project));
      expect((await context.cookies()).some((cookie) => cookie.name === "save_data")).toBe(false);
    });

    test("comes back to the page shown after following a link, and a form page keeps its scripts", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/offices", project);
      // A link (a client-side navigation with JavaScript), then the switch of the page the document was loaded with.
      await page.getByRole("contentinfo").getByRole("link", { name: c.footer.articles }).click();
      await expect(page).toHaveURL(/\/articals$/);
      await settle(page, project);
      const light = await submit(
        page,
        switchNamed(page, c.footer.dataSaver.off).getByRole("button", { name: c.footer.dataSaver.turnOn }),
      );
      await expect(switchNamed(page, c.footer.dataSaver.on)).toBeVisible();
      await expect(page).toHaveURL(/\/articals$/);
      expect(loadsScripts(light)).toBe(false);
      // The offer form keeps its scripts with the data saver on (its draft and checks need them).
      const form = await visit(page, "/new-estate", project);
      expect(loadsScripts(await form.text())).toBe(true);
      await expect(switchNamed(page, c.footer.dataSaver.on)).toBeVisible();
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(hasJs(project));
    });
  });
}
