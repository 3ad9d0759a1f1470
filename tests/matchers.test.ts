import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { redirectWithError, redirectWithSuccess } from "~/platform/http/session.server";
import { unwrap } from "./helpers/remix";

/** The test matchers of tests/helpers/matchers.ts pass and fail where they should (a matcher that always passes proves nothing). */

const reply = (error: Record<string, unknown[] | null>) =>
  unwrap(() => data({ lastResult: { status: "error", initialValue: {}, error } }, { status: 400 }));

describe("toRedirectTo", () => {
  it("wants the status (302 unless given) and exactly the Location", async () => {
    const res = await unwrap(() => redirect("/confirm"));
    expect(res).toRedirectTo("/confirm");
    expect(res).not.toRedirectTo("/confirm?x=1");
    expect(res).not.toRedirectTo("/confirm", 303);
    expect(await unwrap(() => redirect("/x", 303))).toRedirectTo("/x", 303);
    expect(await reply({})).not.toRedirectTo("/confirm");
  });
});

describe("toFlashToast", () => {
  it("reads the toast of the answer's cookies: its type and text", async () => {
    const res = await unwrap(() => redirectWithSuccess("/", "تم"));
    await expect(res).toFlashToast("success", "تم");
    await expect(res).toFlashToast("success");
    await expect(res).not.toFlashToast("error", "تم");
    await expect(res).not.toFlashToast("success", "other");
    await expect(res).toFlashToast("success", expect.stringMatching(/^ت/));
    await expect(await unwrap(() => redirectWithError("/", "خطأ"))).toFlashToast("error", "خطأ");
    await expect(await unwrap(() => redirect("/"))).not.toFlashToast("success");
  });
});

describe("toHaveFieldError and toHaveFormErrors", () => {
  it("want exactly the messages named, in order, by key or whole", async () => {
    const res = await reply({
      code: [{ key: "account:errors.codeWrong" }],
      name: [{ key: "forms:errors.nameMax", values: { max: 35 } }, { key: "forms:errors.bidiChars" }],
      "": [{ key: "account:errors.tooMany", values: { minutes: 3 } }],
    });
    expect(res).toHaveFieldError("code", "account:errors.codeWrong");
    expect(res).toHaveFieldError("code");
    expect(res).not.toHaveFieldError("code", "account:errors.codeExpired");
    expect(res).not.toHaveFieldError("code", "account:errors.codeWrong", "account:errors.codeWrong");
    expect(res).toHaveFieldError("name", "forms:errors.nameMax", "forms:errors.bidiChars");
    expect(res).not.toHaveFieldError("name", "forms:errors.bidiChars", "forms:errors.nameMax");
    expect(res).not.toHaveFieldError("name", "forms:errors.nameMax");
    expect(res).toHaveFieldError("name", { key: "forms:errors.nameMax", values: { max: 35 } }, "forms:errors.bidiChars");
    expect(res).not.toHaveFieldError("name", { key: "forms:errors.nameMax", values: { max: 36 } }, "forms:errors.bidiChars");
    expect(res).not.toHaveFieldError("other");
    expect(res).toHaveFormErrors({ key: "account:errors.tooMany", values: { minutes: expect.any(Number) } });
    expect(res).toHaveFormErrors("account:errors.tooMany");
    expect(res).not.toHaveFormErrors("account:errors.tooMany", "account:errors.tooMany");
    expect(await reply({})).not.toHaveFormErrors();
  });
});
