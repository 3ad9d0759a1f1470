/** The operator's public contact details and links (footer, contact page, JSON-LD). */
export const company = {
  phone: "+963113312200",
  whatsapp: "+963944331220",
  email: "info@aqarsyria.sy",
  mapUrl: "https://www.google.com/maps/search/?api=1&query=33.5160%2C36.2870",
  social: {
    linkedin: "https://www.linkedin.com/company/aqar-syria",
    facebook: "https://www.facebook.com/aqarsyria",
    instagram: "https://www.instagram.com/aqarsyria",
  },
  stores: {
    android: "https://play.google.com/store/apps/details?id=sy.aqarsyria.app",
    ios: "https://apps.apple.com/app/aqar-syria/id6470000000",
  },
} as const;

/**
 * The app store for a visitor: the iOS store for iPhone and iPad, the Android store for Android
 * devices and for everyone else. Decided from the User-Agent header.
 */
export function storeFor(userAgent: string | null): { platform: "android" | "ios"; url: string } {
  const ua = userAgent ?? "";
  if (/iPhone|iPad|iPod/i.test(ua) && !/Android/i.test(ua)) return { platform: "ios", url: company.stores.ios };
  return { platform: "android", url: company.stores.android };
}
