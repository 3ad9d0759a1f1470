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

/** Public URL of one stored width of an image base name (served by server.ts from the images folder). */
export function imageUrl(file: string, width: number): string {
  return `/images/${file}-${width}.webp`;
}
