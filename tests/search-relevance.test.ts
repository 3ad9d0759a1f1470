import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { searchEstates } from "~/features/search/estate-search.server";
import { getLookups } from "~/features/places/lookups.server";
import { loader as estatesLoader } from "~/routes/search-results";
import { loader as rentLoader } from "~/routes/rent-results";
import { loader as vacationLoader } from "~/routes/vacation-results";
import { parseEstateFilter } from "~/features/search/estate-filter.server";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * Search relevance (docs/decisions/056-search-words-as-people-type-them.md): real queries, in Arabic and English, as
 * typed in the search box, each with the listings of the fixtures below it must find and those it must not. Each
 * query goes the visitor's way: /estates?is_simple=0&q=… answers the page of its filters where it was typed (decision
 * 087: the filters' address is the page's `seo.address`), and every page of that search is read. The seed's own listings are in the database too; only the fixtures are judged.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** A fixture listing: its type, offer, place (English name of the place), and what it says. */
type Fixture = {
  type: number;
  offer: 1 | 2;
  place: string;
  rooms?: number;
  furnished?: boolean;
  /** The listing's swimming_pool (decision 071: "pool" and "مسبح" are this filter, not words). */
  pool?: boolean;
  /** The listing's floor (decision 073: "طابق أرضي" and "ground floor" are floor 0, not words). */
  floor?: number;
  deed?: number;
  /** Area in m² (DEFAULT_AREA when absent). */
  area?: number;
  /** Price in `currency` (DEFAULT_PRICE SYP when absent). */
  price?: number;
  currency?: "SYP" | "USD";
  /** Finishing: interior_statuses id (1 frame, 3 newly finished, 4 super deluxe, 6 shell). */
  finish?: number;
  /** A rent's period: period_types id (1 daily, 2 weekly, 3 monthly, 5 yearly); 3 when absent. */
  period?: number;
  ar: string;
  en: string;
};

/** The area and price of a fixture that names none: far from every amount the queries name. */
const DEFAULT_AREA = 333;
const DEFAULT_PRICE = 33_333_333;

