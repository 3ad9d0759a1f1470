import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { logIn, ownAddress } from "./accounts";
import { F, toast } from "./forms";
import { expect, fill, localeTexts, settle, templatePattern, test as base, type Lang } from "./support";

/**
 * Helpers of the moderation journeys: the back office's texts of both languages, more browsers (contexts)
 * for the admin and other users, the demo admin's login, an owner's new post, and photos made on the spot.
 */

type Admin = typeof import("../locales/en/admin.json");

/** admin.json of each language. */
export const AD = localeTexts<Admin>("admin");

/**
 * The demo admin of the demo data (app/features/accounts/admin-bootstrap.server.ts DEMO_ADMIN), present whenever the
 * demo data is (outside production unless DEMO_DATA says otherwise), so in the e2e server; its number is reserved for
 * fiction (docs/decisions/079), typed nationally with the country United States.
 */
export const DEMO_ADMIN = { country: "US", typed: "202 555 0100", password: "demo-admin-2026" } as const;

/**
 * The journeys' test: like support.ts, plus `newBrowser(lang)`, which opens another browser context (another person)
 * with the project's viewport and JavaScript setting, the language cookie, the app popup closed and its own client
 * address. Its pages also fail the test on any script error; the contexts are closed after the test.
 */
export const test = base.extend<{ newBrowser: (lang: Lang) => Promise<Page> }>({
  newBrowser: async ({ browser, baseURL }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    const { viewport, javaScriptEnabled, isMobile } = testInfo.project.use;
    await use(async (lang) => {
      const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled, isMobile });
      contexts.push(context);
      await context.addCookies([
        { name: "lang", value: lang, url: baseURL! },
        { name: "app_popup", value: "closed", url: baseURL! },
      ]);
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(`console: ${message.text()}`);
      });
      await ownAddress(page);
      return page;
    });
    for (const context of contexts) await context.close();
    expect(errors, "the other browsers' pages logged no script errors").toEqual([]);
  },
});

/** Logs the demo admin in (the test captcha) and waits for the home page. */
export async function logInAdmin(page: Page, lang: Lang, projectName: string): Promise<void> {
  await logIn(page, lang, projectName, DEMO_ADMIN.typed, DEMO_ADMIN.password, "/login", DEMO_ADMIN.country);
  await expect(page).toHaveURL(/\/$/);
  await settle(page, projectName);
}

/** What a new post was filed as: the listing id, its ad number, and the search values it was posted with. */
export type NewPost = {
  id: string;
  number: string;
  /** The search values: location_id and estate_type_id. */
  location: string;
  type: string;
  /** The type's and the place's names as the editor shows them. */
  typeName: string;
  place: string;
  editor: string;
};

/**
 * Six made-up words no other post of the run has: journeys that happen to pick the same place (the lists' order differs
 * by language) must not post descriptions that say the same, or publishing one groups it under the other's card
 * (decision 099) and a search or an alert no longer shows it.
 */
function uniqueWords(): string {
  const word = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return Array.from({ length: 6 }, word).join(" ");
}

/**
 * A logged-in user's offer on /new-estate (for sale): type and location by their position in the lists (so
 * parallel journeys spread over several places), area, contact and a text of its own. Ends on the post's editor with the
 * "sent" notice.
 */
