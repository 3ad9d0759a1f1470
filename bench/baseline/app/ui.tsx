import { Form, Link } from "@remix-run/react";
import type { Listing } from "./listings.server";

type Choices = { offers: string[]; types: string[]; places: string[]; maxPrices: number[] };

/** The GET search form: offer, type, place, maximum price; `values` are the current query's. */
export function SearchForm({ choices, values }: { choices: Choices; values: Record<string, string> }) {
  return (
    <Form method="get" action="/search">
      <label>
        Offer
        <select name="offer" defaultValue={values.offer ?? ""}>
          <option value="">Any</option>
          {choices.offers.map((o) => (
            <option key={o} value={o}>
              {o === "sale" ? "For sale" : "For rent"}
            </option>
          ))}
        </select>
      </label>
      <label>
        Type
        <select name="type" defaultValue={values.type ?? ""}>
          <option value="">Any</option>
          {choices.types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Place
        <select name="place" defaultValue={values.place ?? ""}>
          <option value="">Anywhere</option>
          {choices.places.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Price up to
        <select name="max_price" defaultValue={values.max_price ?? ""}>
          <option value="">Any</option>
          {choices.maxPrices.map((p) => (
            <option key={p} value={p}>
              {p.toLocaleString("en-US")} USD
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Search</button>
    </Form>
  );
}

/** A listing card: photo, title, price, place, rooms and area, linking to /listing/:id. */
export function ListingCard({ listing }: { listing: Listing }) {
  return (
    <li>
      <Link to={`/listing/${listing.id}`}>
        <img src={listing.photo} alt="" width={400} height={300} loading="lazy" />
        <div>
          <h3>{listing.title}</h3>
          <p className="price">
            {listing.price.toLocaleString("en-US")} {listing.currency}
          </p>
          <p>{listing.place}</p>
          <p>
            {listing.rooms ? `${listing.rooms} rooms · ` : ""}
            {listing.area} m²
          </p>
        </div>
      </Link>
    </li>
  );
}
