import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { holdsSecret, SECRET_PATH_SEGMENTS, withoutSecrets } from "../server/log-redaction";
import { declaredRoutes } from "./helpers/routes";

/**
 * The secrets of the site's addresses (server/log-redaction.ts, decision 082): what the request logs write instead of
 * them, for every tokened link of the route table, written as browsers and attackers write it.
 */

const TOKEN = "12ab.mz8k3q.Xy_9-secretSIGNATUREpart";

describe("withoutSecrets: a request address as the logs keep it", () => {
  it("hides the token of every tokened path, decoded, in any case, with any slash, and of its data request", () => {
    const cases: [string, string][] = [
      [`/od/${TOKEN}`, "/od/…"],
      [`/a/${TOKEN}`, "/a/…"],
      ["/a/7-mz8k3q", "/a/…"],
      [`/od/${TOKEN}.data`, "/od/…"],
      [`/od/${TOKEN}?lang=en`, "/od/…?lang=en"],
      [`/OD/${TOKEN}`, "/OD/…"],
      [`/%6Fd/${TOKEN}`, "/od/…"],
      [`/od%2F${TOKEN}`, "/od/…"],
      [`//od//${TOKEN}`, "//od//…"],
      [`/od\\${TOKEN}`, "/od\\…"],
      [`/od/${encodeURIComponent("عقار\r\n")}`, "/od/…"],
      [`https://aqar.example/od/${TOKEN}`, "https://aqar.example/od/…"],
    ];
    for (const [url, logged] of cases) {
      expect(withoutSecrets(url), url).toBe(logged);
      expect(holdsSecret(url), url).toBe(true);
    }
  });

  it("hides `t` on /rp, /lc and /alerts/stop, and an address with a secret inside any parameter, encoded or not", () => {
    const od = `/od/${TOKEN}`;
    const cases: [string, string][] = [
      [`/rp?t=${TOKEN}`, "/rp?t=…"],
      [`/lc?x=1&t=${TOKEN}&lang=en`, "/lc?x=1&t=…&lang=en"],
      [`/alerts/stop?t=${TOKEN}`, "/alerts/stop?t=…"],
      [`/alerts/stop?%74=${TOKEN}`, "/alerts/stop?%74=…"],
      [`/login?redirectTo=${encodeURIComponent(od)}&tab=2`, "/login?redirectTo=…&tab=2"],
      [`/login?redirectTo=${od}&tab=2`, "/login?redirectTo=…&tab=2"],
      [`/login?redirectTo=${encodeURIComponent(encodeURIComponent(od))}`, "/login?redirectTo=…"],
      [`/login?redirectTo=${encodeURIComponent(`/lc?t=${TOKEN}`)}`, "/login?redirectTo=…"],
      [`/login?redirectTo=${encodeURIComponent(`/login?redirectTo=${encodeURIComponent(od)}`)}`, "/login?redirectTo=…"],
      [`/login?redirectTo=${encodeURIComponent(`https://aqar.example${od}`)}`, "/login?redirectTo=…"],
      [`/__manifest?p=${encodeURIComponent(od)}&p=%2Festates&version=abc`, "/__manifest?p=…&p=%2Festates&version=abc"],
    ];
    for (const [url, logged] of cases) {
      expect(withoutSecrets(url), url).toBe(logged);
      expect(holdsSecret(url), url).toBe(true);
    }
  });

  it("leaves every other address as it was sent", () => {
    for (const url of [
      "/",
      "/estates?location_id=g1&price_max=100000&q=%D8%B4%D9%82%D8%A9+%D9%88%D8%A7%D8%B3%D8%B9%D8%A9",
      "/estate/12?lang=en",
      "/offices",
      "/admin/offers/7",
      "/login?redirectTo=%2Fprofile&tab=2",
      "/login?redirectTo=%2Festates%3Fq%3Dod&tab=2",
      "/odd/abc",
      "/about/a",
      "/estate/%ZZ",
      "/rp?changed=1",
      "/estates?q=100%",
    ]) {
      expect(withoutSecrets(url), url).toBe(url);
      expect(holdsSecret(url), url).toBe(false);
    }
    expect(withoutSecrets(undefined)).toBeUndefined();
  });

  it("covers every route of the route table that takes a token: its path parameter or its `t`", async () => {
    // Routes whose path parameter is a public id (a listing, an office, an article, a sitemap, a back-office row) or
    // a language (the map's figure, decision 101).
    const idParams = new Set([":id", ":name", ":lang"]);
    const tokened = (await declaredRoutes())
      .filter((r) => r.path?.split("/").some((part) => part.startsWith(":") && !idParams.has(part)))
      .map((r) => r.path!.split("/")[0])
      .sort();
    expect(tokened).toEqual([...SECRET_PATH_SEGMENTS].sort());
    // Routes that read the query's token (queryToken reads `t`) or a token posted in a form field `t`.
    const readers = [];
    for (const route of await declaredRoutes()) {
      const source = fs.readFileSync(path.join("app", route.file), "utf8");
      if (/queryToken\(|form\.get\("t"\)/.test(source)) readers.push(`/${route.path}`);
    }
    expect(readers.sort()).toEqual(["/alerts/stop", "/lc", "/rp"]);
    for (const route of readers) expect(withoutSecrets(`${route}?t=${TOKEN}`)).toBe(`${route}?t=…`);
  });
});
