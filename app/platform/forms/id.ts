import * as z from "zod/v4";

/**
 * The one rule of a database id: a whole number from 1 to 2,147,483,647 (PostgreSQL's
 * `integer`, the type of every id column), written as plain digits without sign, spaces or leading zeros. Route
 * parameters, query parameters and form fields are all checked by it, so a malformed or too large id is refused
 * before any query (never a 500 from the database's range check).
 */

/** The largest id a column of type `integer` holds (2^31 − 1). */
export const MAX_DB_ID = 2_147_483_647;

const DIGITS = /^[1-9]\d{0,9}$/;

/** `value` as a database id, or null when it is not one (not a string, other characters, 0, or past MAX_DB_ID). Never throws. */
export function toDbId(value: unknown): number | null {
  if (typeof value !== "string" || !DIGITS.test(value)) return null;
  const id = Number(value);
  return id <= MAX_DB_ID ? id : null;
}

/**
 * The zod schema of a form field holding a database id (see toDbId): its output is the number. Every failure
 * (missing, malformed, out of range) is one issue whose message is `message`, a locale key the page translates.
 */
export function dbId(message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const id = toDbId(value);
    if (id === null) ctx.issues.push({ code: "custom", message, input: value });
    return id ?? z.NEVER;
  });
}
