/**
 * The words people in Syria type into the search box, beside the names of the lookup lists
 * (docs/decisions/084-search-reads-syrian-phrasing.md). filter-words.server.ts builds its tables from these lists and
 * from the lookups; nothing else reads them. Arabic words are written as typed; the tables normalise them.
 */

/**
 * Farmland is land (decision 084): listings do not tell a farming plot from a building plot in their fields, and a
 * farm (مزرعة, with its trees and house) is named by its own word.
 */
const FARMLAND_WORDS = ["أرض زراعية", "أراضي زراعية", "farmland", "farm land", "agricultural land"];

/**
 * The words people use for each estate type beside its own names (estate_types ids of the seed: 1 home,
 * 2 farm, 3 land, 4 shop, 5 villa, 6 apartment, 7 office, 8 chalet). Plurals need not be listed when the stemmer
 * folds them (search-words.server.ts, STEMS); they are for the reader. A courtyard house (بيت عربي، بيت شامي) is a
 * home; a building plot (محضر، مقسم) is land.
 */
export const TYPE_WORDS: Record<number, string[]> = {
  1: ["منزل", "منازل", "بيت", "بيوت", "دار", "بيت عربي", "دار عربية", "بيت شامي", "home", "homes", "house", "houses"],
  2: ["مزرعة", "مزارع", "farm", "farms"],
  3: ["أرض", "أراضي", "قطعة أرض", "محضر", "محاضر", "مقسم", "land", "lands", "plot", "plots", ...FARMLAND_WORDS],
  4: ["محل", "محلات", "محال", "دكان", "دكاكين", "محل تجاري", "shop", "shops", "store", "stores"],
  5: ["فيلا", "فيلات", "فلل", "فلة", "villa", "villas"],
  6: ["شقة", "شقق", "apartment", "apartments", "flat", "flats"],
  7: ["مكتب", "مكاتب", "office", "offices"],
  8: ["شاليه", "شاليهات", "chalet", "chalets"],
};

/**
 * Studio: a small flat (decision 084), the apartment type and at most STUDIO_AREA_MAX m² unless the words give an
 * area of their own ("استوديو 40 متر").
 */
export const STUDIO_WORDS = ["استوديو", "ستوديو", "ستديو", "studio", "studios"];
/** The largest studio, in m² (decision 084): the seed's smallest flats and the portals' studios are below it. */
export const STUDIO_AREA_MAX = 60;

/** Sale (estate_offer_types id 1) and rent (2), as a search names them. */
export const OFFER_WORDS: Record<number, string[]> = {
  1: ["بيع", "للبيع", "شراء", "sale", "buy"],
  2: ["إيجار", "للإيجار", "أجار", "آجار", "rent", "rental"],
};

/** The deed kinds (ownership_types ids 1 to 6) beside their own names: "طابو" alone is the green deed people mean. */
export const OWNERSHIP_WORDS: Record<number, string[]> = {
  1: ["طابو", "طابو أخضر", "tabu", "title deed", "green deed"],
  2: ["حكم محكمة", "court ruling"],
  3: ["كاتب عدل", "وكالة كاتب عدل", "power of attorney"],
  4: ["طابو أسهم", "أسهم"],
  5: ["سكن شبابي", "جمعية", "سكن جمعية"],
  6: ["فروغ"],
};

export const FURNISHED_WORDS = ["مفروش", "مفروشة", "furnished"];
/** A swimming pool (decision 071): the listing's own field answers, not the words of its description. */
export const POOL_WORDS = ["مسبح", "مسابح", "مسبح خاص", "حمام سباحة", "pool", "pools", "swimming pool", "private pool"];
/**
 * The ground floor (decision 073): floor 0, the listing's own field, not the words of its description (which hold
 * "طابق أرضي" for every ground-floor listing, 15% of them). أرضية stems as أرضي: "شقة أرضية" is a ground-floor flat.
 */
export const GROUND_FLOOR_WORDS = ["طابق أرضي", "الطابق الأرضي", "أرضي", "ground floor"];

/**
 * The facts Syrians ask before they call (decision 093), each a yes filter of the listing's own field: solar panels
 * (people say "ألواح", panels, for them), a generator subscription (its amperes, أمبيرات), an elevator (أسانسير too)
 * and parking.
 */
