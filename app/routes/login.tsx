import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { CaptchaField } from "~/features/accounts/CaptchaField";
import { FormNotice, PasswordField, TextField } from "~/platform/forms/FormParts";
import { DEFAULT_COUNTRY, PhoneFields } from "~/features/accounts/PhoneForm";
import { formProps, inputProps, useServerForm, useSubmitting } from "~/platform/forms/useServerForm";
import { loginSchema, registerSchema } from "~/features/accounts/account-forms";
import { loginPost, queryLogin, registerPost } from "~/features/accounts/account-forms.server";
import { message, tooMany, type Message } from "~/platform/forms/message";
import { formConstraint, parseForm } from "~/platform/forms/parse";
import { clientIp } from "~/features/accounts/account.server";
import { checkLoginCaptcha, drawLoginCaptcha, logIn } from "~/features/accounts/account-login.server";
import { register as signUp, smsRefusal } from "~/features/accounts/account-signup.server";
import { getCurrentUser, startUserSession } from "~/features/accounts/auth.server";
import { storedCaptcha } from "~/features/accounts/captcha.server";
import { formReply } from "~/features/forms/forms.server";
import { getSession, redirectWithSuccess, sessionStorage } from "~/platform/http/session.server";
import { pageContext } from "~/platform/http/page.server";
import { localPath } from "~/platform/http/redirect.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;

/** The query parameters the loader reads (decision 045). */
export const queryParams = ["tab", "redirectTo"];
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/**
 * /login: the login tab draws a new captcha on every visit (its answer's hash goes into the
 * session, replacing any earlier one); the sign-up tab has none. A logged-in user is sent on at once. Past the
 * captcha limit of the client's IP address no captcha is drawn: the page comes with status 429 and the
 * "too many attempts" message (`captchaLimited`, a form message) where the image was.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The two tabs of the login screen, kept in the URL: 1 login, 2 sign up (`?tab=2`).
  const { tab, redirectTo } = queryLogin(new URL(request.url).searchParams);
  if (await getCurrentUser(request)) throw redirect(redirectTo ?? "/");
  const { db, t } = await pageContext(request);
  const drawing = tab === "1" ? await drawLoginCaptcha(db, clientIp(context)) : null;
  const drawn = drawing?.kind === "drawn" ? drawing.captcha : null;
  let init: ResponseInit | undefined;
  if (drawn) {
    const session = await getSession(request);
    session.set("captcha", storedCaptcha(drawn));
    init = { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } };
  } else if (drawing?.kind === "tooMany") init = { status: 429 };
  return data(
    {
      tab,
      // The constraint of the form the tab shows.
      login: tab === "1" ? formConstraint(loginSchema) : null,
      register: tab === "2" ? formConstraint(registerSchema) : null,
      captcha: drawn ? { id: drawn.id, image: drawn.image } : null,
      captchaLimited: drawing?.kind === "tooMany" ? tooMany("account:errors.tooMany", drawing.retryAfter) : null,
      redirectTo,
      // A page to come back to may be a token's link (/od/<token>): the page is then kept nowhere (decision 045) and
      // its address reaches no other site (decision 082).
      seo: {
        title: t("account:login.title"),
        description: t("account:login.description"),
        keep: ["tab"],
        noindex: redirectTo !== undefined,
      },
    },
    init,
  );
}

/** After any post of this page the loader runs again, even after a 400, so a new captcha replaces the spent one. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && (!formAction || formAction.startsWith(currentUrl.pathname))
    ? true
    : defaultShouldRevalidate;

/**
 * The posts of /login, told apart by `intent`: "login", "register" and
 * "captcha" (a new image, keeping what was typed). Every post spends the captcha (a failed login resets
 * it); the loader draws the next. Errors come back with status 400 (429 past a limit), the
 * typed values (never the password) and their messages; success redirects with a toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "register") return register(request, form, clientIp(context));
  return login(request, form, clientIp(context), intent === "captcha");
}

/** The form message of each refused login. */
const LOGIN_REFUSED = {
  failed: "account:errors.loginFailed",
  // A number that signed up with this password but never entered its code: the page offers /ac.
  notActivated: "account:errors.notActivated",
  suspended: "account:errors.suspended",
} as const;

async function login(request: Request, form: FormData, ip: string | undefined, refreshOnly: boolean) {
  // The captcha is single-use: whatever happens it is forgotten here, and the loader, which runs after every post
  // of this page (shouldRevalidate above; Remix runs it anyway for a post without JavaScript), draws the next one.
  const session = await getSession(request);
  const stored = session.get("captcha");
  session.unset("captcha");
  const answer = { hideFields: ["password", "captcha"], headers: { "Set-Cookie": await sessionStorage.commitSession(session) } };
  // The number is made E.164 (and may be refused) only once the captcha is right: the captcha is checked first.
  const typed = parseForm(form, loginSchema);
  if (refreshOnly) return formReply(typed, { ...answer, fieldErrors: {}, status: 200 });

  const { db, t } = await pageContext(request);
  const captcha = await checkLoginCaptcha(db, { stored, typed: form.get("captcha"), ip });
  if (captcha.kind === "tooMany")
    return formReply(typed, { ...answer, formErrors: [tooMany("account:errors.tooMany", captcha.retryAfter)], status: 429 });
  if (captcha.kind !== "ok") {
    const key = captcha.kind === "wrong" ? "account:errors.captchaWrong" : "account:errors.captchaRequired";
    return formReply(typed, { ...answer, fieldErrors: { captcha: [message(key)] } });
  }
  const submission = parseForm(form, loginPost);
  if (submission.status !== "success") return formReply(submission, answer);

  const outcome = await logIn(db, { phone: submission.value.phone, password: submission.value.password, ip });
  if (outcome.kind === "tooMany")
    return formReply(submission, { ...answer, formErrors: [tooMany("account:errors.tooMany", outcome.retryAfter)], status: 429 });
  if (outcome.kind !== "loggedIn")
    return formReply(submission, { ...answer, formErrors: [message(LOGIN_REFUSED[outcome.kind])] });
  const cookie = await startUserSession(request, outcome.userId);
  return redirectWithSuccess(localPath(submission.value.redirectTo) ?? "/", t("account:toasts.loginSuccess"), {
    headers: { "Set-Cookie": cookie },
  });
}

