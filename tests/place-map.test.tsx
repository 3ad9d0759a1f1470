import zlib from "node:zlib";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { getLookups } from "~/features/places/lookups.server";
import type { MapData } from "~/features/places/PlaceMap";
import { PlaceMapSvg as PlaceMap } from "~/features/places/PlaceMapSvg.server";
import { OUTLINES } from "~/features/places/map-outlines";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import type { Locale } from "~/platform/i18n/i18n";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import { loader as homeLoader } from "~/routes/home";
import { loader as estatesLoader } from "~/routes/search-results";
import { loader as figureLoader } from "~/routes/map-figure";
import { loader as rentLoader } from "~/routes/rent-results";
import { mapFigureHtml } from "~/features/places/map-figure.server";
import { callLoader } from "./helpers/remix";
import { useTestDatabase } from "./helpers/db";

/**
 * The SVG map of listings without JavaScript (decision 095): every governorate a named link to its search with its
 * count, a governorate's places with listings as dots that are links, the same links as a list, in both languages,
 * within 15 KB compressed. The map's data reaches the document through the load context, never the loader's data,
 * which names the map's address; /map-figure at that address draws the same map (decision 101).
 */

/** A page's loader called with a load context; its map's data (`placeMap`) and its loader data's map address. */
async function pageMap(loader: "home" | "estates" | "rent", url: string) {
  const context: { placeMap?: MapData } = {};
  const options = { context };
  const reply =
    loader === "home"
      ? await callLoader(homeLoader, url, options)
      : await callLoader(loader === "rent" ? rentLoader : estatesLoader, url, options);
  return { reply, map: context.placeMap!, src: reply.data.map as string };
}

const test = useTestDatabase();
const db = () => test.get().db;

/** The map's HTML as the server writes it, in `locale`. */
async function render(data: MapData, locale: Locale): Promise<string> {
  const element = <PlaceMap data={data} />;
  const handler = createStaticHandler([{ id: "page", path: "*", element }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("no page");
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslatorProvider>,
  );
}

/** The SVG's links: their address (read back from the markup) and accessible name. */
const svgLinks = (html: string) =>
  [...(/<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? "").matchAll(/<a href="([^"]*)" aria-label="([^"]*)"/g)].map((m) => ({
    href: m[1].replace(/&amp;/g, "&"),
    label: m[2],
  }));
const gzipped = (html: string) => zlib.gzipSync(html, { level: 9 }).length;

describe("the SVG map", () => {
  it("the home page's: every governorate a link to its search named with its count, and the list", async () => {
    const lookups = await getLookups(db());
    const { map, src } = await pageMap("home", "/");
    expect(src).toBe("/map-figure/ar?is_simple=0");
    expect(map.governorates).toHaveLength(14);
    expect(OUTLINES).toHaveLength(14);
    // Each count is what the governorate's search finds.
    const damascus = map.governorates.find((g) => g.name === "دمشق")!;
    const search = await callLoader(estatesLoader, damascus.href);
    expect(search.data.result.total).toBe(damascus.count);
    expect(damascus.count).toBeGreaterThan(0);
    for (const locale of ["ar", "en"] as const) {
      const data = locale === "ar" ? map : (await pageMap("home", "/?lang=en")).map;
      const html = await render(data, locale);
      const links = svgLinks(html);
      expect(links).toHaveLength(14);
      const first = data.governorates[0];
      expect(links[0]).toEqual({
        href: `/estates?is_simple=0&governorate_id=${first.id}`,
        label: locale === "ar" ? `${first.name}، عدد العقارات: ${first.count}` : `${first.name}: ${first.count} listings`,
      });
      // The text alternative: the same 14 links as a list.
      expect(html.match(/<li><a[^>]*href="\/estates\?is_simple=0&amp;governorate_id=\d+"/g)).toHaveLength(14);
      expect(html).not.toMatch(/<script/);
      expect(gzipped(html)).toBeLessThan(15 * 1024);
    }
    expect(lookups.governorates.every((g) => OUTLINES.some((o) => o.wof_id === g.wof_id))).toBe(true);
  });

  it("the results page's: inside the search's governorate, its places with listings as dots that are links", async () => {
    const lookups = await getLookups(db());
    const aleppo = lookups.governorates.find((g) => g.name_en === "Aleppo")!;
    const { reply, map, src } = await pageMap(
      "estates",
      `/estates?is_simple=0&governorate_id=${aleppo.id}&estate_type_id=6&page=1`,
    );
    expect(reply.status).toBe(200);
    expect(src).toBe(`/map-figure/ar?is_simple=0&governorate_id=${aleppo.id}&estate_type_id=6`);
    expect(map.focus).toBe(aleppo.id);
    expect(map.places.length).toBeGreaterThan(3);
    const html = await render(map, "ar");
    const dots = svgLinks(html).filter((l) => l.href.includes("location_id="));
    expect(dots).toHaveLength(map.places.length);
    // A dot's link is this search in that place; its count is the place's listings.
    const top = map.places[0];
    expect(dots[0].href).toBe(`/estates?is_simple=0&estate_type_id=6&location_id=${top.id}`);
    const place = await callLoader(estatesLoader, `/estates?is_simple=0&location_id=${top.id}`);
    expect(place.data.result.total).toBe(top.count);
    expect(html.match(/<circle /g)).toHaveLength(map.places.length);
    expect(gzipped(html)).toBeLessThan(15 * 1024);
  });

  it("/map-figure draws the map a page names, as the page draws it; a refused search gets none", async () => {
    const lookups = await getLookups(db());
    const aleppo = lookups.governorates.find((g) => g.name_en === "Aleppo")!;
    const urls = [`/estates?is_simple=0&governorate_id=${aleppo.id}&estate_type_id=6`, "/rent-properties?lang=en", "/"];
    for (const url of urls) {
      const loader = url === "/" ? "home" : url.startsWith("/rent") ? "rent" : "estates";
      const { map, src } = await pageMap(loader, url);
      const figure = await callLoader(figureLoader, src, { params: { lang: src.split(/[/?]/)[2] } });
      expect(figure.status, src).toBe(200);
      expect(figure.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(figure.data, src).toBe(mapFigureHtml(map, src.startsWith("/map-figure/en") ? "en" : "ar"));
      if (url.startsWith("/rent")) expect(src).toBe("/map-figure/en?lang=en&scope=rent");
      expect(figure.data).toMatch(/^<figure class="place-map"[\s\S]*<\/figure>$/);
    }
    const inAleppo = (
      await callLoader(figureLoader, `/map-figure/en?is_simple=0&governorate_id=${aleppo.id}`, { params: { lang: "en" } })
    ).data;
    expect(inAleppo).toContain("<figcaption");
    expect(inAleppo).toContain("Listings in Aleppo by place");
    const wrong = await callLoader(figureLoader, "/map-figure/ar?location_id=999999999", { params: { lang: "ar" } });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toBe("");
  });
});
