import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/platform/i18n/use-t";
import type { DialogData } from "~/features/site/dialog.server";
import { Icon } from "~/platform/ui/Icon";
import { useCloseHref } from "~/platform/ui/useDialogLinks";

/**
 * The dialogs as URL state: the login prompt, the report dialog, the contact details
 * of logged-in users and the share box. Rendered by the server, so they work without JavaScript; a bottom sheet on
 * phones and a centred box on desktops, closed by a link. With JavaScript, Escape closes it too. The root
 * loads this module only when a dialog opens (React.lazy): the browser's scripts of a page without one leave it out
 * (the 90 KB JavaScript budget of decision 014), and a page rendered with one open keeps its server HTML until the module is
 * there.
 */
export function Dialog({ dialog }: { dialog: DialogData }) {
  const { t } = useT();
  const close = useCloseHref();
  const closeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeRef.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dialog.kind]);
  const title =
    dialog.kind === "login"
      ? t(`forms:prompt.${dialog.reason}Title`)
      : dialog.kind === "report"
        ? t("forms:report.title")
        : dialog.kind === "contact"
          ? t("forms:contactDialog.title", { name: dialog.name ?? t("forms:contactDialog.owner") })
          : dialog.kind === "contactLimited"
            ? t("forms:contactDialog.limitedTitle")
            : t("forms:share.title");
  return (
    <div className="dialog-layer">
      <Link to={close} className="dialog-backdrop" aria-hidden="true" tabIndex={-1} preventScrollReset replace />
      <section className="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
        <div className="dialog-head">
          <h2 id="dialog-title">{title}</h2>
          <Link to={close} className="icon-button" aria-label={t("forms:dialog.close")} ref={closeRef} preventScrollReset replace>
            <Icon name="close" />
          </Link>
        </div>
        {dialog.kind === "login" ? <LoginPrompt dialog={dialog} /> : null}
        {dialog.kind === "report" ? <ReportForm dialog={dialog} /> : null}
        {dialog.kind === "contact" ? <ContactDetails dialog={dialog} /> : null}
        {dialog.kind === "contactLimited" ? (
          <div className="dialog-body">
            <p className="notice notice-error" role="alert">
              <Icon name="alert" /> {t("forms:contactDialog.limited", { minutes: dialog.minutes })}
            </p>
          </div>
        ) : null}
        {dialog.kind === "share" ? <ShareBox dialog={dialog} /> : null}
      </section>
    </div>
  );
}

function LoginPrompt({ dialog }: { dialog: Extract<DialogData, { kind: "login" }> }) {
  const { t } = useT();
  const message = dialog.reason === "contact" ? "forms:prompt.message" : `forms:prompt.${dialog.reason}Message`;
  return (
    <div className="dialog-body">
      <p>{t(message)}</p>
      <div className="button-row">
        <Link to={dialog.loginTo} className="button button-primary">
          <Icon name="user" /> {t("forms:prompt.login")}
        </Link>
        <Link to={`${dialog.loginTo.replace("/login?", "/login?tab=2&")}`} className="button">
          {t("forms:prompt.register")}
        </Link>
      </div>
    </div>
  );
}

function ReportForm({ dialog }: { dialog: Extract<DialogData, { kind: "report" }> }) {
  const { t } = useT();
  if (dialog.already) {
    return (
      <div className="dialog-body">
        <p className="notice">{t("forms:report.already")}</p>
      </div>
    );
  }
  return (
    <Form method="post" action="/report" className="dialog-body report-form" preventScrollReset>
      <input type="hidden" name="estate_id" value={dialog.estateId} />
      <input type="hidden" name="redirectTo" value={dialog.backTo} />
      <fieldset>
        <legend>{t("forms:report.intro")}</legend>
        {dialog.reasons.map((r) => (
          <label key={r.id} className="choice">
            <input type="radio" name="report_type_id" value={r.id} /> {r.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary form-submit">
        <Icon name="flag" /> {t("forms:report.submit")}
      </button>
    </Form>
  );
}

function ContactDetails({ dialog }: { dialog: Extract<DialogData, { kind: "contact" }> }) {
  const { t } = useT();
  return (
    <div className="dialog-body">
      <p className="contact-number">
        <bdi dir="ltr">{dialog.phone}</bdi>
      </p>
      <div className="button-row">
        <a href={dialog.tel} className="button button-primary">
          <Icon name="phone" /> {t("forms:contactDialog.call")}
        </a>
        <a href={dialog.whatsapp} className="button button-whatsapp" rel="noopener" target="_blank">
          <Icon name="whatsapp" /> {t("forms:contactDialog.whatsapp")}
        </a>
      </div>
    </div>
  );
}

function ShareBox({ dialog }: { dialog: Extract<DialogData, { kind: "share" }> }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <div className="dialog-body share-box">
      <ul className="share-links">
        {(["whatsapp", "facebook", "telegram", "x"] as const).map((k) => (
          <li key={k}>
            <a href={dialog.links[k]} className="button" rel="noopener" target="_blank">
              {k === "whatsapp" ? <Icon name="whatsapp" /> : k === "facebook" ? <Icon name="facebook" /> : <Icon name="share" />}{" "}
              {t(`forms:share.${k}`)}
            </a>
          </li>
        ))}
      </ul>
      <label className="field">
        <span>{t("forms:share.link")}</span>
        <input type="text" readOnly value={dialog.url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
      </label>
      {canCopy ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard.writeText(dialog.url).then(() => setCopied(true));
          }}
        >
          <Icon name="doc" /> {copied ? t("forms:share.copied") : t("forms:share.copy")}
        </button>
      ) : null}
    </div>
  );
}
