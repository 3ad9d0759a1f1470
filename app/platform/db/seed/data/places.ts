/**
 * What kind of place each of the seed's 241 places is, so that each
 * estate type is offered only where it exists: no farms in Mezzeh 86, no chalets in Muhajirin. Keyed by the English
 * names of `geography.ts` (governorate, then place); a test checks that every place has exactly one kind.
 *
 * The kinds:
 * - `centre`: a city centre or a dense urban neighbourhood (flats, offices, shops, old houses; no land, farms,
 *   villas or chalets). Planned tower districts (Dummar Project, Al-Waer) and dense informal areas (Mezzeh 86,
 *   Esh al-Warwar, Jaramana) count here too: they are built up, with no plots or farms left.
 * - `villas`: a villa district (Mezzeh Western Villas, Yafour, Al-Sabboura): villas, flats, building plots, offices.
 * - `suburb`: a suburb on a city's edge (Qudsaya, Sahnaya, Dummar, Al-Tall): flats, houses, shops, building plots,
 *   a few villas; no farms.
 * - `rural`: a small town or the countryside (Qatana, Afrin, Al-Mayadin, the towns of Hauran and the Jazira):
 *   houses, farms, farmland and plots, a few flats and shops.
 * - `coast`: a seaside town or beach (Blue Beach, Ras al-Basit, Golden Sands, Jableh, Baniyas): flats, chalets,
 *   villas, houses. The dense quarters of Latakia and Tartus city are `centre`.
 * - `resort`: a summer resort or mountain town (Bloudan, Zabadani, Slunfeh, Kassab, Mashta al-Helu, Safita,
 *   Marmarita): chalets, villas, houses, flats, orchards (farms) and plots.
 */
export type PlaceKind = "centre" | "villas" | "suburb" | "rural" | "coast" | "resort";

export const PLACE_KINDS: readonly PlaceKind[] = ["centre", "villas", "suburb", "rural", "coast", "resort"];

const c = "centre" as const;
const v = "villas" as const;
const s = "suburb" as const;
const r = "rural" as const;
const co = "coast" as const;
const re = "resort" as const;

