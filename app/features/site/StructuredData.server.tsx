import { useT } from "~/platform/i18n/use-t";
import type { EstateCard } from "~/features/listings/estate-card.server";
import type { EstateDetail } from "~/features/listings/estate.server";
import type { SearchResult } from "~/features/search/estate-search.server";
import { estateTitle } from "~/features/listings/format";
import type { ListingFacts } from "~/features/listings/facts";
import { absoluteUrl } from "~/platform/http/seo";

/**
 * Structured data for search engines (JSON-LD of schema.org), rendered by the server only:
 * app/entry.server.tsx renders it after the document, where the HTML parser puts it at the end of <body> (JSON-LD
 * is read anywhere in the page). Crawlers read the server's HTML; the browser never needs these objects, so they
 * are not part of any page's JavaScript (the 90 KB budget of decision 014; decision 022 needed the room).
 */

/** Route ids whose loader data has `result` (a SearchResult, or null when the filter is invalid): lists of listings. */
const LISTING_LISTS = new Set([
  "routes/estates",
  "routes/rent-properties",
  "routes/vacation-properties",
  "routes/office-estates.$id",
]);

/**
 * The JSON-LD of the page whose matched routes are `routeIds` (root first) with the loaders' `loaderData` (by route
 * id): a listing's RealEstateListing on /estate/:id, an ItemList of the listings on a page of results, else nothing.
 * `origin` is the site's origin (the root loader's), for absolute URLs.
 */
export function StructuredData({
  routeIds,
  loaderData,
  origin,
}: {
  routeIds: readonly string[];
  loaderData: Record<string, unknown>;
  origin: string;
}) {
  const leaf = routeIds[routeIds.length - 1];
  const data = loaderData[leaf] as { estate?: EstateDetail; result?: SearchResult | null } | undefined;
  if (leaf === "routes/estate.$id" && data?.estate) return <ListingJsonLd estate={data.estate} origin={origin} />;
  if (LISTING_LISTS.has(leaf) && data?.result) return <ListingsJsonLd estates={data.result.items} origin={origin} />;
  return null;
}

/** A JSON-LD script element of `data`, with `<` escaped so that no text in it can end the script. */
function JsonLd({ data }: { data: object }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
  );
}

/**
 * JSON-LD for a page of listings: an ItemList of RealEstateListing, each with its Offer (price in SYP), so search
 * engines read every card of result pages too. Nothing for an empty page.
 */
export function ListingsJsonLd({ estates, origin }: { estates: EstateCard[]; origin: string }) {
  const { t } = useT();
  if (!estates.length) return null;
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: estates.map((e, i) => ({
          "@type": "ListItem",
          position: i + 1,
          item: {
            "@type": "RealEstateListing",
            name: estateTitle(t, e),
            url: `${origin}/estate/${e.id}`,
            datePosted: e.date.slice(0, 10),
            image: e.images[0] ? absoluteUrl(origin, e.images[0].small) : undefined,
            offers: { "@type": "Offer", price: e.price ?? undefined, priceCurrency: e.price === null ? undefined : e.currency },
          },
        })),
      }}
    />
  );
}

/**
 * The facts of a listing that schema.org has (decision 093): `amenityFeature`, a LocationFeatureSpecification per
 * known fact named in the page's language (a yes or no as a Boolean, hours, amperes, kW, floors and months as
 * numbers, the lists' names as text), and `yearBuilt` from the building's age (in the current year). Key money and
 * facing have no schema.org term and a value better read on the page: left out.
 */
function factsJsonLd(facts: ListingFacts, t: (key: string) => string, now = new Date()) {
  const feature = (name: string, value: boolean | number | string | null) =>
    value === null ? [] : [{ "@type": "LocationFeatureSpecification", name, value }];
  const label = (key: string) => t(`facts.${key}`);
  const listed = (key: "heating" | "internet") => (facts[key] === null ? null : t(`facts.${key}.${facts[key]}`));
  const amenityFeature = [
    ...feature(label("electricity_hours"), facts.electricity_hours),
    ...feature(label("solar"), facts.solar),
    ...feature(label("solar_kw"), facts.solar_kw),
    ...feature(label("generator_amperes"), facts.generator_amperes),
    ...feature(label("water_tank"), facts.water_tank),
    ...feature(label("elevator"), facts.elevator),
    ...feature(label("parking"), facts.parking),
    ...feature(label("building_floors"), facts.building_floors),
    ...feature(t("facts.heating.label"), listed("heating")),
    ...feature(t("facts.internet.label"), listed("internet")),
    ...feature(label("upfront_months"), facts.upfront_months),
  ];
  return {
    amenityFeature: amenityFeature.length ? amenityFeature : undefined,
    yearBuilt: facts.building_age_years === null ? undefined : now.getUTCFullYear() - facts.building_age_years,
  };
}

/**
 * JSON-LD of one listing: a RealEstateListing with its place (and its point as `geo`, decision 059), area,
 * rooms, the facts schema.org has (factsJsonLd), photos and Offer (seller: its office).
 */
export function ListingJsonLd({ estate, origin }: { estate: EstateDetail; origin: string }) {
  const { t } = useT();
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "RealEstateListing",
        name: estateTitle(t, estate),
        description: estate.description ?? undefined,
        url: `${origin}/estate/${estate.id}`,
        datePosted: estate.date.slice(0, 10),
        image: estate.images.map((i) => absoluteUrl(origin, i.large)),
        contentLocation: {
          "@type": "Place",
          name: estate.place,
          address: {
            "@type": "PostalAddress",
            addressRegion: estate.governorate,
            addressLocality: estate.location,
            addressCountry: "SY",
          },
          // A city's point standing for a neighbourhood is not the place's (decision 094): no geo of its own.
          geo:
            estate.point && !estate.point.city
              ? { "@type": "GeoCoordinates", latitude: estate.point.latitude, longitude: estate.point.longitude }
              : undefined,
        },
        floorSize: { "@type": "QuantitativeValue", value: estate.area, unitText: estate.areaUnit },
        numberOfRooms: estate.rooms ?? undefined,
        ...factsJsonLd(estate.facts, t),
        offers: {
          "@type": "Offer",
          price: estate.price ?? undefined,
          priceCurrency: estate.price === null ? undefined : estate.currency,
          availability: "https://schema.org/InStock",
          businessFunction:
            estate.offerTypeId === 1 ? "http://purl.org/goodrelations/v1#Sell" : "http://purl.org/goodrelations/v1#LeaseOut",
          seller: estate.office
            ? { "@type": "RealEstateAgent", name: estate.office.name, url: `${origin}/office/${estate.office.id}` }
            : undefined,
        },
      }}
    />
  );
}
