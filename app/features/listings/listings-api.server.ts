import * as z from "zod/v4";
import { ApiError, pageOfList, pageSchema, parseApiQuery, type ApiEndpoint } from "~/platform/api/api.server";
import { dbId } from "~/platform/forms/id";
import { absoluteUrl } from "~/platform/http/seo";
import { publicOrigin } from "~/platform/http/site.server";
import type { CardImage, EstateCard, EstateImage } from "./estate-card.server";
import { savedEstateIds, savedEstates, setSaved } from "./saved.server";

/**
 * The listings of the apps' API (docs/api.md, decisions 096 and 097): a listing's card as JSON (apiEstateCard, which
 * the search, the listing and the similar and saved listings answer), `POST /api/estate/save?estate_id=` and
 * `DELETE /api/estate/unSave?estate_id=` (the site's save toggle, setSaved, for the token's user) and
 * `GET /api/estate/saved` (the user's saved listings, as /profile lists them).
 */

/** A photo of a listing as the apps read it (`images.data[]`: id, url, index): URLs absolute. */
const apiImageSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int(),
    index: z.int().min(0).meta({ description: "Its place in the gallery, from 0" }),
    url: z.string().meta({ description: "The photo 800 px wide (absolute URL)" }),
    url_small: z.string().meta({ description: "The photo 400 px wide (absolute URL)" }),
  }))();

/** The office that offers a listing, as the apps read it: its logo an absolute URL. */
export const apiOfficeSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int(),
    name: z.string(),
    logo: z.string().nullable().meta({ description: "Absolute URL, or null" }),
    verified_month: z.string().nullable().meta({ description: "The month of its licence check while it holds" }),
  }))();

/**
 * A property card as the apps read it (the property fields the apps read, docs/api.md), named in the request's language.
 * Prices are whole units of `currency` (SYP or USD), areas in `area_unit`.
 */
export const apiEstateCardSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.int(),
      state_id: z.int().meta({ description: "The ad number" }),
      price: z.number().nullable().meta({ description: "Whole units of `currency`; null is 'price on request'" }),
      currency: z.string().meta({ description: "SYP or USD" }),
      price_note: z
        .string()
        .nullable()
        .meta({ description: "The price in the other currency (≈) and per m², as the card writes it" }),
      price_period: z.string().nullable().meta({ description: "What a rent's price is for ('month', 'night'), null for a sale" }),
      negotiable: z.boolean(),
      furnished: z.boolean(),
      swimming_pool: z.boolean(),
      estate_offer_type_id: z.int().meta({ description: "1 sale, 2 rent" }),
      estate_offer_type: z.string(),
      estate_type: z.string(),
      period_type: z.string().nullable(),
      location: z.string().meta({ description: "The place (city, area or village)" }),
      governorate: z.string(),
      place: z.string().meta({ description: "'governorate, place'" }),
      interior_status: z.string().nullable(),
      ownership_type: z.string().nullable(),
      area: z.number(),
      area_unit: z.string(),
      rooms_count: z.int().nullable(),
      floor: z.int().nullable().meta({ description: "0 is the ground floor" }),
      electricity_hours: z.int().nullable().meta({ description: "Hours of grid electricity a day; null when not known" }),
      solar: z.boolean().nullable(),
      date: z.string().meta({ description: "The day of publication in Damascus, YYYY-MM-DD" }),
      freshness: z.string().meta({ description: "When it was last confirmed ('updated 3 days ago')" }),
      contract_level: z.int().meta({ description: "1 free, 2 silver, 3 bronze, 4 gold" }),
      contract_name: z.string(),
      office: apiOfficeSchema.nullable(),
      owner_posted: z
        .boolean()
        .meta({ description: "Posted by its owner (estate_ownership 1) and no office: shown as 'Owner' (decision 100)" }),
      phone_masked: z.string().nullable().meta({ description: "The advertiser's number with digits hidden" }),
      is_saved: z.boolean().meta({ description: "Saved by the token's user (false without a token)" }),
      images: z.object({ data: z.array(apiImageSchema) }),
      also_offered_by: z.int().min(0).meta({
        description:
          "How many other advertisers' published offers of the same property this card stands for ('also offered by 2 other advertisers', decision 099); 0 when it is not grouped",
      }),
    })
    .meta({ id: "EstateCard" }))();

/** A card in the shape of apiEstateCardSchema. */
export type ApiEstateCard = z.infer<typeof apiEstateCardSchema>;

/** The URLs of a card's photo, absolute on `origin` (a photo of an image store's URL is already). */
function apiImage(image: CardImage | EstateImage, index: number, origin: string) {
  return {
    id: image.id,
    index: "index" in image ? image.index : index,
    url: absoluteUrl(origin, image.large),
    url_small: absoluteUrl(origin, image.small),
  };
}

