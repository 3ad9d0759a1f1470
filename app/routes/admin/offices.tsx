import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ContentHead, ContentRow } from "~/features/back-office/ContentParts";
import { Icon } from "~/platform/ui/Icon";
import { Pagination } from "~/platform/ui/Pagination";
import { listAdminOffices } from "~/features/offices/office-admin.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { requestedPage, requireExistingPage } from "~/features/back-office/admin-content.server";
import { formatNumber } from "~/features/listings/format";
import { querySearchText } from "~/platform/forms/queries";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["page", "q"];
export const handle: LayoutHandle = { i18n: ["common", "admin", "content"] };

/** The longest name search kept (characters); longer text is cut, never an error. */
const SEARCH_MAX = 100;

/**
 * /admin/offices: every office, active or not, newest first, paged (`?page=`), searchable by its
 * Arabic or English name (`?q=`, a GET form), with a link to add a new one. Admins only; a malformed page number or
 * one past the last page is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = requestedPage(request);
  const q = querySearchText(new URL(request.url).searchParams, { maxLength: SEARCH_MAX });
  const { db, locale, t } = await pageContext(request);
  const result = await listAdminOffices(db, locale, { q, page });
  requireExistingPage(result);
  return {
    ...result,
    q,
    seo: { title: t("content:offices.title"), description: t("content:offices.description"), noindex: true },
  };
}

export default function AdminOffices() {
  const { items, total, q, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  const lang = new URLSearchParams(useLocation().search).get("lang");
  return (
    <section className="page narrow admin-page content-admin">
      <ContentHead title={t("content:offices.title")} newHref="/admin/offices/new" newText={t("content:offices.new")} />
      <Form method="get" className="content-search" role="search">
        {lang === "en" || lang === "ar" ? <input type="hidden" name="lang" value={lang} /> : null}
        <div className="field">
          <label htmlFor="office-q">{t("content:offices.search")}</label>
          <input id="office-q" name="q" type="search" defaultValue={q} key={q} maxLength={SEARCH_MAX} autoComplete="off" />
        </div>
        <button type="submit" className="button button-primary">
          <Icon name="search" /> {t("content:offices.searchButton")}
        </button>
      </Form>
      <p className="result-count">{t(q ? "content:offices.found" : "content:offices.count", { n: formatNumber(total), q })}</p>
      {items.length ? (
        <ul className="content-list">
          {items.map((o) => (
            <ContentRow
              key={o.id}
              on={o.isActive}
              href={`/admin/offices/${o.id}`}
              title={o.name}
              stateText={t(o.isActive ? "content:offices.active" : "content:offices.inactive")}
              thumb={o.logo ? <img src={o.logo} width={48} height={48} alt="" loading="lazy" className="content-thumb" /> : null}
            >
              <span className="card-meta">
                {o.place} · <bdi dir="ltr">{o.phone}</bdi>
              </span>
              <span>
                <span className={`level-badge level-${o.contractLevel}`}>{o.contractName}</span>
              </span>
            </ContentRow>
          ))}
        </ul>
      ) : (
        <div className="notice empty-state">
          <p>{t(q ? "content:offices.noneFound" : "content:offices.empty")}</p>
          {q ? (
            <Link to="/admin/offices" className="button button-small">
              {t("content:offices.showAll")}
            </Link>
          ) : null}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
