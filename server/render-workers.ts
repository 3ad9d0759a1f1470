/**
 * Render workers (docs/decisions/104-render-workers.md): the pages the render pool admits (server/render-pool.ts) are
 * rendered in worker threads (server/render-worker.ts) instead of on the event loop that answers cache hits. A render
 * costs 25 to 45 ms of CPU (React, drizzle's statements, the driver, garbage); on the event loop that time was taken
 * from the hits, so that under a flood of new pages a cached page lost three quarters of its rate. In a thread of its
 * own, a render competes with the hits for the machine's cores, as another process would, and the operating system
 * shares them.
 *
 * Only on PostgreSQL: PGlite's database lives in the main thread, where its pages are rendered as before.
 */
import { Worker } from "node:worker_threads";
import { visibleState, type VisibleState } from "~/platform/cache/visible-changes.server";
import type { Encoding } from "./encoding";
import type { ServerLoadContext } from "./guards";

/** A page for a worker to render: a GET or HEAD as the main thread built it (its trusted origin and Host). */
type RenderMessage = {
  type: "render";
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  context: ServerLoadContext;
  visible: VisibleState;
  /**
   * The encoding the client takes (chooseEncoding): a whole document the main thread will not keep is compressed in
   * the worker, so that its compression is not the event loop's either.
   */
  encoding: Encoding;
  /** True when the main thread keeps the page if the page cache may (mayKeep): the cache compresses what it keeps. */
  keep: boolean;
};

/** What the main thread sends a worker. */
export type ToWorker = RenderMessage | { type: "abort"; id: number } | { type: "close" };

/** What a worker sends the main thread: the whole answer of a render (its body transferred, not copied). */
export type ToMain =
  | { type: "ready" }
  | { type: "closed" }
  | {
      type: "rendered";
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      cookies: string[];
      body: ArrayBuffer | null;
    }
  | { type: "failed"; id: number; message: string };

/** Statuses whose answer has no body (a Response with one would throw). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** How long a worker that stopped waits before it is started again, in milliseconds. */
const RESTART_DELAY_MS = 1_000;

/** How long close() waits for a worker to close its database before it is terminated, in milliseconds. */
const CLOSE_GRACE_MS = 5_000;

type Pending = { resolve: (response: Response) => void; reject: (error: Error) => void; cleanup: () => void };

type Slot = { worker: Worker; ready: boolean; pending: Map<number, Pending> };

export type RenderWorkersOptions = {
  /** Worker threads to keep running (at least 1). */
  count: number;
  /** The worker's script: server/render-worker-start.mjs (which loads server/render-worker.ts) unless a test gives its own. */
  script?: URL;
  /** Where a worker's failure, or a page it failed, is reported (the server's log). */
  log: (message: string, error?: unknown) => void;
};

/**
 * The process's render workers: `render` hands a page to the ready worker with the fewest pages under way, or says
 * null when none is ready (the caller renders on its own thread). A worker that stops (an error, a crash) fails its
 * pages under way with an error (the HTTP layer answers 500 for them, as for any render that throws) and is started
 * again a second later.
 */
export class RenderWorkers {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;
  private renderedCount = 0;

  constructor(private readonly options: RenderWorkersOptions) {
    if (!(options.count >= 1)) throw new RangeError(`render workers need a count of at least 1 (${options.count})`);
    for (let i = 0; i < options.count; i++) this.slots.push(this.start());
  }

  /** Workers running now, ready or not. */
  get count(): number {
    return this.slots.length;
  }

  /** Workers ready to render now. */
  get ready(): number {
    return this.slots.filter((slot) => slot.ready).length;
  }

  /** Pages the workers have answered since the process started (failed ones not counted). */
  get rendered(): number {
    return this.renderedCount;
  }

