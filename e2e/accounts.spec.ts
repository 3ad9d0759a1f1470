import {
  A,
  accountMenu,
  CAPTCHA,
  codeOf,
  fillPhone,
  logIn,
  newPhone,
  ownAddress,
  readSms,
  registerAndConfirm,
  resetPathOf,
  smsCount,
} from "./accounts";
import { expect, expectLanguage, hasJs, LANGS, settle, T, test, visit } from "./support";

/**
 * The account journeys (decision 008), with JavaScript off and on, at phone and desktop size, in Arabic and English:
 * register, read the code from the outbox, confirm, the account menu, log out, log in with the captcha, a failed
 * login with a new captcha, the password reset from the SMS link, the profile and its login redirect.
 */
for (const lang of LANGS) {
  const a = A[lang];
  const { c } = T[lang];

  test.describe(`accounts (${lang})`, () => {
    test.beforeEach(async ({ page, useLang }) => {
      await useLang(lang);
      await ownAddress(page);
    });

    test("register, confirm with the SMS code, account menu, log out, fail a login, log in with the captcha", async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      // Sign-up tab: bad input comes back with its messages and every typed value except the password.
      await visit(page, "/login?tab=2", project);
      await expectLanguage(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: a.login.heading })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: a.login.title });
      await expect(tabs.getByRole("link", { name: a.login.tabRegister })).toHaveAttribute("aria-current", "page");
      const phone = newPhone();
      await page.getByLabel(a.fields.firstName).fill("R");
      await page.getByLabel(a.fields.lastName).fill("Khoury");
      await fillPhone(page, lang, phone.typed);
      await page.getByLabel(a.fields.password, { exact: true }).fill("short");
      await page.getByRole("button", { name: a.login.registerSubmit }).click();
      await expect(page.getByText(a.errors.nameLength)).toBeVisible();
      await expect(page.getByText(a.errors.registerPasswordLength)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: a.errors.checkData })).toBeVisible();
      await expect(page.getByLabel(a.fields.lastName)).toHaveValue("Khoury");
      await expect(page.getByLabel(a.fields.phone, { exact: true })).toHaveValue(phone.typed);
      expect(smsCount(phone.e164), "no SMS for a form with errors").toBe(0);

      await page.getByLabel(a.fields.firstName).fill("Rana");
      await page.getByLabel(a.fields.password, { exact: true }).fill("long-enough-1");
      await page.getByRole("button", { name: a.login.registerSubmit }).click();
      await expect(page).toHaveURL(/\/confirm$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.registerSuccess })).toBeVisible();
      await expect(page.getByText(/\+963 944/)).toBeVisible();

      // The code from the outbox; a wrong one first.
      const code = codeOf(await readSms(phone.e164, 0));
      // The SMS are sent by the server's job worker in the order they were queued: had the refused form queued one,
      // it would be here by now.
      expect(smsCount(phone.e164), "one SMS: none for the form with errors").toBe(1);
      await settle(page, project);
      const submit = page.getByRole("button", { name: a.confirm.submit, exact: true });
      if (hasJs(project)) {
        await page.getByLabel(a.fields.code).fill(code.slice(0, 5));
        await expect(submit, "submit is disabled under 6 digits").toBeDisabled();
      }
      await page.getByLabel(a.fields.code).fill(code === "000000" ? "111111" : "000000");
      await submit.click();
      await expect(page.getByText(a.errors.codeWrong)).toBeVisible();
      await page.getByLabel(a.fields.code).fill(code);
      await submit.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.activated })).toBeVisible();

      // The account menu replaces the login button; it opens without JavaScript (a <details>).
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: c.nav.login })).toHaveCount(0);
      const menu = accountMenu(page);
      await expect(menu.locator("summary")).toContainText("Rana");
      await menu.locator("summary").click();
      await expect(menu.getByRole("link", { name: c.nav.profile })).toBeVisible();
      await menu.getByRole("button", { name: c.nav.logout }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.logout })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);

      // A failed login: its message, a new captcha, the phone kept, the password not echoed. Every post
      // (and the refresh button) shows a new captcha image; the next step waits for it, since with JavaScript the
      // image arrives just after the form's answer.
      await settle(page, project);
      const captchaImage = page.getByRole("img", { name: a.fields.captchaAlt });
      const newCaptcha = async (act: () => Promise<void>) => {
        const before = await captchaImage.getAttribute("src");
        await act();
        await expect.poll(() => captchaImage.getAttribute("src"), { message: "a new captcha image" }).not.toBe(before);
      };
      await fillPhone(page, lang, phone.typed);
      await page.getByLabel(a.fields.password, { exact: true }).fill("wrong-password");
      await page.getByLabel(a.fields.captcha, { exact: true }).fill(CAPTCHA);
      await newCaptcha(() => page.getByRole("button", { name: a.login.submit, exact: true }).click());
      await expect(page.getByRole("alert").filter({ hasText: a.errors.loginFailed })).toBeVisible();
      await expect(page.getByLabel(a.fields.phone, { exact: true })).toHaveValue(phone.typed);
      await expect(page.getByLabel(a.fields.password, { exact: true })).toHaveValue("");
      await expect(page.getByLabel(a.fields.captcha, { exact: true })).toHaveValue("");

      // A wrong captcha of the right length (its letters reversed: the case alone no longer makes one wrong, decision 059)
      // is refused before the password is looked at.
      await page.getByLabel(a.fields.password, { exact: true }).fill("long-enough-1");
      await page.getByLabel(a.fields.captcha, { exact: true }).fill([...CAPTCHA].reverse().join(""));
      await newCaptcha(() => page.getByRole("button", { name: a.login.submit, exact: true }).click());
      await expect(page.getByText(a.errors.captchaWrong)).toBeVisible();

      // The captcha refresh keeps the typed phone.
      await newCaptcha(() => page.getByRole("button", { name: a.fields.captchaRefresh }).click());
      await expect(page.getByLabel(a.fields.phone, { exact: true })).toHaveValue(phone.typed);

      // And the right password with the captcha logs in.
      await page.getByLabel(a.fields.password, { exact: true }).fill("long-enough-1");
      await page.getByLabel(a.fields.captcha, { exact: true }).fill(CAPTCHA);
      await page.getByRole("button", { name: a.login.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.loginSuccess })).toBeVisible();
      await expect(accountMenu(page).locator("summary")).toContainText("Rana");
    });

    test("the profile needs a login, and login comes back to it", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await page.goto("/profile");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
      const phone = await registerAndConfirm(page, lang, project, "profile-pass-1");
      await accountMenu(page).locator("summary").click();
      await accountMenu(page).getByRole("button", { name: c.nav.logout }).click();
      await expect(page).toHaveURL(/\/login$/);

      await logIn(page, lang, project, phone.typed, "profile-pass-1", "/login?redirectTo=%2Fprofile");
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("heading", { level: 1, name: a.profile.title })).toBeVisible();
      await expect(page.getByText("Rana Khoury")).toBeVisible();
      await expect(page.getByText(/\+963 944/)).toBeVisible();
      await expect(page.getByRole("heading", { name: a.profile.saved })).toBeVisible();
      await expect(page.getByText(a.profile.savedEmpty)).toBeVisible();
      await expect(page.getByRole("heading", { name: a.profile.posts })).toBeVisible();
      await expect(page.getByText(a.profile.postsEmpty)).toBeVisible();
    });

    test("forgot password: the SMS link, the reset form, then the new password works", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      const phone = await registerAndConfirm(page, lang, project, "old-password-1");
      await accountMenu(page).locator("summary").click();
      await accountMenu(page).getByRole("button", { name: c.nav.logout }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.getByRole("link", { name: a.login.forgot }).click();
      await expect(page.getByRole("heading", { level: 1, name: a.forgot.title })).toBeVisible();
      await settle(page, project);
      // A number of a country codes do not go to (SMS_COUNTRIES, decision 053): the form says which countries they go
      // to, keeps the number, and sends nothing.
      await fillPhone(page, lang, "0151 23456789", "DE");
      await page.getByRole("button", { name: a.forgot.submit }).click();
      const served = a.smsCodes.country.replace("{{countries}}", lang === "ar" ? "سوريا" : "Syria");
      await expect(page.getByRole("alert").filter({ hasText: served })).toBeVisible();
      await expect(page.getByLabel(a.fields.phone, { exact: true })).toHaveValue("0151 23456789");
      expect(smsCount("+4915123456789"), "no SMS outside SMS_COUNTRIES").toBe(0);
      await settle(page, project);
      await fillPhone(page, lang, phone.typed);
      await page.getByRole("button", { name: a.forgot.submit }).click();
      await expect(page.getByText(a.forgot.sent)).toBeVisible();
      const link = resetPathOf(await readSms(phone.e164, 1));

      // No token: straight to the home page. A bad one: the message, then home after 2 seconds.
      await page.goto("/rp");
      await expect(page).toHaveURL(/\/$/);
      await visit(page, "/rp?t=not-a-real-token-not-a-real-token", project, 400);
      await expect(page.getByText(a.reset.badToken)).toBeVisible();
      await expect(page).toHaveURL(/\/$/, { timeout: 6000 });

      await visit(page, link, project);
      await page.getByLabel(a.fields.newPassword, { exact: true }).fill("new-password-1");
      await page.getByLabel(a.fields.confirmPassword, { exact: true }).fill("new-password-2");
      await page.getByRole("button", { name: a.reset.submit }).click();
      await expect(page.getByText(a.errors.passwordMismatch)).toBeVisible();
      await page.getByLabel(a.fields.newPassword, { exact: true }).fill("new-password-1");
      await page.getByLabel(a.fields.confirmPassword, { exact: true }).fill("new-password-1");
      await page.getByRole("button", { name: a.reset.submit }).click();
      await expect(page.getByText(a.reset.changed)).toBeVisible();
      await expect(page).toHaveURL(/\/$/, { timeout: 6000 });

      // The link works once; the old password no longer logs in, the new one does.
      await visit(page, link, project, 400);
      await expect(page.getByText(a.reset.badToken)).toBeVisible();
      await logIn(page, lang, project, phone.typed, "old-password-1");
      await expect(page.getByRole("alert").filter({ hasText: a.errors.loginFailed })).toBeVisible();
      await logIn(page, lang, project, phone.typed, "new-password-1");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.loginSuccess })).toBeVisible();
    });

    test("activation later at /ac, after leaving the confirm page", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      const phone = newPhone();
      await visit(page, "/login?tab=2", project);
      await page.getByLabel(a.fields.firstName).fill("Omar");
      await page.getByLabel(a.fields.lastName).fill("Saleh");
      await fillPhone(page, lang, phone.typed);
      await page.getByLabel(a.fields.password, { exact: true }).fill("later-pass-1");
      await page.getByRole("button", { name: a.login.registerSubmit }).click();
      await expect(page).toHaveURL(/\/confirm$/);
      await readSms(phone.e164, 0);

      // Logging in before confirming says the account is not activated.
      await logIn(page, lang, project, phone.typed, "later-pass-1");
      await expect(page.getByRole("alert").filter({ hasText: a.errors.notActivated })).toBeVisible();
      await page.getByRole("link", { name: a.login.activateLink }).click();
      await expect(page.getByRole("heading", { level: 1, name: a.activate.title })).toBeVisible();
      await settle(page, project);
      await fillPhone(page, lang, phone.typed);
      // Only the person who signed up can continue: a wrong password is refused.
      await page.getByLabel(a.fields.password, { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: a.activate.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: a.errors.noPendingAccount })).toBeVisible();
      await expect(page.getByLabel(a.fields.phone, { exact: true })).toHaveValue(phone.typed);
      await page.getByLabel(a.fields.password, { exact: true }).fill("later-pass-1");
      await page.getByRole("button", { name: a.activate.submit }).click();
      await expect(page).toHaveURL(/\/confirm$/);
      const code = codeOf(await readSms(phone.e164, 1));
      await settle(page, project);
      await page.getByLabel(a.fields.code).fill(code);
      await page.getByRole("button", { name: a.confirm.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: a.toasts.activated })).toBeVisible();
    });
  });
}
