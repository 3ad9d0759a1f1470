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

/**
 * The price bands (price_domain_id) in new Syrian pounds, four for sales (ids 2 to 5, the first four bands) and four for
 * rents (6 to 9), bounded so that each holds about a quarter of its offer type's listings of the demo market
 * (data/market.ts; at 110 pounds to the dollar the sale bounds are about 36,000, 73,000 and 145,000 US$). Upper bounds
 * are exclusive. Id 1 ("undefined") means any price and maps to an empty filter value. Migration 0042 writes the same
 * rows into a database made before it (docs/decisions/087-typed-words-answered-where-typed.md).
 */
export const priceDomains = [
  { id: 1, min: 0, max: 1e18, name_ar: "أي سعر", name_en: "Any price", estate_offer_type_id: null },
  { id: 2, min: 0, max: 4_000_000, name_ar: "أقل من 4,000,000 ليرة جديدة", name_en: "Under 4,000,000 new pounds", estate_offer_type_id: 1 },
  {
    id: 3,
    min: 4_000_000,
    max: 8_000_000,
    name_ar: "من 4,000,000 إلى 8,000,000 ليرة جديدة",
    name_en: "4,000,000 to 8,000,000 new pounds",
    estate_offer_type_id: 1,
  },
  {
    id: 4,
    min: 8_000_000,
    max: 16_000_000,
    name_ar: "من 8,000,000 إلى 16,000,000 ليرة جديدة",
    name_en: "8,000,000 to 16,000,000 new pounds",
    estate_offer_type_id: 1,
  },
  { id: 5, min: 16_000_000, max: null, name_ar: "16,000,000 ليرة جديدة فأكثر", name_en: "16,000,000 new pounds or more", estate_offer_type_id: 1 },
  { id: 6, min: 0, max: 15_000, name_ar: "أقل من 15,000 ليرة جديدة", name_en: "Under 15,000 new pounds", estate_offer_type_id: 2 },
  {
    id: 7,
    min: 15_000,
    max: 50_000,
    name_ar: "من 15,000 إلى 50,000 ليرة جديدة",
    name_en: "15,000 to 50,000 new pounds",
    estate_offer_type_id: 2,
  },
  {
    id: 8,
    min: 50_000,
    max: 200_000,
    name_ar: "من 50,000 إلى 200,000 ليرة جديدة",
    name_en: "50,000 to 200,000 new pounds",
    estate_offer_type_id: 2,
  },
  { id: 9, min: 200_000, max: null, name_ar: "200,000 ليرة جديدة فأكثر", name_en: "200,000 new pounds or more", estate_offer_type_id: 2 },
];
