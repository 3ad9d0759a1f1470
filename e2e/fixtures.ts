import { test as base, expect, type Page } from "@playwright/test";

export type Lang = "ar" | "en";

/** A test with a `lang` helper that sets the language cookie before the first page is opened. */
export const test = base.extend<{ useLang: (lang: Lang) => Promise<void> }>({
  useLang: async ({ context, baseURL }, use) => {
    await use(async (lang) => {
      await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    });
  },
});

export { expect };

/** Whether this project runs with JavaScript (the -js projects). */
export function hasJs(projectName: string): boolean {
  return !projectName.endsWith("-nojs");
}

/** Waits until a page with JavaScript has hydrated, so clicks are handled by the client router. */
export async function settle(page: Page, projectName: string): Promise<void> {
  if (hasJs(projectName)) await page.waitForLoadState("networkidle");
}
