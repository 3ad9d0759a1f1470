/**
 * What the benchmark scripts share about the server processes they start (scripts/bench.ts, scripts/bench-pages.ts):
 * their CPU time from /proc, and stopping a server with its children.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
export const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU time a process has used so far (user + system, all its threads), in clock ticks; null off Linux. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Sends SIGTERM to a server's process group (it was spawned `detached`, so stopping it stops its children too) and
 * waits, at most 15 s, for it to exit.
 */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
}
