import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, holderAlive, lockFileOf, lockPgliteDir, type LockHolder } from "~/platform/db/pglite-lock.server";
import { freePort, startServer, stopChild, type TestServer } from "./helpers/server";

/**
 * One process per PGlite folder (docs/decisions/080): the lock file beside the folder, taken by every open
 * (openPglite), refused to a second process with a message naming the holder's id and command, and taken over from
 * a holder that died (kill -9). The process tests start the built server (`npm run build` first).
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-lock-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A lock file as another process would have left it. */
function writeLock(dir: string, holder: Partial<LockHolder> & { pid: number }) {
  const full: LockHolder = {
    command: "server.ts",
    since: new Date().toISOString(),
    host: os.hostname(),
    started: null,
    ...holder,
  };
  fs.writeFileSync(lockFileOf(dir), JSON.stringify(full) + "\n");
}

/** The start time (clock ticks since boot) of a running process, as /proc gives it. */
function startedOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

describe("the lock of a PGlite folder", () => {
  it("is held once per process, named in its file, and removed when released", () => {
    const dir = path.join(tmp, "one", "db");
    const lock = lockPgliteDir(dir);
    const file = JSON.parse(fs.readFileSync(lockFileOf(dir), "utf8")) as LockHolder;
    expect(file).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => lockPgliteDir(dir)).toThrow(/this process .* has it open already/);
    lock.release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    lockPgliteDir(dir).release();
  });

  it("refuses a live holder, naming it, and takes over from a dead one or from a new process on a dead one's id", () => {
    const dir = path.join(tmp, "two", "db");
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const sleeper = spawn("sleep", ["60"]);
    try {
      const pid = sleeper.pid!;
      writeLock(dir, { pid, command: "npm run db:seed: scripts/seed.ts", started: startedOf(pid) });
      const error = (() => {
        try {
          lockPgliteDir(dir);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DatabaseInUseError);
      expect((error as Error).message).toContain(`process ${pid} (npm run db:seed: scripts/seed.ts, since `);

      // The same id, but a process started at another time: the holder died and its id was given again.
      writeLock(dir, { pid, started: "1" });
      expect(holderAlive({ pid, command: "x", since: "", host: "", started: "1" })).toBe(false);
      lockPgliteDir(dir).release();
    } finally {
      sleeper.kill("SIGKILL");
    }
    // A process that exited.
    const gone = spawnSync("true");
    writeLock(dir, { pid: gone.pid! });
    const lock = lockPgliteDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
    // A damaged file is no holder's.
    fs.writeFileSync(lockFileOf(dir), "{");
    lockPgliteDir(dir).release();
  });
});

/** Runs `tsx <args>` on DATA_DIR `dataDir`; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), args, {
      env: { ...process.env, VITEST: undefined, LOG_LEVEL: "info", ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** The parent process id of `pid` (/proc/PID/stat, field 4). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

describe("two processes on one PGlite folder", () => {
  // A production site on a public origin, without DEMO_DATA nor SMS_PROVIDER.
  const production = { NODE_ENV: "production", PUBLIC_URL: "https://aqar.example" };
  let first: TestServer | undefined;
  let third: TestServer | undefined;
  afterAll(async () => {
    await first?.stop();
    await third?.stop();
  });

  it(
    "stops a second server and a script with the first's id, and starts again after the first was killed with -9",
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(tmp, "site");
      fs.mkdirSync(dataDir);
      const env = { ...production, DATA_DIR: dataDir, SESSION_SECRET: "lock-test-secret-lock-test-secret-0123456" };
      first = await startServer(env, 180_000);
      // Said loudly at the start, and nothing invented seeded (docs/decisions/079).
      expect(first.output()).toMatch(
        /"level":50[^\n]*SMS_PROVIDER is not set \(outbox only\) on a public site[^\n]*docs\/sms\.md/,
      );
      expect(first.output()).toContain("new database without demo data");

      const second = await run(["server.ts"], { ...env, PORT: String(await freePort()), HOST: "127.0.0.1" });
      expect(second.code, second.output).toBe(1);
      const named = /is in use: process (\d+) \(([^,]+),/.exec(second.output);
      expect(named, second.output).not.toBeNull();
      const holder = Number(named![1]);
      // The first server's process: tsx runs server.ts in a child of the process it was started as.
      expect(holder === first.process.pid || parentOf(holder) === first.process.pid).toBe(true);
      expect(named![2]).toContain("server.ts");
      expect(second.output).toContain("docs/decisions/080");
      expect(second.output).toMatch(/"level":60/);

      const grant = await run(["scripts/admin-grant.ts", "+963944000100"], env);
      expect(grant.code, grant.output).toBe(1);
      expect(grant.output).toContain(`is in use: process ${holder} (`);

      // The first dies without closing anything; its lock file stays, naming a process that is gone.
      process.kill(holder, "SIGKILL");
      await stopChild(first.process, "SIGTERM", 5_000);
      expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(true);
      third = await startServer(env, 180_000);
      expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8")) as LockHolder;
      expect(lock.pid).not.toBe(holder);
    },
  );
});
