import { A, ownAddress, readSms, registerAndConfirm, smsCount } from "./accounts";
import { toast } from "./forms";
import { approve, logInAdmin, openFromQueue, postOffer, test } from "./moderation";
import { expect, fill, LANGS, settle, T } from "./support";

/**
 * Saved searches and their SMS alerts (decision 030), with JavaScript off and on, phone and desktop, Arabic
 * and English: a visitor registers, saves the search of a results page from its "Tell me by SMS" link, an owner's
 * matching offer is approved by the admin, the alert SMS arrives and its link opens the new results; the search is
 * listed on /profile with its last alert, then paused from there.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

for (const lang of LANGS) {
  const a = A[lang] as (typeof A)[typeof lang] & {
    searches: Record<string, string> & { frequencies: Record<string, string>; done: Record<string, string> };
  };
  const s = T[lang].c.search as typeof T.ar.c.search & { alert: string; alertLabel: string; chip: Record<string, string> };

  test.describe(`saved searches (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("save a search, an approved listing sends the alert SMS, its link opens the new results", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(150_000);
      const project = testInfo.project.name;
      // A place of its own for each project and language (the moderation journeys use the first sixty or so).
      const pick = { location: 120 + PROJECTS.indexOf(project) * 5 + (lang === "en" ? 2 : 0), type: 1 };

      // An owner offers a property there: a pending post, not public yet.
      const owner = await newBrowser(lang);
      await registerAndConfirm(owner, lang, project, "owner-pass-1");
      const post = await postOffer(owner, lang, project, pick);

      // The saver registers, opens that search's results and keeps the search.
      const phone = await registerAndConfirm(page, lang, project, "saver-pass-1");
      await page.goto(
        `/estates?location_id=${post.location}&estate_type_id=${post.type}&estate_offer_type_id=1&price_domain_id=`,
      );
      await settle(page, project);
      await page.getByRole("navigation", { name: s.alertLabel }).getByRole("link", { name: s.alert }).click();
      await expect(page).toHaveURL(/\/save-search\?/);
      await expect(page.getByRole("heading", { level: 1, name: a.searches.saveTitle })).toBeVisible();
      const name = lang === "ar" ? "بيوت للبيع" : "Homes for sale";
      const main = page.getByRole("main");
      // A name left empty comes back with the message and the frequency kept.
      await settle(page, project);
      await main.getByLabel(a.searches.name, { exact: true }).fill("");
      await main.getByLabel(a.searches.frequency, { exact: true }).selectOption("daily");
      await main.getByRole("button", { name: a.searches.save }).click();
      await expect(main.getByText(a.searches.errors.name)).toBeVisible();
      await expect(main.getByLabel(a.searches.frequency, { exact: true })).toHaveValue("daily");
      await main.getByLabel(a.searches.name, { exact: true }).fill(name);
      await main.getByLabel(a.searches.frequency, { exact: true }).selectOption("instant");
      await main.getByRole("button", { name: a.searches.save }).click();
      await expect(page).toHaveURL(/\/profile/);
      await expect(toast(page, fill(a.searches.saved, { name }))).toBeVisible();
      const row = page.getByRole("main").locator("ul.post-list > li").filter({ hasText: name });
      await expect(row).toContainText(a.searches.noAlertYet);

      // The admin approves the owner's offer: it matches the saved search.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await openFromQueue(admin, lang, project, post);
      await approve(admin, lang, post);

      // The alert arrives within seconds (SMS 0 was the activation code), naming one new listing.
      await expect.poll(() => smsCount(phone.e164), { timeout: 60_000 }).toBeGreaterThan(1);
      const sms = await readSms(phone.e164, 1);
      expect(sms).toContain(name);
      // A signed link (decision 046): the search and the moment in base 36, the expiry, the signature.
      const link = /https?:\/\/[^\s]+\/a\/[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+\.[\w-]{22}/.exec(sms)![0];
      expect(sms).toMatch(/\/alerts\/stop\?t=\S+/);
      await page.goto(new URL(link).pathname);
      await settle(page, project);
      await expect(page).toHaveURL(/\/estates\?.*since=\d+/);
      await expect(page.locator(`a[href="/estate/${post.id}"]`).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: s.applied })).toContainText(s.chip.since.split("{{")[0].trim());

      // /profile shows the last alert's time; the search is paused from there.
      await page.goto("/profile");
      await settle(page, project);
      const listed = page.getByRole("main").locator("ul.post-list > li").filter({ hasText: name });
      await expect(listed).toContainText(a.searches.lastAlert.split("{{")[0].trim());
      await listed.getByRole("button", { name: a.searches.pause }).click();
      await expect(toast(page, a.searches.done.pause)).toBeVisible();
      await expect(page.getByRole("main").locator("ul.post-list > li").filter({ hasText: name })).toContainText(
        a.searches.paused,
      );
    });
  });
}
