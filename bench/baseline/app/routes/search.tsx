import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { searchChoices, searchListings } from "../listings.server";
import { ListingCard, SearchForm } from "../ui";

export const meta: MetaFunction = () => [{ title: "Search" }];

/** The search page's data: the form's choices and current values, and up to 12 matching listings. */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return { choices: searchChoices(), values: Object.fromEntries(params), ...searchListings(params) };
}

export default function Search() {
  const { choices, values, total, items } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Search</h1>
      <SearchForm choices={choices} values={values} />
      <p>{total} listings found</p>
      <ul className="cards">
        {items.map((l) => (
          <ListingCard key={l.id} listing={l} />
        ))}
      </ul>
    </>
  );
}
