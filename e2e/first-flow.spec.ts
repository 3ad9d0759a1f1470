import { ownAddress, registerAndConfirm } from "./accounts";
import { F, toast } from "./forms";
import { AD, editorState, logInAdmin, makePhotos, test } from "./moderation";
import { expect, fill, LANGS, settle, T } from "./support";

/**
 * A logged-in owner gives price and photos in the first flow (docs/decisions/087-typed-words-answered-where-typed.md),
 * and the back office corrects the facts the owner gave (docs/decisions/093-the-facts-before-the-call.md), in every
 * browser project (JavaScript off and on, phone and desktop) and both languages. Without JavaScript the offer is one
 * multipart form with its photos; with it the photos are shrunk and sent by the new post's editor with their progress
 * bars. The demo admin then corrects the post's facts on its review page, which keeps its state, and the audit log
 * says who changed what.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

for (const lang of LANGS) {
  const f = F[lang];
  const ad = AD[lang];
  const { c } = T[lang];

  test.describe(`the first flow and the staff's corrections (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("an owner's offer with its price and photos becomes a post with both; the staff correct its facts", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");
      await registerAndConfirm(page, lang, project, "first-flow-1");

      // The offer form of a logged-in owner: the price, its currency and the photos are in it.
      await page.goto("/new-estate");
      await settle(page, project);
      await expect(main.getByText(f.newEstate.introOwner)).toBeVisible();
      await main.getByLabel(f.newEstate.sale, { exact: true }).check();
      await main.getByLabel(f.newEstate.type, { exact: true }).selectOption("6");
      const location = main.getByLabel(f.newEstate.location, { exact: true });
      const place = 40 + PROJECTS.indexOf(project) * 3 + (lang === "en" ? 17 : 0);
      await location.selectOption((await location.locator("optgroup option").nth(place).getAttribute("value"))!);
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("140");
      await main.getByLabel(f.post.price, { exact: true }).fill("42,500,000");
      await expect(main.getByLabel(f.post.currency, { exact: true })).toHaveValue("SYP");
      await main.getByLabel(f.post.choosePhotos, { exact: true }).setInputFiles(await makePhotos(testInfo));
      await main.getByLabel(f.newEstate.subject, { exact: true }).fill("Three rooms, a balcony and morning sun.");
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();

      // The post's editor: pending, its price given, its two photos there (sent one by one with JavaScript).
      await expect(page).toHaveURL(/\/profile\/posts\/\d+/);
      const id = /\/profile\/posts\/(\d+)/.exec(page.url())![1];
      await expect(editorState(page)).toContainText(f.status.pending);
      await expect(main.locator("ol.photo-list > li")).toHaveCount(2, { timeout: 30_000 });
      await expect(main.getByRole("heading", { name: fill(f.post.photos, { count: 2, max: 12 }) })).toBeVisible();
      await expect(main.getByLabel(f.post.price, { exact: true })).toHaveValue("42500000");
      for (const img of await main.locator("ol.photo-list img").all()) {
        expect((await page.request.get((await img.getAttribute("src"))!)).status()).toBe(200);
      }

      // The demo admin corrects the facts on the review page, in the owner editor's fields.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await admin.goto(`/admin/posts/${id}`);
      await settle(admin, project);
      const review = admin.getByRole("main");
      const correction = review.getByRole("region", { name: ad.review.correctTitle });
      await expect(correction).toBeVisible();
      await correction.getByLabel(c.facts.electricity_hours, { exact: true }).fill("10");
      await correction.getByLabel(c.facts.elevator, { exact: true }).selectOption("1");
      await correction.getByRole("button", { name: ad.review.correctSave, exact: true }).click();
      await expect(toast(admin, ad.done.correct)).toBeVisible();
      await expect(admin).toHaveURL(new RegExp(`/admin/posts/${id}$`));
      // Still waiting for its review, with the corrected facts shown and in the fields.
      await expect(review.getByText(ad.states.pending, { exact: true }).first()).toBeVisible();
      // Ten is "few" in Arabic's plural rules (3 to 10), "other" in English's.
      const facts = c.facts as typeof c.facts & Record<string, string>;
      const hours = fill(lang === "ar" ? facts.hours_few : facts.hours_other, { count: 10 });
      await expect(review.locator("dl.details dd").filter({ hasText: hours })).toHaveCount(1);
      await expect(correction.getByLabel(c.facts.electricity_hours, { exact: true })).toHaveValue("10");

      // A wrong value comes back beside its field with every value kept.
      await correction.getByLabel(c.facts.building_floors, { exact: true }).fill("999");
      await correction.getByRole("button", { name: ad.review.correctSave, exact: true }).click();
      await expect(correction.getByText(f.errors.outOfRange)).toBeVisible();
      await expect(correction.getByLabel(c.facts.building_floors, { exact: true })).toHaveValue("999");
      await expect(correction.getByLabel(c.facts.electricity_hours, { exact: true })).toHaveValue("10");

      // The history says who changed which fact, from what to what.
      await review.getByRole("link", { name: ad.review.history }).click();
      await settle(admin, project);
      const row = admin.getByRole("row").filter({ hasText: ad.actions.estate_correct });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(
        fill(ad.audit.corrected, { fact: c.facts.electricity_hours, from: ad.audit.notKnown, to: hours }),
      );
      await expect(row).toContainText(
        fill(ad.audit.corrected, { fact: c.facts.elevator, from: ad.audit.notKnown, to: c.common.yes }),
      );
    });
  });
}
