import { useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import type { Message } from "~/platform/forms/message";
import type { FormConstraint, FormResult } from "~/platform/forms/parse";

/**
 * A field of one of our forms (decision 034): its ids and name, the value to show, the server's Messages for it and
 * the constraint attributes of the schema (FormConstraint). Our own shape: the prop getters below read it.
 */
export type ServerField = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** The value to show: the one posted (first of several) or the default; undefined for none. */
  initialValue?: string;
  /** The server's Messages for this field; undefined when it has none. */
  errors?: Message[];
  valid: boolean;
  /** React's key for an input to be re-made when the form is (never set: the reply re-renders the form). */
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};

/** A form of ours: its id, the server's Messages for the whole form and for every field, the reply's status. */
export type ServerForm = {
  id: string;
  errorId: string;
  descriptionId: string;
  /** Messages for the whole form (not one field); undefined when it has none. */
  errors?: Message[];
  /** Every field's Messages by name (only the fields that have some). */
  allErrors: Record<string, Message[]>;
  valid: boolean;
  status?: FormResult["status"];
};

/**
 * The one way a page sets up a form (decision 034): each field's ids, name, value, Messages and constraint attributes
 * made in the page from `constraint` (the schema's, from the loader: `formConstraint` in platform/forms/parse.ts) and the
 * action's reply, so that the prop getters below (`inputProps`…) render the same form on the server and in the
 * browser, with and without JavaScript.
 *
 * The server's zod schema is the only check: the browser sends the form as it is and shows the reply (the values
 * typed, except `hideFields` such as passwords, and each field's Messages). After a refused post the first field
 * with an error takes the focus. The values come from the reply (`lastResult.initialValue`), else from
 * `defaultValue`. `Extra` names fields the constraint does not hold (a file input checked by the server).
 * Returns `[form, fields]`; `fields.x` exists for every name. Never throws.
 */
export function useServerForm<Name extends string, Extra extends string = never>(
  constraint: FormConstraint<Name>,
  options: {
    /** The form element's id. */
    id: string;
    lastResult?: FormResult | null;
    defaultValue?: Partial<Record<Name | Extra, string | null | undefined>>;
  },
): [ServerForm, Record<Name | Extra, ServerField>] {
  const { id, lastResult, defaultValue } = options;
  const meta = useMemo((): [ServerForm, Record<Name | Extra, ServerField>] => {
    const values: Record<string, unknown> = lastResult?.initialValue ?? defaultValue ?? {};
    const errors: Record<string, Message[] | null | undefined> = lastResult?.error ?? {};
    const errorsOf = (name: string) => (errors[name]?.length ? errors[name]! : undefined);
    const allErrors = Object.fromEntries(
      Object.keys(errors).flatMap((name) => (errorsOf(name) ? [[name, errorsOf(name)!]] : [])),
    );
    const constraints: Record<string, object | undefined> = constraint;
    const metadata = (name: string): ServerField => {
      const fieldId = name ? `${id}-${name}` : id;
      // A field posted more than once (a forged or repeated post) comes back as a list: its first value is shown.
      const posted = values[name];
      const value = Array.isArray(posted) ? posted.find((v) => typeof v === "string") : posted;
      return {
        ...constraints[name],
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        initialValue: typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined,
        errors: errorsOf(name),
        valid: !errorsOf(name),
      };
    };
    const { name: _name, formId: _formId, initialValue: _value, ...whole } = metadata("");
    const form: ServerForm = { ...whole, allErrors, valid: Object.keys(allErrors).length === 0, status: lastResult?.status };
    // Built on first read, so that any name (Extra ones too) has its metadata.
    const fields = new Proxy({} as Record<Name | Extra, ServerField>, {
      get: (cache: Record<string, ServerField>, name) =>
        typeof name === "string" ? (cache[name] ??= metadata(name)) : undefined,
    });
    return [form, fields];
  }, [id, lastResult, defaultValue, constraint]);
  // A reply that came with the page (a post without JavaScript) leaves the focus alone.
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

/** The props a field's input, select and textarea share. */
export type ControlProps = {
  required?: true;
  id: string;
  name: string;
  form: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** An `<input>`'s props made by inputProps. */
export type InputProps = ControlProps & {
  type: string;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  value?: string;
  defaultChecked?: boolean;
  defaultValue?: string;
};

/** Props without the keys whose value is undefined (so that a spread never sets an attribute to undefined). */
function defined<T extends object>(props: T): T {
  for (const key of Object.keys(props) as (keyof T)[]) if (props[key] === undefined) delete props[key];
  return props;
}

/** A form's (`control` false) or a field's aria attributes: invalid and described by its error list when it has Messages. */
function ariaOf(meta: { errors?: Message[]; errorId: string }, describedBy: string | undefined, control: boolean) {
  const invalid = meta.errors !== undefined;
  return {
    "aria-invalid": control && invalid ? (true as const) : undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}

/** What a field's input, select and textarea share: required, id, name, form and the aria attributes. */
function controlOf(field: ServerField, describedBy: string | undefined): ControlProps {
  return {
    required: field.required ? true : undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    ...ariaOf(field, describedBy, true),
  };
}

/** Options of the prop getters: `ariaDescribedBy`, the id of a hint the field is also described by. */
type DescribedBy = { ariaDescribedBy?: string };

/**
 * The `<form>` element's props of `form`: its id, `noValidate` (the server checks, decision 034) and, when the form
 * has Messages, `aria-describedby` its error list. Never throws.
 */
export function formProps(form: ServerForm): { id: string; noValidate: true; "aria-describedby"?: string } {
  return defined({
    id: form.id,
    noValidate: true as const,
    "aria-describedby": ariaOf(form, undefined, false)["aria-describedby"],
  });
}

/**
 * An `<input>`'s props of `field` as a `type` input: the constraint attributes and the value shown (`defaultValue`),
 * or for a checkbox or a radio button `value` (default "on") and `defaultChecked` when the field's value is that
 * one. Never throws.
 */
export function inputProps(field: ServerField, options: DescribedBy & { type: string; value?: string }): InputProps {
  const props: InputProps = {
    ...controlOf(field, options.ariaDescribedBy),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = field.initialValue === props.value;
  } else if (field.initialValue !== undefined) props.defaultValue = field.initialValue;
  return defined(props);
}

/** A `<select>`'s props of `field`: the option shown is `defaultValue`. Never throws. */
export function selectProps(field: ServerField): ControlProps & { multiple?: boolean; defaultValue?: string } {
  return defined({ ...controlOf(field, undefined), multiple: field.multiple, defaultValue: field.initialValue });
}

/** A `<textarea>`'s props of `field`: its length limits and its text as `defaultValue`. Never throws. */
export function textareaProps(
  field: ServerField,
  options: DescribedBy = {},
): ControlProps & { minLength?: number; maxLength?: number; defaultValue?: string } {
  return defined({
    ...controlOf(field, options.ariaDescribedBy),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: field.initialValue,
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
