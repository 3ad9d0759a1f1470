import { describe, expect, it } from "vitest";
import { recordAudit } from "~/platform/db/audit.server";
import { stopToken } from "~/features/alerts/alert-links.server";
import { createSavedSearch } from "~/features/alerts/saved-search.server";
import { createMessage } from "~/features/inbox/message.server";
import { LOCAL_PATH_MAX } from "~/platform/http/redirect.server";
import { loader as rootLoader } from "~/root";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { loader as inboxLoader } from "~/routes/admin/inbox";
import { loader as adminOfficesLoader } from "~/routes/admin/offices";
import { loader as smsLoader } from "~/routes/admin/sms";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as stopLoader } from "~/routes/alert-stop";
import { loader as linkLoader } from "~/routes/estate-expiry-link";
import { loader as offerLoader } from "~/routes/estate-offer";
import { loader as loginLoader } from "~/routes/login";
import { loader as forgottenLoader } from "~/routes/password-forgotten";
import { loader as resetLoader } from "~/routes/password-reset";
import { loader as rentLoader } from "~/routes/rent-results";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callLoader } from "./helpers/remix";

/**
 * The GET parameters read through app/platform/forms/queries.ts (docs/decisions/063-queries-parsed-like-forms.md),
 * through the loaders: what a visitor or an admin gets for a good value, a wrong one and a repeated one.
 */

const test = useTestDatabase();
const db = () => test.get().db;
const admin = async () => (await account(db(), { role: "admin" })).cookie;

describe("lang, the page language", () => {
  it("is English for ?lang=en, kept by a cookie; a repeated or unknown lang is none", async () => {
    const en = await callLoader(rootLoader, "/offices?lang=en");
    expect(en.data.locale).toBe("en");
    expect(en.headers.get("Set-Cookie")).toMatch(/^lang=en;/);
    for (const query of ["lang=en&lang=en", "lang=EN", "lang=%20en", "lang=fr"]) {
      const page = await callLoader(rootLoader, `/offices?${query}`);
      expect(page.data.locale, query).toBe("ar");
      expect(page.headers.get("Set-Cookie"), query).toBeNull();
    }
    // The cookie's language stays when the address asks none.
    expect((await callLoader(rootLoader, "/offices?lang=xx", { cookie: "lang=en" })).data.locale).toBe("en");
  });
});

describe("the dialog's parameters", () => {
  it("open the asked dialog; an unknown dialog, a wrong id or a repeated parameter opens none or the contact prompt", async () => {
    const prompt = await callLoader(rootLoader, "/estates?dialog=login&for=request");
    expect(prompt.data.dialog).toMatchObject({ kind: "login", reason: "request" });
    // An unknown reason (or one sent twice) is the contact prompt, as before.
    for (const query of ["dialog=login&for=nope", "dialog=login&for=save&for=save"])
      expect((await callLoader(rootLoader, `/estates?${query}`)).data.dialog, query).toMatchObject({ reason: "contact" });
    for (const query of ["dialog=Share&estate_id=1", "dialog=share&estate_id=01", "dialog=share&dialog=share&estate_id=1"])
      expect((await callLoader(rootLoader, `/estates?${query}`)).data.dialog, query).toBeNull();
  });
});

describe("the sent=1 flags", () => {
  it("show the thank-you page for sent=1 only, sent once", async () => {
    const pages: [string, Parameters<typeof callLoader>[0]][] = [
      ["/forgot-password", forgottenLoader],
      ["/new-estate", offerLoader],
    ];
    for (const [path, loader] of pages) {
      expect((await callLoader(loader, `${path}?sent=1`)).data.sent).toBe(true);
      for (const query of ["", "?sent=2", "?sent=1&sent=1", "?sent=%201"])
        expect((await callLoader(loader, `${path}${query}`)).data.sent, query).toBe(false);
    }
  });
});

describe("the back office's search boxes (q)", () => {
  it("search the offices by the trimmed words, and not at all for a repeated q", async () => {
    const cookie = await admin();
    const all = await callLoader(adminOfficesLoader, "/admin/offices", { cookie });
    const found = await callLoader(adminOfficesLoader, "/admin/offices?q=%20zzz-none%20", { cookie });
    expect(found.data).toMatchObject({ q: "zzz-none", total: 0 });
    const twice = await callLoader(adminOfficesLoader, "/admin/offices?q=zzz-none&q=zzz-none", { cookie });
    expect(twice.data).toMatchObject({ q: "", total: all.data.total });
  });

  it("show the accounts' search as typed, cut to 50 characters", async () => {
    const cookie = await admin();
    expect((await callLoader(usersLoader, "/admin/users?q=%20Rami", { cookie })).data.q).toBe(" Rami");
    expect((await callLoader(usersLoader, `/admin/users?q=${"x".repeat(80)}`, { cookie })).data.q).toBe("x".repeat(50));
    expect((await callLoader(usersLoader, "/admin/users?q=a&q=b", { cookie })).data.q).toBe("");
  });

  it("filter the SMS log by a known state only", async () => {
    const cookie = await admin();
    expect((await callLoader(smsLoader, "/admin/sms?state=failed", { cookie })).data.state).toBe("failed");
    for (const query of ["state=lost", "state=failed&state=failed"])
      expect((await callLoader(smsLoader, `/admin/sms?${query}`, { cookie })).data.state, query).toBeNull();
  });
});

