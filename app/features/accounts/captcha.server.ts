import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/platform/db/client.server";
import { spent_captchas } from "~/platform/db/schema";
import { getEnv } from "~/platform/config/env.server";
import { keyedHash } from "~/platform/http/session.server";

/**
 * The visual captcha of the login screen: 5 characters from an alphabet without confusable
 * characters (no 0/O/o, 1/I/l/i, 5/S, 8/B, 2/Z, and no lower-case letter shaped like its capital), drawn on the
 * server as a 280x60 PNG with 8 noise lines and 50 dots. Only a keyed hash of the answer is kept (in the session).
 */
export const CAPTCHA_ALPHABET = "ACDEFGHJKLMNPQRTUVWXYabdefghmnqrt34679";
export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_SIZE = { width: 280, height: 60 } as const;
const NOISE_LINES = 8;
const DOTS = 50;

/**
 * A new captcha: the image as a data: URL (PNG) for an <img>, the keyed hash of its answer for the session, and a
 * random id that tells one drawing from the next (the page empties its inputs when it changes).
 */
export type Captcha = { id: string; image: string; answerHash: string };

function pick(max: number): number {
  return crypto.randomInt(0, max);
}

function darkColour(): string {
  return `hsl(${pick(360)} ${50 + pick(40)}% ${18 + pick(18)}%)`;
}

/** Five random characters of CAPTCHA_ALPHABET; CAPTCHA_TEST_TEXT instead when tests set it (NODE_ENV=test only). */
export function captchaText(): string {
  const fixed = getEnv().CAPTCHA_TEST_TEXT;
  if (fixed) return fixed;
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[pick(CAPTCHA_ALPHABET.length)]).join("");
}

/** The SVG drawing of `text`: tilted, shifted characters over noise lines and dots. */
export function captchaSvg(text: string, { width, height } = CAPTCHA_SIZE): string {
  const parts: string[] = [];
  for (let i = 0; i < NOISE_LINES; i++) {
    parts.push(
      `<line x1="${pick(width)}" y1="${pick(height)}" x2="${pick(width)}" y2="${pick(height)}" stroke="${darkColour()}" stroke-width="${1 + pick(2)}" opacity="0.7"/>`,
    );
  }
  const step = width / (text.length + 1);
  [...text].forEach((char, i) => {
    const x = Math.round(step * (i + 1) + pick(9) - 4);
    const y = Math.round(height / 2 + 12 + pick(9) - 4);
    const angle = pick(41) - 20;
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y - 12})" fill="${darkColour()}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${32 + pick(8)}" font-weight="bold" text-anchor="middle">${char}</text>`,
    );
  });
  for (let i = 0; i < DOTS; i++) {
    parts.push(`<circle cx="${pick(width)}" cy="${pick(height)}" r="${1 + pick(2)}" fill="${darkColour()}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6f4"/>${parts.join("")}</svg>`;
}

/** Draws a new captcha (about 10 ms). The answer itself never leaves this function except as pixels. */
export async function createCaptcha(): Promise<Captcha> {
  const text = captchaText();
  const png = await sharp(Buffer.from(captchaSvg(text)))
    .png({ palette: true, colours: 16, effort: 10, compressionLevel: 9 })
    .toBuffer();
  return {
    id: crypto.randomBytes(6).toString("base64url"),
    image: `data:image/png;base64,${png.toString("base64")}`,
    answerHash: captchaAnswerHash(text),
  };
}

/** How long a drawn captcha may be answered (milliseconds). */
export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

/** What the session keeps of the current captcha: its id, the keyed hash of its answer, when it was drawn (ms). */
export type StoredCaptcha = { id: string; hash: string; at: number };

/** The session's record of a new captcha. */
export function storedCaptcha(captcha: Captcha): StoredCaptcha {
  return { id: captcha.id, hash: captcha.answerHash, at: Date.now() };
}

/**
 * Spends the session's captcha (single-use): records its id in `spent_captchas` and returns its answer hash,
 * or null when there is none, it is older than CAPTCHA_TTL_MS, or it was spent before (an old cookie replayed).
 * Also forgets spent ids older than the lifetime.
 */
export async function spendCaptcha(db: Db, stored: unknown): Promise<string | null> {
  const s = stored as Partial<StoredCaptcha> | null | undefined;
  if (!s || typeof s.id !== "string" || typeof s.hash !== "string" || typeof s.at !== "number") return null;
  if (Date.now() - s.at > CAPTCHA_TTL_MS || s.id.length > 40) return null;
  await db.delete(spent_captchas).where(lt(spent_captchas.spent_at, new Date(Date.now() - CAPTCHA_TTL_MS)));
  const [row] = await db.insert(spent_captchas).values({ id: s.id }).onConflictDoNothing().returning({ id: spent_captchas.id });
  return row ? s.hash : null;
}

/** What a typed answer is worth against the stored hash. */
export type CaptchaCheck = "ok" | "missing" | "wrong";

/**
 * The keyed hash (hex) that stands for a captcha's answer, or a typed one, in either case: letters are compared as
 * capitals, so "abc" answers "AbC" (decision 059). The alphabet has no two characters that differ only by case and
 * look alike once folded, so folding costs little (27 characters told apart instead of 38).
 */
export function captchaAnswerHash(text: string): string {
  return keyedHash(`captcha:${text.toUpperCase()}`);
}

/**
 * Checks a typed captcha against the hash kept in the session, in either case (captchaAnswerHash): "missing" when
 * nothing was drawn or the text does not have the answer's length ('please complete the visual verification'),
 * "wrong" when it has the right length but differs ('رمز التحقق غير صحيح'), "ok" otherwise. The caller must forget
 * the hash either way.
 */
export function checkCaptcha(answerHash: unknown, typed: string): CaptchaCheck {
  const length = getEnv().CAPTCHA_TEST_TEXT?.length ?? CAPTCHA_LENGTH;
  if (typeof answerHash !== "string" || typed.length !== length) return "missing";
  const typedHash = captchaAnswerHash(typed);
  const a = Buffer.from(typedHash);
  const b = Buffer.from(answerHash);
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? "ok" : "wrong";
}
