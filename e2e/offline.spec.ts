import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ownAddress, registerAndConfirm } from "./accounts";
import { F, logOut, toast } from "./forms";
import { logInAdmin } from "./moderation";
import { expect, test } from "./fixtures";
import { localeTexts, settle, type Lang } from "./support";

/**
 * The service worker (decision 021), with JavaScript (the -js projects only; playwright.config.ts blocks
 * workers in every other spec): pages read offline with the "saved on" bar, the offline page for a page never
 * opened, the user's pages deleted at logout, the kill switch, and a new build's worker replacing the old one.
 */

type Offline = {
  bar: string;
  page: { title: string; none: string };
  saved: { title: string };
  outbox: { title: string; item: string; cancel: string; forms: Record<string, string> };
};
const O = localeTexts<Offline>("offline");
const SEARCH = "/estates?estate_offer_type_id=1&estate_type_id=6&location_id=1&price_domain_id=";

test.use({ serviceWorkers: "allow" });
// Each journey its own client address: the per-address limits (10 offers or messages an hour) count every journey
// from 127.0.0.1 together otherwise, and a late one is refused.
test.beforeEach(async ({ page }) => ownAddress(page));

/** Opens `path` and waits until the service worker controls the page (the first page load installs it). */
async function withWorker(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** The addresses (path and query) of the pages the worker keeps, by cache name. */
function keptPages(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("pages-")) continue;
      const requests = await (await caches.open(name)).keys();
      out[name] = requests.map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return out;
  });
}

/** The bar's text before its date, as a pattern (the date is the time the page was saved). */
function barPattern(lang: Lang): RegExp {
  const [before] = O[lang].bar.split("{{date}}");
  return new RegExp(`^${before.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}`);
}

for (const lang of ["ar", "en"] as Lang[]) {
  test(`listings and searches opened before can be read offline, marked as saved (${lang})`, async ({
    page,
    context,
    baseURL,
  }, info) => {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    await withWorker(page, "/");
    await page.goto(SEARCH);
    await settle(page, info.project.name);
    const link = page.locator('a[href^="/estate/"]').first();
    const href = (await link.getAttribute("href"))!;
    const title = (await page.title()).trim();
    // A client-side navigation: the worker is asked to keep the listing's document too.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const listingTitle = await page.locator("h1.estate-title").textContent();
    await expect.poll(async () => (await keptPages(page))["pages-listings"] ?? []).toContain(href);
    expect((await keptPages(page))["pages-searches"]).toContain(SEARCH);

    await context.setOffline(true);
    await page.goto(href);
    await expect(page.locator("html")).toHaveAttribute("data-offline-bar", barPattern(lang));
    await expect(page.locator("h1.estate-title")).toHaveText(listingTitle!);
    await page.goto(SEARCH);
    await expect(page.locator("html")).toHaveAttribute("data-offline-bar", barPattern(lang));
    await expect(page).toHaveTitle(title);
    // A page never opened: the offline page, in the visitor's language, listing what can be read.
    await page.goto("/offices");
    await expect(page.locator("h1")).toHaveText(O[lang].page.title);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("#saved-pages a[href='" + href + "']")).toHaveText(/.+/);
    await context.setOffline(false);
    await page.goto(href);
    await expect(page.locator("html")).not.toHaveAttribute("data-offline-bar", /./);
  });
}

test("a user's pages of the public site are kept only until logout, and /profile lists what is kept (en)", async ({
  page,
  context,
  baseURL,
}, info) => {
  const lang: Lang = "en";
  await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
  await withWorker(page, "/");
  await registerAndConfirm(page, lang, info.project.name, "offline-pass-1");
  await page.goto("/profile");
  await page.goto(SEARCH);
  const href = (await page.locator('a[href^="/estate/"]').first().getAttribute("href"))!;
  await page.goto(href);
  await page.goto("/profile");
  await settle(page, info.project.name);
  const saved = page.getByTestId("saved-offline");
  await expect(saved.getByRole("heading", { name: O[lang].saved.title })).toBeVisible();
  await expect(saved.locator(`a[href="${href}"]`)).toBeVisible();
  // The search and the listing were answered for the session and marked keepable by the server (decision 046); the
  // profile is not a page of the public site (noindex), so it is never kept.
  const privateBefore = await page.evaluate(countPrivate);
  expect(privateBefore).toBeGreaterThanOrEqual(2);
  expect(Object.values(await keptPages(page)).flat()).not.toContain("/profile");

  await logOut(page, lang);
  expect(await page.evaluate(countPrivate)).toBe(0);
  const kept = Object.values(await keptPages(page)).flat();
  expect(kept).not.toContain("/profile");
});

/** How many kept pages were answered for a session (marked by the worker). */
async function countPrivate(): Promise<number> {
  let count = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if ((await cache.match(request))?.headers.get("X-Saved-Private")) count++;
  }
  return count;
}

/**
 * A server of its own on another port and data directory (a few listings), with SERVICE_WORKER set as given: the
 * kill switch is a server setting, so its test restarts that server with the setting changed.
 */
