import { Link } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState, type ReactElement } from "react";
import { useRootData } from "~/platform/ui/root-data";
import { useT } from "~/platform/i18n/use-t";
import type { CardImage, EstateCard as Card } from "~/features/listings/estate-card.server";
import { estateTitle, formatDate, formatNumber } from "~/features/listings/format";
import { Icon } from "~/platform/ui/Icon";
import { ContactButtons, ReportLink, SaveToggle } from "./EstateActions";
import { VerifiedBadge } from "~/features/listings/OfficeVerification";

/**
 * Price with thousands separators and the currency label, kept left-to-right inside Arabic text; under it
 * the price in the other currency marked approximate and the price per m², when the card has them.
 */
export function Price({
  value,
  currency,
  period,
  note,
}: {
  value: number | null;
  currency: string;
  period?: string | null;
  /** The other currency and the price per m², written by the server (EstateCard `priceNote`). */
  note?: string | null;
}) {
  const { t } = useT();
  if (value === null) return <span className="price price-on-request">{t("card.priceOnRequest")}</span>;
  return (
    <span className="price">
      <bdi dir="ltr" className="price-amount">
        {formatNumber(value)}
      </bdi>{" "}
      <span className="price-currency">{t(currencyKey(currency))}</span>
      {period ? <span className="price-period"> / {period}</span> : null}
      {note && <small>{note}</small>}
    </span>
  );
}

/** The locales key of a currency label: SYP (the default) or USD (the owner's currency label). */
export function currencyKey(currency: string): "card.currency" | "card.currencyUSD" {
  return currency === "USD" ? "card.currencyUSD" : "card.currency";
}

/**
 * A scroll-snap photo strip; each slide carries its own "n/total" count, so the count works without JavaScript.
 * A strip of more than one photo is a named list that takes the keyboard focus, so the arrow keys scroll it (WCAG 2.1.1,
 * axe's scrollable-region-focusable). With `priority` its first photo loads at once with high priority:
 * the page preloads the same `srcset` and `sizes` (preloadFirstPhoto), so the browser fetches it once. With the data
 * saver on (root data, decision 022) only the first photo is shown, as its 400 px file without `srcset`; its count
 * ("1/5") says how many there are.
 *
 * With `firstOnly` (the cards of a list, decision 086) the page holds the first photo only: the browser's lazy
 * loading would otherwise fetch the slides beside the visible one, on every card. Without JavaScript the count
 * links to the listing's gallery; with it, the other slides are added empty once the page runs, and their photos
 * are asked for when the visitor moves the strip (a scroll, a touch, a key or a click on it).
 */
