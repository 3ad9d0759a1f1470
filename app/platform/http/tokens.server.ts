import crypto from "node:crypto";

/** A random token of 256 bits, base64url (43 characters): session tokens and password-reset links. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** SHA-256 hex of a token: what the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Six random digits, uniformly drawn. */
export function randomCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** Constant-time equality of two strings of hex or text. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
