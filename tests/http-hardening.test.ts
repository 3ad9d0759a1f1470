import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/platform/i18n/i18n.server";
import { DEMO_ADMIN } from "~/features/accounts/admin-bootstrap.server";
import { freePort, startServer, type TestServer } from "./helpers/server";

/**
 * The HTTP layer (decision 011) as an attacker and an operator meet it, through the real server process: body limits,
 * forged Host headers, the dialog's close link, a reverse proxy in front, a language chosen by URL, and a translated
 * page with the right status for every refusal.
 */

const ar = resources.ar.common;
const en = resources.en.common;

let server: TestServer;
beforeAll(async () => {
  // An account with a real (test) number: the demo admin's is reserved for fiction and gets no SMS (decision 079).
  server = await startServer({ ADMIN_PHONE: "+963944000100", ADMIN_PASSWORD: "reset-link-test-2026" });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * One raw HTTP request (fetch cannot forge Host); the body is written in `chunks` pieces without Content-Length.
 * Like a browser, it stops sending once the answer has begun, and it keeps what arrived of the answer when the
 * server then closes the connection on the rest of the body (a refused upload: the kernel may reset the connection
 * instead of closing it, a race of TCP, not of the server's answer).
 */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; chunked?: { size: number; count: number } } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      res.on("end", done);
      res.on("aborted", done);
      res.on("error", done);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.chunked) {
      const piece = "a".repeat(options.chunked.size);
      let sent = 0;
      const write = () => {
        while (sent < options.chunked!.count && !answered) {
          sent++;
          if (!req.write(sent === 1 ? `name=${piece}` : piece)) return req.once("drain", write);
        }
        req.end();
      };
      req.on("error", () => undefined);
      write();
    } else req.end(options.body);
  });
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

describe("request bodies", () => {
  it("refuses a 100 MB urlencoded post with a translated 413 before reading it, and the memory stays", async () => {
    const before = rssKiB(server.process.pid!);
    const res = await raw(`${server.url}/consultation`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(100 * 1024 * 1024),
      },
      body: "name=x",
    }).catch((error) => ({ status: -1, headers: {}, body: String(error) }));
    expect(res.status).toBe(413);
    expect(res.body).toContain(ar.errorPage["413"].title);
    expect(rssKiB(server.process.pid!) - before).toBeLessThan(50 * 1024);
  });

  it("counts a chunked body without Content-Length as it arrives: 413 past 64 KiB, nothing echoed", async () => {
    const before = rssKiB(server.process.pid!);
    const res = await raw(`${server.url}/consultation?lang=en`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      chunked: { size: 64 * 1024, count: 1600 },
    }).catch((error) => ({ status: -1, headers: {}, body: String(error) }));
    expect(res.status).toBe(413);
    expect(res.body).toContain(en.errorPage["413"].title);
    expect(res.body).not.toContain("a".repeat(1000));
    expect(rssKiB(server.process.pid!) - before).toBeLessThan(50 * 1024);
  });

  it("holds a plain form posted to an upload route to the form limit: 413 past 64 KiB, with or without Content-Length", async () => {
    // Only a multipart post there may be large (photos). A 1.1 MB urlencoded body once went to the action as a stream
    // that its reader gave up on, and the answer never came (stop 19's CI, the fuzz test's seed 245113610).
    for (const path of ["/admin/offices/1", "/admin/articles/new", "/profile/posts/1"]) {
      const declared = await raw(`${server.url}${path}?lang=en`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "1147683" },
        body: "intent=save",
      }).catch((error) => ({ status: -1, headers: {}, body: String(error) }));
      expect(declared.status, path).toBe(413);
      expect(declared.body).toContain(en.errorPage["413"].title);
      const chunked = await raw(`${server.url}${path}?lang=en`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        chunked: { size: 64 * 1024, count: 18 },
      }).catch((error) => ({ status: -1, headers: {}, body: String(error) }));
      expect(chunked.status, path).toBe(413);
      expect(chunked.body).toContain(en.errorPage["413"].title);
    }
  });

  it("still takes a form under the limit, and never echoes a huge junk field back", async () => {
    const res = await fetch(`${server.url}/consultation`, {
      method: "POST",
      headers: { Origin: server.url, "X-Forwarded-For": "10.99.0.1" },
      body: new URLSearchParams({ name: "", mobile: "0944123456", subject: "hello", junk: "z".repeat(40_000) }),
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("0944123456");
    expect(page).not.toContain("z".repeat(1000));
  });
});

