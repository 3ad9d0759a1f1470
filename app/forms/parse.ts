import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/v4";
import type { $ZodIssue } from "zod/v4/core";
import { message, type Message } from "./message";

/**
 * How every form of the site reads what was posted, on the server (the authority) and, with JavaScript, in the
 * browser: Conform's parseWithZod with the schema's messages as Messages (./message.ts).
 */

/** The reply of a form's action that Conform reads back (`lastResult`): the typed values and each field's Messages. */
export type FormResult = SubmissionResult<Message[]>;

/** What parseForm gives: the parsed value on success, else each field's Messages (Conform's Submission). */
export type FormSubmission<S extends z.ZodType> = Submission<z.input<S>, Message[], z.output<S>>;

/**
 * The Messages of zod issues: each issue's message is a locales key, and a limit it reports is the message's
 * values, `max` for a value too long or too large and `min` for one too short or too small (so "at most {{max}}
 * characters" needs no second place to write its number). Never throws.
 */
export function issueMessages(issues: readonly $ZodIssue[]): Message[] {
  return issues.map((issue) => {
    if (issue.code === "too_big") return message(issue.message, { max: Number(issue.maximum) });
    if (issue.code === "too_small") return message(issue.message, { min: Number(issue.minimum) });
    return message(issue.message);
  });
}

/**
 * Parses a posted form (FormData or URLSearchParams) with `schema` (Conform's coercion: empty fields are missing).
 * Returns the Submission: `status: "success"` with `value`, or the Messages of each field ("" for the form). Never
 * throws for bad input.
 */
export function parseForm<S extends z.ZodType>(form: FormData | URLSearchParams, schema: S): FormSubmission<S> {
  return parseWithZod(form, { schema, formatError: issueMessages }) as FormSubmission<S>;
}