export async function postOffer(
  page: Page,
  lang: Lang,
  projectName: string,
  pick: { location: number; type: number },
): Promise<NewPost> {
  const f = F[lang];
  await page.goto("/new-estate");
  await settle(page, projectName);
  const main = page.getByRole("main");
  await main.getByLabel(f.newEstate.sale, { exact: true }).check();
  const type = main.getByLabel(f.newEstate.type, { exact: true });
  await type.selectOption({ index: pick.type });
  const typeValue = await type.inputValue();
  const location = main.getByLabel(f.newEstate.location, { exact: true });
  const value = (await location.locator("optgroup option").nth(pick.location).getAttribute("value"))!;
  await location.selectOption(value);
  await main.getByLabel(f.newEstate.area, { exact: true }).fill("135");
  // Logged in: the contact fields come prefilled from the account.
  await expect(main.getByLabel(f.fields.name, { exact: true })).toHaveValue("Rana Khoury");
  await expect(main.getByLabel(f.fields.mobile, { exact: true })).not.toHaveValue("");
  await main
    .getByLabel(f.newEstate.subject, { exact: true })
    .fill(`Three bright rooms on the second floor, near the market. ${uniqueWords()}`);
  await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();

  await expect(page).toHaveURL(/\/profile\/posts\/\d+\?sent=1$/);
  await expect(toast(page, f.toasts.offerSent)).toBeVisible();
  await expect(main.getByText(f.newEstate.sentTitle)).toBeVisible();
  await expect(main.getByText(f.post.addPhotos)).toBeVisible();
  const id = /\/profile\/posts\/(\d+)/.exec(page.url())![1];
  const heading = await main.getByRole("heading", { level: 1 }).textContent();
  const match = templatePattern(f.post.title).exec(heading!.trim());
  expect(match, `the ad number in "${heading}"`).not.toBeNull();
  // The lead line: "offer type · property type · place".
  const [, typeName, place] = (await main.locator("p.page-lead").textContent())!.split(" · ").map((part) => part.trim());
  await settle(page, projectName);
  return { id, number: match![1], location: value, type: typeValue, typeName, place, editor: `/profile/posts/${id}` };
}

/** The status notice of the post editor (the state chip and what it means). */
export function editorState(page: Page) {
  return page.getByRole("main").locator("p.post-state");
}

/** The row of one post in the profile's "My posts" list, by its ad number. */
export function profilePost(page: Page, lang: Lang, number: string) {
  return page
    .getByRole("main")
    .locator("ul.post-list > li")
    .filter({ hasText: fill(F[lang].post.number, { number }) });
}

/** Opens the review of a post from the queue /admin/posts, by the ad number in its link. */
export async function openFromQueue(page: Page, lang: Lang, projectName: string, post: NewPost): Promise<void> {
  await page.goto("/admin/posts");
  await settle(page, projectName);
  await expect(page.getByRole("heading", { level: 1, name: AD[lang].posts.title })).toBeVisible();
  const link = page.getByRole("main").getByRole("link", {
    name: fill(AD[lang].posts.post, { number: post.number, type: post.typeName, place: post.place }),
    exact: true,
  });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("href", `/admin/posts/${post.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: fill(AD[lang].review.title, { number: post.number }) })).toBeVisible();
  await settle(page, projectName);
}

/** Approves the post open on its review page; back on the queue with the toast, the post no longer in it. */
export async function approve(page: Page, lang: Lang, post: NewPost): Promise<void> {
  await page.getByRole("main").getByRole("button", { name: AD[lang].review.approve, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(toast(page, AD[lang].done.approve)).toBeVisible();
  await expect(page.getByRole("main").locator(`a[href="/admin/posts/${post.id}"]`)).toHaveCount(0);
}

/** Two small photos (a JPEG and a PNG, 800×600) written to the test's output folder; their paths. */
export async function makePhotos(testInfo: TestInfo): Promise<string[]> {
  const dir = testInfo.outputPath("photos");
  fs.mkdirSync(dir, { recursive: true });
  const jpeg = path.join(dir, "living-room.jpg");
  const png = path.join(dir, "kitchen.png");
  const base = { width: 800, height: 600, channels: 3 as const };
  await sharp({ create: { ...base, background: { r: 196, g: 120, b: 64 } } })
    .jpeg({ quality: 80 })
    .toFile(jpeg);
  await sharp({ create: { ...base, background: { r: 40, g: 110, b: 170 } } })
    .png()
    .toFile(png);
  return [jpeg, png];
}

/** A price as the pages show it: 85000000 → a pattern for "85,000,000" (separators optional). */
export function pricePattern(price: number): RegExp {
  return new RegExp(String(price).replace(/\B(?=(\d{3})+$)/g, "[,.\\s\\u066C]?"));
}

/** "85,000,000", as the public pages format prices (app/features/listings/format.ts). */
export function formatted(price: number): string {
  return new Intl.NumberFormat("en-US").format(price);
}
