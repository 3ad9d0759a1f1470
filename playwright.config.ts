import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One port and one fresh data directory per run, shared with the workers through the environment.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 1800));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "aqar-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/**
 * End-to-end journeys (architecture 9) against the built server on a random port with a fresh database,
 * at a phone and a desktop viewport, with JavaScript disabled and enabled, on Debian's Chromium.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: { baseURL, launchOptions, trace: "off", screenshot: "only-on-failure" },
  projects: [
    { name: "phone-nojs", use: { viewport: { width: 360, height: 740 }, javaScriptEnabled: false, isMobile: false } },
    { name: "phone-js", use: { viewport: { width: 360, height: 740 }, javaScriptEnabled: true } },
    { name: "desktop-nojs", use: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false } },
    { name: "desktop-js", use: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: true } },
  ],
  webServer: {
    command: "tsx server.ts",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    },
  },
});
