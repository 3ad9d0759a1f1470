import { expect, fill, LANGS, T, test, visit } from "./support";

/**
 * Words that name a filter (decision 056), as a visitor types them in the home page's search, with and without
 * JavaScript: "شقة مفروشة في المزة ٣ غرف" is answered at the address typed, without a redirect (decision 087), with the
 * results of the apartment, furnished, Mezzeh and 3-rooms filters, shown as removable chips, and a canonical link to
 * those filters' address.
 */
for (const lang of LANGS) {
  const { c } = T[lang];
  const s = c.search as typeof c.search & {
    f: Record<string, string>;
    chip: Record<string, string>;
    applied: string;
    placeSeparator: string;
  };

  test.describe(`search words (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
    });

    test("typed filter words in the home search become the results' filters and chips", async ({ page }, testInfo) => {
      await visit(page, "/", testInfo.project.name);
      const form = page.getByRole("search", { name: s.title });
      const typed = "شقة مفروشة في المزة ٣ غرف";
      const redirects: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 300 && response.status() < 400) redirects.push(response.url());
      });
      await form.getByRole("searchbox", { name: s.f.q }).fill(typed);
      await form.getByRole("button", { name: s.submit }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("q") === typed);
      // The page's own address is the filters': its canonical link names them, without the words.
      await expect
        .poll(async () => {
          const q = new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "", page.url()).searchParams;
          return [q.get("estate_type_id"), q.get("furnished"), q.get("rooms_min"), Boolean(q.get("location_id")), q.get("q")];
        })
        .toEqual(["6", "1", "3", true, null]);
      expect(redirects).toEqual([]);
      // A chip's name ends with the " ×" the style sheet adds to say it removes the filter.
      const chips = page.getByRole("navigation", { name: s.applied });
      const mezzeh = lang === "ar" ? `دمشق${s.placeSeparator}المزة` : `Damascus${s.placeSeparator}Mezzeh`;
      await expect(chips.getByRole("link", { name: `${mezzeh} ×`, exact: true })).toBeVisible();
      await expect(chips.getByRole("link", { name: lang === "ar" ? "شقة ×" : "Apartment ×", exact: true })).toBeVisible();
      await expect(chips.getByRole("link", { name: `${s.f.furnished} ×`, exact: true })).toBeVisible();
      // Three rooms: Arabic's plural for 3 to 10 ("few"), English's "other".
      const rooms = fill(lang === "ar" ? s.chip.roomsMin_few : s.chip.roomsMin_other, { n: 3 });
      await expect(chips.getByRole("link", { name: `${rooms} ×`, exact: true })).toBeVisible();
    });
  });
}
