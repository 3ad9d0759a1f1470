import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { tellStaff } from "~/platform/sms/staff-sms.server";

/**
 * Leads: the property offers visitors send from /new-estate without an
 * account, kept as `pending` for the office staff, who handle them in the back office's inbox (features/inbox/inbox.server.ts,
 * decision 054). (A logged-in user's offer is their post instead: post.server.ts createPost.) Areas in square metres.
 */

/**
 * Stores a /new-estate offer as `pending` for moderation and, in the same transaction, tells staff (tellStaff: a
 * notice with the count of waiting requests, at most one every 10 minutes, within the working hours; docs/decisions/054
 * and 081). Returns its id.
 */
export async function createEstateOffer(
  db: Db,
  input: typeof s.estate_offers.$inferInsert,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.estate_offers)
      .values({ ...input, status: "pending", created_at: now })
      .returning({ id: s.estate_offers.id });
    await tellStaff(tx, now);
    return row.id;
  });
}
