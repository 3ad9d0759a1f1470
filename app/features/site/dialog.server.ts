import type { Db } from "~/platform/db/client.server";
import * as z from "zod/v4";
import { choiceParam, EXACT, idParam, parseQuery } from "~/platform/forms/queries";
import type { Locale } from "~/platform/i18n/i18n";
import { estateCardsByIds, estateContact } from "~/features/listings/estate.server";
import { getLookups, nameOf } from "~/features/places/lookups.server";
import { officeContact } from "~/features/offices/office.server";
import { hasReported } from "~/features/posts/report.server";
import type { User } from "~/features/accounts/user.server";
import { pageWithoutDialog } from "~/platform/ui/dialog";
import { estateTitle } from "~/features/listings/format";
import { loginPath } from "~/features/accounts/auth.server";
import { getT } from "~/platform/i18n/i18n.server";
import { consume } from "~/platform/http/rate-limit.server";

/**
 * Dialogs as URL state: `?dialog=login|report|contact|share` with `estate_id` or `office_id` (and
 * `for` on the login prompt) opens a dialog that the root renders on any page, with or without JavaScript. Closing
 * is a link to the same page without these parameters.
 */
/** The query parameters of a dialog (the root reads them on every page; a page with `dialog` is never kept). */
export const DIALOG_PARAMS = ["dialog", "estate_id", "office_id", "for"] as const;

/** Why a visitor is asked to log in (the prompt's title varies by action). */
export type PromptReason = "contact" | "save" | "report" | "request";

/**
 * The dialog's parameters (docs/decisions/063-queries-parsed-like-forms.md), each read as sent: a parameter refused
 * (an unknown dialog or reason, an id that is not one, a repeated parameter) counts as absent, so the page shows no
 * dialog, or the login prompt of contact. tests/query-schemas.test.ts checks that its keys are DIALOG_PARAMS.
 */
export const dialogQuery = /* @__PURE__ */ (() =>
  z.object({
    dialog: choiceParam(["login", "report", "contact", "share"]),
    estate_id: idParam,
    office_id: idParam,
    for: choiceParam(["save", "report", "request"]),
  }))();

export type DialogData =
  | { kind: "login"; reason: PromptReason; loginTo: string }
  | { kind: "report"; estateId: number; title: string; reasons: { id: number; name: string }[]; already: boolean; backTo: string }
  | { kind: "contact"; name: string | null; phone: string; tel: string; whatsapp: string }
  /** The contact dialog past the account's limit of number reveals: the wait in whole minutes, no number. */
  | { kind: "contactLimited"; minutes: number }
  | { kind: "share"; title: string; url: string; links: { whatsapp: string; facebook: string; telegram: string; x: string } };

/** A wa.me link for an E.164 number with a prefilled message. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** A listing's address with the share tracking parameters (utm_source, utm_medium, utm_campaign). */
export function shareUrl(origin: string, estateId: number, source: string): string {
  return `${origin}/estate/${estateId}?utm_source=${source}&utm_medium=share&utm_campaign=listing_share`;
}

/**
 * The page `back` (a local path without dialog parameters) with the contact dialog of the listing or office open:
 * where a visitor who asked to call or write comes back to after logging in, so the number is shown without a second
 * tap (decision 059). `back` itself when neither id is given.
 */
export function contactPage(back: string, estateId: number | null, officeId: number | null): string {
  const target = estateId ? `estate_id=${estateId}` : officeId ? `office_id=${officeId}` : null;
  if (!target) return back;
  return `${back}${back.includes("?") ? "&" : "?"}dialog=contact&${target}`;
}

/**
 * Counts one phone number shown to a user against its limit (30 per account an hour, LIMITS.contactUser): the seconds
 * to wait once it is passed, or null while within it.
 */
async function revealLimited(db: Db, user: { id: number }): Promise<number | null> {
  const limit = await consume(db, [["contactUser", String(user.id)]]);
  return limit.ok ? null : limit.retryAfter;
}

/** The contact dialog past the limit of number reveals: the wait in whole minutes. */
const limitedDialog = (retryAfter: number): DialogData => ({
  kind: "contactLimited",
  minutes: Math.max(1, Math.ceil(retryAfter / 60)),
});

/** A listing's advertiser as revealed to a logged-in user: name (null for a private owner), number, tel: and wa.me links. */
export type RevealedContact = { kind: "contact"; name: string | null; phone: string; tel: string; whatsapp: string };