  /** Resolves once every worker is ready, or rejects after `ms` milliseconds with the number that are. */
  async whenReady(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.ready < this.slots.length) {
      if (Date.now() > until) throw new Error(`${this.ready} of ${this.slots.length} render workers ready after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Renders `request` (a GET or HEAD, no body) with `context` in a worker: resolves with its answer, whole; rejects
   * when the worker fails it or stops meanwhile; null, at once, when no worker is ready. When `signal` aborts (the
   * client left), the worker is told to abort the render. A whole document comes compressed in `encoding` (with its
   * Content-Encoding, Content-Length and Vary), except a page the page cache will keep (`keep`, and mayKeep says so).
   */
  render(
    request: Request,
    context: ServerLoadContext,
    options: { signal?: AbortSignal; encoding?: Encoding; keep?: boolean } = {},
  ): Promise<Response> | null {
    const { signal } = options;
    let chosen: Slot | undefined;
    for (const slot of this.slots) if (slot.ready && (!chosen || slot.pending.size < chosen.pending.size)) chosen = slot;
    if (!chosen || this.closing) return null;
    const slot = chosen;
    const id = this.nextId++;
    const message: RenderMessage = {
      type: "render",
      id,
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      context: { ...context },
      visible: visibleState(),
      encoding: options.encoding ?? "identity",
      keep: options.keep ?? false,
    };
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => slot.worker.postMessage({ type: "abort", id } satisfies ToWorker);
      signal?.addEventListener("abort", onAbort, { once: true });
      slot.pending.set(id, { resolve, reject, cleanup: () => signal?.removeEventListener("abort", onAbort) });
      slot.worker.postMessage(message satisfies ToWorker);
    });
  }

  /** Asks every worker to close its database and stop; terminates those still running after CLOSE_GRACE_MS. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => void slot.worker.terminate(), CLOSE_GRACE_MS);
            slot.worker.once("exit", () => {
              clearTimeout(force);
              resolve();
            });
            slot.worker.postMessage({ type: "close" } satisfies ToWorker);
          }),
      ),
    );
  }

  private start(): Slot {
    const script = this.options.script ?? new URL("./render-worker-start.mjs", import.meta.url);
    const slot: Slot = { worker: new Worker(script), ready: false, pending: new Map() };
    slot.worker.on("message", (message: ToMain) => this.received(slot, message));
    slot.worker.on("error", (error) => this.options.log("render worker failed", error));
    slot.worker.on("exit", (code) => {
      slot.ready = false;
      for (const pending of slot.pending.values()) {
        pending.cleanup();
        pending.reject(new Error(`render worker stopped (exit code ${code}) during a render`));
      }
      slot.pending.clear();
      if (this.closing) return;
      this.options.log(`render worker stopped (exit code ${code}); started again in ${RESTART_DELAY_MS} ms`);
      setTimeout(() => {
        if (this.closing) return;
        const at = this.slots.indexOf(slot);
        if (at >= 0) this.slots[at] = this.start();
      }, RESTART_DELAY_MS).unref();
    });
    return slot;
  }

  private received(slot: Slot, message: ToMain): void {
    if (message.type === "ready") {
      slot.ready = true;
      return;
    }
    if (message.type === "closed") return;
    const pending = slot.pending.get(message.id);
    if (!pending) return;
    slot.pending.delete(message.id);
    pending.cleanup();
    if (message.type === "failed") {
      this.options.log(`render worker failed a page: ${message.message}`);
      return pending.reject(new Error(`render worker: ${message.message}`));
    }
    this.renderedCount++;
    const headers = new Headers(message.headers);
    for (const cookie of message.cookies) headers.append("Set-Cookie", cookie);
    const body = NULL_BODY_STATUSES.has(message.status) ? null : message.body;
    pending.resolve(new Response(body, { status: message.status, statusText: message.statusText, headers }));
  }
}

/**
 * The render workers' number when RENDER_WORKERS is `auto` (decision 104): one on PostgreSQL when the machine has a
 * second core (the main thread answers hits on one, the worker renders on another; an operator runs more processes,
 * not more workers, to use more cores: decision 061), none on PGlite (its database lives in the main thread) or on
 * one core (a thread would only take turns with the hits).
 */
export function defaultRenderWorkers(kind: "pglite" | "postgres", cores: number): number {
  return kind === "postgres" && cores >= 2 ? 1 : 0;
}
