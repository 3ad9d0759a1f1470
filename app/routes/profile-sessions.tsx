import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { useSubmitting } from "~/platform/forms/useServerForm";
import { endUserSession, requestToken, requireUser } from "~/features/accounts/auth.server";
import { listSessions, logOutEverywhere } from "~/features/accounts/account-control.server";
import { COUNTRIES } from "~/platform/config/countries";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { formatDate } from "~/platform/i18n/dates";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/**
 * /profile/sessions: the account's login sessions (device, country, when opened and last used; this one first and
 * marked), with "Log out everywhere" (decision 092).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { db, locale, t } = await pageContext(request);
  const sessions = await listSessions(db, user.id, (await requestToken(request)) ?? "");
  const countries = new Map(COUNTRIES[locale].map(([code, , name]) => [code, name]));
  return {
    sessions: sessions.map((s) => ({
      key: `${s.kind}-${s.id}`,
      app: s.kind === "app",
      device: s.device,
      country: s.country ? (countries.get(s.country) ?? s.country) : null,
      created: s.created,
      lastUsed: s.lastUsed,
      current: s.current,
    })),
    seo: { title: t("account:control.sessions.title"), description: t("account:profile.description"), noindex: true },
  };
}

/** "Log out everywhere": every session of the account ends, this one too; then /login with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { db, t } = await pageContext(request);
  await logOutEverywhere(db, user.id);
  const cookie = await endUserSession(request);
  return redirectWithSuccess("/login", t("account:control.sessions.done"), { headers: { "Set-Cookie": cookie } });
}

export default function ProfileSessionsPage() {
  const { sessions } = useLoaderData<typeof loader>();
  const { t } = useT();
  const busy = useSubmitting();
  return (
    <section className="page narrow account-page">
      <h1>{t("account:control.sessions.title")}</h1>
      <p className="page-lead">{t("account:control.sessions.lead")}</p>
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.key} className="session-row">
            <strong>
              <bdi dir="ltr">{s.device || t("account:control.sessions.unknownDevice")}</bdi>
            </strong>
            {s.current ? <span className="chip">{t("account:control.sessions.current")}</span> : null}
            {s.app ? <span className="chip">{t("account:control.sessions.app")}</span> : null}
            <span className="hint">
              {t("account:control.sessions.where", { country: s.country ?? t("account:control.sessions.unknownCountry") })}
              {" · "}
              {t("account:control.sessions.opened", { date: formatDate(s.created) })}
              {" · "}
              {t("account:control.sessions.lastUsed", { date: formatDate(s.lastUsed) })}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="account-form">
        <button type="submit" className="button button-danger form-submit" disabled={busy}>
          {t("account:control.sessions.everywhere")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/profile">{t("account:control.back")}</Link>
      </p>
    </section>
  );
}
