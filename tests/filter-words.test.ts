import { beforeAll, describe, expect, it } from "vitest";
import { getLookups, type Lookups } from "~/features/places/lookups.server";
import { cliticForms, filterWordsOf, nearestQueries } from "~/features/search/filter-words.server";
import { PROTECTED_WORDS } from "~/features/search/query-vocabulary";
import { wordKey } from "~/features/search/search-words.server";
import { useTestDatabase } from "./helpers/db";

/**
 * How the words of a search become filters (docs/decisions/084-search-reads-syrian-phrasing.md), read as the results
 * page reads them: each query with the filters it must set (places by their English names, "Governorate/Place" or the
 * governorate's) and the words it must leave as text. The search relevance file checks what the same kinds of query
 * find in the database.
 */

const test = useTestDatabase();
let lookups: Lookups;

beforeAll(async () => {
  lookups = await getLookups(test.get().db);
});

/** The filters `q` sets, places by their English names, and the words left. */
function read(q: string, values: Record<string, string> = {}) {
  const { set, q: rest } = filterWordsOf(q, values, lookups, { offer: true });
  const named: Record<string, string> = {};
  for (const [field, value] of Object.entries(set)) {
    if (!value) continue;
    if (field === "location_id") {
      const place = lookups.locationById.get(Number(value))!;
      named.place = `${place.governorate.name_en}/${place.location.name_en}`;
    } else if (field === "governorate_id") {
      named.place = lookups.governorates.find((g) => g.id === Number(value))!.name_en;
    } else {
      named[field] = value;
    }
  }
  return { ...named, q: rest };
}

describe("clitics joined to a word", () => {
  const cases: [string, Record<string, string>][] = [
    ["بيت للبيع بجرمانا", { estate_type_id: "1", estate_offer_type_id: "1", place: "Rif Dimashq/Jaramana", q: "" }],
    ["وبالمزة", { place: "Damascus/Mezzeh", q: "" }],
    ["لحمص", { place: "Homs", q: "" }],
    ["فبحلب", { place: "Aleppo", q: "" }],
    ["باللاذقية", { place: "Latakia", q: "" }],
    ["كشقة", { estate_type_id: "6", q: "" }],
    ["بفيلا بمسبح", { estate_type_id: "5", swimming_pool: "1", q: "" }],
    ["لايجار", { estate_offer_type_id: "2", q: "" }],
    // With its article after the preposition, the place as written: the quarter المزرعة, not the farm type.
    ["شقة بالمزرعة دمشق", { estate_type_id: "6", place: "Damascus/Al-Mazraa", q: "" }],
    ["بالروضة", { place: "Damascus/Al-Rawda", q: "" }],
    // The colloquial عال (على ال).
    ["فيلا عالشام", { estate_type_id: "5", place: "Damascus", q: "" }],
  ];
  for (const [q, expected] of cases) it(`${q}`, () => expect(read(q)).toEqual(expected));

  it("never cuts a word the tables hold whole: بيت، فيلا، فلل، بلودان، كفرسوسة، ببيلا، بانياس", () => {
    expect(read("بيت")).toEqual({ estate_type_id: "1", q: "" });
    expect(read("فيلا")).toEqual({ estate_type_id: "5", q: "" });
    expect(read("فلل")).toEqual({ estate_type_id: "5", q: "" });
    expect(read("بلودان")).toEqual({ place: "Rif Dimashq/Bloudan", q: "" });
    expect(read("كفرسوسة")).toEqual({ place: "Damascus/Kafr Souseh", q: "" });
    expect(read("ببيلا")).toEqual({ place: "Rif Dimashq/Babbila", q: "" });
    expect(read("بانياس")).toEqual({ place: "Tartus/Baniyas", q: "" });
  });

  it("the protected words stay words, though their rest is a place", () => {
    for (const word of PROTECTED_WORDS) {
      expect(cliticForms(word), word).toEqual([]);
      expect(read(word).q, word).toBe(word);
    }
    // Without the table, each would be cut into a place: ورقة into الرقة.
    expect(read("ورقة طابو")).toEqual({ ownership_type_id: "1", q: "ورقة" });
    expect(read("وبالرقة")).toEqual({ place: "Raqqa", q: "" });
    expect(read("كباب")).toEqual({ q: "كباب" });
    expect(read("بالباب")).toEqual({ place: "Aleppo/Al-Bab", q: "" });
  });

  it("cuts only what leaves three letters, or two after the article", () => {
    expect(cliticForms(wordKey("بحر"))).toEqual([]);
    expect(cliticForms(wordKey("بحلب"))).toEqual(["حلب"]);
    expect(cliticForms(wordKey("وبحلب"))).toEqual(["بحلب", "حلب"]);
    expect(cliticForms(wordKey("بالمزة"))).toEqual(["المزه"]);
    expect(cliticForms(wordKey("للبيع"))).toEqual(["البيع", "لبيع"]);
    expect(cliticForms(wordKey("المزة"))).toEqual([]);
    expect(cliticForms("flat")).toEqual([]);
  });
});

