import { A, accountMenu, CAPTCHA, fillPhone, ownAddress, registerAndConfirm } from "./accounts";
import { cardOf, dialog, F, firstListing, logOut, toast } from "./forms";
import { dismissAppPopup, expect, expectLanguage, hasJs, LANGS, settle, T, test, visit } from "./support";

/**
 * The public forms and card interactions (decision 009), with JavaScript off and on, at phone and desktop size, in
 * Arabic and English: consultation and contact forms, the property offer, the property request (visitor prompt and
 * user), save/unsave, report, revealing a phone after login, and the share box.
 */
for (const lang of LANGS) {
  const f = F[lang];
  const a = A[lang];
  const { c } = T[lang];

  test.describe(`forms (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await dismissAppPopup(page, baseURL);
      await ownAddress(page);
    });

    test("consultation: errors keep the values, then success empties the form; contact form success", async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/consultation", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: f.consultation.title })).toBeVisible();
      await expect(page.getByRole("link", { name: f.consultation.whatsapp })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/\d+\?text=.+/,
      );
      const main = page.getByRole("main");
      const name = main.getByLabel(f.fields.name, { exact: true });
      const mobile = main.getByLabel(f.fields.mobile, { exact: true });
      const summary = main.getByLabel(f.fields.summary, { exact: true });
      const send = main.getByRole("button", { name: f.fields.send, exact: true });

      await name.fill("Rana Khoury");
      await mobile.fill("12");
      // Leave the field first: its error appears on blur and moves the button down.
      await mobile.blur();
      await send.click();
      await expect(page.getByRole("alert").filter({ hasText: f.errors.checkData })).toBeVisible();
      await expect(main.getByText(f.errors.mobileMin)).toBeVisible();
      await expect(main.getByText(f.errors.summaryRequired)).toBeVisible();
      await expect(name).toHaveValue("Rana Khoury");
      await expect(mobile).toHaveValue("12");

      await mobile.fill("0944 123 456");
      await summary.fill("I want to buy a flat in Damascus.");
      await send.click();
      await expect(toast(page, f.toasts.messageSent)).toBeVisible();
      await expect(page).toHaveURL(/\/consultation$/);
      await expect(page.getByRole("alert").filter({ hasText: f.errors.checkData })).toHaveCount(0);
      await expect(name).toHaveValue("");
      await expect(mobile).toHaveValue("");
      await expect(summary).toHaveValue("");

      // The contact form on /call-us: the same form with a subject.
      await visit(page, "/call-us", project);
      await expect(page.getByRole("heading", { name: f.contact.formTitle })).toBeVisible();
      await main.getByLabel(f.fields.subject, { exact: true }).fill("");
      await main.getByLabel(f.fields.name, { exact: true }).fill("Omar Saleh");
      await main.getByLabel(f.fields.mobile, { exact: true }).fill("0933111222");
      await main.getByRole("button", { name: f.fields.send, exact: true }).click();
      await expect(main.getByText(f.errors.subjectRequired)).toBeVisible();
      await main.getByLabel(f.fields.subject, { exact: true }).fill("A listing has a wrong price.");
      await main.getByRole("button", { name: f.fields.send, exact: true }).click();
      await expect(toast(page, f.toasts.messageSent)).toBeVisible();
      await expect(page).toHaveURL(/\/call-us$/);
      await expect(main.getByLabel(f.fields.subject, { exact: true })).toHaveValue("");
    });

    test("new offer: an error keeps the values, then the offer is sent", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/new-estate", project);
      await expect(page.getByRole("heading", { level: 1, name: f.newEstate.title })).toBeVisible();
      const main = page.getByRole("main");
      await main.getByLabel(f.newEstate.rent, { exact: true }).check();
      await main.getByLabel(f.newEstate.type, { exact: true }).selectOption({ index: 1 });
      await main.getByLabel(f.newEstate.finishing, { exact: true }).selectOption({ index: 1 });
      await main.getByLabel(f.newEstate.agent, { exact: true }).check();
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("abc");
      await main.getByLabel(f.fields.name, { exact: true }).fill("Rana Khoury");
      await main.getByLabel(f.fields.mobile, { exact: true }).fill("0944123456");
      await main.getByLabel(f.newEstate.subject, { exact: true }).fill("Three rooms, second floor.");
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();

      await expect(page.getByRole("alert").filter({ hasText: f.errors.offerFailed })).toBeVisible();
      await expect(main.getByText(f.errors.cityRequired)).toBeVisible();
      await expect(main.getByText(f.errors.areaNumeric)).toBeVisible();
      // A rent says what its price is for (decision 057).
      await expect(main.getByText(f.errors.periodRequired)).toBeVisible();
      await expect(main.getByLabel(f.newEstate.area, { exact: true })).toHaveValue("abc");
      await expect(main.getByLabel(f.fields.name, { exact: true })).toHaveValue("Rana Khoury");
      await expect(main.getByLabel(f.fields.mobile, { exact: true })).toHaveValue("0944123456");
      await expect(main.getByLabel(f.newEstate.subject, { exact: true })).toHaveValue("Three rooms, second floor.");
      await expect(main.getByLabel(f.newEstate.rent, { exact: true })).toBeChecked();
      await expect(main.getByLabel(f.newEstate.agent, { exact: true })).toBeChecked();
      await expect(main.getByLabel(f.newEstate.type, { exact: true })).not.toHaveValue("");

      // Locations are grouped by governorate.
      const location = main.getByLabel(f.newEstate.location, { exact: true });
      expect(await location.locator("optgroup").count()).toBeGreaterThan(0);
      const value = await location.locator("optgroup option").first().getAttribute("value");
      await location.selectOption(value!);
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("120");
      await main.getByLabel(f.newEstate.period, { exact: true }).selectOption("3");
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/new-estate\?sent=1$/);
      await expect(toast(page, f.toasts.offerSent)).toBeVisible();
      await expect(main.getByText(f.newEstate.sentTitle)).toBeVisible();
    });

    test("property request: a visitor's prompt, then a user posts one and sees it on the profile", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/create-real-estate-request", project);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: f.prompt.requestTitle })).toBeVisible();
      await expect(main.getByRole("link", { name: f.prompt.login, exact: true })).toHaveAttribute(
        "href",
        "/login?redirectTo=%2Fcreate-real-estate-request",
      );
      await expect(main.getByRole("button", { name: f.request.submit })).toHaveCount(0);

      const phone = await registerAndConfirm(page, lang, project, "request-pass-1");
      // The consultation form is prefilled for a logged-in user.
      await visit(page, "/consultation", project);
      await expect(main.getByLabel(f.fields.name, { exact: true })).toHaveValue("Rana Khoury");
      await expect(main.getByLabel(f.fields.mobile, { exact: true })).toHaveValue(new RegExp(phone.e164.slice(-6)));

      await visit(page, "/create-real-estate-request", project);
      await expect(main.getByRole("heading", { name: f.prompt.requestTitle })).toHaveCount(0);
      await main.getByLabel(c.search.rentTab, { exact: true }).check();
      const location = main.getByLabel(f.request.location, { exact: true });
      const option = location.locator("optgroup option").first();
      const value = (await option.getAttribute("value"))!;
      await location.selectOption(value);
      await main.getByLabel(f.request.type, { exact: true }).selectOption({ index: 1 });
      // A price range upside down is refused, values kept.
      await main.getByLabel(f.request.minPrice, { exact: true }).fill("5000000");
      await main.getByLabel(f.request.maxPrice, { exact: true }).fill("1000000");
      await main.getByLabel(f.request.notes, { exact: true }).fill("Near a school.");
      await main.getByRole("button", { name: f.request.submit, exact: true }).click();
      await expect(main.getByText(f.errors.priceOrder)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: f.errors.checkData })).toBeVisible();
      await expect(main.getByLabel(f.request.notes, { exact: true })).toHaveValue("Near a school.");
      await expect(location).toHaveValue(value);

      await main.getByLabel(f.request.maxPrice, { exact: true }).fill("9000000");
      await main.getByRole("button", { name: f.request.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/profile\?sent=request$/);
      await expect(toast(page, f.toasts.requestSent)).toBeVisible();
      // The profile's own texts (account namespace), also after the client-side redirect.
      await expect(page.getByRole("heading", { level: 1, name: a.profile.title })).toBeVisible();
      const posts = page.locator("section", { has: page.getByRole("heading", { name: a.profile.posts }) });
      const item = posts.getByRole("listitem").filter({ hasText: f.profile.request.split("{{")[0] });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(f.status.pending);
    });

    test("a visitor's card and listing prompts, and the share box", async ({ page, baseURL }, testInfo) => {
      const project = testInfo.project.name;
      const { href, id } = await firstListing(page);
      await visit(page, "/estates", project);
      const card = cardOf(page, href).first();
      const prompts: [string, () => ReturnType<typeof card.getByRole>, string][] = [
        ["save", () => card.getByRole("link", { name: c.card.save, exact: true }), f.prompt.saveTitle],
        ["report", () => card.getByRole("link", { name: c.card.report, exact: true }), f.prompt.reportTitle],
        ["contact", () => card.getByRole("link").filter({ hasText: "•" }), f.prompt.contactTitle],
      ];
      for (const [reason, control, title] of prompts) {
        await control().click();
        await expect(page).toHaveURL(new RegExp(`/estates\\?dialog=login&for=${reason}&estate_id=${id}$`));
        await expect(dialog(page).getByRole("heading", { name: title })).toBeVisible();
        if (reason === "contact") await expect(dialog(page)).toContainText(f.prompt.message);
        // Logging in from the contact prompt comes back with the contact dialog open (decision 059).
        await expect(dialog(page).getByRole("link", { name: f.prompt.login, exact: true })).toHaveAttribute(
          "href",
          reason === "contact"
            ? `/login?redirectTo=${encodeURIComponent(`/estates?dialog=contact&estate_id=${id}`)}`
            : "/login?redirectTo=%2Festates",
        );
        await dialog(page).getByRole("link", { name: f.dialog.close }).click();
        await expect(dialog(page)).toHaveCount(0);
        await expect(page).toHaveURL(/\/estates$/);
      }

      // The listing page: the same prompt comes back to the listing.
      await visit(page, href, project);
      await page.getByRole("complementary").getByRole("link").filter({ hasText: "•" }).click();
      await expect(page).toHaveURL(`${baseURL}${href}?dialog=login&for=contact&estate_id=${id}`);
      await expect(dialog(page).getByRole("heading", { name: f.prompt.contactTitle })).toBeVisible();
      await expect(dialog(page).getByRole("link", { name: f.prompt.login, exact: true })).toHaveAttribute(
        "href",
        `/login?redirectTo=${encodeURIComponent(`${href}?dialog=contact&estate_id=${id}`)}`,
      );
      await dialog(page).getByRole("link", { name: f.dialog.close }).click();
      await expect(dialog(page)).toHaveCount(0);

      // Share: four networks with tracking parameters and the link to copy.
      await page.getByRole("main").getByRole("link", { name: f.share.button }).first().click();
      await expect(dialog(page).getByRole("heading", { name: f.share.title })).toBeVisible();
      for (const [key, host] of [
        ["whatsapp", "https://wa.me/"],
        ["facebook", "https://www.facebook.com/"],
        ["telegram", "https://t.me/"],
        ["x", "https://x.com/"],
      ] as const) {
        const link = dialog(page).getByRole("link", { name: f.share[key], exact: true });
        const url = decodeURIComponent((await link.getAttribute("href"))!);
        expect(url.startsWith(host), `${key} link ${url}`).toBe(true);
        expect(url).toContain(`/estate/${id}?`);
        expect(url).toMatch(/utm_source=\w+/);
        expect(url).toContain("utm_medium=");
        expect(url).toContain("utm_campaign=");
      }
      const field = dialog(page).getByLabel(f.share.link);
      await expect(field).toHaveJSProperty("readOnly", true);
      await expect(field).toHaveValue(new RegExp(`/estate/${id}\\?utm_source=\\w+&utm_medium=\\w+&utm_campaign=\\w+`));
    });

    test("save, see it on the profile, unsave; report without and with a reason", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await registerAndConfirm(page, lang, project, "save-pass-1");
      const { href } = await firstListing(page);
      await visit(page, "/estates", project);
      const card = cardOf(page, href).first();
      const save = card.getByRole("button", { name: c.card.save, exact: true });
      await expect(save).toHaveAttribute("aria-pressed", "false");
      await save.click();
      await expect(toast(page, f.toasts.saved)).toBeVisible();
      const unsave = card.getByRole("button", { name: f.card.unsave, exact: true });
      await expect(unsave).toHaveAttribute("aria-pressed", "true");

      await visit(page, "/profile", project);
      const savedSection = page.locator("section", { has: page.getByRole("heading", { name: a.profile.saved }) });
      await expect(cardOf(page, href)).toHaveCount(1);
      await expect(savedSection.locator(`a[href="${href}"]`).first()).toBeVisible();
      await expect(page.getByText(a.profile.savedEmpty)).toHaveCount(0);

      await visit(page, "/estates", project);
      await card.getByRole("button", { name: f.card.unsave, exact: true }).click();
      await expect(toast(page, f.toasts.unsaved)).toBeVisible();
      await expect(card.getByRole("button", { name: c.card.save, exact: true })).toHaveAttribute("aria-pressed", "false");
      await visit(page, "/profile", project);
      await expect(page.getByText(a.profile.savedEmpty)).toBeVisible();

      // The phone of a card: the contact dialog with the full number.
      await visit(page, "/estates", project);
      await card.getByRole("link", { name: f.card.contact }).first().click();
      await expect(dialog(page).getByRole("link", { name: f.contactDialog.call })).toHaveAttribute("href", /^tel:\+?\d{6,}$/);
      await expect(dialog(page)).not.toContainText("•");
      await expect(dialog(page).getByRole("link", { name: f.contactDialog.whatsapp })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/\d+\?text=.+/,
      );
      await dialog(page).getByRole("link", { name: f.dialog.close }).click();
      await expect(dialog(page)).toHaveCount(0);

      // Report from the card: no reason first, then a reason.
      await visit(page, "/estates", project);
      await card.getByRole("link", { name: c.card.report, exact: true }).click();
      await expect(dialog(page).getByRole("heading", { name: f.report.title })).toBeVisible();
      await expect(dialog(page).getByRole("radio")).toHaveCount(5);
      await dialog(page).getByRole("button", { name: f.report.submit }).click();
      await expect(toast(page, f.errors.reportReason, "alert")).toBeVisible();
      await expect(dialog(page).getByRole("heading", { name: f.report.title })).toBeVisible();
      await dialog(page).getByRole("radio").nth(1).check();
      await dialog(page).getByRole("button", { name: f.report.submit }).click();
      await expect(toast(page, f.toasts.reported)).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/estates$/);
    });

    test("reveal a phone: the visitor's prompt, log in from it, back on the listing, the contact dialog", async ({
      page,
      baseURL,
    }, testInfo) => {
      const project = testInfo.project.name;
      const phone = await registerAndConfirm(page, lang, project, "reveal-pass-1");
      await logOut(page, lang);
      const { href, id } = await firstListing(page);
      await visit(page, href, project);
      const phoneLink = () => page.getByRole("complementary").getByRole("link").filter({ hasText: "•" });
      await phoneLink().click();
      await expect(dialog(page).getByRole("heading", { name: f.prompt.contactTitle })).toBeVisible();
      await dialog(page).getByRole("link", { name: f.prompt.login, exact: true }).click();
      await expect(page).toHaveURL(`${baseURL}/login?redirectTo=${encodeURIComponent(`${href}?dialog=contact&estate_id=${id}`)}`);
      // The login page's own texts (account namespace), also after a client-side navigation from the listing.
      await expect(page.getByRole("heading", { level: 1, name: a.login.heading })).toBeVisible();
      await settle(page, project);
      await fillPhone(page, lang, phone.typed);
      await page.getByLabel(a.fields.password, { exact: true }).fill("reveal-pass-1");
      await page.getByLabel(a.fields.captcha, { exact: true }).fill(CAPTCHA);
      await page.getByRole("button", { name: a.login.submit, exact: true }).click();
      // Back on the listing with the contact dialog already open: no second tap (decision 059).
      await expect(page).toHaveURL(`${baseURL}${href}?dialog=contact&estate_id=${id}`);
      await expect(accountMenu(page).locator("summary")).toContainText("Rana");
      await settle(page, project);
      const box = dialog(page);
      await expect(box).toBeVisible();
      const call = box.getByRole("link", { name: f.contactDialog.call });
      const tel = (await call.getAttribute("href"))!;
      expect(tel).toMatch(/^tel:\+?\d{6,}$/);
      await expect(box).not.toContainText("•");
      await expect(box.locator(".contact-number")).toContainText(tel.slice(-6));
      await expect(box.getByRole("link", { name: f.contactDialog.whatsapp })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/\d+\?text=.+/,
      );
      await box.getByRole("link", { name: f.dialog.close }).click();
      await expect(box).toHaveCount(0);
      if (hasJs(project)) await expect(page).toHaveURL(`${baseURL}${href}`);
    });
  });
}

test("posts from another site, with Origin null, or as old ?_data= requests are refused with 403", async ({
  request,
  baseURL,
}) => {
  const form = { name: "Sami", mobile: "0944123456", subject: "Hello" };
  const evil = await request.post("/consultation", { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(evil.status()).toBe(403);
  const opaque = await request.post("/consultation", { form, headers: { Origin: "null" }, maxRedirects: 0 });
  expect(opaque.status()).toBe(403);
  const crossSite = await request.post("/save", {
    form: { estate_id: "1", is_saved: "1" },
    headers: { "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const oldData = await request.post("/consultation?_data=routes%2Fconsultation", {
    form,
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(oldData.status()).toBe(403);
  // The same post from the site itself goes through (a redirect with the success toast).
  const own = await request.post("/consultation", {
    form,
    headers: { Origin: baseURL!, "X-Forwarded-For": "10.99.0.1" },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
});
