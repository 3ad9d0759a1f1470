import { A, fillPhone, newPhone, readSms, codeOf, ownAddress } from "./accounts";
import { F, toast } from "./forms";
import { AD, editorState, logInAdmin, makePhotos, pricePattern, test } from "./moderation";
import { expect, LANGS, literal, settle, T, visit } from "./support";

/**
 * An offer becomes a listing (docs/decisions/055-offer-to-listing.md), with JavaScript off and on, at
 * phone and desktop size, in Arabic and English. A visitor without an account offers a rental on /new-estate; the
 * demo admin opens the offer from the back office and makes a listing draft in one step; the owner follows the SMS
 * link (read from the server's log), confirms the number by signing up with it (the code SMS) and comes back to the
 * link, takes the draft, adds a photo, a price and the period, and sends it for review; the admin approves it, and
 * the listing is on its public page.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

/** A pattern of a translated text with one `{{name}}` value: the text around it, any value in its place. */
function withValue(template: string): RegExp {
  return new RegExp(
    template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((part) => literal(part).source)
      .join(".+?"),
  );
}

for (const lang of LANGS) {
  const f = F[lang];
  const ad = AD[lang];
  const a = A[lang];
  const od = T[lang].c.offerDraft;

  test.describe(`offer to listing (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("a visitor's offer becomes a published listing after the owner adds a photo", async ({ page, newBrowser }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");
      const phone = newPhone();
      // A name of this journey alone, to find its offer among the others of the run.
      const sender = `Samir ${lang} ${project}`;

      // The visitor offers a flat for rent, without an account.
      await visit(page, "/new-estate", project);
      await main.getByLabel(f.newEstate.rent, { exact: true }).check();
      await main.getByLabel(f.newEstate.type, { exact: true }).selectOption({ index: 1 });
      await main.getByLabel(f.newEstate.finishing, { exact: true }).selectOption({ index: 3 });
      const location = main.getByLabel(f.newEstate.location, { exact: true });
      const place = (await location
        .locator("optgroup option")
        .nth(5 + PROJECTS.indexOf(project))
        .getAttribute("value"))!;
      await location.selectOption(place);
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("110");
      await main.getByLabel(f.newEstate.period, { exact: true }).selectOption("3");
      await main.getByLabel(f.fields.name, { exact: true }).fill(sender);
      await main.getByLabel(f.fields.mobile, { exact: true }).fill(phone.typed);
      const subject = lang === "ar" ? "شقة مشمسة من ثلاث غرف قرب السوق" : "A sunny three-room flat near the market";
      await main.getByLabel(f.newEstate.subject, { exact: true }).fill(subject);
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/new-estate\?sent=1$/);
      await expect(toast(page, f.toasts.offerSent)).toBeVisible();

      // The admin opens it from the back office's list of visitors' requests and makes the draft in one step.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await visit(admin, "/admin/leads", project);
      const offerLink = admin.getByRole("main").locator("li").filter({ hasText: sender }).locator('a[href^="/admin/offers/"]');
      await expect(offerLink).toHaveCount(1);
      await offerLink.click();
      await expect(admin).toHaveURL(/\/admin\/offers\/\d+$/);
      const offerPath = new URL(admin.url()).pathname;
      await settle(admin, project);
      const offerPage = admin.getByRole("main");
      await expect(offerPage).toContainText(sender);
      await expect(offerPage).toContainText(subject);
      await expect(offerPage.locator(`a[href="tel:${phone.e164}"]`)).toBeVisible();
      await offerPage.getByRole("button", { name: ad.offers.make, exact: true }).click();
      await expect(toast(admin, "").filter({ hasText: withValue(ad.offers.made) })).toBeVisible();
      await expect(offerPage.getByText(ad.states.draft, { exact: true })).toBeVisible();
      await expect(offerPage).toContainText(ad.offers.waiting);
      await expect(offerPage.getByRole("button", { name: ad.offers.make, exact: true })).toHaveCount(0);

      // The owner's SMS: the link of the draft, on the site's own address.
      const sms = await readSms(phone.e164, 0);
      const match = /https?:\/\/[^\s]+(\/od\/[A-Za-z0-9._-]+)/.exec(sms);
      expect(match, `a draft link in "${sms}"`).not.toBeNull();
      const link = match![1];

      // The owner opens it: the draft is for their number; they sign up with it and come back to the link.
      await visit(page, link, project);
      await expect(main.getByRole("heading", { level: 1, name: od.title })).toBeVisible();
      await main.getByRole("link", { name: od.register, exact: true }).click();
      await expect(page).toHaveURL(/\/login\?.*tab=2/);
      await settle(page, project);
      await main.getByLabel(a.fields.firstName).fill("Samir");
      await main.getByLabel(a.fields.lastName).fill("Khoury");
      await fillPhone(page, lang, phone.typed);
      await main.getByLabel(a.fields.password, { exact: true }).fill("owner-pass-23");
      await main.getByRole("button", { name: a.login.registerSubmit }).click();
      await expect(page).toHaveURL(/\/confirm$/);
      const code = codeOf(await readSms(phone.e164, 1));
      await settle(page, project);
      await main.getByLabel(a.fields.code).fill(code);
      await main.getByRole("button", { name: a.confirm.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.replace(/\./g, "\\.")}$`));
      await expect(toast(page, a.toasts.activated)).toBeVisible();
      await settle(page, project);

      // Logged in with the number: the draft becomes theirs, in the post editor.
      await main.getByRole("button", { name: od.claim, exact: true }).click();
      await expect(page).toHaveURL(/\/profile\/posts\/\d+$/);
      const editorPath = new URL(page.url()).pathname;
      const id = editorPath.split("/").pop()!;
      await expect(toast(page, od.claimed)).toBeVisible();
      await expect(editorState(page)).toContainText(f.status.draft);
      await settle(page, project);

      // A photo, then the price and the rental period; the draft stays a draft.
      const [photo] = await makePhotos(testInfo);
      await main.getByLabel(f.post.choosePhotos, { exact: true }).setInputFiles([photo]);
      await main.getByRole("button", { name: f.post.upload, exact: true }).click();
      await expect(toast(page, f.post.saved)).toBeVisible();
      await expect(main.locator("ol.photo-list > li")).toHaveCount(1);
      await settle(page, project);
      await main.getByLabel(f.post.price, { exact: true }).fill("3500000");
      await main.getByLabel(f.post.period, { exact: true }).selectOption("3");
      const saved = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(editorPath),
      );
      await main.getByRole("button", { name: f.post.saveForReview, exact: true }).click();
      await saved;
      await expect(editorState(page)).toContainText(f.status.draft);
      await page.reload();
      await expect(main.getByLabel(f.post.price, { exact: true })).toHaveValue("3500000");
      await expect(main.getByLabel(f.post.period, { exact: true })).toHaveValue("3");
      await settle(page, project);

      // Sent for review: pending, as any post.
      await main.getByRole("button", { name: f.post.submit, exact: true }).click();
      await expect(toast(page, f.post.submitted)).toBeVisible();
      await expect(editorState(page)).toContainText(f.status.pending);
      // Not public before an admin approves it.
      await visit(page, `/estate/${id}`, project, 404);

      // The admin approves it on its review page; the offer's page shows it published.
      await visit(admin, `/admin/posts/${id}`, project);
      await expect(admin.getByRole("main").getByText(ad.states.pending, { exact: true })).toBeVisible();
      await admin.getByRole("main").getByRole("button", { name: ad.review.approve, exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/posts$/);
      await expect(toast(admin, ad.done.approve)).toBeVisible();
      await visit(admin, offerPath, project);
      await expect(admin.getByRole("main").getByText(ad.states.approved, { exact: true })).toBeVisible();

      // The listing is public: its page with the price and the photo.
      await visit(page, `/estate/${id}`, project);
      await expect(main).toContainText(pricePattern(3500000));
      await expect(main.locator('img[src^="/images/u-"]').first()).toBeVisible();
      await expect(main).toContainText(subject);
    });
  });
}
