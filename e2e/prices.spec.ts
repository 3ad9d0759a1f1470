import { AD, logInAdmin, test } from "./moderation";
import { toast } from "./forms";
import { expectPriceAgainstMedian, perM2Pattern } from "./prices";
import { dismissAppPopup, estateCards, expect, fill, LANGS, populatedSearch, T, visit } from "./support";

/**
 * Prices (docs/decisions/025-prices-and-medians.md): the exchange rate set in the back office by a plain
 * form post, the other currency marked approximate, the price per m², and the area's median on the listing page.
 */

const number = new Intl.NumberFormat("en-US");

/** The listing's own price and currency as its page shows them ("125,000,000 SYP"), read from the price line. */
async function ownPrice(text: string, lang: "ar" | "en"): Promise<{ value: number; usd: boolean }> {
  const { c } = T[lang];
  const match = /(\d{1,3}(?:,\d{3})*)\s*(\S+)/.exec(text)!;
  return { value: Number(match[1].replace(/,/g, "")), usd: match[2] === c.card.currencyUSD };
}

test("the admin sets the exchange rate without JavaScript, and a visitor sees the approximate price follow it", async ({
  page,
  useLang,
  baseURL,
  request,
  newBrowser,
}, testInfo) => {
  // The four projects share one database: one of them sets the rate, so no other changes it in between.
  test.skip(testInfo.project.name !== "desktop-nojs", "the rate is set by one project (desktop without JavaScript)");
  const project = testInfo.project.name;
  const ad = AD.en.rates;
  await useLang("en");
  await dismissAppPopup(page, baseURL);
  await logInAdmin(page, "en", project);
  await visit(page, "/admin/rates", project);
  await expect(page.getByRole("heading", { level: 1, name: ad.title })).toBeVisible();

  // A bad value comes back with what was typed and the message beside the field.
  const field = page.getByLabel(ad.value, { exact: true });
  await field.fill("12.5");
  await page.getByRole("button", { name: ad.save }).click();
  await expect(page.getByText(ad.errors.whole)).toBeVisible();
  await expect(field).toHaveValue("12.5");

  // A figure in old pounds (a hundred times the rate) is not saved: a second screen shows both values (decision 049),
  // and the form below it keeps what was typed, to correct it.
  await field.fill("12,500");
  await page.getByRole("button", { name: ad.save }).click();
  await expect(page.getByRole("heading", { level: 2, name: ad.confirm.title })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("1 US$ = 12,500 SYP");
  await expect(page.getByRole("button", { name: fill(ad.confirm.save, { rate: "12,500" }) })).toBeVisible();
  await expect(field).toHaveValue("12,500");

  // New pounds (decision 027): about 110 to the dollar.
  const rate = 111 + (Date.now() % 19);
  await field.fill(number.format(rate));
  await page.getByRole("button", { name: ad.save }).click();
  await expect(page).toHaveURL(/\/admin\/rates$/);
  await expect(toast(page, fill(ad.done, { rate: number.format(rate) }))).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`1 US$ = ${number.format(rate)} SYP`);

  // A visitor in Arabic (a cached page is dropped by the rate's notification) sees the price converted at it.
  const values = await populatedSearch(request);
  const visitor = await newBrowser("ar");
  await visitor.goto(
    `/estates?location_id=${values.location}&estate_type_id=${values.type}&estate_offer_type_id=1&price_domain_id=`,
  );
  const href = (await estateCards(visitor).first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href"))!;
  await visitor.goto(href);
  const line = visitor.locator(".estate-price .price");
  const own = await ownPrice((await line.textContent())!, "ar");
  const c = T.ar.c;
  // Converted amounts are approximate: three significant figures (app/features/listings/prices.server.ts threeFigures).
  const threeFigures = (value: number) => {
    if (value < 1000) return Math.round(value);
    const step = 10 ** (Math.floor(Math.log10(value)) - 2);
    return Math.round(value / step) * step;
  };
  const expected = own.usd
    ? `≈ ${number.format(threeFigures(own.value * rate))} ${c.card.currency}`
    : `≈ ${number.format(threeFigures(own.value / rate))} ${c.card.currencyUSD}`;
  await expect(line).toContainText(expected);
});

for (const lang of LANGS) {
  test(`a listing shows its price per m² and the area's median (${lang})`, async ({
    page,
    useLang,
    baseURL,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    await useLang(lang);
    await dismissAppPopup(page, baseURL);
    const values = await populatedSearch(request);
    await visit(
      page,
      `/estates?location_id=${values.location}&estate_type_id=${values.type}&estate_offer_type_id=1&price_domain_id=`,
      project,
    );
    // Cards carry the other currency, approximate, and the price per m² (a card with a price: owners' approved posts
    // of other journeys may be "price on request").
    const card = estateCards(page).filter({ hasText: "≈" }).first();
    await expect(card).toContainText(perM2Pattern(lang));

    await card.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/estate\/\d+$/);
    await expectPriceAgainstMedian(page, lang);
  });
}
