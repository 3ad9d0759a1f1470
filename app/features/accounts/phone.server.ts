import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { toLatinDigits } from "~/platform/forms/text";

/** Number types that can receive an SMS; libphonenumber-js cannot tell mobile from fixed in some countries. */
const SMS_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"]);

/** True when `country` is an ISO code libphonenumber-js has metadata for. */
export function isKnownCountry(country: string): country is CountryCode {
  return isSupportedCountry(country);
}

/**
 * The E.164 form (`+963944123456`) of a mobile number typed for a country: spaces and
 * dashes are ignored and a leading trunk 0 is dropped by libphonenumber-js. Returns null when the country is unknown,
 * the number is not a valid number of that country's dial code, or it is a landline (no SMS).
 */
export function toE164(country: string, typed: string): string | null {
  if (!isKnownCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid()) return null;
  if (parsed.countryCallingCode !== getCountryCallingCode(country)) return null;
  // Codes come by SMS: a number known to be a landline (or toll-free, premium…) cannot receive them.
  const type = parsed.getType();
  if (type !== undefined && !SMS_TYPES.has(type)) return null;
  return parsed.number;
}

/**
 * The country (ISO 3166 alpha-2, e.g. `SY`) of an E.164 number as libphonenumber-js places it by its dial code and
 * number ranges; null when it cannot tell (an invalid number). What the SMS countries are checked against.
 */
export function phoneCountry(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? (parsed.country ?? null) : null;
}

/** A stored E.164 number written for people (`+963 944 123 456`); the input itself when it cannot be parsed. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * An office's phone or WhatsApp number as typed (national Syrian, `011 123 4567` or `0944 123 456`, or
 * international with `+`; Arabic-Indic digits, spaces and dashes allowed) in E.164, or null when it is not a valid
 * number. Unlike accounts' numbers (toE164) landlines are accepted: offices have them.
 */
export function officePhone(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(toLatinDigits(typed.trim()), "SY");
  return parsed?.isValid() ? parsed.number : null;
}
