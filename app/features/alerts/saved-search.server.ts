import { and, asc, count, eq, gt, gte, isNull, lte, or, sql } from "drizzle-orm";
import { databaseMessage, type Db, type Tx } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { ALERT_FREQUENCIES, type AlertFrequency } from "~/platform/db/schema";
import { FREQUENCIES } from "~/features/alerts/saved-search-forms";
import { toLocale } from "~/platform/i18n/i18n";
import { getLocaleT } from "~/platform/i18n/i18n.server";
import { enqueue, stderrLine } from "~/platform/jobs/jobs.server";
import { queueSms } from "~/platform/sms/sms.server";
import { FILTER_PARAMS, hasErrors, parseEstateFilter } from "~/features/search/estate-filter.server";
import { SCOPE_PARAM, savedScope } from "~/features/search/search-scope";
import { countPublishedBetween } from "~/features/search/estate-search.server";
import { rateOf } from "~/features/search/estate-filter.server";
import { COUNT_LIMIT } from "~/features/search/find-page.server";
import { alertToken, stopToken } from "./alert-links.server";
import { getLookups, type Lookups } from "~/features/places/lookups.server";

/**
 * Saved searches and their SMS alerts (docs/decisions/030-saved-searches-and-alerts.md): a logged-in user
 * keeps up to 10 searches of the results page; new public listings that match send at most one SMS an hour
 * (instant) or a day (daily) per search, and at most 3 alert SMS a day per account, each with a link to the new
 * results and a one-tap stop link that needs no login.
 */

// The form's frequencies and the table's are the same list.
FREQUENCIES satisfies readonly AlertFrequency[];
ALERT_FREQUENCIES satisfies typeof FREQUENCIES;

/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 10;
/** Alert SMS one account may get in 24 hours, all its searches together. */
export const MAX_ALERTS_PER_DAY = 3;
/** Least time between two alerts of one search, by frequency (ms): an hour for instant, a day for daily. */
export const ALERT_INTERVAL_MS: Record<AlertFrequency, number> = { instant: 3_600_000, daily: 86_400_000 };
/**
 * How long a listing's publication may take to commit (ms): an alert run counts listings published up to this long
 * before it runs, so a publication whose transaction began before the run and committed after it is not skipped.
 */
export const ALERT_SETTLE_MS = 5_000;
const DAY_MS = 86_400_000;

/** A saved search as /profile lists it: dates as ISO strings. */
export type SavedSearch = {
  id: number;
  name: string;
  query: string;
  frequency: AlertFrequency;
  paused: boolean;
  lastAlertAt: string | null;
  createdAt: string;
};

/** Refused: the account already keeps MAX_SAVED_SEARCHES searches. */
export class SavedSearchLimitError extends Error {
  constructor() {
    super(`at most ${MAX_SAVED_SEARCHES} saved searches`);
  }
}

/**
 * The canonical query of a results page's search: its known filter parameters (FILTER_PARAMS, in that order, empty
 * ones, `page`, `since` and `lang` left out), then the page's `scope` when it is the rent or holiday page
 * (search-scope.ts), or null when the search has an error on its page (a saved search must be one the results page
 * answers). Never throws.
 */
export async function canonicalQuery(db: Db, params: URLSearchParams): Promise<string | null> {
  const scope = savedScope(params);
  const parsed = parseEstateFilter(params, await getLookups(db), { required: [], scope });
  if (hasErrors(parsed.errors)) return null;
  const out = new URLSearchParams();
  for (const f of FILTER_PARAMS) if (f !== "since" && parsed.values[f]) out.set(f, parsed.values[f]);
  if (scope !== "all") out.set(SCOPE_PARAM, scope);
  return out.toString();
}

/** The saved searches of `userId`, oldest first. */
export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(s.saved_searches)
    .where(eq(s.saved_searches.user_id, userId))
    .orderBy(asc(s.saved_searches.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    frequency: r.frequency,
    paused: r.paused,
    lastAlertAt: r.last_alert_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

/** One saved search of `userId` (null when it is not theirs or does not exist). */
export async function getSavedSearch(db: Db, userId: number, id: number): Promise<SavedSearch | null> {
  return (await listSavedSearches(db, userId)).find((r) => r.id === id) ?? null;
}

/**
 * Saves a search for `userId` (`query` from canonicalQuery, `name` 1 to 60 characters): listings published from now
 * on are its new ones. The count and the insert are one transaction under a lock of the user's row, so two posts at
 * once cannot pass the limit. Returns the new id; throws SavedSearchLimitError at MAX_SAVED_SEARCHES.
 */
export async function createSavedSearch(
  db: Db,
  userId: number,
  input: { name: string; query: string; frequency: AlertFrequency },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(s.saved_searches).where(eq(s.saved_searches.user_id, userId));
    if (Number(n) >= MAX_SAVED_SEARCHES) throw new SavedSearchLimitError();
    const [row] = await tx
      .insert(s.saved_searches)
      .values({ user_id: userId, name: input.name, query: input.query, frequency: input.frequency })
      .returning({ id: s.saved_searches.id });
    return row.id;
  });
}

