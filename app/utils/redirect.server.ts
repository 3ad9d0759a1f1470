import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * Checks that a POST comes from this site (architecture 7): the Origin header, when present, must match the
 * request's own origin or PUBLIC_URL. Throws 403 otherwise. Used by resource routes, which Remix does not check.
 */
export function assertSameOrigin(request: Request, publicOrigin: string): void {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return;
  const own = new URL(request.url).origin;
  if (origin !== own && origin !== publicOrigin) throw new Response("Forbidden", { status: 403 });
}

/** A local path to go back to after a post; anything else (other sites, //host) becomes "/" (style 8). */
export function backTo(value: FormDataEntryValue | null): string {
  return safeRedirect(typeof value === "string" ? value : "/", "/");
}
