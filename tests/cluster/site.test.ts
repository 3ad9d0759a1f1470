import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { queueSms } from "~/platform/sms/sms.server";
import { startNginx, upstreamFailTimeoutMs, type TestNginx } from "../helpers/nginx";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { freePort, startPrivateCluster, startServer, stopChild, type PrivateCluster, type TestServer } from "../helpers/server";
import { DEMO_ADMIN } from "~/features/accounts/admin-bootstrap.server";

/**
 * The site as it runs on several processes (npm run test:cluster; docs/decisions/061-readiness-metrics-deploy-cluster-test.md):
 * a private PostgreSQL, the S3 server of the image store, two web processes of the built app (WORKER=off) and one
 * job worker, behind nginx started with deploy/nginx/aqar.conf. Each check is something a user or an operator
 * would see go wrong when state is kept in one process instead of the database (or the bucket).
 * The photos are in the S3 bucket (IMAGE_STORE=s3, docs/decisions/060-images-in-an-object-store.md) and each web
 * process has a data folder of its own, as on two machines.
 */

const CAPTCHA_TEXT = "Kp7Wd";
const ADMIN = { country: DEMO_ADMIN.country, authentication: DEMO_ADMIN.nationalPhone, password: DEMO_ADMIN.password };

let s3: S3TestServer;
let pg: PrivateCluster;
let nginx: TestNginx;
let database: Database;
const web: { server: TestServer; port: number; dataDir: string }[] = [];
let worker: WorkerProcess | undefined;
let baseEnv: Record<string, string>;
const folders: string[] = [];

type WorkerProcess = { process: ChildProcess; output(): string; stop(): Promise<void> };

/** `npm run worker` (scripts/worker.ts) on the cluster's database; resolves once it says it started. */
async function startWorker(): Promise<WorkerProcess> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/worker.ts"], {
    env: { ...process.env, ...baseEnv, VITEST: undefined } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  // SIGTERM: the job being run finishes (decision 028).
  const stop = () => stopChild(child, "SIGTERM", 15_000);
  for (let i = 0; i < 600 && !/worker \S+ started/.test(log); i++) {
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}:\n${log}`);
    await sleep(100);
  }
  if (!/worker \S+ started/.test(log)) throw new Error(`the worker did not start:\n${log}`);
  return { process: child, output: () => log, stop };
}

/**
 * The nice values of the threads of `pid` and of its descendants (Linux /proc: the 19th field of a thread's stat; the
 * web process is tsx's node under the tsx command the test started).
 */
function threadNices(pid: number): number[] {
  const nices: number[] = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
    nices.push(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) nices.push(...threadNices(Number(child)));
  }
  return nices;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polled every 50 ms) or `ms` pass; returns whether it held. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

/** Each web process's metrics port (decision 061), kept when the process is started again. */
const metricsPorts: number[] = [];

/** Starts web process `index` on `port` (or starts it again there) and waits until its /readyz answers 200. */
async function startWeb(index: number, port: number, dataDir: string): Promise<void> {
  metricsPorts[index] ??= await freePort();
  const env = { ...baseEnv, DATA_DIR: dataDir, METRICS_PORT: String(metricsPorts[index]) };
  const server = await startServer(env, 240_000, { port });
  const ready = await until(async () => (await fetch(`${server.url}/readyz`).catch(() => null))?.status === 200, 30_000);
  if (!ready) throw new Error(`web process ${index} never became ready:\n${server.output()}`);
  web[index] = { server, port, dataDir };
}

/** The site's public origin (nginx): posts carry it as their Origin, as a browser on the site does. */
const site = () => nginx.url;

/** A browser's cookies, enough for the session: kept from each answer's Set-Cookie. */
class Browser {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.header());
    if (init.method === "POST") headers.set("Origin", site());
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** Logs the demo admin in through `origin` (a web process or nginx), as a browser with JavaScript off does. */
async function logIn(browser: Browser, origin: string): Promise<Response> {
  await (await browser.fetch(`${origin}/login?lang=en`)).text();
  return browser.fetch(`${origin}/login?lang=en`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", ...ADMIN, captcha: CAPTCHA_TEXT }),
  });
}

/** The article editor's fields (admin/articles/:id) with `title`. */
const articleFields = (title: string) => ({
  intent: "save",
  title_ar: `${title} بالعربية`,
  title_en: `${title} in English`,
  body_ar: "الفقرة الأولى.",
  body_en: "The first paragraph.",
});

beforeAll(async () => {
  s3 = await startS3Server();
  pg = await startPrivateCluster();
  const nginxPort = await freePort();
  const ports = [await freePort(), await freePort()];
  baseEnv = {
    ...s3.env,
    DATABASE_URL: pg.url,
    WORKER: "off",
    // One render worker per web process (decision 104), what RENDER_WORKERS=auto gives on two cores or more.
    RENDER_WORKERS: "1",
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    CAPTCHA_TEST_TEXT: CAPTCHA_TEXT,
    SEED_LISTINGS: "40",
    LOG_LEVEL: "warn",
  };
  const dataDirs = ports.map((_, i) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aqar-cluster-web${i}-`));
    folders.push(dir);
    return dir;
  });
  // The first process migrates and seeds the database; the second finds it ready.
  await startWeb(0, ports[0], dataDirs[0]);
  await startWeb(1, ports[1], dataDirs[1]);
  worker = await startWorker();
  nginx = await startNginx(ports, nginxPort);
  database = await openDatabase({ url: pg.url, pgliteDir: "" });
}, 300_000);

