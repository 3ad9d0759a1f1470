import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import type { Locale } from "~/platform/i18n/i18n";
import type { Db } from "~/platform/db/client.server";
import { applyListingLink, linkedListing, readListingLinkToken, type LinkAction } from "~/features/posts/freshness.server";
import { POST_TRANSITIONS } from "~/features/posts/moderation.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { formatDate } from "~/platform/i18n/dates";
import { pageContext } from "~/platform/http/page.server";
import { queryToken } from "~/platform/forms/queries";
import { pageMeta } from "~/platform/http/seo";
import { hrefOf } from "~/platform/http/redirect.server";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["t"];

/**
 * /lc?t=TOKEN, the one-tap links of the expiry warning SMS (decision 029): "still available" renews the
 * listing for 60 days, "no longer available" takes it down. They work without logging in: the signed token is the
 * proof. Opening the link changes nothing (a GET never does); the page shows the listing and one button, a plain
 * form that posts the token back. A forged or malformed token answers 400, an expired one 410, each with its
 * message; a link whose listing was renewed since (or already taken down) shows the listing's state and no button.
 */

type View =
  | { kind: "invalid" | "expiredLink" | "missing" }
  | {
      kind: "confirm" | "current";
      action: LinkAction;
      title: string;
      number: number;
      /** ISO date the listing is (or was) shown until. */
      expires: string;
      shown: boolean;
    };

/** What the link `token` leads to now, and the status its page answers with. */
async function viewOf(db: Db, token: string, locale: Locale): Promise<{ view: View; status: number }> {
  const read = readListingLinkToken(token, new Date());
  if (read.kind === "invalid") return { view: { kind: "invalid" }, status: 400 };
  if (read.kind === "expired") return { view: { kind: "expiredLink" }, status: 410 };
  const listing = await linkedListing(db, read, locale);
  if (!listing) return { view: { kind: "missing" }, status: 410 };
  const allowed = listing.current && POST_TRANSITIONS[read.action][listing.state] !== undefined;
  return {
    view: {
      kind: allowed ? "confirm" : "current",
      action: read.action,
      title: listing.title,
      number: listing.stateId,
      expires: listing.expires,
      shown: listing.state === "approved" || listing.state === "edit_pending",
    },
    status: 200,
  };
}

/** The link's page: the listing and its one button, or why the link cannot be used (400, 410). */
export async function loader({ request }: LoaderFunctionArgs) {
  // A token refused by its schema (other characters, too long, sent twice) is read as none: a forged link.
  const token = queryToken(new URL(request.url).searchParams).token ?? "";
  const { db, locale, t } = await pageContext(request);
  const { view, status } = await viewOf(db, token, locale);
  return data(
    { view, token, seo: { title: t("freshness.link.title"), description: t("freshness.goneLead"), noindex: true } },
    { status },
  );
}

/**
 * The button of the page: applies the token's action once (freshness.server.ts applyListingLink) and comes back to
 * the link's page, which then shows the new state, with the success message. A bad token gets its page again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  // A real token is about 40 characters; a longer one is refused and not echoed into the redirect's address.
  const token = String(form.get("t") ?? "").slice(0, 300);
  const { db, t } = await pageContext(request);
  const read = readListingLinkToken(token, new Date());
  const back = hrefOf`/lc?t=${token}`;
  if (read.kind !== "ok") throw redirect(back);
  const outcome = await applyListingLink(db, read);
  if (outcome !== "done") throw redirect(back);
  return redirectWithSuccess(back, t(read.action === "renew" ? "freshness.renewed" : "freshness.withdrawnDone"));
}

export default function ListingLinkPage() {
  const { view, token } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="page narrow account-page">
      <h1>{t("freshness.link.title")}</h1>
      {!("title" in view) ? (
        <p className="notice notice-error" role="alert">
          <Icon name="alert" /> {t(`freshness.link.${view.kind}`)}
        </p>
      ) : (
        <>
          <p>
            <strong>{view.title}</strong> · {t("freshness.link.number", { number: view.number })}
          </p>
          {view.kind === "confirm" ? (
            <Form method="post">
              <input type="hidden" name="t" value={token} />
              <p>{t(view.action === "renew" ? "freshness.link.renewQuestion" : "freshness.link.withdrawQuestion")}</p>
              <button type="submit" className={view.action === "renew" ? "button button-primary" : "button button-danger"}>
                {t(view.action === "renew" ? "freshness.link.renewButton" : "freshness.link.withdrawButton")}
              </button>
            </Form>
          ) : (
            <p className="notice">
              {view.shown ? t("freshness.link.renewedUntil", { date: formatDate(view.expires) }) : t("freshness.link.down")}
            </p>
          )}
        </>
      )}
      <p>
        <Link to="/profile">{t("freshness.link.profile")}</Link>
      </p>
    </section>
  );
}