/**
 * Changes a saved search of `userId`: its name, frequency, or pause. Resuming starts its new listings from now (an
 * account does not get a month of listings at once). Returns false when it is not theirs.
 */
export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  change: { name?: string; frequency?: AlertFrequency; paused?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(s.saved_searches)
    .set({
      ...change,
      ...(change.paused === false ? { checked_until: sql`greatest(${s.saved_searches.checked_until}, now())` } : {}),
      updated_at: sql`now()`,
    })
    .where(and(eq(s.saved_searches.id, id), eq(s.saved_searches.user_id, userId)))
    .returning({ id: s.saved_searches.id });
  return rows.length > 0;
}

/** Deletes a saved search of `userId` (its alerts' rows go with it). Returns false when it is not theirs. */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(s.saved_searches)
    .where(and(eq(s.saved_searches.id, id), eq(s.saved_searches.user_id, userId)))
    .returning({ id: s.saved_searches.id });
  return rows.length > 0;
}

// Alerts

/**
 * What one run of the alerts did: searches looked at, alerts sent, searches held back by the daily limit, and
 * searches that failed (logged and left as they were, decision 048).
 */
export type AlertRun = { checked: number; sent: number; heldBack: number; failed: number };

/** The condition of a saved search whose alert interval (ALERT_INTERVAL_MS of its frequency) is over at `now`. */
function dueAt(now: Date) {
  return or(
    ...(Object.keys(ALERT_INTERVAL_MS) as AlertFrequency[]).map((f) =>
      and(
        eq(s.saved_searches.frequency, f),
        or(
          isNull(s.saved_searches.last_alert_at),
          lte(s.saved_searches.last_alert_at, new Date(now.getTime() - ALERT_INTERVAL_MS[f])),
        ),
      ),
    ),
  );
}

/**
 * One batch of due alerts at `now`, in the caller's transaction `tx`: the next `batch` saved searches
 * after id `afterId` that are not paused and whose interval is over (see alertOne for each). Returns what it did and
 * the last id looked at, or null when no search is left. The `alerts.send` job runs one batch per transaction and
 * queues the next, so a worker killed in the middle loses its batch's transaction whole: each search is then either
 * alerted and its SMS queued, or untouched, and the retry sends nothing twice.
 *
 * Each search runs in a savepoint of `tx` (decision 048): one whose query fails (a saved search the database cannot
 * answer, such as an old row the code no longer expects) is rolled back alone, counted as `failed`, written as one
 * line to `log` (its id and the database's message, never the account's phone) and left as it was, so the next run
 * tries it again; the others of the batch are alerted. Errors outside a search (the batch's own queries) propagate.
 */
export async function sendAlertsBatch(
  tx: Tx,
  now: Date,
  origin: string,
  afterId: number,
  batch = 200,
  log: (line: string) => void = stderrLine,
): Promise<AlertRun & { lastId: number | null }> {
  const run: AlertRun = { checked: 0, sent: 0, heldBack: 0, failed: 0 };
  // Loaded once for the batch (a transaction is not the handle getLookups caches by).
  const prepared = { lookups: await getLookups(tx as unknown as Db), rate: await rateOf(tx as unknown as Db) };
  const ids = await tx
    .select({ id: s.saved_searches.id })
    .from(s.saved_searches)
    .where(
      and(
        eq(s.saved_searches.paused, false),
        lte(s.saved_searches.checked_until, now),
        gt(s.saved_searches.id, afterId),
        dueAt(now),
      ),
    )
    .orderBy(asc(s.saved_searches.id))
    .limit(batch);
  for (const { id } of ids) {
    let outcome: Awaited<ReturnType<typeof alertOne>>;
    try {
      outcome = await tx.transaction((savepoint) => alertOne(savepoint, id, now, origin, prepared));
    } catch (error) {
      run.failed++;
      log(`[alerts] saved search ${id} failed and was skipped: ${databaseMessage(error)}`);
      continue;
    }
    if (outcome === "skipped") continue;
    run.checked++;
    if (outcome === "sent") run.sent++;
    if (outcome === "held") run.heldBack++;
  }
  return { ...run, lastId: ids.length === batch ? ids[ids.length - 1].id : null };
}

