import { afterEach, describe, expect, it } from "vitest";
import { RenderWorkers, defaultRenderWorkers } from "../server/render-workers";
import { visibleDataChanged } from "~/platform/cache/visible-changes.server";

/**
 * The main thread's side of the render workers (decision 104) with a stand-in worker (tests/helpers/fake-render-worker.mjs):
 * answers come back whole with their cookies, a failed render or a worker that stops fails its pages and the worker is
 * started again, an abort reaches the worker, each page carries the state of visible changes. The real worker renders
 * pages in the cluster test (tests/cluster/site.test.ts) and in the benchmark.
 */
const script = new URL("./helpers/fake-render-worker.mjs", import.meta.url);
const logged: string[] = [];
let workers: RenderWorkers | undefined;

afterEach(async () => {
  await workers?.close();
  workers = undefined;
  logged.length = 0;
});

async function started(count: number): Promise<RenderWorkers> {
  workers = new RenderWorkers({ count, script, log: (message) => logged.push(message) });
  await workers.whenReady(10_000);
  return workers;
}

const page = (path: string) => new Request(`http://127.0.0.1:3000${path}`, { headers: { "Accept-Language": "ar" } });

describe("render workers (decision 104)", () => {
  it("answers a page whole, with its status, headers, every cookie and the load context", async () => {
    const pool = await started(1);
    const response = await pool.render(page("/estates"), { cspNonce: "n0nce", clientIp: "198.51.100.7" });
    expect(response!.status).toBe(200);
    expect(response!.headers.get("content-type")).toBe("application/json");
    expect(response!.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const body = await response!.json();
    expect(body.path).toBe("/estates");
    expect(body.context).toEqual({ cspNonce: "n0nce", clientIp: "198.51.100.7" });
    expect(body.lang).toContainEqual(["accept-language", "ar"]);
    expect(pool.rendered).toBe(1);
  });

  it("gives a status without a body (204) no body", async () => {
    const pool = await started(1);
    const response = await pool.render(page("/empty"), { cspNonce: "n" });
    expect(response!.status).toBe(204);
    expect(await response!.text()).toBe("");
  });

  it("sends the main thread's generation of visible data with each page", async () => {
    const pool = await started(1);
    visibleDataChanged(true);
    const before = await (await pool.render(page("/a"), { cspNonce: "n" }))!.json();
    visibleDataChanged(true);
    const after = await (await pool.render(page("/b"), { cspNonce: "n" }))!.json();
    expect(before.visible.listening).toBe(true);
    expect(after.visible.generation).toBe(before.visible.generation + 1);
  });

  it("fails the page a worker could not render, and goes on rendering", async () => {
    const pool = await started(1);
    await expect(pool.render(page("/fail"), { cspNonce: "n" })).rejects.toThrow("the loader threw");
    expect(logged).toContain("render worker failed a page: the loader threw");
    expect((await pool.render(page("/next"), { cspNonce: "n" }))!.status).toBe(200);
  });

  it("fails the pages of a worker that stops, says null while none is ready, and starts it again", async () => {
    const pool = await started(1);
    await expect(pool.render(page("/crash"), { cspNonce: "n" })).rejects.toThrow("exit code 3");
    // The main thread renders meanwhile (server/http.ts).
    expect(pool.render(page("/meanwhile"), { cspNonce: "n" })).toBeNull();
    await pool.whenReady(10_000);
    expect((await pool.render(page("/again"), { cspNonce: "n" }))!.status).toBe(200);
    expect(logged.some((line) => line.includes("render worker stopped (exit code 3)"))).toBe(true);
  });

  it("tells the worker when the client left", async () => {
    const pool = await started(1);
    const controller = new AbortController();
    const answer = pool.render(page("/slow"), { cspNonce: "n" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await answer)!.status).toBe(499);
  });

  it("spreads pages over the workers with the fewest under way", async () => {
    const pool = await started(2);
    const first = new AbortController();
    const slow = pool.render(page("/slow"), { cspNonce: "n" }, { signal: first.signal });
    // The first worker has a page under way: these go to the second, which answers them while the first waits.
    const answers = await Promise.all([pool.render(page("/x"), { cspNonce: "n" }), pool.render(page("/y"), { cspNonce: "n" })]);
    expect(answers.map((response) => response!.status)).toEqual([200, 200]);
    first.abort();
    expect((await slow)!.status).toBe(499);
  });

  it("runs one worker on PostgreSQL with two cores or more, none on PGlite or one core", () => {
    expect(defaultRenderWorkers("postgres", 2)).toBe(1);
    expect(defaultRenderWorkers("postgres", 16)).toBe(1);
    expect(defaultRenderWorkers("postgres", 1)).toBe(0);
    expect(defaultRenderWorkers("pglite", 8)).toBe(0);
  });
});
