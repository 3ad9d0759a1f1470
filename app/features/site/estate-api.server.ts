import * as z from "zod/v4";
import { ApiError, page, pageSchema, parseApiQuery, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { dbId, toDbId } from "~/platform/forms/id";
import { choiceParam } from "~/platform/forms/queries";
import { FACINGS, factItems, HEATINGS, INTERNETS } from "~/features/listings/facts";
import { formatPrice } from "~/features/listings/format";
import { getEstate, similarBasis, type OtherOffer } from "~/features/listings/estate.server";
import {
  apiEstateCard,
  apiEstateCardSchema,
  apiOffice,
  apiOfficeSchema,
  cardContext,
} from "~/features/listings/listings-api.server";
import { estateMedians, similarTo } from "./estate-page.server";
import { revealEstateContact } from "./dialog.server";

/**
 * The listing page of the apps' API (docs/api.md, decision 097): `GET /api/estate/{id}`, what /estate/{id} shows
 * (getEstate: every fact of decision 093, the photos as URLs, the office, the area's medians, the other advertisers'
 * offers of the same property of decision 099) with the advertiser's number only when asked (`contact=1`) with a
 * token, counted against the same limit of revealed numbers as the site's contact dialog (revealEstateContact); and
 * `GET /api/estate/similar?estate_id=`, the four listings its page shows under it (similarTo), of a public listing or
 * of one that has ended.
 */

const nullableInt = /* @__PURE__ */ (() => z.int().nullable())();
const nullableBool = /* @__PURE__ */ (() => z.boolean().nullable())();

/** The facts Syrians ask before they call (decision 093), each null when the advertiser did not say. */
const factsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      electricity_hours: nullableInt.meta({ description: "Hours of grid electricity a day, 0 to 24" }),
      solar: nullableBool,
      solar_kw: z.number().nullable(),
      generator_amperes: nullableInt.meta({ description: "Amperes of the generator subscription; 0 is none" }),
      water_tank: nullableBool,
      elevator: nullableBool,
      building_floors: nullableInt,
      building_age_years: nullableInt,
      facing: z.enum(FACINGS).nullable(),
      parking: nullableBool,
      heating: z.enum(HEATINGS).nullable(),
      internet: z.enum(INTERNETS).nullable(),
      upfront_months: nullableInt.meta({ description: "A rent's months paid upfront" }),
      key_money: z.number().nullable().meta({ description: "A shop's key money (فروغ), whole units of key_money_currency" }),
      key_money_currency: z.enum(["SYP", "USD"]).nullable(),
    })
    .meta({ id: "ListingFacts" }))();

/** The advertiser revealed: name (null for a private owner), the number in E.164, tel: and WhatsApp links. */
const contactSchema = /* @__PURE__ */ (() =>
  z.object({ name: z.string().nullable(), phone: z.string(), tel: z.string(), whatsapp: z.string() }))();

/**
 * Another advertiser's offer of the same property (decision 099), as the listing page lists it (OtherOffers): its
 * price, who offers it and its own page.
 */
const otherOfferSchema = /* @__PURE__ */ (() =>
  apiEstateCardSchema
    // The price's fields as a card has them (one definition for both).
    .pick({ state_id: true, price: true, currency: true, price_note: true, price_period: true })
    .extend({
      id: z.int().meta({ description: "The listing's id (GET /api/estate/{id})" }),
      office: apiOfficeSchema.nullable().meta({ description: "The office that offers it, null for its owner" }),
      advertiser: z.string().meta({ description: "Who offers it as the page writes it: the office's name, else 'the owner'" }),
      url: z.string().meta({ description: "Its page on the site" }),
    })
    .meta({ id: "OtherOffer" }))();

/** An other offer of getEstate in the shape of otherOfferSchema: names in `t`'s language, URLs on `origin`. */
function apiOtherOffer(offer: OtherOffer, origin: string, t: (key: string) => string): z.infer<typeof otherOfferSchema> {
  return {
    id: offer.id,
    state_id: offer.stateId,
    price: offer.price,
    currency: offer.currency,
    price_note: offer.priceNote,
    price_period: offer.pricePeriod,
    office: offer.office ? apiOffice(offer.office, origin) : null,
    advertiser: offer.office ? offer.office.name : t("estate.offers.owner"),
    url: `${origin}/estate/${offer.id}`,
  };
}