/** estate_types: 1 home, 2 farm, 3 land, 4 shop, 5 villa, 6 apartment, 7 office, 8 chalet; ownership 1 green deed … */
const FIXTURES = {
  mezzehFurnished: {
    type: 6,
    offer: 2,
    place: "Mezzeh",
    rooms: 3,
    furnished: true,
    floor: 3,
    deed: 1,
    ar: "شقة مفروشة بالكامل مع إطلالة على الحديقة",
    en: "Furnished flat with a garden view",
  },
  mezzehBare: {
    type: 6,
    offer: 1,
    place: "Mezzeh",
    rooms: 2,
    floor: 0,
    deed: 2,
    finish: 6,
    ar: "شقة على العظم قريبة من الجامعة",
    en: "Shell apartment near the university",
  },
  villaPool: {
    type: 5,
    offer: 1,
    place: "Yafour",
    rooms: 5,
    deed: 1,
    pool: true,
    ar: "فيلا مع مسبح خاص وحديقة واسعة",
    en: "Villa with a private pool and a large garden",
  },
  villaParking: {
    type: 5,
    offer: 1,
    place: "Al-Sabboura",
    rooms: 4,
    deed: 3,
    ar: "فيلا حديثة مع موقف سيارات",
    en: "Modern villa with parking",
  },
  farmland: {
    type: 3,
    offer: 1,
    place: "Qatana",
    deed: 4,
    ar: "أرض زراعية مشجرة بالزيتون مع بئر",
    en: "Farmland planted with olives, with a well",
  },
  buildingPlot: {
    type: 3,
    offer: 1,
    place: "Qudsaya",
    deed: 1,
    ar: "أرض معدة للبناء على طريق رئيسي",
    en: "Building plot on a main road",
  },
  marketShop: { type: 4, offer: 2, place: "Bab Touma", ar: "محل تجاري في سوق مزدحم", en: "Shop in a busy market" },
  malkiOffice: {
    type: 7,
    offer: 2,
    place: "Malki",
    furnished: true,
    ar: "مكتب مفروش في الطابق الثالث مع مصعد",
    en: "Furnished office on the third floor with a lift",
  },
  beachChalet: {
    type: 8,
    offer: 2,
    place: "Blue Beach",
    furnished: true,
    ar: "شاليه على البحر مباشرة",
    en: "Chalet right on the sea",
  },
  mazraaFlat: {
    type: 6,
    offer: 1,
    place: "Al-Mazraa",
    rooms: 3,
    ar: "شقة في حي المزرعة قرب الجامع",
    en: "Flat in Al-Mazraa near the mosque",
  },
  fruitFarm: {
    type: 2,
    offer: 1,
    place: "Zabadani",
    pool: true,
    ar: "مزرعة فيها أشجار مثمرة ومسبح",
    en: "Farm with fruit trees and a pool",
  },
  aleppoHouse: {
    type: 1,
    offer: 1,
    place: "Al-Shahba",
    rooms: 4,
    ar: "بيت عربي قديم مع باحة",
    en: "Old Arab house with a courtyard",
  },
  mezzeh86Small: { type: 6, offer: 2, place: "Mezzeh 86", rooms: 1, ar: "شقة صغيرة غير مفروشة", en: "Small unfurnished flat" },
  qudsayaRooms: {
    type: 6,
    offer: 1,
    place: "Qudsaya",
    rooms: 3,
    ar: "شقة ثلاث غرف نوم وصالون",
    en: "Three-bedroom flat with a living room",
  },
  markedFlat: {
    type: 6,
    offer: 1,
    place: "Mezzeh",
    rooms: 2,
    ar: "شُقَّة مُمْتازة للبيع مع إطلالـة جميلة",
    en: "An excellent flat for sale with a fine view",
  },
  // Syrian phrasing (decision 084): places of two words, a quarter named like a common word, a village named like a
  // city with an ending.
  jaramanaHouse: { type: 1, offer: 1, place: "Jaramana", rooms: 3, ar: "بيت مستقل مع سطح", en: "Detached house with a roof" },
  newAleppoFlat: {
    type: 6,
    offer: 1,
    place: "New Aleppo",
    rooms: 3,
    ar: "شقة واسعة قرب الجامعة",
    en: "Spacious flat near the university",
  },
  jdeidehFlat: { type: 6, offer: 1, place: "Al-Jdeideh", rooms: 2, ar: "شقة في حي قديم", en: "Flat in an old quarter" },
  dummarProjectFlat: {
    type: 6,
    offer: 1,
    place: "Dummar Project",
    rooms: 3,
    ar: "شقة في الجزيرة الثالثة",
    en: "Flat on the third island",
  },
  dummarFlat: { type: 6, offer: 1, place: "Dummar", rooms: 2, ar: "شقة قرب النهر", en: "Flat by the river" },
  qudsayaSuburbFlat: {
    type: 6,
    offer: 1,
    place: "Dahiyat Qudsaya",
    rooms: 3,
    ar: "شقة مطلة على الجبل",
    en: "Flat facing the mountain",
  },
  halbounVilla: { type: 5, offer: 1, place: "Al-Tall", rooms: 5, ar: "فيلا على طريق حلبون", en: "Villa on the Halboun road" },
  // Amounts, finishing, studios and rent periods (decision 084).
  flat150: {
    type: 6,
    offer: 1,
    place: "Abu Rummaneh",
    rooms: 3,
    area: 150,
    price: 50_000,
    currency: "USD",
    finish: 3,
    ar: "شقة مشمسة بإطلالة مفتوحة",
    en: "Sunny flat with an open view",
  },
  flat90: {
    type: 6,
    offer: 1,
    place: "Abu Rummaneh",
    rooms: 2,
    area: 90,
    price: 90_000,
    currency: "USD",
    finish: 6,
    ar: "شقة قريبة من السوق",
    en: "Flat close to the market",
  },
  flat200: {
    type: 6,
    offer: 1,
    place: "Jaramana",
    rooms: 4,
    area: 200,
    price: 25_000_000,
    finish: 4,
    ar: "شقة واسعة مع شرفتين",
    en: "Large flat with two balconies",
  },
  frameHouse: {
    type: 1,
    offer: 1,
    place: "Jaramana",
    area: 250,
    price: 20_000,
    currency: "USD",
    finish: 1,
    ar: "بناء من طابقين قيد الإنشاء",
    en: "Two-storey building under construction",
  },
  studioFlat: {
    type: 6,
    offer: 2,
    place: "Mezzeh 86",
    rooms: 1,
    area: 40,
    price: 150,
    currency: "USD",
    furnished: true,
    ar: "شقة صغيرة قرب الأوتستراد",
    en: "Small flat near the highway",
  },
  latakiaMonthly: {
    type: 6,
    offer: 2,
    place: "Al-Ziraa",
    rooms: 2,
    area: 100,
    price: 40_000,
    period: 3,
    ar: "شقة للعائلات قرب الكورنيش",
    en: "Family flat near the corniche",
  },
  latakiaYearly: {
    type: 6,
    offer: 2,
    place: "Al-Ziraa",
    rooms: 3,
    area: 120,
    price: 4_000,
    currency: "USD",
    period: 5,
    ar: "شقة بعقد سنوي قرب الجامعة",
    en: "Flat on a yearly lease near the university",
  },
  latakiaNightly: {
    type: 6,
    offer: 2,
    place: "Al-Ziraa",
    rooms: 2,
    area: 80,
    price: 30,
    currency: "USD",
    period: 1,
    furnished: true,
    ar: "شقة مطلة على البحر",
    en: "Flat facing the sea",
  },
  latakiaWeekly: {
    type: 6,
    offer: 2,
    place: "Al-Ziraa",
    rooms: 2,
    area: 85,
    price: 180,
    currency: "USD",
    period: 2,
    furnished: true,
    ar: "شقة قرب الشاطئ",
    en: "Flat near the beach",
  },
} satisfies Record<string, Fixture>;
type Name = keyof typeof FIXTURES;

