import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv, isLoopbackUrl } from "~/platform/config/env.server";

/**
 * The site's public origin: PUBLIC_URL when set, else the origin the request came to; and the request's origin too
 * when both are loopback names (`npm start`: a person on 127.0.0.1 gets links to 127.0.0.1, docs/decisions/049).
 * The request's origin is the trusted one server/http.ts gave it (siteOrigin), never one read from a header.
 */
export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  if (configured && !(isLoopbackUrl(configured) && isLoopbackUrl(request.url))) return configured.replace(/\/$/, "");
  return new URL(request.url).origin;
}

/**
 * The site's public origin when no request is at hand (background jobs writing links into SMS): PUBLIC_URL, else
 * `http://localhost:$PORT` (development and tests).
 */
export function siteOrigin(): string {
  const env = getEnv();
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

let version: string | undefined;

/**
 * A short hash of the locale files (the `.json` ones, not their compressed copies), added to their URLs so browsers
 * may cache them for long.
 */
export function localesVersion(): string {
  if (version) return version;
  const hash = crypto.createHash("sha256");
  for (const lang of ["ar", "en"]) {
    const dir = path.resolve("locales", lang);
    for (const file of fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort())
      hash.update(fs.readFileSync(path.join(dir, file)));
  }
  version = hash.digest("hex").slice(0, 10);
  return version;
}
