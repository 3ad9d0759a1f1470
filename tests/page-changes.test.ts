import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { moderateRequest } from "~/features/posts/request.server";
import { PAGE_CHANGES_CHANNEL } from "../server/page-cache";
import { account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";

/**
 * Every table a visitor's page reads tells the page cache when it changes (decision 013): a statement that writes
 * it sends `NOTIFY page_changes` through the trigger function notify_page_changes(). Each table of app/platform/db/schema.ts
 * is classified below, as read by visitors' pages or private; a table added to the schema without a place in
 * either list fails this test, and so does a visitors' table without the trigger. Runs on the test database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL).
 */

const test = useTestDatabase();
const db = () => test.get().db;

/** The tables whose rows visitors' pages show (listings, offices, articles, requests, lookups, places, rates). */
const VISITOR_TABLES = [
  "estates",
  "estate_images",
  "offices",
  "articles",
  "property_requests",
  // Owners' names on listings, and a suspension that hides their listings and requests.
  "users",
  // Prices shown in both currencies.
  "exchange_rates",
  "governorates",
  "locations",
  "price_domains",
  "ownership_types",
  "estate_types",
  "contract_types",
  "interior_statuses",
  "estate_offer_types",
  "period_types",
  "area_units",
  "report_reasons",
];

/** The tables no visitor's page shows: accounts' private data, posts waiting for review, the machinery. */
const PRIVATE_TABLES = [
  "registrations",
  "sessions",
  "sms_codes",
  "password_resets",
  "sms_outbox",
  "sms_messages",
  "sms_parts",
  "sms_limit_hits",
  "jobs",
  "idempotent_posts",
  "rate_limits",
  "spent_captchas",
  // Contact and consultation messages, offers to buy or rent (leads), reports: read by the back office.
  "messages",
  "estate_offers",
  "estate_reports",
  // An owner's changes to a listing, public only once approved (then written to estates).
  "estate_edits",
  "saved_estates",
  "saved_searches",
  "saved_search_alerts",
  "audit_log",
  // The apps' bearer tokens (decision 088).
  "api_tokens",
  // The gazetteer's places (decision 094): written by its migration only, before any process serves a page, so no
  // change at run time has a page to refresh.
  "gazetteer",
];

/** The names of every table defined in app/platform/db/schema.ts. */
function schemaTables(): string[] {
  return (Object.values(s) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();
}

/** The tables that have a trigger calling notify_page_changes(). */
async function tablesWithPageChanges(): Promise<string[]> {
  const result = (await db().execute(sql`
    select distinct c.relname as name
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'notify_page_changes' and not t.tgisinternal
    order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

describe("page_changes triggers", () => {
  it("every table of the schema is classified as read by visitors' pages or private, once", () => {
    const classified = [...VISITOR_TABLES, ...PRIVATE_TABLES];
    expect(new Set(classified).size).toBe(classified.length);
    expect([...classified].sort()).toEqual(schemaTables());
  });

  it("every table visitors' pages read has a page_changes trigger, and no private table has one", async () => {
    const triggered = await tablesWithPageChanges();
    expect(VISITOR_TABLES.filter((table) => !triggered.includes(table))).toEqual([]);
    expect(PRIVATE_TABLES.filter((table) => triggered.includes(table))).toEqual([]);
  });

  it("approving a property request notifies page_changes when it commits", async () => {
    const heard: string[] = [];
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const listener = test.get().listen(PAGE_CHANGES_CHANNEL, {
      notify: (payload) => heard.push(payload),
      listening: () => listening(),
      lost: () => undefined,
    });
    try {
      await ready;
      const owner = await account(db());
      const admin = await account(db(), { role: "admin" });
      const [location] = await db().select({ id: s.locations.id }).from(s.locations).limit(1);
      const [request] = await db()
        .insert(s.property_requests)
        .values({ user_id: owner.user.id, estate_offer_type_id: 1, location_id: location.id, estate_type_id: 1 })
        .returning({ id: s.property_requests.id });
      await listener.sync();
      heard.length = 0;
      expect(await moderateRequest(db(), request.id, "approve", admin.actor)).toBe(true);
      await listener.sync();
      await vi.waitFor(() => expect(heard).toContain("property_requests"), { timeout: 2_000, interval: 20 });
    } finally {
      await listener.close();
    }
  });
});
