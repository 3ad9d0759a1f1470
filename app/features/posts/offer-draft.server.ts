import { and, eq, isNull } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import type { Locale } from "~/platform/i18n/i18n";
import { toLatinDigits } from "~/platform/forms/text";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { readSignedLink, signLink } from "~/platform/http/signed-links.server";
import { queueSms } from "~/platform/sms/sms.server";
import { siteOrigin } from "~/platform/http/site.server";
import { recordAudit } from "~/platform/db/audit.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import type { Actor } from "./moderation.server";
import { nextStateId } from "./post.server";

/**
 * A visitor's offer becomes a listing (docs/decisions/055-offer-to-listing.md): from an offer sent on
 * /new-estate without an account (estate_offers, user_id null), an admin makes a listing `draft` in one step; the
 * owner gets an SMS with a signed link (/od/<token>), confirms their number by logging in or signing up with it,
 * and the draft becomes theirs (estates.user_id) to complete in the post editor and send for review (draft →
 * pending, moderation.server.ts `submit`). Areas in square metres.
 */

/** How long the SMS link of a draft works (ms): 14 days, long enough for an owner who signs up later. */
export const DRAFT_LINK_MS = 14 * 24 * 60 * 60 * 1000;

/** The signed-link purpose of the draft links (a token of another purpose never passes for one of these). */
const LINK_PURPOSE = "offer-draft";

/** Arabic script anywhere in a text: the offer's subject is then the Arabic description, else the English one. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The language a text is written in, by its script (decision 055): Arabic script is `ar`, anything else `en`. */
export function scriptLocale(text: string): Locale {
  return ARABIC_SCRIPT.test(text) ? "ar" : "en";
}

/**
 * The E.164 form of the number a visitor typed on /new-estate (national Syrian `0944 123 456`, or international
 * with `+`; Arabic-Indic digits allowed), or null when it is not a number that can receive an SMS (a landline, a
 * toll-free or premium number, or no valid number at all): the draft's link goes there by SMS and its owner's
 * account must have that number.
 */
export function offerMobile(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(toLatinDigits(typed.replace(/[\s\-().]/g, "")), "SY");
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== undefined && !["MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"].includes(type)) return null;
  return parsed.number;
}

/** The token of a draft's SMS link (signLink: the listing id in base 36 and the expiry), valid until `validUntil`. */
export function draftLinkToken(estateId: number, validUntil: Date): string {
  return signLink(LINK_PURPOSE, [estateId.toString(36)], validUntil);
}

/** A draft link's token read back at `now`: forged or malformed, past its 14 days, or the listing it names. */
export type DraftLink = { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; estateId: number };

/** Checks a token of draftLinkToken (readSignedLink: the signature compared in constant time). Never throws. */
export function readDraftLinkToken(token: string, now: Date): DraftLink {
  const read = readSignedLink(LINK_PURPOSE, token, 1, now);
  if (read.kind !== "ok") return read;
  const estateId = parseInt(read.fields[0], 36);
  if (!Number.isSafeInteger(estateId) || estateId <= 0) return { kind: "invalid" };
  return { kind: "ok", estateId };
}

/** The listing made from an offer, as the offer's page shows it. */
export type OfferDraft = {
  estateId: number;
  stateId: number;
  status: s.EstateStatus;
  /** Whether the owner has taken it (logged in or signed up with the offer's number through the link). */
  claimed: boolean;
};

/** A visitor's offer with every field, for /admin/offers/:id. Area in square metres; `date` ISO. */
export type OfferDetail = {
  id: number;
  date: string;
  fullname: string;
  /** As the visitor typed it. */
  mobile: string;
  /** Its E.164 form (offerMobile), null when it cannot receive an SMS. */
  mobileE164: string | null;
  offerTypeId: number;
  offerType: string;
  estateTypeId: number | null;
  estateType: string | null;
  place: string;
  area: number;
  finishing: string | null;
  /** The sender's relation to the property (1 owner, 2 agent, 3 other), null when not given. */
  ownership: number | null;
  subject: string;
  inboxState: s.InboxState;
  draft: OfferDraft | null;
};

