import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EstateGrid } from "~/components/EstateCard";
import { Icon } from "~/components/Icon";
import { useForgetDraft } from "~/components/useDraft";
import { estateCardsByIds } from "~/models/estate.server";
import { savedEstateIds, userPosts } from "~/models/post.server";
import { requireUser } from "~/services/auth.server";
import { formatPhone } from "~/services/phone.server";
import { pageContext } from "~/utils/page.server";
import { pageMeta } from "~/utils/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account", "forms"] };

/**
 * /profile (spec 2.1, 4 Profile route, 6): only with a valid session, otherwise /login?redirectTo=/profile. Shows
 * the user's name and phone, their saved properties (as cards) and their own offers and requests with their
 * moderation status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { db, locale, t } = await pageContext(request);
  const [saved, posts] = await Promise.all([
    savedEstateIds(db, user.id).then((ids) => estateCardsByIds(db, ids, locale)),
    userPosts(db, user.id, locale),
  ]);
  return {
    user: { name: `${user.first_name} ${user.last_name}`, phone: formatPhone(user.phone) },
    saved,
    posts,
    seo: { title: t("account:profile.title"), description: t("account:profile.description"), noindex: true },
  };
}

export default function ProfilePage() {
  const { user, saved, posts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Arriving from a successful property request: its draft is no longer needed.
  useForgetDraft("request", params.get("sent") === "request");
  return (
    <section className="page narrow account-page profile-page">
      <h1>{t("account:profile.title")}</h1>
      <dl className="details profile-details">
        <div>
          <dt>{t("account:profile.name")}</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>{t("account:profile.phone")}</dt>
          <dd>
            <bdi dir="ltr">{user.phone}</bdi>
          </dd>
        </div>
      </dl>
      <section className="section" aria-labelledby="saved-title">
        <h2 id="saved-title">
          <Icon name="heart" /> {t("account:profile.saved")}
        </h2>
        {saved.length === 0 ? (
          <div className="notice empty-state">
            <p>{t("account:profile.savedEmpty")}</p>
            <Link to="/estates" className="button button-small">
              <Icon name="search" /> {t("account:profile.browse")}
            </Link>
          </div>
        ) : (
          <EstateGrid estates={saved} eagerFirst={false} />
        )}
      </section>
      <section className="section" aria-labelledby="posts-title">
        <h2 id="posts-title">
          <Icon name="doc" /> {t("account:profile.posts")}
        </h2>
        {posts.length === 0 ? (
          <div className="notice empty-state">
            <p>{t("account:profile.postsEmpty")}</p>
          </div>
        ) : (
          <ul className="post-list">
            {posts.map((p) => (
              <li key={`${p.kind}-${p.id}`}>
                <span>{t(p.kind === "offer" ? "forms:profile.offer" : "forms:profile.request", { type: p.estateType || "-", place: p.place })}</span>
                <span className={`chip status-${p.status}`}>{t(`forms:status.${p.status}`)}</span>
                {p.status === "rejected" && p.rejectReason ? <span className="hint">{t("forms:profile.reason", { reason: p.rejectReason })}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
