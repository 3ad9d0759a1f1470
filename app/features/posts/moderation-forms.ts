import * as z from "zod/v4";
import { dbId } from "~/platform/forms/id";
import { parseForm } from "~/platform/forms/parse";
import { CONTROL_CHARS } from "./post-forms";
import { BIDI_MESSAGE, bidiError } from "~/platform/forms/text";

/**
 * The back office's decision forms as zod schemas, parsed with
 * parseForm like every other form. A refused post is answered `{ error, values }`: `error` is the first
 * issue's message (a key of locales/<lang>/admin.json or forms.json), `values` what was typed, so the page shows it
 * again. Issues come in the order of each schema's keys, and the "a reason is required" check runs only once every
 * field is valid (zod runs an object's refinements only then), which keeps the order of the messages.
 */

/** A bad id or an unknown decision: the form was not made by the page (or the page is out of date). */
export const DECISION_ERROR = "admin:errors.decision";
/** A rejection, unpublishing or suspension without a reason. */
export const REASON_ERROR = "admin:errors.reason";
/** Characters kept of a reason's free text. */
export const REASON_TEXT_MAX = 500;

/** The common reasons of a rejection or unpublishing, as keys of admin.json `reasons`. */
export const REJECT_REASONS = ["photos", "price", "details", "duplicate", "rules", "other"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** A typed text without control characters (PostgreSQL refuses NUL), cut to `max` characters. Never throws. */
export function plainText(value: unknown, max: number): string {
  return (typeof value === "string" ? value : "").replace(new RegExp(CONTROL_CHARS.source, "g"), "").slice(0, max);
}

/** The common reason's code when it is one of REJECT_REASONS, else null (an unknown code is no reason, not an error). */
function reasonCode(value: unknown): RejectReason | null {
  return (REJECT_REASONS as readonly unknown[]).includes(value) ? (value as RejectReason) : null;
}

/**
 * The one reason schema: `reason`, a common reason's code (unknown codes read as none), and
 * `reason_text`, the free text without control characters, at most REASON_TEXT_MAX characters, refused with
 * "forms:errors.bidiChars" when it holds bidirectional controls. Suspensions use the free text alone.
 */
export const reasonFields = {
  reason: z.unknown().transform(reasonCode),
  reason_text: z
    .unknown()
    .transform((v) => plainText(v, REASON_TEXT_MAX))
    .refine((v) => bidiError(v) === null, BIDI_MESSAGE),
};

/** Whether a reason was given: a common reason other than "other", or a free text that is not blank. */
export function hasReason(value: { reason?: RejectReason | null; reason_text: string }): boolean {
  return value.reason_text.trim() !== "" || (value.reason != null && value.reason !== "other");
}

/** The refinement's message and field when a decision that needs a reason has none. */
const reasonRequired = { message: REASON_ERROR, path: ["reason_text"] };

const decision = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: DECISION_ERROR });

/**
 * The decisions of the review page of a post (/admin/posts/:id); reject, reject_edit and unpublish need a reason;
 * `close` marks a listing sold (a sale) or rented (a rental).
 */
export const POST_DECISIONS = ["approve", "reject", "approve_edit", "reject_edit", "unpublish", "close"] as const;
const NEEDS_REASON: readonly string[] = ["reject", "reject_edit", "unpublish"];

/** /admin/posts/:id: a decision, its reason, and the version of the post the page showed. */
export const postDecisionSchema = /* @__PURE__ */ (() =>
  z
    .object({
      decision: decision(POST_DECISIONS),
      ...reasonFields,
      version: z.unknown().transform((v) => (typeof v === "string" ? v : undefined)),
    })
    .refine((v) => !NEEDS_REASON.includes(v.decision) || hasReason(v), reasonRequired))();

/** /admin/requests: approve or reject (with a reason) one pending property request. */
export const requestDecisionSchema = /* @__PURE__ */ (() =>
  z
    .object({ id: dbId(DECISION_ERROR), decision: decision(["approve", "reject"]), ...reasonFields })
    .refine((v) => v.decision !== "reject" || hasReason(v), reasonRequired))();

/** /admin/reports: dismiss a listing's open reports (the free text is a note), or unpublish it with a reason. */
export const reportDecisionSchema = /* @__PURE__ */ (() =>
  z
    .object({ estate_id: dbId(DECISION_ERROR), ...reasonFields, decision: decision(["dismiss", "unpublish"]) })
    .refine((v) => v.decision !== "unpublish" || hasReason(v), reasonRequired))();

/** /admin/users: suspend an account (a free-text reason required) or lift its suspension (an optional note). */
export const accountDecisionSchema = /* @__PURE__ */ (() =>
  z
    .object({ user_id: dbId(DECISION_ERROR), decision: decision(["suspend", "lift"]), reason_text: reasonFields.reason_text })
    .refine((v) => v.decision !== "suspend" || hasReason(v), reasonRequired))();

/**
 * /admin/offers/:id, "make a listing draft" (decision 055): the property type to give the draft when the
 * visitor's offer has none (a positive id, checked against the types by the action); nothing else is asked.
 */
export const offerDraftSchema = /* @__PURE__ */ (() =>
  z.object({ estate_type_id: dbId("admin:offers.typeRequired").optional() }))();

/** /admin/jobs: put one failed job back in the queue. */
export const jobRetrySchema = /* @__PURE__ */ (() => z.object({ id: dbId(DECISION_ERROR) }))();
/** /admin/sms: send one failed message again (the same one-id form). */
export const smsResendSchema = jobRetrySchema;

/**
 * Parses a back-office form with `schema` (parseForm, as every form): `{ value }` when it is valid, else
 * `{ error }`, the first issue's message key. `payload` is what was sent, for the values a refused form shows again.
 * Never throws.
 */
export function parseAdminForm<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
): { payload: Record<string, unknown> } & (
  { value: z.output<Schema>; error?: undefined } | { value?: undefined; error: string }
) {
  const submission = parseForm(form, schema);
  if (submission.status === "success") return { payload: submission.payload, value: submission.value as z.output<Schema> };
  const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
  return { payload: submission.payload, error: first?.key ?? DECISION_ERROR };
}

/** The reason fields as a refused form shows them again: the known common reason ("" for none) and the cleaned free text. */
export function reasonValues(payload: Record<string, unknown>): { reason: string; reason_text: string } {
  return { reason: reasonCode(payload.reason) ?? "", reason_text: plainText(payload.reason_text, REASON_TEXT_MAX) };
}
