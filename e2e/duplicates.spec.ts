import fs from "node:fs";
import sharp from "sharp";
import type { APIRequestContext, TestInfo } from "@playwright/test";
import { ownAddress, registerAndConfirm } from "./accounts";
import { cardOf, F, toast } from "./forms";
import { AD, logInAdmin, postOffer, test } from "./moderation";
import { expect, fill, LANGS, settle, T, type Lang } from "./support";

/**
 * One property, one card (decision 099), with JavaScript off and on, at phone and desktop size, in Arabic and English:
 * an owner who posts the same property twice is told to edit the first post, and the moderator sees the first beside
 * the second; a visitor finds the demo data's grouped flat as one card saying "also offered by", and its listing
 * page lists the other offers, each of whose pages lists it back.
 */
const PROJECTS = ["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"];

/** "Also offered by N other advertisers" in `lang`, with the plural form `count` takes in that language. */
function alsoOfferedBy(lang: Lang, count: number): string {
  const card = T[lang].c.card as unknown as Record<string, string>;
  return fill(card[`alsoOfferedBy_${new Intl.PluralRules(lang).select(count)}`], { count });
}

/** A drawn photo (shapes, so it has a perceptual hash of its own for this project and language), as a JPEG file. */
async function drawnPhoto(testInfo: TestInfo, seed: number): Promise<string> {
  const file = testInfo.outputPath(`flat-${seed}.jpg`);
  fs.mkdirSync(testInfo.outputPath(), { recursive: true });
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 131) % 700;
    const y = (seed * 61 + i * 89) % 500;
    return `<rect x="${x}" y="${y}" width="${80 + ((seed + i) % 5) * 30}" height="${60 + ((seed * i) % 4) * 25}" fill="hsl(${(seed * 40 + i * 70) % 360},60%,45%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#eee"/>${shapes}</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** The first demo listing whose page lists other offers (the demo data's groups, decision 099): its id. */
async function groupedListing(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 400; id++) {
    const response = await request.get(`/estate/${id}`);
    if (response.status() === 200 && (await response.text()).includes('id="other-offers"')) return id;
  }
  throw new Error("no demo listing with other offers");
}

for (const lang of LANGS) {
  const f = F[lang];
  const ad = AD[lang];
  const { c } = T[lang];

  test.describe(`one property, one card (${lang})`, () => {
    test.beforeEach(async ({ page, useLang, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
      // Its own client address: the per-address limits on codes, logins and offers count every journey from
      // 127.0.0.1 together otherwise, and the later projects of a run are refused.
      await ownAddress(page);
    });

    test("an owner posting the same flat again is told to edit the first; the moderator sees it beside the post", async ({
      page,
      newBrowser,
    }, testInfo) => {
      test.setTimeout(150_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");
      // A place of its own for each project and language (the moderation journeys use lower ones).
      const pick = { location: 90 + PROJECTS.indexOf(project) * 3 + (lang === "en" ? 13 : 0), type: 1 };
      const photo = await drawnPhoto(testInfo, PROJECTS.indexOf(project) * 2 + (lang === "en" ? 11 : 3));

      await registerAndConfirm(page, lang, project, "owner-pass-dup");
      const posts = [];
      for (let n = 0; n < 2; n++) {
        const post = await postOffer(page, lang, project, pick);
        await main.getByLabel(f.post.choosePhotos, { exact: true }).setInputFiles([photo]);
        await main.getByRole("button", { name: f.post.upload, exact: true }).click();
        await expect(toast(page, f.post.sentForReview)).toBeVisible();
        await settle(page, project);
        posts.push(post);
      }
      const [first, second] = posts;
      // The second post's editor says it repeats the first and links to the first's editor.
      const notice = main.locator(".repost-notice");
      await expect(notice).toContainText(fill(f.post.repost.text, { number: first.number }));
      await notice.getByRole("link", { name: fill(f.post.repost.edit, { number: first.number }), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${first.editor}$`));

      // The moderator's review of the second post lists the first as a likely duplicate of the same advertiser.
      const admin = await newBrowser(lang);
      await logInAdmin(admin, lang, project);
      await admin.goto(`/admin/posts/${second.id}`);
      await settle(admin, project);
      const section = admin.getByRole("region", { name: ad.duplicates.title });
      await expect(section).toBeVisible();
      const item = section.locator("li").filter({ has: admin.locator(`a[href="/admin/posts/${first.id}"]`) });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(ad.duplicates.by.photo);
      await expect(item).toContainText(ad.duplicates.sameAdvertiser);
      await expect(item).toContainText(ad.states.pending);
      await item.getByRole("link", { name: fill(ad.duplicates.number, { number: first.number }), exact: true }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/posts/${first.id}$`));
      await expect(
        admin.getByRole("region", { name: ad.duplicates.title }).locator(`a[href="/admin/posts/${second.id}"]`),
      ).toHaveCount(1);
    });

    test("a visitor sees a grouped flat as one card, 'also offered by', and its page lists the other offers", async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const main = page.getByRole("main");
      const head = await groupedListing(request);

      // Its page lists the other offers, cheapest first, each linked to its own page.
      await page.goto(`/estate/${head}`);
      await settle(page, project);
      const offers = main.getByRole("region", { name: c.estate.offers.title });
      await expect(offers).toBeVisible();
      const items = offers.locator("li");
      const count = await items.count();
      expect(count).toBeGreaterThanOrEqual(1);
      const others = await items.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      expect(others.every((href) => /^\/estate\/\d+$/.test(href))).toBe(true);

      // The same place, type, offer, area and rooms as the listing: its card says "also offered by", the others have none.
      const listing = (await (await request.get(`/api/estate/${head}`, { headers: { "Accept-Language": "ar" } })).json()).data;
      const places = (await (await request.get(`/places/suggest?q=${encodeURIComponent(listing.location)}&lang=ar`)).json())
        .places as {
        id: number;
        name: string;
        governorate: string;
      }[];
      const place = places.find((p) => p.name === listing.location && p.governorate === listing.governorate) ?? places[0];
      const search = new URLSearchParams({
        location_id: String(place.id),
        estate_type_id: "6",
        estate_offer_type_id: "1",
        area_min: String(Math.floor(listing.area * 0.97)),
        area_max: String(Math.ceil(listing.area * 1.03)),
        rooms_min: String(listing.rooms_count),
        is_simple: "0",
      });
      await page.goto(`/estates?${search}`);
      await settle(page, project);
      const card = cardOf(page, `/estate/${head}`);
      await expect(card).toHaveCount(1);
      for (const href of others) await expect(main.locator(`h3 a[href="${href}"]`)).toHaveCount(0);
      const also = card.getByRole("link", { name: alsoOfferedBy(lang, count), exact: true });
      await expect(also).toHaveCount(1);
      await expect(also).toHaveAttribute("href", `/estate/${head}#other-offers`);
      await also.click();
      await expect(page).toHaveURL(new RegExp(`/estate/${head}#other-offers$`));

      // Another offer's page lists the first among its own other offers.
      await page.goto(others[0]);
      await settle(page, project);
      await expect(main.getByRole("region", { name: c.estate.offers.title }).locator(`a[href="/estate/${head}"]`)).toHaveCount(1);
    });
  });
}
