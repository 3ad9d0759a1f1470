import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import type { z } from "zod/v4";
import type { Message } from "~/forms/message";
import { parseForm, type FormResult } from "~/forms/parse";

/** The names of a schema's fields (the keys of what it takes in). */
export type FieldName<S extends z.ZodType> = Extract<keyof z.input<S>, string>;

/**
 * The one way a page sets up a form (Conform with its zod schema): the browser checks with `schema` on submit and
 * again on each input (`revalidate: "onSubmit"` checks only on submit); the values come from `defaultValue` or,
 * after a refused post, from the action's reply (`lastResult`, the typed values and each field's Messages), so the
 * form works the same without JavaScript. Every field is typed as a string (what a form posts; the schema coerces);
 * `Extra` names fields the schema does not read (a file input checked by the server). Returns Conform's
 * `[form, fields]`. Never throws.
 */
export function useAppForm<S extends z.ZodType, Extra extends string = never>(
  schema: S,
  options: {
    /** The form element's id. */
    id: string;
    lastResult?: FormResult | null;
    defaultValue?: DefaultValue<Record<FieldName<S> | Extra, string>>;
    revalidate?: "onInput" | "onSubmit";
  },
) {
  return useForm<Record<FieldName<S> | Extra, string>, Record<FieldName<S> | Extra, string>, Message[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: options.revalidate ?? "onInput",
    // The schema's output (numbers, E.164…) is not the strings the fields hold: Conform only reads the errors here.
    onValidate: ({ formData }) => parseForm(formData, schema) as never,
  });
}

/**
 * True while a post of this page is on its way (the submit button is disabled and may say "sending"). `intent`
 * narrows it to the posts whose `intent` field is that value (or passes that test), `action` to the posts to that
 * path. GET forms never count (Remix calls them "loading"). Never throws.
 */
export function useSubmitting(
  filter: { intent?: string | ((intent: FormDataEntryValue | null | undefined) => boolean); action?: string } = {},
): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  const { intent, action } = filter;
  if (action !== undefined && navigation.formAction !== action) return false;
  if (intent === undefined) return true;
  const posted = navigation.formData?.get("intent");
  return typeof intent === "function" ? intent(posted) : posted === intent;
}
