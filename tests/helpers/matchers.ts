import { expect } from "vitest";
import { CookieJar, type Reply } from "./remix";

/**
 * The checks most tests make of a Remix answer (a Reply of callAction, callLoader or unwrap), as vitest matchers
 * registered for every test file by tests/helpers/setup.ts:
 *
 * - `expect(res).toRedirectTo("/confirm")`: status 302 (or the status given) and exactly that Location.
 * - `await expect(res).toFlashToast("success", text)`: the flash toast the answer's cookies carry (remix-toast), of
 *   that type and, when given, that translated text (a string or an asymmetric matcher).
 * - `expect(res).toHaveFieldError("code", "account:errors.codeWrong")`: the field's errors in the form's reply
 *   (Conform's `lastResult.error`) are exactly these messages, in order; with no message, that it has any error.
 *   `.not.toHaveFieldError("code")` says the field has none.
 * - `expect(res).toHaveFormErrors("account:errors.loginFailed")`: the same for the messages of the whole form.
 *
 * A message is named by its locales key (the message's own values are not compared), or given whole as an object
 * `{ key, values }` compared with vitest's equality (asymmetric matchers such as `expect.any(Number)` allowed).
 */

/** A message as a test names it: a locales key, or a whole message (or an asymmetric matcher of one). */
export type ExpectedMessage = string | Record<string, unknown>;
type ToastType = "success" | "error" | "info" | "warning";

interface ReplyMatchers<R = unknown> {
  toRedirectTo(location: string, status?: number): R;
  toHaveFieldError(field: string, ...messages: ExpectedMessage[]): R;
  toHaveFormErrors(...messages: ExpectedMessage[]): R;
}
interface AsyncReplyMatchers {
  toFlashToast(type: ToastType, message?: unknown): Promise<void>;
}

declare module "vitest" {
  // vitest declares Assertion<T = any>: the merged declaration must say the same.

  interface Assertion<T = any> extends ReplyMatchers<T>, AsyncReplyMatchers {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends ReplyMatchers {}
}

type Equals = (a: unknown, b: unknown) => boolean;

/** The errors of one name (a field, or "" for the whole form) in a form's reply. */
function errorsOf(reply: Reply, name: string): unknown[] | null | undefined {
  return (reply?.data as { lastResult?: { error?: Record<string, unknown[] | null> } } | undefined)?.lastResult?.error?.[name];
}

function sameMessage(equals: Equals, actual: unknown, expected: ExpectedMessage): boolean {
  if (typeof expected === "string")
    return (
      actual === expected || (typeof actual === "object" && actual !== null && (actual as { key?: unknown }).key === expected)
    );
  return equals(actual, expected);
}

function errorsMatch(equals: Equals, actual: unknown[] | null | undefined, expected: ExpectedMessage[]): boolean {
  if (!actual?.length) return false;
  if (!expected.length) return true;
  return actual.length === expected.length && actual.every((message, i) => sameMessage(equals, message, expected[i]));
}

const show = (value: unknown) => JSON.stringify(value);

expect.extend({
  toRedirectTo(received: Reply, location: string, status = 302) {
    const actual = { status: received?.status, location: received?.headers?.get("Location") ?? null };
    return {
      pass: actual.status === status && actual.location === location,
      message: () =>
        `expected ${this.isNot ? "no " : ""}redirect ${status} to ${location}, got ${actual.status} to ${actual.location}`,
    };
  },

  async toFlashToast(received: Reply, type: ToastType, message?: unknown) {
    const { getToast } = await import("~/platform/http/session.server");
    const cookie = new CookieJar().store(received.headers).header();
    const { toast } = await getToast(new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} }));
    const pass = toast?.type === type && (message === undefined || this.equals(toast?.message, message));
    return {
      pass,
      message: () =>
        `expected ${this.isNot ? "no " : ""}${type} toast ${message === undefined ? "" : show(message)}, got ${show(toast ?? null)}`,
    };
  },

  toHaveFieldError(received: Reply, field: string, ...messages: ExpectedMessage[]) {
    const actual = errorsOf(received, field);
    return {
      pass: errorsMatch(this.equals, actual, messages),
      message: () =>
        `expected field "${field}" ${this.isNot ? "not " : ""}to have the errors ${messages.length ? show(messages) : "(any)"}, got ${show(actual ?? null)}`,
    };
  },

  toHaveFormErrors(received: Reply, ...messages: ExpectedMessage[]) {
    const actual = errorsOf(received, "");
    return {
      pass: errorsMatch(this.equals, actual, messages),
      message: () =>
        `expected the form ${this.isNot ? "not " : ""}to have the errors ${messages.length ? show(messages) : "(any)"}, got ${show(actual ?? null)}`,
    };
  },
});
