import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, createBackup, findBackup, restoreBackup, type BackupTarget } from "~/platform/db/backup.server";
import { fromPglite, openDatabase, openPglite, type Db } from "~/platform/db/client.server";
import { createTestDatabase } from "./helpers/db";

/**
 * `npm run db:backup` / `npm run db:restore`: a backup taken, the data changed (rows and an image
 * file), the backup restored, and the rows and image bytes compared with what was backed up. On PGlite always, on
 * PostgreSQL too when TEST_DATABASE_URL is set.
 */

/** The rows a query returns (both drivers answer `{ rows }`). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's rows, as one md5 per table (of its rows as text, sorted), so any changed row shows. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ count: string; hash: string | null }>(
      db,
      sql.raw(`select count(*)::text as count, md5(string_agg(t::text, ',' order by t::text)) as hash from "${name}" t`),
    );
    result[name] = `${row.count} ${row.hash}`;
  }
  return result;
}

/** File name → bytes (base64) of a folder's files. */
function images(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(dir, name)).toString("base64")]),
  );
}

/** Six stored image files from the seeded test data. */
function copySomeImages(to: string) {
  fs.mkdirSync(to, { recursive: true });
  const names = fs.readdirSync(process.env.TEST_IMAGES_DIR!).sort().slice(0, 6);
  for (const name of names) fs.copyFileSync(path.join(process.env.TEST_IMAGES_DIR!, name), path.join(to, name));
  return names;
}

/** What a site does between a backup and a restore: a price changed, a photo row deleted, one image file rewritten, one added. */
async function changeData(db: Db, imagesDir: string, imageName: string) {
  await db.execute(sql`update estates set price = coalesce(price, 0) + 1000 where id = (select min(id) from estates)`);
  await db.execute(sql`delete from estate_images where id = (select max(id) from estate_images)`);
  fs.writeFileSync(path.join(imagesDir, imageName), Buffer.from("not the same bytes"));
  fs.writeFileSync(path.join(imagesDir, "u-new-320.webp"), Buffer.from("an upload after the backup"));
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-backup-test-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("backup and restore on PGlite", () => {
  let target: BackupTarget & { imagesDir: string };
  let imageNames: string[];

  /** Runs `fn` on the PGlite database of `dir`, closing it after (the scripts need it closed). */
  async function withPglite<T>(dir: string, fn: (db: Db) => Promise<T>): Promise<T> {
    const database = fromPglite(await openPglite(dir));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    target = { pgliteDir: path.join(tmp, "pglite", "db"), imagesDir: path.join(tmp, "pglite", "images") };
    const client = await openPglite(target.pgliteDir, { loadDataDir: new Blob([fs.readFileSync(process.env.TEST_DB_DUMP!)]) });
    await client.close();
    imageNames = copySomeImages(target.imagesDir);
  });

  it("restores the rows and image bytes of the backup after they changed, and only with --force over data", async () => {
    const rowsBefore = await withPglite(target.pgliteDir, snapshot);
    const imagesBefore = images(target.imagesDir);
    const backups = path.join(tmp, "pglite-backups");

    const { path: backup, manifest } = await createBackup(target, backups, new Date("2026-11-23T10:20:30.456Z"));
    expect(path.basename(backup)).toBe("aqar-backup-2026-11-23T10-20-30Z");
    expect(manifest).toMatchObject({ database: "pglite", databaseFile: "database.tar.gz", images: { files: 6 } });
    expect(findBackup(backups)).toBe(backup);

    await withPglite(target.pgliteDir, (db) => changeData(db, target.imagesDir, imageNames[0]));
    expect(await withPglite(target.pgliteDir, snapshot)).not.toEqual(rowsBefore);
    expect(images(target.imagesDir)).not.toEqual(imagesBefore);

    await expect(restoreBackup(target, backup)).rejects.toThrow(/are not empty; pass --force to replace them/);
    await restoreBackup(target, backup, { force: true });

    expect(await withPglite(target.pgliteDir, snapshot)).toEqual(rowsBefore);
    expect(images(target.imagesDir)).toEqual(imagesBefore);
    expect(fs.readdirSync(path.dirname(target.pgliteDir)).sort()).toEqual(["db", "images"]);

    // Into a new, empty data directory no --force is needed.
    const fresh = { pgliteDir: path.join(tmp, "fresh", "db"), imagesDir: path.join(tmp, "fresh", "images") };
    await restoreBackup(fresh, findBackup(backups));
    expect(await withPglite(fresh.pgliteDir, snapshot)).toEqual(rowsBefore);
    expect(images(fresh.imagesDir)).toEqual(imagesBefore);
  }, 180_000);

  it("writes a backup's folders 0700 and files 0600 whatever the umask, and a restore writes files the umask's way", async () => {
    /** The permission bits of `file`. */
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const umask = process.umask(0);
    try {
      const parent = path.join(tmp, "private", "backups");
      const { path: backup } = await createBackup(target, parent, new Date("2026-11-24T08:00:00Z"));
      // The folders the backup made, down to the one holding it (password hashes, numbers): its owner's only.
      for (const dir of [path.join(tmp, "private"), parent, backup]) expect(mode(dir), dir).toBe(0o700);
      const entries = fs.readdirSync(backup, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).map((e) => path.relative(backup, path.join(e.parentPath, e.name)));
      expect(files).toEqual(expect.arrayContaining(["manifest.json", "database.tar.gz", path.join("images", imageNames[1])]));
      for (const entry of entries) {
        const full = path.join(entry.parentPath, entry.name);
        expect(mode(full), full).toBe(entry.isDirectory() ? 0o700 : 0o600);
      }

      // Restored, the images are files like any the site stores (0644 under the usual umask), and the site reads them.
      process.umask(0o022);
      const fresh = {
        pgliteDir: path.join(tmp, "private-restore", "db"),
        imagesDir: path.join(tmp, "private-restore", "images"),
      };
      await restoreBackup(fresh, backup);
      expect(images(fresh.imagesDir)).toEqual(images(path.join(backup, "images")));
      for (const name of fs.readdirSync(fresh.imagesDir)) expect(mode(path.join(fresh.imagesDir, name)), name).toBe(0o644);
      expect(await withPglite(fresh.pgliteDir, async (db) => (await snapshot(db)).estates)).toBe(
        await withPglite(target.pgliteDir, async (db) => (await snapshot(db)).estates),
      );
    } finally {
      process.umask(umask);
    }
  }, 180_000);

  it("refuses to back up or restore while another process has the database open", async () => {
    let child: ChildProcess | undefined;
    try {
      // A process that opens the folder as the server does (its lock, docs/decisions/080).
      child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/hold-pglite.ts", target.pgliteDir], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        child!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
        child!.on("exit", (code) => reject(new Error(`the process holding PGlite exited with ${code}`)));
      });
      const message = new RegExp(`the PGlite database .* is in use: process ${child.pid} \\(tests/helpers/hold-pglite.ts`);
      await expect(createBackup(target, path.join(tmp, "refused"))).rejects.toThrow(message);
      expect(fs.existsSync(path.join(tmp, "refused")) ? fs.readdirSync(path.join(tmp, "refused")) : []).toEqual([]);
      const backup = findBackup(path.join(tmp, "pglite-backups"));
      await expect(restoreBackup(target, backup, { force: true })).rejects.toThrow(message);
    } finally {
      child?.kill();
    }
  }, 120_000);

  it("says which database a backup is for", async () => {
    const backup = findBackup(path.join(tmp, "pglite-backups"));
    const postgresTarget = { ...target, databaseUrl: "postgres://postgres@127.0.0.1:1/none" };
    await expect(restoreBackup(postgresTarget, backup)).rejects.toThrow(
      new BackupError(`${backup} is a PGlite backup; restore it with DATABASE_URL unset`),
    );
    expect(() => findBackup(path.join(tmp, "nothing-here"))).toThrow(/no backup in/);
  });
});

