import { desc } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { createEstateOffer } from "~/features/inbox/lead.server";
import { claimDraft, makeOfferDraft } from "~/features/posts/offer-draft.server";
import { createPost, type NewPost } from "~/features/posts/post.server";

/**
 * Inserts one approved listing straight in the table (a staff listing: no owner, no office; the triggers fill the
 * stored prices): a home (type 1) for sale in place 1 at 100,000,000 SYP, 100 m², with `values`
 * replacing those. `state_id` must be given. Returns its id.
 */
export async function approvedListing(
  db: Db,
  values: Partial<typeof s.estates.$inferInsert> & { state_id: number },
): Promise<number> {
  const [row] = await db
    .insert(s.estates)
    .values({
      status: "approved",
      price: 100_000_000,
      currency: "SYP",
      location_id: 1,
      estate_type_id: 1,
      estate_offer_type_id: 1,
      area: 100,
      area_unit_id: 1,
      ...values,
    })
    .returning({ id: s.estates.id });
  return row.id;
}

/**
 * Post fixtures shared by the moderation and back-office tests: a few places of the seeded database, and a post as
 * /new-estate makes it for a logged-in user (pending, no price, no photos; area in square metres).
 */
export function postFixtures(db: () => Db) {
  let locationIds: number[] | undefined;
  /** One of five seeded places, by index (the posts of a file are spread over them). */
  async function place(i = 0): Promise<number> {
    if (!locationIds) {
      const rows = await db().select({ id: s.locations.id }).from(s.locations).orderBy(desc(s.locations.id)).limit(5);
      locationIds = rows.map((r) => r.id);
    }
    return locationIds[i % locationIds.length];
  }
  /** A pending post of `owner`, with `input` replacing the defaults. Returns the listing id. */
  async function newPost(
    owner: { user: { id: number; first_name: string; last_name: string } },
    input: Partial<NewPost> = {},
  ): Promise<number> {
    return createPost(db(), owner.user.id, {
      estate_type_id: 6,
      estate_offer_type_id: 1,
      estate_ownership: 1,
      estate_finishing: 3,
      location_id: await place(),
      area: 120,
      fullname: `${owner.user.first_name} ${owner.user.last_name}`,
      mobile: "0944123456",
      subject: "شقة مشمسة قرب الجامعة",
      ...input,
    });
  }
  /**
   * A visitor's offer (estate_offers, no account) sent with `owner`'s number, with `input` replacing the defaults.
   * Returns the offer id.
   */
  async function newOffer(
    owner: { user: { phone: string; first_name: string } },
    input: Partial<typeof s.estate_offers.$inferInsert> = {},
  ): Promise<number> {
    return createEstateOffer(db(), {
      estate_type_id: 6,
      estate_offer_type_id: 1,
      estate_ownership: 1,
      estate_finishing: 3,
      location_id: await place(),
      area: 120,
      fullname: owner.user.first_name,
      mobile: owner.user.phone,
      subject: "شقة مشمسة قرب الجامعة",
      user_id: null,
      ...input,
    });
  }
  /**
   * A draft of `owner`: made by `admin` from a visitor's offer with the owner's number, and claimed by the
   * owner through its link, as the public functions do it. Returns the listing id.
   */
  async function newDraft(
    owner: { user: { id: number; phone: string; first_name: string } },
    admin: { user: { id: number } },
    input: Partial<NewPost> = {},
  ): Promise<number> {
    const offerId = await newOffer(owner, {
      ...(input.estate_offer_type_id ? { estate_offer_type_id: input.estate_offer_type_id } : {}),
      ...(input.location_id ? { location_id: input.location_id } : {}),
    });
    const made = await makeOfferDraft(db(), offerId, { id: admin.user.id, admin: true });
    if (made.kind !== "made") throw new Error(`no draft: ${made.kind}`);
    if ((await claimDraft(db(), made.estateId, owner.user)) !== "claimed") throw new Error("draft not claimed");
    return made.estateId;
  }
  return { place, newPost, newOffer, newDraft };
}
