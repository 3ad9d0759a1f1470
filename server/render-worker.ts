/**
 * A render worker (docs/decisions/104-render-workers.md): a thread of its own that renders the pages the main thread's
 * render pool admitted, so that their CPU (React, drizzle's statements, the driver) is spent off the event loop that
 * answers cache hits. It opens its own connections to PostgreSQL (never PGlite, whose database lives in the main
 * thread) and its own copy of the Remix build, guarded as the main thread's is; it listens to nothing: each page comes
 * with the main thread's state of visible changes (adoptVisibleState), so no result kept before a change is reused.
 *
 * Messages (server/render-workers.ts has their types): `render` with a GET or HEAD as the main thread built it, answered
 * by `rendered` (status, headers, cookies and the whole body, transferred) or `failed`; `abort` when the client left;
 * `close` to finish and close the database. It says `ready` once the database and the build are loaded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { adoptVisibleState } from "~/platform/cache/visible-changes.server";
import { getEnv } from "~/platform/config/env.server";
import { getDatabase } from "~/platform/db/db.server";
import { encodeWhole, isWholeDocument, wholeEncoding } from "./encoding";
import { guardBuild } from "./guards";
import { mayKeep } from "./page-cache";
import type { ToMain, ToWorker } from "./render-workers";

const port = parentPort;
if (!port) throw new Error("server/render-worker.ts runs as a worker thread of server.ts only");

const env = getEnv();
if (!env.DATABASE_URL) throw new Error("a render worker needs PostgreSQL (DATABASE_URL): PGlite lives in the main thread");
/**
 * The nice value of this thread (decision 104): when the hits and the renders want more CPU than the machine has, the
 * operating system gives it to the main thread's hits first. 10 kept a cached page at about half of its rate beside a
 * flood where 5 kept about 45% (docs/benchmarks.md); the renders still take every cycle the hits leave.
 */
const RENDER_WORKER_NICE = 10;

/**
 * Lowers this thread's priority to RENDER_WORKER_NICE. On Linux a thread's nice value is its own (setpriority on its
 * thread id, read from /proc/thread-self); elsewhere, or when it fails, the thread keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, RENDER_WORKER_NICE);
  } catch {
    // Not Linux: the worker renders at the process's priority.
  }
}

lowerPriority();
const database = await getDatabase();
const build = guardBuild((await import(path.resolve("build/index.js"))) as ServerBuild);
const handle = createRequestHandler(build, env.NODE_ENV);
/** Renders under way, by the main thread's id: aborted when their client leaves. */
const underWay = new Map<number, AbortController>();

const send = (message: ToMain, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on("message", (message: ToWorker) => {
  if (message.type === "abort") underWay.get(message.id)?.abort();
  else if (message.type === "close") void close();
  else void render(message);
});

async function render(message: Extract<ToWorker, { type: "render" }>): Promise<void> {
  const controller = new AbortController();
  underWay.set(message.id, controller);
  try {
    adoptVisibleState(message.visible);
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      signal: controller.signal,
    });
    const response = await handle(request, message.context);
    let body = response.body ? await response.arrayBuffer() : null;
    // A document the main thread sends as it is rendered (not kept) is compressed here, as sendWhole would there.
    if (body && message.method === "GET" && isWholeDocument(response) && !(message.keep && mayKeep(response))) {
      const encoding = wholeEncoding(message.encoding, body.byteLength);
      const sent = encodeWhole(Buffer.from(body), encoding, "rendered");
      body = sent.buffer.slice(sent.byteOffset, sent.byteOffset + sent.byteLength) as ArrayBuffer;
      if (encoding !== "identity") response.headers.set("Content-Encoding", encoding);
      response.headers.set("Content-Length", String(body.byteLength));
      response.headers.append("Vary", "Accept-Encoding");
    }
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) if (name !== "set-cookie") headers.push([name, value]);
    send(
      {
        type: "rendered",
        id: message.id,
        status: response.status,
        statusText: response.statusText,
        headers,
        cookies: response.headers.getSetCookie(),
        body,
      },
      body ? [body] : [],
    );
  } catch (error) {
    send({ type: "failed", id: message.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    underWay.delete(message.id);
  }
}

async function close(): Promise<void> {
  await database.close().catch(() => undefined);
  send({ type: "closed" });
  port!.close();
}

send({ type: "ready" });