// Only when the run has a PostgreSQL server (the CI's second run); PGlite is tested above in every run.
if (process.env.TEST_DATABASE_URL) {
  describe("backup and restore on PostgreSQL", () => {
    let source: Awaited<ReturnType<typeof createTestDatabase>>;
    let emptyUrl: string;
    const emptyName = `aqar_restore_${process.pid}_${Date.now()}`;

    async function admin(query: string) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(query);
      await client.end();
    }
    async function snapshotOf(url: string) {
      const database = await openDatabase({ url, pgliteDir: "" });
      try {
        return await snapshot(database.db);
      } finally {
        await database.close();
      }
    }

    beforeAll(async () => {
      source = await createTestDatabase();
      await admin(`create database ${emptyName}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${emptyName}`;
      emptyUrl = url.toString();
    });
    afterAll(async () => {
      await source?.drop();
      await admin(`drop database if exists ${emptyName} with (force)`);
    });

    it("restores the rows and image bytes of the backup after they changed, and only with --force over data", async () => {
      const target = { databaseUrl: source.url!, pgliteDir: "", imagesDir: path.join(tmp, "pg", "images") };
      const imageNames = copySomeImages(target.imagesDir);
      const rowsBefore = await snapshot(source.db);
      const imagesBefore = images(target.imagesDir);

      const { path: backup, manifest } = await createBackup(target, path.join(tmp, "pg-backups"));
      expect(manifest).toMatchObject({ database: "postgres", databaseFile: "database.dump", images: { files: 6 } });

      // A new, empty database takes it without --force.
      const fresh = { databaseUrl: emptyUrl, pgliteDir: "", imagesDir: path.join(tmp, "pg-fresh", "images") };
      await restoreBackup(fresh, backup);
      expect(await snapshotOf(emptyUrl)).toEqual(rowsBefore);
      expect(images(fresh.imagesDir)).toEqual(imagesBefore);

      await changeData(source.db, target.imagesDir, imageNames[0]);
      expect(await snapshot(source.db)).not.toEqual(rowsBefore);
      await expect(restoreBackup(target, backup)).rejects.toThrow(
        /the target is not empty \(\d+ tables in the database, files in .*\); pass --force/,
      );
      await restoreBackup(target, backup, { force: true });
      expect(await snapshot(source.db)).toEqual(rowsBefore);
      expect(images(target.imagesDir)).toEqual(imagesBefore);
    }, 180_000);
  });
}
