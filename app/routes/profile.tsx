import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { SavedOffline } from "~/features/offline/SavedOffline";
import { EstateGrid } from "~/features/listings/EstateCard";
import { Icon } from "~/platform/ui/Icon";
import { useForgetDraft } from "~/platform/forms/useDraft";
import { savedEstates } from "~/features/listings/saved.server";
import { listSavedSearches } from "~/features/alerts/saved-search.server";
import { SavedSearches } from "~/features/alerts/SavedSearches";
import { userPosts, type UserPost } from "~/features/posts/post.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";
import { TextWithUserText } from "~/platform/ui/UserText";
import { ListingLifeForm } from "~/features/posts/EstateLife";
import { formatDate } from "~/platform/i18n/dates";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account", "forms", "offline"] };

/**
 * /profile: only with a valid session, otherwise /login?redirectTo=/profile. Shows
 * the user's name and phone, their saved properties (as cards), their own offers and requests with their
 * moderation status, and their saved searches.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { db, locale, t } = await pageContext(request);
  const [saved, posts, searches] = await Promise.all([
    savedEstates(db, user.id, locale),
    userPosts(db, user.id, locale),
    listSavedSearches(db, user.id),
  ]);
  return {
    user: { name: `${user.first_name} ${user.last_name}`, phone: formatPhone(user.phone) },
    saved,
    posts,
    searches,
    /** The server's clock (ms), so the time left of a review renders the same on server and client. */
    now: Date.now(),
    seo: { title: t("account:profile.title"), description: t("account:profile.description"), noindex: true },
  };
}

export default function ProfilePage() {
  const { user, saved, posts, searches, now } = useLoaderData<typeof loader>();
  const { t } = useT();
  const [params] = useSearchParams();
  // Arriving from a successful property request: its draft is no longer needed.
  useForgetDraft("request", params.get("sent") === "request");
  return (
    <section className="page narrow account-page profile-page">
      <h1>{t("account:profile.title")}</h1>
      <dl className="details profile-details">
        <div>
          <dt>{t("account:profile.name")}</dt>
          <dd>
            <bdi>{user.name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("account:profile.phone")}</dt>
          <dd>
            <bdi dir="ltr">{user.phone}</bdi>
          </dd>
        </div>
      </dl>
      <nav className="section account-links" aria-labelledby="account-title">
        <h2 id="account-title">
          <Icon name="user" /> {t("account:control.title")}
        </h2>
        <ul>
          {(["name", "password", "phone", "sessions"] as const).map((page) => (
            <li key={page}>
              <Link to={`/profile/${page}`}>{t(`account:control.links.${page}`)}</Link>
            </li>
          ))}
          <li>
            <a href="/profile/data" download>
              {t("account:control.links.data")}
            </a>
          </li>
          <li>
            <Link to="/profile/delete">{t("account:control.links.delete")}</Link>
          </li>
        </ul>
      </nav>
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
        <div className="section-head">
          <h2 id="posts-title">
            <Icon name="doc" /> {t("account:profile.posts")}
          </h2>
          <Link to="/new-estate" className="button button-small">
            <Icon name="key" /> {t("account:profile.addPost")}
          </Link>
        </div>
        {posts.length === 0 ? (
          <div className="notice empty-state">
            <p>{t("account:profile.postsEmpty")}</p>
          </div>
        ) : (
          <ul className="post-list">
            {posts.map((p) => (
              <PostRow key={`${p.kind}-${p.id}`} post={p} now={now} />
            ))}
          </ul>
        )}
      </section>
      <SavedSearches searches={searches} />
      <SavedOffline />
    </section>
  );
}

/** Hours left of the 24-hour review promise for an item waiting since `since` (ISO); 0 when overdue. */
function hoursLeft(since: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(since) + 24 * 3_600_000 - now) / 3_600_000));
}

/** One of the user's posts: what it is, its state, and what the state means for them (/profile). */
function PostRow({ post: p, now }: { post: UserPost; now: number }) {
  const { t } = useT();
  const label = t(p.kind === "estate" ? "forms:profile.offer" : "forms:profile.request", {
    type: p.estateType || "-",
    place: p.place,
  });
  return (
    <li className={`post-row post-${p.state}`}>
      <span className="post-title">
        {p.kind === "estate" && p.state !== "deleted" ? <Link to={`/profile/posts/${p.id}`}>{label}</Link> : label}
        {p.stateId ? <span className="hint"> · {t("forms:post.number", { number: p.stateId })}</span> : null}
      </span>
      <span className={`chip status-${p.state}`}>{t(`forms:status.${p.state}`)}</span>
      {p.waitingSince ? (
        <span className="hint">
          {hoursLeft(p.waitingSince, now) > 0
            ? t("forms:profile.timeLeft", { count: hoursLeft(p.waitingSince, now) })
            : t("forms:profile.overdue")}
        </span>
      ) : null}
      {p.rejectReason ? (
        <span className="hint post-reason">
          <TextWithUserText i18nKey="forms:profile.reason" values={{ reason: p.rejectReason }} name="reason" />
        </span>
      ) : null}
      {p.kind === "estate" && (p.state === "approved" || p.state === "edit_pending") ? (
        <Link to={`/estate/${p.id}`} className="button button-small">
          <Icon name="chevron" /> {t("forms:profile.view")}
        </Link>
      ) : null}
      {p.expires ? (
        <ListingLifeForm
          estateId={p.id}
          offerTypeId={p.offerTypeId}
          redirectTo="/profile"
          note={
            p.state === "withdrawn"
              ? ""
              : t(Date.parse(p.expires) <= now ? "freshness.expired" : "freshness.expires", { date: formatDate(p.expires) })
          }
        />
      ) : null}
    </li>
  );
}
