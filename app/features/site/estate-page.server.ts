import { data } from "@remix-run/node";
import { currencyKey } from "~/features/listings/EstateCard";
import type { Db } from "~/platform/db/client.server";
import type { Locale } from "~/platform/i18n/i18n";
import type { EstateCard } from "~/features/listings/estate-card.server";
import { closedEstate, getEstate, type EstateDetail } from "~/features/listings/estate.server";
import { similarEstates } from "~/features/search/estate-search.server";
import { expiresAt } from "~/features/listings/lifetime.server";
import { medianLines } from "~/features/listings/prices.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { estateTitle, formatNumber, formatPrice } from "~/features/listings/format";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";

/**
 * The data of a listing's page, /estate/:id, from the route parameter `param`: photos, price, place, every
 * fact, the office, the area medians and similar listings; 404 for an unknown or malformed id. A listing that has
 * ended (expired, taken down, sold or rented) answers 410 Gone with its essentials, what ended it and
 * similar listings (decision 029). Its owner, logged in, also gets the renew and sold/rented forms.
 */
export async function loadEstatePage(request: Request, param: string | undefined) {
  const id = requireId(param);
  const { db, locale, t } = await pageContext(request);
  const estate = await getEstate(db, id, locale);
  if (!estate) return gone(db, locale, t, id);
  const user = estate.userId === null ? null : await getCurrentUser(request);
  const similar = await similarTo(db, estate.id, { ...estate }, locale);
  const title = estateTitle(t, estate);
  const { areaPrices: _prices, ...shown } = estate;
  const label = t(currencyKey(estate.currency));
  const medians = estateMedians(t, estate);
  return {
    seo: {
      title: `${title} - ${estate.governorate}`,
      description: t("estate.metaDescription", {
        title,
        place: estate.governorate,
        price:
          estate.price === null
            ? t("card.priceOnRequest")
            : `${formatPrice(estate.price, label)}${estate.pricePeriod ? ` / ${estate.pricePeriod}` : ""}`,
        area: `${formatNumber(estate.area)} ${estate.areaUnit}`,
      }),
      image: estate.images[0]?.large ?? null,
      type: "product" as const,
    },
    estate: shown,
    medians,
    similar,
    /** The owner's tools, for the logged-in owner only: the listing's end date (ISO). */
    mine: user !== null && user.id === estate.userId ? { expires: expiresAt(new Date(estate.confirmed)).toISOString() } : null,
  };
}

/**
 * The lines of a listing's area prices (medianLines: the place's then the governorate's median price per m², in the
 * listing's currency, and where the listing stands), in `t`'s language; for its page and the apps' listing.
 */
export function estateMedians(t: (key: string, options?: Record<string, unknown>) => string, estate: EstateDetail) {
  const label = t(currencyKey(estate.currency));
  return medianLines(t, estate.areaPrices, { location: estate.location, governorate: estate.governorate }, label);
}

/**
 * Four public listings like listing `id` (same place, type and offer first), for its page, its 410 page and the
 * apps' GET /api/estate/similar. Throws the database's errors.
 */
export function similarTo(
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

/** The 410 page of a listing that has ended, or the 404 of one that never was public or was deleted. */
async function gone(db: Db, locale: Locale, t: Awaited<ReturnType<typeof pageContext>>["t"], id: number) {
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