/**
 * The advertiser of public listing `estateId` revealed to `user` (the contact dialog of the site and the apps'
 * GET /api/estate/{id}?contact=1): each reveal counts against the account's limit (revealLimited), past which
 * `{kind: "limited", retryAfter}` (seconds) comes instead of the number; null for a listing that is not public or has
 * no number. The WhatsApp link carries a message naming the listing in `t`'s language, with its address on `origin`.
 * Throws the database's errors.
 */
export async function revealEstateContact(
  db: Db,
  user: { id: number },
  estateId: number,
  locale: Locale,
  t: (key: string, values?: Record<string, unknown>) => string,
  origin: string,
): Promise<RevealedContact | { kind: "limited"; retryAfter: number } | null> {
  const contact = await estateContact(db, estateId, locale);
  if (!contact) return null;
  const retryAfter = await revealLimited(db, user);
  if (retryAfter !== null) return { kind: "limited", retryAfter };
  const title = estateTitle(t, contact.card);
  const text = t("forms:contactDialog.whatsappText", { title, ad: contact.card.stateId, url: `${origin}/estate/${estateId}` });
  return revealedContact(contact, text);
}

/** The contact shown: `who`'s name and number, its tel: link and its WhatsApp link with `text` written. */
function revealedContact(who: { name: string | null; phone: string; whatsapp: string }, text: string): RevealedContact {
  return {
    kind: "contact",
    name: who.name,
    phone: who.phone,
    tel: `tel:${who.phone}`,
    whatsapp: whatsappLink(who.whatsapp, text),
  };
}

/**
 * The dialog a request asks for, or null (none asked, an unknown listing or office, bad parameters). Visitors who
 * ask to contact, save or report get the login prompt instead, whose Login button comes back to the page.
 * A user past the limit of number reveals gets `contactLimited` instead of a number.
 */
export async function dialogFor(
  request: Request,
  db: Db,
  user: User | null,
  locale: Locale,
  origin: string,
): Promise<DialogData | null> {
  const url = new URL(request.url);
  const query = parseQuery(url.searchParams, dialogQuery, EXACT).value;
  const kind = query.dialog;
  if (!kind) return null;
  const estateId = query.estate_id ?? null;
  const officeId = query.office_id ?? null;
  const back = pageWithoutDialog(url.pathname, url.search);
  const loginTo = loginPath(back);
  const t = await getT(request);

  if (kind === "login") {
    const reason = query.for;
    if (reason) return { kind: "login", reason, loginTo };
    return { kind: "login", reason: "contact", loginTo: loginPath(contactPage(back, estateId, officeId)) };
  }
  if (kind === "contact" || kind === "report") {
    if (!user) {
      return {
        kind: "login",
        reason: kind,
        loginTo: kind === "contact" ? loginPath(contactPage(back, estateId, officeId)) : loginTo,
      };
    }
    if (kind === "contact" && officeId) {
      const office = await officeContact(db, officeId, locale);
      if (!office) return null;
      const limited = await revealLimited(db, user);
      if (limited !== null) return limitedDialog(limited);
      return revealedContact(office, t("forms:contactDialog.officeText", { url: `${origin}/office/${officeId}` }));
    }
    if (!estateId) return null;
    if (kind === "report") {
      const [card] = await estateCardsByIds(db, [estateId], locale);
      if (!card) return null;
      const title = estateTitle(t, card);
      const lookups = await getLookups(db);
      return {
        kind: "report",
        estateId,
        title,
        reasons: lookups.reportReasons.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
        already: await hasReported(db, user.id, estateId),
        backTo: back,
      };
    }
    const revealed = await revealEstateContact(db, user, estateId, locale, t, origin);
    return revealed?.kind === "limited" ? limitedDialog(revealed.retryAfter) : revealed;
  }
  if (kind === "share" && estateId) {
    const [card] = await estateCardsByIds(db, [estateId], locale);
    if (!card) return null;
    const title = estateTitle(t, card);
    const enc = encodeURIComponent;
    return {
      kind: "share",
      title,
      url: shareUrl(origin, estateId, "copy"),
      links: {
        whatsapp: `https://wa.me/?text=${enc(`${title} ${shareUrl(origin, estateId, "whatsapp")}`)}`,
        facebook: `https://www.facebook.com/sharer/sharer.php?u=${enc(shareUrl(origin, estateId, "facebook"))}`,
        telegram: `https://t.me/share/url?url=${enc(shareUrl(origin, estateId, "telegram"))}&text=${enc(title)}`,
        x: `https://x.com/intent/post?url=${enc(shareUrl(origin, estateId, "x"))}&text=${enc(title)}`,
      },
    };
  }
  return null;
}
