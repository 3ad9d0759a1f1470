import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/platform/i18n/i18n.server";
import { startPrivateCluster, startServer, type PrivateCluster, type TestServer } from "./helpers/server";

/**
 * A PostgreSQL server that stops in the middle of transactions must fail those requests only
 * (503 with Retry-After and what was typed), never kill the process, and the process serves again by itself once the
 * database is back. A private cluster is stopped with `pg_ctl stop -m immediate` while consultation posts write.
 */

let cluster: PrivateCluster | undefined;
let server: TestServer | undefined;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  server = await startServer({ DATABASE_URL: cluster.url });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  cluster?.remove();
});

type Answer = { name: string; status: number; retryAfter: string | null; body: string };

let sequence = 0;
/** Posts one consultation as a new visitor (its own address through the local proxy header, so no limit applies). */
async function post(url: string): Promise<Answer | null> {
  const n = ++sequence;
  const name = `restart${n}`;
  const body = new URLSearchParams({ name, mobile: "0944123456", subject: `restart test ${name}` });
  try {
    const res = await fetch(`${url}/consultation`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Origin: url, "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    });
    return { name, status: res.status, retryAfter: res.headers.get("Retry-After"), body: await res.text() };
  } catch {
    return null; // The socket itself failed: counted below as "no answer".
  }
}

describe("a database restart under write load", () => {
  it("answers 503 while PostgreSQL is down, keeps the process alive, writes no partial rows and serves again", async () => {
    const { url } = server!;
    const answers: Answer[] = [];
    let unanswered = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const answer = await post(url);
        if (answer) answers.push(answer);
        else unanswered++;
      }
    };
    const workers = Array.from({ length: 6 }, worker);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    cluster!.stop("immediate");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const whileDown = answers.length;
    cluster!.start();
    // The process finds the database again by itself.
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all(workers);

    expect(server!.process.exitCode).toBeNull();
    expect(server!.output()).not.toMatch(/Unhandled 'error' event/);
    expect(unanswered).toBe(0);
    const statuses = new Set(answers.map((a) => a.status));
    // Stored (302 to the page with its toast) or refused for the outage (503): never a 500.
    expect([...statuses].sort()).toEqual([302, 503]);
    expect(answers.length).toBeGreaterThan(whileDown);

    const refused = answers.filter((a) => a.status === 503);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe("5");
      expect(answer.body).toContain(resources.ar.common.errorPage["503"].title);
      // What was typed comes back, to be sent again.
      expect(answer.body).toContain(`restart test ${answer.name}`);
    }

    // Every stored row is whole and belongs to a post that was sent; every post answered 302 was stored.
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; mobile: string; subject: string }>(
        "select name, mobile, subject from messages where subject like 'restart test %'",
      );
      const sent = new Set(answers.map((a) => a.name));
      for (const row of rows) {
        expect(sent.has(row.name)).toBe(true);
        expect(row.subject).toBe(`restart test ${row.name}`);
        expect(row.mobile).not.toBe("");
      }
      const stored = new Set(rows.map((r) => r.name));
      for (const answer of answers.filter((a) => a.status === 302)) expect(stored.has(answer.name)).toBe(true);
    } finally {
      await client.end();
    }

    // And it serves again: a new post is stored.
    const after = await post(url);
    expect(after?.status).toBe(302);
  }, 120_000);
});
