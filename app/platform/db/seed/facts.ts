import { CHALET, FARM, FLAT, HOME, LAND, OFFICE, SHOP, VILLA } from "./data/market";
import { seededRandom, type Random } from "./random";
import type { estates, ListingFactColumn } from "../schema";

/**
 * The demo listings' facts Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md): believable
 * by governorate and type, and some not known, as real advertisers leave them. Drawn from a generator of the listing's
 * own ad number, so adding them changed no other value of the demo data, and `npm run db:fill-facts` fills a database
 * seeded before them with the very same values.
 */

/**
 * Hours of grid electricity a day by governorate (its English name): the fewest and the most a listing states. Demo
 * figures in the spirit of 2025–2026 reports: the capital and the coast ahead, Aleppo and the east far behind on
 * the state grid, Idlib fed by lines from Turkey.
 */
const GRID_HOURS: Record<string, [number, number]> = {
  Damascus: [6, 14],
  "Rif Dimashq": [4, 10],
  Aleppo: [2, 8],
  Homs: [4, 10],
  Hama: [4, 10],
  Latakia: [8, 16],
  Tartus: [8, 16],
  Idlib: [12, 22],
  Daraa: [3, 8],
  "As-Suwayda": [3, 8],
  Quneitra: [3, 8],
  "Deir ez-Zor": [2, 6],
  Raqqa: [2, 6],
  "Al-Hasakah": [2, 6],
};

/** What a listing's facts are drawn from: its ad number, type, offer, rent period, governorate (English name), floor. */
export type FactsInput = {
  stateId: number;
  typeId: number;
  offerTypeId: number;
  periodTypeId: number | null;
  governorate: string;
  floor: number | null;
};

/**
 * The facts' columns as the demo data stores them, each null when not known: schema.ts's listingFactColumns, the
 * columns app/features/listings/facts.ts's ListingFacts reads.
 */
export type DemoFacts = { [K in ListingFactColumn]: NonNullable<(typeof estates.$inferInsert)[K]> | null };

/** SYP for one USD the demo key money is written at (the seed's fallback rate, new pounds). */
const SYP_PER_USD = 110;

/** `value` when `random` says the advertiser stated it (`share` of listings), else null. */
function known<T>(random: Random, share: number, value: () => T): T | null {
  // Both draws are made whether or not the fact is known, so each fact's draws never shift the next one's.
  const stated = random.chance(share);
  const drawn = value();
  return stated ? drawn : null;
}

/** The demo facts of one listing (see the module's comment); a land has none. Never throws. */
export function demoFacts(input: FactsInput): DemoFacts {
  const random = seededRandom((input.stateId * 2_654_435_761) ^ 0x5eed);
  const { typeId } = input;
  const building = typeId === FLAT || typeId === OFFICE;
  const house = typeId === HOME || typeId === VILLA || typeId === CHALET;
  const roofed = building || house || typeId === SHOP;
  const [fewest, most] = GRID_HOURS[input.governorate] ?? [4, 10];
  const east = ["Deir ez-Zor", "Raqqa", "Al-Hasakah"].includes(input.governorate);
  const coast = input.governorate === "Latakia" || input.governorate === "Tartus";

  const electricity_hours = known(random, typeId === LAND ? 0 : 0.8, () => random.int(fewest, most));
  // One in five buildings is new (0 to 5 years): solar panels are common on them.
  const newBuild = random.chance(0.2);
  const building_age_years = known(random, roofed ? 0.7 : 0, () => (newBuild ? random.int(0, 5) : random.int(6, 50)));
  const solarShare = typeId === FARM ? 0.5 : newBuild ? 0.6 : 0.3;
  const solar = known(random, typeId === LAND ? 0 : 0.75, () => random.chance(solarShare));
  const solar_kw = solar
    ? known(random, 0.5, () => random.pick(typeId === VILLA || typeId === FARM ? [5, 6, 10] : [1.5, 2, 3, 5]))
    : null;
  // The amperes of a neighbourhood generator: Aleppo lives on them.
  const subscribed = random.chance(input.governorate === "Aleppo" || east ? 0.8 : 0.5);
  const amperes = random.pick(
    building && typeId === OFFICE ? [5, 10, 15, 20] : typeId === SHOP ? [5, 10, 20] : [2, 3, 4, 5, 6, 10],
  );
  const generator_amperes = known(random, typeId === LAND ? 0 : 0.7, () => (subscribed ? amperes : 0));
  const water_tank = known(random, roofed || typeId === FARM ? 0.8 : 0, () => random.chance(0.85));
  const floors = building
    ? Math.max((input.floor ?? 0) + 1, random.int(2, 12))
    : house
      ? random.int(1, 3)
      : typeId === SHOP
        ? random.int(1, 8)
        : null;
  const building_floors = floors === null ? null : known(random, 0.7, () => floors);
  const elevator = building
    ? known(random, 0.75, () => random.chance(floors !== null && floors >= 5 ? 0.7 : 0.15))
    : house
      ? known(random, 0.5, () => false)
      : null;
  const facing = known(random, building || house ? 0.5 : 0, () =>
    random.pick(["north", "south", "east", "west", "north_east", "north_west", "south_east", "south_west", "south", "south"]),
  );
  const parkingShare = typeId === VILLA || typeId === FARM ? 0.85 : typeId === OFFICE ? 0.4 : typeId === SHOP ? 0.2 : 0.3;
  const parking = known(random, typeId === LAND ? 0 : 0.6, () => random.chance(parkingShare));
  const heating = known(random, building || house ? 0.6 : 0, () =>
    random.pick(
      coast
        ? ["none", "none", "electric", "electric", "diesel", "solar"]
        : ["diesel", "diesel", "diesel", "diesel", "electric", "electric", "central", "solar", "none", "none"],
    ),
  );
  const internet = known(random, roofed ? 0.6 : 0, () =>
    random.pick(
      input.governorate === "Damascus"
        ? ["adsl", "adsl", "adsl", "adsl", "fibre", "fibre", "4g", "4g", "none"]
        : ["adsl", "adsl", "adsl", "adsl", "adsl", "4g", "4g", "4g", "fibre", "none"],
    ),
  );
  // A long rent (monthly or yearly): most landlords ask 3, 6 or 12 months upfront.
  const longRent = input.offerTypeId === 2 && (input.periodTypeId === 3 || input.periodTypeId === 5);
  const upfront = input.periodTypeId === 5 ? random.pick([12, 12, 12, 6]) : random.pick([3, 3, 3, 6, 6, 6, 6, 12, 12, 1, 0]);
  const upfront_months = longRent ? known(random, 0.85, () => upfront) : null;
  // A shop's key money (فروغ), mostly on rents, in dollars more often than not.
  const keyUsd = random.int(5, 60) * 1000;
  const inUsd = random.chance(0.6);
  const key_money =
    typeId === SHOP ? known(random, input.offerTypeId === 2 ? 0.6 : 0.2, () => (inUsd ? keyUsd : keyUsd * SYP_PER_USD)) : null;
  return {
    electricity_hours,
    solar,
    solar_kw,
    generator_amperes,
    water_tank,
    elevator,
    building_floors,
    building_age_years,
    facing,
    parking,
    heating,
    internet,
    upfront_months,
    key_money,
    key_money_currency: key_money === null ? null : inUsd ? "USD" : "SYP",
  };
}
