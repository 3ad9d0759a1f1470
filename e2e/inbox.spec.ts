import { ownAddress, readSms, smsCount } from "./accounts";
import { F, toast } from "./forms";
import { AD, logInAdmin, test } from "./moderation";
import { expect, LANGS, templatePattern, visit } from "./support";

/**
 * The inbox journey (docs/decisions/054), with JavaScript off and on, at phone and desktop size, in Arabic
 * and English: a visitor asks for a consultation, the staff phone (STAFF_PHONES of playwright.config.ts, working
 * all day there) gets its SMS with the inbox's link, and the demo admin, following that link, takes the request and
 * marks it done with plain forms.
 */

/** The staff phone of the e2e server (playwright.config.ts). */
const STAFF_PHONE = "+963944999901";

/** The staff SMS that names `name`, waiting for the worker to send it. */
async function staffSmsNaming(name: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        for (let i = 0; i < smsCount(STAFF_PHONE); i++) {
          const text = await readSms(STAFF_PHONE, i);
          if (text.includes(name)) found = text;
        }
        return found;
      },
      { message: `the staff SMS naming ${name}` },
    )
    .not.toBe("");
  return found;
}

for (const lang of LANGS) {
  const f = F[lang];
  const ad = AD[lang];

  test.describe(`inbox (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("a consultation request reaches staff by SMS; an admin takes it from the inbox and marks it done", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const name = `Rana ${lang} ${project} ${Date.now() % 1_000_000}`;
      const digits = String(Date.now() % 1_000_000).padStart(6, "0");
      const mobile = `0933${digits}`;

      // The visitor: the page says when advisers call back (all day on this server), then the request is sent.
      await visit(page, "/consultation", project);
      const main = page.getByRole("main");
      await expect(main.getByText(f.replyTimes.allDay)).toBeVisible();
      await main.getByLabel(f.fields.name, { exact: true }).fill(name);
      await main.getByLabel(f.fields.mobile, { exact: true }).fill(mobile);
      await main.getByLabel(f.fields.summary, { exact: true }).fill("أريد تقييم شقة في المزة");
      await main.getByRole("button", { name: f.fields.send, exact: true }).click();
      await expect(toast(page, f.toasts.messageSent)).toBeVisible();

      // Staff: one SMS in Arabic with the name, the number and the inbox's link.
      const sms = await staffSmsNaming(name);
      expect(sms).toContain(mobile);
      const link = /https?:\/\/[^\s]+(\/admin\/inbox\?kind=consultation)/.exec(sms);
      expect(link, `the inbox link in "${sms}"`).not.toBeNull();

      // The admin follows the link, finds the request new, with the number to call, and takes it.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await visit(admin, link![1], project);
      await expect(
        admin.getByRole("navigation", { name: ad.nav.label }).getByRole("link", { name: new RegExp(ad.inbox.nav) }),
      ).toBeVisible();
      const row = admin.getByRole("main").getByRole("listitem").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("link", { name: mobile })).toHaveAttribute("href", `tel:${mobile}`);
      await expect(row.getByText(ad.inbox.states.new, { exact: true })).toBeVisible();
      await expect(row.getByText(ad.damascusTime.zone)).toBeVisible();
      await row.getByRole("button", { name: ad.inbox.decisions.take, exact: true }).click();
      await expect(toast(admin, ad.inbox.done.take)).toBeVisible();
      await expect(row.getByText(templatePattern(ad.inbox.takenBy))).toBeVisible();

      // Done: the request leaves the new ones.
      await row.getByRole("button", { name: ad.inbox.decisions.done, exact: true }).click();
      await expect(toast(admin, ad.inbox.done.done)).toBeVisible();
      await expect(row.getByText(ad.inbox.states.done, { exact: true })).toBeVisible();
      await visit(admin, "/admin/inbox?kind=consultation&state=new", project);
      await expect(admin.getByRole("main").getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
    });
  });
}
