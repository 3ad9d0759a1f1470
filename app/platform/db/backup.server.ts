import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite } from "./client.server";
import { lockPgliteDir } from "./pglite-lock.server";

/**
 * Backups of the database and the stored images, used by `npm run db:backup` and
 * `npm run db:restore` (scripts/backup.ts, scripts/restore.ts) and by tests/backup.test.ts.
 *
 * A backup is one folder, `aqar-backup-<UTC date and time>` (e.g. `aqar-backup-2026-11-23T19-40-05Z`), holding
 * - `manifest.json`: what it holds (BackupManifest);
 * - the database: `database.tar.gz` for PGlite (its `dumpDataDir()`: the whole data directory, gzipped), or
 *   `database.dump` for PostgreSQL (`pg_dump --format=custom`, restored with `pg_restore`);
 * - `images/`: a copy of DATA_DIR/images (every stored width of every photo, logo and cover), empty when the images
 *   are in a bucket (IMAGE_STORE=s3): the bucket's own versioning is their backup (decision 060, docs/backups.md).
 * The session secret (DATA_DIR/session-secret) is not saved: a restored site on a new secret logs everyone out and
 * voids every link already sent by SMS (docs/backups.md).
 * A backup is written under a `.partial` name and renamed when complete, so a folder with the final name is whole.
 * It holds password hashes and phone numbers: its folders are 0700 and its files 0600 whatever the umask
 * (docs/decisions/082-secrets-in-addresses-prices-backups.md); what a restore writes gets the umask's modes, like any
 * stored file.
 */

/** What one backup holds; `manifest.json` of its folder. */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  /** File name of the database dump inside the backup folder. */
  databaseFile: string;
  images: { files: number; bytes: number };
};

/**
 * Where the data lives: PostgreSQL when `databaseUrl` is set, else the PGlite data directory `pgliteDir`; the
 * images in the folder `imagesDir`, or null when they are in a bucket (not backed up or restored here, decision 060).
 */
export type BackupTarget = { databaseUrl?: string; pgliteDir: string; imagesDir: string | null };

/** A backup or restore that cannot be done; `message` says why and what to do, for the operator's terminal. */
export class BackupError extends Error {}

const PREFIX = "aqar-backup-";
const MANIFEST = "manifest.json";
/** The modes of what a backup writes: readable by its owner only. */
const PRIVATE = { dir: 0o700, file: 0o600 } as const;

/** The folder name of a backup made at `date`: `aqar-backup-2026-11-23T19-40-05Z` (UTC, sorts by time). */
export function backupName(date: Date): string {
  return (
    PREFIX +
    date
      .toISOString()
      .replace(/\.\d+Z$/, "Z")
      .replace(/:/g, "-")
  );
}

/**
 * Writes a backup of `target` into a new folder under `parentDir` (created when missing) and returns its path and
 * manifest. PGlite must not be open in another process (stop the server first): throws DatabaseInUseError when it
 * is (docs/decisions/080).
 * PostgreSQL needs `pg_dump` on PATH (throws BackupError when absent) and may stay in use: pg_dump reads one snapshot.
 */
