import { eq, desc } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import * as s from "~/platform/db/schema";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import { pageTranslator } from "~/platform/i18n/i18n.server";
import type { Locale } from "~/platform/i18n/i18n";
import { isoDay } from "~/platform/i18n/dates";
import { EstateGrid } from "~/features/listings/EstateCard";
import { OfficeCard } from "~/features/offices/OfficeCard";
import { searchEstates } from "~/features/search/estate-search.server";
import { action as officeAction, loader as officeEditorLoader } from "~/routes/admin/office-editor";
import { loader as publicOfficeLoader } from "~/routes/office";
import { loader as officesResultLoader } from "~/routes/office-search-results";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader } from "./helpers/remix";

/**
 * Listings people can trust (decision 090): offices verified by the staff, as the back office records them
 * and as visitors then see them on office pages, office cards, listing cards and the office search.
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** `element` rendered as the server sends it, inside a router at `url`, in `locale`. */
async function html(element: ReactElement, locale: Locale, url = "/page"): Promise<string> {
  const routes = [
    { id: "root", path: "/", loader: () => null, element: <Outlet />, children: [{ id: "page", path: "*", element }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <TranslatorProvider translator={pageTranslator(locale)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslatorProvider>,
  );
}

const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

/** An office with public listings that the demo data left unverified. */
async function unverifiedOfficeWithListings(): Promise<number> {
  const rows = await db()
    .select({ id: s.offices.id })
    .from(s.offices)
    .innerJoin(s.estates, eq(s.estates.office_id, s.offices.id))
    .where(eq(s.offices.verified, false))
    .groupBy(s.offices.id)
    .orderBy(desc(s.offices.id))
    .limit(1);
  return rows[0].id;
}

describe("verified offices", () => {
  it("the staff record a licence and verify an office: audited, then shown with its month on its page, its card and its listings' cards", async () => {
    const admin = await account(db(), { role: "admin" });
    const id = await unverifiedOfficeWithListings();
    const params = { id: String(id) };
    const checked = daysAgo(10);

    // Verifying without the licence's details is refused, each missing field named, what was typed kept.
    const refused = await callAction(officeAction, `/admin/offices/${id}`, {
      form: { intent: "licence", licence_number: "2231/2026", licence_issuer: "", licence_checked_on: "", verified: "on" },
      params,
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.lastResult.error.licence_issuer[0].key).toBe("content:errors.licenceRequired");
    expect(refused.data.lastResult.initialValue.licence_number).toBe("2231/2026");
    const future = await callAction(officeAction, `/admin/offices/${id}`, {
      form: {
        intent: "licence",
        licence_number: "2231/2026",
        licence_issuer: "Damascus",
        licence_checked_on: daysAgo(-3),
        verified: "on",
      },
      params,
      cookie: admin.cookie,
    });
    expect(future.status).toBe(400);
    expect(future.data.lastResult.error.licence_checked_on[0].key).toBe("content:errors.dateFuture");
    expect((await db().select().from(s.offices).where(eq(s.offices.id, id)))[0].verified).toBe(false);

    const saved = await callAction(officeAction, `/admin/offices/${id}`, {
      form: {
        intent: "licence",
        licence_number: "2231/2026",
        licence_issuer: "مديرية التجارة الداخلية في دمشق",
        licence_checked_on: checked,
        verified: "on",
      },
      params,
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(s.offices).where(eq(s.offices.id, id));
    expect(row).toMatchObject({ licence_number: "2231/2026", licence_checked_on: checked, verified: true });
    const [audit] = await db().select().from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
    expect(audit).toMatchObject({ actor_id: admin.user.id, action: "office.verify", subject_type: "office", subject_id: id });

    // The editor shows the licence as recorded.
    const editor = await callLoader(officeEditorLoader, `/admin/offices/${id}`, { params, cookie: admin.cookie });
    expect(editor.data.licenceDefaults).toMatchObject({ licence_number: "2231/2026", verified: "on" });

    const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${checked}T00:00:00Z`),
    );
    const page = await callLoader(publicOfficeLoader, `/office/${id}?lang=en`, { params });
    expect(page.data.office.verification).toEqual({ month, lapsed: false });
    expect(await html(<OfficeCard office={page.data.office} />, "en")).toContain(`Verified office · ${month}`);

    const { items } = await searchEstates(db(), { office_id: id }, 1, "en");
    expect(items.length).toBeGreaterThan(0);
    expect(items[0].office?.verifiedMonth).toBe(month);
    const cards = await html(<EstateGrid estates={items.slice(0, 1)} />, "en");
    expect(cards).toContain(`Verified office · ${month}`);
    expect(cards).toContain(items[0].office!.name);
    const arCards = await html(
      <EstateGrid estates={(await searchEstates(db(), { office_id: id }, 1, "ar")).items.slice(0, 1)} />,
      "ar",
    );
    expect(arCards).toContain("مكتب موثّق · ");
  });

  it("a check older than a year lapses: the office says so, its cards say nothing, and unverifying is audited", async () => {
    const admin = await account(db(), { role: "admin" });
    const id = await unverifiedOfficeWithListings();
    const params = { id: String(id) };
    const form = {
      intent: "licence",
      licence_number: "77/2025",
      licence_issuer: "Aleppo chamber",
      licence_checked_on: daysAgo(366),
      verified: "on",
    };
    expect((await callAction(officeAction, `/admin/offices/${id}`, { form, params, cookie: admin.cookie })).status).toBe(302);
    const page = await callLoader(publicOfficeLoader, `/office/${id}?lang=en`, { params });
    expect(page.data.office.verification.lapsed).toBe(true);
    const card = await html(<OfficeCard office={page.data.office} />, "en");
    expect(card).toContain("Verification lapsed: the licence was last checked in");
    expect(card).not.toContain("Verified office ·");
    const { items } = await searchEstates(db(), { office_id: id }, 1, "en");
    expect(items[0].office?.verifiedMonth).toBeNull();

    const { verified: _, ...unverify } = form;
    expect(
      (await callAction(officeAction, `/admin/offices/${id}`, { form: unverify, params, cookie: admin.cookie })).status,
    ).toBe(302);
    const [audit] = await db().select().from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
    expect(audit).toMatchObject({ action: "office.unverify", subject_id: id });
    expect((await callLoader(publicOfficeLoader, `/office/${id}`, { params })).data.office.verification).toBeNull();
  });

  it("the office search can ask for verified offices only, by place and by name", async () => {
    const all = await callLoader(officesResultLoader, "/officesResult?searchselected=2&name=%D9%85");
    const verified = await callLoader(officesResultLoader, "/officesResult?searchselected=2&name=%D9%85&verified=1");
    expect(verified.status).toBe(200);
    expect(verified.data.values.verified).toBe(true);
    expect(verified.data.offices.length).toBeGreaterThan(0);
    expect(verified.data.offices.length).toBeLessThan(all.data.offices.length);
    expect(
      verified.data.offices.every((o: { verification: { lapsed: boolean } | null }) => o.verification && !o.verification.lapsed),
    ).toBe(true);
    const [office] = verified.data.offices;
    const [row] = await db().select().from(s.offices).where(eq(s.offices.id, office.id));
    const byPlace = await callLoader(
      officesResultLoader,
      `/officesResult?searchselected=1&location_id=${row.location_id}&verified=1`,
    );
    expect(byPlace.data.offices.map((o: { id: number }) => o.id)).toContain(office.id);
    expect(byPlace.data.offices.every((o: { verification: unknown }) => o.verification)).toBe(true);
  });
});