export const SOLAR_WORDS = [
  "طاقة شمسية",
  "الطاقة الشمسية",
  "ألواح",
  "ألواح شمسية",
  "ألواح طاقة شمسية",
  "طاقة بديلة",
  "solar",
  "solar panels",
  "solar power",
];
export const GENERATOR_WORDS = ["أمبيرات", "أمبير", "اشتراك أمبيرات", "اشتراك مولدة", "مولدة", "generator", "amperes"];
export const ELEVATOR_WORDS = ["مصعد", "مصاعد", "أسانسير", "elevator", "lift"];
export const PARKING_WORDS = ["موقف سيارات", "موقف سيارة", "مرآب", "كراج خاص", "parking", "garage"];

/** Words that say "not": "غير مفروش", "بدون مسبح" are no filter (those filters only ask for a yes). */
export const NEGATIONS = new Set(["غير", "بدون", "not", "non", "no"]);

/**
 * Words that begin with the letters of a clitic (ب، ل، و، ف، ك) as part of the word itself, whose rest names
 * something else: they are never taken apart (filter-words.server.ts, cliticForms). Written normalised
 * (searchNormalize). The whole word is always looked up first, so a word the tables hold (بيت، فيلا، بلودان، كفرسوسة)
 * needs no line here, nor one whose rest is shorter than three letters (بحر); these are everyday words whose rest is a
 * place: ورقة (a sheet) is not و + الرقة, كباب (kebab) not ك + الباب, بقدم (on foot) not ب + القدم.
 */
export const PROTECTED_WORDS: ReadonlySet<string> = new Set(["ورقه", "فرقه", "كباب", "بقدم", "وقدم", "لباب"]);

/**
 * Places whose name without its article is an everyday word (written normalised, without the article): جديدة (new)
 * is not Al-Jdeideh, روضة (a kindergarten) not Al-Rawda, كسوة (finishing) not Al-Kiswah, أربعين (forty) not
 * Al-Arbaeen. They are the place only as written, with the article ("الجديدة", "بالروضة").
 */
export const PLACES_ONLY_AS_WRITTEN: ReadonlySet<string> = new Set([
  "جديده",
  "حمراء",
  "كرامه",
  "زراعه",
  "تجاره",
  "قدم",
  "روضه",
  "ربوه",
  "سبيل",
  "شريعه",
  "قصور",
  "قصير",
  "حاضر",
  "جوره",
  "اذاعه",
  "انشاءات",
  "محافظه",
  "موظفين",
  "مهاجرين",
  "طبقه",
  "ثكنه",
  "ميدان",
  "ميادين",
  "منصوره",
  "ناصره",
  "زهراء",
  "زاهره",
  "اربعين",
  "باب",
  "تل",
  "كفر",
  "كسوه",
  "صليبه",
  "سلوك",
  "وعر",
  "بصيره",
  "قريتين",
  "حفه",
  "نزهه",
  "امريكان",
]);

/**
 * Other names of places, as people write them (governorate's English name, place's English name or "" for the
 * governorate itself, the names): the Latin spellings the key of latinKey does not fold (Kafarsouseh beside Kafr
 * Souseh, Hims beside Homs), and the Arabic ones of everyday speech (الشام for Damascus). A name marked "within"
 * is a common noun too ("Old City"): it is the place only where the search or its other words name its governorate.
 */
