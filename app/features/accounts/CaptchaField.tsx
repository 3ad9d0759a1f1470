import { useRevalidator } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import type { Message } from "~/platform/forms/message";
import { FieldErrors, useMessage } from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import type { ServerField } from "~/platform/forms/useServerForm";
import { inputProps } from "~/platform/forms/useServerForm";

/**
 * The visual captcha of the login form: the drawn image (280x60) or, past the drawing limit of the
 * client's address, the "too many attempts" message in its place (`limited`); a button for a new image;
 * the answer's input, emptied whenever a new image comes (`captcha.id` is its identity); its hint and its error.
 * With JavaScript the button makes the loader run again (nothing typed is touched); without, it posts the form with
 * `intent=captcha` and the page comes back with what was typed and a new image.
 */
export function CaptchaField({
  field,
  captcha,
  limited,
}: {
  field: ServerField;
  captcha: { id: string; image: string } | null;
  limited: Message | null;
}) {
  const { t } = useT();
  const translate = useMessage();
  const revalidator = useRevalidator();
  return (
    <div className="field captcha">
      <label htmlFor={field.id}>{t("account:fields.captcha")}</label>
      <div className="captcha-row">
        {captcha ? (
          <img src={captcha.image} width={280} height={60} alt={t("account:fields.captchaAlt")} className="captcha-image" />
        ) : null}
        {limited ? (
          <p className="notice notice-error captcha-limited" role="alert">
            <Icon name="alert" /> {translate(limited)}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="captcha"
          formNoValidate
          className="icon-button captcha-refresh"
          aria-label={t("account:fields.captchaRefresh")}
          title={t("account:fields.captchaRefresh")}
          onClick={(event) => {
            event.preventDefault();
            revalidator.revalidate();
          }}
        >
          <Icon name="refresh" />
        </button>
      </div>
      <input
        {...inputProps(field, { type: "text", ariaDescribedBy: `${field.id}-hint` })}
        key={captcha?.id ?? ""}
        defaultValue=""
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
      />
      <p className="hint" id={`${field.id}-hint`}>
        {t("account:fields.captchaHint")}
      </p>
      <FieldErrors field={field} />
    </div>
  );
}
