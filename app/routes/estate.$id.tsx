import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Carousel, currencyKey, Facts, photoSrcSet, Price } from "~/components/EstateCard";
import { ContactButtons, ReportLink, SaveToggle, ShareLink } from "~/components/EstateActions";
import { Icon } from "~/components/Icon";
import { GonePage, SimilarListings } from "~/components/GoneListing";
import { ListingLifeForm } from "~/components/ListingLife";
import { closedEstate, getEstate, type EstateDetail } from "~/models/estate.server";
import { similarEstates } from "~/models/estate-search.server";
import { expiresAt } from "~/models/freshness.server";
import { getCurrentUser } from "~/services/auth.server";
import { useRootData } from "~/utils/root-data";
import type { Db } from "~/db/client.server";
import type { Locale } from "~/i18n";
import { medianLines } from "~/models/prices.server";
import type { EstateCard } from "~/models/estate-card.server";
import { estateTitle, formatDate, formatNumber, formatPrice } from "~/utils/format";
import { notFound, pageContext, requireId } from "~/utils/page.server";
import { pageMeta } from "~/utils/seo";

/** The `sizes` of the listing's photo strip: the page's width on phones, 760 px beside the contact card on wider screens. */
const PHOTO_SIZES = "(max-width: 800px) 100vw, 760px";

/**
 * pageMeta, and a preload of the first photo with the same `imagesrcset` and `imagesizes` as its <img>, so the browser
 * starts the largest paint's request with the document's head, at high priority, and uses it for the image (issue 10:
 * listing LCP at most 1.8 s in Lighthouse's mobile test). A phone of 360 to 412 CSS px takes the 400 or 800 px WebP.
 * With the data saver on (root data, decision 022) the preload is the 400 px file, the only one the strip shows.
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
 * Property detail (spec 2.7): photos, price, place, every fact, the office, and similar listings; 404 for an unknown
 * id. A listing that has ended (expired, taken down, sold or rented; issue 14) answers 410 Gone with its essentials,
 * what ended it and similar listings (decision 029). Its owner, logged in, also gets the renew and sold/rented forms.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireId(params.id);
  const { db, locale, t } = await pageContext(request);
  const estate = await getEstate(db, id, locale);
  if (!estate) return gone(request, id);
  const user = estate.userId === null ? null : await getCurrentUser(request);
  const similar = await similarTo(db, estate.id, { ...estate }, locale);
  const title = estateTitle(t, estate);
  const { areaPrices, ...shown } = estate;
  const label = t(currencyKey(estate.currency));
  const medians = medianLines(t, areaPrices, { location: estate.location, governorate: estate.governorate }, label);
  return {
    seo: {
      title: `${title} - ${estate.governorate}`,
      description: t("estate.metaDescription", {
        title,
        place: estate.governorate,
        price:
          estate.price === null
            ? t("card.priceOnRequest")
            : `${formatPrice(estate.price, label)}${estate.periodType ? ` / ${estate.periodType}` : ""}`,
        area: `${formatNumber(estate.area)} ${estate.areaUnit}`,
      }),
      image: estate.images[0]?.large ?? null,
      type: "product" as const,
    },
    estate: shown,
    medians,
    similar,
    /** The owner's tools (issue 14), for the logged-in owner only: the listing's end date (ISO). */
    mine: user !== null && user.id === estate.userId ? { expires: expiresAt(new Date(estate.confirmed)).toISOString() } : null,
  };
}

/** Four public listings like listing `id` (same place, type and offer first; spec 2.7), for its page or its 410 page. */
function similarTo(
  db: Db,
  id: number,
  like: { locationId: number; estateTypeId: number; offerTypeId: number },
  locale: Locale,
): Promise<EstateCard[]> {
  return similarEstates(
    db,
    { location_id: like.locationId, estate_type_id: like.estateTypeId, estate_offer_type_id: like.offerTypeId },
    locale,
    { limit: 4, excludeIds: [id], includeExact: true },
  );
}

/** The 410 page of a listing that has ended (issue 14), or the 404 of one that never was public or was deleted. */
async function gone(request: Request, id: number) {
  const { db, locale, t } = await pageContext(request);
  const closed = await closedEstate(db, id, locale);
  if (!closed) notFound("listing");
  const similar = await similarTo(db, id, { ...closed, offerTypeId: closed.card.offerTypeId }, locale);
  const title = t(`freshness.goneTitle.${closed.status}`);
  return data(
    {
      seo: { title: `${title}: ${estateTitle(t, closed.card)}`, description: t("freshness.goneLead"), noindex: true },
      gone: { status: closed.status, card: closed.card, title },
      similar,
    },
    { status: 410 },
  );
}

export default function EstatePage() {
  const loaded = useLoaderData<typeof loader>();
  return "gone" in loaded ? <GonePage {...loaded} /> : <ListingPage {...loaded} />;
}

/** The page of a public listing (spec 2.7). */
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
  const { t } = useTranslation();
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
  // The listing's JSON-LD is rendered by the server after the page (app/components/StructuredData.server.tsx).
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
          <p className="estate-price">
            <Price value={estate.price} currency={estate.currency} period={estate.periodType} note={estate.priceNote} />
            {estate.negotiable ? <span className="chip">{t("card.negotiable")}</span> : null}
            {estate.furnished ? <span className="chip">{t("card.furnished")}</span> : null}
          </p>
          <Facts estate={estate} />
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
          {estate.description ? (
            <section className="estate-description">
              <h2>{t("estate.description")}</h2>
              <p dir="auto">{estate.description}</p>
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
                </span>
              </Link>
            ) : (
              <p className="contact-owner">{t("estate.privateOwner")}</p>
            )}
            <ContactButtons phoneMasked={estate.phoneMasked} target={{ estate_id: estate.id }} large />
            {root?.user ? null : <p className="hint">{t("estate.loginToContact")}</p>}
            <div className="button-row">
              <SaveToggle estateId={estate.id} labelled />
              <ReportLink estateId={estate.id} labelled />
              <ShareLink estateId={estate.id} />
            </div>
          </div>
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
    </div>
  );
}
