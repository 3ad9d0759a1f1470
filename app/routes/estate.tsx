import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Carousel, Facts, photoSrcSet, Price } from "~/features/listings/EstateCard";
import { ContactButtons, PhoneBar, ReportLink, SaveToggle, ShareLink } from "~/features/listings/EstateActions";
import { Icon } from "~/platform/ui/Icon";
import { GonePage, SimilarListings } from "~/features/listings/GoneEstate";
import { OtherOffers } from "~/features/listings/OtherOffers";
import { ListingLifeForm } from "~/features/posts/EstateLife";
import type { EstateCard } from "~/features/listings/estate-card.server";
import type { EstateDetail } from "~/features/listings/estate.server";
import { loadEstatePage } from "~/features/site/estate-page.server";
import { useRootData } from "~/platform/ui/root-data";
import { estateTitle, formatDate, formatNumber, formatPrice } from "~/features/listings/format";
import { factItems, type FactItem, type ListingFacts } from "~/features/listings/facts";
import type { IconName } from "~/platform/ui/Icon";
import { mapLinks, type MapPoint } from "~/features/places/map-links";
import { pageMeta } from "~/platform/http/seo";
import { VerifiedBadge } from "~/features/listings/OfficeVerification";

/** The `sizes` of the listing's photo strip: the page's width on phones, 760 px beside the contact card on wider screens. */
const PHOTO_SIZES = "(max-width: 800px) 100vw, 760px";

/**
 * pageMeta, and a preload of the first photo with the same `imagesrcset` and `imagesizes` as its <img>, so the browser
 * starts the largest paint's request with the document's head, at high priority, and uses it for the image (the
 * listing's LCP at most 1.8 s in Lighthouse's mobile test, decision 034). A phone of 360 to 412 CSS px takes the 400 or 800 px
 * WebP. With the data saver on (root data, decision 022) the preload is the 400 px file, the only one the strip shows.
 */
export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args);
  const first = args.data && "estate" in args.data ? args.data.estate.images[0] : undefined;
  if (!first) return tags;
  const saver = (args.matches.find((m) => m.id === "root")?.data as { dataSaver?: string | null } | undefined)?.dataSaver;
  return [
    ...tags,
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      ...(saver ? { href: first.small } : { imageSrcSet: photoSrcSet(first), imageSizes: PHOTO_SIZES }),
      fetchpriority: "high",
    },
  ];
};

