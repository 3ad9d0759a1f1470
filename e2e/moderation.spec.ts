import { A, accountMenu, logIn, ownAddress, readSms, registerAndConfirm } from "./accounts";
import { cardOf, dialog, F, toast } from "./forms";
import {
  AD,
  approve,
  editorState,
  formatted,
  logInAdmin,
  makePhotos,
  openFromQueue,
  postOffer,
  pricePattern,
  profilePost,
  test,
} from "./moderation";
import { editSearch, expect, fill, LANGS, settle, T, visit } from "./support";

/**
 * The moderation journeys (decision 010), with JavaScript off and on, at phone and desktop size, in Arabic and English.
 * Each person has their own browser (context): the owner, the demo admin, another user. An owner's offer becomes a
 * pending post with photos and a price, the admin rejects it with a reason (SMS), the owner fixes it, the admin
 * approves it and it is public and found by the search; a report leads to unpublishing (404); a suspension ends the
 * user's session in their browser.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

for (const lang of LANGS) {
  const f = F[lang];
  const ad = AD[lang];
  const { c } = T[lang];
  const brand = T[lang].c.brand;
  /**
   * The first property type, and a place of its own for each project, language and journey, so the journeys of a run
   * do not fill one search page with each other's listings (the search shows the newest first anyway).
   */
  const pickFor = (project: string, journey: number) => ({
    location: 3 + PROJECTS.indexOf(project) * 7 + (lang === "en" ? 31 : 0) + journey * 3,
    type: 1,
  });

  test.describe(`moderation (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("post with photos and a price, rejected with a reason (SMS), fixed, approved, public and found", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");

      // The owner registers and offers a property: it becomes their pending post, on its editor.
      const phone = await registerAndConfirm(page, lang, project, "owner-pass-1");
      const post = await postOffer(page, lang, project, pickFor(project, 0));
      await expect(editorState(page)).toContainText(f.status.pending);
      await expect(main.getByText(f.post.noPhotos)).toBeVisible();

      // Two photos through the file input; the first is the cover.
      const files = await makePhotos(testInfo);
      await main.getByLabel(f.post.choosePhotos, { exact: true }).setInputFiles(files);
      await main.getByRole("button", { name: f.post.upload, exact: true }).click();
      await expect(toast(page, f.post.sentForReview)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${post.editor}$`));
      const photos = main.locator("ol.photo-list > li");
      await expect(photos).toHaveCount(2);
      await expect(main.getByRole("heading", { name: fill(f.post.photos, { count: 2, max: 12 }) })).toBeVisible();
      for (const n of [1, 2]) {
        const img = photos.nth(n - 1).getByRole("img", { name: fill(f.post.photoAlt, { n }), exact: true });
        await expect(img).toHaveAttribute("src", /^\/images\/u-[0-9a-f-]{36}-\d+\.webp$/);
        const image = await page.request.get((await img.getAttribute("src"))!);
        expect(image.status(), `photo ${n} is served`).toBe(200);
        expect(image.headers()["content-type"]).toContain("image/webp");
      }
      await expect(photos.nth(0).getByText(f.post.cover, { exact: true })).toBeVisible();
      await expect(photos.nth(1).getByText(f.post.cover, { exact: true })).toHaveCount(0);
      await expect(photos.nth(1).getByRole("button", { name: f.post.makeCover, exact: true })).toBeVisible();
      await expect(main.getByText(fill(f.post.uploadHint, { left: 10 }))).toBeVisible();

      // A price in the details form, saved for review.
      await settle(page, project);
      const price = main.getByLabel(f.post.price, { exact: true });
      await price.fill("85000000");
      // The upload's toast has the same text and the state is pending already: wait for the save's own answer
      // before reloading, or the reload could cancel the save still on its way.
      const saved = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(post.editor),
      );
      await main.getByRole("button", { name: f.post.saveForReview, exact: true }).click();
      await saved;
      await expect(toast(page, f.post.sentForReview)).toBeVisible();
      await expect(editorState(page)).toContainText(f.status.pending);
      await page.reload();
      await expect(price).toHaveValue("85000000");

      // The admin finds it in the queue by its ad number and sees what the owner entered.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await openFromQueue(admin, lang, project, post);
      const review = admin.getByRole("main");
      await expect(review.getByText(ad.states.pending, { exact: true })).toBeVisible();
      await expect(review).toContainText("Rana Khoury");
      await expect(review.locator("ol.photo-list img")).toHaveCount(2);
      await expect(review.locator("dl.details > div").filter({ hasText: ad.facts.price })).toContainText(pricePattern(85000000));

      // Rejected with a common reason and a free text, in the owner's language.
      const rejectForm = review
        .locator("form")
        .filter({ has: admin.getByRole("button", { name: ad.review.reject, exact: true }) });
      await rejectForm.getByRole("radio", { name: ad.reasons.price }).check();
      const freeText = lang === "ar" ? "السعر أقل بكثير من أسعار الحي" : "The price is far below the area's prices";
      await rejectForm.getByLabel(ad.reason.text, { exact: true }).fill(freeText);
      await rejectForm.getByRole("button", { name: ad.review.reject, exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/posts$/);
      await expect(toast(admin, ad.done.reject)).toBeVisible();
      await expect(admin.getByRole("main").locator(`a[href="/admin/posts/${post.id}"]`)).toHaveCount(0);
      const reason = `${ad.reasons.price}: ${freeText}`;

      // The owner's SMS says so, with the reason (the code of the registration was SMS 0).
      const sms = await readSms(phone.e164, 1);
      expect(sms).toBe(fill(ad.sms.rejected, { brand, number: post.number, reason }));

      // The profile: rejected, with the reason; the editor says it too. A new price sends it back to review.
      await visit(page, "/profile", project);
      const row = profilePost(page, lang, post.number);
      await expect(row).toHaveCount(1);
      await expect(row.locator(".chip")).toHaveText(f.status.rejected);
      await expect(row).toContainText(fill(f.profile.reason, { reason }));
      await expect(row.getByRole("link", { name: f.profile.view })).toHaveCount(0);
      const editLink = row.getByRole("link", {
        name: fill(f.profile.offer, { type: post.typeName, place: post.place }),
        exact: true,
      });
      await expect(editLink).toHaveAttribute("href", post.editor);
      await editLink.click();
      await expect(page).toHaveURL(new RegExp(`${post.editor}$`));
      await expect(editorState(page)).toContainText(f.status.rejected);
      await expect(main.getByText(fill(f.profile.reason, { reason }))).toBeVisible();
      await settle(page, project);
      await expect(price).toHaveValue("85000000");
      await price.fill("120000000");
      await main.getByRole("button", { name: f.post.saveForReview, exact: true }).click();
      await expect(toast(page, f.post.sentForReview)).toBeVisible();
      await expect(editorState(page)).toContainText(f.status.pending);
      await expect(main.getByText(fill(f.profile.reason, { reason }))).toHaveCount(0);
      await visit(page, "/profile", project);
      await expect(row.locator(".chip")).toHaveText(f.status.pending);
      await expect(row).not.toContainText(fill(f.profile.reason, { reason }));

      // The admin sees the new price and approves.
      await openFromQueue(admin, lang, project, post);
      await expect(review.locator("dl.details > div").filter({ hasText: ad.facts.price })).toContainText(pricePattern(120000000));
      await approve(admin, lang, post);
      expect(await readSms(phone.e164, 2)).toBe(fill(ad.sms.approved, { brand, number: post.number }));

      // Published: the profile links to the public listing, which shows the new price and both photos.
      await visit(page, "/profile", project);
      await expect(row.locator(".chip")).toHaveText(f.status.approved);
      const view = row.getByRole("link", { name: f.profile.view });
      await expect(view).toHaveAttribute("href", `/estate/${post.id}`);
      await view.click();
      await expect(page).toHaveURL(new RegExp(`/estate/${post.id}$`));
      await expect(main.locator("p.estate-price .price-amount")).toHaveText(formatted(120000000));
      // The listing's own photos (the similar listings below have theirs).
      const gallery = main.locator(".estate-media").getByRole("list", { name: fill(c.card.photos, { count: 2 }) });
      await expect(gallery.getByRole("img")).toHaveCount(2);
      for (const img of await gallery.getByRole("img").all())
        await expect(img).toHaveAttribute("src", /^\/images\/u-[0-9a-f-]{36}-\d+\.webp$/);
      await expect(main.getByText(post.number, { exact: true })).toBeVisible();

      // The search form finds it for its offer type, type and place (newest first).
      await visit(page, "/estates", project);
      const search = await editSearch(page, lang);
      await search.getByRole("radio", { name: c.search.saleTab }).check();
      await search.getByRole("combobox", { name: c.search.location }).selectOption(post.location);
      await search.getByRole("combobox", { name: c.search.estateType }).selectOption(post.type);
      await search.getByRole("button", { name: c.search.submit }).click();
      await expect(page).toHaveURL((url) => {
        const q = url.searchParams;
        return (
          url.pathname === "/estates" &&
          q.get("location_id") === post.location &&
          q.get("estate_type_id") === post.type &&
          q.get("estate_offer_type_id") === "1"
        );
      });
      const card = cardOf(page, `/estate/${post.id}`);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(formatted(120000000));
      await expect(page.getByRole("region", { name: c.search.similar }).locator(`a[href="/estate/${post.id}"]`)).toHaveCount(0);
    });

    test("a report reaches the admin, who unpublishes the listing: 404, and the owner sees why", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;

      // An owner's post, approved by the admin.
      const phone = await registerAndConfirm(page, lang, project, "owner-pass-2");
      const post = await postOffer(page, lang, project, pickFor(project, 1));
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await openFromQueue(admin, lang, project, post);
      await approve(admin, lang, post);
      const href = `/estate/${post.id}`;

      // Another user reports it from the listing page; the owner's editor is not theirs to see.
      const reporter = await newBrowser(lang);
      await registerAndConfirm(reporter, lang, project, "reporter-pass-1");
      await visit(reporter, post.editor, project, 404);
      await visit(reporter, href, project);
      await reporter.getByRole("complementary").getByRole("link", { name: c.card.report }).click();
      const box = dialog(reporter);
      await expect(box.getByRole("heading", { name: f.report.title })).toBeVisible();
      const choice = box
        .locator("label")
        .filter({ has: reporter.getByRole("radio") })
        .nth(1);
      const reasonName = (await choice.textContent())!.trim();
      await choice.getByRole("radio").check();
      await box.getByRole("button", { name: f.report.submit }).click();
      await expect(toast(reporter, f.toasts.reported)).toBeVisible();
      await expect(dialog(reporter)).toHaveCount(0);

      // The admin's reports: the listing with one report and its reason.
      await visit(admin, "/admin/reports", project);
      await expect(admin.getByRole("heading", { level: 1, name: ad.reports.title })).toBeVisible();
      const group = admin
        .getByRole("main")
        .locator("ol.admin-list > li")
        .filter({ has: admin.locator(`a[href="/admin/posts/${post.id}"]`) });
      await expect(group).toHaveCount(1);
      await expect(group).toContainText(fill(ad.reports.count_one, { count: 1 }));
      await expect(group.getByRole("listitem")).toHaveText([`${reasonName}: 1`]);

      // Unpublished with a reason: the reports close, the listing is gone.
      const freeText = lang === "ar" ? "الصور مأخوذة من إعلان آخر" : "The photos come from another listing";
      await group.getByRole("radio", { name: ad.reasons.photos }).check();
      await group.getByLabel(ad.reason.text, { exact: true }).fill(freeText);
      await group.getByRole("button", { name: ad.review.unpublish, exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/reports$/);
      await expect(toast(admin, ad.done.unpublish)).toBeVisible();
      await expect(admin.getByRole("main").locator(`a[href="/admin/posts/${post.id}"]`)).toHaveCount(0);
      const reason = `${ad.reasons.photos}: ${freeText}`;

      const gone = await reporter.goto(href);
      expect(gone!.status(), `${href} after unpublishing`).toBe(404);
      expect(await readSms(phone.e164, 2)).toBe(fill(ad.sms.unpublished, { brand, number: post.number, reason }));

      // The owner's profile: rejected, with the reason, and no link to a public page.
      await visit(page, "/profile", project);
      const row = profilePost(page, lang, post.number);
      await expect(row.locator(".chip")).toHaveText(f.status.rejected);
      await expect(row).toContainText(fill(f.profile.reason, { reason }));
      await expect(row.getByRole("link", { name: f.profile.view })).toHaveCount(0);
    });

    test("suspending an account ends its session in the user's own browser", async ({ page, newBrowser }, testInfo) => {
      const project = testInfo.project.name;
      const a = A[lang];

      // The user, logged in, on their profile.
      const phone = await registerAndConfirm(page, lang, project, "member-pass-1");
      await visit(page, "/profile", project);
      await expect(page.getByRole("heading", { level: 1, name: a.profile.title })).toBeVisible();

      // The admin finds them by phone number and suspends them with a reason.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await visit(admin, "/admin/users", project);
      await expect(admin.getByRole("heading", { level: 1, name: ad.users.title })).toBeVisible();
      await admin.getByLabel(ad.users.search, { exact: true }).fill(phone.typed);
      await admin.getByRole("button", { name: ad.users.find }).click();
      await expect(admin).toHaveURL((url) => url.pathname === "/admin/users" && url.searchParams.get("q") === phone.typed);
      const account = admin.getByRole("main").locator("ol.admin-list > li");
      await expect(account).toHaveCount(1);
      await expect(account).toContainText("Rana Khoury");
      await expect(account).toContainText(ad.userStates.active);
      const why = lang === "ar" ? "إعلانات وهمية متكررة" : "Repeated fake listings";
      await settle(admin, project);
      await account.getByLabel(ad.reason.text, { exact: true }).fill(why);
      await account.getByRole("button", { name: ad.users.suspend, exact: true }).click();
      await expect(toast(admin, ad.done.suspend)).toBeVisible();
      await expect(account).toContainText(ad.userStates.suspended);
      await expect(account).toContainText(fill(ad.users.reason, { reason: why }));
      await expect(account.getByRole("button", { name: ad.users.lift, exact: true })).toBeVisible();
      expect(await readSms(phone.e164, 1)).toBe(fill(ad.sms.suspended, { brand, reason: why }));

      // In the user's browser, still showing the profile with the account menu: the menu's profile link now leads to
      // the login page, logged out.
      await accountMenu(page).locator("summary").click();
      await accountMenu(page).getByRole("link", { name: c.nav.profile }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
      await expect(page.getByRole("heading", { level: 1, name: a.login.heading })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: c.nav.login })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);

      // The next page load is logged out, and the profile asks for a login.
      await visit(page, "/", project);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: c.nav.login })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);
      await page.goto("/profile");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
      await expect(page.getByRole("heading", { level: 1, name: a.login.heading })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);

      // Logging in again is refused with the suspension's message.
      await logIn(page, lang, project, phone.typed, "member-pass-1");
      await expect(page.getByRole("alert").filter({ hasText: a.errors.suspended })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);
    });

    test("the back office's menu leads to the background jobs, where no job has failed", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await logInAdmin(page, lang, project);
      await visit(page, "/admin", project);
      // The dashboard's SMS limits (decision 053): today's sent messages lead to the SMS log.
      await expect(page.getByRole("heading", { level: 2, name: ad.smsLimits.title })).toBeVisible();
      await expect(page.getByRole("link", { name: ad.smsLimits.budget })).toHaveAttribute("href", "/admin/sms");
      await page.getByRole("navigation", { name: ad.nav.label }).getByRole("link", { name: ad.nav.jobs }).click();
      await expect(page).toHaveURL(/\/admin\/jobs$/);
      await expect(page.getByRole("heading", { level: 1, name: ad.jobs.title })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: ad.jobs.failed })).toBeVisible();
      await expect(page.getByText(ad.jobs.noneFailed)).toBeVisible();
    });
  });
}
