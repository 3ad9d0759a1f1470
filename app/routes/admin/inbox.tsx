import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { AdminError, DamascusTime, RowButtonsForm } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { Pagination } from "~/platform/ui/Pagination";
import { INBOX_STATES, type InboxState } from "~/platform/db/schema";
import { queryInbox } from "~/features/back-office/admin-queries.server";
import { parseAdminForm } from "~/features/posts/moderation-forms";
import { inboxDecisionSchema } from "~/features/back-office/inbox-forms.server";
import { changeInboxState, INBOX_KINDS, listInbox, type InboxDecision, type InboxItem } from "~/features/inbox/inbox.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { requestedPage, requireExistingPage } from "~/features/back-office/admin-content.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["kind", "state", "page"];

/**
 * /admin/inbox (docs/decisions/054): consultation requests, contact messages and visitors' offers in one
 * list, newest first, paged (`?page=`), filtered by `?kind=` (consultation, contact, offer) and `?state=` (new,
 * in_progress, done, spam). Admins only; a malformed page number or one past the last is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // An unknown (or repeated) filter shows everything (admin-queries.server.ts).
  const filter = queryInbox(new URL(request.url).searchParams);
  const page = requestedPage(request);
  const { db, locale, t } = await pageContext(request);
  const result = await listInbox(db, locale, filter, page);
  requireExistingPage(result);
  return {
    ...result,
    filter: { kind: filter.kind ?? "", state: filter.state ?? "" },
    /** The filters' choices (the lists live in server modules, which the browser bundle does not carry). */
    kinds: INBOX_KINDS,
    states: INBOX_STATES,
    seo: { title: t("admin:inbox.title"), description: t("admin:description"), noindex: true },
  };
}

/**
 * Changes one request's state (take, done, spam, reopen) from the state the page showed, with its audit entry; back
 * to the same list (filters and page kept) with a toast. 400 for a form the page did not make; 409 when the request
 * is gone or its state changed meanwhile.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, inboxDecisionSchema);
  if (!parsed.value) return data({ error: parsed.error }, { status: 400 });
  const { kind, id, state, decision } = parsed.value;
  if (!(await changeInboxState(db, { kind, id, from: state, decision }, { id: admin.id, admin: true })))
    return data({ error: "admin:errors.state" }, { status: 409 });
  // Back to the same filters; the first page, since the change may have moved the request off the page it was on.
  const params = new URLSearchParams();
  const filter = queryInbox(new URL(request.url).searchParams);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.state) params.set("state", filter.state);
  const back = params.size ? `/admin/inbox?${params}` : "/admin/inbox";
  return redirectWithSuccess(back, t(`admin:inbox.done.${decision}`));
}

/** The decisions offered for a request in `state`, in the order of its buttons. */
function decisionsFor(state: InboxState): InboxDecision[] {
  if (state === "new") return ["take", "done", "spam"];
  if (state === "in_progress") return ["done", "spam", "reopen"];
  return ["reopen"];
}

export default function InboxPage() {
  const { items, total, page, pageCount, filter, kinds, states } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  return (
    <section className="page admin-page">
      <h1>{t("admin:inbox.title")}</h1>
      <p className="page-lead">{t("admin:inbox.intro")}</p>
      <Form method="get" className="admin-filters" role="search">
        <label htmlFor="inbox-kind">{t("admin:inbox.kind")}</label>
        <select id="inbox-kind" name="kind" defaultValue={filter.kind}>
          <option value="">{t("admin:inbox.all")}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`admin:inbox.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor="inbox-state">{t("admin:inbox.state")}</label>
        <select id="inbox-state" name="state" defaultValue={filter.state}>
          <option value="">{t("admin:inbox.all")}</option>
          {states.map((st) => (
            <option key={st} value={st}>
              {t(`admin:inbox.states.${st}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          <Icon name="search" /> {t("admin:inbox.show")}
        </button>
      </Form>
      <AdminError error={actionData?.error} />
      <p className="result-count">{t("admin:inbox.count", { count: total, n: formatNumber(total) })}</p>
      {items.length === 0 ? (
        <p className="notice">{t("admin:nothing")}</p>
      ) : (
        <ol className="admin-list">
          {items.map((item) => (
            <InboxRow key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

/** One request: kind, name, number (a tel: link), the offer's facts, the text, the time in Damascus, state, forms. */
function InboxRow({ item }: { item: InboxItem }) {
  const { t } = useT("admin");
  const stateText =
    item.state === "in_progress" && item.takenBy
      ? t("admin:inbox.takenBy", { name: item.takenBy })
      : t(`admin:inbox.states.${item.state}`);
  return (
    <li className={item.state === "new" ? "inbox-new" : "handled"} data-inbox={`${item.kind}-${item.id}`}>
      <p>
        <span className="chip">{t(`admin:inbox.kinds.${item.kind}`)}</span>{" "}
        <strong>
          <bdi>{item.name}</bdi>
        </strong>{" "}
        ·{" "}
        <a href={`tel:${item.mobile.replace(/[^\d+]/g, "")}`} dir="ltr">
          {item.mobile}
        </a>{" "}
        · <DamascusTime at={item.at} />
      </p>
      {item.offer ? (
        <p>
          <Link to={`/admin/offers/${item.id}`}>
            {t(item.offer.offerTypeId === 2 ? "admin:requests.rent" : "admin:requests.sale")} · {item.offer.estateType || "-"} ·{" "}
            {item.offer.place} · {formatNumber(item.offer.area)} {t("admin:leads.m2")}
          </Link>
        </p>
      ) : null}
      <p className="review-description" dir="auto">
        {item.text}
      </p>
      <p className="hint">{stateText}</p>
      <RowButtonsForm
        fields={{ kind: item.kind, id: item.id, state: item.state }}
        buttons={decisionsFor(item.state).map((d) => ({
          name: "decision",
          value: d,
          label: t(`admin:inbox.decisions.${d}`),
          danger: d === "spam",
        }))}
      />
    </li>
  );
}
