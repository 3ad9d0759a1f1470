import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useT } from "~/platform/i18n/use-t";
import { FormNotice, PasswordField } from "~/platform/forms/FormParts";
import { Icon } from "~/platform/ui/Icon";
import { formProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { RESET_TOKEN, resetSchema } from "~/features/accounts/account-forms";
import { tooMany } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { queryFlags, queryToken } from "~/platform/forms/queries";
import { resetFlagQuery } from "~/features/accounts/account-forms.server";
import { findResetUser } from "~/features/accounts/user.server";
import { clientIp } from "~/features/accounts/account.server";
import { checkResetLink, resetPassword } from "~/features/accounts/account-reset.server";
import { formReply } from "~/features/forms/forms.server";
import { pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { hrefOf } from "~/platform/http/redirect.server";
import type { LayoutHandle } from "~/root";

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["t", "changed"];

export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The redirect delay after a reset or a bad link (2000 ms). */
const REDIRECT_DELAY_MS = 2000;

type State = "form" | "bad" | "changed";

/** Page meta, plus `<meta http-equiv="refresh">` to / after 2 seconds on a bad link or a changed password. */
export function meta(args: MetaArgs) {
  const state = (args.data as { state?: State } | undefined)?.state;
  const tags = pageMeta(args);
  return state === "bad" || state === "changed"
    ? [...tags, { httpEquiv: "refresh", content: `${REDIRECT_DELAY_MS / 1000};url=/` }]
    : tags;
}

/** `token` when it is a reset token as the link carries it (base64url, see tokens.server), else null. */
function resetToken(token: string | null): string | null {
  return token && RESET_TOKEN.test(token) ? token : null;
}

/** The reset token of the request's `t` (queryToken), or null. */
function tokenOf(request: Request): string | null {
  return resetToken(queryToken(new URL(request.url).searchParams).token);
}

/**
 * /rp, password reset: without a token, to /
 * at once; with a bad one, its message and / after 2 seconds (status 400); with a good one, the new-password form.
 * `?changed=1` is where a successful change lands: 'password changed successfully' and / after 2 seconds.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { db, t } = await pageContext(request);
  const seo = { title: t("account:reset.title"), description: t("account:reset.description"), noindex: true };
  const link = queryToken(params);
  if (!link.sent && queryFlags(params, resetFlagQuery).changed) return { state: "changed" as State, constraint: null, seo };
  if (!link.sent) throw redirect("/");
  const token = resetToken(link.token);
  const userId = token ? await findResetUser(db, token) : null;
  return data(
    { state: (userId ? "form" : "bad") as State, constraint: formConstraint(resetSchema), seo },
    { status: userId ? 200 : 400 },
  );
}

/**
 * Changes the password: both fields at least 8 and equal; the token is
 * spent and every session of the user ends, in one transaction. A token that went bad meanwhile shows its message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = tokenOf(request);
  if (!token) throw redirect("/");
  const { db } = await pageContext(request);
  // The link is checked before anything is hashed (19 MiB and ~50 ms), within the per-address login limit.
  const link = await checkResetLink(db, { token, ip: clientIp(context) });
  if (link.kind === "tooMany")
    return formReply(null, { formErrors: [tooMany("account:errors.tooMany", link.retryAfter)], status: 429 });
  if (link.kind === "bad") throw redirect(hrefOf`/rp?t=${token}`);
  const form = await request.formData().catch(() => new FormData());
  const submission = parseForm(form, resetSchema);
  if (submission.status !== "success") return formReply(submission, { hideFields: ["password", "password_confirmation"] });
  const outcome = await resetPassword(db, { token, password: submission.value.password });
  return redirect(outcome.kind === "changed" ? "/rp?changed=1" : hrefOf`/rp?t=${token}`);
}

export default function ResetPasswordPage() {
  const { state } = useLoaderData<typeof loader>();
  const { t } = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const checking =
    navigation.state === "loading" && navigation.location.pathname === "/rp" && navigation.formMethod === undefined;
  // With JavaScript the redirect home (after a change, or from a bad link) happens here too (the meta refresh covers
  // pages without it).
  useEffect(() => {
    if (state === "form") return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);
  return (
    <section className="page narrow account-page">
      <h1>{t("account:reset.title")}</h1>
      {checking ? (
        <p className="notice" role="status">
          {t("account:reset.checking")}
        </p>
      ) : state === "form" ? (
        <ResetForm />
      ) : (
        <div
          className={state === "changed" ? "notice notice-success" : "notice notice-error"}
          role={state === "changed" ? "status" : "alert"}
        >
          <Icon name={state === "changed" ? "check" : "alert"} />
          <div>
            <p>{t(state === "changed" ? "account:reset.changed" : "account:reset.badToken")}</p>
            <p>
              {t("account:reset.redirecting")} <Link to="/">{t("account:reset.goHome")}</Link>
            </p>
          </div>
        </div>
      )}
    </section>
  );
}

function ResetForm() {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const constraint = useLoaderData<typeof loader>().constraint ?? {};
  const [form, fields] = useServerForm<"password" | "password_confirmation">(constraint, {
    id: "reset",
    lastResult: actionData?.lastResult,
  });
  const busy = useSubmitting();
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate>
      <FormNotice form={form} />
      <PasswordField field={fields.password} label={t("account:fields.newPassword")} autoComplete="new-password" />
      <PasswordField
        field={fields.password_confirmation}
        label={t("account:fields.confirmPassword")}
        autoComplete="new-password"
      />
      <button type="submit" className="button button-primary form-submit" disabled={busy}>
        {busy ? t("account:reset.changing") : t("account:reset.submit")}
      </button>
    </Form>
  );
}