export function Carousel({
  images,
  alt,
  priority,
  sizes,
  firstOnly,
  gallery,
}: {
  images: CardImage[];
  alt: string;
  priority?: boolean;
  sizes: string;
  firstOnly?: boolean;
  /** The gallery page of the listing, linked from the count of a `firstOnly` strip. */
  gallery?: string;
}) {
  const { t } = useT();
  const saver = useRootData()?.dataSaver;
  // Cards: false in the server's HTML and at hydration (the same markup), true once the page runs.
  const [running, setRunning] = useState(!firstOnly);
  // Cards: whether the visitor has moved the strip, so its other photos are wanted.
  const [asked, setAsked] = useState(!firstOnly);
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => setRunning(true), []);
  useEffect(() => {
    const ul = strip.current;
    if (asked || !ul) return;
    // Native listeners: the strip is a list, not a control; moving it in any way asks for its photos.
    const ask = () => setAsked(true);
    const events = ["scroll", "pointerdown", "touchstart", "keydown", "focus"] as const;
    for (const event of events) ul.addEventListener(event, ask, { passive: true, once: true });
    return () => {
      for (const event of events) ul.removeEventListener(event, ask);
    };
  }, [asked, running]);
  if (!images.length) {
    return (
      <div className="carousel carousel-empty">
        <Icon name="camera" />
        <span>{t("card.noPhotos")}</span>
      </div>
    );
  }
  const shown = saver ? images.slice(0, 1) : running ? images : images.slice(0, 1);
  const scrolls = shown.length > 1;
  return (
    <ul
      ref={strip}
      className="carousel"
      aria-label={t("card.photos", { count: images.length })}
      tabIndex={shown.length > 1 && !saver ? 0 : undefined}
    >
      {shown.map((image, i) => {
        const count = `${i + 1}/${images.length}`;
        return (
          <li key={image.id} className="carousel-slide">
            {i === 0 || asked ? (
              <img
                src={image.small}
                {...(saver ? {} : { srcSet: photoSrcSet(image), sizes })}
                width={400}
                height={300}
                alt={photoAlt(t, alt, i + 1, images.length)}
                loading={priority && i === 0 ? "eager" : "lazy"}
                decoding="async"
                {...(priority && i === 0 ? { fetchpriority: "high" } : {})}
              />
            ) : null}
            {firstOnly && gallery && !scrolls && images.length > 1 ? (
              <Link
                to={gallery}
                className="badge badge-count"
                dir="ltr"
                aria-label={t("estate.gallery", { count: images.length })}
              >
                <Icon name="camera" /> {count}
              </Link>
            ) : (
              <span className="badge badge-count" dir="ltr">
                <Icon name="camera" /> {count}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Stands for the title in a photo's alt text while it is translated: a character of Unicode's private use area, which
 * no title holds.
 */
const TITLE_SLOT = "\uE000";

/**
 * The alt text of photo `n` of `count` of a listing titled `title` ("…، الصورة 2 من 5"). The text is translated with
 * TITLE_SLOT for the title, then the title goes in: the server's texts memo (app/platform/i18n/i18n.server.ts) then keeps
 * one text per photo number and count instead of one per title (at a million listings nearly every card's title
 * and photo was a new entry, translated by i18next each time and pushing the page's other texts out). Texts are not
 * escaped by i18next (app/platform/i18n/i18n.ts), so the result is the same string.
 */
function photoAlt(t: (key: string, options: Record<string, unknown>) => string, title: string, n: number, count: number) {
  return t("card.photoAlt", { title: TITLE_SLOT, n, count }).split(TITLE_SLOT).join(title);
}

/** The `srcset` of a listing photo: the two stored widths of app/platform/images/images.server.ts (400 and 800 px WebP). */
export function photoSrcSet(image: Pick<CardImage, "small" | "large">): string {
  return `${image.small} 400w, ${image.large} 800w`;
}

/** The facts row of a card or listing: area with unit, rooms, floor, pool. */
export function Facts({
  estate,
}: {
  estate: Pick<Card, "area" | "areaUnit" | "rooms" | "floor" | "pool" | "interiorStatus" | "electricityHours" | "solar">;
}) {
  const { t } = useT();
  return (
    <ul className="facts">
      <li>
        <Icon name="area" />
        <span>
          <bdi dir="ltr">{formatNumber(estate.area)}</bdi> {estate.areaUnit}
        </span>
      </li>
      {estate.rooms ? (
        <li>
          <Icon name="bed" />
          <span>{t("card.rooms", { count: estate.rooms })}</span>
        </li>
      ) : null}
      {estate.floor !== null ? (
        <li>
          <Icon name="stairs" />
          <span>{estate.floor === 0 ? t("card.groundFloor") : t("card.floor", { floor: estate.floor })}</span>
        </li>
      ) : null}
      {/* The two facts Syrians ask first (decision 093): grid electricity hours and solar panels. */}
      {estate.electricityHours !== null ? (
        <li>
          <Icon name="bolt" />
          <span>{t("facts.cardElectricity", { hours: estate.electricityHours })}</span>
        </li>
      ) : null}
      {estate.solar ? (
        <li>
          <Icon name="sun" />
          <span>{t("facts.cardSolar")}</span>
        </li>
      ) : null}
      {estate.pool ? (
        <li>
          <Icon name="pool" />
          <span>{t("card.pool")}</span>
        </li>
      ) : null}
      {estate.interiorStatus ? (
        <li>
          <Icon name="paint" />
          <span>{estate.interiorStatus}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** What a property card is drawn from: the listing's card data and whether its first photo loads at once. */
export type EstateCardProps = { estate: Card; priority?: boolean };

/**
 * The server's card fragment cache (decision 033, app/features/listings/CachedEstateCard.server.tsx), provided by
 * app/entry.server.tsx only: there a card is written from HTML kept for the same data, language and account state.
 * In the browser it is null and the card is rendered as always, onto the same markup.
 */
export const CardCacheContext = createContext<((props: EstateCardProps) => ReactElement) | null>(null);

/**
 * The property card: photos with a count, price, place, facts, ownership and type, date, office logo,
 * the contract level as a coloured edge and a named badge, and the places of the save, report and call controls.
 */
export function EstateCard(props: EstateCardProps) {
  const cached = useContext(CardCacheContext);
  return cached ? (
    cached(props)
  ) : (
    <article className={estateCardClass(props.estate)}>
      <EstateCardContent {...props} />
    </article>
  );
}

/** The class of a card's `<article>`: its contract level colours its edge. */
export function estateCardClass(estate: Pick<Card, "contractLevel">): string {
  return `card estate-card level-${estate.contractLevel}`;
}

/** What is inside a card's `<article>` (EstateCard); the server's fragment cache keeps it as HTML. */
export function EstateCardContent({ estate, priority }: EstateCardProps) {
  const { t } = useT();
  const href = `/estate/${estate.id}`;
  const title = estateTitle(t, estate);
  return (
    <>
      <div className="card-media">
        <Carousel
          images={estate.images}
          alt={title}
          priority={priority}
          sizes="(max-width: 800px) 100vw, 400px"
          firstOnly
          gallery={`/estate-gallery/${estate.id}`}
        />
        <span className="badge badge-offer">{estate.offerType}</span>
        <div className="card-tools">
          <SaveToggle estateId={estate.id} />
          <ReportLink estateId={estate.id} />
        </div>
      </div>
      <div className="card-body">
        <p className="card-price">
          <Price value={estate.price} currency={estate.currency} period={estate.pricePeriod} note={estate.priceNote} />
          {estate.negotiable ? <span className="chip">{t("card.negotiable")}</span> : null}
        </p>
        <h3 className="card-title">
          <Link to={href}>{title}</Link>
        </h3>
        <p className="card-place">
          <Icon name="pin" /> {estate.place}
        </p>
        <Facts estate={estate} />
        <p className="card-meta">
          <span>{`${estate.estateType} · ${estate.offerType}${estate.ownershipType ? ` · ${estate.ownershipType}` : ""}`}</span>
        </p>
        <Advertiser estate={estate} />
        <AlsoOfferedBy estateId={estate.id} count={estate.otherOffers} />
        <div className="card-footer">
          <span className="card-date">
            <Icon name="calendar" /> <bdi dir="ltr">{formatDate(estate.date)}</bdi>
            {` · ${estate.freshness}`}
          </span>
          {estate.contractLevel > 1 ? (
            <span className={`level-badge level-${estate.contractLevel}`}>{estate.contractName}</span>
          ) : null}
          {estate.office?.logo ? (
            <Link to={`/office/${estate.office.id}`} className="card-office" aria-label={estate.office.name}>
              <img src={estate.office.logo} width={36} height={36} alt="" loading="lazy" decoding="async" />
            </Link>
          ) : null}
        </div>
        <ContactButtons phoneMasked={estate.phoneMasked} target={{ estate_id: estate.id }} />
      </div>
    </>
  );
}

/**
 * Who offers a listing, on its card (decision 090): the office's name with "Verified office · <month>" while its
 * licence check holds; "Owner" for a listing its owner posted (decision 100); nothing otherwise.
 */
function Advertiser({ estate }: { estate: Card }) {
  const { t } = useT();
  if (!estate.office) {
    return estate.ownerPosted ? (
      <p className="card-advertiser card-owner">
        <Icon name="user" /> <span>{t("card.owner")}</span>
      </p>
    ) : null;
  }
  return (
    <p className="card-advertiser">
      <Icon name="building" /> <span>{estate.office.name}</span>
      {estate.office.verifiedMonth ? <VerifiedBadge month={estate.office.verifiedMonth} /> : null}
    </p>
  );
}

/**
 * One property, one card (decision 099): the line of a card that stands for a group of duplicates ("Also offered by
 * 2 others"), a link to the listing page's list of the other offers; nothing for a card without any.
 */
export function AlsoOfferedBy({ estateId, count }: { estateId: number; count: number }) {
  const { t } = useT();
  if (count < 1) return null;
  return (
    <p className="card-others">
      <Icon name="building" /> <Link to={`/estate/${estateId}#other-offers`}>{t("card.alsoOfferedBy", { count })}</Link>
    </p>
  );
}

/** A responsive grid of property cards; the first card's photo loads eagerly. */
export function EstateGrid({ estates, eagerFirst = true }: { estates: Card[]; eagerFirst?: boolean }) {
  return (
    <div className="grid estate-grid">
      {estates.map((e, i) => (
        <EstateCard key={e.id} estate={e} priority={eagerFirst && i === 0} />
      ))}
    </div>
  );
}