export const PLACE_NAMES: readonly [governorate: string, place: string, names: string[], within?: "within"][] = [
  ["Damascus", "", ["الشام", "Sham", "Al-Sham", "Dimashq", "Damas"]],
  ["Aleppo", "", ["Halab"]],
  ["Homs", "", ["Hims"]],
  ["Hama", "", ["Hamah"]],
  ["Latakia", "", ["Lattakia", "Lattaquie", "Ladhiqiyah", "Lazkiye"]],
  ["Tartus", "", ["Tartous", "Tortosa"]],
  ["Idlib", "", ["Edlib"]],
  ["Daraa", "", ["Deraa", "Dara"]],
  ["As-Suwayda", "", ["Sweida", "Swaida", "Suwaida", "السويدا"]],
  ["Deir ez-Zor", "", ["Deir Ezzor", "Deir al-Zour", "Deir Azzor", "Dayr az-Zawr", "الدير"]],
  ["Raqqa", "", ["Raqqah", "Rakka"]],
  ["Al-Hasakah", "", ["Hasaka", "Hassakeh", "Hasakeh"]],
  ["Rif Dimashq", "", ["Rural Damascus", "Damascus Countryside", "Reef Dimashq", "ريف الشام"]],
  ["Aleppo", "New Aleppo", ["Halab al-Jadida", "Halab Jadideh", "Aleppo al-Jadida", "New Halab"]],
  ["Damascus", "Dummar Project", ["Mashrou Dummar", "Mashrou3 Dummar", "Mashroua Dummar", "Dummar Mashrou"]],
  ["Rif Dimashq", "Dahiyat Qudsaya", ["Qudsaya Suburb", "Dahiet Qudsaya", "Dahieh Qudsaya", "Dahyet Qudsaya"]],
  ["Damascus", "Kafr Souseh", ["Kafarsouseh", "Kafersouseh", "Kafr Sousa", "Kafarsousa"]],
  ["Damascus", "Mezzeh Western Villas", ["Western Villas", "Mezzeh Villas", "فيلات غربية"]],
  ["Damascus", "Abu Rummaneh", ["Abou Roumaneh", "Abu Romaneh"]],
  ["Damascus", "Bab Touma", ["Bab Thomas"]],
  ["Rif Dimashq", "Jaramana", ["Jeramana", "Jaramanah"]],
  ["Tartus", "Old Tartus", ["Tartus Old City", "Old Tartous"]],
  // Every old city's name: the place only where the search or its words name Tartus.
  ["Tartus", "Old Tartus", ["Old City", "المدينة القديمة", "البلد القديمة"], "within"],
  ["Latakia", "Blue Beach", ["Shatea al-Azraq", "Blue Beach Latakia"]],
];

/**
 * Finishing as people say it (interior_statuses ids of the seed: 1 structural frame, 2 medium, 3 newly finished,
 * 4 excellent (super deluxe), 5 partly finished, 6 shell), beside the statuses' own names (decision 084). "مكسي"
 * (finished, ready to live in) is the newly finished status; "ديلوكس" the excellent one; "عالعظم" is على العظم.
 */
export const FINISHING_WORDS: Record<number, string[]> = {
  1: ["هيكل", "هيكل إنشائي", "عالهيكل", "structural frame", "frame"],
  2: ["إكساء وسط", "إكساء متوسط", "medium finishing"],
  3: ["مكسي", "مكسية", "مكسو", "مكسوة", "إكساء جديد", "finished", "newly finished"],
  4: ["سوبر ديلوكس", "سوبر دولوكس", "ديلوكس", "دولوكس", "إكساء ممتاز", "super deluxe", "deluxe", "luxury finishing"],
  5: ["إكساء جزئي", "partly finished"],
  6: ["على العظم", "عالعظم", "عظم", "shell", "unfinished"],
};

/**
 * A rent's period as people say it (period_types ids: 1 daily, 2 weekly, 3 monthly, 4 seasonal, 5 yearly; decision
 * 057), beside the periods' own names. A period is a rent: on /estates it takes the search to the rent page (monthly,
 * yearly) or to the holiday lets (daily, weekly, seasonal).
 */
export const PERIOD_WORDS: Record<number, string[]> = {
  1: ["يومي", "يومية", "باليوم", "ليلي", "بالليلة", "daily", "nightly", "per night", "per day"],
  2: ["أسبوعي", "أسبوعية", "بالأسبوع", "weekly", "per week"],
  3: ["شهري", "شهرية", "بالشهر", "monthly", "per month"],
  4: ["موسمي", "موسمية", "صيفي", "seasonal", "summer"],
  5: ["سنوي", "سنوية", "بالسنة", "yearly", "annual", "annually", "per year"],
};

/**
 * Words of a holiday let without its period (decision 084): "for rent" alone is a monthly or yearly rent (the rent
 * page), with one of these it is a holiday let (the vacation page).
 */
export const HOLIDAY_WORDS = [
  "عطلة",
  "إجازة",
  "اصطياف",
  "مصيف",
  "سياحي",
  "سياحية",
  "holiday",
  "holidays",
  "vacation",
  "short stay",
];
