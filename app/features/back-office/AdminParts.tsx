import { Form } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { formatDateTime } from "~/features/listings/format";
import { Icon } from "~/platform/ui/Icon";
import { useSubmitting } from "~/platform/forms/useServerForm";

/**
 * An instant (`at`, ISO 8601) as the back office shows every time (decision 053): its date and time in
 * Damascus (formatDateTime, "27.11.2026 14:05", left-to-right) followed by the zone's name
 * in the page's language (admin.json damascusTime.zone), in a `<time>` carrying the instant itself.
 */
export function DamascusTime({ at }: { at: string }) {
  const { t } = useT("admin");
  return (
    <time dateTime={at}>
      <bdi dir="ltr">{formatDateTime(at)}</bdi> ({t("admin:damascusTime.zone")})
    </time>
  );
}

/**
 * The reason fields of a rejection, unpublishing or suspension: the common reasons as radio buttons, in the
 * owner's language (`reasons`, written by the server with reasonChoices, since the page loads only its own language),
 * and a free text, both coming back after an error (`values`).
 */
export function ReasonFields({
  idPrefix,
  lang,
  reasons,
  values,
  error,
}: {
  idPrefix: string;
  lang: string;
  /** The common reasons in the owner's language; none for a free text only (suspensions). */
  reasons?: { code: string; text: string }[];
  values?: { reason?: string; reason_text?: string };
  error?: string | null;
}) {
  const { t } = useT("admin");
  const withList = Boolean(reasons?.length);
  return (
    <fieldset className="field reason-fields">
      <legend>{t(withList ? "admin:reason.legend" : "admin:reason.textOnly")}</legend>
      {withList ? (
        <>
          <p className="hint">
            {t("admin:reason.inLanguage", { language: t(`admin:languages.${lang === "en" ? "en" : "ar"}`) })}
          </p>
          <div className="reason-list">
            {reasons?.map((r) => (
              <label key={r.code} className="field-check">
                <input type="radio" name="reason" value={r.code} defaultChecked={values?.reason === r.code} />{" "}
                <span lang={lang}>{r.text}</span>
              </label>
            ))}
          </div>
        </>
      ) : null}
      <label htmlFor={`${idPrefix}-text`} className="visually-hidden">
        {t("admin:reason.text")}
      </label>
      <textarea
        id={`${idPrefix}-text`}
        name="reason_text"
        rows={2}
        maxLength={500}
        defaultValue={values?.reason_text ?? ""}
        placeholder={t("admin:reason.text")}
      />
      {error ? (
        <p className="field-error">
          <Icon name="alert" /> {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Hours since an ISO time, for "waiting for N hours" (the 24-hour promise). */
export function hoursSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
}

/**
 * A plain POST of one row to the page's action: its hidden `fields` and one small button per
 * choice of `buttons` (each sending its `name`=`value`, when given). Works without JavaScript.
 */
export function RowButtonsForm({
  fields,
  buttons,
}: {
  fields: Record<string, string | number>;
  buttons: { label: string; name?: string; value?: string; danger?: boolean }[];
}) {
  const busy = useSubmitting();
  return (
    <Form method="post" className="row-buttons">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {buttons.map((b) => (
        <button
          key={`${b.name}-${b.value}-${b.label}`}
          type="submit"
          name={b.name}
          value={b.value}
          className={b.danger ? "button button-small button-danger" : "button button-small"}
          disabled={busy}
        >
          {b.label}
        </button>
      ))}
    </Form>
  );
}

/** The error of a back-office action (a locale key, e.g. "admin:errors.state") as an alert; nothing without one. */
export function AdminError({ error }: { error?: string | null }) {
  const { t } = useT();
  if (!error) return null;
  return (
    <p className="notice notice-error" role="alert">
      <Icon name="alert" /> {t(error)}
    </p>
  );
}

/** A plain POST of one row's `id` to the page's action, as a single small button (`label`): retry a job. */
export function IdButtonForm({ id, label }: { id: number; label: string }) {
  return <RowButtonsForm fields={{ id }} buttons={[{ label }]} />;
}
