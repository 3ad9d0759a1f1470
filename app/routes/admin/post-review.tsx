import { TrustNotes } from "~/features/back-office/TrustNotes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ReasonFields, AdminError } from "~/features/back-office/AdminParts";
import { Icon } from "~/platform/ui/Icon";
import { parseAdminForm, postDecisionSchema, reasonValues } from "~/features/posts/moderation-forms";
import { correctFacts, moderatePost, postReview, type ReviewFact } from "~/features/posts/post-review.server";
import { FactFields } from "~/features/posts/PostEditor";
import { factFormValues, factsOfForm } from "~/features/posts/estate-form.server";
import { factsCorrectionSchema } from "~/features/posts/post-forms";
import { formConstraint, parseForm, type FieldName, type FormConstraint, type FormResult } from "~/platform/forms/parse";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { FormNotice } from "~/platform/forms/FormParts";
import { formReply } from "~/features/forms/forms.server";
import { message } from "~/platform/forms/message";
import { changeListing } from "~/features/posts/freshness.server";
import { reasonChoices } from "~/features/posts/owner-texts.server";
import { TransitionError } from "~/features/posts/moderation.server";
import { findDuplicates } from "~/features/posts/duplicates.server";
import { LikelyDuplicates } from "~/features/posts/LikelyDuplicates";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatPhone } from "~/features/accounts/phone.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** /admin/posts/:id: everything the owner entered, the photos, a pending edit beside the public version. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireId(params.id);
  const { db, locale, t } = await pageContext(request);
  const review = await postReview(db, id, locale);
  if (!review) notFound();
  const ownerLang = review.owner?.lang ?? locale;
  // Decision 099: the likely duplicates of the post among the published and pending listings, beside it.
  const duplicates = await findDuplicates(db, id);
  return {
    duplicates,
    // The staff's correction of the facts (decision 093), in the owner editor's own fields.
    correction: {
      constraint: formConstraint(factsCorrectionSchema),
      defaults: factFormValues(review.correction.facts),
      rent: review.correction.rent,
      shop: review.correction.shop,
    },
    review: {
      ...review,
      phone: review.phone ? (review.phone.startsWith("+") ? formatPhone(review.phone) : review.phone) : null,
      owner: review.owner ? { ...review.owner, phone: formatPhone(review.owner.phone) } : null,
    },
    ownerLang,
    reasons: await reasonChoices(ownerLang),
    seo: { title: t("admin:review.title", { number: review.stateId }), description: t("admin:description"), noindex: true },
  };
}

