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
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { adoptVisibleState } from "~/platform/cache/visible-changes.server";
import { getEnv } from "~/platform/config/env.server";
import { getDatabase } from "~/platform/db/db.server";
import { guardBuild } from "./guards";
import type { ToMain, ToWorker } from "./render-workers";

const port = parentPort;
if (!port) throw new Error("server/render-worker.ts runs as a worker thread of server.ts only");

const env = getEnv();
if (!env.DATABASE_URL) throw new Error("a render worker needs PostgreSQL (DATABASE_URL): PGlite lives in the main thread");
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
    const body = response.body ? await response.arrayBuffer() : null;
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
