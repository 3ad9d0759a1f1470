import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One process per PGlite folder (docs/decisions/080). PGlite opens its data directory without any lock of its own,
 * so two processes on one folder both serve and overwrite each other's writes. Every open of a PGlite folder
 * (openPglite: the server, the scripts, backup and restore) first takes the lock file beside the folder,
 * `<folder>.lock` (`data/db.lock` for `data/db`), made whole or not at all (written under another name, then
 * hard-linked to its name, which fails when the name exists). It names the process that holds it: its id, its
 * command, when it took the lock and, on Linux, the start time of that process id (from /proc), so that a lock left
 * by a process that died (a crash, kill -9) is recognised as such, even when a new process got the same id (pid 1 in
 * a container), and taken over.
 */

/** What a lock file says of the process that holds it. */
export type LockHolder = {
  pid: number;
  /** The command that took the lock: `npm run db:seed (scripts/seed.ts --listings 100)`, `server.ts`… */
  command: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
  host: string;
  /** The process's start time in clock ticks since boot (/proc/PID/stat, field 22), or null off Linux. */
  started: string | null;
};

/** The lock of a PGlite folder, held by this process until release() (which does nothing the second time). */
export type PgliteLock = { file: string; holder: LockHolder; release(): void };

/** A PGlite folder another process (or this one, already) has open; the message says which and what to do. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const who =
      holder.pid === process.pid
        ? `this process (${holder.command}) has it open already`
        : `process ${holder.pid} (${holder.command}, since ${holder.since}${holder.host === os.hostname() ? "" : ` on ${holder.host}`}) has it open`;
    super(
      `the PGlite database ${dir} is in use: ${who}. Stop that process first, or give this one another DATA_DIR or ` +
        `PGLITE_DIR (one process per PGlite folder: docs/decisions/080)`,
    );
    this.name = "DatabaseInUseError";
  }
}

/** The locks this process holds, by lock file; released when the process exits without closing its database. */
const held = new Map<string, PgliteLock>();
let releaseOnExit = false;

/** The lock file of the PGlite folder `dir`: beside it, so that a backup's copy or a restore's swap never carries it. */
export function lockFileOf(dir: string): string {
  return `${path.resolve(dir)}.lock`;
}

/**
 * Takes the lock of the PGlite folder `dir` for this process (creating its parent folder). A lock file whose process
 * is gone (liveness: holderAlive) is taken over. Throws DatabaseInUseError when a live process holds it, this one
 * included; rethrows file system errors (a folder that cannot be written).
 */
export function lockPgliteDir(dir: string): PgliteLock {
  const file = lockFileOf(dir);
  const mine = held.get(file);
  if (mine) throw new DatabaseInUseError(dir, mine.holder);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const holder = thisProcess();
  const text = JSON.stringify(holder) + "\n";
  // A few rounds: each one either takes the lock, finds a live holder, or moves a dead one's file away.
  for (let round = 0; round < 5; round++) {
    if (createWhole(file, text)) {
      const lock: PgliteLock = { file, holder, release: () => release(lock, text) };
      held.set(file, lock);
      if (!releaseOnExit) {
        releaseOnExit = true;
        process.once("exit", () => held.forEach((l) => l.release()));
      }
      return lock;
    }
    const found = readLock(file);
    if (found === undefined) continue; // removed meanwhile: try again
    if (found.holder && holderAlive(found.holder)) throw new DatabaseInUseError(dir, found.holder);
    removeStale(file, found.text);
  }
  throw new Error(`could not take the lock ${file}: other processes keep taking it over`);
}

/** Writes `text` as `file` whole, unless `file` exists: a temporary file hard-linked to the name. */
function createWhole(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** A lock file's text and holder (null when it cannot be read as one: a damaged file is a dead holder's), or undefined when it is gone. */
function readLock(file: string): { text: string; holder: LockHolder | null } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return { text, holder: Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null };
  } catch {
    return { text, holder: null };
  }
}

/**
 * Removes a dead holder's lock file, unless another process replaced it meanwhile: the file is first moved to a name
 * of this process's own, and moved back when it is not the one read (`text`).
 */
function removeStale(file: string, text: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (fs.readFileSync(aside, "utf8") !== text) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // A third process took the name meanwhile; its lock stands.
    }
  }
  fs.rmSync(aside, { force: true });
}

/** Removes this process's lock file (when it is still this lock's) and forgets the lock. */
function release(lock: PgliteLock, text: string): void {
  if (held.get(lock.file) !== lock) return;
  held.delete(lock.file);
  try {
    if (fs.readFileSync(lock.file, "utf8") === text) fs.rmSync(lock.file, { force: true });
  } catch {
    // Already gone.
  }
}

/**
 * Whether the process a lock file names still runs: a signal 0 reaches it (or is refused for lack of permission:
 * it exists), and on Linux the process with that id started when the lock's did (otherwise the id was given to a
 * new process after the holder died). This process's own id never holds a lock it does not know (held).
 */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = startTicks(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/** The start time of process `pid` in clock ticks since boot (/proc/PID/stat, field 22), or null off Linux. */
function startTicks(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (in parentheses, which may hold spaces): field 3 is the first.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * This process as a lock file names it: the script's path and arguments, after the npm script that runs it (`npm run
 * db:seed: scripts/seed.ts`) when npm's variables say so (the script's text names this file: a process started
 * under `npx vitest` only inherits them).
 */
function thisProcess(): LockHolder {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : process.argv0;
  const args = process.argv.slice(2).join(" ");
  const run = `${script}${args ? ` ${args}` : ""}`.slice(0, 200);
  const event = process.env.npm_lifecycle_event;
  const ours = event && process.argv[1] && process.env.npm_lifecycle_script?.includes(path.basename(process.argv[1]));
  const npm = ours ? (event === "start" ? "npm start" : `npm run ${event}`) : null;
  return {
    pid: process.pid,
    command: npm ? `${npm}: ${run}` : run,
    since: new Date().toISOString(),
    host: os.hostname(),
    started: startTicks(process.pid),
  };
}

/**
 * For the server and the scripts: an error handler that writes a DatabaseInUseError's message with `log` and ends
 * the process with status 1, and throws any other error again.
 */
export function exitWhenInUse(log: (line: string) => void): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof DatabaseInUseError)) throw error;
    log(error.message);
    process.exit(1);
  };
}
