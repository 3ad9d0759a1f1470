import sharp from "sharp";
import type { ImageStore } from "~/platform/images/image-store.server";
import { IMAGE_RATIO, IMAGE_WIDTHS, imageKey, type ImageKind } from "~/platform/images/images.server";
import { photoHash } from "~/platform/images/photo-hash.server";
import { seededRandom } from "./random";

/**
 * The demo data's pictures: listing photos, office logos and article covers drawn as SVG in
 * flat colours, different for each number, and stored as WebP in the sizes the pages use.
 */

/**
 * Renders `svg` to WebP in every width of `kind` and writes the objects to the image store `images`, skipping
 * those that exist. Returns the stored base name and the largest size in pixels. Throws when sharp cannot read the
 * SVG, and ImageStoreUnavailableError when the store cannot be reached.
 */
export async function storeSvgAsWebp(
  images: ImageStore,
  base: string,
  kind: ImageKind,
  svg: string,
): Promise<{ file: string; width: number; height: number }> {
  const widths = IMAGE_WIDTHS[kind];
  for (const width of widths) {
    const key = imageKey(base, width);
    if (await images.head(key)) continue;
    const height = Math.round(width * IMAGE_RATIO[kind]);
    const data = await sharp(Buffer.from(svg), { density: 72 })
      .resize(width, height, { fit: "cover" })
      .webp({ quality: width > 400 ? 72 : 68, effort: 2 })
      .toBuffer();
    await images.put(key, data);
  }
  const width = widths[widths.length - 1];
  return { file: base, width, height: Math.round(width * IMAGE_RATIO[kind]) };
}

/**
 * The perceptual hash of a generated photo (photoHash, decision 099; null for one without shapes), from the SVG drawn at 400×300: what the demo
 * listings' estate_images.phash hold, so their duplicates are found as uploaded photos' are.
 */
export async function svgPhotoHash(svg: string): Promise<string | null> {
  return photoHash(await sharp(Buffer.from(svg), { density: 72 }).resize(400, 300, { fit: "cover" }).png().toBuffer());
}

/** A generated "photo": a building or room drawn in flat colours, different for each `n`. */
export function photoSvg(n: number): string {
  const r = seededRandom(1000 + n);
  const hue = (n * 47) % 360;
  const sky = `hsl(${(200 + r.int(-15, 15)) % 360},${r.int(45, 70)}%,${r.int(70, 85)}%)`;
  const wall = `hsl(${(hue + 20) % 360},${r.int(15, 35)}%,${r.int(72, 88)}%)`;
  const accent = `hsl(${hue},${r.int(35, 55)}%,${r.int(35, 50)}%)`;
  if (n % 3 === 2) {
    // An interior: floor, wall, window and a sofa.
    return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<rect width="800" height="600" fill="${wall}"/>
<rect y="420" width="800" height="180" fill="hsl(${(hue + 30) % 360},30%,${r.int(40, 55)}%)"/>
<rect x="${r.int(60, 420)}" y="90" width="280" height="220" rx="6" fill="${sky}" stroke="#fff" stroke-width="14"/>
<rect x="${r.int(80, 360)}" y="330" width="340" height="110" rx="26" fill="${accent}"/>
<rect x="${r.int(520, 640)}" y="250" width="26" height="180" fill="#5b4636"/><circle cx="${r.int(530, 660)}" cy="230" r="48" fill="hsl(110,35%,40%)"/>
</svg>`;
  }
  const floors = r.int(2, 6);
  const bw = r.int(300, 480);
  const bx = r.int(80, 800 - bw - 60);
  const fh = 60;
  const top = 470 - floors * fh;
  let windows = "";
  for (let f = 0; f < floors; f++) {
    for (let x = bx + 30; x < bx + bw - 50; x += 80) {
      windows += `<rect x="${x}" y="${top + f * fh + 14}" width="44" height="34" rx="3" fill="${r.chance(0.3) ? "#fde9a8" : "hsl(205,40%,55%)"}"/>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${r.int(80, 720)}" cy="${r.int(60, 140)}" r="40" fill="#fff6c8" opacity="0.9"/>
<path d="M0 470 Q200 ${r.int(400, 440)} 400 450 T800 440 V600 H0Z" fill="hsl(95,${r.int(20, 40)}%,${r.int(45, 60)}%)"/>
<rect x="${bx}" y="${top}" width="${bw}" height="${floors * fh + 10}" fill="${wall}" stroke="${accent}" stroke-width="4"/>
<rect x="${bx - 10}" y="${top - 14}" width="${bw + 20}" height="16" fill="${accent}"/>
${windows}
<rect x="${bx + bw / 2 - 28}" y="${420}" width="56" height="60" fill="${accent}"/>
<rect y="520" width="800" height="80" fill="hsl(30,8%,${r.int(55, 70)}%)"/>
</svg>`;
}

/** A generated office logo: a coloured roof mark on a rounded square. */
export function logoSvg(n: number): string {
  const hue = (n * 67 + 12) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
<rect width="192" height="192" rx="36" fill="hsl(${hue},45%,94%)"/>
<path d="M40 100 L96 50 L152 100" fill="none" stroke="hsl(${hue},60%,38%)" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="62" y="96" width="68" height="50" rx="6" fill="hsl(${hue},60%,38%)"/>
<rect x="${84 + (n % 3) * 4}" y="116" width="22" height="30" rx="3" fill="hsl(${hue},45%,94%)"/>
</svg>`;
}

/** A generated article cover: a skyline against a coloured sky. */
export function coverSvg(hue: number, n: number): string {
  const r = seededRandom(500 + n);
  let towers = "";
  for (let x = 0; x < 800; x += r.int(50, 90)) {
    const h = r.int(80, 260);
    towers += `<rect x="${x}" y="${450 - h}" width="${r.int(40, 70)}" height="${h}" fill="hsl(${hue},30%,${r.int(20, 35)}%)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,82%)"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#c)"/><circle cx="${r.int(100, 700)}" cy="110" r="56" fill="#fff" opacity="0.55"/>${towers}
</svg>`;
}