afterAll(async () => {
  await database?.close().catch(() => undefined);
  await nginx?.stop();
  await worker?.stop();
  for (const { server } of web) await server?.stop();
  pg?.remove();
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe("two web processes, one worker, behind nginx", () => {
  it("continues a login made on one process on the other", async () => {
    const browser = new Browser();
    const login = await logIn(browser, web[0].server.url);
    expect(login.status).toBe(302);
    const visitor = await fetch(`${web[1].server.url}/profile?lang=en`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    const profile = await browser.fetch(`${web[1].server.url}/profile?lang=en`);
    expect(profile.status).toBe(200);
    // The profile lists the account's phone number (E.164).
    expect(await profile.text()).toContain("+1 202 555 0100");
  });

  it("serves a photo uploaded through one process from the other and through nginx", async () => {
    const browser = new Browser();
    expect((await logIn(browser, web[0].server.url)).status).toBe(302);
    const form = new FormData();
    for (const [name, value] of Object.entries(articleFields("Cluster photo"))) form.append(name, value);
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#c86" } })
      .png()
      .toBuffer();
    form.append("cover", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
    const saved = await browser.fetch(`${web[0].server.url}/admin/articles/new`, { method: "POST", body: form });
    expect(saved.status).toBe(302);
    const id = Number(/\/admin\/articles\/(\d+)$/.exec(saved.headers.get("Location") ?? "")?.[1]);
    const [article] = await database.db.select().from(s.articles).where(eq(s.articles.id, id));
    expect(article.image).toMatch(/^u-/);
    const address = `/images/${article.image}-400.webp`;
    for (const origin of [web[1].server.url, nginx.url, web[0].server.url]) {
      const photo = await fetch(`${origin}${address}`);
      expect(photo.status, origin).toBe(200);
      expect(photo.headers.get("Content-Type"), origin).toBe("image/webp");
      expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width, origin).toBe(400);
    }
    // From the bucket, not from a folder of the process that took the upload.
    expect(fs.readdirSync(web[0].dataDir, { recursive: true }).some((name) => String(name).includes(article.image!))).toBe(false);
  });

  it("shows an edit made through one process on the other's cached pages within a second", async () => {
    const browser = new Browser();
    expect((await logIn(browser, web[0].server.url)).status).toBe(302);
    const [article] = await database.db.select().from(s.articles).orderBy(s.articles.id).limit(1);
    // Arabic, the default language: `?lang=en` without the cookie would set the cookie (a visitor's own answer).
    const page = `${web[1].server.url}/artical/${article.id}`;
    await (await fetch(page)).text();
    const cached = await fetch(page);
    expect(cached.headers.get("X-Page-Cache")).toBe("hit");
    const title = `Edited ${Date.now()}`;
    const form = new FormData();
    for (const [name, value] of Object.entries(articleFields(title))) form.append(name, value);
    const saved = await browser.fetch(`${web[0].server.url}/admin/articles/${article.id}`, { method: "POST", body: form });
    expect(saved.status).toBe(302);
    const started = Date.now();
    const seen = await until(async () => (await (await fetch(page)).text()).includes(`${title} بالعربية`), 1_000);
    expect(seen, `the other process still served the old page after ${Date.now() - started} ms`).toBe(true);
  });

  it("renders each process's new pages in its render worker, off the event loop that answers cache hits (decision 104)", async () => {
    const figure = async (index: number, name: string) => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPorts[index]}/metrics`)).text();
      const line = text.split("\n").find((row) => row.startsWith(name));
      return line === undefined ? null : Number(line.slice(line.lastIndexOf(" ") + 1));
    };
    for (const index of [0, 1]) {
      expect(await figure(index, 'aqar_render_workers{state="ready"}')).toBe(1);
      // With a worker the pool renders 3,000 ms of its slots' time a second at most (RENDER_MS_PER_SECOND's automatic value).
      expect(await figure(index, "aqar_render_budget_ms_per_second")).toBe(3000);
      const before = (await figure(index, "aqar_render_worker_pages_total"))!;
      const res = await fetch(`${web[index].server.url}/estates?is_simple=0&q=worker${index}${Date.now()}&lang=en`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("</html>");
      expect(await figure(index, "aqar_render_worker_pages_total")).toBe(before + 1);
      // The worker's thread yields the CPU to the main thread's hits (nice 10), the main thread keeps the process's.
      const nices = threadNices(web[index].server.process.pid!);
      expect(nices).toContain(10);
      expect(nices).toContain(0);
    }
  });

  it("counts posts sent to both processes against one rate limit", async () => {
    // One client address (nginx's X-Forwarded-For, trusted from this machine) for the form's 10 posts an hour.
    const post = (index: number) =>
      fetch(`${web[index % 2].server.url}/consultation?lang=en`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site(), "X-Forwarded-For": "10.61.0.7" },
        body: new URLSearchParams({ name: "Cluster", mobile: "0944123456", subject: "A consultation", website_url: "" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(i)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
  });

  it("renders every page of a crowd behind one address through nginx, and another address's page meanwhile (decision 077)", async () => {
    // A carrier's NAT: 30 new searches from one address in waves of 5 at once (within the two processes' render
    // pools, so that no page waits), spread by nginx over both processes.
    const statuses: number[] = [];
    for (let wave = 0; wave < 6; wave++) {
      const answers = Array.from({ length: 5 }, async (_, i) => {
        const res = await fetch(`${site()}/estates?is_simple=0&q=crowd${wave}x${i}`, {
          headers: { "X-Forwarded-For": "203.0.113.77" },
        });
        await res.arrayBuffer();
        return res.status;
      });
      if (wave === 3) {
        const other = await fetch(`${site()}/estates?is_simple=0&q=neighbour`, {
          headers: { "X-Forwarded-For": "198.51.100.78" },
        });
        await other.arrayBuffer();
        expect(other.status).toBe(200);
      }
      statuses.push(...(await Promise.all(answers)));
    }
    // Before decision 077 the default quota answered 429 past the tenth page of the address.
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it("does each queued job once, with two workers taking from the queue", async () => {
    const second = await startWorker();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) {
        ids.push(
          await queueSms(
            database.db,
            { phone: `+96394470${String(i).padStart(4, "0")}`, body: `once ${i}` },
            { purpose: "test" },
          ),
        );
      }
      const sent = async () => {
        const [row] = await database.db
          .select({ n: count() })
          .from(s.sms_messages)
          .where(sql`${inArray(s.sms_messages.id, ids)} and ${s.sms_messages.state} <> 'queued'`);
        return Number(row.n) === ids.length;
      };
      expect(await until(sent, 60_000)).toBe(true);
      const messages = await database.db.select().from(s.sms_messages).where(inArray(s.sms_messages.id, ids));
      expect(new Set(messages.map((m) => m.state))).toEqual(new Set(["sent"]));
      const jobs = await database.db
        .select()
        .from(s.jobs)
        .where(
          inArray(
            s.jobs.id,
            messages.map((m) => m.job_id!),
          ),
        );
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual(Array(ids.length).fill(["done", 1]));
      const outbox = await database.db
        .select({ key: s.sms_outbox.idempotency_key, n: count() })
        .from(s.sms_outbox)
        .where(
          inArray(
            s.sms_outbox.idempotency_key,
            ids.map((id) => `sms:${id}`),
          ),
        )
        .groupBy(s.sms_outbox.idempotency_key);
      expect(outbox).toHaveLength(ids.length);
      expect(outbox.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it("keeps the SMS queued while the worker is stopped and sends them once it is back", async () => {
    await worker!.stop();
    const id = await queueSms(database.db, { phone: "+963944719999", body: "while stopped" }, { purpose: "test" });
    const state = async () =>
      (await database.db.select({ state: s.sms_messages.state }).from(s.sms_messages).where(eq(s.sms_messages.id, id)))[0].state;
    await sleep(2_000);
    expect(await state()).toBe("queued");
    worker = await startWorker();
    expect(await until(async () => (await state()) === "sent", 20_000)).toBe(true);
    const rows = await database.db
      .select()
      .from(s.sms_outbox)
      .where(eq(s.sms_outbox.idempotency_key, `sms:${id}`));
    expect(rows).toHaveLength(1);
  });

  it("loses no GET through nginx while each web process is restarted in turn under load", async () => {
    const [listing] = await database.db
      .select({ id: s.estates.id })
      .from(s.estates)
      .where(eq(s.estates.status, "approved"))
      .limit(1);
    const paths = ["/", "/estates", "/offices", "/articals", `/estate/${listing.id}`, "/estates?page=2"];
    let running = true;
    let done = 0;
    const failures: string[] = [];
    const clock = () => new Date().toISOString().slice(11, 23);
    const timeline: string[] = [];
    const client = async (n: number) => {
      for (let i = n; running; i++) {
        const target = paths[i % paths.length];
        try {
          const res = await fetch(`${nginx.url}${target}`, { redirect: "manual" });
          await res.arrayBuffer();
          if (res.status !== 200) {
            failures.push(`${target}: ${res.status}`);
            if (timeline.length < 40) timeline.push(`${clock()} ${target}: ${res.status}`);
          }
        } catch (error) {
          failures.push(`${target}: ${(error as Error).message}`);
          if (timeline.length < 40) timeline.push(`${clock()} ${target}: ${(error as Error).message}`);
        }
        done++;
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    await sleep(1_000);
    // The rolling restart of deploy/systemd/aqar-web@.service: stop one process, start it again, wait until it is
    // ready and nginx uses it again (its fail_timeout and a second), then the next.
    for (const index of [0, 1]) {
      const { server, port, dataDir } = web[index];
      timeline.push(`${clock()} stopping process ${index}`);
      await server.stop();
      timeline.push(`${clock()} process ${index} stopped`);
      await startWeb(index, port, dataDir);
      timeline.push(`${clock()} process ${index} ready`);
      await sleep(upstreamFailTimeoutMs() + 1_000);
    }
    running = false;
    await Promise.all(clients);
    console.info(`rolling restart: ${done} GETs through nginx, ${failures.length} failed`);
    expect(done).toBeGreaterThan(100);
    // nginx's log, each kind of line once with its count (without times, clients and requests).
    const kinds = new Map<string, number>();
    for (const line of nginx.errors().split("\n").filter(Boolean)) {
      const kind = line.replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: (\*\d+ )?/, "$1: ").replace(/, client: .*$/, "");
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const summary = [...kinds].map(([kind, n]) => `${n} × ${kind}`).join("\n");
    const failed = new Map<string, number>();
    for (const failure of failures) failed.set(failure, (failed.get(failure) ?? 0) + 1);
    const log = nginx.errors().split("\n").slice(0, 40).join("\n");
    expect(Object.fromEntries(failed), `of ${done} GETs; nginx said:\n${summary}\n${timeline.join("\n")}\n${log}`).toEqual({});
  });
});
