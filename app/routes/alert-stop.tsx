import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { readStopLink, stopByLink } from "~/features/alerts/alert-links.server";
import { pageContext } from "~/platform/http/page.server";
import { queryToken } from "~/platform/forms/queries";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["t"];
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/**
 * /alerts/stop?t=<token> (decision 030): the stop link of an alert SMS, without logging in. The page names
 * the saved search and asks to confirm with one button (a GET changes nothing: phones and SMS apps open links to
 * preview them). A forged token answers 400, an expired one 410, each with a translated page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t } = await pageContext(request);
  // A token refused by its schema (other characters, too long, sent twice) is read as none: a forged link.
  const token = queryToken(new URL(request.url).searchParams).token ?? "";
  const link = await readStopLink(db, token, new Date());
  const seo = { title: t("account:alerts.stopTitle"), description: t("account:alerts.stopTitle"), noindex: true };
  if (link.kind !== "ok")
    return data({ state: link.kind, name: null, token, seo }, { status: link.kind === "expired" ? 410 : 400 });
  if (!link.search) return data({ state: "gone" as const, name: null, token, seo }, { status: 410 });
  return { state: link.search.paused ? ("stopped" as const) : ("ask" as const), name: link.search.name, token, seo };
}

/** The confirm button: pauses the saved search the token names. A bad or expired token: the same pages as above. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("t") ?? "").slice(0, 200);
  const link = await readStopLink(db, token, new Date());
  const seo = { title: t("account:alerts.stopTitle"), description: t("account:alerts.stopTitle"), noindex: true };
  if (link.kind !== "ok")
    return data({ state: link.kind, name: null, token, seo }, { status: link.kind === "expired" ? 410 : 400 });
  if (!link.search || !(await stopByLink(db, link.search.id)))
    return data({ state: "gone" as const, name: null, token, seo }, { status: 410 });
  return { state: "stopped" as const, name: link.search.name, token, seo };
}

export default function StopAlertsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useT();
  const { state, name, token } = loaded;
  return (
    <section className="page narrow account-page">
      <h1>{t("account:alerts.stopTitle")}</h1>
      {state === "ask" ? (
        <Form method="post">
          <p>{t("account:alerts.stopAsk", { name })}</p>
          <input type="hidden" name="t" value={token} />
          <button type="submit" className="button button-primary">
            {t("account:alerts.stopButton")}
          </button>
        </Form>
      ) : (
        <p className={state === "stopped" ? "notice notice-success" : "notice"} role="status">
          {state === "stopped" ? t("account:alerts.stopped", { name }) : t(`account:alerts.${state}`)}
        </p>
      )}
      <p>
        <Link to="/profile#saved-searches">{t("account:alerts.manage")}</Link>
      </p>
    </section>
  );
}
