import fs from "node:fs";

/** Removes the run's data directory (database and images) made by playwright.config.ts. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes("aqar-e2e-")) fs.rmSync(dir, { recursive: true, force: true });
}
