import { getFormProps, getInputProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_COUNTRY, FieldErrors, FormNotice, PhoneFields, TextField, useMessage } from "~/components/FormParts";
import { Icon } from "~/components/Icon";
import { useAppForm, useSubmitting } from "~/components/useAppForm";
import { loginSchema, registerSchema } from "~/forms/account";
import { message, tooMany, type Message } from "~/forms/message";
import { parseForm } from "~/forms/parse";
import { TransactionRollbackError } from "drizzle-orm";
import { createRegistration, findRegistrationByPassword, findUserByPhone } from "~/models/user.server";
import { clientIp, consumeLoginLimit, consumeSmsLimit, resetLoginLimit, sendActivationCode } from "~/services/account.server";
import { formReply } from "~/services/forms.server";
import { getCurrentUser, startUserSession } from "~/services/auth.server";
import { checkCaptcha, createCaptcha, spendCaptcha, storedCaptcha } from "~/services/captcha.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/services/password.server";
import { toE164 } from "~/services/phone.server";
import { consume, limitPassed } from "~/services/rate-limit.server";
import { getSession, redirectWithSuccess, sessionStorage } from "~/services/session.server";
import { pageContext } from "~/utils/page.server";
import { localPath } from "~/utils/redirect.server";
import { pageMeta } from "~/utils/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "account"] };

/** The two tabs of spec 2.6 and 4 (Login screen): 1 login, 2 sign up, kept in the URL (`?tab=2`). */
type Tab = "1" | "2";
const tabOf = (url: URL): Tab => (url.searchParams.get("tab") === "2" ? "2" : "1");

