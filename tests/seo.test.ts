import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { pageWindow } from "~/platform/ui/Pagination";
import { pageMeta, seoMeta, type Seo } from "~/platform/http/seo";

/** What a page tells search engines and link previews, and the page links under a result list. */

const ORIGIN = "https://aqar.example";
const arRoot = { locale: "ar" as const, origin: ORIGIN, siteName: "عقار سوريا" };
const enRoot = { locale: "en" as const, origin: ORIGIN, siteName: "Aqar Syria" };

type Tag = Record<string, string | undefined>;
const tags = (meta: MetaDescriptor[]) => meta as Tag[];
const titleOf = (meta: MetaDescriptor[]) => tags(meta).find((t) => "title" in t)?.title;
const nameTag = (meta: MetaDescriptor[], name: string) => tags(meta).find((t) => t.name === name)?.content;
const property = (meta: MetaDescriptor[], p: string) => tags(meta).find((t) => t.property === p)?.content;
const canonical = (meta: MetaDescriptor[]) => tags(meta).find((t) => t.tagName === "link" && t.rel === "canonical")?.href;
const alternate = (meta: MetaDescriptor[], lang: string) =>
  tags(meta).find((t) => t.tagName === "link" && t.rel === "alternate" && t.hrefLang === lang)?.href;

const listing: Seo = {
  title: "شقة للبيع في المزة",
  description: "شقة واسعة في المزة",
  image: "/images/seed-photo-1-800.webp",
  type: "product",
  keep: ["location_id", "estate_type_id", "page"],
};

describe("seoMeta", () => {
  it("gives the title with the site name, the description and the canonical URL of an Arabic page", () => {
    const meta = seoMeta(listing, arRoot, { pathname: "/estate/12", search: "" });
    expect(titleOf(meta)).toBe("شقة للبيع في المزة | عقار سوريا");
    expect(nameTag(meta, "description")).toBe("شقة واسعة في المزة");
    expect(canonical(meta)).toBe(`${ORIGIN}/estate/12`);
  });

  it("does not repeat the site name when the page's title is the site name (home)", () => {
    const meta = seoMeta({ title: "عقار سوريا", description: "x" }, arRoot, { pathname: "/", search: "" });
    expect(titleOf(meta)).toBe("عقار سوريا");
  });

  it("links the Arabic, English and x-default versions; only the English URL has lang=en", () => {
    const meta = seoMeta(listing, arRoot, { pathname: "/estate/12", search: "" });
    expect(alternate(meta, "ar")).toBe(`${ORIGIN}/estate/12`);
    expect(alternate(meta, "en")).toBe(`${ORIGIN}/estate/12?lang=en`);
    expect(alternate(meta, "x-default")).toBe(`${ORIGIN}/estate/12`);
    const alternates = tags(meta).filter((t) => t.rel === "alternate");
    expect(alternates.map((t) => t.hrefLang).sort()).toEqual(["ar", "en", "x-default"]);
  });

  it("makes the English URL canonical on the English page", () => {
    const meta = seoMeta(listing, enRoot, { pathname: "/estate/12", search: "?lang=en" });
    expect(canonical(meta)).toBe(`${ORIGIN}/estate/12?lang=en`);
    expect(alternate(meta, "ar")).toBe(`${ORIGIN}/estate/12`);
    expect(alternate(meta, "x-default")).toBe(`${ORIGIN}/estate/12`);
    expect(property(meta, "og:locale")).toBe("en_US");
    expect(property(meta, "og:locale:alternate")).toBe("ar_SY");
    expect(titleOf(meta)).toBe("شقة للبيع في المزة | Aqar Syria");
  });

  it("keeps only the query parameters that make the page distinct, in canonical and alternates", () => {
    const search = "?location_id=5&utm_source=fb&estate_type_id=6&fbclid=abc&page=2&lang=en&price_domain_id=";
    const meta = seoMeta(listing, arRoot, { pathname: "/estates", search });
    expect(canonical(meta)).toBe(`${ORIGIN}/estates?location_id=5&estate_type_id=6&page=2`);
    expect(alternate(meta, "en")).toBe(`${ORIGIN}/estates?location_id=5&estate_type_id=6&page=2&lang=en`);
    for (const tag of tags(meta)) {
      for (const value of [tag.href, tag.content]) {
        if (value?.startsWith("http")) {
          expect(value).not.toContain("utm_source");
          expect(value).not.toContain("fbclid");
        }
      }
    }
    // A page without kept parameters drops the whole query.
    const plain = seoMeta({ title: "a", description: "b" }, arRoot, { pathname: "/who-us", search: "?utm_source=x" });
    expect(canonical(plain)).toBe(`${ORIGIN}/who-us`);
  });

  it("names the page's own address, not the one asked, when a search was typed as words (decision 087)", () => {
    const search: Seo = {
      title: "بحث",
      description: "x",
      keep: ["estate_type_id", "q", "page"],
      address: "/estates?estate_type_id=6",
    };
    const meta = seoMeta(search, enRoot, { pathname: "/estates", search: "?q=flat&lang=en" });
    expect(canonical(meta)).toBe(`${ORIGIN}/estates?estate_type_id=6&lang=en`);
    expect(alternate(meta, "ar")).toBe(`${ORIGIN}/estates?estate_type_id=6`);
    expect(property(meta, "og:url")).toBe(`${ORIGIN}/estates?estate_type_id=6&lang=en`);
  });

  it("gives Open Graph and Twitter tags; an image becomes an absolute URL", () => {
    const meta = seoMeta(listing, arRoot, { pathname: "/estate/12", search: "" });
    expect(property(meta, "og:title")).toBe(listing.title);
    expect(property(meta, "og:description")).toBe(listing.description);
    expect(property(meta, "og:site_name")).toBe("عقار سوريا");
    expect(property(meta, "og:url")).toBe(`${ORIGIN}/estate/12`);
    expect(property(meta, "og:type")).toBe("website");
    expect(property(meta, "og:locale")).toBe("ar_SY");
    expect(property(meta, "og:image")).toBe(`${ORIGIN}/images/seed-photo-1-800.webp`);
    expect(nameTag(meta, "twitter:card")).toBe("summary_large_image");
    expect(nameTag(meta, "robots")).toBeUndefined();
  });

  it("marks articles as such, keeps absolute images and uses a small card without an image", () => {
    const article = seoMeta({ title: "t", description: "d", type: "article", image: "https://cdn.example/a.webp" }, arRoot, {
      pathname: "/artical/1",
      search: "",
    });
    expect(property(article, "og:type")).toBe("article");
    expect(property(article, "og:image")).toBe("https://cdn.example/a.webp");
    const plain = seoMeta({ title: "t", description: "d", image: null }, arRoot, { pathname: "/who-us", search: "" });
    expect(property(plain, "og:image")).toBeUndefined();
    expect(nameTag(plain, "twitter:card")).toBe("summary");
  });

  it("asks search engines not to index a noindex page", () => {
    const meta = seoMeta({ title: "t", description: "d", noindex: true }, arRoot, { pathname: "/officesResult", search: "" });
    expect(nameTag(meta, "robots")).toBe("noindex, follow");
  });

  it("falls back to the site name without page data", () => {
    expect(seoMeta(undefined, arRoot, { pathname: "/", search: "" })).toEqual([{ title: "عقار سوريا" }]);
    expect(seoMeta(listing, undefined, { pathname: "/", search: "" })).toEqual([{ title: "" }]);
  });
});

