import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Real server processes for tests that need the HTTP layer: `tsx server.ts` on the built app
 * (`npm run build` first; `npm test` does), on a free port, with a fresh data directory.
 */

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type TestServer = {
  url: string;
  port: number;
  process: ChildProcess;
  /** The server's DATA_DIR (its PGlite database is `db/` in it, its stored images `images/`). */
  dataDir: string;
  /** Everything the server printed so far (standard output and error). */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts `tsx server.ts` with NODE_ENV=test, a new DATA_DIR (removed by stop(), unless `options.keepDataDir`: then
 * the caller reads it after stop() and removes it) and `env` on top, on `options.port` (default: a free port, see
 * freePort), and waits until /healthz answers 200 (at most `timeoutMs`, default 120 s). Throws when the build is
 * missing or the server exits.
 */
export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 120_000,
  options: { keepDataDir?: boolean; port?: number } = {},
): Promise<TestServer> {
  if (!fs.existsSync(path.resolve("build/index.js"))) throw new Error("build/index.js is missing: run `npm run build` first");
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-server-"));
  let log = "";
  const childEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_LISTINGS: "40",
    LOG_LEVEL: "warn",
    // The operator's quota of pages (decision 045) is off unless a test sets it, as in production (decision 077).
    PAGE_MISSES_PER_MINUTE: undefined,
    SESSION_SECRET: "server-test-secret-server-test-secret-0123",
    DATABASE_URL: undefined,
    PUBLIC_URL: undefined,
    // The server is not a test process: it prints its SMS lines like a real one (sms.server.ts checks VITEST).
    VITEST: undefined,
    ...env,
  };
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, "SIGTERM", 5_000);
    if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, process: child, dataDir, output: () => log, stop };
}

/**
 * Stops `child` (a process of a test) with `signal` and waits for it to exit; after `graceMs` milliseconds it is
 * killed (SIGKILL). Resolves at once when it has exited already.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** A private PostgreSQL cluster (Debian's initdb and pg_ctl, run as user postgres) on a free port. */
export type PrivateCluster = {
  url: string;
  port: number;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  remove(): void;
};

/** Runs a PostgreSQL binary as user postgres (directly when this process already is postgres). */
function runAsPostgres(binary: string, args: string[]): void {
  const asPostgres = os.userInfo().username === "postgres";
  const result = asPostgres
    ? spawnSync(binary, args, { encoding: "utf8" })
    : spawnSync("runuser", ["-u", "postgres", "--", binary, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(binary)} ${args.join(" ")} failed: ${result.stderr || result.error}`);
}

/**
 * Creates and starts a throwaway PostgreSQL cluster in a temporary folder (trust authentication, user postgres,
 * listening on 127.0.0.1 only). Needs Debian's PostgreSQL server binaries and root or the postgres user.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort() : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions[versions.length - 1]}/bin` : "";
  if (!bin || !fs.existsSync(`${bin}/initdb`))
    throw new Error("PostgreSQL's initdb was not found under /usr/lib/postgresql/*/bin");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-pg-"));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  if (os.userInfo().username !== "postgres") spawnSync("chown", ["postgres", dir]);
  runAsPostgres(`${bin}/initdb`, ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const cluster: PrivateCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      runAsPostgres(`${bin}/pg_ctl`, [
        "-D",
        dataDir,
        "-l",
        path.join(dir, "log"),
        "-w",
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "start",
      ]),
    stop: (mode = "fast") => runAsPostgres(`${bin}/pg_ctl`, ["-D", dataDir, "-m", mode, "-w", "stop"]),
    remove: () => {
      try {
        cluster.stop("immediate");
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
