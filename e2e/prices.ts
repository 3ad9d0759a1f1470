import type { Page } from "@playwright/test";
import { expect, fill, literal, T, templatePattern } from "./support";

/**
 * What a listing's price looks like to a reader (decisions 025 and 027), shared by the prices and search
 * journeys: the price per m² of cards and listing pages, and the listing page's median of its area.
 */

/** The "… per m²" text of a card or listing in `lang`, with an amount in either currency. */
export function perM2Pattern(lang: "ar" | "en"): RegExp {
  const { c } = T[lang];
  return new RegExp(
    literal(fill(c.card.perM2, { price: "PRICE" })).source.replace(
      "PRICE",
      `\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)? (?:${literal(c.card.currency).source}|${literal(c.card.currencyUSD).source})`,
    ),
  );
}

/**
 * On a listing page: its price per m², and the median of its place or governorate (comparable listings of the same
 * type and offer) with how many listings it rests on and where this listing stands ("12% below the median").
 */
export async function expectPriceAgainstMedian(page: Page, lang: "ar" | "en"): Promise<void> {
  const { c } = T[lang];
  const main = page.getByRole("main");
  await expect(main.locator(".estate-price")).toContainText(perM2Pattern(lang));
  const section = main.getByRole("region", { name: c.estate.prices.title });
  await expect(section.getByRole("heading", { level: 2, name: c.estate.prices.title })).toBeVisible();
  const lines = section.locator("p").filter({ hasText: c.estate.prices.median.split("{{place}}")[0] });
  await expect(lines.first()).toBeVisible();
  const text = (await lines.first().textContent())!;
  expect(text).toMatch(/\d/);
  const standings = [c.estate.prices.below, c.estate.prices.above, c.estate.prices.at].map((t) =>
    templatePattern(t).source.slice(1, -1),
  );
  expect(text).toMatch(new RegExp(standings.join("|")));
  const basis = Object.entries(c.estate.prices)
    .filter(([key]) => key.startsWith("basis_"))
    .map(([, t]) => templatePattern(t as string).source.slice(1, -1));
  expect(text).toMatch(new RegExp(basis.join("|")));
}
