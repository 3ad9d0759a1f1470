import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";
import { createPost, type NewPost } from "~/models/post.server";

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
  return { place, newPost };
}
