import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";
import type { Locale } from "~/platform/i18n/i18n";
import type { Db } from "~/platform/db/client.server";
import { claimDraft, linkedDraft, readDraftLinkToken } from "~/features/posts/offer-draft.server";
import { getCurrentUser, loginPath } from "~/features/accounts/auth.server";
import { maskPhone } from "~/features/listings/format";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { hrefOf } from "~/platform/http/redirect.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "forms"] };

/**
 * /od/:token, the link of the SMS sent when an admin makes a listing draft from a visitor's offer
 * (docs/decisions/055-offer-to-listing.md). The draft belongs to the offer's number: a visitor logs in, or signs up
 * (the SMS code proves the number), with that number and comes back here (login's `redirectTo`); a button (a plain
 * form; opening the link changes nothing) then makes the draft theirs and opens it in the post editor. An account
 * with another number is told so (403). A forged link answers 400, an expired one 410, a draft deleted since 410,
 * each with its page. Never indexed nor stored (noindex gives no-store, decision 045). The draft's number is shown
 * masked: the link may reach others than its owner.
 */

type View =
  | { kind: "invalid" | "expired" | "missing" | "taken" }
  | { kind: "login" | "otherNumber" | "claim"; title: string; number: number; phone: string; login: string; register: string };

/** What the link `token` leads to for the request's user, the status its page answers with, or where to go. */
async function viewOf(request: Request, db: Db, token: string, locale: Locale): Promise<{ view: View; status: number }> {
  const read = readDraftLinkToken(token, new Date());
  if (read.kind === "invalid") return { view: { kind: "invalid" }, status: 400 };
  if (read.kind === "expired") return { view: { kind: "expired" }, status: 410 };
  const draft = await linkedDraft(db, read.estateId, locale);
  if (!draft) return { view: { kind: "missing" }, status: 410 };
  const user = await getCurrentUser(request);
  if (user && draft.ownerId === user.id) throw redirect(`/profile/posts/${draft.estateId}`);
  const here = hrefOf`/od/${token}`;
  const login = loginPath(here);
  const shown = {
    title: draft.title,
    number: draft.stateId,
    // Masked (+963 94•••••56, as listing cards show numbers): whoever holds the link learns the number's ends only,
    // enough for its owner to know it (decision 082).
    phone: maskPhone(draft.phone),
    login,
    register: `${login}&tab=2`,
  };
  // Logged out: log in (or sign up) with the draft's number and come back; its owner then goes to the editor.
  if (!user) return { view: { kind: "login", ...shown }, status: 200 };
  if (user.phone !== draft.phone) return { view: { kind: "otherNumber", ...shown }, status: 403 };
  if (draft.ownerId !== null || draft.status !== "draft") return { view: { kind: "taken" }, status: 410 };
  return { view: { kind: "claim", ...shown }, status: 200 };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").slice(0, 300);
  const { db, locale, t } = await pageContext(request);
  const { view, status } = await viewOf(request, db, token, locale);
  return data(
    { view, token, seo: { title: t("offerDraft.title"), description: t("offerDraft.lead"), noindex: true } },
    { status },
  );
}

/**
 * The button: the draft becomes the logged-in account's when its number is the draft's (claimDraft, with its audit
 * entry), and the owner goes to the editor. Without a login, or with another number, or a bad link, the link's page
 * again (which says why).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const token = (params.token ?? "").slice(0, 300);
  // The token as the address had it (encoded): any text a link may carry goes back into a valid Location.
  const back = hrefOf`/od/${token}`;
  const read = readDraftLinkToken(token, new Date());
  const user = await getCurrentUser(request);
  if (read.kind !== "ok" || !user) throw redirect(read.kind === "ok" ? loginPath(back) : back);
  const { db, t } = await pageContext(request);
  const outcome = await claimDraft(db, read.estateId, user);
  if (outcome !== "claimed" && outcome !== "mine") throw redirect(back);
  return redirectWithSuccess(`/profile/posts/${read.estateId}`, t("offerDraft.claimed"));
}

export default function OfferDraftLinkPage() {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="page narrow account-page">
      <h1>{t("offerDraft.title")}</h1>
      {!("title" in view) ? (
        <p className="notice notice-error" role="alert">
          <Icon name="alert" /> {t(`offerDraft.${view.kind}`)}
        </p>
      ) : (
        <>
          <p>
            <strong>{view.title}</strong> · {t("offerDraft.number", { number: view.number })}
          </p>
          {/* U+2066/U+2069 isolate the number left to right inside Arabic text. */}
          {view.kind === "login" ? (
            <>
              <p>{t("offerDraft.confirmNumber", { phone: `\u2066${view.phone}\u2069` })}</p>
              <p className="button-row">
                <Link to={view.login} className="button button-primary">
                  {t("offerDraft.login")}
                </Link>
                <Link to={view.register} className="button">
                  {t("offerDraft.register")}
                </Link>
              </p>
            </>
          ) : view.kind === "otherNumber" ? (
            <p className="notice notice-error" role="alert">
              <Icon name="alert" /> {t("offerDraft.otherNumber", { phone: `\u2066${view.phone}\u2069` })}
            </p>
          ) : (
            <Form method="post">
              <p>{t("offerDraft.claimQuestion")}</p>
              <button type="submit" className="button button-primary">
                {t("offerDraft.claim")}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
