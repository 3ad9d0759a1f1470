import * as z from "zod/v4";
import { invalid, page, pageOfList, pageSchema, type ApiEndpoint, type ApiCall } from "~/platform/api/api.server";
import type { Message } from "~/platform/forms/message";
import { absoluteUrl } from "~/platform/http/seo";
import { publicOrigin } from "~/platform/http/site.server";
import { officeQuery, parseOfficeQuery } from "~/features/search/search-query";
import { listOffices, searchOffices, type OfficeCard } from "./office.server";

/**
 * The offices of the apps' API (docs/api.md, decision 097): `GET /api/offices` (every active office, higher contract
 * levels first, as /offices lists them), `POST /api/office/search` (the form of /officesResult: `searchselected`,
 * `name`, `location_id`, `verified`) and `GET /api/office/search?name=` (by name unless `searchselected` says
 * otherwise), through the site's office search (searchOffices) with its messages.
 */

/** Offices per page of `GET /api/offices`. */
const OFFICES_PAGE_SIZE = 20;

/** An office card as the apps read it (the office the apps read: id, name, phone, rent and sale counts, logo, place, level). */
const apiOfficeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.int(),
      name: z.string(),
      phone_masked: z
        .string()
        .meta({ description: "The office's number with digits hidden (shown in full to users on the site)" }),
      address: z.string(),
      location: z.string().meta({ description: "'governorate, place'" }),
      logo: z.string().nullable().meta({ description: "96 px (absolute URL), or null" }),
      logo_large: z.string().nullable().meta({ description: "192 px (absolute URL), or null" }),
      contract_level: z.int().meta({ description: "1 free, 2 silver, 3 bronze, 4 gold" }),
      contract_name: z.string(),
      rent_count: z.int().min(0),
      sale_count: z.int().min(0),
      verification: z
        .object({ month: z.string(), lapsed: z.boolean() })
        .nullable()
        .meta({ description: "The month of its licence check by the staff and whether it has lapsed; null when never verified" }),
    })
    .meta({ id: "Office" }))();

/** An office card in the shape of apiOfficeSchema, its logos absolute on `origin`. */
function apiOffice(office: OfficeCard, origin: string): z.infer<typeof apiOfficeSchema> {
  return {
    id: office.id,
    name: office.name,
    phone_masked: office.phoneMasked,
    address: office.address,
    location: office.place,
    logo: office.logo ? absoluteUrl(origin, office.logo) : null,
    logo_large: office.logoLarge ? absoluteUrl(origin, office.logoLarge) : null,
    contract_level: office.contractLevel,
    contract_name: office.contractName,
    rent_count: office.rentCount,
    sale_count: office.saleCount,
    verification: office.verification,
  };
}

/** The answer of a search: every office found, on one page. */
function onePage(offices: OfficeCard[], origin: string) {
  return page(
    offices.map((office) => apiOffice(office, origin)),
    1,
    Math.max(1, offices.length),
    offices.length,
  );
}

/**
 * The office search of `fields` (searchOffices, read by parseOfficeQuery as /officesResult reads its query): a 422
 * with the page's message when the place or the name it needs is missing, else the offices found on one page.
 */
async function officeSearch({ db, t, locale, request }: ApiCall<unknown, unknown>, fields: URLSearchParams) {
  const { errors, offices } = await searchOffices(db, parseOfficeQuery(fields), locale);
  const first = errors.location_id?.[0] ?? errors.name?.[0];
  if (first) throw invalid(t, errors as Record<string, Message[]>, t(first.key, first.values));
  return { data: onePage(offices, publicOrigin(request)) };
}

/** The office search's fields, documented as the form's (they are parsed as /officesResult parses its query). */
const officeSearchBody = /* @__PURE__ */ (() =>
  officeQuery.meta({
    description:
      "searchselected 2 searches by name, anything else by place (location_id: offices of its governorate, its own first)",
  }))();

export const officeEndpoints: ApiEndpoint[] = [
  {
    method: "GET",
    path: "/offices",
    summary: "Every active office, the higher contract levels first, a page of 20 at a time",
    tag: "offices",
    auth: "none",
    query: z.object({ page: z.int().min(1).optional() }),
    data: pageSchema(apiOfficeSchema),
    errors: [404],
    async handle({ db, t, locale, query, request }) {
      const offices = await listOffices(db, locale);
      const origin = publicOrigin(request);
      return { data: pageOfList(offices, query, OFFICES_PAGE_SIZE, t, (office) => apiOffice(office, origin)) };
    },
  },
  {
    method: "POST",
    path: "/office/search",
    summary: "Search the offices by place (searchselected 1, location_id) or by name (searchselected 2, name)",
    tag: "offices",
    auth: "none",
    body: { kind: "form", schema: officeSearchBody, raw: true },
    data: pageSchema(apiOfficeSchema),
    errors: [422],
    handle: (call) => officeSearch(call, call.body as URLSearchParams),
  },
  {
    method: "GET",
    path: "/office/search",
    summary: "Search the offices by name (?name=), or by place with searchselected=1 and location_id",
    tag: "offices",
    auth: "none",
    query: officeQuery,
    data: pageSchema(apiOfficeSchema),
    errors: [422],
    handle(call) {
      const fields = new URLSearchParams(call.query);
      if (!fields.has("searchselected")) fields.set("searchselected", "2");
      return officeSearch(call, fields);
    },
  },
];
