import { ownAddress } from "./accounts";
import { AD, logInAdmin, test } from "./moderation";
import { estateCards, expect, expectLanguage, fill, LANGS, settle, T, visit } from "./support";

/**
 * Listings people can trust (docs/decisions/100-prices-held-owners-listings-reports-that-act.md), in every browser
 * project, with and without JavaScript, in both languages: a visitor asks the advanced search's "Posted by" for owners
 * (docs/decisions/103-one-filter-for-who-posted.md) and gets owners' own listings, each card saying "Owner", under a
 * chip that removes that filter; the moderator finds the demo data's held prices in the review queue with their
 * reasons and the account posting like a broker, the full reason on a held post's review, and on the reports page
 * the listing its reports took out of the results, to put back or reject.
 * Nothing here changes the shared demo data: the integration tests (tests/listings-trust.test.ts) decide the holds.
 */
for (const lang of LANGS) {
  const { c } = T[lang];
  const ad = AD[lang];
  const s = c.search as typeof c.search & { f: Record<string, string>; applied: string };
  const trust = ad.trust;

  test.describe(`listings people can trust (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      // Its own client address: the per-address limits on codes, logins and offers count every journey from
      // 127.0.0.1 together otherwise, and the later projects of a run are refused.
      await ownAddress(page);
    });

    test("a visitor asks for owners' own listings: each card says Owner, and the chip removes the filter", async ({
      page,
    }, testInfo) => {
      await visit(page, "/advanced-search", testInfo.project.name);
      await expectLanguage(page, lang);
      const form = page.getByRole("search", { name: s.title });
      await form.getByText(s.more).click();
      // One control for who posted (decision 103): the owners' choice of "Posted by" is the owners' filter.
      await form.getByRole("combobox", { name: s.f.advertiser }).selectOption({ label: s.advertiser.owner });
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("estate_ownership") === "1" && !url.searchParams.has("advertiser"),
      );

      const chip = page.getByRole("navigation", { name: s.applied }).getByRole("link", { name: s.f.estate_ownership });
      await expect(chip).toBeVisible();
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      const texts = await cards.evaluateAll((list) => list.map((one) => one.textContent ?? ""));
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain(c.card.owner);

      await chip.click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("estate_ownership") === null);
      await expect(
        page.getByRole("navigation", { name: s.applied }).getByRole("link", { name: s.f.estate_ownership }),
      ).toHaveCount(0);
    });

    test("the moderator sees held prices, a likely broker and a listing its reports took out of the results", async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const project = testInfo.project.name;
      await logInAdmin(page, lang, project);

      // The queue: the demo's three held prices, each with its short reason, and the broker's posts flagged.
      await page.goto("/admin/posts");
      await settle(page, project);
      const queue = page.getByRole("main").locator("ol.admin-list > li");
      for (const reason of ["price_low", "price_high", "rent_as_sale"] as const) {
        await expect(queue.filter({ hasText: trust.heldShort[reason] }).first()).toBeVisible();
      }
      await expect(queue.filter({ hasText: fill(trust.broker, { count: 6 }) }).first()).toBeVisible();

      // A held post's review says why in full.
      await queue.filter({ hasText: trust.heldShort.price_low }).getByRole("link").first().click();
      await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
      await expect(page.getByRole("main")).toContainText(trust.held.price_low);

      // The reports page: the listing three accounts reported is out of the results, with both decisions offered.
      await page.goto("/admin/reports");
      await settle(page, project);
      const held = page.getByRole("main").locator("ol.admin-list > li").filter({ hasText: trust.held.reports });
      await expect(held).toHaveCount(1);
      await expect(held.getByRole("button", { name: trust.restore, exact: true })).toBeVisible();
      await expect(held.getByRole("button", { name: ad.review.reject, exact: true })).toBeVisible();
    });
  });
}
