import type { z } from "zod/v4";
import type { Db } from "~/platform/db/client.server";
import { message, type Message } from "~/platform/forms/message";
import { consume } from "~/platform/http/rate-limit.server";
import { estateTypeExists, locationExists } from "~/features/places/lookups.server";
import { createPost } from "~/features/posts/post.server";
import type { newEstateSchema } from "~/features/posts/post-forms";
import { createEstateOffer } from "./lead.server";

/**
 * A property offer of /new-estate and of the apps (POST /api/v2/estate/add), taken once its form parsed
 * (newEstateSchema; a rent's period checked with periodFieldErrors): one service, so the page and the API hold the
 * same rules.
 */

/** What takeEstateOffer did. `fieldErrors` are the form's Messages by field; `retryAfter` in seconds. */
export type OfferOutcome =
  | { kind: "invalid"; fieldErrors: Record<string, Message[]> }
  | { kind: "tooMany"; retryAfter: number }
  | { kind: "post"; id: number }
  | { kind: "lead"; id: number };

/**
 * Takes a parsed offer: its place and type must exist ("invalid" on `location_id` or `estate_type_id`), and a
 * logged-in user's offer needs a type; then the per-address offer limit (10 an hour, "tooMany", nothing stored).
 * A logged-in user's (`userId`) offer becomes their pending post ("post", the estate's id, with the price given or
 * "price on request"), a visitor's a lead for
 * the office staff in the back office's inbox ("lead", the estate_offers id). A sale has no period, whatever was
 * sent. Database errors propagate.
 */
export async function takeEstateOffer(
  db: Db,
  input: {
    /** The offer; a logged-in owner's may carry its price in whole units of its currency (ownerOfferSchema, decision 087). */
    value: z.output<typeof newEstateSchema> & { price?: number; currency?: "SYP" | "USD" };
    userId: number | null;
    ip: string | undefined;
  },
): Promise<OfferOutcome> {
  const { value, userId } = input;
  if (!(await locationExists(db, value.location_id)))
    return { kind: "invalid", fieldErrors: { location_id: [message("forms:errors.cityRequired")] } };
  if (value.estate_type_id !== undefined && !(await estateTypeExists(db, value.estate_type_id)))
    return { kind: "invalid", fieldErrors: { estate_type_id: [message("forms:errors.choice")] } };
  // A logged-in user's offer is their post: it needs a type to be listed.
  if (userId !== null && value.estate_type_id === undefined)
    return { kind: "invalid", fieldErrors: { estate_type_id: [message("forms:errors.typeRequired")] } };
  const limit = await consume(db, [["offerIp", input.ip]]);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  const offerTypeId = value.estate_offer_type_id ?? 1;
  const offer = {
    estate_offer_type_id: offerTypeId,
    period_type_id: offerTypeId === 2 ? (value.period_type_id ?? null) : null,
    estate_ownership: value.estate_ownership ?? null,
    estate_finishing: value.estate_finishing ?? null,
    location_id: value.location_id,
    area: value.area,
    fullname: value.fullname,
    mobile: value.mobile,
    subject: value.subject,
  };
  if (userId !== null && value.estate_type_id !== undefined) {
    const price = { price: value.price ?? null, currency: value.currency ?? "SYP" };
    return { kind: "post", id: await createPost(db, userId, { ...offer, ...price, estate_type_id: value.estate_type_id }) };
  }
  return {
    kind: "lead",
    id: await createEstateOffer(db, { ...offer, estate_type_id: value.estate_type_id ?? null, user_id: null }),
  };
}
