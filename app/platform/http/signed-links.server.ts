import crypto from "node:crypto";
import { sessionSecret } from "./session.server";
import { safeEqual } from "./tokens.server";

/**
 * Links that act without a login (the stop link of an alert SMS): a token made of a purpose's fields and an
 * expiry, signed with HMAC-SHA256 under the session secret. Nothing is stored; the signature proves the token, and a
 * token made for one purpose never passes for another.
 */

/** A token read back: forged or malformed, past its time, or the fields it carries. */
export type SignedToken = { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; fields: string[] };

/** HMAC-SHA256 of `purpose` and `payload`, 128 bits in base64url (22 characters). */
function signature(purpose: string, payload: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`${purpose}|${payload}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/**
 * A token for `purpose` carrying `fields` (letters, digits, `-` and `_` only) until `validUntil`:
 * `field.field….until.signature`, the expiry in seconds in base 36. Throws TypeError for a field with other characters.
 */
export function signLink(purpose: string, fields: string[], validUntil: Date): string {
  for (const f of fields) if (!/^[\w-]+$/.test(f)) throw new TypeError(`signLink: bad field ${JSON.stringify(f)}`);
  const payload = [...fields, Math.floor(validUntil.getTime() / 1000).toString(36)].join(".");
  return `${payload}.${signature(purpose, payload)}`;
}

/**
 * Checks a token of signLink for `purpose` with `count` fields at `now` (the signature compared in constant time).
 * Never throws.
 */
export function readSignedLink(purpose: string, token: string, count: number, now: Date): SignedToken {
  const parts = token.length > 300 ? [] : token.split(".");
  if (parts.length !== count + 2) return { kind: "invalid" };
  const payload = parts.slice(0, -1).join(".");
  if (!safeEqual(parts[parts.length - 1], signature(purpose, payload))) return { kind: "invalid" };
  const until = parseInt(parts[count], 36);
  if (!Number.isSafeInteger(until)) return { kind: "invalid" };
  if (until * 1000 <= now.getTime()) return { kind: "expired" };
  return { kind: "ok", fields: parts.slice(0, count) };
}