/**
 * Sends every alert due at `now`: sendAlertsBatch until none is left, each batch its own transaction
 * (what the job queue's `alerts.send` does job by job; tests and the benchmark call this). For each saved search not
 * paused whose last alert is at least ALERT_INTERVAL_MS of its frequency ago, counts the public listings matching
 * it that were published after its `checked_until` and up to `now` (countPublishedBetween, served by
 * estates_published_at_idx). None: the cursor moves to `now`. Some: when the account got fewer than
 * MAX_ALERTS_PER_DAY alerts in the last 24 hours, one SMS queued in the account's language (how many, the search's
 * name, a link to those results, a stop link), the alert's row, the last-alert time and the cursor, together;
 * otherwise nothing moves, so a later run names them all. Rows are locked with SKIP LOCKED: two runs at once never
 * alert one search twice. A search that fails is skipped and logged to `options.log` (sendAlertsBatch). `origin` is
 * the site's public origin for the links. Returns the counts.
 */
export async function sendDueAlerts(
  db: Db,
  now: Date,
  origin: string,
  options: { batch?: number; log?: (line: string) => void } = {},
): Promise<AlertRun> {
  const total: AlertRun = { checked: 0, sent: 0, heldBack: 0, failed: 0 };
  let afterId: number | null = 0;
  while (afterId !== null) {
    const from: number = afterId;
    const part = await db.transaction((tx) => sendAlertsBatch(tx, now, origin, from, options.batch, options.log));
    total.checked += part.checked;
    total.sent += part.sent;
    total.heldBack += part.heldBack;
    total.failed += part.failed;
    afterId = part.lastId;
  }
  return total;
}

/** One saved search's alert, in `tx` (see sendDueAlerts): "skipped" when another worker holds it or it is not due. */
async function alertOne(
  tx: Tx,
  id: number,
  now: Date,
  origin: string,
  prepared: { lookups: Lookups; rate: number },
): Promise<"skipped" | "none" | "sent" | "held"> {
  const [search] = await tx
    .select({
      id: s.saved_searches.id,
      user_id: s.saved_searches.user_id,
      name: s.saved_searches.name,
      query: s.saved_searches.query,
      paused: s.saved_searches.paused,
      checked_until: s.saved_searches.checked_until,
      phone: s.users.phone,
      lang: s.users.lang,
      status: s.users.status,
    })
    .from(s.saved_searches)
    .innerJoin(s.users, eq(s.users.id, s.saved_searches.user_id))
    .where(eq(s.saved_searches.id, id))
    .for("update", { of: s.saved_searches, skipLocked: true });
  if (!search || search.paused || search.checked_until > now) return "skipped";
  const db = tx as unknown as Db;
  const params = new URLSearchParams(search.query);
  const parsed = parseEstateFilter(params, prepared.lookups, { required: [], scope: savedScope(params) });
  const found =
    search.status === "active" ? await countPublishedBetween(db, parsed.filter, search.checked_until, now, prepared) : 0;
  if (found === 0) {
    await tx.update(s.saved_searches).set({ checked_until: now }).where(eq(s.saved_searches.id, id));
    return "none";
  }
  const [{ n }] = await tx
    .select({ n: count() })
    .from(s.saved_search_alerts)
    .where(
      and(
        eq(s.saved_search_alerts.user_id, search.user_id),
        gte(s.saved_search_alerts.sent_at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if (Number(n) >= MAX_ALERTS_PER_DAY) return "held";
  const since = search.checked_until;
  const t = await getLocaleT(toLocale(search.lang));
  const body = t("account:alerts.sms", {
    brand: t("brand"),
    count: Math.min(found, COUNT_LIMIT),
    name: search.name,
    link: `${origin}/a/${alertToken(search.id, since, now)}`,
    stop: `${origin}/alerts/stop?t=${stopToken(search.id, now)}`,
  });
  await queueSms(tx, { phone: search.phone, body }, { purpose: "alert" });
  await tx
    .insert(s.saved_search_alerts)
    .values({ saved_search_id: search.id, user_id: search.user_id, listings: found, since, sent_at: now });
  await tx.update(s.saved_searches).set({ checked_until: now, last_alert_at: now }).where(eq(s.saved_searches.id, id));
  return "sent";
}

/**
 * Queues an alert run soon after a listing is published (instant alerts), in the publishing transaction `tx`:
 * the `alerts.send` job runs ALERT_SETTLE_MS and a second later, so the run counts this listing. Publications in
 * the same 10 seconds share one job (its key).
 */
export async function queueAlertsSoon(tx: Tx): Promise<void> {
  const at = Date.now() + ALERT_SETTLE_MS + 1000;
  await enqueue(tx, "alerts.send", {}, { runAt: new Date(at), key: `alerts.send:soon:${Math.floor(at / 10_000)}` });
}
