import { describe, expect, it } from "vitest";
import { MAX_DB_ID } from "~/platform/forms/id";
import { isPageNumber, MAX_PAGE, requestedPageOf } from "~/platform/forms/queries";
import { OFFICE_QUERY_PARAMS, officeQuery, parseFilterQuery, parseOfficeQuery } from "~/features/search/search-query";
import { DIALOG_PARAMS, dialogQuery } from "~/features/site/dialog.server";
import { loader as articlesLoader } from "~/routes/articles";
import { loader as estatesLoader } from "~/routes/search-results";
import { loader as officesResultLoader } from "~/routes/office-search-results";
import { loader as userOrderLoader } from "~/routes/property-requests";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * Query strings read like forms (docs/decisions/063-queries-parsed-like-forms.md): the schemas of app/forms/ and what a
 * visitor gets from them, bad ids, bad pages, too long values and repeated parameters.
 */

useTestDatabase();
const query = (text: string) => new URLSearchParams(text);
const invalid = [{ key: "search.errors.invalid" }];
/** search.errors.invalid in Arabic, the default language: what the page shows beside the field. */
const AR_INVALID = "اختر قيمة من القائمة";

describe("the filter's schema", () => {
  it("reads ids by the one id rule, up to MAX_DB_ID", () => {
    expect(parseFilterQuery(query(`location_id=${MAX_DB_ID}`)).value.location_id).toBe(MAX_DB_ID);
    for (const bad of ["0", "01", "-1", "1.5", "1e3", "١", String(MAX_DB_ID + 1), "99999999999"]) {
      const parsed = parseFilterQuery(query(`location_id=${encodeURIComponent(bad)}`));
      expect(parsed.errors, bad).toEqual({ location_id: invalid });
      expect(parsed.value.location_id, bad).toBeUndefined();
      expect(parsed.texts.location_id, bad).toBe(bad);
    }
  });

  it("cuts too long texts (40 characters, the words 100) and keeps them for the form", () => {
    const parsed = parseFilterQuery(query(`estate_type_id=${"7".repeat(500)}&q=${"ب".repeat(300)}`));
    expect(parsed.texts.estate_type_id).toBe("7".repeat(40));
    expect(parsed.errors.estate_type_id).toEqual(invalid);
    expect(parsed.value.q).toBe("ب".repeat(100));
    expect(parsed.errors.q).toBeUndefined();
  });

  it("refuses a parameter sent twice, even with the same value, and keeps the first text", () => {
    const parsed = parseFilterQuery(query("currency=USD&currency=USD&sort=newest"));
    expect(parsed.errors).toEqual({ currency: invalid });
    expect(parsed.texts.currency).toBe("USD");
    expect(parsed.value).toMatchObject({ sort: "newest" });
    expect(parsed.value.currency).toBeUndefined();
  });

  it("reads an empty parameter as an absent one", () => {
    const parsed = parseFilterQuery(query("location_id=&price_min=%20&sort="));
    expect(parsed.errors).toEqual({});
    expect(parsed.value.location_id).toBeUndefined();
    expect(parsed.value.price_min).toBeUndefined();
  });

  it("gives amounts as numbers and says which are not", () => {
    const parsed = parseFilterQuery(query("price_min=١٬٠٠٠&rooms_min=51&floor=-5"));
    expect(parsed.value).toMatchObject({ price_min: 1000, floor: -5 });
    expect(parsed.errors).toEqual({ rooms_min: [{ key: "search.errors.number" }] });
  });
});

