import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { allListings, searchChoices } from "../listings.server";
import { ListingCard, SearchForm } from "../ui";

export const meta: MetaFunction = () => [{ title: "Homes" }];

/** The home page's data: the search form's choices and the six first listings. */
export function loader() {
  return { choices: searchChoices(), latest: allListings().slice(0, 6) };
}

export default function Home() {
  const { choices, latest } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Find a home</h1>
      <p>Apartments, houses, land and shops for sale and for rent.</p>
      <SearchForm choices={choices} values={{}} />
      <h2>Latest listings</h2>
      <ul className="cards">
        {latest.map((l) => (
          <ListingCard key={l.id} listing={l} />
        ))}
      </ul>
    </>
  );
}
