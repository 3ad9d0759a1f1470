import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import type { Message } from "~/forms/message";
import type { FormConstraint, FormResult } from "~/forms/parse";

/** A field of one of our forms as Conform's prop getters read it: a string value, its errors Messages. */
export type StringField = FieldMetadata<string | undefined, Record<string, unknown>, Message[]>;
/** A form of ours as Conform's getFormProps and FormNotice read it. */
export type AppForm<Name extends string> = FormMetadata<Record<Name, string>, Message[]>;

/**
 * The one way a page sets up a form (decision 034): Conform's field metadata (ids, names, typed values, each field's
 * Messages, the constraint attributes) made in the page from `constraint` (the schema's, from the loader:
 * `formConstraint` in forms/parse.ts) and the action's reply, so that Conform's prop getters (`getInputProps`…)
 * render the same form on the server and in the browser, with and without JavaScript.
 *
 * The server's zod schema is the only check: the browser sends the form as it is and shows the reply (the values
 * typed, except `hideFields` such as passwords, and each field's Messages). After a refused post the first field
 * with an error takes the focus, as Conform does. The values come from the reply (`lastResult.initialValue`), else
 * from `defaultValue`. `Extra` names fields the constraint does not hold (a file input checked by the server).
 * Returns `[form, fields]`; `fields.x` exists for every name. Never throws.
 */
export function useAppForm<Name extends string, Extra extends string = never>(
  constraint: FormConstraint<Name>,
  options: {
    /** The form element's id. */
    id: string;
    lastResult?: FormResult | null;
    defaultValue?: Partial<Record<Name | Extra, string | null | undefined>>;
  },
): [AppForm<Name | Extra>, Record<Name | Extra, StringField>] {
  const { id, lastResult, defaultValue } = options;
  const meta = useMemo(() => {
    const values = (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>;
    const errors = (lastResult?.error ?? {}) as Record<string, Message[] | null | undefined>;
    const errorsOf = (name: string) => (errors[name]?.length ? errors[name]! : undefined);
    const allErrors = Object.fromEntries(Object.keys(errors).flatMap((name) => (errorsOf(name) ? [[name, errorsOf(name)]] : [])));
    const metadata = (name: string) => {
      const fieldId = name ? `${id}-${name}` : id;
      // A field posted more than once (a forged or repeated post) comes back as a list: its first value is shown.
      const posted = values[name];
      const value = Array.isArray(posted) ? posted.find((v) => typeof v === "string") : posted;
      return {
        ...(constraint as Record<string, object>)[name],
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        initialValue: typeof value === "number" ? String(value) : (value ?? undefined),
        errors: errorsOf(name),
        valid: !errorsOf(name),
      };
    };
    const form = {
      ...metadata(""),
      allErrors,
      valid: Object.keys(allErrors).length === 0,
      noValidate: true,
      status: lastResult?.status,
    };
    const fields = new Proxy({} as Record<string, unknown>, {
      get: (cache, name) => (typeof name === "string" ? (cache[name] ??= metadata(name)) : undefined),
    });
    return [form, fields] as unknown as [AppForm<Name | Extra>, Record<Name | Extra, StringField>];
  }, [id, lastResult, defaultValue, constraint]);
  // A reply that came with the page (a post without JavaScript) leaves the focus alone, as Conform does.
  const first = useRef(lastResult);
  useEffect(() => {
    if (lastResult === first.current || lastResult?.status !== "error") return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name && lastResult.error?.[name]?.length && element instanceof HTMLElement) {
        element.focus();
        break;
      }
    }
  }, [id, lastResult]);
  return meta;
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
