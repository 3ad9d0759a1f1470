/**
 * `npm run db:fill-facts`: migrates the configured database (DATABASE_URL, else the PGlite folder), then gives every
 * listing that knows none of the facts of docs/decisions/093-the-facts-before-the-call.md the demo values
 * `npm run db:seed` now gives it (app/platform/db/seed/facts.ts, drawn from its ad number): for a benchmark database
 * seeded before migration 0040. Runs in batches of `--batch` listings (5,000), each one UPDATE in its own
 * transaction, so it can be stopped and run again; prints how many it filled and how long it took. Then run ANALYZE
 * on estates, so the planner knows the new columns.
 */
import { getTableColumns, sql } from "drizzle-orm";
import * as s from "../app/platform/db/schema";
import { FACT_FIELDS } from "../app/features/listings/facts";
import { migrateDatabase } from "../app/platform/db/client.server";
import { demoFacts } from "../app/platform/db/seed/facts";
import { numberOption, openScriptDatabase } from "./cli";

const batch = numberOption("batch", 5000, { min: 1, integer: true });
const started = Date.now();
const database = await openScriptDatabase();
await migrateDatabase(database);
const { db } = database;

type Row = {
  id: number;
  state_id: number;
  estate_type_id: number;
  estate_offer_type_id: number;
  period_type_id: number | null;
  floor: number | null;
  governorate: string | null;
};

/** The facts' columns (app/features/listings/facts.ts, the same as schema.ts's listingFactColumns) and their SQL types. */
const columns = FACT_FIELDS.map((name) => ({ name, type: getTableColumns(s.estates)[name].getSQLType() }));
/** None of the facts known: what a listing of a database seeded before migration 0040 is. */
const NOTHING_KNOWN = sql.raw(columns.map((c) => `e."${c.name}" is null`).join(" and "));
/** Each fact set from the batch's values (`v`). */
const SET_FACTS = sql.raw(columns.map((c) => `"${c.name}" = v."${c.name}"`).join(", "));
/** The batch's values as a record set: the id and each fact with its column's type. */
const VALUES_TYPE = sql.raw(["id int", ...columns.map((c) => `"${c.name}" ${c.type}`)].join(", "));

let after = 0;
let filled = 0;
for (;;) {
  const result = (await db.execute(sql`
    select e.id, e.state_id, e.estate_type_id, e.estate_offer_type_id, e.period_type_id, e.floor, g.name_en as governorate
    from estates e left join governorates g on g.id = e.governorate_id
    where e.id > ${after} and ${NOTHING_KNOWN}
    order by e.id limit ${batch}`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  if (!rows.length) break;
  after = Number(rows[rows.length - 1].id);
  const values = rows.map((r) => ({
    id: Number(r.id),
    ...demoFacts({
      stateId: Number(r.state_id),
      typeId: Number(r.estate_type_id),
      offerTypeId: Number(r.estate_offer_type_id),
      periodTypeId: r.period_type_id === null ? null : Number(r.period_type_id),
      governorate: r.governorate ?? "",
      floor: r.floor === null ? null : Number(r.floor),
    }),
  }));
  await db.execute(sql`
    update estates e set ${SET_FACTS}
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(${VALUES_TYPE})
    where e.id = v.id`);
  filled += rows.length;
  if (filled % (batch * 20) === 0) console.log(`${filled} listings filled, ${Math.round((Date.now() - started) / 1000)} s`);
}
await database.close();
console.log(`filled the facts of ${filled} listings in ${Math.round((Date.now() - started) / 1000)} s`);
