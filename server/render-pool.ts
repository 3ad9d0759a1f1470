/**
 * The render pool (docs/decisions/077-render-pool-fair-queue.md): pages the page cache does not answer are rendered by
 * at most `size` requests at once in this process, and requests beyond that wait in a queue that is fair across
 * clients. A client (an address, or its /64 for IPv6: server/client-address.ts) gets its share of the pool while others
 * wait and all of it when nobody else does: a flood from one address, or from a crowd of addresses, can only fill its
 * own turn, and people behind one carrier's address are never refused for being many. A wait that would pass its
 * deadline is answered at once (the caller sends the translated 503 page with Retry-After) instead of holding a
 * connection and memory for a page that would come too late anyway. Cache hits never come here.
 *
 * Scheduling is fair in render time, not in requests (start-time fair queueing): every client has a virtual clock, the
 * milliseconds of rendering it has been given, and a free slot goes to the waiting client whose clock is lowest among
 * those rendering fewer than their fair share of slots (size / clients waiting or rendering, rounded up). A client's
 * clock is charged its own average render time when it gets a slot and corrected by the real time when the render
 * ends; a client that starts waiting starts at the clock of the last client served, so it neither jumps the queue
 * with an old credit nor waits for others' history. On PGlite every query runs on the event loop, so a slot is a share
 * of the process's only core: a flood of 250 ms word searches and a visitor's 30 ms listing page each get half of the
 * rendering time, not half of the requests (which would leave the visitor an eighth of the time).
 */

/**
 * Why a request was not rendered: its wait would pass the deadline, it did pass it, the queue is at its bound, its
 * client left while it waited, or (never the pool's own reason) the client was past the operator's quota of pages
 * (PAGE_MISSES_PER_MINUTE, decision 045), which the HTTP layer reports through refusedByQuota().
 */
export type ShedReason = "deadline" | "expired" | "queue_full" | "left" | "quota";

/** What admit() gives: a slot to render in (call `release` exactly once when done), or the reason it was shed. */
export type Admission = { ok: true; waitedMs: number; release: () => void } | { ok: false; reason: ShedReason };

/** Hooks the metrics observe (server/metrics.ts): each wait that ended in a slot, and each request shed. */
export type RenderPoolObserver = {
  waited?: (ms: number) => void;
  shed?: (reason: ShedReason) => void;
};

export type RenderPoolOptions = {
  /** Requests rendered at once at most (at least 1). */
  size: number;
  /** The longest a request may wait for a slot, in milliseconds (about 2,000). */
  deadlineMs: number;
  /** Requests waiting at most, all clients together: a bound on memory whatever the estimate says. */
  maxQueued?: number;
  /**
   * Rendering the pool may do per second of the clock, all slots together, in milliseconds (decision 104): a slot is
   * handed out only while the renders of the last second took less than this. Unset: only the slots bound it. A
   * bound below the slots' own (size × 1,000) keeps a flood from taking all of the cores the cache hits share with it.
   */
  busyMsPerSecond?: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
  observer?: RenderPoolObserver;
};

type Waiter = {
  client: string;
  since: number;
  resolve: (admission: Admission) => void;
  timer: NodeJS.Timeout;
  onAbort: (() => void) | null;
  signal: AbortSignal | undefined;
};

/**
 * A client's state while it waits or renders: its requests waiting, its slots, its virtual clock (ms of rendering
 * given, see the module's comment) and the moving average of its renders (ms).
 */
type Client = { waiting: Waiter[]; rendering: number; virtual: number; averageMs: number };

/** A render's time before any is measured, in milliseconds (a search page on PGlite takes 20 to 60). */
const INITIAL_RENDER_MS = 50;
/** The window busyMsPerSecond counts rendering over, in milliseconds. */
const BUSY_WINDOW_MS = 1_000;
/** How soon a dispatch held by busyMsPerSecond tries again, in milliseconds. */
const BUDGET_RETRY_MS = 10;
/** Weight of the newest render time in the moving average of all renders. */
const SMOOTHING = 0.1;
/** Weight of the newest render time in a client's own moving average (fewer samples: they weigh more). */
const CLIENT_SMOOTHING = 0.3;

