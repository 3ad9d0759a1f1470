import { safeRedirect } from "remix-utils/safe-redirect";
import * as z from "zod/v4";
import { INVALID } from "~/platform/forms/queries";

const LOCAL = "http://local.invalid";

/** The longest local path kept to return to (characters): what the login form takes back as `redirectTo`. */
export const LOCAL_PATH_MAX = 2000;

/**
 * A path of this site made from an untrusted value (a `redirectTo` parameter), or undefined. The value is parsed as
 * a URL the way browsers do (they drop tabs and newlines and read "\\" as "/"), so "/\t/evil.example" or
 * "/\\evil.example" cannot lead to another site; the result is percent-encoded, so it is always a valid header.
 */
export function localPath(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > LOCAL_PATH_MAX) return undefined;
  try {
    const url = new URL(value, LOCAL);
    if (url.origin !== LOCAL) return undefined;
    // Dot segments can leave "//host" after parsing ("/.//evil.example"), which a browser reads as another site.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") ? undefined : path;
  } catch {
    return undefined;
  }
}

/**
 * A local address written as a template whose every value is percent-encoded (encodeURIComponent): a path parameter
 * or a query value taken from a request (a link's token, a search) can neither change the address's shape nor make
 * its `Location` header invalid (a character beyond Latin-1, CR or LF there was a 500, decision 082).
 * `hrefOf\`/od/${token}\`` → "/od/%D8%B9%D9%82…"; `hrefOf\`/admin/users?q=${q}\``. Never throws.
 */
export function hrefOf(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((href, part, i) => href + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "");
}

/**
 * The schema of a query parameter naming a page to come back to (`redirectTo`): its localPath, the same safety rule
 * as the login form's; a value that is no local path of this site is refused with INVALID. Read it as sent (parseQuery
 * with `trim: false` and a length past LOCAL_PATH_MAX, so a longer value is refused, not cut).
 */
export const localPathParam = /* @__PURE__ */ (() =>
  z
    .string()
    .transform((text, ctx) => {
      const path = localPath(text);
      if (path === undefined) ctx.issues.push({ code: "custom", message: INVALID, input: text });
      return path ?? z.NEVER;
    })
    .optional())();

/**
 * A local path to go back to after a post; anything else (other sites, //host) becomes "/", so no link of ours sends people to
 * another site.
 */
export function backTo(value: FormDataEntryValue | null): string {
  return safeRedirect(localPath(value) ?? "/", "/");
}
