import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { allListings } from "../listings.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.listing.title ?? "Listing" }];

/** One listing by id, or a 404 response. */
export function loader({ params }: LoaderFunctionArgs) {
  const listing = allListings().find((l) => String(l.id) === params.id);
  if (!listing) throw new Response("Not found", { status: 404 });
  return { listing };
}

export default function ListingPage() {
  const { listing } = useLoaderData<typeof loader>();
  return (
    <article>
      <h1>{listing.title}</h1>
      <img className="photo" src={listing.photo} alt="" width={800} height={600} />
      <p className="price">
        {listing.price.toLocaleString("en-US")} {listing.currency}
      </p>
      <dl>
        <dt>Place</dt>
        <dd>{listing.place}</dd>
        <dt>Rooms</dt>
        <dd>{listing.rooms}</dd>
        <dt>Area</dt>
        <dd>{listing.area} m²</dd>
      </dl>
      <p>{listing.description}</p>
      <p>
        <Link to="/search">Back to search</Link>
      </p>
    </article>
  );
}
