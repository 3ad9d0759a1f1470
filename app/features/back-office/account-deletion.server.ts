import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { recordAudit } from "~/platform/db/audit.server";
import { deleteReleasedPhotos } from "~/features/posts/post-photos.server";
import { transitionIn } from "~/features/posts/moderation.server";
import type { User } from "~/features/accounts/user.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { checkOwnPassword, endSessions, type TooManyTries } from "~/features/accounts/account-control.server";

/**
 * The end of an account by its owner and the export of its data (docs/decisions/092-an-account-its-owner-controls.md):
 * both reach every feature's tables (listings, saved searches, requests, offers, messages), so they live here, above
 * them, beside the back office's suspension (user-admin.server.ts). Database errors propagate.
 */

/** The number a deleted account keeps: never an E.164 number, so anyone may register the real one again. */
export function deletedPhone(userId: number): string {
  return `deleted:${userId}`;
}

/**
 * Deletes the account of a logged-in user who typed its password (`password`, within the login limits), in one
 * transaction: every listing of the account leaves the site (the moderation's `delete`, with its audit entry, its
 * photos deleted after the commit), its saved searches stop and go, with its saved listings, requests, sessions,
 * reset links, codes and sign-ups; its offers and messages to the staff lose the name and number they carried; the
 * row keeps only its id (the audit log's pseudonymous id), status `deleted` and `deleted_at`, without name, number or
 * password, so the number can register again. An audit entry `user.delete` records it. "wrong" changes nothing.
 */
export async function deleteAccount(
  db: Db,
  input: { user: User; password: string; ip: string | undefined },
): Promise<{ kind: "deleted" } | { kind: "wrong" } | TooManyTries> {
  const { user } = input;
  const check = await checkOwnPassword(db, user, input.password, input.ip);
  if (check.kind !== "ok") return check;
  const released = await db.transaction(async (tx) => {
    const files: string[] = [];
    const posts = await tx
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(and(eq(s.estates.user_id, user.id), ne(s.estates.status, "deleted")))
      .orderBy(asc(s.estates.id));
    // Each listing's `delete` takes it out of its group of duplicates (decision 099), before the account's status
    // changes: nothing of the account stays public for a group to stand on (decision 103).
    for (const post of posts) {
      const result = await transitionIn(tx, post.id, "delete", { id: user.id, admin: false });
      files.push(...result.releasedImages);
    }
    await tx.update(s.estates).set({ phone: null }).where(eq(s.estates.user_id, user.id));
    await tx.delete(s.saved_searches).where(eq(s.saved_searches.user_id, user.id));
    await tx.delete(s.saved_estates).where(eq(s.saved_estates.user_id, user.id));
    await tx.delete(s.property_requests).where(eq(s.property_requests.user_id, user.id));
    await tx.delete(s.password_resets).where(eq(s.password_resets.user_id, user.id));
    await tx.delete(s.registrations).where(eq(s.registrations.phone, user.phone));
    await tx.delete(s.sms_codes).where(eq(s.sms_codes.phone, user.phone));
    await tx.update(s.estate_offers).set({ fullname: "", mobile: "" }).where(eq(s.estate_offers.user_id, user.id));
    await tx.update(s.messages).set({ name: "", mobile: "" }).where(eq(s.messages.user_id, user.id));
    await endSessions(tx, user.id);
    await tx
      .update(s.users)
      .set({
        first_name: "",
        last_name: "",
        phone: deletedPhone(user.id),
        // No argon2 hash: nothing verifies against it.
        password_hash: "",
        status: "deleted",
        suspended_reason: null,
        deleted_at: new Date(),
      })
      .where(eq(s.users.id, user.id));
    await recordAudit(tx, { actorId: user.id, action: "user.delete", subjectType: "user", subjectId: user.id });
    return files;
  });
  await deleteReleasedPhotos(released);
  return { kind: "deleted" };
}

