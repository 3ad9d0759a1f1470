import { describe, expect, it } from "vitest";
import { defaultRenderPoolSize, RenderPool, type Admission, type ShedReason } from "../server/render-pool";

/**
 * The render pool of decision 077 on its own (server/render-pool.ts): a bounded number of renders, a queue fair across
 * clients, a deadline past which a wait is shed, and the figures the metrics read. The pages through a real server:
 * tests/shared-address.test.ts.
 */

/** A pool with a clock the test moves, and the sheds it reported. */
function poolOf(size: number, deadlineMs = 2_000) {
  let now = 0;
  const shed: ShedReason[] = [];
  const waits: number[] = [];
  const pool = new RenderPool({
    size,
    deadlineMs,
    now: () => now,
    observer: { shed: (reason) => shed.push(reason), waited: (ms) => waits.push(ms) },
  });
  return { pool, shed, waits, advance: (ms: number) => (now += ms) };
}

type Granted = Extract<Admission, { ok: true }>;

/** Admits `count` requests of `client` and keeps their promises in the order sent. */
function burst(pool: RenderPool, client: string, count: number) {
  return Array.from({ length: count }, () => pool.admit(client));
}

describe("the render pool (decision 077)", () => {
  it("renders at once while a slot is free and nobody waits, up to its size", async () => {
    const { pool } = poolOf(2);
    const first = await pool.admit("a");
    const second = await pool.admit("a");
    expect(first.ok && second.ok).toBe(true);
    expect(pool.rendering).toBe(2);
    let third: Admission | null = null;
    void pool.admit("a").then((admission) => (third = admission));
    await Promise.resolve();
    expect(third).toBeNull();
    expect(pool.queued).toBe(1);
    (first as Granted).release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toMatchObject({ ok: true });
    expect(pool.queued).toBe(0);
    expect(pool.rendering).toBe(2);
  });

  it("serves two addresses in turn: a burst of one does not hold back the other's page", async () => {
    const { pool } = poolOf(1);
    const order: string[] = [];
    const granted: Granted[] = [];
    const track = (client: string) => (admission: Admission) => {
      order.push(client);
      if (admission.ok) granted.push(admission);
    };
    const holder = (await pool.admit("flood")) as Granted;
    for (const p of burst(pool, "flood", 10)) void p.then(track("flood"));
    for (const p of burst(pool, "visitor", 2)) void p.then(track("visitor"));
    holder.release();
    for (let i = 0; i < 12; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(pool.rendering).toBe(1);
      granted.shift()!.release();
    }
    // The flood had its render already: the visitor's two pages come first and third, not after the flood's ten.
    expect(order.slice(0, 4)).toEqual(["visitor", "flood", "visitor", "flood"]);
    expect(order).toHaveLength(12);
  });

  it("shares render time, not requests: a visitor's quick pages go between a flood's slow ones", async () => {
    const { pool, advance } = poolOf(1, 60_000);
    const cost: Record<string, number> = { flood: 250, visitor: 30 };
    const order: string[] = [];
    const granted: [string, Granted][] = [];
    const holder = (await pool.admit("flood")) as Granted;
    for (const client of ["flood", "visitor"]) {
      for (const p of burst(pool, client, 10)) void p.then((a) => a.ok && granted.push([client, a]));
    }
    advance(cost.flood);
    holder.release();
    for (let i = 0; i < 12; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      const [client, admission] = granted.shift()!;
      order.push(client);
      advance(cost[client]);
      admission.release();
    }
    // A flood's render takes eight of the visitor's: time-fair turns give the visitor most of the first slots (a turn
    // per request would give it one in two, an eighth of the rendering time).
    expect(order.slice(0, 10).filter((who) => who === "visitor").length).toBeGreaterThanOrEqual(7);
    expect(order).toContain("flood");
  });

  it("gives one client the whole pool when nobody else waits, and its share when another comes", async () => {
    const { pool } = poolOf(4);
    const a = await Promise.all(burst(pool, "a", 4));
    expect(a.every((x) => x.ok)).toBe(true);
    const moreA = burst(pool, "a", 4);
    const b = burst(pool, "b", 4);
    // Two slots free up: both go to b (a renders 4 already, over its share of 2 among two clients).
    (a[0] as Granted).release();
    (a[1] as Granted).release();
    await new Promise((resolve) => setImmediate(resolve));
    const settled = await Promise.all(
      [...moreA, ...b].map((p) => Promise.race([p.then(() => true), new Promise((r) => setImmediate(() => r(false)))])),
    );
    expect(settled.slice(0, 4)).toEqual([false, false, false, false]);
    expect(settled.slice(4)).toEqual([true, true, false, false]);
  });

  it("sheds at once a request whose estimated wait passes the deadline, and keeps room for a new client", async () => {
    // One slot, an average render of 50 ms (before any is measured), a deadline of 500 ms: about 10 may wait.
    const { pool, shed } = poolOf(1, 500);
    await pool.admit("flood");
    const flood = burst(pool, "flood", 30);
    const answers = await Promise.all(
      flood.map((p) => Promise.race([p, new Promise<"waiting">((r) => setImmediate(() => r("waiting")))])),
    );
    const refused = answers.filter((a): a is Extract<Admission, { ok: false }> => a !== "waiting" && !a.ok);
    expect(refused.length).toBeGreaterThanOrEqual(19);
    expect(refused.map((a) => a.reason)).toEqual(refused.map(() => "deadline"));
    expect(shed.filter((r) => r === "deadline")).toHaveLength(refused.length);
    // A client that waits for nothing yet is queued, next in turn, not shed.
    const visitor = await Promise.race([pool.admit("visitor"), new Promise<"waiting">((r) => setImmediate(() => r("waiting")))]);
    expect(visitor).toBe("waiting");
    expect(pool.queued).toBe(answers.length - refused.length + 1);
  });

  it("sheds a request that waited past its deadline as expired, and one whose client left as left", async () => {
    const { pool, shed } = poolOf(1, 200);
    const holder = (await pool.admit("a")) as Granted;
    const waiting = pool.admit("b");
    const controller = new AbortController();
    const leaving = pool.admit("c", controller.signal);
    controller.abort();
    expect(await leaving).toEqual({ ok: false, reason: "left" });
    expect(await waiting).toEqual({ ok: false, reason: "expired" });
    expect(shed).toEqual(["left", "expired"]);
    // A client gone before it asked gets no slot, even a free one.
    const gone = new AbortController();
    gone.abort();
    expect(await pool.admit("d", gone.signal)).toEqual({ ok: false, reason: "left" });
    expect(pool.queued).toBe(0);
    holder.release();
    expect(pool.rendering).toBe(0);
    // The slot is free again: the next request renders at once.
    expect((await pool.admit("b")).ok).toBe(true);
  });

  it("reports each admitted wait, releases once however often release is called", async () => {
    const { pool, waits, advance } = poolOf(1);
    const first = (await pool.admit("a")) as Granted;
    const second = pool.admit("b");
    advance(120);
    first.release();
    first.release();
    const granted = (await second) as Granted;
    expect(granted.waitedMs).toBe(120);
    expect(waits).toEqual([0, 120]);
    expect(pool.rendering).toBe(1);
    granted.release();
    expect(pool.rendering).toBe(0);
  });

  it("hands out slots only while the last second's rendering is within busyMsPerSecond (decision 104)", async () => {
    let now = 0;
    const pool = new RenderPool({ size: 4, deadlineMs: 5_000, busyMsPerSecond: 1_500, now: () => now });
    // Two renders of 800 ms: 1,600 ms of the last second, past the budget of 1,500.
    const first = (await pool.admit("a")) as Granted;
    const second = (await pool.admit("b")) as Granted;
    now += 800;
    first.release();
    second.release();
    let third: Admission | null = null;
    void pool.admit("c").then((admission) => (third = admission));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Two slots are free, yet the page waits: the budget is spent.
    expect(third).toBeNull();
    expect(pool.queued).toBe(1);
    expect(pool.rendering).toBe(0);
    // At 1,000 ms both renders are still wholly in the last second; at 1,200 ms it holds 600 ms of each: 1,200.
    now += 200;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(third).toBeNull();
    now += 200;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(third).toMatchObject({ ok: true, waitedMs: 400 });
    (third as unknown as Granted).release();
  });

  it("counts renders under way against busyMsPerSecond, and sheds at once what its budget cannot render in time", async () => {
    let now = 0;
    const shed: ShedReason[] = [];
    const pool = new RenderPool({
      size: 4,
      deadlineMs: 300,
      busyMsPerSecond: 500,
      now: () => now,
      observer: { shed: (reason) => shed.push(reason) },
    });
    const holder = (await pool.admit("a")) as Granted;
    now += 600;
    // The render under way has taken 600 ms of the last second: a second page waits although three slots are free.
    let next: Admission | null = null;
    void pool.admit("b").then((admission) => (next = admission));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(next).toBeNull();
    // At half a slot's rendering a second, each page of 50 ms (the first estimate) waits 100 ms more than the one
    // before: past the third, their wait passes the deadline of 300 ms and they are shed at once (with the four slots
    // alone, 20 pages would wait 250 ms at most).
    void burst(pool, "flood", 20);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(shed.filter((reason) => reason === "deadline").length).toBeGreaterThan(15);
    holder.release();
    now += 1_000;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(next).toMatchObject({ ok: true });
    (next as unknown as Granted).release();
  });

  it("is sized from the database: 1 on PGlite, twice the cores within the connection pool on PostgreSQL", () => {
    expect(defaultRenderPoolSize("pglite", 8, 10)).toBe(1);
    expect(defaultRenderPoolSize("postgres", 2, 10)).toBe(4);
    expect(defaultRenderPoolSize("postgres", 4, 10)).toBe(8);
    expect(defaultRenderPoolSize("postgres", 16, 10)).toBe(10);
    expect(() => new RenderPool({ size: 0, deadlineMs: 1 })).toThrow(RangeError);
  });
});