describe("links that leave the site", () => {
  it("builds the reset link in the SMS from the site's origin, not from a forged Host", async () => {
    const res = await raw(`${server.url}/forgot-password`, {
      method: "POST",
      headers: { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ country: "SY", authentication: "0944000100" }).toString(),
    });
    // Another site's Origin is refused outright; with a matching (forged) Origin the link still is the site's own.
    expect(res.status).toBe(403);
    const forged = await raw(`${server.url}/forgot-password`, {
      method: "POST",
      headers: { Host: "evil.example", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "evil.example" },
      body: new URLSearchParams({ country: "SY", authentication: "0944000100" }).toString(),
    });
    expect(forged.status).toBe(302);
    const smsLines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("[sms] +963944000100"));
    for (let waited = 0; smsLines().length === 0 && waited < 5_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const sms = smsLines();
    expect(sms.length, server.output().slice(-3000)).toBeGreaterThan(0);
    const last = sms[sms.length - 1];
    expect(last).toContain(`http://localhost:${server.port}/rp?t=`);
    expect(last).not.toContain("evil.example");
  });

  it("gives canonical and Open Graph links on the site's origin whatever the Host says", async () => {
    const res = await raw(`${server.url}/estates`, { headers: { Host: "evil.example" } });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain("evil.example");
  });
});

