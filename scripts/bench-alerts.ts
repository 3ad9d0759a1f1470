/**
 * `npm run bench:alerts`: how long the saved searches' alerts take to match (the target:
 * 10,000 saved searches and 1,000 new listings a day matched within a minute on this machine).
 *
 * Against DATABASE_URL (PostgreSQL with listings, e.g. `npm run db:seed -- --listings 100000`):
 * 1. makes `--users` accounts (2,000) with `--searches` saved searches in all (10,000), each a search people make
 *    (a place or a whole governorate, a type, an offer, sometimes a price range in SYP or USD, rooms or words), its
 *    cursor a day back;
 * 2. marks `--listings` approved listings (1,000) as published in the last 24 hours;
 * 3. runs sendDueAlerts once, batch by batch as the `alerts.send` job does, and prints the time, the searches
 *    checked, the alerts sent (SMS queued) and the ones held back by the daily limit;
 * 4. removes what it made (the accounts, their searches and alerts, the queued SMS jobs) and puts the publication
 *    times back.
 *
 * Options: --searches N (10000), --users N (2000), --listings N (1000).
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../app/platform/db/schema";
import { CONNECTION_OPTIONS, type Db } from "../app/platform/db/client.server";
import { getLookups } from "../app/features/places/lookups.server";
import { sendDueAlerts } from "../app/features/alerts/saved-search.server";
import { numberOption } from "./cli";

const searches = numberOption("searches", 10_000, { min: 1, integer: true });
const users = numberOption("users", 2_000, { min: 1, integer: true });
const listings = numberOption("listings", 1_000, { min: 1, integer: true });
const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) {
  console.error("set DATABASE_URL to a PostgreSQL database with listings (npm run db:seed -- --listings 100000)");
  process.exit(2);
}
// The site's connection settings (JIT off), so that the statements run as they do for the site.
const pool = new pg.Pool({ connectionString: url, max: 2, options: CONNECTION_OPTIONS });
const db = drizzle(pool, { schema }) as unknown as Db;
const q = (text: string, values: unknown[] = []) => pool.query(text, values);

/** A deterministic generator (mulberry32), so two runs make the same searches. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(14);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

const lookups = await getLookups(db);
const [{ total }] = (await q("select count(*)::int as total from estates where status = 'approved'")).rows as { total: number }[];
console.log(
  `${total.toLocaleString("en")} approved listings; ${searches.toLocaleString("en")} saved searches of ${users.toLocaleString("en")} accounts; ${listings.toLocaleString("en")} listings published in the last day\n`,
);

// 1. Accounts and searches (phones +96393990xxxxx are this script's own).
await q("delete from users where phone like '+96393990%'");
const userIds = (
  await q(
    `insert into users (first_name, last_name, phone, password_hash, status, role, lang)
     select 'Bench', 'Alerts', '+96393990' || lpad(g::text, 5, '0'), 'x', 'active', 'user', case when g % 3 = 0 then 'en' else 'ar' end
     from generate_series(1, $1::int) g returning id`,
    [users],
  )
).rows.map((r: { id: number }) => r.id);
const rows: [number, string, string, string][] = [];
for (let i = 0; i < searches; i++) {
  const params = new URLSearchParams();
  if (rnd() < 0.3) params.set("governorate_id", String(pick(lookups.governorates).id));
  else params.set("location_id", String(pick([...lookups.locationById.keys()])));
  params.set("estate_type_id", String(pick([1, 6, 6, 6, 5, 4, 3])));
  params.set("estate_offer_type_id", String(rnd() < 0.6 ? 1 : 2));
  if (rnd() < 0.3) {
    params.set("price_max", String(pick([50_000, 100_000, 200_000])));
    params.set("currency", "USD");
  } else if (rnd() < 0.2) params.set("price_domain_id", String(pick([2, 3, 4])));
  if (rnd() < 0.2) params.set("rooms_min", String(pick([2, 3, 4])));
  if (rnd() < 0.05) params.set("q", pick(["مسبح", "مفروشة", "إطلالة"]));
  params.set("is_simple", "0");
  rows.push([userIds[i % userIds.length], `bench ${i}`, params.toString(), rnd() < 0.7 ? "instant" : "daily"]);
}
for (let i = 0; i < rows.length; i += 1000) {
  const part = rows.slice(i, i + 1000);
  await q(
    `insert into saved_searches (user_id, name, query, frequency, checked_until)
     select * , now() - interval '1 day' from unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
    [part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2]), part.map((r) => r[3])],
  );
}

// 2. The day's new listings: `listings` approved ones chosen evenly, published in the last 24 hours.
const chosen = (
  await q(
    `update estates set published_at = now() - (random() * interval '23 hours') - interval '1 minute'
     where id in (select id from estates where status = 'approved' order by md5(id::text) limit $1)
     returning id`,
    [listings],
  )
).rows as { id: number }[];

// 3. One run.
const started = performance.now();
const run = await sendDueAlerts(db, new Date(), "https://aqar.example");
const seconds = (performance.now() - started) / 1000;
const [{ queued }] = (
  await q("select count(*)::int as queued from jobs where task = 'sms' and payload->>'phone' like '+96393990%'")
).rows as {
  queued: number;
}[];
console.log(
  "| saved searches | new listings | searches checked | alerts sent (SMS queued) | held back (3 a day) | time s | searches per second |",
);
console.log("|---|---|---|---|---|---|---|");
console.log(
  `| ${searches.toLocaleString("en")} | ${listings.toLocaleString("en")} | ${run.checked.toLocaleString("en")} | ${run.sent.toLocaleString("en")} (${queued.toLocaleString("en")}) | ${run.heldBack.toLocaleString("en")} | ${seconds.toFixed(1)} | ${Math.round(run.checked / seconds).toLocaleString("en")} |`,
);

// 4. Clean up.
await q("delete from jobs where task = 'sms' and payload->>'phone' like '+96393990%'");
await q("delete from users where phone like '+96393990%'");
await q("update estates set published_at = coalesce(reviewed_at, created_at) where id = any($1::int[])", [
  chosen.map((r) => r.id),
]);
await pool.end();