/** Each query: what it must find and must not find among the fixtures. */
const QUERIES: [q: string, finds: Name[], not: Name[]][] = [
  // The queries that found nothing before decision 056.
  ["شقة مفروشة", ["mezzehFurnished"], ["mezzehBare", "malkiOffice", "mezzeh86Small", "villaPool"]],
  ["مفروش", ["mezzehFurnished", "malkiOffice", "beachChalet"], ["mezzehBare", "mezzeh86Small"]],
  ["الشقة", ["mezzehFurnished", "mezzehBare", "mazraaFlat", "mezzeh86Small", "qudsayaRooms"], ["villaPool", "marketShop"]],
  ["شقق", ["mezzehFurnished", "mezzehBare", "mazraaFlat", "mezzeh86Small", "qudsayaRooms"], ["villaPool", "marketShop"]],
  ["مزة", ["mezzehFurnished", "mezzehBare", "markedFlat"], ["mazraaFlat", "mezzeh86Small", "fruitFarm"]],
  ["المزة", ["mezzehFurnished", "mezzehBare", "markedFlat"], ["mazraaFlat", "mezzeh86Small", "fruitFarm"]],
  ["٣ غرف", ["mezzehFurnished", "mazraaFlat", "qudsayaRooms", "villaPool", "aleppoHouse"], ["mezzehBare", "mezzeh86Small"]],
  ["3 غرف", ["mezzehFurnished", "mazraaFlat", "qudsayaRooms", "villaPool", "aleppoHouse"], ["mezzehBare", "mezzeh86Small"]],
  ["طابو", ["mezzehFurnished", "villaPool", "buildingPlot"], ["mezzehBare", "villaParking", "farmland"]],
  ["flat", ["mezzehFurnished", "mezzehBare", "mazraaFlat"], ["villaPool", "marketShop"]],
  ["mazzeh", ["mezzehFurnished", "mezzehBare"], ["mazraaFlat", "mezzeh86Small"]],
  ["شقة مفروشة في المزة ٣ غرف", ["mezzehFurnished"], ["mezzehBare", "malkiOffice", "mezzeh86Small", "mazraaFlat"]],
  // Types, plurals and words of the descriptions.
  ["villa pool", ["villaPool"], ["villaParking", "fruitFarm"]],
  ["فيلا مسبح", ["villaPool"], ["villaParking", "fruitFarm"]],
  ["فلل", ["villaPool", "villaParking"], ["mezzehFurnished"]],
  // Farmland is the land type (decision 084: the listings' fields do not tell a farming plot from a building plot).
  ["ارض زراعية", ["farmland", "buildingPlot"], ["fruitFarm", "villaPool"]],
  ["أراضي", ["farmland", "buildingPlot"], ["fruitFarm"]],
  ["محلات", ["marketShop"], ["malkiOffice"]],
  ["مكاتب مفروشة", ["malkiOffice"], ["mezzehFurnished", "marketShop"]],
  ["shop", ["marketShop"], ["malkiOffice"]],
  ["store for rent", ["marketShop"], ["malkiOffice"]],
  ["للبيع", ["mezzehBare", "villaPool"], ["mezzehFurnished", "marketShop"]],
  ["للإيجار", ["mezzehFurnished", "marketShop", "malkiOffice"], ["mezzehBare", "villaPool"]],
  ["for sale", ["villaPool"], ["mezzehFurnished"]],
  ["apartment for rent", ["mezzehFurnished", "mezzeh86Small"], ["mezzehBare"]],
  ["furnished", ["mezzehFurnished", "malkiOffice"], ["mezzehBare", "mezzeh86Small"]],
  ["شاليه", ["beachChalet"], ["villaPool"]],
  ["شاليهات على البحر", ["beachChalet"], ["villaPool"]],
  ["مزرعة", ["fruitFarm"], ["mazraaFlat", "farmland"]],
  // Two places are named المزرعة: the name alone is searched as words, with its governorate it is the place.
  ["المزرعة", ["mazraaFlat"], ["mezzehFurnished"]],
  ["المزرعة دمشق", ["mazraaFlat"], ["fruitFarm"]],
  ["حلب", ["aleppoHouse"], ["mezzehFurnished"]],
  ["بيت عربي", ["aleppoHouse"], ["mezzehFurnished"]],
  ["house", ["aleppoHouse"], ["villaPool"]],
  ["3 bedrooms", ["mezzehFurnished", "qudsayaRooms"], ["mezzehBare", "mezzeh86Small"]],
  ["غرفتين", ["mezzehFurnished", "mezzehBare"], ["mezzeh86Small"]],
  ["ثلاث غرف", ["mezzehFurnished", "qudsayaRooms"], ["mezzehBare"]],
  ["حكم محكمة", ["mezzehBare"], ["mezzehFurnished"]],
  ["كاتب عدل", ["villaParking"], ["villaPool"]],
  ["villas with pool", ["villaPool"], ["villaParking"]],
  ["مسابح", ["villaPool", "fruitFarm"], ["villaParking", "mezzehFurnished"]],
  ["حمام سباحة", ["villaPool", "fruitFarm"], ["villaParking"]],
  ["land plot", ["farmland", "buildingPlot"], ["fruitFarm"]],
  ["شقة طابق أرضي", ["mezzehBare"], ["mezzehFurnished", "mazraaFlat"]],
  ["شقة أرضية في المزة", ["mezzehBare"], ["mezzehFurnished"]],
  ["ground floor flat", ["mezzehBare"], ["mezzehFurnished"]],
  ["Mezzeh furnished flat", ["mezzehFurnished"], ["mezzehBare"]],
  ["اطلالة", ["mezzehFurnished", "markedFlat"], ["mezzehBare"]],
  ["شقة ممتازة", ["markedFlat"], ["mezzehBare"]],
  ["الحديقة", ["mezzehFurnished", "villaPool"], ["villaParking"]],
  ["Pool", ["villaPool", "fruitFarm"], ["villaParking"]],
  ["mosque", ["mazraaFlat"], ["mezzehFurnished"]],
  ["قديم بيوت", ["aleppoHouse"], ["villaPool"]],
  // Decision 084: clitics joined to places and filter words, places of several words before their parts.
  ["بيت للبيع بجرمانا", ["jaramanaHouse"], ["aleppoHouse", "mezzehBare", "villaPool"]],
  ["بيت بجرمانا", ["jaramanaHouse"], ["aleppoHouse"]],
  ["شقة بحلب الجديدة", ["newAleppoFlat"], ["jdeidehFlat", "mezzehFurnished", "aleppoHouse"]],
  ["حلب الجديدة", ["newAleppoFlat"], ["jdeidehFlat", "aleppoHouse"]],
  ["New Aleppo flat", ["newAleppoFlat"], ["jdeidehFlat"]],
  ["الجديدة", ["jdeidehFlat"], ["newAleppoFlat"]],
  ["شقق بالمزة", ["mezzehFurnished", "mezzehBare", "markedFlat"], ["mazraaFlat", "mezzeh86Small"]],
  ["وبالمزة", ["mezzehFurnished", "mezzehBare"], ["mazraaFlat"]],
  // حلبون is no longer the governorate حلب (its filter would leave out the villa); as text, the documents' stemmer
  // still reads it as حلب too (decision 084's consequences).
  ["حلبون", ["halbounVilla"], ["villaParking", "mezzehFurnished"]],
  ["شقة بمشروع دمر", ["dummarProjectFlat"], ["dummarFlat", "mezzehFurnished"]],
  ["mashrou dummar", ["dummarProjectFlat"], ["dummarFlat"]],
  ["دمر", ["dummarFlat"], ["dummarProjectFlat"]],
  ["ضاحية قدسيا", ["qudsayaSuburbFlat"], ["qudsayaRooms", "buildingPlot"]],
  ["لقدسيا", ["qudsayaRooms", "buildingPlot"], ["qudsayaSuburbFlat"]],
  ["محل بباب توما", ["marketShop"], ["malkiOffice"]],
  ["bab tuma", ["marketShop"], ["malkiOffice"]],
  ["مكتب بالمالكي", ["malkiOffice"], ["marketShop", "mezzehFurnished"]],
  ["بالشام", ["mezzehFurnished", "malkiOffice"], ["aleppoHouse", "jaramanaHouse"]],
  // Decision 084: areas with their units (±10%), prices with their scale and currency (±20%, or bounded).
  ["شقة 150 متر", ["flat150"], ["flat90", "flat200"]],
  ["شقة ١٥٠ م٢", ["flat150"], ["flat90", "flat200"]],
  ["apartment 150 sqm", ["flat150"], ["flat90", "flat200"]],
  ["شقة 90 م2", ["flat90"], ["flat150", "studioFlat"]],
  ["شقة فوق 180 متر", ["flat200"], ["flat150", "flat90"]],
  ["شقة تحت 100 متر", ["flat90", "studioFlat"], ["flat150", "flat200"]],
  ["شقة بين 80 و 160 متر", ["flat90", "flat150"], ["flat200", "studioFlat"]],
  ["شقة بسعر 50 الف دولار", ["flat150"], ["flat90", "flat200"]],
  ["شقة بسعر ٥٠ ألف $", ["flat150"], ["flat90", "flat200"]],
  ["apartment $50k", ["flat150"], ["flat90", "flat200"]],
  ["flat under $100k", ["flat150", "flat90"], ["flat200"]],
  ["شقة للبيع تحت 100 الف", ["flat150", "flat90"], ["flat200", "studioFlat"]],
  ["شقة فوق 20 مليون ليرة", ["flat200"], ["flat150", "flat90"]],
  ["شقة بـ 25 مليون", ["flat200"], ["flat150", "flat90"]],
  ["between 80k and 100k usd", ["flat90"], ["flat150", "flat200"]],
  ["شقة ٣ غرف 150 متر بسعر 50 الف دولار", ["flat150"], ["flat90", "flat200"]],
  ["3BR apartment", ["flat150", "flat200"], ["flat90"]],
  ["4BR", ["flat200"], ["flat150"]],
  ["شقة 2 نوم", ["flat90", "flat150"], ["studioFlat"]],
  // Finishing as people say it.
  ["شقة مكسية", ["flat150"], ["flat90", "flat200"]],
  ["شقة عالعظم", ["flat90", "mezzehBare"], ["flat150", "flat200"]],
  ["على العظم", ["flat90", "mezzehBare"], ["flat150", "frameHouse"]],
  ["shell apartment", ["flat90"], ["flat150"]],
  ["بيت هيكل", ["frameHouse"], ["jaramanaHouse", "aleppoHouse"]],
  ["سوبر ديلوكس", ["flat200"], ["flat150", "flat90"]],
  ["شقة ديلوكس بجرمانا", ["flat200"], ["flat150", "jaramanaHouse"]],
  ["super deluxe flat", ["flat200"], ["flat150"]],
  // The property words people use.
  ["بيت عربي بحلب", ["aleppoHouse"], ["jaramanaHouse", "frameHouse"]],
  ["محضر بقدسيا", ["buildingPlot"], ["farmland", "qudsayaRooms"]],
  ["ارض زراعية بقطنا", ["farmland"], ["buildingPlot"]],
  ["farmland", ["farmland", "buildingPlot"], ["fruitFarm"]],
  ["استوديو", ["studioFlat"], ["flat150", "flat90", "mezzehFurnished"]],
  ["studio for rent", ["studioFlat"], ["flat90", "latakiaMonthly"]],
  ["ستوديو مفروش", ["studioFlat"], ["mezzehFurnished", "latakiaNightly"]],
  // Rents by the period asked: "for rent" alone is a monthly or yearly rent.
  ["apartment for rent in latakia", ["latakiaMonthly", "latakiaYearly"], ["latakiaNightly", "latakiaWeekly"]],
  ["شقة للإيجار في اللاذقية", ["latakiaMonthly", "latakiaYearly"], ["latakiaNightly", "latakiaWeekly"]],
  ["شقة للإيجار شهري", ["latakiaMonthly", "mezzehFurnished"], ["latakiaYearly", "latakiaNightly"]],
  ["شقة إيجار سنوي", ["latakiaYearly"], ["latakiaMonthly", "latakiaNightly"]],
  ["شقة يومي اللاذقية", ["latakiaNightly"], ["latakiaMonthly", "latakiaWeekly"]],
  ["apartment nightly latakia", ["latakiaNightly"], ["latakiaMonthly", "latakiaYearly"]],
  ["شقة أسبوعي", ["latakiaWeekly"], ["latakiaNightly", "latakiaMonthly"]],
  ["apartment for rent holiday latakia", ["latakiaNightly", "latakiaWeekly"], ["latakiaMonthly", "latakiaYearly"]],
  ["شقق للإيجار عطلة باللاذقية", ["latakiaNightly", "latakiaWeekly"], ["latakiaMonthly", "latakiaYearly"]],
  ["monthly rent", ["latakiaMonthly", "mezzehFurnished"], ["latakiaYearly", "latakiaNightly"]],
  ["شقة للإيجار تحت 200 دولار", ["studioFlat"], ["latakiaMonthly", "latakiaYearly"]],
  ["شقة للإيجار تحت 50 الف", ["latakiaMonthly", "studioFlat"], ["latakiaYearly", "flat150"]],
  // All of it at once.
  ["شقة مكسية 150 متر بأبو رمانة", ["flat150"], ["flat90", "flat200"]],
  ["flat in abu rummaneh under 60k usd", ["flat150"], ["flat90", "flat200"]],
];

