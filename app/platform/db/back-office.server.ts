import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/platform/db/client.server";

/**
 * What the models of the back office's lists and editors share: one page of a list, the outcome of a
 * publish or activate switch, and the changed fields of an edit (for its audit entry).
 */

/** How a set-published or set-active call ended: changed (and audited), already so (nothing written), or no such row. */
export type ToggleOutcome = "changed" | "unchanged" | "missing";

/** One page of a list: its rows, the number of rows on all pages, its number (from 1), the page count. */
export type Paged<Item> = { items: Item[]; total: number; page: number; pageCount: number };

/**
 * Counts the rows of `table` that match `where` (all rows when undefined) and places page `page` (from 1) of `size`
 * rows: `total` (rows on all pages), the SQL `offset` of the page and `pageCount` (at least 1, so page 1 of an empty
 * list exists). A page past the last one is not an error here (its offset just finds no rows).
 */
export async function paging(db: Db, table: PgTable, where: SQL | undefined, page: number, size: number) {
  const [{ n }] = await db.select({ n: count() }).from(table).where(where);
  const total = Number(n);
  return { total, offset: (page - 1) * size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

/** Names of the fields of `next` whose values differ from `before` (for the audit entry of an edit). */
export function changedFields<T extends Record<string, unknown>>(before: T, next: Partial<T>): string[] {
  return Object.keys(next).filter((key) => next[key as keyof T] !== before[key as keyof T]);
}
