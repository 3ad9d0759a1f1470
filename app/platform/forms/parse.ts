import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/v4";
import type { $ZodIssue } from "zod/v4/core";
import { message, type Message } from "./message";

/**
 * How every form of the site reads what was posted, on the server only (decision 034): Conform's parseWithZod with
 * the schema's messages as Messages (./message.ts). The browser never loads zod: a page gets its form's constraint
 * attributes from its loader (formConstraint) and shows the action's reply (platform/forms/useServerForm.ts).
 */

/** The reply of a form's action that Conform reads back (`lastResult`): the typed values and each field's Messages. */
export type FormResult = SubmissionResult<Message[]>;

/** What parseForm gives: the parsed value on success, else each field's Messages (Conform's Submission). */
export type FormSubmission<S extends z.ZodType> = Submission<z.input<S>, Message[], z.output<S>>;

/**
 * The Messages of zod issues: each issue's message is a locales key, and a limit it reports is the message's
 * values, `max` for a value too long or too large and `min` for one too short or too small (so "at most {{max}}
 * characters" needs no second place to write its number); a refinement's issue takes the values of its
 * `params.values` (`refine(check, { message, params: { values: { max: "1,000" } } })`). Never throws.
 */
export function issueMessages(issues: readonly $ZodIssue[]): Message[] {
  return issues.map((issue) => {
    if (issue.code === "too_big") return message(issue.message, { max: Number(issue.maximum) });
    if (issue.code === "too_small") return message(issue.message, { min: Number(issue.minimum) });
    const values = issue.code === "custom" ? (issue.params?.values as Message["values"] | undefined) : undefined;
    return message(issue.message, values);
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

/**
 * The HTML constraint attributes of each field of a form (`required`, `minLength`, `maxLength`, `min`, `max`,
 * `step`, `multiple`, `pattern`), by field name, as Conform's getZodConstraint reads them from the schema: what a
 * page's loader returns for useServerForm. JSON, a few hundred bytes.
 */
export type FormConstraint<Name extends string> = Partial<
  Record<
    Name,
    {
      required?: boolean;
      minLength?: number;
      maxLength?: number;
      min?: string | number;
      max?: string | number;
      step?: string | number;
      multiple?: boolean;
      pattern?: string;
    }
  >
>;

/** The names of a schema's fields (the keys of what it takes in). */
export type FieldName<S extends z.ZodType> = Extract<keyof z.input<S>, string>;

const constraints = new WeakMap<z.ZodType, FormConstraint<string>>();

/**
 * The constraint attributes of `schema`'s fields (FormConstraint), made once per schema. For loaders; the schema's
 * input keys are its field names. Never throws.
 */
export function formConstraint<S extends z.ZodType>(schema: S): FormConstraint<FieldName<S>> {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema) as FormConstraint<string>;
    constraints.set(schema, constraint);
  }
  return constraint;
}