const ids = {} as Record<Name, number>;

beforeAll(async () => {
  const lookups = await getLookups(db());
  const placeId = (name: string) => {
    for (const g of lookups.governorates) for (const l of g.locations) if (l.name_en === name) return l.id;
    throw new Error(`no place ${name}`);
  };
  const [model] = await db().select().from(s.estates).where(eq(s.estates.status, "approved")).limit(1);
  const { id: _id, search_tsv: _tsv, price_syp: _p, price_per_m2_syp: _m, published_at: _at, state_id, ...rest } = model;
  let n = 0;
  for (const [name, f] of Object.entries(FIXTURES) as [Name, Fixture][]) {
    const [row] = await db()
      .insert(s.estates)
      .values({
        ...rest,
        state_id: 900_000 + state_id + ++n,
        estate_type_id: f.type,
        estate_offer_type_id: f.offer,
        period_type_id: f.offer === 2 ? (f.period ?? 3) : null,
        area: f.area ?? DEFAULT_AREA,
        area_unit_id: 1,
        price: f.price ?? DEFAULT_PRICE,
        currency: f.currency ?? "SYP",
        interior_status_id: f.finish ?? null,
        location_id: placeId(f.place),
        rooms_count: f.rooms ?? null,
        furnished: f.furnished ?? false,
        swimming_pool: f.pool ?? false,
        floor: f.floor ?? null,
        ownership_type_id: f.deed ?? null,
        description_ar: f.ar,
        description_en: f.en,
        user_id: null,
        office_id: null,
        created_at: new Date(),
      })
      .returning({ id: s.estates.id });
    ids[name] = row.id;
  }
});

