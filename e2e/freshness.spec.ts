import fs from "node:fs";
import path from "node:path";
import { ownAddress, registerAndConfirm } from "./accounts";
import { F, toast } from "./forms";
import { approve, logInAdmin, openFromQueue, postOffer, profilePost, test } from "./moderation";
import { expect, fill, LANGS, T, visit } from "./support";

/**
 * Listing freshness (decision 029), with JavaScript off and on, at phone and desktop size, in Arabic and English: the
 * owner of a listing near the end of its 60 days renews it from the link of the warning SMS (the server sends the
 * warnings of the demo listings in their last week when it starts: server/freshness-sweep.ts), and an owner marks
 * their published listing sold on /profile, after which its page answers 410 and says so, with similar listings.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

/** The paths of the two links of every expiry warning the server's outbox has written so far, oldest first. */
function warnings(): { renew: string; stop: string }[] {
  const log = path.join(process.env.E2E_DATA_DIR!, "server.log");
  const text = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
  return text
    .split("\n")
    .filter((line) => line.startsWith("[sms] ") && line.includes("/lc?t="))
    .map((line) => {
      const [renew, stop] = [...line.matchAll(/https?:\/\/[^\s]+(\/lc\?t=[A-Za-z0-9._-]+)/g)].map((m) => m[1]);
      return { renew, stop };
    });
}

for (const lang of LANGS) {
  const { c } = T[lang];
  const fr = c.freshness;

  test.describe(`listing freshness (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      await ownAddress(page);
    });

    test("the owner renews a listing for 60 days from the SMS link, without logging in", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      // One warning of the demo data per project and language, so parallel journeys never share a listing.
      const index = PROJECTS.indexOf(project) * 2 + (lang === "en" ? 1 : 0);
      await expect.poll(() => warnings().length, { message: "expiry warnings in the outbox" }).toBeGreaterThan(index);
      const { renew } = warnings()[index];

      // Opening the link changes nothing: it asks first.
      await visit(page, renew, project);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: fr.link.title })).toBeVisible();
      await expect(main.getByText(fr.link.renewQuestion)).toBeVisible();
      const number = /(\d{6,})/.exec(
        (await main
          .locator("p")
          .filter({ has: page.locator("strong") })
          .first()
          .textContent())!,
      )![1];

      await main.getByRole("button", { name: fr.link.renewButton, exact: true }).click();
      await expect(toast(page, fr.renewed)).toBeVisible();
      const until = new Date(Date.now() + 60 * 86_400_000);
      const dateText = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Damascus",
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
      })
        .format(until)
        .replaceAll("/", ".");
      await expect(main.getByText(fill(fr.link.renewedUntil, { date: dateText }))).toBeVisible();
      await expect(main.getByRole("button", { name: fr.link.renewButton })).toHaveCount(0);
      await expect(main).toContainText(fill(fr.link.number, { number }));

      // A forged link gets its own page.
      await visit(page, `${renew.slice(0, -3)}xyz`, project, 400);
      await expect(page.getByRole("main").getByText(fr.link.invalid)).toBeVisible();
    });

    test("an owner marks a published listing sold on /profile; its page answers 410 with similar listings", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      await registerAndConfirm(page, lang, project, "owner-pass-1");
      const post = await postOffer(page, lang, project, {
        location: 5 + PROJECTS.indexOf(project) * 7 + (lang === "en" ? 31 : 0),
        type: 1,
      });
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await openFromQueue(admin, lang, project, post);
      await approve(admin, lang, post);

      await visit(page, "/profile", project);
      const row = profilePost(page, lang, post.number);
      await expect(row.getByRole("button", { name: fr.renew, exact: true })).toBeVisible();
      await row.getByRole("button", { name: fr.markSold, exact: true }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(toast(page, fr.closedSold)).toBeVisible();
      await expect(profilePost(page, lang, post.number).getByText(F[lang].status.sold, { exact: true })).toBeVisible();

      await visit(page, `/estate/${post.id}`, project, 410);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: fr.goneTitle.sold })).toBeVisible();
      await expect(main.getByText(fr.goneLead)).toBeVisible();
      await expect(main.getByRole("heading", { name: c.estate.similar })).toBeVisible();
      await expect(main.locator("article.estate-card").first()).toBeVisible();
    });
  });
}
