import { estateCards, expect, expectLanguage, fill, LANGS, T, test, visit } from "./support";

/**
 * The facts Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md), in every browser project,
 * with and without JavaScript, in both languages: the advanced search's "More filters" asks for at least 8 hours of
 * grid electricity and solar panels, the results say so in removable chips and each card shows its hours, a chip
 * removes its own filter only, and a listing found shows its facts table.
 */
for (const lang of LANGS) {
  const { c } = T[lang];
  const s = c.search as typeof c.search & { f: Record<string, string>; chip: Record<string, string>; applied: string };
  const facts = (c as unknown as { facts: Record<string, string> & { cardSolar: string } }).facts;

  test.describe(`the facts before the call (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
    });

    test("8+ hours of electricity and solar from the advanced search, their chips, and a listing's facts table", async ({
      page,
    }, testInfo) => {
      await visit(page, "/advanced-search", testInfo.project.name);
      await expectLanguage(page, lang);
      const form = page.getByRole("search", { name: s.title });
      await form.getByText(s.more).click();
      await form.getByRole("textbox", { name: s.f.electricity_min }).fill("8");
      await form.getByRole("checkbox", { name: s.f.solar }).check();
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("electricity_min") === "8" && url.searchParams.get("solar") === "1",
      );

      const chips = page.getByRole("navigation", { name: s.applied });
      await expect(chips.getByRole("link", { name: fill(s.chip.electricityMin, { n: 8 }) })).toBeVisible();
      const solarChip = chips.getByRole("link", { name: s.f.solar });
      await expect(solarChip).toBeVisible();
      // Every card found states its hours (8 or more) and its solar panels.
      const cards = estateCards(page);
      await expect(cards.first()).toBeVisible();
      const hours = await cards.evaluateAll((list) => list.map((card) => card.textContent ?? ""));
      for (const text of hours) {
        const n = Number(/(\d+)\s*(?:h\/day|س\/يوم)/.exec(text)?.[1]);
        expect(n, text).toBeGreaterThanOrEqual(8);
        expect(text).toContain(facts.cardSolar);
      }
      const first = cards.first().locator('h3 a[href^="/estate/"]');
      const href = (await first.getAttribute("href"))!;

      // The chip removes the solar filter only.
      await solarChip.click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("solar") === null && url.searchParams.get("electricity_min") === "8",
      );

      await visit(page, href, testInfo.project.name);
      await expectLanguage(page, lang);
      const table = page.getByRole("region", { name: facts.title });
      await expect(table.getByRole("rowheader", { name: facts.electricity_hours })).toBeVisible();
      await expect(table.getByRole("row", { name: facts.solar })).toContainText(c.common.yes);
    });
  });
}
