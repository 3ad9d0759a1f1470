import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { newInboxCount } from "~/features/inbox/inbox.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import type { LayoutHandle } from "~/root";

export const handle: LayoutHandle = { i18n: ["common", "admin", "content"] };

/** The back office's sections, in the order of its menu. */
const SECTIONS = [
  { to: "/admin", key: "admin:nav.dashboard", end: true },
  { to: "/admin/posts", key: "admin:nav.posts" },
  { to: "/admin/requests", key: "admin:nav.requests" },
  { to: "/admin/reports", key: "admin:nav.reports" },
  { to: "/admin/inbox", key: "admin:inbox.nav", count: true },
  { to: "/admin/users", key: "admin:nav.users" },
  { to: "/admin/articles", key: "admin:nav.articles" },
  { to: "/admin/offices", key: "admin:nav.offices" },
  { to: "/admin/rates", key: "admin:nav.rates" },
  { to: "/admin/audit", key: "admin:nav.audit" },
  { to: "/admin/jobs", key: "admin:nav.jobs" },
  { to: "/admin/sms", key: "admin:nav.sms" },
] as const;

/**
 * The back office's frame: its menu around every /admin page. Admins only; each child loader and action
 * checks the role again, since Remix runs loaders in parallel and actions alone. Returns the inbox's count of new
 * requests for the menu (two index counts, docs/decisions/054).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db } = await pageContext(request);
  return { inboxNew: await newInboxCount(db) };
}

export default function AdminLayout() {
  const { t } = useT("admin");
  const { inboxNew } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label={t("admin:nav.label")}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={"end" in section}>
                {t(section.key)}
                {"count" in section && inboxNew > 0 ? (
                  <span className="nav-count">
                    <span aria-hidden="true">{formatNumber(inboxNew)}</span>
                    <span className="visually-hidden">{t("admin:inbox.newCount", { count: inboxNew })}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
