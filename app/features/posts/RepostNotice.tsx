import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";

/**
 * Tells an owner that the post looks like one of their own listings (decision 099: the same property posted again)
 * and links to that listing's editor, where they should change it instead. Nothing when there is none.
 */
export function RepostNotice({ reposts }: { reposts: { id: number; stateId: number }[] }) {
  const { t } = useT("forms");
  if (!reposts.length) return null;
  return (
    <div className="notice repost-notice" role="status">
      <p>{t("forms:post.repost.text", { number: reposts[0].stateId })}</p>
      <ul>
        {reposts.map((r) => (
          <li key={r.id}>
            <Link to={`/profile/posts/${r.id}`}>{t("forms:post.repost.edit", { number: r.stateId })}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