/**
 * /login (spec 2.1, 2.6, 4): the login tab draws a new captcha on every visit (its answer's hash goes into the
 * session, replacing any earlier one); the sign-up tab has none. A logged-in user is sent on at once. Past the
 * captcha limit of the client's IP address (issue 9) no captcha is drawn: the page comes with status 429 and the
 * "too many attempts" message (`captchaLimited`, a form message) where the image was.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = localPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo ?? "/");
  const { db, t } = await pageContext(request);
  const tab = tabOf(url);
  const session = await getSession(request);
  // Drawing costs a sharp render: 60 per IP address in 10 minutes (issue 9); past that the page says how long to wait.
  const limit = tab === "1" ? await consume(db, [["captchaIp", clientIp(context)]]) : ({ ok: true } as const);
  const drawn = tab === "1" && limit.ok ? await createCaptcha() : null;
  if (drawn) session.set("captcha", storedCaptcha(drawn));
  return data(
    {
      tab,
      captcha: drawn ? { id: drawn.id, image: drawn.image } : null,
      captchaLimited: limit.ok ? null : tooMany("account:errors.tooMany", limit.retryAfter),
      redirectTo,
      seo: { title: t("account:login.title"), description: t("account:login.description"), keep: ["tab"] },
    },
    drawn ? { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } } : limit.ok ? undefined : { status: 429 },
  );
}

/** After any post of this page the loader runs again, even after a 400, so a new captcha replaces the spent one. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && (!formAction || formAction.startsWith(currentUrl.pathname)) ? true : defaultShouldRevalidate;

/**
 * The posts of /login, told apart by `intent`: "login" (spec 7 POST login), "register" (POST user/register) and
 * "captcha" (a new image, keeping what was typed). Every post spends the captcha (spec 4: a failed login resets
 * it); the loader draws the next. Errors come back with status 400 (429 past a limit), the typed values (never the
 * password) and translated messages; success redirects with the spec's toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "register") return register(request, form, clientIp(context));
  return login(request, form, clientIp(context), intent === "captcha");
}

async function login(request: Request, form: FormData, ip: string | undefined, refreshOnly: boolean) {
  // The captcha is single-use: whatever happens it is forgotten here, and the loader, which runs after every post
  // of this page (shouldRevalidate below; Remix runs it anyway for a post without JavaScript), draws the next one.
  const session = await getSession(request);
  const stored = session.get("captcha");
  session.unset("captcha");
  const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
  const hideFields = ["password", "captcha"];

  const submission = parseForm(form, loginSchema);
  if (refreshOnly) return formReply(submission, { hideFields, fieldErrors: {}, status: 200, headers });
  const { db, t } = await pageContext(request);
  const answerHash = await spendCaptcha(db, stored);

  const fieldErrors: Record<string, Message[]> = submission.status === "error" ? { ...(submission.error as Record<string, Message[]>) } : {};
  const typedCaptcha = form.get("captcha");
  const captcha = checkCaptcha(answerHash, typeof typedCaptcha === "string" ? typedCaptcha : "");
  if (captcha !== "ok") {
    // No captcha could be drawn for this address (issue 9): say how long to wait, not "complete the verification".
    const drawing = await limitPassed(db, "captchaIp", ip);
    if (!drawing.ok) return formReply(submission, { hideFields, formErrors: [tooMany("account:errors.tooMany", drawing.retryAfter)], status: 429, headers });
  }
  if (captcha !== "ok") fieldErrors.captcha = [message(captcha === "wrong" ? "account:errors.captchaWrong" : "account:errors.captchaRequired")];
  if (submission.status !== "success" || Object.keys(fieldErrors).length) return formReply(submission, { hideFields, fieldErrors, headers });

  const { country, authentication, password, redirectTo } = submission.value;
  const phone = toE164(country, authentication);
  if (!phone) return formReply(submission, { hideFields, fieldErrors: { authentication: [message("account:errors.phoneInvalid")] }, headers });

  const limit = await consumeLoginLimit(db, phone, ip);
  if (!limit.ok) return formReply(submission, { hideFields, formErrors: [tooMany("account:errors.tooMany", limit.retryAfter)], status: 429, headers });

  const user = await findUserByPhone(db, phone);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user) {
    // A number that signed up with this password but never entered its code: say so, and offer /ac.
    const registration = await findRegistrationByPassword(db, phone, password);
    return formReply(submission, { hideFields, formErrors: [message(registration ? "account:errors.notActivated" : "account:errors.loginFailed")], headers });
  }
  if (!valid) return formReply(submission, { hideFields, formErrors: [message("account:errors.loginFailed")], headers });
  if (user.status === "suspended") return formReply(submission, { hideFields, formErrors: [message("account:errors.suspended")], headers });

  await resetLoginLimit(db, phone, ip);
  const cookie = await startUserSession(request, user.id);
  return redirectWithSuccess(localPath(redirectTo) ?? "/", t("account:toasts.loginSuccess"), { headers: { "Set-Cookie": cookie } });
}

async function register(request: Request, form: FormData, ip: string | undefined) {
  const hideFields = ["password"];
  const submission = parseForm(form, registerSchema);
  if (submission.status !== "success") return formReply(submission, { hideFields });

  const { first_name, last_name, country, authentication, password } = submission.value;
  const phone = toE164(country, authentication);
  if (!phone) return formReply(submission, { hideFields, fieldErrors: { authentication: [message("account:errors.phoneInvalid")] } });

  const { db, t } = await pageContext(request);
  // The SMS limit is counted first: a refused attempt writes nothing and tells nothing about the number.
  const limit = await consumeSmsLimit(db, phone, ip);
  if (!limit.ok) {
    return formReply(submission, { hideFields, formErrors: [message("account:errors.registerFailed"), tooMany("account:errors.tooMany", limit.retryAfter)], status: 429 });
  }
  const password_hash = await hashPassword(password);
  // The sign-up, its code and its SMS are one write: all of them or none.
  const outcome = await db
    .transaction(async (tx) => {
      const registration = await createRegistration(tx, { first_name, last_name, phone, password_hash });
      if (registration !== "exists" && !(await sendActivationCode(tx, request, phone))) tx.rollback();
      return registration;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return "failed" as const;
      throw error;
    });
  if (outcome === "exists") return formReply(submission, { hideFields, formErrors: [message("account:errors.phoneExists")] });
  if (outcome === "failed") return formReply(submission, { hideFields, formErrors: [message("account:errors.registerFailed")], status: 503 });

  const session = await getSession(request);
  session.set("pending", { phone, registration: outcome });
  return redirectWithSuccess("/confirm", t("account:toasts.registerSuccess"), {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
}

export default function LoginPage() {
  const { tab, redirectTo, captcha, captchaLimited } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
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
        <RegisterForm key="register" />
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
  /** The "too many attempts" form message when no captcha could be drawn for this address (issue 9). */
  captchaLimited: Message | null;
}) {
  const { t } = useTranslation();
  const translate = useMessage();
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const [form, fields] = useAppForm(loginSchema, { id: "login", lastResult: actionData?.lastResult, defaultValue: { country: DEFAULT_COUNTRY, redirectTo } });
  const image = captcha?.image;
  // Every post of this form draws a new captcha; a new one empties the captcha and password inputs.
  const imageKey = captcha?.id ?? "";
  const busy = useSubmitting({ intent: "login" });
  return (
    <Form method="post" className="account-form" {...getFormProps(form)} noValidate>
      {/* The default button: Enter in any field logs in rather than asking for a new captcha image. */}
      <button type="submit" name="intent" value="login" className="default-submit" tabIndex={-1} aria-hidden="true" />
      <FormNotice form={form} />
      <input {...getInputProps(fields.redirectTo, { type: "hidden" })} key={fields.redirectTo.key} />
      <PhoneFields country={fields.country} phone={fields.authentication} />
      <TextField
        field={fields.password}
        type="password"
        label={t("account:fields.password")}
        autoComplete="current-password"
        dir="ltr"
        resetKey={imageKey}
      />
      <div className="field captcha">
        <label htmlFor={fields.captcha.id}>{t("account:fields.captcha")}</label>
        <div className="captcha-row">
          {image ? <img src={image} width={280} height={60} alt={t("account:fields.captchaAlt")} className="captcha-image" /> : null}
          {captchaLimited ? (
            <p className="notice notice-error captcha-limited" role="alert">
              <Icon name="alert" /> {translate(captchaLimited)}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="captcha"
            formNoValidate
            className="icon-button captcha-refresh"
            aria-label={t("account:fields.captchaRefresh")}
            title={t("account:fields.captchaRefresh")}
            onClick={(event) => {
              // With JavaScript the loader simply runs again (a new image, nothing typed is touched); without it the
              // button posts the form, and the page comes back with what was typed and a new image.
              event.preventDefault();
              revalidator.revalidate();
            }}
          >
            <Icon name="refresh" />
          </button>
        </div>
        <input
          {...getInputProps(fields.captcha, { type: "text", ariaDescribedBy: `${fields.captcha.id}-hint` })}
          key={imageKey}
          defaultValue=""
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
        />
        <p className="hint" id={`${fields.captcha.id}-hint`}>
          {t("account:fields.captchaHint")}
        </p>
        <FieldErrors field={fields.captcha} />
      </div>
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

function RegisterForm() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAppForm(registerSchema, { id: "register", lastResult: actionData?.lastResult, defaultValue: { country: DEFAULT_COUNTRY } });
  const busy = useSubmitting({ intent: "register" });
  return (
    <Form method="post" className="account-form" {...getFormProps(form)} noValidate>
      <FormNotice form={form} />
      <div className="field-pair">
        <TextField field={fields.first_name} label={t("account:fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.last_name} label={t("account:fields.lastName")} autoComplete="family-name" />
      </div>
      <PhoneFields country={fields.country} phone={fields.authentication} />
      <TextField field={fields.password} type="password" label={t("account:fields.password")} autoComplete="new-password" dir="ltr" />
      <p className="hint">{t("account:login.registerHint")}</p>
      <button type="submit" name="intent" value="register" className="button button-primary form-submit" disabled={busy}>
        {t("account:login.registerSubmit")}
      </button>
    </Form>
  );
}
