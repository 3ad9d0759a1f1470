import type { Page } from "@playwright/test";
import { A, CAPTCHA, fillPhone, ownAddress, registerAndConfirm } from "./accounts";
import { dismissAppPopup, expect, hasJs, LANGS, localeTexts, T, test, visit } from "./support";

/**
 * The advertiser one tap away (decision 059): on a phone the listing page keeps Call, WhatsApp and Save in a bar at
 * the foot of the screen, visible without scrolling and covering nothing; on a desktop the bar is hidden and the
 * contact card does the same. A visitor who taps Call logs in (the captcha typed in small letters) and comes back to
 * the listing with the number shown, without tapping again.
 */

type Forms = typeof import("../locales/en/forms.json");
const F = localeTexts<Forms>("forms");

/** The path of a public listing: the first card of the newest listings. */
async function listingPath(page: Page): Promise<string> {
  const html = await (await page.request.get("/estates")).text();
  return /href="(\/estate\/\d+)"/.exec(html)![1];
}

for (const lang of LANGS) {
  const { c } = T[lang];

  test.describe(`phone bar (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
    });

    test("is at the foot of a phone's screen without scrolling and covers nothing; hidden on a desktop", async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      const path = await listingPath(page);
      await visit(page, path, project);
      const bar = page.getByRole("group", { name: c.estate.phoneBar });
      const viewport = page.viewportSize()!;
      if (project.startsWith("desktop")) {
        await expect(bar).toBeHidden();
        // The contact card beside the photos is the way to the advertiser there.
        await expect(page.getByRole("complementary").getByRole("link").filter({ hasText: "•" })).toBeInViewport();
        return;
      }
      await expect(bar).toBeVisible();
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 2);
      await expect(bar.getByRole("link", { name: F[lang].contactDialog.call })).toBeInViewport();
      await expect(bar.getByRole("link", { name: c.card.whatsapp })).toBeInViewport();
      await expect(bar.getByRole("link", { name: c.card.save })).toBeInViewport();
      // Plain links to the login prompt for a visitor (no script needed).
      const id = path.split("/").pop();
      await expect(bar.getByRole("link", { name: F[lang].contactDialog.call })).toHaveAttribute(
        "href",
        `${path}?dialog=login&for=contact&estate_id=${id}`,
      );

      // Half way down it is still at the foot; at the very end it sits after the page's last content, covering none.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await expect(bar).toBeInViewport();
      expect((await bar.boundingBox())!.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const end = (await bar.boundingBox())!;
      const lastBeforeBar = await page
        .locator(".estate-page > :not(.phone-bar)")
        .last()
        .evaluate((el) => el.getBoundingClientRect().bottom);
      expect(lastBeforeBar).toBeLessThanOrEqual(end.y + 1);
    });

    test("Call as a visitor: log in, then back on the listing with the phone number shown", async ({
      page,
      baseURL,
    }, testInfo) => {
      const project = testInfo.project.name;
      await ownAddress(page);
      const password = "reach-pass-2026";
      const phone = await registerAndConfirm(page, lang, project, password);
      // Log out by forgetting the session: a visitor again, with the language and the closed popup kept.
      await page.context().clearCookies();
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
      await dismissAppPopup(page, baseURL);

      const path = await listingPath(page);
      await visit(page, path, project);
      const call = project.startsWith("phone")
        ? page.getByRole("group", { name: c.estate.phoneBar }).getByRole("link", { name: F[lang].contactDialog.call })
        : page.getByRole("complementary").getByRole("link").filter({ hasText: "•" });
      await call.click();
      const prompt = page.getByRole("dialog", { name: F[lang].prompt.contactTitle });
      await expect(prompt).toBeVisible();
      await prompt.getByRole("link", { name: F[lang].prompt.login }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/login");
      if (hasJs(project)) await page.waitForLoadState("networkidle");

      // The hint says either case is fine, and the captcha typed in small letters is taken.
      await expect(page.getByText(A[lang].fields.captchaHint)).toBeVisible();
      await fillPhone(page, lang, phone.typed);
      await page.getByLabel(A[lang].fields.password, { exact: true }).fill(password);
      await page.getByLabel(A[lang].fields.captcha, { exact: true }).fill(CAPTCHA.toLowerCase());
      await page.getByRole("button", { name: A[lang].login.submit, exact: true }).click();

      await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.get("dialog") === "contact");
      const contact = page.getByRole("dialog");
      await expect(contact).toBeVisible();
      // A journey's listing has a Syrian number, a demo listing one reserved for fiction (docs/decisions/079).
      await expect(contact.getByRole("link", { name: F[lang].contactDialog.call })).toHaveAttribute(
        "href",
        /^tel:\+(963\d{9}|1\d{3}55501\d{2})$/,
      );
      await expect(contact.getByRole("link", { name: F[lang].contactDialog.whatsapp })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/(963\d{9}|1\d{3}55501\d{2})\?text=/,
      );
      await expect(contact).toContainText(/\d{3}.*\d{3}/);
    });
  });
}