describe("places as phrases", () => {
  const cases: [string, Record<string, string>][] = [
    ["شقة بحلب الجديدة", { estate_type_id: "6", place: "Aleppo/New Aleppo", q: "" }],
    ["flat in new aleppo", { estate_type_id: "6", place: "Aleppo/New Aleppo", q: "" }],
    ["halab al-jadida", { place: "Aleppo/New Aleppo", q: "" }],
    ["الجديدة", { place: "Aleppo/Al-Jdeideh", q: "" }],
    ["مشروع دمر", { place: "Damascus/Dummar Project", q: "" }],
    ["Mashrou Dummar", { place: "Damascus/Dummar Project", q: "" }],
    ["دمر", { place: "Damascus/Dummar", q: "" }],
    ["بضاحية قدسيا", { place: "Rif Dimashq/Dahiyat Qudsaya", q: "" }],
    ["قدسيا", { place: "Rif Dimashq/Qudsaya", q: "" }],
    ["بباب توما", { place: "Damascus/Bab Touma", q: "" }],
    ["Bab Tuma", { place: "Damascus/Bab Touma", q: "" }],
    ["فيلات المزة الغربية", { place: "Damascus/Mezzeh Western Villas", q: "" }],
    ["Kafarsouseh", { place: "Damascus/Kafr Souseh", q: "" }],
    ["Tadmur", { place: "Homs/Palmyra (Tadmur)", q: "" }],
    ["Hims", { place: "Homs", q: "" }],
    // An old city is Old Tartus only where Tartus is named.
    ["Old City Tartus", { place: "Tartus/Old Tartus", q: "" }],
    ["Old City", { q: "Old City" }],
  ];
  for (const [q, expected] of cases) it(`${q}`, () => expect(read(q)).toEqual(expected));

  it("a place name is never cut into a stem: حلبون is not حلب, الكفرون not الكفر", () => {
    expect(read("حلبون")).toEqual({ q: "حلبون" });
    expect(read("الكفرون")).toEqual({ place: "Tartus/Al-Kafroun", q: "" });
    expect(read("الكفر")).toEqual({ place: "As-Suwayda/Al-Kafr", q: "" });
  });

  it("a place named by an everyday word is the place only with its article", () => {
    expect(read("شقة جديدة")).toEqual({ estate_type_id: "6", q: "جديدة" });
    expect(read("روضة")).toEqual({ q: "روضة" });
    expect(read("الروضة")).toEqual({ place: "Damascus/Al-Rawda", q: "" });
    expect(read("اربعين")).toEqual({ q: "اربعين" });
  });
});

