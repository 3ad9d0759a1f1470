import type { Db } from "~/platform/db/client.server";
import { getDb } from "~/platform/db/db.server";
import { toDbId } from "~/platform/forms/id";
import type { Locale } from "~/platform/i18n/i18n";
import { getT, localeOf } from "~/platform/i18n/i18n.server";

/** What almost every loader needs: the database, the page language and a translate function for meta and messages. */
export async function pageContext(request: Request): Promise<{ db: Db; locale: Locale; t: Awaited<ReturnType<typeof getT>> }> {
  const [db, t] = await Promise.all([getDb(), getT(request)]);
  return { db, locale: localeOf(request), t };
}

/**
 * Throws the not-found response that the root error boundary renders with status 404. `what` is "listing" for a
 * listing that does not exist or is no longer public (its page then says it may have been removed), else "page".
 * `title` (translated) is for the root loader, whose own data holds the error titles otherwise.
 */
export function notFound(what: "page" | "listing" = "page", title?: string): never {
  throw new Response(JSON.stringify({ notFound: what, title }), {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

/** A route parameter that must be a database id (app/platform/forms/id.ts toDbId), else a 404 is thrown. */
export function requireId(param: string | undefined): number {
  return toDbId(param) ?? notFound();
}
