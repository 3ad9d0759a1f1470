import { and, count, desc, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { isLargeRateChange } from "~/features/listings/rate-forms";
import { currentRate } from "~/features/listings/exchange-rate.server";
import AuditPage, { loader as auditLoader } from "~/routes/admin/audit-log";
import RatesPage, { action as ratesAction, loader as ratesLoader } from "~/routes/admin/exchange-rates";
import { pageTranslator, resources } from "~/platform/i18n/i18n.server";
import { escapeHtml } from "~/platform/http/html";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader } from "./helpers/remix";

/**
 * The exchange rate's slips (docs/decisions/049): a rate typed in old pounds (decision 027) or with a digit too many
 * is not saved at once; the page shows both values and saves only when the admin confirms, without JavaScript. The
 * components are rendered to HTML the way the server sends them, as tests/content.test.ts does.
 */
const page = vi.hoisted(() => ({ loaderData: undefined as unknown, actionData: undefined as unknown, url: "/" }));
vi.mock("@remix-run/react", async (importOriginal) => {
  const { createElement: h } = await import("react");
  const original = await importOriginal<typeof import("@remix-run/react")>();
  return {
    ...original,
    useLoaderData: () => page.loaderData,
    useActionData: () => page.actionData,
    useNavigation: () => ({ state: "idle" }),
    useRouteLoaderData: () => undefined,
    Form: ({ method, reloadDocument: _r, ...props }: Record<string, unknown>) =>
      h("form", { ...props, method, action: new URL(page.url, "http://x").pathname }),
    Link: ({ to, prefetch: _p, ...props }: Record<string, unknown>) => h("a", { ...props, href: to }),
  };
});

const test = useTestDatabase();
const db = () => test.get().db;
const EN = resources.en.admin.rates;
const AR = resources.ar.admin.rates;

/** Renders a page component with the given loader and action data, in `lng`, as server HTML. */
async function renderPage(
  component: ComponentType,
  url: string,
  loaderData: unknown,
  actionData?: unknown,
  lng: "ar" | "en" = "en",
) {
  page.loaderData = loaderData;
  page.actionData = actionData;
  page.url = url;
  const translator = pageTranslator(lng);
  // React's markers between adjacent texts ("1 US$ = <!-- -->110") are not what a reader sees.
  return renderToString(createElement(TranslatorProvider, { translator }, createElement(component))).replaceAll("<!-- -->", "");
}

async function rateRows(): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(s.exchange_rates);
  return Number(n);
}

/** The rates page as an admin sees it after posting `form` (the action's answer rendered, or the redirect). */
async function post(cookie: string, form: Record<string, string>) {
  const res = await callAction(ratesAction, "/admin/rates?lang=en", { form, cookie: `${cookie}; lang=en` });
  if (res.status !== 200) return { res, html: "" };
  const loaded = await callLoader(ratesLoader, "/admin/rates?lang=en", { cookie: `${cookie}; lang=en` });
  return { res, html: await renderPage(RatesPage, "/admin/rates", loaded.data, res.data) };
}

describe("the rate's hint", () => {
  it("gives its example in new pounds, in both languages, on the page", async () => {
    expect(EN.valueHint).toContain("110");
    expect(AR.valueHint).toContain("110");
    expect(EN.valueHint).not.toMatch(/11,000|11000/);
    expect(AR.valueHint).not.toMatch(/11,000|11000/);
    expect(EN.valueHint).toMatch(/new Syrian pounds/);
    expect(AR.valueHint).toMatch(/الجديدة/);
    const admin = await account(db(), { role: "admin" });
    const loaded = await callLoader(ratesLoader, "/admin/rates", { cookie: admin.cookie });
    const html = await renderPage(RatesPage, "/admin/rates", loaded.data, undefined, "ar");
    expect(html).toContain(escapeHtml(AR.valueHint.replace("{{min}}", "1").replace("{{max}}", "10,000,000")));
  });
});

