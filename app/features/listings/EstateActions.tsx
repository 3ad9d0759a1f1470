import { Form, Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { useRootData } from "~/platform/ui/root-data";
import { useCloseHref, useDialogHref } from "~/platform/ui/useDialogLinks";
import { Icon } from "~/platform/ui/Icon";

/** The logged-in user and their saved listings, from the root loader. */
function useAccount() {
  const root = useRootData();
  return { loggedIn: Boolean(root?.user), savedIds: root?.savedIds ?? [] };
}

/**
 * The save toggle of a listing: for logged-in users a POST to /save that comes back to the
 * same page with the 'property saved' or 'property un-saved' toast; for visitors a link to the login prompt.
 * `labelled` shows the word next to the heart (detail page).
 */
export function SaveToggle({ estateId, labelled }: { estateId: number; labelled?: boolean }) {
  const { t } = useT();
  const { loggedIn, savedIds } = useAccount();
  const dialogHref = useDialogHref();
  const back = useCloseHref();
  const saved = savedIds.includes(estateId);
  const label = saved ? t("forms:card.unsave") : t("card.save");
  const className = labelled ? `button button-small${saved ? " is-saved" : ""}` : `icon-button${saved ? " is-saved" : ""}`;
  if (!loggedIn) {
    return (
      <Link
        to={dialogHref({ dialog: "login", for: "save", estate_id: estateId })}
        className={className}
        aria-label={labelled ? undefined : label}
        rel="nofollow"
        preventScrollReset
      >
        <Icon name="heart" />
        {labelled ? ` ${t("card.save")}` : null}
      </Link>
    );
  }
  return (
    <Form method="post" action="/save" preventScrollReset>
      <input type="hidden" name="estate_id" value={estateId} />
      <input type="hidden" name="is_saved" value={saved ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" className={className} aria-pressed={saved} aria-label={labelled ? undefined : label} title={label}>
        <Icon name="heart" />
        {labelled ? ` ${saved ? t("forms:card.saved") : t("card.save")}` : null}
      </button>
    </Form>
  );
}

/** The report control: the report dialog for logged-in users, the login prompt for visitors. */
export function ReportLink({ estateId, labelled }: { estateId: number; labelled?: boolean }) {
  const { t } = useT();
  const { loggedIn } = useAccount();
  const dialogHref = useDialogHref();
  const to = loggedIn
    ? dialogHref({ dialog: "report", estate_id: estateId })
    : dialogHref({ dialog: "login", for: "report", estate_id: estateId });
  return (
    <Link
      to={to}
      className={labelled ? "button button-small" : "icon-button"}
      aria-label={labelled ? undefined : t("card.report")}
      rel="nofollow"
      preventScrollReset
    >
      <Icon name="flag" />
      {labelled ? ` ${t("card.report")}` : null}
    </Link>
  );
}

/** The share control of a listing. */
export function ShareLink({ estateId, className = "button button-small" }: { estateId: number; className?: string }) {
  const { t } = useT();
  const dialogHref = useDialogHref();
  return (
    <Link to={dialogHref({ dialog: "share", estate_id: estateId })} className={className} rel="nofollow" preventScrollReset>
      <Icon name="share" /> {t("forms:share.button")}
    </Link>
  );
}

/**
 * Where Call and WhatsApp go: the contact dialog (full number, `tel:` and WhatsApp links) for logged-in
 * users, the login prompt for visitors, whose Login comes back with the contact dialog open (decision 059).
 */
function useContactHref(target: { estate_id: number } | { office_id: number }): string {
  const { loggedIn } = useAccount();
  const dialogHref = useDialogHref();
  return loggedIn ? dialogHref({ dialog: "contact", ...target }) : dialogHref({ dialog: "login", for: "contact", ...target });
}

/**
 * The listing page's bar at the foot of a phone's screen (decision 059): Call, WhatsApp and Save (the heart, named
 * by its label: three words do not fit 360 px), one tap away wherever the visitor has scrolled to, as plain links and
 * the save form (no script). CSS keeps it at the foot
 * (`position: sticky`, so it takes its own room at the end of the page and covers nothing) and hides it from 801 px,
 * where the contact card beside the photos is in view.
 */
export function PhoneBar({ estateId }: { estateId: number }) {
  const { t } = useT();
  const to = useContactHref({ estate_id: estateId });
  return (
    <div className="phone-bar" role="group" aria-label={t("estate.phoneBar")}>
      <Link className="button button-primary" to={to} rel="nofollow" preventScrollReset>
        <Icon name="phone" /> {t("forms:contactDialog.call")}
      </Link>
      <Link className="button button-whatsapp" to={to} rel="nofollow" preventScrollReset>
        <Icon name="whatsapp" /> {t("card.whatsapp")}
      </Link>
      <SaveToggle estateId={estateId} />
    </div>
  );
}

/**
 * Call and WhatsApp buttons with the masked number: logged-in users open the contact dialog with the full
 * number, `tel:` and WhatsApp links; visitors get the login prompt. `target` is the listing or the office.
 */
export function ContactButtons({
  phoneMasked,
  target,
  large,
}: {
  phoneMasked: string | null;
  target: { estate_id: number } | { office_id: number };
  large?: boolean;
}) {
  const { t } = useT();
  const { loggedIn } = useAccount();
  const to = useContactHref(target);
  return (
    <div className="card-contact">
      <Link
        className={large ? "button button-primary" : "button button-small"}
        to={to}
        rel="nofollow"
        preventScrollReset
        aria-label={loggedIn ? t("forms:card.contact") : undefined}
      >
        <Icon name="phone" /> <bdi dir="ltr">{phoneMasked ?? "••••••"}</bdi>
      </Link>
      <Link
        className={`button button-whatsapp${large ? "" : " button-small"}`}
        to={to}
        rel="nofollow"
        preventScrollReset
        aria-label={large ? undefined : t("card.whatsapp")}
      >
        <Icon name="whatsapp" />
        {large ? ` ${t("card.whatsapp")}` : null}
      </Link>
    </div>
  );
}