describe("the page rule", () => {
  it.each([
    ["", 1],
    ["page=", 1],
    ["page=1", 1],
    [`page=${MAX_PAGE}`, MAX_PAGE],
    [`page=${MAX_PAGE + 1}`, null],
    ["page=0", null],
    ["page=01", null],
    ["page=-2", null],
    ["page=2.0", null],
    ["page=%202", null],
    ["page=٢", null],
    [`page=${"9".repeat(100)}`, null],
    ["page=2&page=2", null],
  ])("reads %j as page %j", (text, page) => {
    expect(requestedPageOf(query(text))).toBe(page);
  });

  it("is the sitemaps' numbers too", () => {
    expect(isPageNumber("1")).toBe(true);
    expect(isPageNumber("0")).toBe(false);
    expect(isPageNumber("1000000")).toBe(false);
  });
});

describe("the dialog's schema", () => {
  it("reads the parameters the root names for the page cache's key, and no other", () => {
    expect([...DIALOG_PARAMS]).toEqual(Object.keys(dialogQuery.shape));
  });
});

describe("the office search's schema", () => {
  it("reads the parameters the route names for the page cache's key, and no other", () => {
    expect([...OFFICE_QUERY_PARAMS]).toEqual(Object.keys(officeQuery.shape));
  });

  it("searches by place unless searchselected is 2, and cleans the name", () => {
    expect(parseOfficeQuery(query("searchselected=3")).value.searchselected).toBe("1");
    const parsed = parseOfficeQuery(query(`searchselected=2&name=${encodeURIComponent("\u0000 حلب\u0007 ")}`));
    expect(parsed.value).toMatchObject({ searchselected: "2", name: "حلب" });
    expect(parseOfficeQuery(query(`name=${"x".repeat(500)}`)).value.name).toHaveLength(60);
  });
});

describe("what a visitor gets", () => {
  it("a bad or repeated page of a list is a 404; an empty one is the first page", async () => {
    for (const url of ["/articals?page=0", "/articals?page=1&page=1", "/user-order?page=01", "/estates?page=2&page=2"]) {
      expect((await callLoader(articlesOrOthers(url), url)).status, url).toBe(404);
    }
    for (const url of ["/articals?page=", "/user-order?page=", "/estates?page="]) {
      expect((await callLoader(articlesOrOthers(url), url)).status, url).toBe(200);
    }
  });

  it("a wrong, too long or repeated filter answers 400 with the field's message", async () => {
    for (const [url, field] of [
      [`/estates?is_simple=0&location_id=${MAX_DB_ID + 1}`, "location_id"],
      [`/estates?is_simple=0&estate_type_id=${"1".repeat(300)}`, "estate_type_id"],
      ["/estates?is_simple=0&sort=newest&sort=price_asc", "sort"],
    ] as const) {
      const res = await callLoader(estatesLoader, url);
      expect(res.status, url).toBe(400);
      expect(res.data.errors, url).toEqual({ [field]: invalid });
    }
    // The optional fields come with their message in the page's language.
    const res = await callLoader(estatesLoader, "/estates?is_simple=0&sort=newest&sort=price_asc");
    const sort = [...res.data.fields.main, ...res.data.fields.more].find((f: { name: string }) => f.name === "sort");
    expect(sort?.error).toBe(AR_INVALID);
  });

  it("the office search says which field is missing, for a bad, too long or repeated place", async () => {
    for (const url of [
      `/officesResult?searchselected=1&location_id=${MAX_DB_ID + 1}`,
      `/officesResult?searchselected=1&location_id=${"1".repeat(50)}`,
      "/officesResult?searchselected=1&location_id=1&location_id=1",
    ]) {
      const res = await callLoader(officesResultLoader, url);
      expect(res.status, url).toBe(400);
      expect(res.data.errors, url).toEqual({ location_id: [{ key: "offices.errors.place" }] });
    }
  });
});

/** Any route loader, as callLoader takes it. */
type Loader = Parameters<typeof callLoader<unknown>>[0];

/** The loader of a list's path. */
function articlesOrOthers(url: string): Loader {
  if (url.startsWith("/articals")) return articlesLoader as Loader;
  if (url.startsWith("/user-order")) return userOrderLoader as Loader;
  return estatesLoader as Loader;
}