async function register(request: Request, form: FormData, ip: string | undefined) {
  const hideFields = ["password"];
  const submission = parseForm(form, registerPost);
  if (submission.status !== "success") return formReply(submission, { hideFields });
  const { db, locale, t } = await pageContext(request);
  const outcome = await signUp(db, { ...submission.value, locale, ip });
  if (outcome.kind === "exists")
    return formReply(submission, { hideFields, formErrors: [message("account:errors.phoneExists")] });
  if (outcome.kind !== "pending")
    return formReply(submission, { hideFields, ...smsRefusal("account:errors.registerFailed", outcome) });
  const session = await getSession(request);
  // Where the sign-up started from comes back after the code (the owner of a draft returns to its link).
  const redirectTo = localPath(form.get("redirectTo"));
  session.set("pending", {
    phone: submission.value.phone,
    registration: outcome.registration,
    ...(redirectTo ? { redirectTo } : {}),
  });
  return redirectWithSuccess("/confirm", t("account:toasts.registerSuccess"), {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
}

export default function LoginPage() {
  const { tab, redirectTo, captcha, captchaLimited } = useLoaderData<typeof loader>();
  const { t } = useT();
  const registerHref = `/login?tab=2${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const loginHref = `/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  return (
    <section className="page narrow account-page">
      <h1>{t("account:login.heading")}</h1>
      <nav className="tabs account-tabs" aria-label={t("account:login.title")}>
        <Link to={loginHref} className="tab-link" aria-current={tab === "1" ? "page" : undefined} replace>
          {t("account:login.tabLogin")}
        </Link>
        <Link to={registerHref} className="tab-link" aria-current={tab === "2" ? "page" : undefined} replace>
          {t("account:login.tabRegister")}
        </Link>
      </nav>
      {tab === "1" ? (
        <LoginForm key="login" redirectTo={redirectTo} captcha={captcha} captchaLimited={captchaLimited} />
      ) : (
        <RegisterForm key="register" redirectTo={redirectTo} />
      )}
    </section>
  );
}

function LoginForm({
  redirectTo,
  captcha,
  captchaLimited,
}: {
  redirectTo?: string;
  captcha: { id: string; image: string } | null;
  /** The "too many attempts" form message when no captcha could be drawn for this address. */
  captchaLimited: Message | null;
}) {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const constraint = useLoaderData<typeof loader>().login!;
  const [form, fields] = useServerForm(constraint, {
    id: "login",
    lastResult: actionData?.lastResult,
    defaultValue: { country: DEFAULT_COUNTRY, redirectTo },
  });
  // Every post of this form draws a new captcha; a new one empties the captcha and password inputs.
  const imageKey = captcha?.id ?? "";
  const busy = useSubmitting({ intent: "login" });
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate>
      {/* The default button: Enter in any field logs in rather than asking for a new captcha image. */}
      <button type="submit" name="intent" value="login" className="default-submit" tabIndex={-1} aria-hidden="true" />
      <FormNotice form={form} />
      <input {...inputProps(fields.redirectTo, { type: "hidden" })} key={fields.redirectTo.key} />
      <PhoneFields country={fields.country} phone={fields.authentication} />
      <PasswordField
        field={fields.password}
        label={t("account:fields.password")}
        autoComplete="current-password"
        resetKey={imageKey}
      />
      <CaptchaField field={fields.captcha} captcha={captcha} limited={captchaLimited} />
      <button type="submit" name="intent" value="login" className="button button-primary form-submit" disabled={busy}>
        {t("account:login.submit")}
      </button>
      <p className="form-links">
        <Link to="/forgot-password">{t("account:login.forgot")}</Link>
      </p>
      <p className="form-links">
        {t("account:login.notActivated")} <Link to="/ac">{t("account:login.activateLink")}</Link>
      </p>
    </Form>
  );
}

function RegisterForm({ redirectTo }: { redirectTo?: string }) {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const constraint = useLoaderData<typeof loader>().register!;
  const [form, fields] = useServerForm(constraint, {
    id: "register",
    lastResult: actionData?.lastResult,
    defaultValue: { country: DEFAULT_COUNTRY },
  });
  const busy = useSubmitting({ intent: "register" });
  return (
    <Form method="post" className="account-form" {...formProps(form)} noValidate>
      <FormNotice form={form} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="field-pair">
        <TextField field={fields.first_name} label={t("account:fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.last_name} label={t("account:fields.lastName")} autoComplete="family-name" />
      </div>
      <PhoneFields country={fields.country} phone={fields.authentication} />
      <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="new-password" />
      <p className="hint">{t("account:login.registerHint")}</p>
      <button type="submit" name="intent" value="register" className="button button-primary form-submit" disabled={busy}>
        {t("account:login.registerSubmit")}
      </button>
    </Form>
  );
}
