import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Listener } from "~/platform/db/client.server";

/**
 * The listening connection of a process on PostgreSQL (decision 013): `sync()` waits until every change committed
 * before it was called has been heard, and posts answered together each wait for their own round trip, one at a
 * time on that connection (pg deprecates a query sent while another runs on the same client).
 */

const URL = "postgres://postgres@127.0.0.1:5432/postgres";
const CHANNEL = `aqar_listen_test_${process.pid}`;
let database: Database;
let listener: Listener;
const heard: string[] = [];
const warnings: Error[] = [];

beforeAll(async () => {
  process.on("warning", (warning) => warnings.push(warning));
  database = await openDatabase({ url: URL, pgliteDir: "memory://" });
  await new Promise<void>((resolve) => {
    listener = database.listen(CHANNEL, { notify: (payload) => heard.push(payload), listening: resolve, lost: () => undefined });
  });
});

afterAll(async () => {
  await listener?.close();
  await database?.close();
});

describe("Listener.sync on PostgreSQL", () => {
  it("has heard every notification committed before it was called, also when 20 posts sync at once", async () => {
    const sender = new pg.Client({ connectionString: URL });
    await sender.connect();
    try {
      for (let i = 0; i < 20; i++) await sender.query(`NOTIFY ${CHANNEL}, 'change ${i}'`);
      await Promise.all(Array.from({ length: 20 }, () => listener.sync()));
      expect(heard).toEqual(Array.from({ length: 20 }, (_, i) => `change ${i}`));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "DeprecationWarning").map((w) => w.message)).toEqual([]);
    } finally {
      await sender.end();
    }
  });
});
