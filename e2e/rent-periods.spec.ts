import { ownAddress, registerAndConfirm } from "./accounts";
import { F, toast } from "./forms";
import { approve, logInAdmin, openFromQueue, test } from "./moderation";
import { editSearch, estateCards, expect, LANGS, settle, T, templatePattern, visit } from "./support";

/**
 * Rents by period (docs/decisions/057-rents-by-period.md), with JavaScript off and on, at phone and desktop size, in
 * Arabic and English: an owner's rent without its period is refused with every value kept, then sent with one; once
 * approved its price says what it is for ("/ month"); the rent results filtered by period, with the chip that
 * removes the filter.
 */
for (const lang of LANGS) {
  const f = F[lang];
  const { c } = T[lang];
  const per = (c.card as unknown as { per: Record<string, string> }).per;
  const s = c.search as typeof c.search & { f: Record<string, string>; applied: string };

  test.describe(`rents by period (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("an owner's rent needs its period; approved, its price is per month", async ({ page, newBrowser }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");
      await registerAndConfirm(page, lang, project, "owner-pass-1");
      await page.goto("/new-estate");
      await settle(page, project);
      await main.getByLabel(f.newEstate.rent, { exact: true }).check();
      const type = main.getByLabel(f.newEstate.type, { exact: true });
      await type.selectOption({ index: 1 });
      const typeName = (await type.locator("option:checked").textContent())!.trim();
      const location = main.getByLabel(f.newEstate.location, { exact: true });
      // A place of its own for each project and language (the admin finds the post by it).
      const projects = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];
      const option = location.locator("optgroup option").nth(60 + projects.indexOf(project) * 5 + (lang === "en" ? 2 : 0));
      await location.selectOption((await option.getAttribute("value"))!);
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("95");
      await main.getByLabel(f.newEstate.subject, { exact: true }).fill("Furnished flat, two rooms, near the university.");
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();

      // No period: the error beside the field, and everything typed is still there.
      await expect(main.getByText(f.errors.periodRequired)).toBeVisible();
      await expect(main.getByLabel(f.newEstate.rent, { exact: true })).toBeChecked();
      await expect(main.getByLabel(f.newEstate.area, { exact: true })).toHaveValue("95");
      await expect(main.getByLabel(f.newEstate.subject, { exact: true })).toHaveValue(
        "Furnished flat, two rooms, near the university.",
      );
      await expect(type).not.toHaveValue("");

      await main.getByLabel(f.newEstate.period, { exact: true }).selectOption("3");
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/profile\/posts\/\d+\?sent=1$/);
      await expect(toast(page, f.toasts.offerSent)).toBeVisible();
      const id = /\/profile\/posts\/(\d+)/.exec(page.url())![1];
      const heading = (await main.getByRole("heading", { level: 1 }).textContent())!.trim();
      const number = templatePattern(f.post.title).exec(heading)![1];
      const place = (await main.locator("p.page-lead").textContent())!.split(" · ")[2].trim();

      // The editor shows the period, and keeps it with the price.
      const period = main.getByLabel(f.post.period, { exact: true });
      await expect(period).toHaveValue("3");
      await main.getByLabel(f.post.price, { exact: true }).fill("250");
      await main.getByLabel(f.post.currency, { exact: true }).selectOption("USD");
      const saved = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/profile/posts/${id}`),
      );
      await main.getByRole("button", { name: f.post.saveForReview, exact: true }).click();
      await saved;
      await expect(toast(page, f.post.sentForReview)).toBeVisible();

      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      const post = { id, number, location: "", type: "", typeName, place, editor: `/profile/posts/${id}` };
      await openFromQueue(admin, lang, project, post);
      await approve(admin, lang, post);

      await visit(page, `/estate/${id}`, project);
      const price = main.locator(".price").first();
      await expect(price).toContainText("250");
      await expect(price).toContainText(`/ ${per["3"]}`);
    });

    test("rent results filtered by period, with the chip that removes the filter", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/rent-properties", project);
      const form = await editSearch(page, lang);
      await form.getByRole("combobox", { name: s.f.period_type_id }).selectOption("5");
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === "/rent-properties" && url.searchParams.get("period_type_id") === "5",
      );
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      for (let i = 0; i < count; i++) await expect(cards.nth(i).locator(".price").first()).toContainText(`/ ${per["5"]}`);
      // The results keep the chosen period in their form (behind Edit search, decision 058).
      await expect((await editSearch(page, lang)).getByRole("combobox", { name: s.f.period_type_id })).toHaveValue("5");
      const chips = page.getByRole("navigation", { name: s.applied });
      const yearly = lang === "ar" ? "سنوي" : "Yearly";
      await chips.getByRole("link", { name: yearly }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/rent-properties" && !url.searchParams.has("period_type_id"));
      await expect(page.getByRole("navigation", { name: s.applied }).getByRole("link", { name: yearly })).toHaveCount(0);
    });
  });
}
