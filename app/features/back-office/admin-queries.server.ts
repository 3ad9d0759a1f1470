import * as z from "zod/v4";
import { INBOX_STATES, SMS_STATES, type SmsState } from "~/platform/db/schema";
import { INBOX_KINDS } from "~/features/inbox/inbox.server";
import { choiceParam, EXACT, idParam, parseQuery, querySearchText, type ParsedQuery } from "~/platform/forms/queries";

/**
 * The query strings of the back office's filtered lists (docs/decisions/063-queries-parsed-like-forms.md), each
 * parameter read as sent. A refused filter (an unknown value, an id that is not one, a parameter sent twice) filters
 * nothing: the list shows every row, as it does without it. Their pages are /admin/audit, /admin/inbox and /admin/sms.
 */

/** The subjects the audit log can be filtered by (`?subject=`). */
export const AUDIT_SUBJECTS = [
  "estate",
  "estate_edit",
  "property_request",
  "estate_report",
  "user",
  "article",
  "office",
  "lead",
  "message",
] as const;

/** /admin/audit: `before` (the last entry's id seen), and one subject, `subject` with its `id`. */
const auditQuery = /* @__PURE__ */ (() => z.object({ before: idParam, subject: choiceParam(AUDIT_SUBJECTS), id: idParam }))();

/** The audit log's filter of `params` (auditQuery): each refused parameter is absent. Never throws. */
export function queryAudit(params: URLSearchParams): ParsedQuery<typeof auditQuery.shape>["value"] {
  return parseQuery(params, auditQuery, EXACT).value;
}

/** /admin/inbox: `kind` (consultation, contact, offer) and `state` (new, in_progress, done, spam). */
const inboxQuery = /* @__PURE__ */ (() => z.object({ kind: choiceParam(INBOX_KINDS), state: choiceParam(INBOX_STATES) }))();

/** The inbox's filter of `params` (inboxQuery): each refused parameter is absent. Never throws. */
export function queryInbox(params: URLSearchParams): ParsedQuery<typeof inboxQuery.shape>["value"] {
  return parseQuery(params, inboxQuery, EXACT).value;
}

/** /admin/sms: the state filter `state`, one of SMS_STATES. */
const smsQuery = /* @__PURE__ */ (() => z.object({ state: choiceParam(SMS_STATES) }))();

/**
 * The filter of /admin/sms from `params`: the number's digits `q` as typed (cut to 30 characters; querySearchText)
 * and the state (null, every state, when none, another or repeated). Never throws.
 */
export function querySms(params: URLSearchParams): { q: string; state: SmsState | null } {
  return {
    q: querySearchText(params, { maxLength: 30, trim: false }),
    state: parseQuery(params, smsQuery, EXACT).value.state ?? null,
  };
}