/** Governorate (English name) → place (English name) → kind. */
export const placeKinds: Record<string, Record<string, PlaceKind>> = {
  Damascus: {
    Mezzeh: c,
    "Mezzeh Western Villas": v,
    "Mezzeh 86": c, // dense informal quarter on the hillside
    Malki: c,
    "Abu Rummaneh": c,
    "Al-Rawda": c,
    "Kafr Souseh": c,
    "Al-Muhajireen": c,
    "Bab Touma": c, // old city: Damascene courtyard houses
    "Bab Sharqi": c,
    "Al-Qaymariyya": c,
    "Al-Shaalan": c,
    "Al-Salihiyah": c,
    Sarouja: c,
    "Al-Jisr al-Abyad": c,
    "Rukn al-Din": c,
    "Al-Baramkeh": c,
    "Al-Qassaa": c,
    "Al-Adawi": c,
    "Al-Tijara": c,
    "Al-Mazraa": c,
    "Al-Abbasiyyin": c,
    "Al-Midan": c,
    "Al-Shaghour": c,
    "Al-Zahira": c,
    Dummar: s, // old Dummar on the Barada, the city's western edge
    "Dummar Project": c, // planned tower "islands"
    "Al-Rabweh": s, // the Barada gorge at the western entrance
    Barzeh: c,
    "Al-Qadam": c,
    "Al-Qaboun": c,
    Jobar: c,
  },
  "Rif Dimashq": {
    Jaramana: c, // a dense city of its own, built up to the last plot
    Sahnaya: s,
    "Ashrafiyat Sahnaya": s,
    Qudsaya: s,
    "Dahiyat Qudsaya": s,
    "Esh al-Warwar": c, // dense informal quarter
    Yafour: v,
    "Al-Sabboura": v,
    "Al-Dimas": r, // farms along the Beirut road
    Zabadani: re,
    Bloudan: re,
    Madaya: re,
    Buqqain: re,
    "Ain al-Fijeh": re, // Barada valley summer spot
    "Al-Tall": s,
    Saydnaya: r,
    Maaloula: r,
    Yabroud: r,
    "Al-Nabk": r,
    "Deir Atiyah": r,
    "Al-Qutayfah": r,
    Douma: r, // Eastern Ghouta: orchards around the town
    Harasta: s,
    Arbin: r,
    Dumayr: r,
    Darayya: r, // vineyards and farmland of Western Ghouta
    "Muadamiyat al-Sham": s,
    "Jdeidet Artouz": s,
    Qatana: r,
    "Al-Kiswah": r,
    "Sayyida Zaynab": s,
    Babbila: s,
  },
  Aleppo: {
    "Al-Muhafaza": c,
    "Al-Shahba": c,
    "Al-Furqan": c,
    "New Aleppo": c,
    Mocambo: c,
    "Al-Sabil": c,
    "Al-Aziziyah": c,
    "Al-Jamiliyah": c,
    "Al-Idhaa": c,
    "Al-Sulaymaniyah": c,
    "Al-Jdeideh": c,
    "Al-Hamdaniyah": c,
    "Al-Midan": c,
    "Bab al-Faraj": c,
    "Saif al-Dawla": c,
    "Salah al-Din": c,
    "Al-Ansari": c,
    "Sheikh Maqsoud": c,
    Manbij: r,
    Afrin: r, // olive groves
    Azaz: r,
    "Al-Bab": r,
    Jarabulus: r,
    "Ain al-Arab (Kobani)": r,
    "Tal Rifaat": r,
    "Al-Safira": r,
    "Deir Hafer": r,
  },
  Homs: {
    "Al-Inshaat": c,
    "Al-Hamra": c,
    "Al-Ghouta": c,
    "Al-Waer": c, // planned tower district
    "Al-Nuzha": c,
    Akrama: c,
    "Al-Zahraa": c,
    "Al-Hamidiyah": c,
    "Karm al-Shami": c,
    "Al-Khalidiyah": c,
    "Bab al-Sibaa": c,
    "Baba Amr": c,
    Marmarita: re, // Wadi al-Nasara
    Talkalakh: r,
    "Al-Qusayr": r,
    "Al-Rastan": r,
    Talbiseh: r,
    "Al-Mukharram": r,
    "Al-Qaryatayn": r,
    Hisyah: r,
    "Palmyra (Tadmur)": r,
  },
  Hama: {
    "Al-Sharia": c,
    "Al-Qusour": c,
    "South of the Stadium": c,
    "Al-Hader": c,
    "Bab Qibli": c,
    "Al-Arbaeen": c,
    "Tariq Halab": c,
    Masyaf: r,
    "Wadi al-Uyun": re,
    Salamiyah: r,
    Mhardeh: r,
    "Al-Suqaylabiyah": r,
    Souran: r,
    "Tayyibat al-Imam": r,
    Qamhana: r,
    Halfaya: r,
    "Kafr Zita": r,
    Morek: r,
  },
  Latakia: {
    "Blue Beach": co,
    "Southern Corniche": c, // the city's seafront quarter
    "Al-Amrikan": c,
    "Al-Ziraa": c,
    "Al-Sheikh Daher": c,
    "Al-Mashrou al-Asher (Project 10)": c,
    "Al-Mashrou al-Sabe (Project 7)": c,
    Damsarkho: co, // north of the city, on the sea
    "Al-Sulaybah": c,
    "Al-Raml al-Shamali": c,
    "Al-Raml al-Janoubi": c,
    Jableh: co,
    Qardaha: r,
    "Al-Haffah": r,
    Slunfeh: re,
    Kassab: re,
    "Ras al-Basit": co,
    Mashqita: r,
  },
  Tartus: {
    "Tartus Corniche": c,
    "Old Tartus": c,
    "Golden Sands": co,
    Arwad: c, // a crowded island town, no beach resorts
    Amrit: co,
    "Mashta al-Helu": re,
    "Al-Kafroun": re,
    Safita: re,
    "Al-Dreikish": re,
    Baniyas: co,
    "Al-Sheikh Badr": r,
    "Al-Qadmus": r,
    Yahmour: r,
    "Husayn al-Bahr": co,
    "Al-Hamidiyah": co,
    "Al-Safsafah": r,
  },
  Idlib: {
    "Idlib City": c,
    Sarmada: r,
    "Al-Dana": r,
    Ariha: r,
    "Maarat al-Numan": r,
    Saraqib: r,
    "Jisr al-Shughur": r,
    Harem: r,
    Salqin: r,
    "Maarrat Misrin": r,
    Binnish: r,
    "Khan Shaykhun": r,
    "Kafr Nabl": r,
  },
  Daraa: {
    "Daraa al-Mahatta": c,
    "Daraa al-Balad": c,
    "Busra al-Sham": r,
    Izra: r,
    "Al-Sanamayn": r,
    Nawa: r,
    Tafas: r,
    Jasim: r,
    "Al-Sheikh Maskin": r,
    Dael: r,
    "Al-Muzayrib": r,
    Inkhil: r,
  },
  "As-Suwayda": {
    "As-Suwayda City": c,
    "Dhahr al-Jabal": re, // the mountain above the city, summer houses
    Shahba: r,
    Qanawat: r,
    Salkhad: r,
    "Al-Qrayya": r,
    "Al-Mazraa": r,
    "Al-Kafr": r,
    Ariqa: r,
    Shaqqa: r,
  },
  Quneitra: {
    "Khan Arnabah": r,
    "Al-Khushniyah": r,
    Hadar: r,
    "Jubata al-Khashab": r,
    "Al-Qahtaniyah": r,
    "Nabe al-Sakhr": r,
    "Bir Ajam": r,
    "Al-Rafid": r,
  },
  "Deir ez-Zor": {
    "Al-Joura": c,
    "Al-Qusour": c,
    "Al-Muwazzafin": c,
    "Al-Hamidiyah": c,
    "Al-Rushdiyah": c,
    "Al-Mayadin": r,
    "Abu Kamal": r,
    "Al-Asharah": r,
    "Al-Busayrah": r,
    Hajin: r,
    "Al-Shuhayl": r,
  },
  Raqqa: {
    "Al-Thakana": c,
    "Al-Rumaila": c,
    "Al-Mashlab": c,
    "Al-Tabqa": r,
    "Tal Abyad": r,
    "Ain Issa": r,
    "Al-Mansurah": r,
    Maadan: r,
    "Al-Karamah": r,
    Suluk: r,
  },
  "Al-Hasakah": {
    "Al-Aziziyah": c,
    "Al-Nasra": c,
    "Tal Hajar": c,
    Ghuwayran: c,
    Qamishli: c,
    "Al-Malikiyah": r,
    Amuda: r,
    "Al-Darbasiyah": r,
    "Ras al-Ain": r,
    "Al-Qahtaniyah": r,
    "Tal Tamr": r,
    "Al-Shaddadi": r,
    Markadah: r,
  },
};

/**
 * Dense informal quarters and quarters still largely in ruins, where homes sell and let for about half of what the
 * governorate's price factors give and flats are small (no flat over 135 m²): the hillside of Mezzeh 86 and
 * Esh al-Warwar; Jobar, Al-Qaboun and Al-Qadam in Damascus, Baba Amr and Al-Khalidiyah in Homs, largely destroyed
 * in the war. Governorate (English name) → places.
 */
export const cheapQuarters: Record<string, readonly string[]> = {
  Damascus: ["Mezzeh 86", "Jobar", "Al-Qaboun", "Al-Qadam"],
  "Rif Dimashq": ["Esh al-Warwar"],
  Homs: ["Baba Amr", "Al-Khalidiyah"],
};

/** Price multiplier of a cheap quarter (cheapQuarters). */
export const CHEAP_QUARTER_FACTOR = 0.5;

/** The kind of a place by its governorate's and its own English name; throws for a place the table lacks. */
export function placeKind(governorate: string, place: string): PlaceKind {
  const kind = placeKinds[governorate]?.[place];
  if (!kind) throw new Error(`no kind for place ${governorate} / ${place} (app/platform/db/seed/data/places.ts)`);
  return kind;
}
