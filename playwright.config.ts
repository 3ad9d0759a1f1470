import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One port and one fresh data directory per run, shared with the workers through the environment.
// Ports 20000-29999: none of them is on Chromium's list of blocked ports (5060, 6000, 4190…: ERR_UNSAFE_PORT).
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "aqar-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/**
 * End-to-end journeys against the built server on a random port with a fresh database,
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
  // Service workers only where a test asks for them (e2e/offline.spec.ts): the other journeys measure the network.
  use: { baseURL, launchOptions, trace: "off", screenshot: "only-on-failure", serviceWorkers: "block" },
  projects: [
    // The page weight is measured once, by the phone with JavaScript. The axe checks (accessibility.spec.ts)
    // run at the phone with JavaScript and at the desktop without: both viewports and both modes, in half the time.
    // Hydration (decision 020) needs scripts. Photos shrunk in the browser (photo-upload.spec.ts) are checked once, by
    // the phone with JavaScript.
    {
      name: "phone-nojs",
      testIgnore: [
        "page-weight.spec.ts",
        "accessibility.spec.ts",
        "hydration.spec.ts",
        "offline.spec.ts",
        "photo-upload.spec.ts",
      ],
      use: { viewport: { width: 360, height: 740 }, javaScriptEnabled: false, isMobile: false },
    },
    { name: "phone-js", use: { viewport: { width: 360, height: 740 }, javaScriptEnabled: true } },
    {
      name: "desktop-nojs",
      testIgnore: ["page-weight.spec.ts", "hydration.spec.ts", "offline.spec.ts", "photo-upload.spec.ts"],
      use: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false },
    },
    {
      name: "desktop-js",
      testIgnore: ["page-weight.spec.ts", "accessibility.spec.ts", "photo-upload.spec.ts"],
      use: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: true },
    },
  ],
  webServer: {
    // Standard output goes to a file: the SMS outbox echoes every message there ("[sms] +963… text"), which is
    // how the account journeys read their codes and reset links (e2e/accounts.ts).
    command: `tsx server.ts > "${process.env.E2E_DATA_DIR}/server.log"`,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // NODE_ENV=test only so that CAPTCHA_TEST_TEXT is accepted (the server refuses it in any other mode).
      NODE_ENV: "test",
      CAPTCHA_TEST_TEXT: "Kp7Wd",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      // Staff told of each consultation request (e2e/inbox.spec.ts), at any time of day so the journey does not
      // depend on the clock (docs/decisions/054).
      STAFF_PHONES: "+963944999901",
      STAFF_HOURS: "00:00-24:00",
    },
  },
});
