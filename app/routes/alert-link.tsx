import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { OLD_ALERT_REF, ownAlertTarget, readAlertLink } from "~/features/alerts/alert-links.server";
import { requireUser } from "~/features/accounts/auth.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { hrefOf } from "~/platform/http/redirect.server";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/**
 * /a/<token> (decisions 030 and 046): the link of an alert SMS, sent on to the saved search's results
 * published since the previous alert, for whoever holds the SMS (no login: it is opened on a phone). The token is
 * signed, so nobody can make the link of another account's search. A forged or malformed token answers 400, an
 * expired one 410, a deleted search 410, each with a translated page.
 *
 * The links sent before, `/a/<id>-<since>`, could be guessed: they now open only for the search's owner (a visitor is
 * asked to log in and comes back; another account gets 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, t } = await pageContext(request);
  const ref = (params.ref ?? "").slice(0, 200);
  if (OLD_ALERT_REF.test(ref)) {
    const user = await requireUser(request, { redirectTo: hrefOf`/a/${ref}` });
    const target = await ownAlertTarget(db, ref, user.id);
    if (!target) notFound();
    return redirect(target);
  }
  const link = await readAlertLink(db, ref, new Date());
  if (link.kind === "ok" && link.target) return redirect(link.target);
  const state = link.kind === "ok" ? ("gone" as const) : link.kind;
  const seo = { title: t("account:alerts.linkTitle"), description: t("account:alerts.linkTitle"), noindex: true };
  return data({ state, seo }, { status: state === "invalid" ? 400 : 410 });
}

export default function AlertLinkPage() {
  const { state } = useLoaderData<typeof loader>();
  const { t } = useT();
  const text = { invalid: "account:alerts.invalid", expired: "account:alerts.linkExpired", gone: "account:alerts.gone" }[state];
  return (
    <section className="page narrow account-page">
      <h1>{t("account:alerts.linkTitle")}</h1>
      <p className="notice" role="status">
        {t(text)}
      </p>
      <p>
        <Link to="/profile#saved-searches">{t("account:alerts.manage")}</Link>
      </p>
    </section>
  );
}
