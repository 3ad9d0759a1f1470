import { ownAddress, readSms, smsCount } from "./accounts";
import { F, toast } from "./forms";
import { AD, logInAdmin, test } from "./moderation";
import { expect, LANGS, templatePattern, visit } from "./support";

/**
 * The inbox journey (docs/decisions/054 and 081), with JavaScript off and on, at phone and desktop size, in Arabic
 * and English: a visitor asks for a consultation, the staff phone (STAFF_PHONES of playwright.config.ts, working
 * all day there) is told by a notice with the count of new requests and the inbox's link and nothing the visitor
 * typed, and the demo admin, opening the inbox's new consultation requests, takes the request and marks it done with
 * plain forms.
 */

/** The staff phone of the e2e server (playwright.config.ts). */
const STAFF_PHONE = "+963944999901";

/**
 * The newest staff notice, waiting for the worker to send the first. Notices are at most one every 10 minutes
 * (decision 081), so the one a journey reads may tell of earlier requests and its own may come in a later one.
 */
async function newestStaffNotice(): Promise<string> {
  await expect.poll(() => smsCount(STAFF_PHONE), { message: "a staff notice" }).toBeGreaterThan(0);
  return readSms(STAFF_PHONE, smsCount(STAFF_PHONE) - 1);
}

/** Every staff SMS sent so far. */
async function allStaffSms(): Promise<string[]> {
  const texts: string[] = [];
  for (let i = 0; i < smsCount(STAFF_PHONE); i++) texts.push(await readSms(STAFF_PHONE, i));
  return texts;
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

      // Staff: a notice in Arabic (the staff phone has no account) with the count and the inbox's link, and no
      // staff SMS ever carries what the visitor typed.
      const notice = await newestStaffNotice();
      expect(notice).toMatch(templatePattern(AD.ar.inbox.sms.notice));
      expect(notice).toMatch(/https?:\/\/[^\s]+\/admin\/inbox\?(kind=\w+&)?state=new$/);
      for (const text of await allStaffSms()) {
        expect(text).not.toContain(name);
        expect(text).not.toContain(mobile);
      }

      // The admin opens the consultation requests (all states: a request taken leaves the notice's list of new
      // ones), finds this one new with the number to call, and takes it.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await visit(admin, "/admin/inbox?kind=consultation", project);
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
