import type { Request } from "@playwright/test";
import { F } from "./forms";
import { estateCards, expect, LANGS, test } from "./support";

/**
 * Decision 014: a first visit to search results on a phone (360x740, device pixel ratio 2, an empty cache,
 * JavaScript on) transfers at most 200 KB: the sum of the bodies of every response the browser received (HTML,
 * CSS, JavaScript, translation and place files, icons, and the photos the browser chose to load from their srcset at
 * that width), as sent (compressed), 1 KB = 1,000 bytes. Response headers are printed but not counted: this test
 * server speaks HTTP/1.1, where each response repeats about 1 KB of security headers, while production sits behind
 * an HTTP/2 proxy that compresses repeated headers to a few bytes. Only the phone-js project runs it (its viewport
 * and pixel ratio are its own anyway).
 */

const SEARCH = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";
const BUDGET = 200 * 1000;

test.use({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: true,
});

type Transfer = { path: string; type: string; encoding: string; body: number; headers: number };

/** What one finished request cost on the wire: its body as sent and its response headers, in bytes. */
async function transferOf(request: Request): Promise<Transfer> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  const url = new URL(request.url());
  return {
    path: url.pathname + url.search,
    type: request.resourceType(),
    encoding: (await response?.headerValue("content-encoding")) ?? "-",
    body: sizes.responseBodySize,
    headers: sizes.responseHeadersSize,
  };
}

for (const lang of LANGS) {
  test(`a first visit to search results (${lang}) at 360 px transfers at most 200 KB`, async ({ page, useLang }) => {
    await useLang(lang);
    const transfers: Promise<Transfer>[] = [];
    page.on("requestfinished", (request) => transfers.push(transferOf(request)));
    await page.goto(SEARCH);
    await expect(estateCards(page).first()).toBeVisible();
    // Hydrated, the idle work done (the place list, the routes of the links in view): nothing more is loaded.
    await page.waitForLoadState("networkidle");
    const all = await Promise.all(transfers);
    const sum = (list: Transfer[], key: "body" | "headers") => list.reduce((total, t) => total + t[key], 0);
    const byType = new Map<string, Transfer[]>();
    for (const t of all) byType.set(t.type, [...(byType.get(t.type) ?? []), t]);
    const kb = (bytes: number) => (bytes / 1000).toFixed(1);
    console.log(
      [
        `First visit to search results (${lang}) at 360x740, DPR 2: ${all.length} responses, bodies ${kb(sum(all, "body"))} KB, headers ${kb(sum(all, "headers"))} KB`,
        ...[...byType].map(
          ([type, list]) => `  ${type.padEnd(10)} ${String(list.length).padStart(3)}  ${kb(sum(list, "body")).padStart(6)} KB`,
        ),
        ...all.map((t) => `    ${String(t.body).padStart(7)}  ${t.encoding.padEnd(4)} ${t.path.slice(0, 100)}`),
      ].join("\n"),
    );
    expect(
      all.some((t) => t.type === "image"),
      "the visit loaded photos",
    ).toBe(true);
    expect(
      all.some((t) => t.type === "script"),
      "the visit loaded scripts",
    ).toBe(true);
    expect(sum(all, "body"), "bytes transferred (response bodies)").toBeLessThanOrEqual(BUDGET);
    // Decision 034: the dialogs' script is loaded when a dialog opens, not with the page.
    expect(all.filter((t) => /\/Dialogs-[\w-]+\.js$/.test(t.path)).map((t) => t.path)).toEqual([]);
    // A visitor's "save" on a card opens the login prompt, a dialog. (The card's first link is its photos' when the
    // newest listing, which other journeys of the run may have just published, has a gallery.)
    const dialogs = page.waitForRequest(/\/Dialogs-[\w-]+\.js$/);
    await estateCards(page).first().locator('a[href*="for=save"]').click();
    await expect(page).toHaveURL(/[?&]dialog=login&for=save&/);
    await dialogs;
    await expect(page.getByRole("dialog").getByRole("heading", { name: F[lang].prompt.saveTitle })).toBeVisible();
  });
}
