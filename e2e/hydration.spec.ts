import type { Page, Request } from "@playwright/test";
import { A } from "./accounts";
import { F } from "./forms";
import { AD, logInAdmin } from "./moderation";
import { dismissAppPopup, expect, expectLanguage, LANGS, localeTexts, populatedSearch, T, test } from "./support";

/**
 * Decision 020: the browser translates with its own small translator (app/platform/i18n/translator.ts), not i18next. Its
 * texts must be the server's, or React's hydration fails: every public page hydrates in both languages without any
 * console error or page error (a hydration mismatch is logged as one), from the page language's own translation
 * files, and a client-side navigation to a route whose namespace the page had not loaded loads it and shows its texts.
 * The projects with JavaScript only (playwright.config.ts).
 */

type Content = typeof import("../locales/en/content.json");
const CT = localeTexts<Content>("content");

/** Every console message of type error and every uncaught page error of `page`, as they come (nothing left out). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** The translation files (`/locales/{lang}/{ns}.json`) the page asked for, as "lang/ns". */
function collectTranslations(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request: Request) => {
    const match = /^\/locales\/(\w+)\/(\w+)\.json$/.exec(new URL(request.url()).pathname);
    if (match) files.push(`${match[1]}/${match[2]}`);
  });
  return files;
}

