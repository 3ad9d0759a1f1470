import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isQueryCanceled, readWithSettings, type Db } from "~/platform/db/client.server";
import { createTestDatabase } from "./helpers/db";

/**
 * readWithSettings (decision 098): a search's reads run with their statement_timeout and planner settings, on
 * PostgreSQL on connections of their own without a transaction, and the site's other statements never inherit them.
 * On PGlite (the first run of the suite) the same calls run in a transaction with local settings.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const setting = async (db: Db, name: string): Promise<string> => {
  const result = (await db.execute(sql`select current_setting(${name}) as value`)) as unknown as {
    rows: { value: string }[];
  };
  return result.rows[0].value;
};

describe("readWithSettings", () => {
  it("runs the read with its settings, and the site's other statements keep the defaults", async () => {
    const { db } = database;
    const seen = await readWithSettings(db, { statement_timeout: "1234", enable_bitmapscan: "off" }, async (reader) => ({
      timeout: await setting(reader, "statement_timeout"),
      bitmaps: await setting(reader, "enable_bitmapscan"),
    }));
    expect(seen).toEqual({ timeout: "1234ms", bitmaps: "off" });
    // Many reads at once: the main pool's connections, lent meanwhile, never carry a read's settings.
    const others = await Promise.all(Array.from({ length: 12 }, () => setting(db, "statement_timeout")));
    expect(new Set(others)).toEqual(new Set(["0"]));
    expect(await setting(db, "enable_bitmapscan")).toBe("on");
  });

  it("gives each read its own settings when reads with other settings ran on the same connections before", async () => {
    const { db } = database;
    const timeouts = await Promise.all(
      ["50", "60", "70", "50", "60", "70"].map((ms) =>
        readWithSettings(db, { statement_timeout: ms }, (reader) => setting(reader, "statement_timeout")),
      ),
    );
    expect(timeouts).toEqual(["50ms", "60ms", "70ms", "50ms", "60ms", "70ms"]);
  });

  it("lets PostgreSQL stop a statement past its timeout, and the next read runs as asked", async () => {
    const { db } = database;
    if (!process.env.TEST_DATABASE_URL) return expect(database.kind).toBe("pglite"); // PGlite has no timer (decision 043)
    const stopped = await readWithSettings(db, { statement_timeout: "20" }, (reader) =>
      reader.execute(sql`select pg_sleep(1)`),
    ).catch((error: unknown) => error);
    expect(isQueryCanceled(stopped)).toBe(true);
    expect(await readWithSettings(db, { statement_timeout: "20" }, (reader) => setting(reader, "statement_timeout"))).toBe(
      "20ms",
    );
    const count = await readWithSettings(db, { statement_timeout: "5000" }, async (reader) => {
      const result = (await reader.execute(sql`select count(*)::int as n from estates`)) as unknown as { rows: { n: number }[] };
      return result.rows[0].n;
    });
    expect(count).toBeGreaterThan(0);
  });
});
