import type { ReactNode } from "react";
import { useT } from "~/platform/i18n/use-t";
import { HONEYPOT_FIELD } from "~/platform/forms/honeypot";
import { message as messageOf, type Message } from "~/platform/forms/message";
import { Icon } from "~/platform/ui/Icon";
import { inputProps, selectProps, textareaProps, type ServerField, type ServerForm } from "./useServerForm";

/** Translates a Message (a locales key and the values of its placeholders) in the page's language. */
export function useMessage(): (message: Message) => string {
  const { t } = useT();
  return (message) => t(message.key, message.values);
}

/** The first error of a field, translated (its message is a locales key), under the field with an icon. */
export function FieldErrors({ field }: { field: ServerField }) {
  const message = useMessage();
  const first = field.errors?.[0];
  return first ? (
    <p className="field-error" id={field.errorId}>
      <Icon name="alert" /> {message(first)}
    </p>
  ) : null;
}

/** A labelled checkbox (value "on") whose checked state comes back from the server's reply, with its error under it. */
export function CheckField({ field, label }: { field: ServerField; label: string }) {
  const props = inputProps(field, { type: "checkbox", value: "on" });
  return (
    <div className="field field-check">
      <label>
        <input {...props} /> {label}
      </label>
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * A labelled file input (`accept`: the media types offered; `multiple`: several files) with its hint under it and the
 * server's first message for it (a file input is never filled again from a reply: the message says what to do);
 * `children` (the current image of an editor's field) stand between the label and the input.
 */
export function FileField({
  field,
  label,
  hint,
  accept,
  multiple,
  children,
}: {
  field: ServerField;
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  children?: ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {children}
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? `${hintId} ${field.errorId}` : hintId}
      />
      <p className="hint" id={hintId}>
        {hint}
      </p>
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * One labelled input (label above, hint under, error under in red). `type` is an input type; the
 * value typed comes back from the server's reply, except for passwords (Conform `hideFields`).
 */
export function TextField({
  field,
  label,
  type = "text",
  hint,
  resetKey,
  ...rest
}: {
  field: ServerField;
  label: string;
  type?: "text" | "tel" | "password" | "date";
  hint?: string;
  /**
   * When given, the input's identity: changing it empties the input (the password after a failed login), and
   * nothing else does (Conform's own key changes with every reply, which could empty a password being typed).
   */
  resetKey?: string;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "inputMode" | "dir" | "autoCapitalize" | "spellCheck" | "autoFocus" | "onChange"
>) {
  const props = inputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  // A password never gets a value from the page (the server never sends one back), so React never resets one
  // that is being typed when a reply arrives.
  if (type === "password") delete props.defaultValue;
  // The server's translated messages replace the browser's: no pattern (a phone's pattern is also invalid under the
  // browser's `v` regex flag), and no maxLength on passwords (a longer paste would be cut without a word).
  delete props.pattern;
  if (type === "password") delete props.maxLength;
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input {...props} key={resetKey} {...rest} />
    </FieldFrame>
  );
}

/**
 * A password input (left to right, never filled from the page): `label` above it, `autoComplete` telling a
 * password manager whether it is the current password or a new one, and `resetKey` as for TextField (a new captcha
 * empties the login password).
 */
export function PasswordField({
  field,
  label,
  autoComplete,
  resetKey,
}: {
  field: ServerField;
  label: string;
  autoComplete: "current-password" | "new-password";
  resetKey?: string;
}) {
  return <TextField field={field} type="password" label={label} autoComplete={autoComplete} dir="ltr" resetKey={resetKey} />;
}

/** The frame of one field: the label above the control, the hint and the first error under it. */
function FieldFrame({
  field,
  label,
  hint,
  children,
}: {
  field: ServerField;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * The whole form's message at the top: the form's errors, or, when only fields are wrong, the
 * `checkData` key ('complete the required fields' of the account forms unless told, 'please check the data'…; null:
 * nothing, the fields say it). Announced to screen readers.
 */
export function FormNotice({
  form,
  checkData = "account:errors.checkData",
}: {
  form: Pick<ServerForm, "errors" | "allErrors">;
  checkData?: string | null;
}) {
  const translate = useMessage();
  const formErrors = form.errors ?? [];
  const fieldsWrong = checkData !== null && Object.keys(form.allErrors).length > 0;
  const messages = formErrors.length ? formErrors : fieldsWrong ? [messageOf(checkData)] : [];
  if (!messages.length) return null;
  return (
    <div className="notice notice-error form-notice" role="alert">
      <Icon name="alert" />
      <div>
        {messages.map((m) => (
          <p key={m.key}>{translate(m)}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * The honeypot of the public forms: a field hidden by CSS (not by an inline style, which the CSP forbids)
 * and from assistive technology, that only bots fill. The server checks it with remix-utils' Honeypot.
 */
export function HoneypotField() {
  const { t } = useT();
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t("forms:fields.honeypot")}</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A labelled text area; `maxLength` is left to the server's message. */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 5,
}: {
  field: ServerField;
  label: string;
  hint?: string;
  rows?: number;
}) {
  const props = textareaProps(field, { ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  delete props.maxLength;
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea {...props} rows={rows} dir="auto" />
    </FieldFrame>
  );
}

/** A labelled native select (the best picker on cheap phones), with an empty first choice when `placeholder` is given. */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  children,
}: {
  field: ServerField;
  label: string;
  options?: { id: number | string; name: string }[];
  placeholder?: string;
  /** Options given as elements instead (grouped places). */
  children?: React.ReactNode;
}) {
  const { defaultValue, ...props } = selectProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {/* A field posted more than once comes back as a list: the select shows its first value. */}
      <select {...props} defaultValue={Array.isArray(defaultValue) ? defaultValue[0] : defaultValue}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {children ??
          options?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
      </select>
      <FieldErrors field={field} />
    </div>
  );
}

/** Radio buttons that look like tabs or chips (sale/rent as tabs), for a small set of choices. */
export function RadioChoices({
  field,
  label,
  options,
}: {
  field: ServerField;
  label: string;
  options: { id: number; name: string }[];
}) {
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    <fieldset className="field choices" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend>{label}</legend>
      <div className="tabs">
        {options.map((o) => (
          <label key={o.id} className="tab">
            <input
              type="radio"
              name={field.name}
              value={o.id}
              defaultChecked={initial === String(o.id)}
              key={`${field.key ?? ""}${o.id}`}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
      <FieldErrors field={field} />
    </fieldset>
  );
}
