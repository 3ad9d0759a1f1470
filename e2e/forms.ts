import type { Page } from "@playwright/test";
import { A, accountMenu } from "./accounts";
import { estateCards, expect, localeTexts, T, type Lang } from "./support";

/** Helpers of the public form and card journeys: the form texts of both languages and small page helpers. */

type Forms = typeof import("../locales/en/forms.json");

/** forms.json of each language. */
export const F = localeTexts<Forms>("forms");

/** The /estate/{id} path of the first card on /estates (an approved listing) and its id. */
export async function firstListing(page: Page): Promise<{ href: string; id: string }> {
  await page.goto("/estates");
  const link = estateCards(page).first().getByRole("heading", { level: 3 }).getByRole("link");
  const href = (await link.getAttribute("href"))!;
  const match = /^\/estate\/(\d+)$/.exec(href);
  expect(match, `a listing link: ${href}`).not.toBeNull();
  return { href, id: match![1] };
}

/** The card of a listing inside the main content. */
export function cardOf(page: Page, href: string) {
  return estateCards(page).filter({ has: page.locator(`h3 a[href="${href}"]`) });
}

/** The open dialog (URL state, rendered by the server). */
export function dialog(page: Page) {
  return page.getByRole("dialog");
}

/** A toast of the session: role=status for successes, role=alert for errors. */
export function toast(page: Page, text: string, role: "status" | "alert" = "status") {
  return page.getByRole(role).filter({ hasText: text });
}

/** Logs out through the account menu. */
export async function logOut(page: Page, lang: Lang): Promise<void> {
  await accountMenu(page).locator("summary").click();
  await accountMenu(page).getByRole("button", { name: T[lang].c.nav.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: A[lang].toasts.logout })).toBeVisible();
}