/**
 * Property detail: the listing, its area medians and similar listings; 410 Gone for a listing that has
 * ended and 404 for an unknown id (loadEstatePage).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadEstatePage(request, params.id);
}

export default function EstatePage() {
  const loaded = useLoaderData<typeof loader>();
  return "gone" in loaded ? <GonePage {...loaded} /> : <ListingPage {...loaded} />;
}

/** The page of a public listing. */
function ListingPage({
  estate,
  medians,
  similar,
  mine,
}: {
  estate: Omit<EstateDetail, "areaPrices">;
  medians: { median: string; basis: string; standing: string | null }[];
  similar: EstateCard[];
  mine: { expires: string } | null;
}) {
  const root = useRootData();
  const { t } = useT();
  const title = estateTitle(t, estate);
  const rows: [string, React.ReactNode][] = [
    [t("estate.type"), estate.estateType],
    [t("estate.offerType"), estate.periodType ? `${estate.offerType} (${estate.periodType})` : estate.offerType],
    [
      t("estate.area"),
      <>
        <bdi dir="ltr">{formatNumber(estate.area)}</bdi> {estate.areaUnit}
      </>,
    ],
    [t("estate.rooms"), estate.rooms ?? t("common.notSpecified")],
    [
      t("estate.floor"),
      estate.floor === null ? t("common.notSpecified") : estate.floor === 0 ? t("card.groundFloor") : estate.floor,
    ],
    [t("estate.interior"), estate.interiorStatus ?? t("common.notSpecified")],
    [t("estate.ownership"), estate.ownershipType ?? t("common.notSpecified")],
    [t("estate.pool"), estate.pool ? t("common.yes") : t("common.no")],
    [t("estate.negotiable"), estate.negotiable ? t("common.yes") : t("common.no")],
    [t("estate.furnished"), estate.furnished ? t("common.yes") : t("common.no")],
    [t("estate.date"), <bdi dir="ltr">{formatDate(estate.date)}</bdi>],
    [
      t("estate.confirmed"),
      <>
        <bdi dir="ltr">{formatDate(estate.confirmed)}</bdi>
        {` · ${estate.freshness}`}
      </>,
    ],
    [t("estate.adNumber"), <bdi dir="ltr">{estate.stateId}</bdi>],
  ];
  // The listing's JSON-LD is rendered by the server after the page (app/features/site/StructuredData.server.tsx).
  return (
    <div className="page estate-page">
      <nav className="breadcrumbs" aria-label={t("estate.breadcrumbs")}>
        <Link to="/">{t("nav.home")}</Link>
        <span aria-hidden="true">/</span>
        <Link to={estate.offerTypeId === 1 ? "/estates" : estate.isVacation ? "/vacation-properties" : "/rent-properties"}>
          {estate.isVacation ? t("nav.vacation") : estate.offerType}
        </Link>
        <span aria-hidden="true">/</span>
        <span>{estate.governorate}</span>
      </nav>
      <div className={`estate-layout level-${estate.contractLevel}`}>
        <div className="estate-main">
          <div className="estate-media">
            <Carousel images={estate.images} alt={title} priority sizes={PHOTO_SIZES} />
            <Link to={`/estate-gallery/${estate.id}`} className="badge badge-gallery">
              <Icon name="expand" /> {t("estate.gallery", { count: estate.images.length })}
            </Link>
          </div>
          <h1 className="estate-title">{title}</h1>
          <p className="card-place">
            <Icon name="pin" /> {estate.place}
          </p>
          {estate.point ? <PlaceOnMap point={estate.point} label={estate.place} /> : null}
          <p className="estate-price">
            <Price value={estate.price} currency={estate.currency} period={estate.pricePeriod} note={estate.priceNote} />
            {estate.negotiable ? <span className="chip">{t("card.negotiable")}</span> : null}
            {estate.furnished ? <span className="chip">{t("card.furnished")}</span> : null}
          </p>
          <Facts estate={estate} />
          <FactsTable facts={estate.facts} />
          {/* What the owner says comes before what the site adds (the area's medians). */}
          {estate.description ? (
            <section className="estate-description">
              <h2>{t("estate.description")}</h2>
              <p dir="auto">{estate.description}</p>
            </section>
          ) : null}
          {medians.length ? (
            <section className="area-prices" aria-labelledby="area-prices-title">
              <h2 id="area-prices-title">{t("estate.prices.title")}</h2>
              {medians.map((m) => (
                <p key={m.median}>
                  {m.median} ({m.basis}){m.standing ? <strong> — {m.standing}</strong> : null}
                </p>
              ))}
              <p className="hint">{t("estate.prices.note")}</p>
            </section>
          ) : null}
          <section>
            <h2>{t("estate.details")}</h2>
            <dl className="details">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <p className="currency-note">{t("card.currencyNote")}</p>
          <p className="disclaimer">{t("estate.disclaimer")}</p>
        </div>
        <aside className="estate-side">
          <div className="card contact-card">
            {estate.contractLevel > 1 ? (
              <span className={`level-badge level-${estate.contractLevel}`}>{estate.contractName}</span>
            ) : null}
            {estate.office ? (
              <Link to={`/office/${estate.office.id}`} className="contact-office">
                {estate.office.logo ? <img src={estate.office.logo} width={48} height={48} alt="" /> : null}
                <span>
                  <strong>{estate.office.name}</strong>
                  <small>{estate.office.address}</small>
                  {estate.office.verifiedMonth ? <VerifiedBadge month={estate.office.verifiedMonth} /> : null}
                </span>
              </Link>
            ) : (
              // Decision 100: "the owner" only when the advertiser said so (estate_ownership 1).
              <p className="contact-owner">{t(estate.ownerPosted ? "estate.privateOwner" : "estate.privateAdvertiser")}</p>
            )}
            <ContactButtons phoneMasked={estate.phoneMasked} target={{ estate_id: estate.id }} large />
            {root?.user ? null : <p className="hint">{t("estate.loginToContact")}</p>}
            <div className="button-row">
              <SaveToggle estateId={estate.id} labelled />
              <ReportLink estateId={estate.id} labelled />
              <ShareLink estateId={estate.id} />
            </div>
          </div>
          <OtherOffers offers={estate.offers} />
          {mine ? (
            <section className="card owner-tools" aria-labelledby="owner-tools-title">
              <h2 id="owner-tools-title">{t("freshness.owner")}</h2>
              <ListingLifeForm
                estateId={estate.id}
                offerTypeId={estate.offerTypeId}
                redirectTo={`/estate/${estate.id}`}
                note={t("freshness.expires", { date: formatDate(mine.expires) })}
              />
            </section>
          ) : null}
        </aside>
      </div>
      <SimilarListings similar={similar} />
      <PhoneBar estateId={estate.id} />
    </div>
  );
}

/** The icon beside a fact where one helps to find it at a glance (the sprite's inline SVG symbols). */
const FACT_ICONS: Partial<Record<FactItem["name"], IconName>> = {
  electricity_hours: "bolt",
  generator_amperes: "bolt",
  solar: "sun",
  solar_kw: "sun",
  water_tank: "drop",
  elevator: "elevator",
  parking: "car",
  building_floors: "building",
  building_age_years: "building",
  internet: "globe",
  upfront_months: "calendar",
  key_money: "key",
};

/**
 * The facts Syrians ask before they call (decision 093) as a table of what the advertiser said; nothing when they
 * said nothing. A fact not known is left out rather than shown as "no".
 */
function FactsTable({ facts }: { facts: ListingFacts }) {
  const { t } = useT();
  const items = factItems(facts, t, (amount, currency) =>
    formatPrice(amount, t(currency === "USD" ? "card.currencyUSD" : "card.currency")),
  );
  if (!items.length) return null;
  return (
    <section className="estate-facts" aria-labelledby="estate-facts-title">
      <h2 id="estate-facts-title">{t("facts.title")}</h2>
      <table className="facts-table">
        <tbody>
          {items.map((item) => (
            <tr key={item.name} data-fact={item.name}>
              <th scope="row">
                {FACT_ICONS[item.name] ? <Icon name={FACT_ICONS[item.name]!} /> : null} {item.label}
              </th>
              <td>
                <bdi>{item.value}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">{t("facts.unknownNote")}</p>
    </section>
  );
}

/** The listing's place on a map (decision 059): the phone's maps app (`geo:`) and OpenStreetMap, plain links. */
function PlaceOnMap({ point, label }: { point: MapPoint; label: string }) {
  const { t } = useT();
  const links = mapLinks(point, label);
  return (
    <p className="map-links">
      <a href={links.geo}>{t("estate.openInMaps")}</a>
      <a href={links.osm} rel="noopener" target="_blank">
        {t("estate.openStreetMap")}
      </a>
      <small>{point.city ? t("estate.mapCityNote", { city: point.city }) : t("estate.mapNote")}</small>
    </p>
  );
}
