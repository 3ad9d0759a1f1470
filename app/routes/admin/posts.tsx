import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { hoursSince } from "~/features/back-office/AdminParts";
import { TrustNotes } from "~/features/back-office/TrustNotes";
import { postQueue } from "~/features/posts/post-review.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** /admin/posts: posts and edits waiting for review, oldest first, late ones marked. Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, locale, t } = await pageContext(request);
  return {
    items: await postQueue(db, locale),
    now: Date.now(),
    seo: { title: t("admin:posts.title"), description: t("admin:description"), noindex: true },
  };
}

export default function PostQueuePage() {
  const { items, now } = useLoaderData<typeof loader>();
  const { t } = useT("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:posts.title")}</h1>
      {items.length === 0 ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <ol className="admin-list">
          {items.map((item) => (
            <li key={`${item.kind}-${item.estateId}`} className={item.late ? "late" : undefined}>
              <Link to={`/admin/posts/${item.estateId}`}>
                {t(item.kind === "edit" ? "admin:posts.edit" : "admin:posts.post", {
                  number: item.stateId,
                  type: item.estateType,
                  place: item.place,
                })}
              </Link>
              <span className="hint">
                {item.owner} · {t("admin:waiting", { count: hoursSince(item.since, now) })}
                {item.late ? ` · ${t("admin:late")}` : ""}
              </span>
              <TrustNotes held={item.held} brokerCount={item.brokerCount} short />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