describe("the facts people ask for name their filters (decision 093)", () => {
  const cases: [string, Record<string, string>][] = [
    ["طاقة شمسية", { solar: "1", q: "" }],
    ["شقة مع ألواح", { estate_type_id: "6", solar: "1", q: "" }],
    ["شقة بالطاقة الشمسية بالمزة", { estate_type_id: "6", solar: "1", place: "Damascus/Mezzeh", q: "" }],
    ["أمبيرات", { generator: "1", q: "" }],
    ["شقة مصعد", { estate_type_id: "6", elevator: "1", q: "" }],
    ["flat with solar and elevator", { estate_type_id: "6", solar: "1", elevator: "1", q: "" }],
    ["generator parking", { generator: "1", parking: "1", q: "" }],
    // After a negation the word is no filter: those filters only ask for a yes.
    ["بدون مصعد", { q: "بدون مصعد" }],
  ];
  for (const [q, expected] of cases) it(`${q}`, () => expect(read(q)).toEqual(expected));
});

describe("amounts with their units", () => {
  const cases: [string, Record<string, string>][] = [
    ["شقة 150 متر", { estate_type_id: "6", area_min: "135", area_max: "165", q: "" }],
    ["شقة ١٥٠ م٢", { estate_type_id: "6", area_min: "135", area_max: "165", q: "" }],
    ["flat 90 sqm", { estate_type_id: "6", area_min: "81", area_max: "99", q: "" }],
    ["ارض 500 m2", { estate_type_id: "3", area_min: "450", area_max: "550", q: "" }],
    ["شقة فوق 200 متر", { estate_type_id: "6", area_min: "200", q: "" }],
    ["بين 100 و 150 متر", { area_min: "100", area_max: "150", q: "" }],
    ["شقة بسعر 50 الف دولار", { estate_type_id: "6", price_min: "40000", price_max: "60000", currency: "USD", q: "" }],
    ["شقة بسعر ٥٠ ألف $", { estate_type_id: "6", price_min: "40000", price_max: "60000", currency: "USD", q: "" }],
    ["villa under $300k", { estate_type_id: "5", price_max: "300000", currency: "USD", q: "" }],
    ["بيت تحت 100 الف", { estate_type_id: "1", price_max: "100000", currency: "USD", q: "" }],
    ["فيلا أكثر من 2 مليون دولار", { estate_type_id: "5", price_min: "2000000", currency: "USD", q: "" }],
    ["شقة فوق 20 مليون ليرة", { estate_type_id: "6", price_min: "20000000", currency: "SYP", q: "" }],
    ["شقة 50,000,000 ل.س", { estate_type_id: "6", price_min: "40000000", price_max: "60000000", currency: "SYP", q: "" }],
    ["flat between 40k and 60k usd", { estate_type_id: "6", price_min: "40000", price_max: "60000", currency: "USD", q: "" }],
    // Without a currency: dollars below a million for a sale, pounds from there; for a rent the line is 10,000.
    ["شقة بـ 25 مليون", { estate_type_id: "6", price_min: "20000000", price_max: "30000000", currency: "SYP", q: "" }],
    ["شقة للإيجار تحت 300", { estate_type_id: "6", estate_offer_type_id: "2", price_max: "300", currency: "USD", q: "" }],
    ["شقة للإيجار تحت 50 الف", { estate_type_id: "6", estate_offer_type_id: "2", price_max: "50000", currency: "SYP", q: "" }],
    // All three at once, rooms in any script and as one word.
    [
      "شقة ٣ غرف 120 متر بسعر 60 الف دولار",
      {
        estate_type_id: "6",
        rooms_min: "3",
        area_min: "108",
        area_max: "132",
        price_min: "48000",
        price_max: "72000",
        currency: "USD",
        q: "",
      },
    ],
    ["3BR apartment", { rooms_min: "3", estate_type_id: "6", q: "" }],
    ["شقة ٣غرف ١٥٠م", { estate_type_id: "6", rooms_min: "3", area_min: "135", area_max: "165", q: "" }],
    ["شقة 2 نوم", { estate_type_id: "6", rooms_min: "2", q: "" }],
    // A dunam is 1,000 m²: the filter's area is in m² whatever the unit typed.
    ["ارض 5 دونم", { estate_type_id: "3", area_min: "4500", area_max: "5500", q: "" }],
    ["أرض فوق ٣ دونمات", { estate_type_id: "3", area_min: "3000", q: "" }],
    ["land between 2 and 6 dunams", { estate_type_id: "3", area_min: "2000", area_max: "6000", q: "" }],
    ["مزرعة 1.5 دونم", { estate_type_id: "2", area_min: "1350", area_max: "1650", q: "" }],
  ];
  for (const [q, expected] of cases) it(`${q}`, () => expect(read(q)).toEqual(expected));

  it("a number without a unit, currency or price word stays a word; so does a second area", () => {
    expect(read("شقة 150")).toEqual({ estate_type_id: "6", q: "150" });
    expect(read("150m")).toEqual({ q: "150m" });
    expect(read("flat for 2 people")).toEqual({ estate_type_id: "6", q: "2 people" });
    expect(read("100 متر 200 متر")).toEqual({ area_min: "90", area_max: "110", q: "200 متر" });
  });
});