/**
 * "Download my data": everything the site keeps of a user's own (decision 092) as one JSON-ready object: the account
 * (names, number, language, dates), its listings with their state and texts, its saved listings, saved searches,
 * property requests, offers and messages to the staff, and its sessions (device, country, dates). Never the password
 * hash or a token's hash. Prices are whole units of their currency; areas m² (or the listing's unit).
 */
export async function exportAccountData(db: Db, userId: number) {
  const [account] = await db
    .select({
      id: s.users.id,
      first_name: s.users.first_name,
      last_name: s.users.last_name,
      phone: s.users.phone,
      lang: s.users.lang,
      created_at: s.users.created_at,
      activated_at: s.users.activated_at,
    })
    .from(s.users)
    .where(eq(s.users.id, userId));
  const [listings, saved, searches, requests, offers, messages, sessions] = await Promise.all([
    db
      .select({
        id: s.estates.id,
        state_id: s.estates.state_id,
        status: s.estates.status,
        estate_type_id: s.estates.estate_type_id,
        estate_offer_type_id: s.estates.estate_offer_type_id,
        location_id: s.estates.location_id,
        price: s.estates.price,
        currency: s.estates.currency,
        area: s.estates.area,
        rooms_count: s.estates.rooms_count,
        floor: s.estates.floor,
        phone: s.estates.phone,
        description_ar: s.estates.description_ar,
        description_en: s.estates.description_en,
        created_at: s.estates.created_at,
      })
      .from(s.estates)
      .where(and(eq(s.estates.user_id, userId), notInArray(s.estates.status, ["deleted"])))
      .orderBy(asc(s.estates.id)),
    db
      .select({ estate_id: s.saved_estates.estate_id, created_at: s.saved_estates.created_at })
      .from(s.saved_estates)
      .where(eq(s.saved_estates.user_id, userId))
      .orderBy(asc(s.saved_estates.created_at)),
    db
      .select({
        name: s.saved_searches.name,
        query: s.saved_searches.query,
        frequency: s.saved_searches.frequency,
        paused: s.saved_searches.paused,
        created_at: s.saved_searches.created_at,
      })
      .from(s.saved_searches)
      .where(eq(s.saved_searches.user_id, userId))
      .orderBy(asc(s.saved_searches.id)),
    db
      .select({
        estate_offer_type_id: s.property_requests.estate_offer_type_id,
        estate_type_id: s.property_requests.estate_type_id,
        location_id: s.property_requests.location_id,
        min_price: s.property_requests.min_price,
        max_price: s.property_requests.max_price,
        notes: s.property_requests.notes,
        status: s.property_requests.status,
        created_at: s.property_requests.created_at,
      })
      .from(s.property_requests)
      .where(eq(s.property_requests.user_id, userId))
      .orderBy(asc(s.property_requests.id)),
    db
      .select({
        fullname: s.estate_offers.fullname,
        mobile: s.estate_offers.mobile,
        subject: s.estate_offers.subject,
        area: s.estate_offers.area,
        location_id: s.estate_offers.location_id,
        created_at: s.estate_offers.created_at,
      })
      .from(s.estate_offers)
      .where(eq(s.estate_offers.user_id, userId))
      .orderBy(asc(s.estate_offers.id)),
    db
      .select({
        kind: s.messages.kind,
        name: s.messages.name,
        mobile: s.messages.mobile,
        subject: s.messages.subject,
        created_at: s.messages.created_at,
      })
      .from(s.messages)
      .where(eq(s.messages.user_id, userId))
      .orderBy(asc(s.messages.id)),
    db
      .select({
        user_agent: s.sessions.user_agent,
        ip_country: s.sessions.ip_country,
        created_at: s.sessions.created_at,
        last_used_at: s.sessions.last_used_at,
      })
      .from(s.sessions)
      .where(eq(s.sessions.user_id, userId))
      .orderBy(asc(s.sessions.id)),
  ]);
  return {
    account: account ? { ...account, phone_formatted: formatPhone(account.phone) } : null,
    listings,
    saved_listings: saved,
    saved_searches: searches,
    property_requests: requests,
    offers,
    messages,
    sessions,
    exported_at: new Date().toISOString(),
  };
}
