import fs from "node:fs";
import sharp from "sharp";
import type { TestInfo } from "@playwright/test";
import { ownAddress, registerAndConfirm } from "./accounts";
import { F, toast } from "./forms";
import { postOffer, test } from "./moderation";
import { expect } from "./support";

/**
 * Photos shrunk in the browser (decision 087), in Chromium with JavaScript (this spec runs in the phone-js project
 * only: without JavaScript the original is posted as before, which the moderation journeys cover). A 4000x3000 camera
 * photo, turned by its EXIF orientation and carrying a GPS position, arrives as at most 700 KB, 1600 px on its longest
 * side, upright, without any metadata; its progress bar says it was sent, and the editor shows it.
 */

/** A 4000x3000 JPEG as a phone's camera writes it (quality 92, about 4 MB): orientation 6 (turned), a GPS position. */
async function cameraPhoto(testInfo: TestInfo): Promise<string> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Smooth shapes with a sensor's grain: a camera photo's detail, not a flat colour that compresses to nothing.
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const i = (y * width + x) * 3;
      raw[i] = (128 + 100 * Math.sin(x / 97) + grain) & 255;
      raw[i + 1] = (128 + 90 * Math.cos(y / 61) + grain) & 255;
      raw[i + 2] = (128 + 80 * Math.sin((x + y) / 143) + grain) & 255;
    }
  }
  const file = testInfo.outputPath("camera.jpg");
  fs.mkdirSync(testInfo.outputPath(), { recursive: true });
  await sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 30/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toFile(file);
  return file;
}

/** The bytes of the first file part of a multipart body. */
function firstFile(body: Buffer, contentType: string): Buffer {
  const boundary = Buffer.from(`--${/boundary=(.+)$/.exec(contentType)![1]}`);
  const start = body.indexOf("\r\n\r\n", body.indexOf("filename=")) + 4;
  return body.subarray(start, body.indexOf(boundary, start) - 2);
}

test("a camera photo is shrunk in the browser, sent with its progress bar, upright and without its location", async ({
  page,
  useLang,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const f = F.en;
  await useLang("en");
  await page.context().addCookies([{ name: "app_popup", value: "closed", url: baseURL! }]);
  await ownAddress(page);
  await registerAndConfirm(page, "en", project, "photo-pass-1");
  const post = await postOffer(page, "en", project, { location: 60, type: 1 });
  const original = await cameraPhoto(testInfo);
  expect(fs.statSync(original).size).toBeGreaterThan(2_000_000);

  const sent: { bytes: Buffer; type: string }[] = [];
  await page.route(`**${post.editor}.data`, async (route) => {
    const request = route.request();
    if (request.method() === "POST") sent.push({ bytes: request.postDataBuffer()!, type: request.headers()["content-type"] });
    await route.continue();
  });
  const main = page.getByRole("main");
  await main.getByLabel(f.post.choosePhotos, { exact: true }).setInputFiles([original]);
  await main.getByRole("button", { name: f.post.upload, exact: true }).click();
  const bar = main.getByRole("progressbar", { name: "camera.jpg" });
  await expect(bar).toBeVisible();
  await expect(main.getByText(f.upload.sent, { exact: true })).toBeVisible();
  await expect(bar).toHaveAttribute("value", "1");
  await expect(toast(page, f.post.sentForReview)).toBeVisible();
  await expect(main.locator("ol.photo-list > li")).toHaveCount(1);

  expect(sent).toHaveLength(1);
  expect(sent[0].bytes.length, "the whole post, photo and form").toBeLessThanOrEqual(700 * 1024);
  testInfo.annotations.push({ type: "bytes sent", description: `${sent[0].bytes.length} of ${fs.statSync(original).size}` });
  const photo = firstFile(sent[0].bytes, sent[0].type);
  const meta = await sharp(photo).metadata();
  expect(["webp", "jpeg"]).toContain(meta.format);
  // Upright (orientation 6 turned the 4000x3000 picture), 1600 px on its longest side, with no EXIF left.
  expect([meta.width, meta.height]).toEqual([1200, 1600]);
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
});