describe("colloquial and trade words", () => {
  const cases: [string, Record<string, string>][] = [
    ["شقة مكسية", { estate_type_id: "6", estate_finishing: "3", q: "" }],
    ["شقة عالعظم", { estate_type_id: "6", estate_finishing: "6", q: "" }],
    ["على العظم", { estate_finishing: "6", q: "" }],
    ["بناء هيكل", { estate_finishing: "1", q: "بناء" }],
    ["شقة سوبر ديلوكس", { estate_type_id: "6", estate_finishing: "4", q: "" }],
    ["ديلوكس", { estate_finishing: "4", q: "" }],
    ["super deluxe flat", { estate_finishing: "4", estate_type_id: "6", q: "" }],
    ["غير مكسية", { q: "غير مكسية" }],
    ["بيت عربي", { estate_type_id: "1", q: "" }],
    ["محضر", { estate_type_id: "3", q: "" }],
    ["ارض زراعية", { estate_type_id: "3", q: "" }],
    ["farmland", { estate_type_id: "3", q: "" }],
    ["استوديو", { estate_type_id: "6", area_max: "60", q: "" }],
    ["studio 40 m2", { estate_type_id: "6", area_min: "36", area_max: "44", q: "" }],
    ["شقة للإيجار شهري", { estate_type_id: "6", estate_offer_type_id: "2", period_type_id: "3", q: "" }],
    ["yearly rent", { period_type_id: "5", estate_offer_type_id: "2", q: "" }],
    ["شاليه يومي", { estate_type_id: "8", period_type_id: "1", estate_offer_type_id: "2", q: "" }],
    ["شقة للبيع شهري", { estate_type_id: "6", estate_offer_type_id: "1", q: "شهري" }],
  ];
  for (const [q, expected] of cases) it(`${q}`, () => expect(read(q)).toEqual(expected));

  it("the page the words ask for: for rent the long-term rents, a holiday or a night the holiday lets", () => {
    const scope = (q: string) => filterWordsOf(q, {}, lookups, { offer: true }).scope;
    expect(scope("apartment for rent in latakia")).toBe("rent");
    expect(scope("شقة للإيجار سنوي")).toBe("rent");
    expect(scope("شاليه للإيجار يومي")).toBe("vacation");
    expect(scope("apartment for rent for a holiday")).toBe("vacation");
    expect(scope("شقة للبيع")).toBeUndefined();
    // A holiday and a yearly period contradict: the second stays text.
    expect(filterWordsOf("holiday yearly", {}, lookups, { offer: true })).toMatchObject({ scope: "vacation", q: "yearly" });
  });
});

describe("the nearest searches to words that name nothing", () => {
  it("a word a letter away from a known place or type is offered replaced, the other words kept", () => {
    expect(nearestQueries("بيت جرمنا", lookups)).toContain("بيت جرمانا");
    expect(nearestQueries("villa jaramna", lookups)).toContain("villa Jaramana");
    expect(nearestQueries("شقة مفرشة", lookups)).toContain("شقة مفروشة");
  });

  it("nothing for words far from every known name, nor for stop words and short words", () => {
    expect(nearestQueries("زمردية", lookups)).toEqual([]);
    expect(nearestQueries("في من", lookups)).toEqual([]);
    expect(nearestQueries("xy", lookups)).toEqual([]);
  });
});