/**
 * Approve, reject (with a reason in the owner's language), approve or reject an edit, or unpublish. Each
 * is one transition with its audit entry and the owner's SMS. A missing reason: 400 with what was typed; a
 * decision the post's state no longer allows (another admin was quicker): 409. `decision=correct` saves the staff's
 * correction of the facts (correctFacts: its audit entry names the admin and each fact changed): bad values come back
 * with their messages and every value (400).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireId(params.id);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  if (form.get("decision") === "correct") {
    const submission = parseForm(form, factsCorrectionSchema);
    if (submission.status !== "success") return formReply(submission, { formErrors: [message("forms:errors.checkData")] });
    try {
      await correctFacts(db, id, { id: admin.id, admin: true }, factsOfForm(submission.value), submission.value.version ?? null);
    } catch (error) {
      if (error instanceof TransitionError)
        return formReply(submission, { formErrors: [message("admin:errors.state")], status: 409 });
      if (error instanceof Error && error.message === "missing") notFound();
      throw error;
    }
    return redirectWithSuccess(`/admin/posts/${id}`, t("admin:done.correct"));
  }
  const parsed = parseAdminForm(form, postDecisionSchema);
  const values = { decision: String(parsed.payload.decision ?? ""), ...reasonValues(parsed.payload) };
  if (!parsed.value) return data({ error: parsed.error, values }, { status: 400 });
  const { decision, reason, reason_text, version } = parsed.value;
  if (decision === "close") {
    // Sold or rented: one transition with the admin's audit entry.
    const outcome = await changeListing(db, id, "close", { id: admin.id, admin: true });
    if (outcome === "missing") notFound();
    if (outcome !== "sold" && outcome !== "rented") return data({ error: "admin:errors.state", values }, { status: 409 });
    return redirectWithSuccess(`/admin/posts/${id}`, t(outcome === "sold" ? "admin:done.mark_sold" : "admin:done.mark_rented"));
  }
  try {
    // The review page's forms always send the version they were drawn with (a post changed since is refused: 409).
    await moderatePost(db, id, decision, { id: admin.id, admin: true }, { code: reason, text: reason_text }, version);
  } catch (error) {
    if (error instanceof TransitionError) return data({ error: "admin:errors.state", values }, { status: 409 });
    if (error instanceof Error && error.message === "missing") notFound();
    throw error;
  }
  if (decision === "unpublish") return redirectWithSuccess(`/admin/posts/${id}`, t(`admin:done.${decision}`));
  return redirectWithSuccess("/admin/posts", t(`admin:done.${decision}`));
}

export default function PostReviewPage() {
  const { review: r, ownerLang, reasons, correction, duplicates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  const busy = useSubmitting();
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const correctable = r.state === "pending" || r.state === "edit_pending" || r.state === "approved";
  const rejectDecision = r.state === "edit_pending" ? "reject_edit" : "reject";
  return (
    <section className="page admin-page review-page">
      <p className="breadcrumbs">
        <Link to="/admin/posts">{t("admin:posts.title")}</Link>
      </p>
      <h1>{t("admin:review.title", { number: r.stateId })}</h1>
      <p className="page-lead">
        {r.offerType} · {r.estateType} · {r.place}
      </p>
      <p>
        <span className={`chip status-${r.state}`}>{t(`admin:states.${r.state}`)}</span>{" "}
        {r.state === "approved" || r.state === "edit_pending" ? (
          <Link to={`/estate/${r.estateId}`}>{t("admin:review.public")}</Link>
        ) : null}
      </p>
      <TrustNotes
        held={r.state === "pending" || r.state === "edit_pending" ? r.held : null}
        brokerCount={r.brokerCount}
        ownership={r.ownership}
      />
      <AdminError error={actionData && "error" in actionData ? actionData.error : null} />
      <dl className="details">
        <div>
          <dt>{t("admin:review.owner")}</dt>
          <dd>
            {r.owner ? (
              <>
                <bdi>{r.owner.name}</bdi> ·{" "}
                <bdi dir="ltr" className="nowrap">
                  {r.owner.phone}
                </bdi>{" "}
                · {t(`admin:userStates.${r.owner.status}`)}
              </>
            ) : (
              t("admin:review.staff")
            )}
          </dd>
        </div>
        <div>
          <dt>{t("admin:review.contact")}</dt>
          <dd>
            <bdi>{r.contactName ?? "-"}</bdi> ·{" "}
            <bdi dir="ltr" className="nowrap">
              {r.phone ?? "-"}
            </bdi>
          </dd>
        </div>
      </dl>
      <div className={r.edit ? "review-columns" : undefined}>
        <PostFacts
          title={r.edit ? t("admin:review.publicVersion") : t("admin:review.post")}
          facts={r.facts}
          description={r.description}
          photos={r.photos}
        />
        {r.edit ? (
          <PostFacts
            title={t("admin:review.proposed")}
            facts={r.edit.facts}
            description={r.edit.description}
            photos={r.edit.photos}
          />
        ) : null}
      </div>
      <LikelyDuplicates duplicates={duplicates} />
      {correctable ? (
        <FactsCorrection
          correction={correction}
          version={r.version}
          proposed={r.state === "edit_pending"}
          lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
        />
      ) : null}
      {r.state === "pending" || r.state === "edit_pending" ? (
        <div className="review-decisions">
          <Form method="post">
            <input type="hidden" name="version" value={r.version} />
            <button
              type="submit"
              name="decision"
              value={r.state === "edit_pending" ? "approve_edit" : "approve"}
              className="button button-primary"
              disabled={busy}
            >
              <Icon name="check" /> {t(r.state === "edit_pending" ? "admin:review.approveEdit" : "admin:review.approve")}
            </button>
          </Form>
          <Form method="post" className="reject-form">
            <input type="hidden" name="version" value={r.version} />
            <ReasonFields
              idPrefix="reject"
              lang={ownerLang}
              reasons={reasons}
              values={values?.decision === rejectDecision ? values : undefined}
            />
            <button type="submit" name="decision" value={rejectDecision} className="button button-danger" disabled={busy}>
              {t(r.state === "edit_pending" ? "admin:review.rejectEdit" : "admin:review.reject")}
            </button>
          </Form>
        </div>
      ) : null}
      {r.state === "approved" || r.state === "edit_pending" ? (
        <Form method="post" className="reject-form">
          <input type="hidden" name="version" value={r.version} />
          <h2>{t("admin:review.unpublishTitle")}</h2>
          <ReasonFields
            idPrefix="unpublish"
            lang={ownerLang}
            reasons={reasons}
            values={values?.decision === "unpublish" ? values : undefined}
          />
          <button type="submit" name="decision" value="unpublish" className="button button-danger" disabled={busy}>
            {t("admin:review.unpublish")}
          </button>
        </Form>
      ) : null}
      {["approved", "edit_pending", "expired", "withdrawn"].includes(r.state) ? (
        <Form method="post" className="close-form">
          <h2>{t("admin:review.closeTitle")}</h2>
          <button type="submit" name="decision" value="close" className="button" disabled={busy}>
            {t(r.offerTypeId === 2 ? "admin:review.markRented" : "admin:review.markSold")}
          </button>
        </Form>
      ) : null}
      {r.rejectReason && r.state === "rejected" ? (
        <p className="notice">
          {t("admin:review.reason")}: <bdi>{r.rejectReason}</bdi>
        </p>
      ) : null}
      <p>
        <Link to={`/admin/audit?subject=estate&id=${r.estateId}`}>{t("admin:review.history")}</Link>
      </p>
    </section>
  );
}

/**
 * The staff's correction of the facts of the version under review (`proposed`: the owner's pending edit, else the
 * listing), in the owner editor's fields (FactFields, decision 093), with the post's version the page showed.
 */
