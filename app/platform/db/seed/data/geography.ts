/** Demo geography of Syria for the seed: governorates with their real cities and neighbourhoods. */
/**
 * `geonames_id`: the GeoNames feature (geonames.org/<id>) the place is, where one was matched by name and checked by
 * eye; the gazetteer's record of that feature gives the place its point (scripts/gazetteer.ts, decision 094).
 */
export type SeedLocation = { name_ar: string; name_en: string; /** price multiplier relative to the governorate, 0.5..1.8 */ price_factor: number; geonames_id?: number };
/** `seat_geonames_id`: the GeoNames feature of the governorate's seat (its capital city), whose point it takes. */
export type SeedGovernorate = { name_ar: string; name_en: string; /** price level relative to Damascus = 1.0 */ price_factor: number; seat_geonames_id?: number; locations: SeedLocation[] };
export const governorates: SeedGovernorate[] = [
  {
    name_ar: "دمشق",
    name_en: "Damascus",
    seat_geonames_id: 170654,
    price_factor: 1.0,
    locations: [
      { name_ar: "المزة", name_en: "Mezzeh", price_factor: 1.3 },
      { name_ar: "فيلات المزة الغربية", name_en: "Mezzeh Western Villas", price_factor: 1.7 },
      { name_ar: "المزة 86", name_en: "Mezzeh 86", price_factor: 0.6 },
      { name_ar: "المالكي", name_en: "Malki", price_factor: 1.8 },
      { name_ar: "أبو رمانة", name_en: "Abu Rummaneh", price_factor: 1.8 },
      { name_ar: "الروضة", name_en: "Al-Rawda", price_factor: 1.6 },
      { name_ar: "كفرسوسة", name_en: "Kafr Souseh", price_factor: 1.5 },
      { name_ar: "المهاجرين", name_en: "Al-Muhajireen", price_factor: 1.1 },
      { name_ar: "باب توما", name_en: "Bab Touma", price_factor: 1.0 },
      { name_ar: "باب شرقي", name_en: "Bab Sharqi", price_factor: 1.0 },
      { name_ar: "القيمرية", name_en: "Al-Qaymariyya", price_factor: 1.0 },
      { name_ar: "الشعلان", name_en: "Al-Shaalan", price_factor: 1.4 },
      { name_ar: "الصالحية", name_en: "Al-Salihiyah", price_factor: 1.1 },
      { name_ar: "ساروجة", name_en: "Sarouja", price_factor: 0.95 },
      { name_ar: "الجسر الأبيض", name_en: "Al-Jisr al-Abyad", price_factor: 1.3 },
      { name_ar: "ركن الدين", name_en: "Rukn al-Din", price_factor: 0.8 },
      { name_ar: "البرامكة", name_en: "Al-Baramkeh", price_factor: 1.1 },
      { name_ar: "القصاع", name_en: "Al-Qassaa", price_factor: 1.1 },
      { name_ar: "العدوي", name_en: "Al-Adawi", price_factor: 1.0 },
      { name_ar: "التجارة", name_en: "Al-Tijara", price_factor: 0.95 },
      { name_ar: "المزرعة", name_en: "Al-Mazraa", price_factor: 1.1 },
      { name_ar: "العباسيين", name_en: "Al-Abbasiyyin", price_factor: 0.9 },
      { name_ar: "الميدان", name_en: "Al-Midan", price_factor: 0.9 },
      { name_ar: "الشاغور", name_en: "Al-Shaghour", price_factor: 0.85 },
      { name_ar: "الزاهرة", name_en: "Al-Zahira", price_factor: 0.8 },
      { name_ar: "دمر", name_en: "Dummar", price_factor: 0.9 },
      { name_ar: "مشروع دمر", name_en: "Dummar Project", price_factor: 1.3 },
      { name_ar: "الربوة", name_en: "Al-Rabweh", price_factor: 1.0 },
      { name_ar: "برزة", name_en: "Barzeh", price_factor: 0.75 },
      { name_ar: "القدم", name_en: "Al-Qadam", price_factor: 0.6 },
      { name_ar: "القابون", name_en: "Al-Qaboun", price_factor: 0.55 },
      { name_ar: "جوبر", name_en: "Jobar", price_factor: 0.5 },
    ],
  },
  {
    name_ar: "ريف دمشق",
    name_en: "Rif Dimashq",
    seat_geonames_id: 170652,
    price_factor: 0.55,
    locations: [
      { name_ar: "جرمانا", name_en: "Jaramana", price_factor: 0.9, geonames_id: 169174 },
      { name_ar: "صحنايا", name_en: "Sahnaya", price_factor: 0.95, geonames_id: 164994 },
      { name_ar: "أشرفية صحنايا", name_en: "Ashrafiyat Sahnaya", price_factor: 0.9 },
      { name_ar: "قدسيا", name_en: "Qudsaya", price_factor: 0.9, geonames_id: 166251 },
      { name_ar: "ضاحية قدسيا", name_en: "Dahiyat Qudsaya", price_factor: 1.1 },
      { name_ar: "عش الورور", name_en: "Esh al-Warwar", price_factor: 0.6 },
      { name_ar: "يعفور", name_en: "Yafour", price_factor: 1.8 },
      { name_ar: "الصبورة", name_en: "Al-Sabboura", price_factor: 1.0 },
      { name_ar: "الديماس", name_en: "Al-Dimas", price_factor: 0.8, geonames_id: 174239 },
      { name_ar: "الزبداني", name_en: "Zabadani", price_factor: 1.3, geonames_id: 172059 },
      { name_ar: "بلودان", name_en: "Bloudan", price_factor: 1.6 },
      { name_ar: "مضايا", name_en: "Madaya", price_factor: 1.0, geonames_id: 167558 },
      { name_ar: "بقين", name_en: "Buqqain", price_factor: 1.2 },
      { name_ar: "عين الفيجة", name_en: "Ain al-Fijeh", price_factor: 0.9, geonames_id: 172232 },
      { name_ar: "التل", name_en: "Al-Tall", price_factor: 0.75, geonames_id: 172349 },
      { name_ar: "صيدنايا", name_en: "Saydnaya", price_factor: 0.9, geonames_id: 164717 },
      { name_ar: "معلولا", name_en: "Maaloula", price_factor: 0.85, geonames_id: 167375 },
      { name_ar: "يبرود", name_en: "Yabroud", price_factor: 0.8, geonames_id: 162627 },
      { name_ar: "النبك", name_en: "Al-Nabk", price_factor: 0.7, geonames_id: 173193 },
      { name_ar: "دير عطية", name_en: "Deir Atiyah", price_factor: 0.8, geonames_id: 170797 },
      { name_ar: "القطيفة", name_en: "Al-Qutayfah", price_factor: 0.6, geonames_id: 173312 },
      { name_ar: "دوما", name_en: "Douma", price_factor: 0.6, geonames_id: 170592 },
      { name_ar: "حرستا", name_en: "Harasta", price_factor: 0.6, geonames_id: 169897 },
      { name_ar: "عربين", name_en: "Arbin", price_factor: 0.55, geonames_id: 169372 },
      { name_ar: "ضمير", name_en: "Dumayr", price_factor: 0.5, geonames_id: 170589 },
      { name_ar: "داريا", name_en: "Darayya", price_factor: 0.65, geonames_id: 170892 },
      { name_ar: "معضمية الشام", name_en: "Muadamiyat al-Sham", price_factor: 0.6 },
      { name_ar: "جديدة عرطوز", name_en: "Jdeidet Artouz", price_factor: 0.75 },
      { name_ar: "قطنا", name_en: "Qatana", price_factor: 0.75, geonames_id: 165929 },
      { name_ar: "الكسوة", name_en: "Al-Kiswah", price_factor: 0.6, geonames_id: 173598 },
      { name_ar: "السيدة زينب", name_en: "Sayyida Zaynab", price_factor: 0.6 },
      { name_ar: "ببيلا", name_en: "Babbila", price_factor: 0.55, geonames_id: 171998 },
    ],
  },
  {
    name_ar: "حلب",
    name_en: "Aleppo",
    seat_geonames_id: 170063,
    price_factor: 0.6,
    locations: [
      { name_ar: "المحافظة", name_en: "Al-Muhafaza", price_factor: 1.6 },
      { name_ar: "الشهباء", name_en: "Al-Shahba", price_factor: 1.6 },
      { name_ar: "الفرقان", name_en: "Al-Furqan", price_factor: 1.3 },
      { name_ar: "حلب الجديدة", name_en: "New Aleppo", price_factor: 1.4 },
      { name_ar: "الموكامبو", name_en: "Mocambo", price_factor: 1.4 },
      { name_ar: "السبيل", name_en: "Al-Sabil", price_factor: 1.3 },
      { name_ar: "العزيزية", name_en: "Al-Aziziyah", price_factor: 1.3 },
      { name_ar: "الجميلية", name_en: "Al-Jamiliyah", price_factor: 1.2 },
      { name_ar: "الإذاعة", name_en: "Al-Idhaa", price_factor: 1.2 },
      { name_ar: "السليمانية", name_en: "Al-Sulaymaniyah", price_factor: 1.1 },
      { name_ar: "الجديدة", name_en: "Al-Jdeideh", price_factor: 1.0 },
      { name_ar: "الحمدانية", name_en: "Al-Hamdaniyah", price_factor: 1.0 },
      { name_ar: "الميدان", name_en: "Al-Midan", price_factor: 0.9 },
      { name_ar: "باب الفرج", name_en: "Bab al-Faraj", price_factor: 0.9 },
      { name_ar: "سيف الدولة", name_en: "Saif al-Dawla", price_factor: 0.9 },
      { name_ar: "صلاح الدين", name_en: "Salah al-Din", price_factor: 0.8 },
      { name_ar: "الأنصاري", name_en: "Al-Ansari", price_factor: 0.7 },
      { name_ar: "الشيخ مقصود", name_en: "Sheikh Maqsoud", price_factor: 0.6 },
      { name_ar: "منبج", name_en: "Manbij", price_factor: 0.7, geonames_id: 167357 },
      { name_ar: "عفرين", name_en: "Afrin", price_factor: 0.7, geonames_id: 174186 },
      { name_ar: "إعزاز", name_en: "Azaz", price_factor: 0.65, geonames_id: 172082 },
      { name_ar: "الباب", name_en: "Al-Bab", price_factor: 0.65, geonames_id: 174018 },
      { name_ar: "جرابلس", name_en: "Jarabulus", price_factor: 0.6, geonames_id: 169179 },
      { name_ar: "عين العرب", name_en: "Ain al-Arab (Kobani)", price_factor: 0.6, geonames_id: 172256 },
      { name_ar: "تل رفعت", name_en: "Tal Rifaat", price_factor: 0.55, geonames_id: 163476 },
      { name_ar: "السفيرة", name_en: "Al-Safira", price_factor: 0.55, geonames_id: 172503 },
      { name_ar: "دير حافر", name_en: "Deir Hafer", price_factor: 0.5, geonames_id: 170785 },
    ],
  },
  {
    name_ar: "حمص",
    name_en: "Homs",
    seat_geonames_id: 169577,
    price_factor: 0.5,
    locations: [
      { name_ar: "الإنشاءات", name_en: "Al-Inshaat", price_factor: 1.5 },
      { name_ar: "الحمراء", name_en: "Al-Hamra", price_factor: 1.5 },
      { name_ar: "الغوطة", name_en: "Al-Ghouta", price_factor: 1.4 },
      { name_ar: "الوعر", name_en: "Al-Waer", price_factor: 1.1 },
      { name_ar: "النزهة", name_en: "Al-Nuzha", price_factor: 1.0 },
      { name_ar: "عكرمة", name_en: "Akrama", price_factor: 0.9 },
      { name_ar: "الزهراء", name_en: "Al-Zahraa", price_factor: 0.9 },
      { name_ar: "الحميدية", name_en: "Al-Hamidiyah", price_factor: 0.9 },
      { name_ar: "كرم الشامي", name_en: "Karm al-Shami", price_factor: 0.9 },
      { name_ar: "الخالدية", name_en: "Al-Khalidiyah", price_factor: 0.7 },
      { name_ar: "باب السباع", name_en: "Bab al-Sibaa", price_factor: 0.7 },
      { name_ar: "بابا عمرو", name_en: "Baba Amr", price_factor: 0.55 },
      { name_ar: "مرمريتا", name_en: "Marmarita", price_factor: 1.3 },
      { name_ar: "تلكلخ", name_en: "Talkalakh", price_factor: 0.6, geonames_id: 163533 },
      { name_ar: "القصير", name_en: "Al-Qusayr", price_factor: 0.55, geonames_id: 173322 },
      { name_ar: "الرستن", name_en: "Al-Rastan", price_factor: 0.55, geonames_id: 172946 },
      { name_ar: "تلبيسة", name_en: "Talbiseh", price_factor: 0.5, geonames_id: 163779 },
      { name_ar: "المخرم", name_en: "Al-Mukharram", price_factor: 0.5, geonames_id: 166719 },
      { name_ar: "القريتين", name_en: "Al-Qaryatayn", price_factor: 0.5, geonames_id: 173361 },
      { name_ar: "حسياء", name_en: "Hisyah", price_factor: 0.5, geonames_id: 169557 },
      { name_ar: "تدمر", name_en: "Palmyra (Tadmur)", price_factor: 0.5, geonames_id: 163808 },
    ],
  },
  {
    name_ar: "حماة",
    name_en: "Hama",
    seat_geonames_id: 170017,
    price_factor: 0.45,
    locations: [
      { name_ar: "الشريعة", name_en: "Al-Sharia", price_factor: 1.3 },
      { name_ar: "القصور", name_en: "Al-Qusour", price_factor: 1.2 },
      { name_ar: "جنوب الملعب", name_en: "South of the Stadium", price_factor: 1.1 },
      { name_ar: "الحاضر", name_en: "Al-Hader", price_factor: 0.9 },
      { name_ar: "باب قبلي", name_en: "Bab Qibli", price_factor: 0.9 },
      { name_ar: "الأربعين", name_en: "Al-Arbaeen", price_factor: 0.8 },
      { name_ar: "طريق حلب", name_en: "Tariq Halab", price_factor: 0.8 },
      { name_ar: "مصياف", name_en: "Masyaf", price_factor: 0.9, geonames_id: 167046 },
      { name_ar: "وادي العيون", name_en: "Wadi al-Uyun", price_factor: 0.8, geonames_id: 162706 },
      { name_ar: "السلمية", name_en: "Salamiyah", price_factor: 0.8, geonames_id: 164947 },
      { name_ar: "محردة", name_en: "Mhardeh", price_factor: 0.8, geonames_id: 166742 },
      { name_ar: "السقيلبية", name_en: "Al-Suqaylabiyah", price_factor: 0.8, geonames_id: 163921 },
      { name_ar: "صوران", name_en: "Souran", price_factor: 0.6, geonames_id: 163915 },
      { name_ar: "طيبة الإمام", name_en: "Tayyibat al-Imam", price_factor: 0.55, geonames_id: 163270 },
      { name_ar: "قمحانة", name_en: "Qamhana", price_factor: 0.55 },
      { name_ar: "حلفايا", name_en: "Halfaya", price_factor: 0.55, geonames_id: 170044 },
      { name_ar: "كفرزيتا", name_en: "Kafr Zita", price_factor: 0.5, geonames_id: 168620 },
      { name_ar: "مورك", name_en: "Morek", price_factor: 0.5, geonames_id: 166640 },
    ],
  },
  {
    name_ar: "اللاذقية",
    name_en: "Latakia",
    seat_geonames_id: 173576,
    price_factor: 0.7,
    locations: [
      { name_ar: "الشاطئ الأزرق", name_en: "Blue Beach", price_factor: 1.8 },
      { name_ar: "الكورنيش الجنوبي", name_en: "Southern Corniche", price_factor: 1.3 },
      { name_ar: "الأمريكان", name_en: "Al-Amrikan", price_factor: 1.3 },
      { name_ar: "الزراعة", name_en: "Al-Ziraa", price_factor: 1.2 },
      { name_ar: "الشيخ ضاهر", name_en: "Al-Sheikh Daher", price_factor: 1.1 },
      { name_ar: "المشروع العاشر", name_en: "Al-Mashrou al-Asher (Project 10)", price_factor: 1.0 },
      { name_ar: "المشروع السابع", name_en: "Al-Mashrou al-Sabe (Project 7)", price_factor: 0.9 },
      { name_ar: "دمسرخو", name_en: "Damsarkho", price_factor: 0.9 },
      { name_ar: "الصليبة", name_en: "Al-Sulaybah", price_factor: 0.9 },
      { name_ar: "الرمل الشمالي", name_en: "Al-Raml al-Shamali", price_factor: 0.65 },
      { name_ar: "الرمل الجنوبي", name_en: "Al-Raml al-Janoubi", price_factor: 0.6 },
      { name_ar: "جبلة", name_en: "Jableh", price_factor: 0.8, geonames_id: 169304 },
      { name_ar: "القرداحة", name_en: "Qardaha", price_factor: 0.7, geonames_id: 173364 },
      { name_ar: "الحفة", name_en: "Al-Haffah", price_factor: 0.7, geonames_id: 173856 },
      { name_ar: "صلنفة", name_en: "Slunfeh", price_factor: 1.5, geonames_id: 164052 },
      { name_ar: "كسب", name_en: "Kassab", price_factor: 1.4, geonames_id: 168519 },
      { name_ar: "رأس البسيط", name_en: "Ras al-Basit", price_factor: 1.5 },
      { name_ar: "مشقيتا", name_en: "Mashqita", price_factor: 0.9 },
    ],
  },
  {
    name_ar: "طرطوس",
    name_en: "Tartus",
    seat_geonames_id: 163345,
    price_factor: 0.65,
    locations: [
      { name_ar: "كورنيش طرطوس", name_en: "Tartus Corniche", price_factor: 1.5 },
      { name_ar: "طرطوس القديمة", name_en: "Old Tartus", price_factor: 1.1 },
      { name_ar: "الرمال الذهبية", name_en: "Golden Sands", price_factor: 1.6 },
      { name_ar: "أرواد", name_en: "Arwad", price_factor: 1.2, geonames_id: 172880 },
      { name_ar: "عمريت", name_en: "Amrit", price_factor: 1.2 },
      { name_ar: "مشتى الحلو", name_en: "Mashta al-Helu", price_factor: 1.6, geonames_id: 167100 },
      { name_ar: "الكفرون", name_en: "Al-Kafroun", price_factor: 1.4 },
      { name_ar: "صافيتا", name_en: "Safita", price_factor: 0.9, geonames_id: 165060 },
      { name_ar: "الدريكيش", name_en: "Al-Dreikish", price_factor: 0.9, geonames_id: 170572 },
      { name_ar: "بانياس", name_en: "Baniyas", price_factor: 0.8, geonames_id: 171830 },
      { name_ar: "الشيخ بدر", name_en: "Al-Sheikh Badr", price_factor: 0.7, geonames_id: 172743 },
      { name_ar: "القدموس", name_en: "Al-Qadmus", price_factor: 0.7, geonames_id: 173389 },
      { name_ar: "يحمور", name_en: "Yahmour", price_factor: 0.7 },
      { name_ar: "حصين البحر", name_en: "Husayn al-Bahr", price_factor: 0.7 },
      { name_ar: "الحميدية", name_en: "Al-Hamidiyah", price_factor: 0.6, geonames_id: 173842 },
      { name_ar: "الصفصافة", name_en: "Al-Safsafah", price_factor: 0.6, geonames_id: 172497 },
    ],
  },
  {
    name_ar: "إدلب",
    name_en: "Idlib",
    seat_geonames_id: 169389,
    price_factor: 0.3,
    locations: [
      { name_ar: "مدينة إدلب", name_en: "Idlib City", price_factor: 1.2, geonames_id: 169389 },
      { name_ar: "سرمدا", name_en: "Sarmada", price_factor: 1.1 },
      { name_ar: "الدانا", name_en: "Al-Dana", price_factor: 1.0, geonames_id: 174259 },
      { name_ar: "أريحا", name_en: "Ariha", price_factor: 0.9, geonames_id: 172994 },
      { name_ar: "معرة النعمان", name_en: "Maarat al-Numan", price_factor: 0.8, geonames_id: 167611 },
      { name_ar: "سراقب", name_en: "Saraqib", price_factor: 0.8, geonames_id: 164816 },
      { name_ar: "جسر الشغور", name_en: "Jisr al-Shughur", price_factor: 0.8, geonames_id: 169023 },
      { name_ar: "حارم", name_en: "Harem", price_factor: 0.8, geonames_id: 169866 },
      { name_ar: "سلقين", name_en: "Salqin", price_factor: 0.8, geonames_id: 164898 },
      { name_ar: "معرة مصرين", name_en: "Maarrat Misrin", price_factor: 0.8, geonames_id: 167605 },
      { name_ar: "بنش", name_en: "Binnish", price_factor: 0.75, geonames_id: 171451 },
      { name_ar: "خان شيخون", name_en: "Khan Shaykhun", price_factor: 0.7, geonames_id: 168325 },
      { name_ar: "كفرنبل", name_en: "Kafr Nabl", price_factor: 0.6, geonames_id: 168661 },
    ],
  },
  {
    name_ar: "درعا",
    name_en: "Daraa",
    seat_geonames_id: 170905,
    price_factor: 0.35,
    locations: [
      { name_ar: "درعا المحطة", name_en: "Daraa al-Mahatta", price_factor: 1.2 },
      { name_ar: "درعا البلد", name_en: "Daraa al-Balad", price_factor: 0.8 },
      { name_ar: "بصرى الشام", name_en: "Busra al-Sham", price_factor: 1.0, geonames_id: 171126 },
      { name_ar: "إزرع", name_en: "Izra", price_factor: 0.9, geonames_id: 169341 },
      { name_ar: "الصنمين", name_en: "Al-Sanamayn", price_factor: 0.9, geonames_id: 172469 },
      { name_ar: "نوى", name_en: "Nawa", price_factor: 0.9, geonames_id: 166365 },
      { name_ar: "طفس", name_en: "Tafas", price_factor: 0.8, geonames_id: 163806 },
      { name_ar: "جاسم", name_en: "Jasim", price_factor: 0.8, geonames_id: 165997 },
      { name_ar: "الشيخ مسكين", name_en: "Al-Sheikh Maskin", price_factor: 0.8, geonames_id: 164328 },
      { name_ar: "داعل", name_en: "Dael", price_factor: 0.8, geonames_id: 170959 },
      { name_ar: "المزيريب", name_en: "Al-Muzayrib", price_factor: 0.8, geonames_id: 166503 },
      { name_ar: "إنخل", name_en: "Inkhil", price_factor: 0.8, geonames_id: 169375 },
    ],
  },
  {
    name_ar: "السويداء",
    name_en: "As-Suwayda",
    seat_geonames_id: 172408,
    price_factor: 0.4,
    locations: [
      { name_ar: "مدينة السويداء", name_en: "As-Suwayda City", price_factor: 1.3, geonames_id: 172408 },
      { name_ar: "ظهر الجبل", name_en: "Dhahr al-Jabal", price_factor: 1.1 },
      { name_ar: "شهبا", name_en: "Shahba", price_factor: 1.0, geonames_id: 164626 },
      { name_ar: "قنوات", name_en: "Qanawat", price_factor: 1.0 },
      { name_ar: "صلخد", name_en: "Salkhad", price_factor: 0.8, geonames_id: 164917 },
      { name_ar: "القريا", name_en: "Al-Qrayya", price_factor: 0.8, geonames_id: 173331 },
      { name_ar: "المزرعة", name_en: "Al-Mazraa", price_factor: 0.8, geonames_id: 172441 },
      { name_ar: "الكفر", name_en: "Al-Kafr", price_factor: 0.8 },
      { name_ar: "عريقة", name_en: "Ariqa", price_factor: 0.7, geonames_id: 5174 },
      { name_ar: "شقا", name_en: "Shaqqa", price_factor: 0.7, geonames_id: 164479 },
    ],
  },
  {
    name_ar: "القنيطرة",
    name_en: "Quneitra",
    seat_geonames_id: 173334,
    price_factor: 0.3,
    locations: [
      { name_ar: "خان أرنبة", name_en: "Khan Arnabah", price_factor: 1.2, geonames_id: 168355 },
      { name_ar: "الخشنية", name_en: "Al-Khushniyah", price_factor: 0.9 },
      { name_ar: "حضر", name_en: "Hadar", price_factor: 0.9 },
      { name_ar: "جباتا الخشب", name_en: "Jubata al-Khashab", price_factor: 0.8 },
      { name_ar: "القحطانية", name_en: "Al-Qahtaniyah", price_factor: 0.8 },
      { name_ar: "نبع الصخر", name_en: "Nabe al-Sakhr", price_factor: 0.7 },
      { name_ar: "بئر عجم", name_en: "Bir Ajam", price_factor: 0.7 },
      { name_ar: "الرفيد", name_en: "Al-Rafid", price_factor: 0.7 },
    ],
  },
  {
    name_ar: "دير الزور",
    name_en: "Deir ez-Zor",
    seat_geonames_id: 170794,
    price_factor: 0.3,
    locations: [
      { name_ar: "الجورة", name_en: "Al-Joura", price_factor: 1.3 },
      { name_ar: "القصور", name_en: "Al-Qusour", price_factor: 1.3 },
      { name_ar: "الموظفين", name_en: "Al-Muwazzafin", price_factor: 1.1 },
      { name_ar: "الحميدية", name_en: "Al-Hamidiyah", price_factor: 0.8 },
      { name_ar: "الرشدية", name_en: "Al-Rushdiyah", price_factor: 0.8 },
      { name_ar: "الميادين", name_en: "Al-Mayadin", price_factor: 0.9, geonames_id: 173480 },
      { name_ar: "البوكمال", name_en: "Abu Kamal", price_factor: 0.8, geonames_id: 174448 },
      { name_ar: "العشارة", name_en: "Al-Asharah", price_factor: 0.7, geonames_id: 174036 },
      { name_ar: "البصيرة", name_en: "Al-Busayrah", price_factor: 0.7, geonames_id: 173927 },
      { name_ar: "هجين", name_en: "Hajin", price_factor: 0.6, geonames_id: 174506 },
      { name_ar: "الشحيل", name_en: "Al-Shuhayl", price_factor: 0.6 },
    ],
  },
  {
    name_ar: "الرقة",
    name_en: "Raqqa",
    seat_geonames_id: 172955,
    price_factor: 0.3,
    locations: [
      { name_ar: "الثكنة", name_en: "Al-Thakana", price_factor: 1.2 },
      { name_ar: "الرميلة", name_en: "Al-Rumaila", price_factor: 0.9 },
      { name_ar: "المشلب", name_en: "Al-Mashlab", price_factor: 0.8 },
      { name_ar: "الطبقة", name_en: "Al-Tabqa", price_factor: 1.0, geonames_id: 172374 },
      { name_ar: "تل أبيض", name_en: "Tal Abyad", price_factor: 0.8, geonames_id: 163750 },
      { name_ar: "عين عيسى", name_en: "Ain Issa", price_factor: 0.7, geonames_id: 172134 },
      { name_ar: "المنصورة", name_en: "Al-Mansurah", price_factor: 0.7, geonames_id: 8559276 },
      { name_ar: "معدان", name_en: "Maadan", price_factor: 0.6, geonames_id: 167538 },
      { name_ar: "الكرامة", name_en: "Al-Karamah", price_factor: 0.6, geonames_id: 4273 },
      { name_ar: "سلوك", name_en: "Suluk", price_factor: 0.6, geonames_id: 164895 },
    ],
  },
  {
    name_ar: "الحسكة",
    name_en: "Al-Hasakah",
    seat_geonames_id: 173811,
    price_factor: 0.35,
    locations: [
      { name_ar: "العزيزية", name_en: "Al-Aziziyah", price_factor: 1.1 },
      { name_ar: "الناصرة", name_en: "Al-Nasra", price_factor: 1.0 },
      { name_ar: "تل حجر", name_en: "Tal Hajar", price_factor: 0.8 },
      { name_ar: "غويران", name_en: "Ghuwayran", price_factor: 0.7 },
      { name_ar: "القامشلي", name_en: "Qamishli", price_factor: 1.2, geonames_id: 173377 },
      { name_ar: "المالكية", name_en: "Al-Malikiyah", price_factor: 0.9, geonames_id: 173530 },
      { name_ar: "عامودا", name_en: "Amuda", price_factor: 0.8, geonames_id: 173230 },
      { name_ar: "الدرباسية", name_en: "Al-Darbasiyah", price_factor: 0.8, geonames_id: 170887 },
      { name_ar: "رأس العين", name_en: "Ras al-Ain", price_factor: 0.8, geonames_id: 165509 },
      { name_ar: "القحطانية", name_en: "Al-Qahtaniyah", price_factor: 0.7, geonames_id: 165757 },
      { name_ar: "تل تمر", name_en: "Tal Tamr", price_factor: 0.7, geonames_id: 163434 },
      { name_ar: "الشدادي", name_en: "Al-Shaddadi", price_factor: 0.6, geonames_id: 172837 },
      { name_ar: "مركدة", name_en: "Markadah", price_factor: 0.5, geonames_id: 167208 },
    ],
  },
];

