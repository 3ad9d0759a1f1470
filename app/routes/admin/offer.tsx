import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { AdminError, DamascusTime } from "~/features/back-office/AdminParts";
import { useSubmitting } from "~/platform/forms/useServerForm";
import { offerDraftSchema, parseAdminForm } from "~/features/posts/moderation-forms";
import { getLookups, nameOf } from "~/features/places/lookups.server";
import { makeOfferDraft, offerDetail } from "~/features/posts/offer-draft.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { formatNumber } from "~/features/listings/format";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/**
 * /admin/offers/:id (docs/decisions/055-offer-to-listing.md): a visitor's offer with every field and the
 * sender's number (a tel: link), and the one-step form "make a listing draft"; once made, the draft's state and a
 * link to it. Admins only, never indexed. Times are Damascus time.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireId(params.id);
  const { db, locale, t } = await pageContext(request);
  const offer = await offerDetail(db, id, locale);
  if (!offer) notFound();
  const lookups = await getLookups(db);
  return {
    offer: { ...offer, mobileShown: offer.mobileE164 ? formatPhone(offer.mobileE164) : offer.mobile },
    estateTypes: offer.estateTypeId ? [] : lookups.estateTypes.map((r) => ({ id: r.id, name: nameOf(r, locale) ?? "" })),
    seo: { title: t("admin:offers.title", { id }), description: t("admin:description"), noindex: true },
  };
}

/**
 * "Make a listing draft" (makeOfferDraft: the draft, the offer's inbox state, the audit entries and the owner's SMS
 * in one transaction). A second post finds the draft made by the first: 409 with "already made", the page showing
 * it. An offer without a type needs `estate_type_id` (400 when missing or unknown); a number that cannot receive an
 * SMS is refused (400): the owner could never get the link.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireId(params.id);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = parseAdminForm(form, offerDraftSchema);
  if (!parsed.value) return data({ error: parsed.error }, { status: 400 });
  const typeId = parsed.value.estate_type_id ?? null;
  if (typeId !== null && !(await getLookups(db)).byId.estateType.has(typeId))
    return data({ error: "admin:offers.typeRequired" }, { status: 400 });
  const outcome = await makeOfferDraft(db, id, { id: admin.id, admin: true }, { estateTypeId: typeId });
  if (outcome.kind === "missing") notFound();
  if (outcome.kind === "exists") return data({ error: "admin:offers.exists" }, { status: 409 });
  if (outcome.kind === "noMobile") return data({ error: "admin:offers.noMobile" }, { status: 400 });
  if (outcome.kind === "typeRequired") return data({ error: "admin:offers.typeRequired" }, { status: 400 });
  return redirectWithSuccess(`/admin/offers/${id}`, t("admin:offers.made", { number: outcome.stateId }));
}

export default function OfferPage() {
  const { offer: o, estateTypes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  const busy = useSubmitting();
  const ownership = o.ownership ? t(`admin:offers.ownership.${o.ownership}`) : "-";
  return (
    <section className="page admin-page review-page">
      <h1>{t("admin:offers.title", { id: o.id })}</h1>
      <p className="page-lead">
        {o.offerType} · {o.estateType ?? "-"} · {o.place}
      </p>
      <AdminError error={actionData && "error" in actionData ? actionData.error : null} />
      <dl className="details">
        <div>
          <dt>{t("admin:offers.sender")}</dt>
          <dd>
            <bdi>{o.fullname}</bdi> ·{" "}
            <a href={`tel:${o.mobileE164 ?? o.mobile}`} dir="ltr" className="nowrap">
              {o.mobileShown}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t("admin:offers.received")}</dt>
          <dd>
            <DamascusTime at={o.date} />
          </dd>
        </div>
        <div>
          <dt>{t("admin:offers.offerType")}</dt>
          <dd>{o.offerType}</dd>
        </div>
        <div>
          <dt>{t("admin:offers.estateType")}</dt>
          <dd>{o.estateType ?? "-"}</dd>
        </div>
        <div>
          <dt>{t("admin:offers.place")}</dt>
          <dd>{o.place}</dd>
        </div>
        <div>
          <dt>{t("admin:facts.area")}</dt>
          <dd>{formatNumber(o.area)}</dd>
        </div>
        <div>
          <dt>{t("admin:facts.finishing")}</dt>
          <dd>{o.finishing ?? "-"}</dd>
        </div>
        <div>
          <dt>{t("admin:offers.ownershipLabel")}</dt>
          <dd>{ownership}</dd>
        </div>
        <div>
          <dt>{t("admin:offers.inboxState")}</dt>
          <dd>{t(`admin:offers.inbox.${o.inboxState}`)}</dd>
        </div>
      </dl>
      <h2>{t("admin:offers.subject")}</h2>
      <p className="review-description" dir="auto">
        {o.subject}
      </p>
      {o.draft ? (
        <section className="section" aria-labelledby="draft-title">
          <h2 id="draft-title">{t("admin:offers.draftTitle", { number: o.draft.stateId })}</h2>
          <p>
            <span className={`chip status-${o.draft.status}`}>{t(`admin:states.${o.draft.status}`)}</span>{" "}
            {o.draft.status === "draft" ? t(o.draft.claimed ? "admin:offers.claimed" : "admin:offers.waiting") : null}
          </p>
          <p>
            <Link to={`/admin/posts/${o.draft.estateId}`}>{t("admin:offers.openDraft")}</Link>
            {" · "}
            <Link to={`/admin/audit?subject=estate&id=${o.draft.estateId}`}>{t("admin:review.history")}</Link>
          </p>
        </section>
      ) : (
        <Form method="post" className="section">
          <h2>{t("admin:offers.makeTitle")}</h2>
          <p className="hint">{t("admin:offers.makeHint")}</p>
          {estateTypes.length ? (
            <div className="field">
              <label htmlFor="estate_type_id">{t("admin:offers.estateType")}</label>
              <select id="estate_type_id" name="estate_type_id" required defaultValue="">
                <option value="">{t("admin:offers.chooseType")}</option>
                {estateTypes.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("admin:offers.make")}
          </button>
        </Form>
      )}
    </section>
  );
}