export class RenderPool {
  private readonly clients = new Map<string, Client>();
  /** The virtual clock of the last client given a slot: where a client that starts waiting starts. */
  private virtualFloor = 0;
  private renderingNow = 0;
  private queuedNow = 0;
  /** Moving average of a slot's holding time over all clients, in milliseconds: a new client's first estimate. */
  private averageMs = INITIAL_RENDER_MS;
  private readonly now: () => number;
  private readonly maxQueued: number;
  private observer: RenderPoolObserver;
  /** Renders of the last BUSY_WINDOW_MS and those under way (end null): what busyMsPerSecond counts. */
  private spans: { start: number; end: number | null }[] = [];
  /** A dispatch waiting for the budget of the last second to free up (busyMsPerSecond). */
  private budgetTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: RenderPoolOptions) {
    if (!(options.size >= 1)) throw new RangeError(`a render pool needs at least one slot (size ${options.size})`);
    this.now = options.now ?? Date.now;
    this.maxQueued = options.maxQueued ?? 10_000;
    this.observer = options.observer ?? {};
  }

  /** Sets the hooks that see each wait and each request shed (the metrics, made after the pool). */
  observe(observer: RenderPoolObserver): void {
    this.observer = observer;
  }

  /** Reports a page refused by the operator's quota before it reached the pool (counted as shed for `quota`). */
  refusedByQuota(): void {
    this.observer.shed?.("quota");
  }

  /** Requests rendered at once at most. */
  get size(): number {
    return this.options.size;
  }

  /** Rendering the pool may do per second (busyMsPerSecond, ms), or 0 when only its slots bound it. */
  get budgetMsPerSecond(): number {
    return this.options.busyMsPerSecond ?? 0;
  }

  /** Requests rendering now. */
  get rendering(): number {
    return this.renderingNow;
  }

  /** Requests waiting for a slot now. */
  get queued(): number {
    return this.queuedNow;
  }

  /**
   * Waits for a slot for `client` (an opaque key: an address, a /64 or a login). Resolves `{ ok: true, release }` when
   * the request may render (at once when a slot is free and nobody waits), or `{ ok: false, reason }` when it was shed:
   * `deadline` at once when its estimated wait (the requests ahead of it in the fair order times the average render
   * time over the pool's size) passes `deadlineMs`, `expired` when it waited `deadlineMs` without a slot, `queue_full`
   * at once when `maxQueued` requests wait, `left` when its `signal` aborted (its client left) while it waited.
   * Never rejects.
   */
  admit(client: string, signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve(this.shed("left"));
    const state = this.clients.get(client) ?? {
      waiting: [],
      rendering: 0,
      virtual: this.virtualFloor,
      averageMs: this.averageMs,
    };
    if (this.renderingNow < this.options.size && this.queuedNow === 0 && this.withinBudget()) {
      this.clients.set(client, state);
      return Promise.resolve(this.grant(client, state, 0));
    }
    if (this.queuedNow >= this.maxQueued) return Promise.resolve(this.shed("queue_full"));
    if (this.estimatedWaitMs(client, state) > this.options.deadlineMs) return Promise.resolve(this.shed("deadline"));
    this.clients.set(client, state);
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = {
        client,
        since: this.now(),
        resolve,
        timer: setTimeout(() => this.expire(waiter, "expired"), this.options.deadlineMs),
        onAbort: null,
        signal,
      };
      if (signal) {
        waiter.onAbort = () => this.expire(waiter, "left");
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      state.waiting.push(waiter);
      this.queuedNow++;
      // A slot may be free while others wait (a release between two admits): hand it out now.
      this.dispatch();
    });
  }

  /**
   * The wait a new request of `client` would have, in milliseconds: the rendering the fair order gives before it (this
   * client's requests waiting, and each other waiting client's requests whose virtual start comes before this one's),
   * plus its own, each at its client's average render time, over the pool's size.
   */
  private estimatedWaitMs(client: string, state: Client): number {
    const start = state.virtual + state.waiting.length * state.averageMs;
    let work = (state.waiting.length + 1) * state.averageMs;
    for (const [key, other] of this.clients) {
      if (key === client || other.waiting.length === 0) continue;
      const before = Math.ceil((start - other.virtual) / Math.max(1, other.averageMs));
      work += Math.min(other.waiting.length, Math.max(0, before)) * other.averageMs;
    }
    return work / this.parallelism();
  }

  /** Renders the pool does at once on average: its size, or fewer under busyMsPerSecond. */
  private parallelism(): number {
    const budget = this.options.busyMsPerSecond;
    return budget === undefined ? this.options.size : Math.max(0.1, Math.min(this.options.size, budget / BUSY_WINDOW_MS));
  }

  /** Whether the renders of the last second (those under way counted to now) took less than busyMsPerSecond. */
  private withinBudget(): boolean {
    const budget = this.options.busyMsPerSecond;
    if (budget === undefined) return true;
    const now = this.now();
    const from = now - BUSY_WINDOW_MS;
    this.spans = this.spans.filter((span) => span.end === null || span.end > from);
    let busy = 0;
    for (const span of this.spans) busy += Math.max(0, (span.end ?? now) - Math.max(span.start, from));
    return busy < budget;
  }

  private grant(client: string, state: Client, waitedMs: number): Admission {
    state.rendering++;
    this.renderingNow++;
    this.virtualFloor = Math.max(this.virtualFloor, state.virtual);
    // Charged now, so that slots handed out together spread over clients; corrected when the render ends.
    const charged = state.averageMs;
    state.virtual += charged;
    this.observer.waited?.(waitedMs);
    const started = this.now();
    const span = { start: started, end: null as number | null };
    if (this.options.busyMsPerSecond !== undefined) this.spans.push(span);
    let released = false;
    return {
      ok: true,
      waitedMs,
      release: () => {
        if (released) return;
        released = true;
        span.end = this.now();
        const took = Math.max(1, span.end - started);
        this.averageMs += SMOOTHING * (took - this.averageMs);
        state.averageMs += CLIENT_SMOOTHING * (took - state.averageMs);
        state.virtual += took - charged;
        state.rendering--;
        this.renderingNow--;
        if (state.rendering === 0 && state.waiting.length === 0) this.clients.delete(client);
        this.dispatch();
      },
    };
  }

  private shed(reason: ShedReason): Admission {
    this.observer.shed?.(reason);
    return { ok: false, reason };
  }

  /** Hands free slots to waiting requests in the fair order (see the module's comment). */
  private dispatch(): void {
    while (this.renderingNow < this.options.size && this.queuedNow > 0) {
      if (!this.withinBudget()) {
        // The last second's rendering is spent: try again as it slides (the waiters' deadlines still hold).
        this.budgetTimer ??= setTimeout(() => {
          this.budgetTimer = null;
          this.dispatch();
        }, BUDGET_RETRY_MS);
        return;
      }
      const share = Math.ceil(this.options.size / this.activeClients());
      let chosen: [string, Client] | null = null;
      let fallback: [string, Client] | null = null;
      for (const entry of this.clients) {
        const state = entry[1];
        if (state.waiting.length === 0) continue;
        if (!fallback || state.virtual < fallback[1].virtual) fallback = entry;
        if (state.rendering < share && (!chosen || state.virtual < chosen[1].virtual)) chosen = entry;
      }
      const [client, state] = (chosen ?? fallback)!;
      const waiter = state.waiting.shift()!;
      this.queuedNow--;
      this.forgetWaiter(waiter);
      waiter.resolve(this.grant(client, state, this.now() - waiter.since));
    }
  }

  /** Clients waiting or rendering. */
  private activeClients(): number {
    let count = 0;
    for (const state of this.clients.values()) if (state.waiting.length > 0 || state.rendering > 0) count++;
    return Math.max(1, count);
  }

  /** A waiter whose deadline passed (or whose client left): out of the queue, answered as shed. */
  private expire(waiter: Waiter, reason: "expired" | "left"): void {
    const state = this.clients.get(waiter.client);
    const at = state?.waiting.indexOf(waiter) ?? -1;
    if (!state || at < 0) return;
    state.waiting.splice(at, 1);
    this.queuedNow--;
    if (state.waiting.length === 0 && state.rendering === 0) this.clients.delete(waiter.client);
    this.forgetWaiter(waiter);
    waiter.resolve(this.shed(reason));
  }

  private forgetWaiter(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
  }
}