async function startServer(port: number, dataDir: string, serviceWorker: "on" | "off"): Promise<ChildProcess> {
  const child = spawn("npx", ["tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_LISTINGS: "20",
      LOG_LEVEL: "warn",
      SERVICE_WORKER: serviceWorker,
    },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the kill switch's server did not start");
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (child.exitCode !== null || !child.pid) return;
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

test("the kill switch (SERVICE_WORKER=off) makes the worker unregister itself", async ({ page }) => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT) + 1 + test.info().parallelIndex;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-sw-"));
  let server = await startServer(port, dataDir, "on");
  try {
    await withWorker(page, `http://127.0.0.1:${port}/`);
    expect((await page.evaluate(() => caches.keys())).length).toBeGreaterThan(0);
    await stopServer(server);
    server = await startServer(port, dataDir, "off");
    // The next page load checks /sw.js (no-cache), gets the kill switch's worker, and the page says data-sw="off".
    await page.goto(`http://127.0.0.1:${port}/offices`);
    await expect(page.locator("html")).toHaveAttribute("data-sw", "off");
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)), { timeout: 30_000 })
      .toBe(0);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a new worker replaces the old one at once", async ({ page }) => {
  await withWorker(page, "/");
  const changed = page.evaluate(
    () => new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true))),
  );
  // Another script for the same scope, as a new build's /sw.js is (tests/service-worker.test.ts: each build's bytes differ).
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?build=next", { scope: "/" }));
  expect(await changed).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?build=next$/);
  // The old worker's precache is still usable by the new one: the offline page is there.
  const precached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("workbox-precache"));
    const requests = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
    return requests.flat().map((request) => new URL(request.url).pathname);
  });
  expect(precached).toContain("/offline-en.html");
});

// ---------------------------------------------------------------------------------------------------------------
// The outbox (decision 023): forms posted without a connection are kept and sent when it comes back.

