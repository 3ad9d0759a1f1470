import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * Stored image sizes (width in pixels) by kind; every image is kept as WebP in each width,
 * named `${base}-${width}.webp` under the images folder of the data directory (ui.md, Images).
 */
export const IMAGE_WIDTHS = {
  photo: [400, 800],
  logo: [96, 192],
  cover: [400, 800],
} as const;

export type ImageKind = keyof typeof IMAGE_WIDTHS;

/** Aspect ratios (height / width): photos 4:3, logos square, article covers 16:9 (ui.md). */
export const IMAGE_RATIO: Record<ImageKind, number> = { photo: 3 / 4, logo: 1, cover: 9 / 16 };

/**
 * Renders `svg` to WebP in every width of `kind` and writes the files to `dir`, skipping files that exist.
 * Returns the stored base name and the largest size in pixels. Throws when sharp cannot read the SVG.
 */
export async function storeSvgAsWebp(
  dir: string,
  base: string,
  kind: ImageKind,
  svg: string,
): Promise<{ file: string; width: number; height: number }> {
  await fs.mkdir(dir, { recursive: true });
  const widths = IMAGE_WIDTHS[kind];
  for (const width of widths) {
    const target = path.join(dir, `${base}-${width}.webp`);
    try {
      await fs.access(target);
      continue;
    } catch {
      // not made yet
    }
    const height = Math.round(width * IMAGE_RATIO[kind]);
    const tmp = `${target}.${process.pid}.tmp`;
    await sharp(Buffer.from(svg), { density: 72 })
      .resize(width, height, { fit: "cover" })
      .webp({ quality: width > 400 ? 72 : 68, effort: 2 })
      .toFile(tmp);
    await fs.rename(tmp, target);
  }
  const width = widths[widths.length - 1];
  return { file: base, width, height: Math.round(width * IMAGE_RATIO[kind]) };
}

/** Public URL of one stored width of an image base name (served by server.ts from the images folder). */
export function imageUrl(file: string, width: number): string {
  return `/images/${file}-${width}.webp`;
}
