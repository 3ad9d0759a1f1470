import { FICTION_AREA_CODES, fictionPhone } from "~/platform/config/fiction-phones";

/**
 * What the demo data's modules share: a seeded random generator, so the same seed gives the
 * same rows on every machine, and a fixed day the demo rows are dated from.
 */

/** mulberry32: a small seeded generator returning floats in [0, 1). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Listings and offices are dated before this fixed day, so the data is the same on every run. */
export const ANCHOR = Date.UTC(2026, 10, 15, 9, 0, 0);
/** One day in milliseconds. */
export const DAY = 86_400_000;

/**
 * A demo owner's or office's number in E.164: one reserved for fiction (`+1 <area> 555 0101` to `0199`,
 * docs/decisions/079), never a real subscriber's, so no expiry warning or alert of the demo data reaches a phone.
 * Line 00 of the first area code is the demo admin's (DEMO_ADMIN) and is never drawn.
 */
export function demoPhone(random: Random): string {
  return fictionPhone(random.pick(FICTION_AREA_CODES), random.int(1, 99));
}
