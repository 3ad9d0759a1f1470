import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/platform/db/client.server";
import { fictionPhone, FICTION_AREA_CODES, isFictionPhone } from "~/platform/config/fiction-phones";
import { demoDataWanted } from "~/platform/config/env.server";
import { toE164 } from "~/features/accounts/phone.server";
import { DEMO_ADMIN } from "~/features/accounts/admin-bootstrap.server";
import { outboxOnPublicSiteWarning } from "~/platform/sms/sms-providers.server";

/**
 * The demo data only when asked (docs/decisions/079): a production start on an empty database (the server's own
 * start, server/database.ts, on a new PGlite folder) fills in the places and nothing invented unless DEMO_DATA=on;
 * with it, every phone number stored anywhere is one reserved for fiction, which the phone field still accepts.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-demo-data-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let opened: Database | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  globalThis.__database = undefined;
  vi.unstubAllEnvs();
});

/** A production start of the server's database on a new folder, with `env` on top; fresh modules read the environment. */
async function productionStart(name: string, env: Record<string, string>) {
  const dataDir = path.join(tmp, name);
  vi.stubEnv("NODE_ENV", "production");
  vi.stubEnv("PUBLIC_URL", "https://aqar.example");
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("PGLITE_DIR", path.join(dataDir, "db"));
  vi.stubEnv("SEED_LISTINGS", "60");
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  globalThis.__database = undefined;
  vi.resetModules();
  const { startDatabase } = await import("../server/database");
  const started = await startDatabase();
  opened = started.database;
  return started;
}

/** The number of rows of each table, for the tables named. */
async function counts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
      rows: { n: number }[];
    };
    result[table] = rows[0].n;
  }
  return result;
}

/** Every value of every text column whose name says phone, mobile or WhatsApp, in every table, with where it is. */
async function storedPhones(db: Db): Promise<{ where: string; value: string }[]> {
  const { rows: columns } = (await db.execute(sql`
    select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying')
      and (column_name like '%phone%' or column_name like '%mobile%' or column_name like '%whatsapp%')
  `)) as unknown as { rows: { t: string; c: string }[] };
  const found: { where: string; value: string }[] = [];
  for (const { t, c } of columns) {
    const { rows } = (await db.execute(
      sql.raw(`select distinct "${c}" as v from "${t}" where "${c}" is not null and "${c}" <> ''`),
    )) as unknown as { rows: { v: string }[] };
    found.push(...rows.map((r) => ({ where: `${t}.${c}`, value: r.v })));
  }
  return found;
}

describe("a production start on an empty database", () => {
  it("seeds nothing invented without DEMO_DATA: the places and lists only, no account, and says how to make the first admin", async () => {
    const { database, demoAdmin } = await productionStart("plain", {});
    const rows = await counts(database.db, [
      "governorates",
      "locations",
      "estate_types",
      "estates",
      "offices",
      "articles",
      "users",
    ]);
    expect(rows).toMatchObject({ governorates: 14, estates: 0, offices: 0, articles: 0, users: 0 });
    expect(rows.locations).toBeGreaterThan(200);
    expect(rows.estate_types).toBeGreaterThan(5);
    expect(await storedPhones(database.db)).toEqual([]);
    expect(demoAdmin).toBe("empty");
    const { demoAdminNotice } = await import("~/features/accounts/admin-bootstrap.server");
    expect(demoAdminNotice(demoAdmin, "https://aqar.example")).toMatch(/without demo data.*ADMIN_PHONE.*ADMIN_PASSWORD/);
  }, 120_000);

  it("seeds the demo data with DEMO_DATA=on, every stored number one reserved for fiction", async () => {
    const { database } = await productionStart("demo", { DEMO_DATA: "on" });
    const rows = await counts(database.db, ["estates", "offices", "articles"]);
    // The 60 listings asked for and the six other offers of four of them (decision 099's demo groups).
    expect(rows).toEqual({ estates: 66, offices: 41, articles: 12 });
    const phones = await storedPhones(database.db);
    expect(new Set(phones.map((p) => p.where))).toEqual(
      new Set(["offices.phone", "offices.whatsapp", "estates.phone", "users.phone"]),
    );
    for (const { where, value } of phones) expect(isFictionPhone(value), `${where} ${value}`).toBe(true);
  }, 120_000);
});

describe("the numbers reserved for fiction", () => {
  it("are NANP 555-0100 to 555-0199 in any area code, and nothing else", () => {
    expect(isFictionPhone("+12025550100")).toBe(true);
    expect(isFictionPhone("+19075550199")).toBe(true);
    for (const other of ["+12025550200", "+12025550099", "+963944000100", "+442025550100", "+1202555010", "+120255501000"])
      expect(isFictionPhone(other), other).toBe(false);
    expect(() => fictionPhone("202", 100)).toThrow(RangeError);
  });

  it("are accepted by the phone field as US mobile numbers, so the demo admin logs in as the README says", () => {
    for (const area of FICTION_AREA_CODES)
      for (const line of [0, 1, 42, 99]) expect(toE164("US", fictionPhone(area, line))).toBe(fictionPhone(area, line));
    expect(toE164(DEMO_ADMIN.country, DEMO_ADMIN.nationalPhone)).toBe(DEMO_ADMIN.phone);
    expect(isFictionPhone(DEMO_ADMIN.phone)).toBe(true);
  });

  it("come only when asked in production, and by default elsewhere", () => {
    expect(demoDataWanted({ NODE_ENV: "production", DEMO_DATA: undefined })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: "production", DEMO_DATA: "on" })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: "development", DEMO_DATA: undefined })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: "test", DEMO_DATA: "off" })).toBe(false);
  });
});

describe("a public site without an SMS provider", () => {
  it("is warned at start, naming SMS_PROVIDER and docs/sms.md; npm start's localhost and a set provider are not", () => {
    const warning = outboxOnPublicSiteWarning({
      SMS_PROVIDER: ["outbox"],
      PUBLIC_URL: "https://aqar.example",
      NODE_ENV: "production",
    });
    expect(warning).toMatch(/SMS_PROVIDER.*docs\/sms\.md/);
    expect(
      outboxOnPublicSiteWarning({ SMS_PROVIDER: ["outbox"], PUBLIC_URL: "https://aqar.example", NODE_ENV: "development" }),
    ).toBe(warning);
    expect(
      outboxOnPublicSiteWarning({ SMS_PROVIDER: ["outbox"], PUBLIC_URL: "http://localhost:3000", NODE_ENV: "production" }),
    ).toBeNull();
    expect(
      outboxOnPublicSiteWarning({ SMS_PROVIDER: ["smpp"], PUBLIC_URL: "https://aqar.example", NODE_ENV: "production" }),
    ).toBeNull();
    expect(
      outboxOnPublicSiteWarning({ SMS_PROVIDER: ["http", "outbox"], PUBLIC_URL: "https://aqar.example", NODE_ENV: "production" }),
    ).toBeNull();
  });
});