/** A visitor's offer (user_id null) with its draft, or null when there is no such offer. */
export async function offerDetail(db: Db, offerId: number, locale: Locale): Promise<OfferDetail | null> {
  const [row] = await db
    .select({ offer: s.estate_offers, estate: s.estates })
    .from(s.estate_offers)
    .leftJoin(s.estates, eq(s.estates.id, s.estate_offers.estate_id))
    .where(and(eq(s.estate_offers.id, offerId), isNull(s.estate_offers.user_id)));
  if (!row) return null;
  const { offer: o, estate: e } = row;
  const lookups = await getLookups(db);
  return {
    id: o.id,
    date: o.created_at.toISOString(),
    fullname: o.fullname,
    mobile: o.mobile,
    mobileE164: offerMobile(o.mobile),
    offerTypeId: o.estate_offer_type_id,
    offerType: nameOf(lookups.byId.offerType.get(o.estate_offer_type_id), locale) ?? "",
    estateTypeId: o.estate_type_id,
    estateType: o.estate_type_id ? (nameOf(lookups.byId.estateType.get(o.estate_type_id), locale) ?? null) : null,
    place: placeName(lookups, o.location_id, locale),
    area: o.area,
    finishing: o.estate_finishing ? (nameOf(lookups.byId.interiorStatus.get(o.estate_finishing), locale) ?? null) : null,
    ownership: o.estate_ownership,
    subject: o.subject,
    inboxState: o.inbox_state,
    draft: e ? { estateId: e.id, stateId: e.state_id, status: e.status, claimed: e.user_id !== null } : null,
  };
}

/** What making a draft did: made it (with its ids), found the one made before, or why it could not. */
export type MakeDraftOutcome =
  | { kind: "made"; estateId: number; stateId: number }
  | { kind: "exists"; estateId: number }
  | { kind: "missing" }
  /** The offer's number cannot receive an SMS (offerMobile): the link could never reach its owner. */
  | { kind: "noMobile" }
  /** The offer has no property type and the admin gave none (estates.estate_type_id is required). */
  | { kind: "typeRequired" };

/**
 * Makes the listing draft of visitor's offer `offerId` as `admin`, in one transaction (decision 055): a row of
 * `estates` in status `draft` with no owner yet, carrying the offer's type (or `estateTypeId` when the offer has
 * none), offer type, place, area (m²), finishing (interior_status_id), a rent's period, the subject as the description of its
 * script's language, the sender's name and number (E.164); no ownership_type_id (the offer's `estate_ownership`
 * is who the sender is, not a title-deed kind: it goes into the audit entry). The offer gets `estate_id` and, unless
 * it is done, the inbox state in_progress taken by the admin; one audit entry each for the listing and the offer;
 * and the owner's SMS with the signed link `<origin>/od/<token>` (valid DRAFT_LINK_MS), queued in the same
 * transaction. The offer row is locked first, so a second click (even a concurrent one) finds the draft made by the
 * first ("exists") and never makes another.
 */