export type SeedOffice = { name_ar: string; name_en: string; /** index into governorates */ governorate: number; /** index into that governorate's locations */ location: number; /** 1 free, 2 silver, 3 bronze, 4 gold */ contract_level: 1 | 2 | 3 | 4; street_ar: string; street_en: string };
export const offices: SeedOffice[] = [
  { name_ar: "مكتب الياسمين العقاري", name_en: "Al-Yasmin Real Estate Office", governorate: 0, location: 3, contract_level: 4, street_ar: "شارع المالكي، بناء 7", street_en: "Al-Malki St., Building 7" }, // Damascus / Malki
  { name_ar: "عقارات الشام", name_en: "Al-Sham Properties", governorate: 0, location: 0, contract_level: 4, street_ar: "أوتوستراد المزة، بناء 24", street_en: "Mezzeh Autostrade, Building 24" }, // Damascus / Mezzeh
  { name_ar: "مكتب قاسيون للعقارات", name_en: "Qasioun Real Estate", governorate: 0, location: 7, contract_level: 1, street_ar: "شارع ناظم باشا، بناء 5", street_en: "Nazem Pasha St., Building 5" }, // Damascus / Al-Muhajireen
  { name_ar: "مكتب بردى العقاري", name_en: "Barada Real Estate Office", governorate: 0, location: 26, contract_level: 2, street_ar: "الجزيرة الثامنة، بناء 3", street_en: "Island 8, Building 3" }, // Damascus / Dummar Project
  { name_ar: "دار الأمانة للعقارات", name_en: "Dar Al-Amana Real Estate", governorate: 0, location: 6, contract_level: 3, street_ar: "الشارع الرئيسي، بناء 18", street_en: "Main St., Building 18" }, // Damascus / Kafr Souseh
  { name_ar: "مكتب الفيحاء العقاري", name_en: "Al-Fayhaa Real Estate Office", governorate: 0, location: 22, contract_level: 1, street_ar: "شارع الميدان، بناء 40", street_en: "Al-Midan St., Building 40" }, // Damascus / Al-Midan
  { name_ar: "مكتب الأموي للعقارات", name_en: "Al-Umawi Real Estate", governorate: 0, location: 11, contract_level: 2, street_ar: "شارع الحمرا، بناء 11", street_en: "Al-Hamra St., Building 11" }, // Damascus / Al-Shaalan
  { name_ar: "عقارات باب توما", name_en: "Bab Touma Properties", governorate: 0, location: 8, contract_level: 1, street_ar: "شارع باب توما، بناء 9", street_en: "Bab Touma St., Building 9" }, // Damascus / Bab Touma
  { name_ar: "مكتب جرمانا العقاري", name_en: "Jaramana Real Estate Office", governorate: 1, location: 0, contract_level: 3, street_ar: "شارع الروضة، بناء 14", street_en: "Al-Rawda St., Building 14" }, // Rif Dimashq / Jaramana
  { name_ar: "عقارات الغوطة", name_en: "Al-Ghouta Properties", governorate: 1, location: 21, contract_level: 1, street_ar: "الشارع العام، بناء 6", street_en: "Main Road, Building 6" }, // Rif Dimashq / Douma
  { name_ar: "مكتب بلودان للاصطياف", name_en: "Bloudan Summer Rentals", governorate: 1, location: 10, contract_level: 3, street_ar: "الشارع الرئيسي، بناء 2", street_en: "Main St., Building 2" }, // Rif Dimashq / Bloudan
  { name_ar: "مكتب الصبورة العقاري", name_en: "Al-Sabboura Real Estate Office", governorate: 1, location: 7, contract_level: 2, street_ar: "شارع المدارس، بناء 4", street_en: "Schools St., Building 4" }, // Rif Dimashq / Al-Sabboura
  { name_ar: "مكتب الوادي العقاري", name_en: "Al-Wadi Real Estate Office", governorate: 1, location: 4, contract_level: 1, street_ar: "الجزيرة الأولى، بناء 10", street_en: "Island 1, Building 10" }, // Rif Dimashq / Dahiyat Qudsaya
  { name_ar: "مكتب يعفور للفلل", name_en: "Yafour Villas Office", governorate: 1, location: 6, contract_level: 4, street_ar: "طريق بيروت القديم، فيلا 3", street_en: "Old Beirut Rd., Villa 3" }, // Rif Dimashq / Yafour
  { name_ar: "مكتب الشهباء العقاري", name_en: "Al-Shahba Real Estate Office", governorate: 2, location: 1, contract_level: 4, street_ar: "شارع الشهباء الرئيسي، بناء 15", street_en: "Al-Shahba Main St., Building 15" }, // Aleppo / Al-Shahba
  { name_ar: "عقارات القلعة", name_en: "Al-Qalaa Properties", governorate: 2, location: 6, contract_level: 2, street_ar: "شارع فيصل، بناء 21", street_en: "Faisal St., Building 21" }, // Aleppo / Al-Aziziyah
  { name_ar: "مكتب حلب الجديدة للعقارات", name_en: "New Aleppo Real Estate", governorate: 2, location: 3, contract_level: 3, street_ar: "شارع الجامعة، بناء 8", street_en: "University St., Building 8" }, // Aleppo / New Aleppo
  { name_ar: "مكتب الفرقان العقاري", name_en: "Al-Furqan Real Estate Office", governorate: 2, location: 2, contract_level: 1, street_ar: "دوار الفرقان، بناء 30", street_en: "Al-Furqan Roundabout, Building 30" }, // Aleppo / Al-Furqan
  { name_ar: "مكتب قويق العقاري", name_en: "Queiq Real Estate Office", governorate: 2, location: 5, contract_level: 1, street_ar: "شارع السبيل، بناء 12", street_en: "Al-Sabil St., Building 12" }, // Aleppo / Al-Sabil
  { name_ar: "مكتب منبج للعقارات", name_en: "Manbij Real Estate", governorate: 2, location: 18, contract_level: 1, street_ar: "شارع السوق، بناء 5", street_en: "Market St., Building 5" }, // Aleppo / Manbij
  { name_ar: "مكتب اللؤلؤة العقاري", name_en: "Al-Lulua Real Estate Office", governorate: 5, location: 0, contract_level: 4, street_ar: "طريق الشاطئ الأزرق، بناء 2", street_en: "Blue Beach Rd., Building 2" }, // Latakia / Blue Beach
  { name_ar: "عقارات عروس الساحل", name_en: "Arous al-Sahel Properties", governorate: 5, location: 3, contract_level: 3, street_ar: "شارع الزراعة، بناء 17", street_en: "Al-Ziraa St., Building 17" }, // Latakia / Al-Ziraa
  { name_ar: "مكتب المتوسط العقاري", name_en: "Mediterranean Real Estate Office", governorate: 5, location: 2, contract_level: 2, street_ar: "شارع بغداد، بناء 6", street_en: "Baghdad St., Building 6" }, // Latakia / Al-Amrikan
  { name_ar: "مكتب صلنفة للاصطياف", name_en: "Slunfeh Summer Rentals", governorate: 5, location: 14, contract_level: 1, street_ar: "الشارع العام، بناء 1", street_en: "Main Road, Building 1" }, // Latakia / Slunfeh
  { name_ar: "مكتب جبلة العقاري", name_en: "Jableh Real Estate Office", governorate: 5, location: 11, contract_level: 1, street_ar: "شارع الكورنيش، بناء 13", street_en: "Corniche St., Building 13" }, // Latakia / Jableh
  { name_ar: "مكتب الوليد العقاري", name_en: "Al-Walid Real Estate Office", governorate: 3, location: 0, contract_level: 4, street_ar: "شارع الإنشاءات، بناء 22", street_en: "Al-Inshaat St., Building 22" }, // Homs / Al-Inshaat
  { name_ar: "عقارات العاصي", name_en: "Al-Assi Properties", governorate: 3, location: 2, contract_level: 2, street_ar: "شارع الغوطة، بناء 9", street_en: "Al-Ghouta St., Building 9" }, // Homs / Al-Ghouta
  { name_ar: "مكتب الوعر العقاري", name_en: "Al-Waer Real Estate Office", governorate: 3, location: 3, contract_level: 1, street_ar: "الجزيرة السابعة، بناء 4", street_en: "Island 7, Building 4" }, // Homs / Al-Waer
  { name_ar: "عقارات الوادي الأخضر", name_en: "Green Valley Properties", governorate: 3, location: 12, contract_level: 2, street_ar: "الشارع الرئيسي، بناء 3", street_en: "Main St., Building 3" }, // Homs / Marmarita
  { name_ar: "مكتب أرواد العقاري", name_en: "Arwad Real Estate Office", governorate: 6, location: 0, contract_level: 3, street_ar: "شارع الكورنيش البحري، بناء 11", street_en: "Seafront Corniche St., Building 11" }, // Tartus / Tartus Corniche
  { name_ar: "عقارات مشتى الحلو", name_en: "Mashta al-Helu Properties", governorate: 6, location: 5, contract_level: 2, street_ar: "الساحة العامة، بناء 5", street_en: "Main Square, Building 5" }, // Tartus / Mashta al-Helu
  { name_ar: "مكتب بانياس العقاري", name_en: "Baniyas Real Estate Office", governorate: 6, location: 9, contract_level: 1, street_ar: "شارع القوتلي، بناء 8", street_en: "Al-Quwatli St., Building 8" }, // Tartus / Baniyas
  { name_ar: "مكتب النواعير العقاري", name_en: "Al-Nawaeer Real Estate Office", governorate: 4, location: 0, contract_level: 2, street_ar: "شارع العلمين، بناء 16", street_en: "Al-Alamein St., Building 16" }, // Hama / Al-Sharia
  { name_ar: "مكتب مصياف العقاري", name_en: "Masyaf Real Estate Office", governorate: 4, location: 7, contract_level: 1, street_ar: "شارع القلعة، بناء 3", street_en: "Castle St., Building 3" }, // Hama / Masyaf
  { name_ar: "مكتب جبل العرب العقاري", name_en: "Jabal al-Arab Real Estate Office", governorate: 9, location: 0, contract_level: 1, street_ar: "شارع المحوري، بناء 10", street_en: "Al-Mihwari St., Building 10" }, // As-Suwayda / As-Suwayda City
  { name_ar: "مكتب حوران العقاري", name_en: "Houran Real Estate Office", governorate: 8, location: 0, contract_level: 3, street_ar: "شارع الشهداء، بناء 7", street_en: "Al-Shuhada St., Building 7" }, // Daraa / Daraa al-Mahatta
  { name_ar: "مكتب الزيتون العقاري", name_en: "Al-Zaytoun Real Estate Office", governorate: 7, location: 0, contract_level: 1, street_ar: "شارع الجلاء، بناء 14", street_en: "Al-Jalaa St., Building 14" }, // Idlib / Idlib City
  { name_ar: "مكتب الفرات العقاري", name_en: "Al-Furat Real Estate Office", governorate: 11, location: 0, contract_level: 2, street_ar: "شارع الجورة الرئيسي، بناء 6", street_en: "Al-Joura Main St., Building 6" }, // Deir ez-Zor / Al-Joura
  { name_ar: "مكتب الخابور العقاري", name_en: "Al-Khabour Real Estate Office", governorate: 13, location: 4, contract_level: 3, street_ar: "شارع القوتلي، بناء 19", street_en: "Al-Quwatli St., Building 19" }, // Al-Hasakah / Qamishli
  { name_ar: "مكتب الرشيد العقاري", name_en: "Al-Rasheed Real Estate Office", governorate: 12, location: 3, contract_level: 1, street_ar: "شارع الوحدة، بناء 2", street_en: "Al-Wahda St., Building 2" }, // Raqqa / Al-Tabqa
  { name_ar: "مكتب الجولان العقاري", name_en: "Al-Golan Real Estate Office", governorate: 10, location: 0, contract_level: 1, street_ar: "الشارع العام، بناء 5", street_en: "Main Road, Building 5" }, // Quneitra / Khan Arnabah
];
