import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/platform/i18n/use-t";
import { FileField, FormNotice } from "~/platform/forms/FormParts";
import { IMAGE_ACCEPT } from "~/features/posts/post-forms";
import { DamascusTime } from "./AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { formProps, useSubmitting, type ServerForm, type ServerField } from "~/platform/forms/useServerForm";

/**
 * UI fragments shared by the back office's Content pages: the article and office lists and their
 * editors. Every text is passed in already translated (locales/<lang>/content.json), except the shared "saving" and
 * "save" words of the editors' button.
 */

/**
 * The heading of a back-office list (`title`) with the button that opens the editor of a new row (`newHref`, a path;
 * `newText`, its translated label). Never throws.
 */
export function ContentHead({ title, newHref, newText }: { title: string; newHref: string; newText: string }) {
  return (
    <div className="content-head">
      <h1>{title}</h1>
      <Link to={newHref} className="button button-primary">
        {newText}
      </Link>
    </div>
  );
}

/**
 * One `<li>` of a back-office list (inside a `<ul className="content-list">`): an optional thumbnail (`thumb`, an
 * `<img>` or null), the title linking to the row's editor (`href`), what `children` add under it (a date, a place),
 * and a chip with the state (`stateText`; `on` is published or active, an off row is dimmed). Never throws.
 */
export function ContentRow({
  on,
  href,
  title,
  stateText,
  thumb,
  children,
}: {
  on: boolean;
  href: string;
  title: string;
  stateText: string;
  thumb?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={on ? undefined : "is-off"}>
      {thumb}
      <div className="content-item-text">
        <Link to={href} className="content-item-title">
          {title}
        </Link>
        {children}
      </div>
      <span className={on ? "chip" : "chip chip-off"}>{stateText}</span>
    </li>
  );
}

/**
 * A calendar icon and a time (`iso`, an ISO 8601 time, shown in Damascus time with the zone named: DamascusTime) in a
 * `<p>` or, inline, a `<span>` (`as`). Never throws.
 */
export function DateLine({ iso, as: Tag = "p" }: { iso: string; as?: "p" | "span" }) {
  return (
    <Tag className="card-date">
      <Icon name="calendar" /> <DamascusTime at={iso} />
    </Tag>
  );
}

/** The link from an editor back to its list (`to`, a path; `children`, the translated label), above the heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="content-back">
      <Link to={to}>
        <Icon name="chevron" className="icon-start" /> {children}
      </Link>
    </p>
  );
}

/**
 * The state of the edited row (`on`: published or active; `stateText` says which) and the one button that flips it
 * (`flipText`), a form of its own that posts `intent=<flipIntent>` to the editor's action. `children` (a date, say)
 * stand under the state; when on, `viewHref` links to the public page (`viewText`). The button is disabled while a
 * post other than "save" is being sent. Never throws.
 */
export function StateForm({
  on,
  stateText,
  flipIntent,
  flipText,
  viewHref,
  viewText,
  children,
}: {
  on: boolean;
  stateText: string;
  flipIntent: string;
  flipText: string;
  viewHref: string;
  viewText: string;
  children?: ReactNode;
}) {
  const busy = useSubmitting({ intent: (intent) => intent !== "save" });
  return (
    <Form method="post" className={on ? "notice notice-success content-state" : "notice content-state"}>
      <Icon name={on ? "check" : "alert"} />
      <div>
        <p>{stateText}</p>
        {children}
        {on ? (
          <p>
            <Link to={viewHref}>{viewText}</Link>
          </p>
        ) : null}
      </div>
      <button type="submit" name="intent" value={flipIntent} className="button button-small" disabled={busy}>
        {flipText}
      </button>
    </Form>
  );
}

/**
 * An editor's form (`form` from useServerForm; multipart, for its image): the notice of a refused post, the fields
 * (`children`), and the button that posts `intent=save`, labelled `createText` for a new row and "save" when
 * `editing`; while the form is being sent it says "saving" and is disabled. Never throws.
 */
export function EditorForm({
  form,
  editing,
  createText,
  children,
}: {
  form: ServerForm;
  editing: boolean;
  createText: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const busy = useSubmitting({ intent: "save" });
  return (
    <Form method="post" encType="multipart/form-data" className="account-form" {...formProps(form)} noValidate>
      <FormNotice form={form} checkData="content:errors.checkData" />
      {children}
      <button type="submit" name="intent" value="save" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("content:form.saving") : editing ? t("content:form.save") : createText}
      </button>
    </Form>
  );
}

/**
 * An editor's image field (the article's cover, the office's logo): the `label`, the current image (`preview`, an
 * `<img>` or null, with `caption`) when there is one, the file input (JPEG, PNG or WebP, IMAGE_ACCEPT), the `hint`
 * under it and the field's error (Conform's, e.g. "choose the file again"). Never throws.
 */
export function ImageField({
  field,
  label,
  preview,
  caption,
  hint,
}: {
  field: ServerField;
  label: string;
  preview: ReactNode;
  caption: string;
  hint: string;
}) {
  return (
    <FileField field={field} label={label} hint={hint} accept={IMAGE_ACCEPT}>
      {preview ? (
        <figure className="content-preview">
          {preview}
          <figcaption>{caption}</figcaption>
        </figure>
      ) : null}
    </FileField>
  );
}
