import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { DamascusTime } from "~/features/back-office/AdminParts";
import { queryAudit } from "~/features/back-office/admin-queries.server";
import { AUDIT_PAGE_SIZE, listAudit, type AuditRow } from "~/platform/db/audit.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatNumber, formatPrice } from "~/features/listings/format";
import { factItems, NO_FACTS, type FactItem, type ListingFacts } from "~/features/listings/facts";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["before", "subject", "id"];

/**
 * /admin/audit: every moderation action, newest first, 50 a page (`before` = the last id seen),
 * optionally of one subject (`subject` + `id`). Read only: there is no form here and the database refuses changes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  // A refused parameter filters nothing (admin-queries.server.ts).
  const query = queryAudit(new URL(request.url).searchParams);
  const options = { before: query.before, subjectType: query.subject, subjectId: query.id };
  const rows = await listAudit(db, options);
  const next = rows.length === AUDIT_PAGE_SIZE ? rows[rows.length - 1].id : null;
  const keep = options.subjectType && options.subjectId ? `subject=${options.subjectType}&id=${options.subjectId}&` : "";
  return {
    rows: rows.map((row) => ({ ...row, corrected: correctedFacts(row, t) })),
    next: next ? `/admin/audit?${keep}before=${next}` : null,
    seo: { title: t("admin:audit.title"), description: t("admin:description"), noindex: true },
  };
}

/**
 * What a staff correction of a post's facts changed (audit action `estate.correct`, decision 093), one line per fact:
 * its label, the value before and after as the listing page words them ("not known" for none), from the entry's
 * details (`corrected.before` and `corrected.after`, moderation.server.ts changedFacts). Empty for other entries.
 */
function correctedFacts(row: AuditRow, t: (key: string, values?: Record<string, unknown>) => string): string[] {
  const corrected = row.details?.corrected as { before?: Partial<ListingFacts>; after?: Partial<ListingFacts> } | undefined;
  if (row.action !== "estate.correct" || !corrected?.before || !corrected.after) return [];
  const money = (amount: number, currency: "SYP" | "USD") =>
    formatPrice(amount, t(currency === "USD" ? "card.currencyUSD" : "card.currency"));
  const items = (facts: Partial<ListingFacts>) => factItems({ ...NO_FACTS, ...facts }, t, money);
  const before = items(corrected.before);
  const after = items(corrected.after);
  const valueIn = (list: FactItem[], name: string) => list.find((i) => i.name === name)?.value ?? t("admin:audit.notKnown");
  return [...new Set([...before, ...after].map((i) => i.name))].map((name) =>
    t("admin:audit.corrected", {
      fact: [...before, ...after].find((i) => i.name === name)!.label,
      from: valueIn(before, name),
      to: valueIn(after, name),
    }),
  );
}

export default function AuditPage() {
  const { rows, next } = useLoaderData<typeof loader>();
  const { t } = useT("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:audit.title")}</h1>
      <p className="page-lead">{t("admin:audit.intro")}</p>
      {rows.length === 0 ? (
        <p className="notice">{t("admin:audit.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">{t("admin:audit.when")}</th>
                <th scope="col">{t("admin:audit.who")}</th>
                <th scope="col">{t("admin:audit.what")}</th>
                <th scope="col">{t("admin:audit.subject")}</th>
                <th scope="col">{t("admin:audit.why")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <DamascusTime at={r.at} />
                  </td>
                  <td>
                    <bdi>{r.actor ?? "-"}</bdi>
                  </td>
                  <td>
                    {t(`admin:actions.${r.action.replace(".", "_")}`, { defaultValue: r.action })}
                    <RateValues row={r} />
                    {r.corrected.map((line) => (
                      <span key={line}>
                        <br />
                        <bdi>{line}</bdi>
                      </span>
                    ))}
                  </td>
                  <td>
                    {r.subjectType === "estate" ? (
                      <Link to={`/admin/posts/${r.subjectId}`}>{t(`admin:subjects.${r.subjectType}`, { id: r.subjectId })}</Link>
                    ) : (
                      t(`admin:subjects.${r.subjectType}`, { id: r.subjectId, defaultValue: `${r.subjectType} ${r.subjectId}` })
                    )}
                  </td>
                  <td dir="auto">{r.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link to={next}>{t("admin:audit.older")}</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * Both values of an exchange-rate change (docs/decisions/049): the rate replaced and the new one, from the entry's
 * details (`previous`, `syp_per_usd`: whole SYP for 1 USD, written by setRate). Nothing for other entries.
 */
function RateValues({ row }: { row: AuditRow }) {
  const { t } = useT("admin");
  const details = row.details ?? {};
  if (row.action !== "exchange_rate.set" || typeof details.syp_per_usd !== "number") return null;
  const rate = formatNumber(details.syp_per_usd);
  const text =
    typeof details.previous === "number"
      ? t("admin:audit.rateChange", { previous: formatNumber(details.previous), rate })
      : t("admin:audit.rateSet", { rate });
  return (
    <>
      <br />
      <bdi>{text}</bdi>
    </>
  );
}
