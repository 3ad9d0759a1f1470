import type { Tx } from "~/platform/db/client.server";
import { REJECT_REASONS } from "~/features/posts/moderation-forms";
import { toLocale } from "~/platform/i18n/i18n";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { queueSms } from "~/platform/sms/sms.server";

/**
 * What the back office writes to an owner, in the owner's language (a list of common reasons plus free
 * text, in the owner's language; the owner gets an SMS): the reason of a rejection, unpublishing or suspension, and
 * the SMS of each decision. Texts are keys of locales/<lang>/admin.json (`reasons`, `sms`).
 */

/** A plain translate function in a user's language (ar or en). */
async function textsIn(lang: string): Promise<(key: string, values?: Record<string, string | number>) => string> {
  const t = await getLocaleT(toLocale(lang));
  return (key, values) => t(key as never, values as never) as unknown as string;
}

/**
 * The reason an owner reads, in the owner's language: the chosen common reason's text, then the admin's free text
 * (trimmed, at most 500 characters). `other` needs the free text. Returns null when nothing usable was given.
 */
export async function composeReason(reason: string | null, freeText: string, ownerLang: string): Promise<string | null> {
  const t = await textsIn(ownerLang);
  const known =
    (REJECT_REASONS as readonly string[]).includes(reason ?? "") && reason !== "other" ? t(`admin:reasons.${reason}`) : null;
  const extra = freeText.trim().slice(0, 500);
  if (!known && !extra) return null;
  return [known, extra].filter(Boolean).join(known && extra ? ": " : "");
}

/** The common reasons in a language (ar or en), for the reason fields of the back office's forms. */
export async function reasonChoices(lang: string): Promise<{ code: string; text: string }[]> {
  const t = await textsIn(lang);
  return REJECT_REASONS.map((code) => ({ code, text: t(`admin:reasons.${code}`) }));
}

/**
 * Queues an SMS to the owner in their language: `key` of admin.json `sms` with `values` (and the brand), as an `sms`
 * job written in `tx` (the decision's transaction), sent by the worker.
 */
export async function smsOwner(
  tx: Tx,
  owner: { phone: string; lang: string },
  key: string,
  values: Record<string, string | number>,
): Promise<void> {
  const t = await textsIn(owner.lang);
  await queueSms(
    tx,
    {
      phone: owner.phone,
      body: t(`admin:sms.${key}`, { brand: t("brand"), ...values }),
    },
    { purpose: "owner" },
  );
}
