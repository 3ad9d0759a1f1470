/**
 * The facts Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md): grid electricity, solar
 * panels, a generator subscription, a water tank, an elevator, the building, which way it faces, parking, heating,
 * internet, a rent's months paid upfront and a shop's key money (فروغ). Every fact is optional: null is "not known",
 * which is not "no". Shared by the server and the browser (no zod here: decision 034 keeps it out of the pages'
 * scripts); the editor's schema is app/features/posts/post-forms.ts's `factsSchema`, the columns
 * app/platform/db/schema.ts's `listingFactColumns`, and the checks migration 0040.
 */

/** Which way a flat faces: the four sides and the four corners between them (a corner flat faces two sides). */
export const FACINGS = ["north", "south", "east", "west", "north_east", "north_west", "south_east", "south_west"] as const;
export type Facing = (typeof FACINGS)[number];

/** How a home is heated: not at all, a diesel stove (مازوت), central heating, electric heaters, or solar heating. */
export const HEATINGS = ["none", "diesel", "central", "electric", "solar"] as const;
export type Heating = (typeof HEATINGS)[number];

/** The internet a building has: none, ADSL over the phone line, fibre, or only 4G mobile data. */
export const INTERNETS = ["none", "adsl", "fibre", "4g"] as const;
export type Internet = (typeof INTERNETS)[number];

/**
 * The bounds of the facts' numbers (the same as migration 0040's checks): hours of grid electricity a day, a solar
 * installation's kW, a generator subscription's amperes, the building's floors and age in years, a rent's months paid
 * upfront.
 */
export const FACT_LIMITS = {
  electricityHours: 24,
  solarKw: 1000,
  generatorAmperes: 100,
  buildingFloors: 200,
  buildingAgeYears: 300,
  upfrontMonths: 24,
} as const;

/** A listing's facts; every one null when not known. Key money is whole units of `key_money_currency` (SYP or USD). */
export type ListingFacts = {
  electricity_hours: number | null;
  solar: boolean | null;
  /** Kilowatts of the solar installation (peak), when the owner knows it. */
  solar_kw: number | null;
  /** Amperes of the generator subscription (أمبيرات); 0 is "no subscription". */
  generator_amperes: number | null;
  water_tank: boolean | null;
  elevator: boolean | null;
  building_floors: number | null;
  building_age_years: number | null;
  facing: Facing | null;
  parking: boolean | null;
  heating: Heating | null;
  internet: Internet | null;
  /** Rents only: months paid in advance, 0 to 24. */
  upfront_months: number | null;
  /** Shops only: key money (فروغ), whole units of key_money_currency. */
  key_money: number | null;
  key_money_currency: "SYP" | "USD" | null;
};

/** The facts' names, in the order the editor and the listing page show them. */
export const FACT_FIELDS = [
  "electricity_hours",
  "solar",
  "solar_kw",
  "generator_amperes",
  "water_tank",
  "elevator",
  "building_floors",
  "building_age_years",
  "facing",
  "parking",
  "heating",
  "internet",
  "upfront_months",
  "key_money",
  "key_money_currency",
] as const satisfies readonly (keyof ListingFacts)[];

/** Every fact not known: a listing before its owner says anything. */
export const NO_FACTS: ListingFacts = Object.freeze(Object.fromEntries(FACT_FIELDS.map((name) => [name, null])) as ListingFacts);

/**
 * The facts a listing of its kind (`kind`: whether it is a rent, whether a shop; lookups.server.ts RENT_OFFER_TYPE_ID
 * and SHOP_TYPE_ID) can have: months paid upfront only on a rent, key money only on a shop; no solar kW without solar.
 * The others are set to null. A new object; never throws.
 */
export function factsFor(facts: ListingFacts, kind: { rent: boolean; shop: boolean }): ListingFacts {
  const { shop } = kind;
  return {
    ...facts,
    solar_kw: facts.solar === false ? null : facts.solar_kw,
    upfront_months: kind.rent ? facts.upfront_months : null,
    key_money: shop ? facts.key_money : null,
    key_money_currency: shop && facts.key_money !== null ? (facts.key_money_currency ?? "SYP") : null,
  };
}

/**
 * The facts of a row that holds the facts' columns (a listing or a pending edit, whose texts the database's checks
 * keep within FACINGS, HEATINGS and INTERNETS): the same values, nothing else.
 */
export function factsOf(row: { [K in keyof ListingFacts]: ListingFacts[K] | string | null }): ListingFacts {
  return Object.fromEntries(FACT_FIELDS.map((name) => [name, row[name] ?? null])) as ListingFacts;
}

/** Whether the owner said anything at all of the facts. */
export function hasFacts(facts: ListingFacts): boolean {
  return FACT_FIELDS.some((name) => name !== "key_money_currency" && facts[name] !== null);
}

/** One known fact as a page shows it: its name, its label and its value in the page's language. */
export type FactItem = { name: keyof ListingFacts; label: string; value: string };

/**
 * The known facts of a listing as label and value in the language of `t` (common.json `facts.*`), in FACT_FIELDS
 * order: yes or no, hours a day, amperes (0: no subscription), kW, years (0: new), months (0: none), the lists'
 * names, and key money with its currency (`formatMoney`, the page's price format). Facts not known are left out, so
 * the listing page and the review show only what the advertiser said. Never throws.
 */
export function factItems(
  facts: ListingFacts,
  t: (key: string, values?: Record<string, unknown>) => string,
  formatMoney: (amount: number, currency: "SYP" | "USD") => string,
): FactItem[] {
  const yesNo = (value: boolean) => t(value ? "common.yes" : "common.no");
  const valueOf = (name: keyof ListingFacts): string | null => {
    switch (name) {
      case "solar":
      case "water_tank":
      case "elevator":
      case "parking":
        return facts[name] === null ? null : yesNo(facts[name]);
      case "electricity_hours":
        return facts.electricity_hours === null ? null : t("facts.hours", { count: facts.electricity_hours });
      case "generator_amperes":
        if (facts.generator_amperes === null) return null;
        return facts.generator_amperes === 0 ? t("facts.noGenerator") : t("facts.amperes", { amperes: facts.generator_amperes });
      case "solar_kw":
        return facts.solar_kw === null ? null : t("facts.kw", { kw: facts.solar_kw });
      case "building_floors":
        return facts.building_floors === null ? null : String(facts.building_floors);
      case "building_age_years":
        if (facts.building_age_years === null) return null;
        return facts.building_age_years === 0 ? t("facts.newBuilding") : t("facts.years", { count: facts.building_age_years });
      case "upfront_months":
        if (facts.upfront_months === null) return null;
        return facts.upfront_months === 0 ? t("facts.noUpfront") : t("facts.months", { count: facts.upfront_months });
      case "facing":
      case "heating":
      case "internet":
        return facts[name] === null ? null : t(`facts.${name}.${facts[name]}`);
      case "key_money":
        return facts.key_money === null ? null : formatMoney(facts.key_money, facts.key_money_currency ?? "SYP");
      case "key_money_currency":
        return null;
    }
  };
  const label = (name: keyof ListingFacts) =>
    t(name === "facing" || name === "heating" || name === "internet" ? `facts.${name}.label` : `facts.${name}`);
  return FACT_FIELDS.flatMap((name) => {
    const value = valueOf(name);
    return value === null ? [] : [{ name, label: label(name), value }];
  });
}