/**
 * The site's card (toCard) as the apps read it: the field names of docs/api.md, photos and logo as absolute URLs on
 * `origin` (publicOrigin of the request), `is_saved` from `savedIds` (the token user's saved listings). Never throws.
 */
export function apiEstateCard(
  card: Omit<EstateCard, "images"> & { images: (CardImage | EstateImage)[] },
  origin: string,
  savedIds: ReadonlySet<number>,
): ApiEstateCard {
  return {
    id: card.id,
    state_id: card.stateId,
    price: card.price,
    currency: card.currency,
    price_note: card.priceNote,
    price_period: card.pricePeriod,
    negotiable: card.negotiable,
    furnished: card.furnished,
    swimming_pool: card.pool,
    estate_offer_type_id: card.offerTypeId,
    estate_offer_type: card.offerType,
    estate_type: card.estateType,
    period_type: card.periodType,
    location: card.location,
    governorate: card.governorate,
    place: card.place,
    interior_status: card.interiorStatus,
    ownership_type: card.ownershipType,
    area: card.area,
    area_unit: card.areaUnit,
    rooms_count: card.rooms,
    floor: card.floor,
    electricity_hours: card.electricityHours,
    solar: card.solar,
    date: card.date,
    freshness: card.freshness,
    contract_level: card.contractLevel,
    contract_name: card.contractName,
    office: card.office ? apiOffice(card.office, origin) : null,
    owner_posted: card.ownerPosted,
    phone_masked: card.phoneMasked,
    is_saved: savedIds.has(card.id),
    images: { data: card.images.map((image, index) => apiImage(image, index, origin)) },
    also_offered_by: card.otherOffers,
  };
}

/** A card's office (toCard) in the shape of apiOfficeSchema, its logo absolute on `origin`. Never throws. */
export function apiOffice(office: NonNullable<EstateCard["office"]>, origin: string): z.infer<typeof apiOfficeSchema> {
  return {
    id: office.id,
    name: office.name,
    logo: office.logo ? absoluteUrl(origin, office.logo) : null,
    verified_month: office.verifiedMonth,
  };
}

/**
 * What a call needs to answer cards: the site's origin for the URLs and the ids the token's user saved (none
 * without a user). Throws the database's errors.
 */
export async function cardContext(
  db: Parameters<typeof savedEstateIds>[0],
  request: Request,
  user: { id: number } | null,
): Promise<{ origin: string; savedIds: ReadonlySet<number> }> {
  return { origin: publicOrigin(request), savedIds: new Set(user ? await savedEstateIds(db, user.id) : []) };
}

/** Saved listings per page of `GET /api/estate/saved`. */
const SAVED_PAGE_SIZE = 12;

/** The query of save and unSave: the listing's id, with the save toggle's message. */
const estateQuery = /* @__PURE__ */ (() => z.object({ estate_id: dbId("forms:errors.checkData") }))();

/** The answer of save and unSave: the listing and whether it is saved now. */
const savedData = /* @__PURE__ */ (() => z.object({ estate_id: z.int(), is_saved: z.boolean() }))();

/** One call of the toggle: `saved` true saves (a listing that is not public is a 404), false unsaves. */
function toggle(method: "POST" | "DELETE", path: string, saved: boolean): ApiEndpoint<{ id: number }> {
  return {
    method,
    path,
    summary: saved
      ? "Save a public listing for the token's user"
      : "Remove a listing from the token's user's saved list (whether or not it is still public)",
    tag: "listings",
    auth: "required",
    query: estateQuery,
    data: savedData,
    errors: [401, 404, 422],
    async handle({ db, t, user, query }) {
      const { estate_id } = parseApiQuery(query, estateQuery, t);
      const outcome = await setSaved(db, user.id, estate_id, saved);
      if (outcome === "missing") throw new ApiError(404, t("api.errors.notFound"));
      return {
        data: { estate_id, is_saved: outcome === "saved" },
        message: t(outcome === "saved" ? "forms:toasts.saved" : "forms:toasts.unsaved"),
      };
    },
  };
}

export const listingEndpoints: ApiEndpoint<{ id: number }>[] = [
  toggle("POST", "/estate/save", true),
  toggle("DELETE", "/estate/unSave", false),
  {
    method: "GET",
    path: "/estate/saved",
    summary: "The token's user's saved listings that are still public, newest save first, a page at a time",
    tag: "listings",
    auth: "required",
    query: z.object({ page: z.int().min(1).optional() }),
    data: pageSchema(apiEstateCardSchema),
    errors: [401, 404],
    async handle({ db, t, locale, user, query, request }) {
      const cards = await savedEstates(db, user.id, locale);
      const origin = publicOrigin(request);
      const saved = new Set(cards.map((card) => card.id));
      return { data: pageOfList(cards, query, SAVED_PAGE_SIZE, t, (card) => apiEstateCard(card, origin, saved)) };
    },
  },
];
