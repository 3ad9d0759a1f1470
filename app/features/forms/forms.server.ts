import { data, type AppLoadContext } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { Db } from "~/platform/db/client.server";
import { getDb } from "~/platform/db/db.server";
import type { MessageKind } from "~/platform/db/schema";
import { tooMany, type Message } from "~/platform/forms/message";
import { parseForm, type FormResult } from "~/platform/forms/parse";
import type { PlaceStep } from "~/features/search/place-finder.server";
import { HONEYPOT_FIELD } from "~/platform/forms/honeypot";
import { consultationSchema, contactSchema } from "~/features/posts/post-forms";
import { takeMessage } from "~/features/inbox/message.server";
import { clientIp } from "~/features/accounts/account.server";
import { getCurrentUser } from "~/features/accounts/auth.server";
import { getT } from "~/platform/i18n/i18n.server";
import { consume, type LimitName } from "~/platform/http/rate-limit.server";
import { redirectWithSuccess } from "~/platform/http/session.server";

/**
 * What a form's action answers when it does not redirect: Conform's reply of the post (FormResult); a form with a
 * place (PlaceField) also gets the places its finder found (`found`, the finder's step) and the chosen place when the
 * place select does not list it (`place`, a locality of the gazetteer; decision 095).
 */
export type FormReply = { lastResult: FormResult; found?: PlaceStep; place?: { id: number; name: string } | null };

/**
 * The one answer of a form's action to a post it does not take: Conform's reply of `submission` (what
 * parseForm gave: every typed value comes back, but `hideFields`, e.g. passwords, and the schema's own Messages)
 * with `formErrors` (the whole form's Messages) and `fieldErrors` (Messages by field name) added, as Remix data of
 * shape FormReply with status `status` (400 unless told: 429 past a limit, 503 when a provider failed) and
 * `headers` (a Set-Cookie), and `place` (the chosen place the form's select lacks, gazetteerPlace). Without a
 * submission (nothing was parsed) the reply holds only `formErrors`. Never throws; stores nothing.
 */
export function formReply(
  submission: {
    reply(options: { formErrors?: Message[]; fieldErrors?: Record<string, Message[]>; hideFields?: string[] }): FormResult;
  } | null,
  options: {
    formErrors?: Message[];
    fieldErrors?: Record<string, Message[]>;
    hideFields?: string[];
    status?: number;
    headers?: HeadersInit;
    place?: { id: number; name: string } | null;
  } = {},
) {
  const { status = 400, headers, place, ...reply } = options;
  // Conform adds an error entry only for the keys given: undefined ones are left out.
  const given = Object.fromEntries(Object.entries(reply).filter(([, value]) => value !== undefined));
  const lastResult: FormResult = submission
    ? submission.reply(given)
    : { status: "error", error: { "": options.formErrors ?? [] } };
  return data<FormReply>({ lastResult, ...(place ? { place } : {}) }, { status, headers });
}

/**
 * The answer to a form sent by its place finder's button (placeStepOf, decision 095): the form back as it was typed
 * (`submission`'s payload, no message: nothing was checked), with the places found, which its place select shows
 * first; status 200. Stores nothing.
 */
export function placeStepReply(submission: { payload: Record<string, unknown> }, found: PlaceStep) {
  return data<FormReply>({ lastResult: { initialValue: submission.payload as FormResult["initialValue"] }, found });
}

/**
 * The honeypot of every public form (remix-utils): a field people never see (hidden by CSS) that bots
 * fill. No time check (people on slow phones, and tests, may post at any speed).
 */
export const honeypot = new Honeypot({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: null });

/** True when the honeypot field was filled: the post is answered like a success and nothing is stored. */
export function isSpam(form: FormData): boolean {
  try {
    honeypot.check(form);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}

/**
 * Counts one post of a public form (or an upload) against its limit `name` for `subject` (an IP address, or an
 * account id) (LIMITS in rate-limit.server.ts). Returns the "too many posts" Message with the
 * minutes to wait when the limit is passed, else null. Database errors propagate.
 */
export async function formLimit(db: Db, name: LimitName, subject: string | undefined): Promise<Message | null> {
  const limit = await consume(db, [[name, subject]]);
  return limit.ok ? null : tooMany("forms:errors.tooMany", limit.retryAfter);
}

/**
 * The action of the consultation form (/consultation) and of its contact variant (/call-us): a filled honeypot is answered like a
 * success and stores nothing; bad input comes back with status 400 and every value; past the per-IP limit, 429 with the values;
 * otherwise the message is stored (with the user when logged in) and the page comes back with 'تم إرسال الرسالة بنجاح'.
 */
export async function messageAction(request: Request, context: AppLoadContext, kind: MessageKind) {
  const form = await request.formData().catch(() => new FormData());
  const t = await getT(request);
  const back = new URL(request.url).pathname;
  if (isSpam(form)) return redirectWithSuccess(back, t("forms:toasts.messageSent"));
  const submission = parseForm(form, kind === "contact" ? contactSchema : consultationSchema);
  if (submission.status !== "success") return formReply(submission);
  const db = await getDb();
  const user = await getCurrentUser(request);
  const outcome = await takeMessage(db, { kind, value: submission.value, userId: user?.id ?? null, ip: clientIp(context) });
  if (outcome.kind === "tooMany")
    return formReply(submission, { formErrors: [tooMany("forms:errors.tooMany", outcome.retryAfter)], status: 429 });
  return redirectWithSuccess(back, t("forms:toasts.messageSent"));
}
