import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { formatNumber } from "~/features/listings/format";
import type { LikelyDuplicate } from "~/features/posts/duplicates.server";

/**
 * The likely duplicates of a post beside it on its review page (decision 099): each one's ad number linked to its
 * own review, whether it is published (with a link to its public page) or waiting, its price, why it was taken for a
 * duplicate (a near-identical photo, the same description) and whether the same advertiser posted it (a repost). Says
 * so when none was found.
 */
export function LikelyDuplicates({ duplicates }: { duplicates: LikelyDuplicate[] }) {
  const { t } = useT("admin");
  return (
    <section className="card likely-duplicates" aria-labelledby="likely-duplicates-title">
      <h2 id="likely-duplicates-title">{t("admin:duplicates.title")}</h2>
      {duplicates.length ? (
        <>
          <p className="hint">{t("admin:duplicates.intro")}</p>
          <ul>
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/admin/posts/${d.id}`}>{t("admin:duplicates.number", { number: d.stateId })}</Link>{" "}
                <span className={`chip status-${d.status}`}>{t(`admin:states.${d.status}`)}</span>{" "}
                {d.price === null ? null : (
                  <bdi dir="ltr" className="nowrap">
                    {`${formatNumber(d.price)} ${t(d.currency === "USD" ? "common:card.currencyUSD" : "common:card.currency")}`}
                  </bdi>
                )}{" "}
                · {d.reasons.map((r) => t(`admin:duplicates.by.${r}`)).join(" · ")}
                {d.sameAdvertiser ? <strong> · {t("admin:duplicates.sameAdvertiser")}</strong> : null}
                {d.status === "approved" ? (
                  <>
                    {" "}
                    · <Link to={`/estate/${d.id}`}>{t("admin:review.public")}</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("admin:duplicates.none")}</p>
      )}
    </section>
  );
}