describe("addresses that hold a secret (decision 082)", () => {
  const token = "9x.mz8k3q.NotARealSignature_secret1";

  it("answers a post to a draft's link with a token no header can carry by the link's page, never a 500", async () => {
    for (const bad of ["عقار-مسودة", "a\r\nSet-Cookie: x=1", "%"]) {
      const path = `/od/${encodeURIComponent(bad)}`;
      const res = await fetch(`${server.url}${path}?lang=en`, {
        method: "POST",
        headers: { Origin: server.url },
        body: new URLSearchParams({}),
        redirect: "manual",
      });
      expect(res.status, bad).toBe(302);
      expect(res.headers.get("location"), bad).toBe(path);
      expect(res.headers.get("set-cookie") ?? "", bad).not.toContain("x=1");
      const page = await fetch(`${server.url}${path}?lang=en`);
      expect(page.status, bad).toBe(400);
      expect(await page.text(), bad).toContain(en.offerDraft.invalid);
    }
  });

  it("keeps no login page that returns to a token's link, in the page cache or anywhere", async () => {
    const address = `/login?redirectTo=${encodeURIComponent(`/od/${token}`)}&tab=2`;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}${address}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).not.toBe("hit");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(await res.text()).toContain(token);
    }
    // Any page to come back to may be one (the login page cannot tell): kept nowhere either. Without one, kept.
    expect((await fetch(`${server.url}/login?redirectTo=%2Foffices&tab=2`)).headers.get("cache-control")).toBe("no-store");
    await fetch(`${server.url}/login?tab=2`);
    expect((await fetch(`${server.url}/login?tab=2`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("writes no token of a link into the request log", async () => {
    for (const address of [`/od/${token}`, `/a/${token}`, `/rp?t=${token}`, `/alerts/stop?t=${token}`]) {
      const res = await fetch(`${server.url}${address}`);
      // Each answers 4xx, which the log writes at LOG_LEVEL=warn.
      expect(res.status, address).toBeGreaterThanOrEqual(400);
    }
    // A sign-up without its fields, on the login page that returns to a draft's link: 400.
    const signUp = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent(`/od/${token}`)}&tab=2`, {
      method: "POST",
      headers: { Origin: server.url },
      body: new URLSearchParams({ intent: "register" }),
    });
    expect(signUp.status).toBe(400);
    for (let waited = 0; !server.output().includes("/login?redirectTo=…") && waited < 3_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain('"url":"/od/…"');
    expect(server.output()).toContain('"url":"/login?redirectTo=…&tab=2"');
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain(token.slice(-12));
  });
});

describe("the dialog's close link", () => {
  it("sends a path starting with // to its clean address (decision 050), whose page links nowhere else", async () => {
    const res = await raw(`${server.url}//evil.example/?dialog=login`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/evil.example?dialog=login");
    const page = await raw(`${server.url}${res.headers.location}`);
    expect(page.status).toBe(404);
    expect(page.body).not.toMatch(/href="\/\/evil/);
    expect(page.body).toContain(ar.notFound.title);
  });
});

describe("a language chosen by the URL", () => {
  it("is kept in the lang cookie for the next click", async () => {
    const res = await fetch(`${server.url}/estate/1?lang=en`);
    expect(res.headers.get("set-cookie")).toMatch(/^lang=en;/);
    const next = await fetch(`${server.url}/offices`, { headers: { Cookie: "lang=en" } });
    expect(await next.text()).toContain('lang="en"');
    // Already chosen: no cookie written again.
    const again = await fetch(`${server.url}/estates?lang=en`, { headers: { Cookie: "lang=en" } });
    expect(again.headers.get("set-cookie")).toBeNull();
  });
});

describe("pages of every refusal", () => {
  it("translates the 403 of a post from another site", async () => {
    const res = await fetch(`${server.url}/save`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({ estate_id: "1" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(ar.errorPage["403"].title);
  });

  it("refuses a post from another site to every action-only route before it acts (server.ts checks every post); a GET is the 404 page", async () => {
    for (const route of ["/language", "/app-popup", "/logout", "/save", "/report"]) {
      const refused: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of refused) {
        const res = await fetch(`${server.url}${route}`, {
          method: "POST",
          headers,
          body: new URLSearchParams({ lang: "en", estate_id: "1", redirectTo: "/" }),
          redirect: "manual",
        });
        expect(res.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers.get("set-cookie"), route).toBeNull();
      }
    }
    // Opening any of them is the site's translated not-found page (one shared loader and component, features/site/no-page.tsx).
    for (const route of ["/language", "/app-popup", "/logout", "/save", "/report"]) {
      const res = await fetch(`${server.url}${route}?lang=en`);
      expect(res.status, route).toBe(404);
      expect(await res.text(), route).toContain(en.notFound.title);
    }
    // The same posts from the site itself are acted upon.
    const same = await fetch(`${server.url}/language`, {
      method: "POST",
      headers: { Origin: server.url },
      body: new URLSearchParams({ lang: "en", redirectTo: "/" }),
      redirect: "manual",
    });
    expect(same.status).toBe(302);
    expect(same.headers.get("set-cookie")).toMatch(/^lang=en;/);
  });

  it("answers 400 with a page for an address that cannot be decoded", async () => {
    const res = await fetch(`${server.url}/estate/%ZZ?lang=en`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(en.errorPage["400"].title);
  });

  it("answers a post to a page without a form with a titled 405 and Allow", async () => {
    const res = await fetch(`${server.url}/estate/1`, {
      method: "POST",
      headers: { Origin: server.url },
      body: new URLSearchParams({ a: "1" }),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await res.text()).toContain(`<title>${ar.errorPage["405"].title}`);
  });

  it("answers PUT and DELETE on a form route with 405, not 400", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await fetch(`${server.url}/consultation`, { method, headers: { Origin: server.url }, body: "name=a" });
      expect(res.status).toBe(405);
      expect(await res.text()).toContain(ar.errorPage["405"].title);
    }
  });

  it("says 'page not found' for an unknown address and 'this listing may have been removed' for a listing", async () => {
    const page = await (await fetch(`${server.url}/nope`)).text();
    expect(page).toContain(ar.notFound.text);
    expect(page).not.toContain(ar.notFound.listingText);
    const listing = await fetch(`${server.url}/estate/2147483000`);
    expect(listing.status).toBe(404);
    expect(await listing.text()).toContain(ar.notFound.listingText);
  });

  it("serves a small icon at /favicon.ico", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(2048);
  });

  it("sends each header once: Vary on pages, Cache-Control on the sitemap", async () => {
    const page = await fetch(`${server.url}/offices`, { headers: { "Accept-Encoding": "gzip" } });
    // Save-Data: the data saver's header chooses the page too (decision 022).
    expect(page.headers.get("vary")).toBe("Cookie, Save-Data, Accept-Encoding");
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(
      sitemap.headers
        .get("cache-control")
        ?.split(",")
        .filter((d) => /max-age|no-cache/.test(d)).length,
    ).toBe(1);
  });
});

describe("the home page's app store link (decision 082)", () => {
  const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";
  const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8)";

  it("varies on User-Agent where the popup shows it, filled or kept, and nowhere else", async () => {
    for (let i = 0; i < 2; i++) {
      for (const [agent, platform] of [
        [IPHONE, "ios"],
        [ANDROID, "android"],
      ]) {
        const res = await fetch(`${server.url}/?lang=en`, { headers: { "User-Agent": agent, Cookie: "lang=en" } });
        expect(res.headers.get("vary"), `${agent} ${res.headers.get("x-page-cache")}`).toBe(
          "Cookie, Save-Data, User-Agent, Accept-Encoding",
        );
        expect(await res.text()).toContain(`data-platform="${platform}"`);
      }
    }
    const closed = await fetch(`${server.url}/`, { headers: { "User-Agent": IPHONE, Cookie: "app_popup=closed" } });
    expect(closed.headers.get("vary")).toBe("Cookie, Save-Data, Accept-Encoding");
  });
});

describe("behind a reverse proxy", () => {
  let proxied: TestServer;
  let proxy: http.Server;
  let proxyUrl: string;
  beforeAll(async () => {
    proxied = await startServer({ PUBLIC_URL: "https://aqar.example" });
    // Like nginx's default: the upstream address as Host, X-Forwarded-For and X-Forwarded-Proto added.
    const port = await freePort();
    proxy = http.createServer((req, res) => {
      const upstream = http.request(
        `${proxied.url}${req.url}`,
        {
          method: req.method,
          headers: {
            ...req.headers,
            host: `127.0.0.1:${proxied.port}`,
            "x-forwarded-for": "203.0.113.7",
            "x-forwarded-proto": "https",
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    proxy?.close();
    await proxied?.stop();
  });

  it("handles a plain form post whose Origin is the public URL (no bare 500)", async () => {
    const res = await fetch(`${proxyUrl}/save`, {
      method: "POST",
      headers: { Origin: "https://aqar.example" },
      body: new URLSearchParams({ estate_id: "1", redirectTo: "/estate/1" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Festate%2F1");
  });

  it("compares the scheme too: http://aqar.example is another origin", async () => {
    const res = await fetch(`${proxyUrl}/save`, {
      method: "POST",
      headers: { Origin: "http://aqar.example" },
      body: new URLSearchParams({ estate_id: "1" }),
    });
    expect(res.status).toBe(403);
  });

  it("seeds the demo data without the demo admin on a public origin, and says how to make the first admin", async () => {
    expect(proxied.output()).toContain("demo data seeded without the demo admin");
    expect(proxied.output()).toContain("ADMIN_PHONE");
    expect(proxied.output()).not.toContain("demo-admin-2026");
  });

  it("builds canonical links from PUBLIC_URL", async () => {
    const page = await (await fetch(`${proxyUrl}/offices`)).text();
    expect(page).toContain('rel="canonical" href="https://aqar.example/offices"');
    expect(page).not.toContain(`127.0.0.1:${proxied.port}`);
  });
});

describe("npm start on one machine (docs/decisions/049): the loopback names are one site", () => {
  // As `npm start` runs it: production, PUBLIC_URL=http://localhost:$PORT, DEMO_DATA=on.
  let local: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    local = await startServer({ NODE_ENV: "production", PUBLIC_URL: `http://localhost:${port}`, DEMO_DATA: "on" }, 180_000, {
      port,
      keepDataDir: true,
    });
  }, 240_000);
  afterAll(async () => {
    await local?.stop();
    if (local) fs.rmSync(local.dataDir, { recursive: true, force: true });
  });

  /** A form post to /language as a browser on `page` sends it (its Origin), to the server at `to`. */
  const post = (to: string, origin: string) =>
    fetch(`${to}/language`, {
      method: "POST",
      headers: { Origin: origin },
      body: new URLSearchParams({ lang: "en", redirectTo: "/" }),
      redirect: "manual",
    });

  it("takes a post from 127.0.0.1, localhost or [::1] on its port, and refuses other ports, schemes and sites", async () => {
    const at = `http://127.0.0.1:${port}`;
    for (const origin of [at, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      const res = await post(at, origin);
      expect(res.status, origin).toBe(302);
      expect(res.headers.get("set-cookie"), origin).toMatch(/^lang=en;/);
    }
    for (const origin of [`http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, `http://evil.example:${port}`, "null"]) {
      const res = await post(at, origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("set-cookie"), origin).toBeNull();
    }
  });

  it("marks the outbox's scope cookie Secure like the session's (decision 082)", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/consultation`, {
      method: "POST",
      headers: { Origin: `http://127.0.0.1:${port}` },
      body: new URLSearchParams({ idempotency_key: crypto.randomUUID(), name: "" }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    const scope = res.headers.getSetCookie().find((cookie) => cookie.startsWith("outbox_scope="));
    expect(scope).toMatch(/; HttpOnly;.*Secure|; Secure/);
  });

  it("builds links from the loopback name the page was asked under", async () => {
    const viaIp = await fetch(`http://127.0.0.1:${port}/offices`);
    expect(await viaIp.text()).toContain(`rel="canonical" href="http://127.0.0.1:${port}/offices"`);
    // The same page again, by its other name (a page cache entry must not carry the first name's links).
    const viaName = await raw(`http://127.0.0.1:${port}/offices`, { headers: { Host: `localhost:${port}` } });
    expect(viaName.body).toContain(`rel="canonical" href="http://localhost:${port}/offices"`);
    // Any other Host is still the site's own name.
    const forged = await raw(`http://127.0.0.1:${port}/offices`, { headers: { Host: "evil.example" } });
    expect(forged.body).toContain(`rel="canonical" href="http://localhost:${port}/offices"`);
    expect(forged.body).not.toContain("evil.example");
  });

  it(
    "makes the demo admin with the demo data, says how to log in, and keeps it on the next start",
    { timeout: 180_000 },
    async () => {
      expect(local.output()).toContain(`demo admin: log in at http://localhost:${port}/login`);
      expect(local.output()).toContain("demo-admin-2026");
      await local.stop();
      // The next start seeds nothing, says nothing about it, and leaves the account as it is.
      const again = await startServer(
        { NODE_ENV: "production", PUBLIC_URL: `http://localhost:${port}`, DEMO_DATA: "on", DATA_DIR: local.dataDir },
        120_000,
        {
          port,
        },
      );
      expect(again.output()).not.toContain("demo admin");
      await again.stop();
      const client = await PGlite.create(path.join(local.dataDir, "db"));
      try {
        const { rows } = await client.query<{ role: string; status: string }>(
          `select role, status from users where phone = '${DEMO_ADMIN.phone}'`,
        );
        expect(rows).toEqual([{ role: "admin", status: "active" }]);
      } finally {
        await client.close();
      }
    },
  );
});

describe("production settings", () => {
  it("refuses to start in production without PUBLIC_URL", async () => {
    await expect(startServer({ NODE_ENV: "production" }, 60_000)).rejects.toThrow(/PUBLIC_URL must be set in production/);
  }, 90_000);
});