/**
 * The pool's size when RENDER_POOL_SIZE is 0 (automatic), from the database (decision 077): on PGlite every query runs
 * on this process's event loop, so a second render at once only interleaves with the first, and it took the time
 * cache hits had between one render's queries (measured: a cached page kept 41 to 45% of its req/s under a flood with
 * 2, 53 to 56% with 1); on PostgreSQL a render waits on its server's processes, so the
 * pool overlaps those waits: 2 per core of the machine (PostgreSQL shares them), at least 4 and at most the
 * connection pool's size (a render holds at most one connection at a time).
 */
export function defaultRenderPoolSize(kind: "pglite" | "postgres", cores: number, connections: number): number {
  if (kind === "pglite") return 1;
  return Math.max(1, Math.min(connections, Math.max(4, 2 * cores)));
}

/**
 * The rendering a process with a render worker may do per second when RENDER_MS_PER_SECOND is 0 (automatic), in
 * milliseconds of the slots' time (decision 104). Measured beside a flood on this project's two-vCPU machine
 * (docs/benchmarks.md): 1,500 kept the cached page at 66% of its rate but shed 18% of a crowd's pages, 3,000 kept it at
 * 54% and every page of the crowd (p95 566 ms). Without a worker the pool's slots alone bound the rendering.
 */
export const DEFAULT_RENDER_MS_PER_SECOND = 3_000;
