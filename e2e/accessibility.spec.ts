import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { logIn, ownAddress } from "./accounts";
import { DEMO_ADMIN } from "./moderation";
import { expect, hasJs, LANGS, populatedSearch, T, test, visit } from "./support";

/**
 * Accessibility: axe-core finds no violation of WCAG 2.0/2.1 A and AA nor of its best practices on any
 * public page, in Arabic and English. It runs in two projects of playwright.config.ts, phone-js and desktop-nojs
 * (both viewports, both modes; the other two would repeat the same DOM at twice the time). Every page is checked as it
 * first shows; the phone's menu drawer open, the dialogs a listing opens by URL (dialogs are URL state) and the forms
 * of a logged-in user are checked too.
 *
 * axe is JavaScript itself, so the page runs scripts in every project; in a -nojs project the app's own scripts
 * (public/build) are refused instead, so axe sees the server's HTML as a browser without JavaScript shows it.
 */
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ page }, testInfo) => {
  if (!hasJs(testInfo.project.name)) await page.route("**/build/**", (route) => route.abort());
});

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The href of the first link of a page whose path matches `pattern`, e.g. the first office of /offices. */
async function firstLinkOf(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const response = await request.get(path, { headers: { Cookie: "lang=en" } });
  expect(response.status(), `status of ${path}`).toBe(200);
  const match = new RegExp(`href="(${pattern.source})"`).exec(await response.text());
  expect(match, `a link matching ${pattern} on ${path}`).not.toBeNull();
  return match![1];
}

/** The paths of the seeded data the pages need: a search with results, its first listing, an office, an article. */
type Found = {
  search: string;
  listing: string;
  gallery: string;
  office: string;
  officeEstates: string;
  officesResult: string;
  article: string;
};
let found: Found | undefined;

async function findPaths(request: APIRequestContext): Promise<Found> {
  if (found) return found;
  const values = await populatedSearch(request);
  const search = `/estates?location_id=${values.location}&estate_type_id=${values.type}&estate_offer_type_id=${values.offer}&price_domain_id=`;
  const listing = await firstLinkOf(request, search, /\/estate\/\d+/);
  const office = await firstLinkOf(request, "/offices", /\/office\/\d+/);
  const article = await firstLinkOf(request, "/articals", /\/artical\/\d+/);
  found = {
    search,
    listing,
    gallery: listing.replace("/estate/", "/estate-gallery/"),
    office,
    officeEstates: office.replace("/office/", "/office-estates/"),
    officesResult: `/officesResult?searchselected=1&location_id=${values.location}`,
    article,
  };
  return found;
}

/** Every public page a visitor reaches, as [name, path or path from the seeded data, expected status]. */
const PUBLIC_PAGES: [string, (f: Found) => string, number?][] = [
  ["home", () => "/"],
  ["search results", (f) => f.search],
  ["rent", () => "/rent-properties"],
  ["vacation", () => "/vacation-properties"],
  ["advanced search", () => "/advanced-search"],
  ["listing", (f) => f.listing],
  ["listing with the login prompt", (f) => `${f.listing}?dialog=login&for=contact&estate_id=${f.listing.split("/").pop()}`],
  ["listing with the share box", (f) => `${f.listing}?dialog=share&estate_id=${f.listing.split("/").pop()}`],
  ["gallery", (f) => f.gallery],
  ["offices", () => "/offices"],
  ["offices search", (f) => f.officesResult],
  ["office", (f) => f.office],
  ["office listings", (f) => f.officeEstates],
  ["articles", () => "/articals"],
  ["article", (f) => f.article],
  ["user orders", () => "/user-order"],
  ["consultation", () => "/consultation"],
  ["contact", () => "/call-us"],
  ["who we are", () => "/who-us"],
  ["company profile", () => "/company-profile"],
  ["privacy policy", () => "/privacy-policy"],
  ["property offer", () => "/new-estate"],
  ["property request (login prompt)", () => "/create-real-estate-request"],
  ["login", () => "/login"],
  ["register", () => "/login?tab=2"],
  ["forgot password", () => "/forgot-password"],
  ["not found", () => "/no-such-page", 404],
];

/** The pages of a logged-in user that are forms of the public site (the offer form and the request form). */
const USER_PAGES: [string, string][] = [
  ["property offer", "/new-estate"],
  ["property request", "/create-real-estate-request"],
];

/** Runs axe on the page as shown and fails with each violation's rule, help text and elements. */
async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`).join("\n")}`,
  );
  expect(report, "axe violations").toEqual([]);
}

for (const lang of LANGS) {
  test.describe(`accessibility (${lang})`, () => {
    test.beforeEach(async ({ useLang }) => {
      await useLang(lang);
    });

    for (const [name, pathOf, status] of PUBLIC_PAGES) {
      test(`${name}: no axe violation`, async ({ page, request }, testInfo) => {
        const path = pathOf(await findPaths(request));
        await visit(page, path, testInfo.project.name, status ?? 200);
        await expectNoViolations(page);
        // On phones the menu is a drawer (a checkbox toggle, also without JavaScript): it is checked open too.
        const opener = page.getByRole("banner").locator("label.drawer-open");
        if (name === "home" && (await opener.isVisible())) {
          await opener.click();
          await expect(
            page.getByRole("navigation", { name: T[lang].c.nav.mainMenu, exact: true }).getByRole("link").first(),
          ).toBeInViewport();
          await expectNoViolations(page);
        }
      });
    }

    test("a logged-in user's forms: no axe violation", async ({ page }, testInfo) => {
      await ownAddress(page);
      await logIn(page, lang, testInfo.project.name, DEMO_ADMIN.typed, DEMO_ADMIN.password, "/login", DEMO_ADMIN.country);
      await expect(page).toHaveURL(/\/$/);
      for (const [, path] of USER_PAGES) {
        await visit(page, path, testInfo.project.name);
        await expectNoViolations(page);
      }
    });
  });
}