describe("pageMeta", () => {
  const root = { id: "root", data: { ...arRoot, errorTitles: { 404: "الصفحة غير موجودة", 500: "حدث خطأ" } } };

  it("reads seo from the route's data and the site from the root's", () => {
    const meta = pageMeta({
      data: { seo: listing },
      matches: [root, { id: "routes/estate.$id", data: { seo: listing } }],
      location: { pathname: "/estate/3", search: "?lang=ar" },
    });
    expect(titleOf(meta)).toBe("شقة للبيع في المزة | عقار سوريا");
    expect(canonical(meta)).toBe(`${ORIGIN}/estate/3`);
    expect(alternate(meta, "en")).toBe(`${ORIGIN}/estate/3?lang=en`);
  });

  it("titles a 404 as not found and a failure as an error, neither indexed", () => {
    const notFound = pageMeta({
      data: undefined,
      error: { status: 404 },
      matches: [root],
      location: { pathname: "/x", search: "" },
    });
    expect(titleOf(notFound)).toBe("الصفحة غير موجودة | عقار سوريا");
    expect(nameTag(notFound, "robots")).toBe("noindex");
    const failed = pageMeta({
      data: undefined,
      error: new Error("boom"),
      matches: [root],
      location: { pathname: "/x", search: "" },
    });
    expect(titleOf(failed)).toBe("حدث خطأ | عقار سوريا");
    expect(nameTag(failed, "robots")).toBe("noindex");
  });
});

describe("pageWindow (page links under a result list)", () => {
  it("lists every page when there are 15 or fewer", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    for (let page = 1; page <= 15; page++) {
      expect(pageWindow(page, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    }
  });

  it("with more pages shows the first, the last, the neighbours of the current page and gaps", () => {
    expect(pageWindow(1, 16)).toEqual([1, 2, 3, 4, null, 15, 16]);
    expect(pageWindow(10, 40)).toEqual([1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 39, 40]);
    expect(pageWindow(40, 40)).toEqual([1, 2, null, 37, 38, 39, 40]);
    // No gap marker where the window touches the start.
    expect(pageWindow(5, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, null, 29, 30]);
  });

  it("always includes the current page, the first and the last, in increasing order with no repeats", () => {
    for (const pageCount of [16, 17, 20, 34, 100, 5000]) {
      for (const page of new Set([
        1,
        2,
        3,
        4,
        5,
        6,
        Math.floor(pageCount / 2),
        pageCount - 5,
        pageCount - 3,
        pageCount - 1,
        pageCount,
      ])) {
        const window = pageWindow(page, pageCount);
        const numbers = window.filter((p): p is number => p !== null);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers[numbers.length - 1]).toBe(pageCount);
        for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1]);
        // A gap stands exactly where pages are skipped, and never twice in a row or at an end.
        for (let i = 0; i < window.length; i++) {
          if (window[i] === null) {
            expect(i > 0 && i < window.length - 1).toBe(true);
            expect((window[i + 1] as number) - (window[i - 1] as number)).toBeGreaterThan(1);
          } else if (i > 0 && window[i - 1] !== null) {
            expect((window[i] as number) - (window[i - 1] as number)).toBe(1);
          }
        }
        // Short enough for a phone: at most 2 + 7 + 2 pages and 2 gaps.
        expect(window.length).toBeLessThanOrEqual(13);
        // The three neighbours on each side are there when they exist.
        for (let p = Math.max(1, page - 3); p <= Math.min(pageCount, page + 3); p++) expect(numbers).toContain(p);
      }
    }
  });
});