/** Waits until the client router runs (the page hydrated) and the network is quiet. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true,
  );
  await page.waitForLoadState("networkidle");
}

/** Marks the document, so that a client-side navigation (which keeps it) can be told from a page load (which does not). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { hydrationMark?: boolean }).hydrationMark = true));
}

function documentKept(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { hydrationMark?: boolean }).hydrationMark === true);
}

for (const lang of LANGS) {
  test.describe(`hydration with the browser's translator (${lang})`, () => {
    test.beforeEach(async ({ page, baseURL, useLang }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("home, search results, a listing, login and the offer form hydrate without an error", async ({ page, request }) => {
      const { location, type, offer } = await populatedSearch(request);
      const search = `/estates?estate_offer_type_id=${offer}&estate_type_id=${type}&location_id=${location}&price_domain_id=`;
      const errors = collectErrors(page);
      const translations = collectTranslations(page);
      await page.goto(search);
      const listing = await page.locator('main h3 a[href^="/estate/"]').first().getAttribute("href");
      expect(listing, "a listing in the search results").toMatch(/^\/estate\/\d+$/);
      const checks: { path: string; heading: string | RegExp }[] = [
        { path: "/", heading: T[lang].c.home.heroTitle },
        { path: search, heading: /./ },
        { path: listing!, heading: /./ },
        { path: "/login", heading: A[lang].login.heading },
        { path: "/new-estate", heading: F[lang].newEstate.title },
      ];
      for (const { path, heading } of checks) {
        translations.length = 0;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await hydrated(page);
        await expectLanguage(page, lang);
        await expect(page.getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
        // The page's own language only, and the root's namespaces among them.
        expect(translations.length, `${path}: translation files`).toBeGreaterThan(0);
        expect(
          translations.every((file) => file.startsWith(`${lang}/`)),
          `${path}: ${translations.join(", ")}`,
        ).toBe(true);
        expect(translations, path).toEqual(expect.arrayContaining([`${lang}/common`, `${lang}/forms`, `${lang}/account`]));
        expect(errors, `${path}: console and page errors`).toEqual([]);
      }

      // A page sent with a dialog open (decision 034: the dialogs' script comes after the page's): it hydrates
      // without an error, and then the dialog answers Escape, which only its script does.
      const id = listing!.split("/").pop();
      await page.goto(`${search}&dialog=share&estate_id=${id}`);
      await hydrated(page);
      await expect(page.getByRole("dialog").getByRole("heading", { name: F[lang].share.title })).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("link", { name: F[lang].dialog.close })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(errors, "a page with a dialog: console and page errors").toEqual([]);
    });

    test("client-side navigations from home to login and to the offer form show their texts", async ({ page }, testInfo) => {
      const errors = collectErrors(page);
      await page.goto("/");
      await hydrated(page);
      await markDocument(page);
      await page.getByRole("banner").getByRole("link", { name: T[lang].c.nav.login }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { level: 1, name: A[lang].login.heading })).toBeVisible();
      await expect(page.getByLabel(A[lang].fields.password, { exact: true })).toBeVisible();
      expect(await documentKept(page), "a client-side navigation").toBe(true);

      await page.goto("/");
      await hydrated(page);
      await markDocument(page);
      await page.getByRole("main").locator('a[href="/new-estate"]').first().click();
      await expect(page).toHaveURL(/\/new-estate$/);
      await expect(page.getByRole("heading", { level: 1, name: F[lang].newEstate.title })).toBeVisible();
      expect(await documentKept(page), "a client-side navigation").toBe(true);
      expect(errors, `${testInfo.project.name}: console and page errors`).toEqual([]);
    });

    test("a client-side navigation to a back-office page loads its namespaces and then shows their texts", async ({
      page,
    }, testInfo) => {
      const errors = collectErrors(page);
      await logInAdmin(page, lang, testInfo.project.name);
      const translations = collectTranslations(page);
      await page.goto("/");
      await hydrated(page);
      // Home's routes ask for common, forms and account only: the back office's admin and content are not loaded.
      expect(translations.sort()).toEqual([`${lang}/account`, `${lang}/common`, `${lang}/forms`]);
      await markDocument(page);
      // The account menu's back-office link loads a new document (reloadDocument): the client router is asked directly.
      await page.evaluate(() =>
        (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(
          "/admin/articles",
        ),
      );
      await expect(page).toHaveURL(/\/admin\/articles$/);
      await expect(page.getByRole("heading", { level: 1, name: CT[lang].articles.title })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: AD[lang].nav.label }).getByRole("link", { name: AD[lang].nav.dashboard }),
      ).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText("articles.title");
      expect(await documentKept(page), "a client-side navigation").toBe(true);
      expect(translations.sort()).toEqual([
        `${lang}/account`,
        `${lang}/admin`,
        `${lang}/common`,
        `${lang}/content`,
        `${lang}/forms`,
      ]);
      expect(errors, "console and page errors").toEqual([]);
    });

    test("a tap while the page hydrates on a slow phone logs no error (React #345)", async ({ page, context }) => {
      const errors = collectErrors(page);
      // A phone six times slower than this machine: the page's data is still being decoded when the taps come.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
      await page.goto("/", { waitUntil: "commit" });
      await page.locator("h1").waitFor({ state: "attached" });
      const started = Date.now();
      // Taps on the header's top edge (above its buttons and links: "Post your property" now sits in the bar, decision
      // 087) until the router runs: each one forces React to hydrate at once.
      while (Date.now() - started < 10_000) {
        await page.mouse.click(180, 2);
        const ready = await page.evaluate(
          () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
        );
        if (ready) break;
      }
      await hydrated(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      expect(errors, "console and page errors").toEqual([]);
    });

    test("a language chosen in another tab reloads the page at the next client-side navigation, in that language", async ({
      page,
      context,
      baseURL,
    }) => {
      const other = lang === "ar" ? "en" : "ar";
      await page.goto("/");
      await hydrated(page);
      await markDocument(page);
      // Another tab's switcher sets the cookie; this tab's next navigation (a new query: every loader runs) asks the
      // root loader, which answers in that language.
      await context.addCookies([{ name: "lang", value: other, url: baseURL! }]);
      await page.evaluate(() =>
        (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(
          "/articals?page=1",
        ),
      );
      // The client render already writes the new <html lang>; the page then loads again, rendered by the server.
      await expect.poll(() => documentKept(page).catch(() => true), { message: "the page is loaded again" }).toBe(false);
      await expect(page).toHaveURL(/\/articals\?page=1$/);
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(page.locator("html")).toHaveAttribute("dir", other === "ar" ? "rtl" : "ltr");
    });
  });
}
