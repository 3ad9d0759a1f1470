import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { DamascusTime } from "~/features/back-office/AdminParts";
import { FormNotice, TextField } from "~/platform/forms/FormParts";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { isLargeRateChange, RATE_CONFIRM_CHANGE, RATE_MAX, RATE_MIN, rateSchema } from "~/features/listings/rate-forms";
import { currentRate, rateHistory, rateInForceAt, setRate } from "~/features/listings/exchange-rate.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formReply, type FormReply } from "~/features/forms/forms.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { formatNumber } from "~/features/listings/format";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/**
 * /admin/rates (docs/decisions/025-prices-and-medians.md): the exchange rate in force (SYP for 1 USD,
 * since when), the last 20 rates set, and the form that sets a new one. Admins only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const [rate, history] = await Promise.all([currentRate(db), rateHistory(db, 20)]);
  const now = Date.now();
  return {
    constraint: formConstraint(rateSchema),
    current: rate ? { sypPerUsd: rate.sypPerUsd, validFrom: rate.validFrom.toISOString() } : null,
    history: history.map((r) => ({ ...r, scheduled: Date.parse(r.validFrom) > now })),
    seo: { title: t("admin:rates.title"), description: t("admin:description"), noindex: true },
  };
}

/** What the action answers when a new rate needs confirming: the typed values, and both rates (whole SYP for 1 USD). */
type RateConfirmation = FormReply & { confirm: { previous: number; next: number; validFrom: string } };

/**
 * Sets a new rate: `syp_per_usd` (whole SYP for 1 USD, RATE_MIN to RATE_MAX, thousands separators and Arabic digits
 * accepted) and an optional `valid_from` (YYYY-MM-DD, midnight in Damascus; empty: now). A change of more than
 * RATE_CONFIRM_CHANGE from the rate in force at its start (isLargeRateChange; docs/decisions/049) is not saved:
 * the answer (200, RateConfirmation) is the confirmation screen with both values and a form that posts the new value
 * again with `intent=confirm`, which saves it. The row and its audit entry are one transaction (setRate). Bad input:
 * 400 with the typed values and a translated message beside the field. Success: back to /admin/rates with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { db, t } = await pageContext(request);
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, rateSchema);
  if (submission.status !== "success") return formReply(submission);
  const { syp_per_usd: next, valid_from: validFrom, intent } = submission.value;
  if (intent !== "confirm") {
    const previous = await rateInForceAt(db, validFrom ?? new Date());
    if (previous !== null && isLargeRateChange(previous, next)) {
      const typed = form.get("valid_from");
      return data<RateConfirmation>({
        lastResult: submission.reply(),
        confirm: { previous, next, validFrom: typeof typed === "string" ? typed.trim() : "" },
      });
    }
  }
  await setRate(db, admin.id, { sypPerUsd: next, validFrom });
  return redirectWithSuccess("/admin/rates", t("admin:rates.done", { rate: formatNumber(next) }));
}

export default function RatesPage() {
  const { current, history, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("admin");
  const busy = useSubmitting();
  const [form, fields] = useServerForm(constraint, { id: "rate", lastResult: actionData?.lastResult });
  // The action answers either shape (the reply of a refused post, or RateConfirmation): only the latter has `confirm`.
  const confirm = (actionData as Partial<RateConfirmation> | undefined)?.confirm ?? null;
  return (
    <section className="page narrow admin-page form-page">
      <h1>{t("admin:rates.title")}</h1>
      <p className="page-lead">{t("admin:rates.intro")}</p>
      {confirm ? <RateConfirm {...confirm} busy={busy} /> : null}
      {current ? (
        <p className="notice notice-success" role="status">
          {t("admin:rates.current")} <bdi dir="ltr">1 US$ = {formatNumber(current.sypPerUsd)} SYP</bdi> · {t("admin:rates.since")}{" "}
          <DamascusTime at={current.validFrom} />
        </p>
      ) : (
        <p className="notice">{t("admin:rates.none")}</p>
      )}
      <Form method="post" className="account-form" {...formProps(form)} noValidate>
        <h2>{t(confirm ? "admin:rates.correct" : "admin:rates.set")}</h2>
        <FormNotice form={form} checkData="content:errors.checkData" />
        <TextField
          field={fields.syp_per_usd}
          label={t("admin:rates.value")}
          hint={t("admin:rates.valueHint", { min: formatNumber(RATE_MIN), max: formatNumber(RATE_MAX) })}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          field={fields.valid_from}
          type="date"
          label={t("admin:rates.validFrom")}
          hint={t("admin:rates.validFromHint")}
          dir="ltr"
        />
        <button type="submit" className="button button-primary form-submit" disabled={busy}>
          {t("admin:rates.save")}
        </button>
      </Form>
      <h2>{t("admin:rates.history")}</h2>
      <div className="table-scroll">
        <table className="audit-table">
          <thead>
            <tr>
              <th scope="col">{t("admin:rates.value")}</th>
              <th scope="col">{t("admin:rates.validFrom")}</th>
              <th scope="col">{t("admin:rates.setBy")}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((r) => (
              <tr key={r.id}>
                <td>
                  <bdi dir="ltr">{formatNumber(r.sypPerUsd)}</bdi>
                </td>
                <td>
                  <DamascusTime at={r.validFrom} />
                  {r.scheduled ? ` (${t("admin:rates.scheduled")})` : ""}
                </td>
                <td>
                  <bdi>{r.setBy ?? "-"}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The second screen of a large change (docs/decisions/049): the rate now and the rate typed, how far apart they are,
 * and a plain form that posts the new value with `intent=confirm`. The form below it keeps what was typed, to correct.
 */
function RateConfirm({ previous, next, validFrom, busy }: { previous: number; next: number; validFrom: string; busy: boolean }) {
  const { t } = useT("admin");
  const change = Math.round(((next - previous) / previous) * 100);
  return (
    <Form method="post" className="account-form" aria-labelledby="rate-confirm-title">
      <h2 id="rate-confirm-title">{t("admin:rates.confirm.title")}</h2>
      <p className="notice notice-error" role="alert">
        {t("admin:rates.confirm.text", { limit: formatNumber(RATE_CONFIRM_CHANGE * 100) })}
      </p>
      <dl className="details">
        <div>
          <dt>{t("admin:rates.confirm.previous")}</dt>
          <dd>
            <bdi dir="ltr">1 US$ = {formatNumber(previous)} SYP</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("admin:rates.confirm.next")}</dt>
          <dd>
            <bdi dir="ltr">1 US$ = {formatNumber(next)} SYP</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("admin:rates.confirm.change")}</dt>
          <dd>
            <bdi dir="ltr">{`${change > 0 ? "+" : ""}${formatNumber(change)}%`}</bdi>
          </dd>
        </div>
      </dl>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="syp_per_usd" value={String(next)} />
      <input type="hidden" name="valid_from" value={validFrom} />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {t("admin:rates.confirm.save", { rate: formatNumber(next) })}
      </button>
    </Form>
  );
}
