import { and, eq, sql, type SQL } from "drizzle-orm";
import * as s from "~/platform/db/schema";

/*
 * The rule of what is public, in a module of its own: the listing pages (estate.server.ts), the searches, the price
 * medians (prices.server.ts) and the offices all filter by it, and estate.server.ts itself uses the medians, so the
 * rule beside the pages made a circle of imports (docs/decisions/065-a-house-by-feature.md).
 */

/**
 * The rule of what is public: an approved listing that is either kept by the staff (no owner
 * account) or posted by an account that is active, and whose office, if any, is active. A suspended owner's listings leave every public page at once
 * and come back when the suspension is lifted; deleted, pending and rejected listings are never public. The status
 * test stays a plain conjunct, so the partial indexes `WHERE status = 'approved'` are used.
 */
export function publicEstate(): SQL {
  return and(eq(s.estates.status, "approved"), advertiserActive())!;
}

/**
 * The listing's owner account, if any, is active and its office, if any, is active (part of publicEstate). Both are
 * hashed subplans over the few accounts that are not active (users_not_active_idx) and the few offices, built once
 * per query (decision 031): a test per row of the owner's account cost a users lookup for each of the up to 1,001
 * rows a search counts. "Not among the accounts that are not active" is "active" because estates.user_id references
 * users (the account exists) and users.status is never null.
 */
export function advertiserActive(): SQL {
  return and(
    sql`(${s.estates.user_id} is null or ${s.estates.user_id} not in (select ${s.users.id} from ${s.users} where ${s.users.status} <> 'active'))`,
    // A deactivated office leaves the site with its listings (a hashed subplan over the few offices).
    sql`(${s.estates.office_id} is null or ${s.estates.office_id} in (select ${s.offices.id} from ${s.offices} where ${s.offices.is_active}))`,
  )!;
}