export async function createBackup(
  target: BackupTarget,
  parentDir: string,
  now = new Date(),
): Promise<{ path: string; manifest: BackupManifest }> {
  const finalPath = path.resolve(parentDir, backupName(now));
  if (fs.existsSync(finalPath)) throw new BackupError(`${finalPath} already exists`);
  const partial = `${finalPath}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  // A parent made here is private too; one that exists is the operator's to choose.
  fs.mkdirSync(path.dirname(partial), { recursive: true, mode: PRIVATE.dir });
  makeDir(partial, PRIVATE);
  try {
    let databaseFile: string;
    if (target.databaseUrl) {
      databaseFile = "database.dump";
      run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        "--file",
        path.join(partial, databaseFile),
        "--dbname",
        target.databaseUrl,
      ]);
    } else {
      databaseFile = "database.tar.gz";
      if (!fs.existsSync(path.join(target.pgliteDir, "PG_VERSION"))) {
        throw new BackupError(`no PGlite database in ${target.pgliteDir} (set DATA_DIR or PGLITE_DIR)`);
      }
      // openPglite takes the folder's lock: a server or script that has it open stops the backup (docs/decisions/080).
      const client = await openPglite(target.pgliteDir);
      try {
        const dump = await client.dumpDataDir("gzip");
        writePrivate(path.join(partial, databaseFile), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    // pg_dump writes its file with the umask's mode.
    if (target.databaseUrl) fs.chmodSync(path.join(partial, databaseFile), PRIVATE.file);
    const images = copyTree(target.imagesDir, path.join(partial, "images"), PRIVATE);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: target.databaseUrl ? "postgres" : "pglite",
      databaseFile,
      images,
    };
    writePrivate(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    fs.renameSync(partial, finalPath);
    return { path: finalPath, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The backup folder a path names: the path itself when it holds a manifest, else the newest complete backup
 * inside it (the default `./backups/`). Throws BackupError when there is none.
 */
export function findBackup(pathOrParent: string): string {
  const full = path.resolve(pathOrParent);
  if (fs.existsSync(path.join(full, MANIFEST))) return full;
  const names = fs.existsSync(full)
    ? fs
        .readdirSync(full)
        .filter((n) => n.startsWith(PREFIX) && !n.endsWith(".partial") && fs.existsSync(path.join(full, n, MANIFEST)))
    : [];
  if (names.length === 0) throw new BackupError(`no backup in ${full}`);
  return path.join(full, names.sort().at(-1)!);
}

/**
 * Restores the backup folder `backupPath` into `target`: the database and DATA_DIR/images. Refuses (BackupError)
 * when the target database or images folder is not empty, unless `force`, and when the backup's database kind is
 * not the target's (a PGlite backup restores into PGlite, a PostgreSQL one into PostgreSQL).
 * PGlite must be stopped (throws DatabaseInUseError when another process has its folder: docs/decisions/080); its data directory and the images
 * folder are written beside the old ones and swapped in only when complete, so a failed restore changes nothing.
 * PostgreSQL needs `pg_restore` on PATH; it restores in one transaction (all or nothing), and with `force` drops
 * the objects of the dump first (`--clean`).
 */
export async function restoreBackup(
  target: BackupTarget,
  backupPath: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = readManifest(backupPath);
  const kind = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.database !== kind) {
    throw new BackupError(
      `${backupPath} is a ${manifest.database === "pglite" ? "PGlite" : "PostgreSQL"} backup; restore it with ${
        manifest.database === "pglite" ? "DATABASE_URL unset" : "DATABASE_URL set to the PostgreSQL database"
      }`,
    );
  }
  const dumpFile = path.join(backupPath, manifest.databaseFile);
  if (!fs.existsSync(dumpFile)) throw new BackupError(`${dumpFile} is missing`);

  const imagesUsed = target.imagesDir !== null && !isEmptyDir(target.imagesDir);
  if (kind === "postgres") {
    const tables = await countTables(target.databaseUrl!);
    if (!options.force && (tables > 0 || imagesUsed)) {
      throw new BackupError(
        `the target is not empty (${tables} tables in the database${imagesUsed ? `, files in ${target.imagesDir}` : ""}); pass --force to replace it`,
      );
    }
    run("pg_restore", [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      ...(tables > 0 ? ["--clean", "--if-exists"] : []),
      "--dbname",
      target.databaseUrl!,
      dumpFile,
    ]);
    if (target.imagesDir) replaceTree(path.join(backupPath, "images"), target.imagesDir);
    return manifest;
  }

  // The folder's lock, held until the restored folder is in place: no server or script opens it meanwhile, and one
  // that has it open stops the restore (docs/decisions/080).
  const lock = lockPgliteDir(target.pgliteDir);
  try {
    await restorePglite(target, backupPath, dumpFile, imagesUsed, options);
  } finally {
    lock.release();
  }
  return manifest;
}

/** The PGlite part of restoreBackup, under the folder's lock. */
async function restorePglite(
  target: BackupTarget,
  backupPath: string,
  dumpFile: string,
  imagesUsed: boolean,
  options: { force?: boolean },
): Promise<void> {
  const dbUsed = !isEmptyDir(target.pgliteDir);
  if (!options.force && (dbUsed || imagesUsed)) {
    const what = [dbUsed ? target.pgliteDir : null, imagesUsed ? target.imagesDir : null].filter(Boolean);
    throw new BackupError(
      `${what.join(" and ")} ${what.length > 1 ? "are" : "is"} not empty; pass --force to replace ${what.length > 1 ? "them" : "it"}`,
    );
  }
  const staging = `${target.pgliteDir}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const client = await openPglite(staging, { loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  swapIn(staging, target.pgliteDir);
  if (target.imagesDir) replaceTree(path.join(backupPath, "images"), target.imagesDir);
}

/** Reads and checks `manifest.json` of a backup folder; BackupError when it is missing or not a backup of ours. */
export function readManifest(backupPath: string): BackupManifest {
  const file = path.join(backupPath, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${backupPath} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1 || (manifest.database !== "pglite" && manifest.database !== "postgres")) {
    throw new BackupError(`${file} is not a backup manifest this version can read`);
  }
  return manifest;
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0].n);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client program; BackupError when it is not on PATH or fails (with its error output). */
function run(program: "pg_dump" | "pg_restore", args: string[]) {
  const result = spawnSync(program, args, { encoding: "utf8" });
  if (result.error && (result.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new BackupError(
      `${program} is not installed or not on PATH; install the PostgreSQL client programs of the server's version (Debian: apt-get install postgresql-client)`,
    );
  }
  if (result.status !== 0) throw new BackupError(`${program} failed: ${(result.stderr || String(result.error ?? "")).trim()}`);
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** Writes a file of a backup, 0600 whatever the umask. */
function writePrivate(file: string, data: string | Buffer) {
  fs.writeFileSync(file, data, { mode: PRIVATE.file });
  fs.chmodSync(file, PRIVATE.file);
}

/** Makes the folder `dir` (and its missing parents), with `modes.dir` whatever the umask when given. */
function makeDir(dir: string, modes?: typeof PRIVATE) {
  fs.mkdirSync(dir, { recursive: true, mode: modes?.dir });
  if (modes) fs.chmodSync(dir, modes.dir);
}

/**
 * Copies the files of `from` (missing or null: none) into a new folder `to`; returns their count and bytes. With
 * `modes` (a backup) every folder and file gets them whatever the umask; without (a restore) they are written as new
 * files, with the umask's modes, like the files the site stores.
 */
function copyTree(from: string | null, to: string, modes?: typeof PRIVATE): { files: number; bytes: number } {
  makeDir(to, modes);
  if (!from || !fs.existsSync(from)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    const source = path.join(entry.parentPath, entry.name);
    const copy = path.join(to, path.relative(from, source));
    if (entry.isDirectory()) makeDir(copy, modes);
    if (!entry.isFile()) continue;
    makeDir(path.dirname(copy), modes);
    if (modes) {
      fs.copyFileSync(source, copy);
      fs.chmodSync(copy, modes.file);
    } else {
      // copyFile would keep the backup's 0600; a new file takes the umask's mode.
      fs.writeFileSync(copy, fs.readFileSync(source));
    }
    files += 1;
    bytes += fs.statSync(copy).size;
  }
  return { files, bytes };
}

/** Replaces the folder `to` by a copy of `from`, copied beside it first so that a failure leaves `to` as it was. */
function replaceTree(from: string, to: string) {
  const staging = `${to}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  copyTree(from, staging);
  swapIn(staging, to);
}

function swapIn(staging: string, to: string) {
  const old = `${to}.old`;
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(to)) fs.renameSync(to, old);
  fs.renameSync(staging, to);
  fs.rmSync(old, { recursive: true, force: true });
}
