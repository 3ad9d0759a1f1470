import fs from "node:fs";
import type { APIRequestContext, Locator, Page, Response } from "@playwright/test";
import { expect, hasJs, settle, test as base, type Lang } from "./fixtures";

/**
 * Shared helpers of the browsing journeys: the visible texts of both languages (read from locales/, so the specs
 * follow the translations), a test that fails on any script error, and small page helpers.
 */

type Common = typeof import("../locales/en/common.json");
type Pages = typeof import("../locales/en/pages.json");

function readJson<T>(relative: string): T {
  return JSON.parse(fs.readFileSync(new URL(relative, import.meta.url), "utf8")) as T;
}

export const LANGS: Lang[] = ["ar", "en"];

/** One locales file (`locales/<lang>/<name>.json`) of each language. */
export function localeTexts<T>(name: string): Record<Lang, T> {
  return { ar: readJson<T>(`../locales/ar/${name}.json`), en: readJson<T>(`../locales/en/${name}.json`) };
}

/** common.json and pages.json of each language. */
export const T: Record<Lang, { c: Common; p: Pages }> = {
  ar: { c: readJson<Common>("../locales/ar/common.json"), p: readJson<Pages>("../locales/ar/pages.json") },
  en: { c: readJson<Common>("../locales/en/common.json"), p: readJson<Pages>("../locales/en/pages.json") },
};

/** Fills an i18next template: fill("Page {{page}}", { page: 2 }) → "Page 2". */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

/** A regular expression that matches a text literally. */
export function literal(text: string, flags = ""): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), flags);
}

/** A template as a pattern, each {{placeholder}} standing for any text: "Matching properties: {{formatted}}". */
export function templatePattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((part) => literal(part).source)
      .join("(.+?)")}$`,
  );
}

/**
 * The results count line of a search in `lang`: "Matching properties: N", or "More than 1,000 matching properties…"
 * when the search counts past its limit (decision 024). A pattern for either.
 */
export function foundPattern(lang: Lang): RegExp {
  const { c } = T[lang];
  const texts = [c.search.found, (c.search as typeof c.search & { foundMore: string }).foundMore];
  return new RegExp(texts.map((text) => `(?:${templatePattern(text).source})`).join("|"));
}

/** The count a results count line says (1,000 when it says "more than 1,000"), or null for another text. */
export function foundCount(text: string, lang: Lang): number | null {
  const { c } = T[lang];
  for (const template of [c.search.found, (c.search as typeof c.search & { foundMore: string }).foundMore]) {
    const match = templatePattern(template).exec(text.trim());
    if (match) return Number(match[1].replace(/,/g, ""));
  }
  return null;
}

/**
 * The test of every journey: like fixtures.ts, and it fails when the page throws or logs an error (a hydration
 * mismatch, a failed script). Failed resource loads are left out: 404 and 400 pages are expected in these journeys;
 * so are aborted requests.
 */
export const test = base.extend<{ scriptErrors: string[] }>({
  scriptErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // An aborted request (a link tapped while the page's data was still arriving: the router aborts the first
      // navigation) is not an error of the page: Remix 2.17 logs it and leaves the rest of its stream unhandled, and
      // we no longer patch Remix to hide it (docs/decisions/064-framework-shims-kept-and-dropped.md).
      page.on("pageerror", (error) => {
        if (error.name !== "AbortError") errors.push(`pageerror: ${error.message}`);
      });
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !text.startsWith("Failed to load resource") && !text.startsWith("AbortError"))
          errors.push(`console: ${text}`);
      });
      await use(errors);
      expect(errors, "the page logged no script errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, hasJs, settle };
export type { Lang };

/** Opens a path, checks the HTTP status, and waits for hydration in the projects with JavaScript. */
export async function visit(page: Page, path: string, projectName: string, status = 200): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `a response for ${path}`).not.toBeNull();
  expect(response!.status(), `status of ${path}`).toBe(status);
  await settle(page, projectName);
  return response!;
}

/** The document is in `lang`, with the matching direction (Arabic right to left). */
export async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
}

/**
 * Waits for the response of the document or, with JavaScript, of the client router's data request
 * (Remix single fetch: `/path.data`) for `pathname`.
 */
export function responseFor(page: Page, pathname: string): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return r.request().method() === "GET" && (url.pathname === pathname || url.pathname === `${pathname}.data`);
  });
}

/** The main menu of the navbar. */
export function mainMenu(page: Page, lang: Lang) {
  return page.getByRole("navigation", { name: T[lang].c.nav.mainMenu, exact: true });
}

/** Property cards (each an <article> whose heading links to /estate/{id}) inside `scope` (the main content by default). */
export function estateCards(page: Page, scope: Locator = page.getByRole("main")): Locator {
  return scope.getByRole("article").filter({ has: page.locator('h3 a[href^="/estate/"]') });
}

/**
 * Opens "Edit search" above a results page's listings (a <details>, docs/decisions/058-results-first.md) and returns
 * the search form it holds, whose fields are hidden until then.
 */
export async function editSearch(page: Page, lang: Lang): Promise<Locator> {
  const { search } = T[lang].c;
  await page.locator("summary", { hasText: search.edit }).click();
  const form = page.getByRole("search", { name: search.title });
  await expect(form.getByRole("button", { name: search.submit })).toBeVisible();
  return form;
}

/** Sets the cookie that says the app popup was closed, for journeys that are not about the popup. */
export async function dismissAppPopup(page: Page, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
}

/**
 * Filter values that have results (location, type, sale): tries a few Damascus neighbourhoods with apartments and
 * houses and keeps the first search that finds something, so the journeys do not depend on one seeded row.
 */
export async function populatedSearch(request: APIRequestContext): Promise<{ location: string; type: string; offer: string }> {
  const candidates = [
    ["4", "6"],
    ["5", "1"],
    ["2", "6"],
    ["1", "1"],
    ["3", "6"],
    ["5", "6"],
  ];
  for (const [location, type] of candidates) {
    const response = await request.get(
      `/estates?location_id=${location}&estate_type_id=${type}&estate_offer_type_id=1&price_domain_id=`,
      {
        headers: { Cookie: "lang=en" },
      },
    );
    if (response.status() === 200 && (await response.text()).includes(T.en.c.search.found.split("{{")[0]))
      return { location, type, offer: "1" };
  }
  throw new Error("no populated search among the candidates");
}