/**
 * The filters' address a results page answered typed words with (decision 087: rendered where they were typed, no
 * redirect), or the address asked when the words named no filter.
 */
function addressOf(res: { status: number; data: { seo: { address?: string } } }, asked: string): URL {
  expect(res.status, asked).toBe(200);
  return new URL(res.data.seo.address ?? asked, "http://x");
}

/** Each listing page's loader and scope, by its address (words may take a search to the rent or holiday lets). */
const PAGES = {
  "/estates": [estatesLoader, "all"],
  "/rent-properties": [rentLoader, "rent"],
  "/vacation-properties": [vacationLoader, "vacation"],
} as const;

/**
 * The fixtures a query finds, the visitor's way: the search box's address, the filters it names (or the other listing
 * page it redirects to, decision 084), then every page.
 */
async function found(q: string): Promise<Set<Name>> {
  const typed = `/estates?${new URLSearchParams({ is_simple: "0", q })}`;
  const first = await callLoader(estatesLoader, typed);
  let url: string;
  if (first.status === 302) {
    url = first.headers.get("Location")!;
    const page = PAGES[new URL(url, "http://x").pathname as keyof typeof PAGES];
    expect(page && page[1] !== "all", `${q} → ${url}`).toBe(true);
    expect((await callLoader(page[0], url)).status, `${q} → ${url}`).toBe(200);
  } else {
    const address = addressOf(first, typed);
    url = `${address.pathname}${address.search}`;
    // The page answered is that of the filters: the same listings as their own address gives.
    if (url !== typed) {
      const own = await callLoader(estatesLoader, url);
      expect(own.data.result.items, `${q} → ${url}`).toEqual(first.data.result.items);
    }
  }
  const lookups = await getLookups(db());
  const target = new URL(url, "http://x");
  const scope = PAGES[target.pathname as keyof typeof PAGES][1];
  const { filter, errors } = parseEstateFilter(target.searchParams, lookups, { required: [], scope });
  expect(errors, url).toEqual({});
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await searchEstates(db(), filter, page, "ar", { countMs: 0 });
    for (const item of result.items) seen.add(item.id);
    if (page >= result.pageCount) break;
  }
  return new Set((Object.keys(ids) as Name[]).filter((name) => seen.has(ids[name])));
}

