// A stand-in render worker for tests/render-workers.test.ts: it speaks the messages of server/render-worker.ts
// (server/render-workers.ts has their types) without a database or a build, so that the main thread's side (choosing a
// worker, answers, failures, a worker that stops, aborts) is tested on its own. What it answers depends on the path.
import { parentPort } from "node:worker_threads";

const aborted = new Set();
const waiting = new Map();

parentPort.on("message", (message) => {
  if (message.type === "close") {
    parentPort.postMessage({ type: "closed" });
    parentPort.close();
    return;
  }
  if (message.type === "abort") {
    aborted.add(message.id);
    const reply = waiting.get(message.id);
    if (reply) reply();
    return;
  }
  const path = new URL(message.url).pathname;
  if (path === "/crash") process.exit(3);
  if (path === "/fail") {
    parentPort.postMessage({ type: "failed", id: message.id, message: "the loader threw" });
    return;
  }
  if (path === "/slow") {
    // Answers once aborted, saying so: the test reads whether the abort reached the worker.
    waiting.set(message.id, () =>
      parentPort.postMessage({
        type: "rendered",
        id: message.id,
        status: 499,
        statusText: "",
        headers: [],
        cookies: [],
        body: null,
      }),
    );
    return;
  }
  const body = new TextEncoder().encode(
    JSON.stringify({ path, method: message.method, context: message.context, visible: message.visible, lang: message.headers }),
  ).buffer;
  parentPort.postMessage(
    {
      type: "rendered",
      id: message.id,
      status: path === "/empty" ? 204 : 200,
      statusText: "OK",
      headers: [["content-type", "application/json"]],
      cookies: ["a=1; Path=/", "b=2; Path=/"],
      body,
    },
    [body],
  );
});

parentPort.postMessage({ type: "ready" });
