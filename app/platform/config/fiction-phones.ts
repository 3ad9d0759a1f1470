/**
 * The telephone numbers reserved for fiction that every number of the demo data takes (docs/decisions/079): the
 * North American Numbering Plan keeps 555-0100 to 555-0199 out of service in every area code for films, books and
 * examples, so no such number rings, receives an SMS or opens a WhatsApp chat; libphonenumber-js still accepts them
 * as US numbers, so the demo admin logs in through the ordinary phone field. Syria publishes no such range.
 */

/** `+1 <area code> 555 01xx` in E.164: a NANP number reserved for fiction. */
const FICTION_PHONE = /^\+1[2-9]\d{2}55501\d{2}$/;

/** True when `e164` (`+12025550142`) is a number reserved for fiction, which the SMS layer never hands to a provider. */
export function isFictionPhone(e164: string): boolean {
  return FICTION_PHONE.test(e164);
}

/**
 * US area codes the demo numbers are spread over (any area code holds the reserved 555-0100 to 555-0199; these are
 * long-established ones, each checked valid by libphonenumber-js in tests/seed.test.ts).
 */
export const FICTION_AREA_CODES = ["202", "212", "213", "305", "312", "415", "503", "617", "702", "713"] as const;

/**
 * The fiction number of area code `areaCode` (one of FICTION_AREA_CODES) and line `line` (0 to 99): `+1 <area> 555
 * 01<line>`. Throws on a line outside 0 to 99, which would leave the reserved range.
 */
export function fictionPhone(areaCode: string, line: number): string {
  if (!Number.isInteger(line) || line < 0 || line > 99) throw new RangeError(`fiction line ${line} is not 0 to 99`);
  return `+1${areaCode}55501${String(line).padStart(2, "0")}`;
}
