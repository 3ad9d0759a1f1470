/**
 * `npx tsx scripts/screenshots.ts [base URL] [out dir] [paths...]`: screenshots of pages at 360x740 and 1280x800,
 * in Arabic and English, with JavaScript on and off, for looking at the product as a person would.
 */
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "/tmp/shots";
const paths = process.argv.slice(4).length ? process.argv.slice(4) : ["/"];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const [w, h] of [
  [360, 740],
  [1280, 800],
]) {
  for (const lang of ["ar", "en"]) {
    for (const js of [true, false]) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js });
      await context.addCookies([{ name: "lang", value: lang, url: base }]);
      const page = await context.newPage();
      for (const p of paths) {
        await page.goto(base + p, { waitUntil: "networkidle" });
        const name = `${out}/${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${w}-${lang}-${js ? "js" : "nojs"}.png`;
        await page.screenshot({ path: name, fullPage: process.env.FULL === "1" });
      }
      await context.close();
    }
  }
}
await browser.close();
