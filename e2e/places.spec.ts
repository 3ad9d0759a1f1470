import { ownAddress } from "./accounts";
import { F, toast } from "./forms";
import { expect, expectLanguage, fill, hasJs, LANGS, literal, T, test, visit } from "./support";

/**
 * Every place of Syria and a map (docs/decisions/095-every-place-and-a-map.md), in every browser project, with and
 * without JavaScript, in both languages: a village found with the place finder and searched, a village chosen in the
 * offer form (the finder's step without JavaScript, its suggestions with it), the SVG map's links from the home page
 * to a governorate and one of its places, and, with JavaScript, the results' map opening with its clusters.
 */

/** Rankous, a town of Qalamoun (Rif Dimashq) that only the gazetteer has, named as each language names it. */
const VILLAGE = {
  ar: { typed: "رنكوس", name: "رنكوس", governorate: "ريف دمشق" },
  en: { typed: "Rankus", name: "Rankus", governorate: "Rif Dimashq" },
} as const;
const DAMASCUS = { ar: "دمشق", en: "Damascus" } as const;

for (const lang of LANGS) {
  const { c } = T[lang];
  const f = F[lang];
  const places = (c as unknown as { places: PlacesTexts }).places;
  const sep = c.search.placeSeparator;
  const village = VILLAGE[lang];
  /** A map link's accessible name, "Damascus: 120 listings", for a place or governorate named `name`. */
  const mapLink = (name: string) =>
    new RegExp(`^${literal(places.map.count.replace("{{name}}", name)).source.replace(literal("{{count}}").source, "\\d+")}$`);

  test.describe(`every place and a map (${lang})`, () => {
    test.beforeEach(async ({ useLang, page, baseURL }) => {
      await useLang(lang);
      await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
    });

    test("a village found with the place finder, then searched", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/places", project);
      await expectLanguage(page, lang);
      const finder = page.getByRole("search", { name: places.finder.title });
      await finder.getByLabel(places.finder.label, { exact: true }).fill(village.typed);
      const main = page.getByRole("main");
      if (hasJs(project)) {
        // Suggestions as one types, before the form is sent.
        await main
          .getByRole("list", { name: places.finder.suggestions })
          .getByRole("link", { name: `${village.name}${sep}${village.governorate}` })
          .first()
          .click();
      } else {
        await finder.getByRole("button", { name: places.finder.submit }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/places" && url.searchParams.get("q") === village.typed);
        await main
          .getByRole("link", { name: `${village.name}${sep}${village.governorate}`, exact: true })
          .first()
          .click();
      }
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && Boolean(url.searchParams.get("location_id")));
      // The search says which place it is in, as a removable chip (its name ends with the removing mark).
      const chips = page.getByRole("navigation", { name: c.search.applied });
      await expect(
        chips.getByRole("link", { name: new RegExp(`^${literal(`${village.governorate}${sep}${village.name}`).source}`) }),
      ).toBeVisible();
    });

    test("a village chosen in the offer form, the other values kept, and the offer sent", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await ownAddress(page);
      await visit(page, "/new-estate", project);
      const main = page.getByRole("main");
      await main.getByLabel(f.newEstate.area, { exact: true }).fill("140");
      await main.getByLabel(f.fields.name, { exact: true }).fill("Rana Khoury");
      await main.getByLabel(f.fields.mobile, { exact: true }).fill("0944123456");
      await main.getByLabel(f.newEstate.subject, { exact: true }).fill("An old house with an orchard.");
      await main.getByLabel(places.field.label, { exact: true }).fill(village.typed);
      const select = main.getByLabel(f.newEstate.location, { exact: true });
      if (hasJs(project)) {
        await main
          .getByRole("list", { name: places.finder.suggestions })
          .getByRole("button", { name: `${village.name}${sep}${village.governorate}` })
          .first()
          .click();
      } else {
        // The finder's step: the form comes back as typed, the places found first in the select, the first chosen.
        await main.getByRole("button", { name: places.field.find, exact: true }).click();
        await expect(main.getByRole("status").filter({ hasText: village.typed })).toBeVisible();
        await expect(main.getByLabel(f.fields.name, { exact: true })).toHaveValue("Rana Khoury");
        await expect(main.getByLabel(f.newEstate.area, { exact: true })).toHaveValue("140");
        await expect(main.getByLabel(f.newEstate.subject, { exact: true })).toHaveValue("An old house with an orchard.");
      }
      await expect(select.locator("option:checked")).toHaveText(`${village.name}${sep}${village.governorate}`);
      await main.getByRole("button", { name: f.newEstate.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/new-estate\?sent=1$/);
      await expect(toast(page, f.toasts.offerSent)).toBeVisible();
    });

    test("the SVG map's links: a governorate from the home page, then one of its places", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/", project);
      const homeMap = page.getByRole("figure", { name: places.map.title });
      await homeMap.getByRole("link", { name: mapLink(DAMASCUS[lang]) }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("governorate_id") !== null);
      const map = page.getByRole("figure", { name: fill(places.map.titleIn, { name: DAMASCUS[lang] }) });
      await expect(map).toBeVisible();
      // The text alternative lists the places with listings; the map draws each as a dot that is a link.
      const first = map.getByRole("list", { name: places.map.list }).getByRole("listitem").first().getByRole("link");
      const name = (await first.textContent())!.trim();
      await map.getByRole("link", { name: mapLink(name) }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && url.searchParams.get("location_id") !== null);
      const chips = page.getByRole("navigation", { name: c.search.applied });
      await expect(
        chips.getByRole("link", { name: new RegExp(`^${literal(`${DAMASCUS[lang]}${sep}${name}`).source}`) }),
      ).toBeVisible();
    });

    test("the SVG map follows the search after navigating in the page, and the home page's after it", async ({
      page,
    }, testInfo) => {
      // With JavaScript the chips and the header's links navigate without a new document (decision 101): the map
      // drawn by the server for the first search must still be the current search's.
      const project = testInfo.project.name;
      await visit(page, "/estates?is_simple=0&governorate_id=1", project);
      const inDamascus = page.getByRole("figure", { name: fill(places.map.titleIn, { name: DAMASCUS[lang] }) });
      await expect(inDamascus).toBeVisible();
      const chips = page.getByRole("navigation", { name: c.search.applied });
      await chips.getByRole("link", { name: new RegExp(`^${literal(DAMASCUS[lang]).source}`) }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/estates" && !url.searchParams.has("governorate_id"));
      const country = page.getByRole("figure", { name: places.map.title });
      await expect(country).toBeVisible();
      await expect(inDamascus).toHaveCount(0);
      await expect(country.getByRole("link", { name: mapLink(DAMASCUS[lang]) })).toHaveAttribute(
        "href",
        /^\/estates\?(?=.*governorate_id=1)/,
      );
      await page.getByRole("link", { name: c.nav.homeAria }).first().click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      const homeMap = page.getByRole("figure", { name: places.map.title });
      await expect(homeMap.getByRole("link", { name: mapLink(DAMASCUS[lang]) })).toBeVisible();
    });

    test("with JavaScript, the results' map opens with its clusters, which zoom in", async ({ page }, testInfo) => {
      const project = testInfo.project.name;
      await visit(page, "/estates?is_simple=0", project);
      const open = page.getByRole("button", { name: places.map.open });
      if (!hasJs(project)) {
        // Without JavaScript the SVG map stays as it is, and nothing offers a map that needs a script.
        await expect(page.getByRole("figure", { name: places.map.title })).toBeVisible();
        await expect(open).toHaveCount(0);
        return;
      }
      await open.click();
      const map = page.getByRole("figure", { name: places.map.interactiveTitle });
      await expect(map.getByRole("status")).toHaveText(
        new RegExp(`^${literal(places.map.summary).source.replace(/\\\{\\\{\w+\\\}\\\}/g, "[\\d,٬]+")}`),
      );
      const clusters = map.getByRole("button", {
        name: new RegExp(`^${literal(places.map.cluster).source.replace(/\\\{\\\{\w+\\\}\\\}/g, "[\\d,٬]+")}$`),
      });
      await expect(clusters.first()).toBeVisible();
      const drawing = map.getByRole("group");
      const widthOf = async () => Number((await drawing.getAttribute("viewBox"))!.split(" ")[2]);
      const whole = await widthOf();
      await clusters.first().click();
      await expect.poll(widthOf).toBeLessThan(whole);
      // A cluster opened zooms in until the search's places show on their own (or, sharing one point, listed under the
      // map): links beside the 14 governorates'.
      const links = map.getByRole("link");
      for (let i = 0; i < 8 && (await links.count()) <= 14 && (await clusters.count()) > 0; i++) {
        await clusters.first().click();
      }
      await expect.poll(() => links.count()).toBeGreaterThan(14);
    });
  });
}

type PlacesTexts = {
  finder: { title: string; label: string; submit: string; suggestions: string };
  field: { label: string; find: string };
  map: {
    title: string;
    titleIn: string;
    count: string;
    list: string;
    open: string;
    interactiveTitle: string;
    summary: string;
    cluster: string;
  };
};