describe("a change of more than 20%", () => {
  it("is not saved on the first post: the page shows both values, a confirm button, and keeps what was typed", async () => {
    const admin = await account(db(), { role: "admin" });
    const before = await rateRows();
    const { res, html } = await post(admin.cookie, { syp_per_usd: "12,500", valid_from: "" });
    expect(res.status).toBe(200);
    expect(res.data.confirm).toEqual({ previous: 110, next: 12_500, validFrom: "" });
    expect(await rateRows()).toBe(before);
    expect((await currentRate(db()))!.sypPerUsd).toBe(110);
    // The confirmation screen, as a browser without JavaScript gets it.
    expect(html).toContain(EN.confirm.title);
    expect(html).toContain("1 US$ = 110 SYP");
    expect(html).toContain("1 US$ = 12,500 SYP");
    expect(html).toContain("+11,264%");
    expect(html).toMatch(/<input type="hidden" name="intent" value="confirm"\/>/);
    expect(html).toMatch(/<input type="hidden" name="syp_per_usd" value="12500"\/>/);
    expect(html).toContain(escapeHtml(EN.confirm.save.replace("{{rate}}", "12,500")));
    // The form to correct it holds the value as typed.
    expect(html).toMatch(/name="syp_per_usd"[^>]*value="12,500"/);
  });

  it("is saved when confirmed, and the audit log shows both values", async () => {
    const admin = await account(db(), { role: "admin" });
    const res = await callAction(ratesAction, "/admin/rates", {
      form: { intent: "confirm", syp_per_usd: "12500", valid_from: "" },
      cookie: admin.cookie,
    });
    expect(res).toRedirectTo("/admin/rates");
    expect((await currentRate(db()))!.sypPerUsd).toBe(12_500);
    const [row] = await db().select().from(s.exchange_rates).orderBy(desc(s.exchange_rates.id)).limit(1);
    const [audit] = await db()
      .select()
      .from(s.audit_log)
      .where(and(eq(s.audit_log.subject_type, "exchange_rate"), eq(s.audit_log.subject_id, row.id)));
    expect(audit.details).toMatchObject({ syp_per_usd: 12_500, previous: 110 });
    const log = await callLoader(auditLoader, "/admin/audit?lang=en", { cookie: `${admin.cookie}; lang=en` });
    const html = await renderPage(AuditPage, "/admin/audit", log.data);
    expect(html).toContain(
      escapeHtml(resources.en.admin.audit.rateChange.replace("{{previous}}", "110").replace("{{rate}}", "12,500")),
    );
  });

  it("asks for a fall too, and saves a change within 20% at once", async () => {
    const admin = await account(db(), { role: "admin" });
    // The rate is 12,500 now (the test above): 125 is the slip back the other way.
    const fall = await post(admin.cookie, { syp_per_usd: "125" });
    expect(fall.res.status).toBe(200);
    expect(fall.res.data.confirm).toMatchObject({ previous: 12_500, next: 125 });
    expect(fall.html).toContain("-99%");
    await callAction(ratesAction, "/admin/rates", { form: { intent: "confirm", syp_per_usd: "110" }, cookie: admin.cookie });
    expect((await currentRate(db()))!.sypPerUsd).toBe(110);
    const small = await callAction(ratesAction, "/admin/rates", { form: { syp_per_usd: "132" }, cookie: admin.cookie });
    expect(small).toRedirectTo("/admin/rates");
    expect((await currentRate(db()))!.sypPerUsd).toBe(132);
  });

  it("compares a rate for a later date with the rate in force on that date, and keeps the date to confirm", async () => {
    const admin = await account(db(), { role: "admin" });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // Scheduled: 200 from day 10 (confirmed, it is far from 132).
    await callAction(ratesAction, "/admin/rates", {
      form: { intent: "confirm", syp_per_usd: "200", valid_from: day(10) },
      cookie: admin.cookie,
    });
    // 210 from day 20 replaces 200, not today's 132: no question.
    expect(
      await callAction(ratesAction, "/admin/rates", { form: { syp_per_usd: "210", valid_from: day(20) }, cookie: admin.cookie }),
    ).toRedirectTo("/admin/rates");
    // 140 from day 15 replaces 200 (-30%): asked, with the date carried to the confirm form.
    const { res, html } = await post(admin.cookie, { syp_per_usd: "140", valid_from: day(15) });
    expect(res.data.confirm).toEqual({ previous: 200, next: 140, validFrom: day(15) });
    expect(html).toContain(`<input type="hidden" name="valid_from" value="${day(15)}"/>`);
  });

  it("is measured against the rate it replaces, either way, and never asked for a first rate", () => {
    expect(isLargeRateChange(110, 132)).toBe(false);
    expect(isLargeRateChange(110, 88)).toBe(false);
    expect(isLargeRateChange(110, 133)).toBe(true);
    expect(isLargeRateChange(110, 87)).toBe(true);
    expect(isLargeRateChange(110, 11_000)).toBe(true);
    expect(isLargeRateChange(null, 11_000)).toBe(false);
  });
});