describe("search relevance: real queries find what they should", () => {
  it("has at least 40 queries, each judged on both sides", () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const [q, finds, not] of QUERIES) expect(finds.length && not.length, q).toBeTruthy();
  });

  for (const [q, finds, not] of QUERIES) {
    it(`"${q}" finds ${finds.join(", ")} and not ${not.join(", ")}`, async () => {
      const result = await found(q);
      for (const name of finds) expect(result.has(name), `${q} must find ${name}`).toBe(true);
      for (const name of not) expect(result.has(name), `${q} must not find ${name}`).toBe(false);
    });
  }
});

describe("words that name a filter: answered where typed with the page of their filters, and its chips", () => {
  /** The labels of the applied-filter chips of a results page. */
  const chips = (data: { links: { className: string; list: { label: string; href: string }[] }[] }) =>
    data.links.find((g) => g.className === "chips")?.list ?? [];

  it("شقة مفروشة في المزة ٣ غرف is the search of those four filters, shown as four removable chips", async () => {
    const lookups = await getLookups(db());
    const mezzeh = lookups.governorates[0].locations.find((l) => l.name_en === "Mezzeh")!;
    const res = await callLoader(
      estatesLoader,
      `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة مفروشة في المزة ٣ غرف" })}`,
    );
    const location = addressOf(res, "res");
    expect(location.pathname).toBe("/estates");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      is_simple: "0",
      estate_type_id: "6",
      furnished: "1",
      location_id: String(mezzeh.id),
      rooms_min: "3",
    });
    // No redirect: the typed address is answered with the filters' page, its chips built on the filters' address.
    expect(res.data.result.items.map((e: { id: number }) => e.id)).toContain(ids.mezzehFurnished);
    const list = chips(res.data);
    expect(list.map((c) => c.label)).toEqual(["دمشق، المزة", "شقة", "3 غرف على الأقل", "مفروش"]);
    // Each chip is the same search without its filter.
    const withoutFurnished = new URL(list[3].href, "http://x").searchParams;
    expect(withoutFurnished.get("furnished")).toBeNull();
    expect(withoutFurnished.get("estate_type_id")).toBe("6");
  });

  it("villa pool in English: the villa type and the swimming pool filter, each with its chip", async () => {
    const res = await callLoader(estatesLoader, "/estates?is_simple=0&q=villa+pool&lang=en");
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("5");
    expect(location.searchParams.get("swimming_pool")).toBe("1");
    expect(location.searchParams.get("q")).toBeNull();
    expect(location.searchParams.get("lang")).toBe("en");
    const ids_ = res.data.result.items.map((e: { id: number }) => e.id);
    expect(ids_).toContain(ids.villaPool);
    expect(ids_).not.toContain(ids.villaParking);
    expect(chips(res.data).map((c) => c.label)).toEqual(expect.arrayContaining(["With a swimming pool"]));
  });

  it("a negated pool is no filter: فيلا بدون مسبح keeps its words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "فيلا بدون مسبح" })}`);
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("5");
    expect(location.searchParams.get("swimming_pool")).toBeNull();
    expect(location.searchParams.get("q")).toBe("بدون مسبح");
  });

  it("the ground floor is the floor filter, with its chip; a negated one keeps its words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة طابق أرضي" })}`);
    const location = addressOf(res, "res");
    expect(location.searchParams.get("estate_type_id")).toBe("6");
    expect(location.searchParams.get("floor")).toBe("0");
    expect(location.searchParams.get("q")).toBeNull();
    expect(chips(res.data).map((c) => c.label)).toEqual(expect.arrayContaining(["طابق أرضي"]));
    const negated = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة غير أرضية" })}`);
    const kept = addressOf(negated, "negated");
    expect(kept.searchParams.get("floor")).toBeNull();
    expect(kept.searchParams.get("q")).toBe("غير أرضية");
  });

  it("the canonical address answers itself; a typed word replaces the form's choice of its field", async () => {
    const canonical = await callLoader(estatesLoader, "/estates?is_simple=0&estate_type_id=5&swimming_pool=1&q=garden");
    expect(canonical.status).toBe(200);
    const typed = await callLoader(
      estatesLoader,
      "/estates?is_simple=0&estate_type_id=5&estate_offer_type_id=1&q=%D8%B4%D9%82%D8%A9+%D9%84%D9%84%D8%A5%D9%8A%D8%AC%D8%A7%D8%B1",
    );
    // "For rent" is a monthly or yearly rent: the rent page, another route, so a redirect (decision 084).
    expect(typed.status).toBe(302);
    expect(typed.headers.get("Location")).toBe("/rent-properties?is_simple=0&estate_type_id=6");
    expect(canonical.data.seo.address).toBeUndefined();
    // Twice the same field: the first word is the filter, the second stays a word.
    const twice = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة فيلا" })}`);
    const location = addressOf(twice, "twice");
    expect(Object.fromEntries(location.searchParams)).toEqual({ is_simple: "0", estate_type_id: "6", q: "فيلا" });
  });

  it("the home page's form, its selects empty and sale chosen, becomes the advanced search of the typed words", async () => {
    const home = "/estates?estate_offer_type_id=1&location_id=&estate_type_id=&price_domain_id=";
    const words = await callLoader(estatesLoader, `${home}&q=${encodeURIComponent("مسبح مطل")}`);
    const location = addressOf(words, "words");
    expect(location.searchParams.get("is_simple")).toBe("0");
    expect(location.searchParams.get("swimming_pool")).toBe("1");
    expect(location.searchParams.get("q")).toBe("مطل");
    expect(words.data.invalid).toBe(false);
  });

  it("words that find nothing say so and offer the nearest searches, each a link that finds", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "بيت جرمنا" })}`);
    expect(res.status).toBe(200);
    expect(res.data.result.total).toBe(0);
    const nearest = res.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(nearest.lead).toContain("«جرمنا»");
    expect(nearest.lead).toContain("هل تقصد");
    const jaramana = nearest.list.find((l: { label: string }) => l.label === "جرمانا");
    expect(jaramana).toBeDefined();
    // The nearest search keeps the filters understood (the house type) and finds the house in Jaramana.
    const near = await callLoader(estatesLoader, jaramana.href);
    expect(near.status).toBe(200);
    expect(near.data.result.items.map((e: { id: number }) => e.id)).toContain(ids.jaramanaHouse);
    // In English, a Latin spelling a letter away.
    const en = await callLoader(estatesLoader, "/estates?is_simple=0&q=villa+in+jaramna&lang=en");
    const group = en.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(group.lead).toContain("“jaramna”");
    expect(group.list.map((l: { label: string }) => l.label)).toContain("Jaramana");
    // Words near nothing known: said so, and the search without them offered.
    const none = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "شقة زمردية" })}`);
    const alone = none.data.links.find((g: { className: string }) => g.className === "nearest");
    expect(alone.lead).toContain("«زمردية»");
    expect(alone.list).toEqual([{ label: "ابحث بدون هذه الكلمات", href: "/estates?is_simple=0&estate_type_id=6" }]);
    // A search that finds something has no such group.
    const found = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "بيت جرمانا" })}`);
    expect(found.data.links.some((g: { className: string }) => g.className === "nearest")).toBe(false);
  });

  it("stop words alone are dropped: في من leaves the search without words", async () => {
    const res = await callLoader(estatesLoader, `/estates?${new URLSearchParams({ is_simple: "0", q: "في من" })}`);
    expect(res.status).toBe(200);
    expect(res.data.seo.address).toBe("/estates?is_simple=0");
  });

  it("on the rent pages sale and rent are words, not a filter; the other filter words still are", async () => {
    const res = await callLoader(rentLoader, `/rent-properties?${new URLSearchParams({ q: "شقة للإيجار" })}`);
    const location = addressOf(res, "res");
    expect(location.pathname).toBe("/rent-properties");
    expect(location.searchParams.get("estate_type_id")).toBe("6");
    expect(location.searchParams.get("estate_offer_type_id")).toBeNull();
    expect(location.searchParams.get("q")).toBe("للإيجار");
  });
});
