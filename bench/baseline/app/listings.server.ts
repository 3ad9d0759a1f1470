import fs from "node:fs";
import path from "node:path";

/** A listing of data/listings.json: price in USD, area in m². */
export type Listing = {
  id: number;
  title: string;
  offer: "sale" | "rent";
  type: "apartment" | "house" | "land" | "shop";
  place: string;
  price: number;
  currency: string;
  rooms: number;
  area: number;
  photo: string;
  description: string;
};

let listings: Listing[] | undefined;

/** Every listing of data/listings.json (read once; the server runs from bench/baseline). */
export function allListings(): Listing[] {
  listings ??= JSON.parse(fs.readFileSync(path.resolve("data/listings.json"), "utf8")) as Listing[];
  return listings;
}

/** The choices of the search form's selects: offer types, property types and places found in the data. */
export function searchChoices() {
  const all = allListings();
  return {
    offers: ["sale", "rent"],
    types: ["apartment", "house", "land", "shop"],
    places: [...new Set(all.map((l) => l.place))].sort(),
    maxPrices: [50_000, 100_000, 150_000, 200_000],
  };
}

/** Up to `limit` listings matching the search parameters (offer, type, place, max_price in USD), and how many match. */
export function searchListings(params: URLSearchParams, limit = 12): { total: number; items: Listing[] } {
  const offer = params.get("offer");
  const type = params.get("type");
  const place = params.get("place");
  const maxPrice = Number(params.get("max_price")) || Infinity;
  const found = allListings().filter(
    (l) => (!offer || l.offer === offer) && (!type || l.type === type) && (!place || l.place === place) && l.price <= maxPrice,
  );
  return { total: found.length, items: found.slice(0, limit) };
}