function FactsCorrection({
  correction,
  version,
  proposed,
  lastResult,
}: {
  correction: {
    constraint: FormConstraint<FieldName<typeof factsCorrectionSchema>>;
    defaults: Record<string, string>;
    rent: boolean;
    shop: boolean;
  };
  version: string;
  proposed: boolean;
  lastResult?: FormResult;
}) {
  const { t } = useT("admin");
  const busy = useSubmitting();
  const [form, fields] = useServerForm(correction.constraint, {
    id: "facts-correction",
    lastResult,
    defaultValue: correction.defaults,
  });
  return (
    <section className="section" aria-labelledby="correct-title">
      <h2 id="correct-title">{t("admin:review.correctTitle")}</h2>
      <p className="hint">{t(proposed ? "admin:review.correctProposedHint" : "admin:review.correctHint")}</p>
      <Form method="post" className="account-form" {...formProps(form)}>
        <FormNotice form={form} checkData="forms:errors.checkData" />
        <input type="hidden" name="version" value={version} />
        <FactFields fields={fields} rent={correction.rent} shop={correction.shop} />
        <button type="submit" name="decision" value="correct" className="button button-primary" disabled={busy}>
          {t("admin:review.correctSave")}
        </button>
      </Form>
    </section>
  );
}

/** One version of a post: its facts, description and photos. */
function PostFacts({
  title,
  facts,
  description,
  photos,
}: {
  title: string;
  facts: ReviewFact[];
  description: string | null;
  photos: string[];
}) {
  const { t } = useT("admin");
  return (
    <section className="review-version">
      <h2>{title}</h2>
      <dl className="details">
        {facts.map((f) => (
          <div key={f.key}>
            <dt>{f.label ?? t(`admin:facts.${f.key}`)}</dt>
            <dd>{f.value === "yes" ? t("admin:yes") : f.value === "no" ? t("admin:no") : <bdi>{f.value || "-"}</bdi>}</dd>
          </div>
        ))}
      </dl>
      <p className="review-description" dir="auto">
        {description ?? "-"}
      </p>
      {photos.length ? (
        <ol className="photo-list">
          {photos.map((src, i) => (
            <li key={src}>
              <img src={src} alt={t("admin:review.photo", { n: i + 1 })} width={200} height={150} loading="lazy" />
            </li>
          ))}
        </ol>
      ) : (
        <p className="hint">{t("admin:review.noPhotos")}</p>
      )}
    </section>
  );
}
