import { A, accountMenu, codeOf, fillPhone, logIn, newPhone, ownAddress, readSms, registerAndConfirm } from "./accounts";
import { expect, expectLanguage, hasJs, settle, test } from "./support";

/**
 * The account its owner controls (decision 092), in one journey per language and project (JavaScript off and on,
 * phone and desktop): from /profile, change the name (a bad one first), the password (a wrong current one first) and
 * the number (the code from the new number's SMS, the old number told), see the sessions, download the data, and
 * delete the account, after which its number logs in no more.
 */
for (const lang of ["ar", "en"] as const) {
  const a = A[lang];

  test.describe(`account control (${lang})`, () => {
    test.beforeEach(async ({ page, useLang }) => {
      await useLang(lang);
      await ownAddress(page);
    });

    test("name, password, number, sessions, data and deletion from the profile", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      const phone = await registerAndConfirm(page, lang, project, "control-pass-1");
      await page.goto("/profile");
      await expectLanguage(page, lang);
      const links = page.getByRole("navigation", { name: a.control.title });

      // The name: a one-letter name comes back with its message and what was typed.
      await links.getByRole("link", { name: a.control.links.name }).click();
      await expect(page.getByRole("heading", { level: 1, name: a.control.name.title })).toBeVisible();
      await settle(page, project);
      await page.getByLabel(a.fields.firstName).fill("S");
      await page.getByLabel(a.fields.lastName).fill("Khoury");
      await page.getByRole("main").getByRole("button", { name: a.control.save, exact: true }).click();
      await expect(page.getByText(a.errors.nameLength)).toBeVisible();
      await expect(page.getByLabel(a.fields.lastName)).toHaveValue("Khoury");
      await page.getByLabel(a.fields.firstName).fill("Salma");
      await page.getByRole("main").getByRole("button", { name: a.control.save, exact: true }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("status").filter({ hasText: a.control.name.done })).toBeVisible();
      await expect(page.getByText("Salma Khoury")).toBeVisible();

      // The password: a wrong current one is refused, the right one changes it.
      await page.goto("/profile/password");
      await settle(page, project);
      await page.getByLabel(a.control.password.current).fill("not-my-password");
      await page.getByLabel(a.fields.newPassword, { exact: true }).fill("control-pass-2");
      await page.getByLabel(a.fields.confirmPassword).fill("control-pass-2");
      await page.getByRole("button", { name: a.control.password.submit }).click();
      await expect(page.getByText(a.errors.currentPasswordWrong)).toBeVisible();
      // Without JavaScript the page comes back without any password typed.
      if (!hasJs(project)) await expect(page.getByLabel(a.control.password.current)).toHaveValue("");
      await page.getByLabel(a.control.password.current).fill("control-pass-1");
      await page.getByLabel(a.fields.newPassword, { exact: true }).fill("control-pass-2");
      await page.getByLabel(a.fields.confirmPassword).fill("control-pass-2");
      await page.getByRole("button", { name: a.control.password.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: a.control.password.done })).toBeVisible();

      // The number: a code to the new one, then the old one is told.
      const next = newPhone();
      await page.goto("/profile/phone");
      await settle(page, project);
      await fillPhone(page, lang, next.typed);
      await page.getByRole("button", { name: a.control.phone.send }).click();
      await expect(page.getByRole("status").filter({ hasText: a.control.phone.sent })).toBeVisible();
      const code = codeOf(await readSms(next.e164, 0));
      await settle(page, project);
      await page.getByLabel(a.fields.code).fill(code);
      await page.getByRole("button", { name: a.control.phone.confirm }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("status").filter({ hasText: a.control.phone.done })).toBeVisible();
      expect(await readSms(phone.e164, 1)).toContain(next.e164.slice(-3));

      // The sessions: this one, marked.
      await page.goto("/profile/sessions");
      await expect(page.getByText(a.control.sessions.current, { exact: true })).toBeVisible();

      // The data, as JSON.
      const data = await page.request.get("/profile/data");
      expect(data.headers()["content-disposition"]).toContain("attachment");
      expect((await data.json()).account).toMatchObject({ first_name: "Salma", phone: next.e164 });

      // Deletion: with the password; then the number logs in no more.
      await page.goto("/profile/delete");
      await settle(page, project);
      await page.getByLabel(a.fields.password, { exact: true }).fill("control-pass-2");
      await page.getByRole("button", { name: a.control.delete.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: a.control.delete.done })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);
      await logIn(page, lang, project, next.typed, "control-pass-2");
      await expect(page.getByRole("alert").filter({ hasText: a.errors.loginFailed })).toBeVisible();
    });
  });
}