export async function makeOfferDraft(
  db: Db,
  offerId: number,
  admin: Actor,
  options: { estateTypeId?: number | null; now?: Date; origin?: string } = {},
): Promise<MakeDraftOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(s.estate_offers)
      .where(and(eq(s.estate_offers.id, offerId), isNull(s.estate_offers.user_id)))
      .for("update");
    if (!offer) return { kind: "missing" };
    if (offer.estate_id !== null) return { kind: "exists", estateId: offer.estate_id };
    const phone = offerMobile(offer.mobile);
    if (!phone) return { kind: "noMobile" };
    const estateTypeId = offer.estate_type_id ?? options.estateTypeId ?? null;
    if (estateTypeId === null) return { kind: "typeRequired" };
    const language = scriptLocale(offer.subject);
    const state_id = await nextStateId(tx);
    const [estate] = await tx
      .insert(s.estates)
      .values({
        state_id,
        status: "draft",
        user_id: null,
        contact_name: offer.fullname,
        phone,
        price: null,
        location_id: offer.location_id,
        estate_type_id: estateTypeId,
        estate_offer_type_id: offer.estate_offer_type_id,
        interior_status_id: offer.estate_finishing,
        // A rent's period as the sender gave it (decision 057); an offer sent before it was asked has none, and the
        // owner's editor asks for it.
        period_type_id: offer.estate_offer_type_id === 2 ? offer.period_type_id : null,
        ownership_type_id: null,
        // Who the sender said they are (decision 100): kept on the listing, which the search's owners' filter reads.
        estate_ownership: offer.estate_ownership,
        area: offer.area,
        area_unit_id: 1,
        description_ar: language === "ar" ? offer.subject : null,
        description_en: language === "en" ? offer.subject : null,
        submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: s.estates.id });
    const inboxState = offer.inbox_state === "done" ? "done" : "in_progress";
    await tx
      .update(s.estate_offers)
      .set({
        estate_id: estate.id,
        ...(inboxState !== offer.inbox_state || offer.taken_by === null
          ? { inbox_state: inboxState, taken_by: admin.id, inbox_changed_at: now }
          : {}),
      })
      .where(eq(s.estate_offers.id, offer.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "estate.draft",
      subjectType: "estate",
      subjectId: estate.id,
      details: { to: "draft", offer_id: offer.id, estate_ownership: offer.estate_ownership },
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "lead.draft",
      subjectType: "lead",
      subjectId: offer.id,
      details: { estate_id: estate.id, from: offer.inbox_state, to: inboxState },
    });
    const t = getLocaleT(language);
    const link = `${options.origin ?? siteOrigin()}/od/${draftLinkToken(estate.id, new Date(now.getTime() + DRAFT_LINK_MS))}`;
    await queueSms(tx, { phone, body: t("offerDraft.sms", { brand: t("brand"), link }) }, { purpose: "offer_link" });
    return { kind: "made", estateId: estate.id, stateId: state_id };
  });
}

/** The draft a link names, as its page needs it; null when the listing is gone (deleted or never there). */
export type LinkedDraft = {
  estateId: number;
  stateId: number;
  status: s.EstateStatus;
  /** The number the draft belongs to (E.164). */
  phone: string;
  ownerId: number | null;
  title: string;
};

/** The listing of a draft link, or null when it no longer exists or was deleted. */
export async function linkedDraft(db: Db, estateId: number, locale: Locale): Promise<LinkedDraft | null> {
  const [e] = await db.select().from(s.estates).where(eq(s.estates.id, estateId));
  if (!e || e.status === "deleted" || !e.phone) return null;
  const lookups = await getLookups(db);
  const type = nameOf(lookups.byId.estateType.get(e.estate_type_id), locale) ?? "";
  const offer = nameOf(lookups.byId.offerType.get(e.estate_offer_type_id), locale) ?? "";
  return {
    estateId: e.id,
    stateId: e.state_id,
    status: e.status,
    phone: e.phone,
    ownerId: e.user_id,
    title: `${type} · ${offer} · ${placeName(lookups, e.location_id, locale)}`,
  };
}

/**
 * The draft `estateId` becomes the account `user`'s (estates.user_id), with its audit entry `estate.claim`, when it
 * is still a draft without an owner and its number is the account's: "claimed"; "mine" when it is already theirs;
 * "otherNumber" when the account has another number; "taken" when another account has it or it is no longer a
 * draft without an owner; "missing" when there is no such listing.
 */
export async function claimDraft(
  db: Db,
  estateId: number,
  user: { id: number; phone: string },
): Promise<"claimed" | "mine" | "otherNumber" | "taken" | "missing"> {
  return db.transaction(async (tx) => {
    const [e] = await tx.select().from(s.estates).where(eq(s.estates.id, estateId)).for("update");
    if (!e || e.status === "deleted") return "missing";
    if (e.user_id === user.id) return "mine";
    if (e.phone !== user.phone) return "otherNumber";
    if (e.user_id !== null || e.status !== "draft") return "taken";
    await tx.update(s.estates).set({ user_id: user.id, updated_at: new Date() }).where(eq(s.estates.id, estateId));
    await recordAudit(tx, { actorId: user.id, action: "estate.claim", subjectType: "estate", subjectId: estateId });
    return "claimed";
  });
}
