import phash from "sharp-phash";
import sharp, { type SharpOptions } from "sharp";

/**
 * A photo's perceptual hash (decision 099): sharp-phash's pHash (greyscale, 32×32, the 8×8 lowest frequencies of
 * its discrete cosine transform against their mean), 64 bits written as 16 hexadecimal digits. Two photos of the
 * same flat shrunk, re-encoded or lightly cropped by two advertisers differ by a few bits; two different rooms by
 * about half of them. `image` is encoded image bytes, or raw pixels with `raw` (their width, height and channels:
 * what images.server.ts has decoded, oriented and converted to sRGB). Null for a picture without shapes (its grey
 * levels' standard deviation, on the 32×32 sample, under 2 of 255: one colour), whose bits would be rounding noise that any other copy of
 * it repeats. Throws sharp's errors for unreadable input.
 */
/** The side of sharp-phash's sample in pixels (its SAMPLE_SIZE). */
const SAMPLE = 32;

export async function photoHash(
  image: Buffer | Uint8Array,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<string | null> {
  const options: SharpOptions | undefined = raw ? { raw } : undefined;
  // Shrunk once to sharp-phash's own 32×32 grey sample (what it would do first), so that the large photo is read once.
  const sample = await sharp(Buffer.from(image.buffer, image.byteOffset, image.byteLength), options)
    .greyscale()
    .resize(SAMPLE, SAMPLE, { fit: "fill" })
    .raw()
    .toBuffer();
  const mean = sample.reduce((sum, v) => sum + v, 0) / sample.length;
  const deviation = Math.sqrt(sample.reduce((sum, v) => sum + (v - mean) ** 2, 0) / sample.length);
  if (deviation < 2) return null;
  const bits = await phash(sample, { raw: { width: SAMPLE, height: SAMPLE, channels: 1 } });
  let hex = "";
  for (let i = 0; i < bits.length; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}

/** Bits that differ between two hashes of photoHash (0 to 64); 64 when either is not a 16-digit hash. */
export function hashDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/.test(a) || !/^[0-9a-f]{16}$/.test(b)) return 64;
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/**
 * The most bits two photos' hashes may differ by and still be "the same photo" (decision 099): sharp-phash's
 * README calls a distance under 5 similar; 6 of 64 still tells two rooms apart and survives the WebP re-encoding
 * and the resizing of an upload.
 */
export const SAME_PHOTO_BITS = 6;
