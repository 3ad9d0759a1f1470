import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, stopChild } from "./server";

/**
 * Debian's nginx started with the site's own configuration, deploy/nginx/aqar.conf (the cluster test,
 * docs/decisions/061-readiness-metrics-deploy-cluster-test.md): the file is used as it is but for its ports and
 * paths, which templateSiteConfig changes, each replacement required to match once, so that a change of the file's
 * shape breaks the test instead of passing unseen.
 */
export type TestNginx = {
  url: string;
  port: number;
  /** nginx's error log so far (upstream failures, retries). */
  errors(): string;
  stop(): Promise<void>;
};

/** The nginx binary: /usr/sbin/nginx (Debian's package `nginx`). */
export const NGINX = "/usr/sbin/nginx";

/** True when nginx is installed. */
export function hasNginx(): boolean {
  return fs.existsSync(NGINX);
}

/**
 * How long nginx passes over a web process after it failed (the upstream's `fail_timeout` in
 * deploy/nginx/aqar.conf), in milliseconds: a rolling restart waits this long after a process is ready.
 */
export function upstreamFailTimeoutMs(): number {
  const seconds = /fail_timeout=(\d+)s/.exec(fs.readFileSync(path.resolve("deploy/nginx/aqar.conf"), "utf8"))?.[1];
  if (!seconds) throw new Error("deploy/nginx/aqar.conf: no fail_timeout=<seconds>s on the upstream's servers");
  return Number(seconds) * 1_000;
}

/** Replaces `pattern` in `text`, which must match exactly once. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const found = text.match(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`));
  if (found?.length !== 1)
    throw new Error(`deploy/nginx/aqar.conf: expected one match of ${pattern}, found ${found?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx/aqar.conf for a test: the upstream's two servers become `upstreams` (127.0.0.1 ports), the TLS
 * server listens on plain HTTP on `port` (no certificates), and the port-80 redirect server is left out.
 */
export function templateSiteConfig(source: string, port: number, upstreams: number[]): string {
  let text = replaceOnce(
    source,
    /( *server 127\.0\.0\.1:3001 (max_fails=\S+ fail_timeout=\S+);\n) *server 127\.0\.0\.1:3002 [^\n]*\n/,
    upstreams.map((p) => `  server 127.0.0.1:${p} $2;\n`).join(""),
  );
  text = replaceOnce(text, /listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  text = replaceOnce(text, / *ssl_certificate [^\n]*\n/, "");
  text = replaceOnce(text, / *ssl_certificate_key [^\n]*\n/, "");
  text = replaceOnce(text, /\nserver \{\n {2}listen 80;[\s\S]*?\n\}\n/, "\n");
  return text;
}

/**
 * Starts nginx in the foreground with deploy/nginx/aqar.conf templated for `upstreams` (templateSiteConfig), its
 * pid, logs and temporary files in a new temporary folder (removed by stop), on `port` (default: a free one).
 * Resolves once it answers. Throws when nginx is missing or refuses the configuration.
 */
export async function startNginx(upstreams: number[], port?: number): Promise<TestNginx> {
  if (!hasNginx()) throw new Error(`${NGINX} is missing (apt-get install nginx)`);
  port ??= await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-nginx-"));
  // nginx's workers run as an unprivileged user when it starts as root: they write their temporary files here.
  fs.chmodSync(dir, 0o777);
  const site = templateSiteConfig(fs.readFileSync(path.resolve("deploy/nginx/aqar.conf"), "utf8"), port, upstreams);
  fs.writeFileSync(path.join(dir, "aqar.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join("\n");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      temp,
      `  include ${path.join(dir, "aqar.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const config = path.join(dir, "nginx.conf");
  const check = spawnSync(NGINX, ["-t", "-q", "-p", dir, "-c", config], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}\n${site}`);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => {
    try {
      return fs.readFileSync(path.join(dir, "error.log"), "utf8") + stderr;
    } catch {
      return stderr;
    }
  };
  const stop = async () => {
    // QUIT: nginx's graceful stop.
    await stopChild(child, "SIGQUIT", 5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${errors()}`);
    const up = await fetch(`${url}/readyz`).then(
      () => true,
      () => false,
    );
    if (up) return { url, port, errors, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not answer on ${url}:\n${errors()}`);
}
