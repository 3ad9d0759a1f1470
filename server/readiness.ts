import type { Database } from "~/platform/db/client.server";
import { storeReachable, type ImageStore } from "~/platform/images/image-store.server";

/**
 * Whether this process can serve (docs/decisions/061-readiness-metrics-deploy-cluster-test.md), which /readyz answers
 * and nginx and systemd wait for (deploy/): /healthz only says the process is alive.
 *
 * - `database`: a `select 1` answers (`ok`), else `error`;
 * - `listener`: the page-change listener (the LISTEN of server/page-cache.ts, which empties this process's caches on
 *   every change visitors would see) is up (`ok`); `lost` while its connection is down (pages are then rendered for
 *   every request, slower but right); `off` when the page cache is off (nothing is kept, so nothing can be stale);
 * - `images`: the image store answers (its `ping`, docs/decisions/060-images-in-an-object-store.md: the folder exists and is
 *   writable, or the bucket is there);
 * - `stopping`: the process has been asked to stop (SIGTERM) and finishes what it serves.
 *
 * Ready means database ok, listener not lost, images ok, and not stopping.
 */
export type Readiness = {
  ready: boolean;
  database: "ok" | "error";
  listener: "ok" | "lost" | "off";
  images: "ok" | "error";
  stopping: boolean;
};

/**
 * Checks the process's readiness (see Readiness). `listening` is the page cache's `usable`, or null when there is no
 * page cache; `images` the process's image store. Never throws: a failed check is reported in the result.
 */
export async function checkReadiness(options: {
  database: Database;
  listening: boolean | null;
  images: ImageStore;
  stopping: boolean;
}): Promise<Readiness> {
  const [database, images] = await Promise.all([
    options.database.ping().then(
      () => "ok" as const,
      () => "error" as const,
    ),
    storeReachable(options.images).then((reachable) => (reachable ? ("ok" as const) : ("error" as const))),
  ]);
  const listener = options.listening === null ? "off" : options.listening ? "ok" : "lost";
  const ready = database === "ok" && listener !== "lost" && images === "ok" && !options.stopping;
  return { ready, database, listener, images, stopping: options.stopping };
}

/**
 * `check` answered from a result at most `maxAgeMs` milliseconds old (decision 077): /readyz and the `aqar_ready`
 * metric, asked by every health checker in front of every process and by anyone who floods it, cost at most one
 * database ping and one image-store check per `maxAgeMs`. Callers asking while a check runs share it. `stopping()`
 * is read at every call, so a stopping process is not ready at once (decision 061). `now` is the clock in ms.
 */
export function keptReadiness(
  check: () => Promise<Readiness>,
  options: { maxAgeMs: number; stopping: () => boolean; now?: () => number },
): () => Promise<Readiness> {
  const now = options.now ?? Date.now;
  let kept: { at: number; state: Promise<Readiness> } | null = null;
  return async () => {
    if (!kept || now() - kept.at >= options.maxAgeMs) kept = { at: now(), state: check() };
    const state = await kept.state;
    return options.stopping() ? { ...state, ready: false, stopping: true } : state;
  };
}