describe("the audit log's filter (subject, id, before)", () => {
  it("shows one subject's entries, and every entry for a subject or id that is not one", async () => {
    const cookie = await admin();
    const subjectId = 2_000_000_000 + (Date.now() % 100_000);
    await recordAudit(db(), { actorId: null, action: "office.hide", subjectType: "office", subjectId });
    await recordAudit(db(), { actorId: null, action: "office.show", subjectType: "office", subjectId: subjectId + 1 });
    const ids = (reply: { data: { rows: { id: number }[] } }) => reply.data.rows.map((row) => row.id);
    const one = await callLoader(auditLoader, `/admin/audit?subject=office&id=${subjectId}`, { cookie });
    expect(one.data.rows).toMatchObject([{ subjectType: "office", subjectId, action: "office.hide" }]);
    const all = ids(await callLoader(auditLoader, "/admin/audit", { cookie }));
    expect(all.length).toBeGreaterThan(1);
    for (const query of [`subject=office&id=${subjectId}x`, `subject=offices&id=${subjectId}`, "before=abc", "before=0"]) {
      const reply = await callLoader(auditLoader, `/admin/audit?${query}`, { cookie });
      expect(reply.status, query).toBe(200);
      expect(ids(reply), query).toEqual(all);
    }
  });
});

describe("the inbox's filter (kind, state)", () => {
  it("filters by a known kind and state; an unknown or repeated one shows everything", async () => {
    const cookie = await admin();
    await createMessage(db(), { kind: "contact", name: "Query test", mobile: "0944", subject: "hi", user_id: null });
    const all = (await callLoader(inboxLoader, "/admin/inbox", { cookie })).data;
    const contacts = (await callLoader(inboxLoader, "/admin/inbox?kind=contact&state=new", { cookie })).data;
    expect(contacts.filter).toEqual({ kind: "contact", state: "new" });
    expect(contacts.items.every((item: { kind: string }) => item.kind === "contact")).toBe(true);
    for (const query of ["state=unknown", "kind=letters", "state=new&state=new"]) {
      const reply = await callLoader(inboxLoader, `/admin/inbox?${query}`, { cookie });
      expect(reply.status, query).toBe(200);
      expect(reply.data.filter, query).toEqual({ kind: "", state: "" });
      expect(reply.data.total, query).toBe(all.total);
    }
  });
});

describe("/login's tab and redirectTo", () => {
  it("shows the sign-up tab for tab=2 only and keeps a local redirectTo, never another site's", async () => {
    const signUp = await callLoader(loginLoader, "/login?tab=2&redirectTo=%2Festates%3Fpage%3D2");
    expect(signUp.data).toMatchObject({ tab: "2", redirectTo: "/estates?page=2" });
    for (const query of ["tab=3", "tab=2&tab=2", "redirectTo=%2F%2Fevil.example", "redirectTo=https%3A%2F%2Fevil.example"]) {
      const page = await callLoader(loginLoader, `/login?${query}`);
      expect(page.data.tab, query).toBe("1");
      expect(page.data.redirectTo, query).toBeUndefined();
    }
    const long = `/${"a".repeat(LOCAL_PATH_MAX)}`;
    expect((await callLoader(loginLoader, `/login?redirectTo=${long}`)).data.redirectTo).toBeUndefined();
    expect((await callLoader(loginLoader, `/login?redirectTo=${long.slice(0, LOCAL_PATH_MAX)}`)).data.redirectTo).toBe(
      long.slice(0, LOCAL_PATH_MAX),
    );
    // A logged-in user is sent on: to a local redirectTo, else home.
    const { cookie } = await account(db());
    expect(await callLoader(loginLoader, "/login?redirectTo=%2Fprofile", { cookie })).toRedirectTo("/profile");
    expect(await callLoader(loginLoader, "/login?redirectTo=%2F%5Cevil.example", { cookie })).toRedirectTo("/");
  });
});

describe("the links' token t", () => {
  it("opens a stop link sent once; a repeated or malformed token is a forged link (400)", async () => {
    const owner = await account(db());
    const id = await createSavedSearch(db(), owner.user.id, { name: "Query token", query: "", frequency: "daily" });
    const token = stopToken(id, new Date());
    expect(await callLoader(stopLoader, `/alerts/stop?t=${token}`)).toMatchObject({ status: 200, data: { state: "ask", token } });
    for (const query of [`t=${token}&t=${token}`, `t=${token}%20`, `t=${"a".repeat(301)}`, "t=%00"])
      expect(await callLoader(stopLoader, `/alerts/stop?${query}`), query).toMatchObject({
        status: 400,
        data: { state: "invalid", token: "" },
      });
  });

  it("answers a listing link with a malformed token 400 and a reset link sent twice 'bad'", async () => {
    const bad = await callLoader(linkLoader, "/lc?t=%3Cscript%3E");
    expect(bad).toMatchObject({ status: 400, data: { view: { kind: "invalid" }, token: "" } });
    const reset = "A".repeat(43);
    expect(await callLoader(resetLoader, `/rp?t=${reset}&t=${reset}`)).toMatchObject({ status: 400, data: { state: "bad" } });
    // Nothing was asked: home; a token with ?changed=1 is the form, not the 'changed' page.
    expect(await callLoader(resetLoader, "/rp?changed=2")).toRedirectTo("/");
    expect((await callLoader(resetLoader, `/rp?t=${reset}&changed=1`)).data.state).toBe("bad");
  });
});

describe("the words q of a search page (decisions 056 and 087)", () => {
  it("answers words that name a filter with the filters' page, but reads an address too long as sent", async () => {
    const words = await callLoader(rentLoader, "/rent-properties?q=%D8%B4%D9%82%D8%A9");
    expect(words.status).toBe(200);
    expect(words.data.seo.address).toBe("/rent-properties?estate_type_id=6&is_simple=0");
    const huge = await callLoader(rentLoader, `/rent-properties?q=0&location_id=${"%25".repeat(3000)}`);
    expect(huge.status).toBe(400);
    expect(huge.data.errors.location_id).toEqual([{ key: "search.errors.invalid" }]);
  });
});