/** The outbox bar's line of a waiting post of `form` (its name and the time it was kept), as a pattern. */
function waitingLine(lang: Lang, form: string): RegExp {
  const [before, after] = O[lang].outbox.item.replace("{{title}}", O[lang].outbox.forms[form]).split("{{date}}");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before)}\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}${escape(after)}`);
}

/** Fills the property offer form (a visitor's offer: a lead for the office staff) with `fullname`. */
async function fillOffer(page: Page, lang: Lang, fullname: string): Promise<void> {
  const f = F[lang];
  const main = page.getByRole("main");
  await main.getByLabel(f.newEstate.rent, { exact: true }).check();
  await main.getByLabel(f.newEstate.type, { exact: true }).selectOption({ index: 1 });
  const location = main.getByLabel(f.newEstate.location, { exact: true });
  await location.selectOption((await location.locator("optgroup option").first().getAttribute("value"))!);
  await main.getByLabel(f.newEstate.area, { exact: true }).fill("140");
  await main.getByLabel(f.newEstate.period, { exact: true }).selectOption("3");
  await main.getByLabel(f.fields.name, { exact: true }).fill(fullname);
  await main.getByLabel(f.fields.mobile, { exact: true }).fill("0944123456");
  await main.getByLabel(f.newEstate.subject, { exact: true }).fill("Sent while offline.");
}

/** Fills the consultation form of the open page, goes offline and sends it (it then waits in the outbox). */
async function sendConsultationOffline(page: Page, lang: Lang, name: string, summary: string): Promise<void> {
  const f = F[lang];
  const main = page.getByRole("main");
  await main.getByLabel(f.fields.name, { exact: true }).fill(name);
  await main.getByLabel(f.fields.mobile, { exact: true }).fill("0944123456");
  await main.getByLabel(f.fields.summary, { exact: true }).fill(summary);
  await page.context().setOffline(true);
  await main.getByRole("button", { name: f.fields.send, exact: true }).click();
}

/** How many offers named `fullname` the office staff see in the inbox (/admin/inbox?kind=offer) (another browser, the demo admin). */
async function leadsNamed(page: Page, baseURL: string, lang: Lang, projectName: string, fullname: string): Promise<number> {
  const admin = await page.context().browser()!.newContext({ serviceWorkers: "block" });
  await admin.addCookies([{ name: "lang", value: lang, url: baseURL }]);
  try {
    const adminPage = await admin.newPage();
    await logInAdmin(adminPage, lang, projectName);
    await adminPage.goto("/admin/inbox?kind=offer");
    return await adminPage.getByRole("main").getByText(fullname, { exact: true }).count();
  } finally {
    await admin.close();
  }
}

for (const lang of ["ar", "en"] as Lang[]) {
  test(`an offer posted offline waits with its time, then is sent once when the connection is back (${lang})`, async ({
    page,
    context,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const f = F[lang];
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    await withWorker(page, "/new-estate");
    // This load is kept by the worker: the page can come back without a network.
    await page.reload();
    await settle(page, info.project.name);
    const fullname = `Outbox ${lang} ${Date.now()}`;
    await fillOffer(page, lang, fullname);

    await context.setOffline(true);
    await page.getByRole("main").getByRole("button", { name: f.newEstate.submit, exact: true }).click();
    const outbox = page.locator("#outbox");
    await expect(outbox).toContainText(O[lang].outbox.title);
    await expect(outbox).toContainText(waitingLine(lang, "offer"));
    await expect(outbox.getByRole("button", { name: O[lang].outbox.cancel })).toBeVisible();
    // Still waiting after another page load without a network.
    await page.reload();
    await expect(page.locator("#outbox")).toContainText(waitingLine(lang, "offer"));

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/new-estate\?sent=1$/);
    await expect(toast(page, f.toasts.offerSent)).toBeVisible();
    await expect(page.locator("#outbox")).toHaveCount(0);
    await page.reload();
    await expect(page.locator("#outbox")).toHaveCount(0);
    expect(await leadsNamed(page, baseURL!, lang, info.project.name, fullname)).toBe(1);
  });
}

test("a consultation posted offline can be cancelled: nothing is sent when the connection is back (en)", async ({
  page,
  context,
  baseURL,
}, info) => {
  const lang: Lang = "en";
  const f = F[lang];
  await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
  await withWorker(page, "/consultation");
  await page.reload();
  await settle(page, info.project.name);
  await sendConsultationOffline(page, lang, "Cancelled Post", "This one is cancelled.");
  const outbox = page.locator("#outbox");
  await expect(outbox).toContainText(waitingLine(lang, "consultation"));
  await outbox.getByRole("button", { name: O[lang].outbox.cancel }).click();
  await expect(outbox).toHaveCount(0);
  await context.setOffline(false);
  await page.reload();
  await expect(page.locator("#outbox")).toHaveCount(0);
  await expect(toast(page, f.toasts.messageSent)).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-outbox", /./);
});

test("a post whose answer was lost is sent again with its key and stored once (the server answers the repeat)", async ({
  page,
  context,
  baseURL,
}, info) => {
  // The same submission twice, as the outbox sends it after a dropped connection: one lead, the same answer.
  await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  const fullname = `Repeat ${Date.now()}`;
  const form = {
    estate_offer_type_id: "2",
    period_type_id: "3",
    location_id: "1",
    area: "90",
    fullname,
    mobile: "0944123456",
    subject: "Twice",
    idempotency_key: crypto.randomUUID(),
  };
  const headers = { Origin: new URL(baseURL!).origin };
  const first = await page.request.post("/new-estate", { form, headers, maxRedirects: 0 });
  const second = await page.request.post("/new-estate", { form: { ...form, outbox: "1" }, headers, maxRedirects: 0 });
  expect(first.status()).toBeGreaterThanOrEqual(300);
  expect(first.status()).toBeLessThan(400);
  expect(second.status()).toBe(first.status());
  expect(second.headers()["location"]).toBe(first.headers()["location"]);
  expect(second.headers()["set-cookie"]).toContain(`outbox_done=${form.idempotency_key}.taken`);
  expect(await leadsNamed(page, baseURL!, "en", info.project.name, fullname)).toBe(1);
});

test("a consultation posted offline is sent when the connection is back, with the success toast (ar)", async ({
  page,
  context,
  baseURL,
}, info) => {
  const lang: Lang = "ar";
  const f = F[lang];
  await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
  await withWorker(page, "/consultation");
  await page.reload();
  await settle(page, info.project.name);
  await sendConsultationOffline(page, lang, "سامي دون اتصال", "أرسلت هذا الطلب دون اتصال.");
  await expect(page.locator("#outbox")).toContainText(waitingLine(lang, "consultation"));
  await context.setOffline(false);
  await expect(toast(page, f.toasts.messageSent)).toBeVisible();
  await expect(page).toHaveURL(/\/consultation$/);
  await expect(page.locator("#outbox")).toHaveCount(0);
});

test("the site is installable: Chromium finds no installability error in the manifest, icons and worker", async ({ page }) => {
  await withWorker(page, "/");
  // The check Lighthouse's installable-manifest audit made (Lighthouse 12 dropped its PWA category): Chromium's own.
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await session.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's browser contexts are incognito profiles, where Chromium never installs: that one is about the browser.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ start_url: "/", display: "standalone", scope: "/" });
});

test("with the data saver on, a page sent without scripts still shows the waiting posts (the worker adds the outbox's script)", async ({
  page,
  context,
  baseURL,
}, info) => {
  const lang: Lang = "en";
  await context.addCookies([
    { name: "lang", value: lang, url: baseURL! },
    { name: "save_data", value: "on", url: baseURL! },
  ]);
  // The consultation form keeps its scripts in saver mode (it registers the worker); the home page has none.
  await withWorker(page, "/consultation");
  await page.goto("/");
  expect(await page.locator('script[type="module"]').count()).toBe(0);
  await page.goto("/consultation");
  await settle(page, info.project.name);
  await sendConsultationOffline(page, lang, "Saver Offline", "Kept while saving data.");
  await expect(page.locator("#outbox")).toContainText(waitingLine(lang, "consultation"));
  await page.goto("/");
  await expect(page.locator("#outbox")).toContainText(waitingLine(lang, "consultation"));
  await page.locator("#outbox").getByRole("button", { name: O[lang].outbox.cancel }).click();
  await expect(page.locator("#outbox")).toHaveCount(0);
});
