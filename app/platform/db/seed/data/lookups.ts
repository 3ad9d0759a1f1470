/**
 * The lookup lists with their fixed ids:
 * offer types 1 sale / 2 rent; finishing (interior statuses) 1 to 6; contract levels 1 to 4;
 * estate types 1 to 5 as on the request screen (home, farm, land, shop, villa); report reasons 1 to 5.
 */
type Row = { id: number; name_ar: string; name_en: string };

export const estateOfferTypes: Row[] = [
  { id: 1, name_ar: "بيع", name_en: "Sale" },
  { id: 2, name_ar: "إيجار", name_en: "Rent" },
];

export const estateTypes: Row[] = [
  { id: 1, name_ar: "منزل", name_en: "Home" },
  { id: 2, name_ar: "مزرعة", name_en: "Farm" },
  { id: 3, name_ar: "أرض", name_en: "Land" },
  { id: 4, name_ar: "محل تجاري", name_en: "Shop" },
  { id: 5, name_ar: "فيلا", name_en: "Villa" },
  { id: 6, name_ar: "شقة", name_en: "Apartment" },
  { id: 7, name_ar: "مكتب", name_en: "Office" },
  { id: 8, name_ar: "شاليه", name_en: "Chalet" },
];

/** Title-deed kinds found in the Syrian market. */
export const ownershipTypes: Row[] = [
  { id: 1, name_ar: "طابو أخضر", name_en: "Green title deed (Tabu)" },
  { id: 2, name_ar: "حكم محكمة", name_en: "Court ruling" },
  { id: 3, name_ar: "وكالة كاتب عدل", name_en: "Notarised power of attorney" },
  { id: 4, name_ar: "طابو أسهم", name_en: "Shared title deed (shares)" },
  { id: 5, name_ar: "سكن شبابي / جمعية", name_en: "Youth or cooperative housing" },
  { id: 6, name_ar: "فروغ", name_en: "Key money (furugh)" },
];

/** Contract levels of offices: the colour of a card. */
export const contractTypes: Row[] = [
  { id: 1, name_ar: "مجاني", name_en: "Free" },
  { id: 2, name_ar: "فضي", name_en: "Silver" },
  { id: 3, name_ar: "برونزي", name_en: "Bronze" },
  { id: 4, name_ar: "ذهبي", name_en: "Gold" },
];

/** Finishing (estate_finishing 1 to 6). */
export const interiorStatuses: Row[] = [
  { id: 1, name_ar: "هيكل إنشائي", name_en: "Structural frame" },
  { id: 2, name_ar: "إكساء وسط", name_en: "Medium finishing" },
  { id: 3, name_ar: "إكساء جديد", name_en: "Newly finished" },
  { id: 4, name_ar: "إكساء ممتاز (سوبر ديلوكس)", name_en: "Excellent finishing (super deluxe)" },
  { id: 5, name_ar: "إكساء جزئي", name_en: "Partly finished" },
  { id: 6, name_ar: "على العظم", name_en: "Shell state" },
];

/**
 * Rental periods; daily, weekly and seasonal rentals are the vacation properties (features/places/lookups.server.ts
 * VACATION_PERIOD_TYPE_IDS).
 */
export const periodTypes: Row[] = [
  { id: 1, name_ar: "يومي", name_en: "Daily" },
  { id: 2, name_ar: "أسبوعي", name_en: "Weekly" },
  { id: 3, name_ar: "شهري", name_en: "Monthly" },
  { id: 4, name_ar: "موسمي (صيفي)", name_en: "Seasonal (summer)" },
  { id: 5, name_ar: "سنوي", name_en: "Yearly" },
];

export const areaUnits: Row[] = [
  { id: 1, name_ar: "م²", name_en: "m²" },
  { id: 2, name_ar: "دونم", name_en: "dunam" },
];

export const reportReasons: Row[] = [
  { id: 1, name_ar: "الصور غير واضحة", name_en: "Photos are not clear" },
  { id: 2, name_ar: "السعر غير منطقي", name_en: "Unreasonable price" },
  { id: 3, name_ar: "المعلومات غير كافية", name_en: "Not enough information" },
  { id: 4, name_ar: "الصور غير حقيقية", name_en: "Photos are not real" },
  { id: 5, name_ar: "سبب آخر", name_en: "Other" },
];

/** Price ranges in SYP. Id 1 ("undefined") means any price and maps to an empty filter value. */
export const priceDomains = [
  { id: 1, min: 0, max: 1e18, name_ar: "أي سعر", name_en: "Any price" },
  { id: 2, min: 0, max: 1_000_000, name_ar: "أقل من 1,000,000", name_en: "Less than 1,000,000" },
  { id: 3, min: 1_000_000, max: 50_000_000, name_ar: "من 1,000,000 إلى 50,000,000", name_en: "1,000,000 to 50,000,000" },
  { id: 4, min: 50_000_000, max: 100_000_000, name_ar: "من 50,000,000 إلى 100,000,000", name_en: "50,000,000 to 100,000,000" },
  { id: 5, min: 100_000_000, max: 1e18, name_ar: "أكثر من 100,000,000", name_en: "More than 100,000,000" },
];