/** A listing as its page shows it: the card's fields and the page's own. */
const estateSchema = /* @__PURE__ */ (() =>
  apiEstateCardSchema
    .extend({
      url: z.string().meta({ description: "The listing's page on the site" }),
      description: z.string().nullable(),
      is_vacation: z.boolean().meta({ description: "A daily, weekly or seasonal rental" }),
      location_id: z.int(),
      estate_type_id: z.int(),
      governorate_id: z.int(),
      point: z
        .object({ latitude: z.number(), longitude: z.number(), city: z.string().nullable() })
        .nullable()
        .meta({ description: "Where its place is (the place's point, else its city's, then naming the city)" }),
      office: z
        .object({
          id: z.int(),
          name: z.string(),
          logo: z.string().nullable(),
          verified_month: z.string().nullable(),
          address: z.string(),
          phone_masked: z.string(),
        })
        .nullable(),
      updated: z.string().meta({ description: "ISO 8601" }),
      confirmed: z.string().meta({ description: "ISO 8601: the last confirmation (approval or the owner's renewal)" }),
      facts: factsSchema,
      facts_text: z
        .array(z.object({ name: z.string(), label: z.string(), value: z.string() }))
        .meta({ description: "The known facts as the page writes them, in the request's language" }),
      area_prices: z
        .array(z.object({ median: z.string(), basis: z.string(), standing: z.string().nullable() }))
        .meta({ description: "The median price per m² of its place and governorate, as the page writes them" }),
      other_offers: z.array(otherOfferSchema).meta({
        description:
          "The other advertisers' published offers of the same property, cheapest first, as its page lists them (decision 099); empty when it is not grouped",
      }),
      contact: contactSchema
        .nullable()
        .meta({ description: "The advertiser's number: only when asked (contact=1) with a token, else null" }),
    })
    .meta({ id: "Estate" }))();

/** `contact=1` asks for the advertiser's number (a token is needed, and each reveal counts). */
const estateQuery = /* @__PURE__ */ (() => z.object({ contact: choiceParam(["1"]) }))();

/** The query of the similar listings: the listing's id, with the save toggle's message. */
const similarQuery = /* @__PURE__ */ (() => z.object({ estate_id: dbId("forms:errors.checkData") }))();

export const estateEndpoints: ApiEndpoint<{ id: number } | null>[] = [
  {
    method: "GET",
    path: "/estate/similar",
    summary:
      "The four public listings its page shows under a listing (the same place, type and offer first), of a public or ended listing",
    tag: "listings",
    auth: "optional",
    query: similarQuery,
    data: pageSchema(apiEstateCardSchema),
    errors: [404, 422],
    async handle({ db, t, locale, user, query, request }) {
      const { estate_id } = parseApiQuery(query, similarQuery, t);
      const basis = await similarBasis(db, estate_id);
      if (!basis) throw new ApiError(404, t("api.errors.notFound"));
      const [cards, context] = await Promise.all([similarTo(db, estate_id, basis, locale), cardContext(db, request, user)]);
      const list = cards.map((card) => apiEstateCard(card, context.origin, context.savedIds));
      return { data: page(list, 1, Math.max(1, list.length), list.length) };
    },
  },
  {
    method: "GET",
    path: "/estate/{id}",
    summary:
      "A public listing as its page shows it (facts, photos, office, area prices); with contact=1 and a token, the advertiser's number",
    tag: "listings",
    auth: "optional",
    params: z.object({ id: z.int().min(1) }),
    query: estateQuery,
    data: estateSchema,
    errors: [404, 422, 429],
    async handle({ db, t, locale, user, query, params, request }) {
      const id = toDbId(params.id);
      if (id === null) throw new ApiError(404, t("api.errors.notFound"));
      const { contact: askContact } = parseApiQuery(query, estateQuery, t);
      // The number is shown to logged-in users only, as the site's contact dialog asks a visitor to log in first.
      if (askContact && !user) {
        throw new ApiError(401, t("api.errors.unauthorized"), undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
      }
      const estate = await getEstate(db, id, locale);
      if (!estate) throw new ApiError(404, t("api.errors.notFound"));
      const context = await cardContext(db, request, user);
      let contact: z.infer<typeof contactSchema> | null = null;
      if (askContact && user) {
        const revealed = await revealEstateContact(db, user, id, locale, t, context.origin);
        if (revealed?.kind === "limited") throw tooManyRequests(t, "forms:contactDialog.limited", revealed.retryAfter);
        if (revealed) contact = { name: revealed.name, phone: revealed.phone, tel: revealed.tel, whatsapp: revealed.whatsapp };
      }
      const card = apiEstateCard(estate, context.origin, context.savedIds);
      return {
        data: {
          ...card,
          url: `${context.origin}/estate/${id}`,
          description: estate.description,
          is_vacation: estate.isVacation,
          location_id: estate.locationId,
          estate_type_id: estate.estateTypeId,
          governorate_id: estate.governorateId,
          point: estate.point,
          office:
            estate.office && card.office
              ? { ...card.office, address: estate.office.address, phone_masked: estate.office.phoneMasked }
              : null,
          updated: estate.updated,
          confirmed: estate.confirmed,
          facts: estate.facts,
          facts_text: factItems(estate.facts, t, (amount, currency) =>
            formatPrice(amount, t(currency === "USD" ? "card.currencyUSD" : "card.currency")),
          ),
          area_prices: estateMedians(t, estate),
          other_offers: estate.offers.map((offer) => apiOtherOffer(offer, context.origin, t)),
          contact,
        },
      };
    },
  },
];
