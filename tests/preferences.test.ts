import { describe, expect, it } from "vitest";
import { action as appPopupAction } from "~/routes/app-popup-close";
import { action as languageAction } from "~/routes/language-switch";
import { callAction } from "./helpers/remix";

/**
 * The two preference posts, read through their zod schemas
 * (app/features/accounts/preference-forms.ts): what is stored in the cookie and where the visitor is sent back to.
 */
describe("language and app popup posts", () => {
  it("stores English for a year and goes back to the page the switcher was on", async () => {
    const res = await callAction(languageAction, "/language", { form: { lang: "en", redirectTo: "/estates?location_id=3" } });
    expect(res).toRedirectTo("/estates?location_id=3");
    expect(res.headers.get("Set-Cookie")).toMatch(/^lang=en; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });

  it("takes anything but en as Arabic, and never sends the visitor to another site", async () => {
    const res = await callAction(languageAction, "/language", { form: { lang: "fr", redirectTo: "//evil.example/x" } });
    expect(res).toRedirectTo("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/^lang=ar;/);
    const empty = await callAction(languageAction, "/language", { form: {} });
    expect(empty).toRedirectTo("/");
    expect(empty.headers.get("Set-Cookie")).toMatch(/^lang=ar;/);
  });

  it("closes the app popup for a year and goes back, refusing a too long address", async () => {
    const res = await callAction(appPopupAction, "/app-popup", { form: { redirectTo: "/offices" } });
    expect(res).toRedirectTo("/offices");
    expect(res.headers.get("Set-Cookie")).toMatch(/^app_popup=closed; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const long = await callAction(appPopupAction, "/app-popup", { form: { redirectTo: `/${"a".repeat(2001)}` } });
    expect(long).toRedirectTo("/");
  });
});
