import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import type { MessageKind } from "~/db/schema";
import { consultationSchema, contactSchema } from "~/forms/posts";
import { createMessage } from "~/models/message.server";
import { clientIp, messageWith } from "./account.server";
import { getCurrentUser } from "./auth.server";
import { getT } from "./i18n.server";
import { redirectWithSuccess } from "./session.server";
import { HONEYPOT_FIELD } from "~/forms/posts";
import { consume, type LimitName } from "./rate-limit.server";

/**
 * The honeypot of every public form (issue 4, remix-utils): a field people never see (hidden by CSS) that bots
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
 * Counts one post of a public form against its per-IP limit (issue 4, LIMITS in rate-limit.server.ts). Returns the
 * seconds to wait when the limit is passed, else null.
 */
export async function formLimit(db: Db, name: LimitName, ip: string | undefined): Promise<number | null> {
  const limit = await consume(db, [[name, ip]]);
  return limit.ok ? null : limit.retryAfter;
}

/**
 * The action of the consultation form (/consultation) and of its contact variant (/call-us) (spec 5 and 7,
 * contactUs/import): a filled honeypot is answered like a success and stores nothing; bad input comes back with
 * status 400 and every value; past the per-IP limit, 429 with the values; otherwise the message is stored (with the
 * user when logged in) and the page comes back with 'تمت عملية ارسال الرسالة بنجاح'.
 */
export async function messageAction(request: Request, context: AppLoadContext, kind: MessageKind) {
  const form = await request.formData().catch(() => new FormData());
  const t = await getT(request);
  const back = new URL(request.url).pathname;
  if (isSpam(form)) return redirectWithSuccess(back, t("forms:toasts.messageSent"));
  const submission = parseWithZod(form, { schema: kind === "contact" ? contactSchema : consultationSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const db = await getDb();
  const wait = await formLimit(db, "messageIp", clientIp(context));
  if (wait !== null) return data({ lastResult: submission.reply({ formErrors: [tooMany(wait)] }) }, { status: 429 });
  const user = await getCurrentUser(request);
  await createMessage(db, { kind, ...submission.value, user_id: user?.id ?? null });
  return redirectWithSuccess(back, t("forms:toasts.messageSent"));
}

/** The "too many posts" message of the public forms for a wait in seconds. */
export function tooMany(retryAfter: number): string {
  return messageWith("forms:errors.tooMany", { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
}
