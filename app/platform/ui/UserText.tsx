import { Fragment } from "react";
import { useT } from "~/platform/i18n/use-t";

/** A character no translation or user text holds: where the user's text goes in a translated sentence. */
const SLOT = "\uE000";

/**
 * A translated sentence (`i18nKey` with `values`) with one user-written text (`name`'s value in `values`) shown
 * inside a <bdi>, so its direction and any stray direction characters stay inside it and cannot reorder the
 * sentence around it. The translation is split where the value goes; React escapes both parts.
 */
export function TextWithUserText({
  i18nKey,
  values,
  name,
}: {
  i18nKey: string;
  values: Record<string, string | number>;
  name: string;
}) {
  const { t } = useT();
  const parts = t(i18nKey, { ...values, [name]: SLOT }).split(SLOT);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <bdi>{String(values[name])}</bdi> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
