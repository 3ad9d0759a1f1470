/** i18next settings shared by the server and the browser (default ar). */
export const supportedLngs = ["ar", "en"] as const;
export type Locale = (typeof supportedLngs)[number];
export const fallbackLng: Locale = "ar";
export const defaultNS = "common";

export default {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS,
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

/** Text direction of a locale: rtl for Arabic. */
export function dirOf(locale: string): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** Narrows any string to a supported locale, falling back to Arabic. */
export function toLocale(value: string | null | undefined): Locale {
  return value === "en" ? "en" : value === "ar" ? "ar" : fallbackLng;
}
