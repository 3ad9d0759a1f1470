import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILE = /\.test\.tsx?$/;
/** Where a test file opens the test database (tests/helpers/db.ts) or hands PostgreSQL's address to what it starts. */
const OPENS_DATABASE = /\b(useTestDatabase|createTestDatabase|TEST_DATABASE_URL)\b/;

/** The test files under `dirs` (relative paths, sorted) whose source opens the test database. */
function databaseTestFiles(dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && file !== path.join("tests", "cluster")) walk(file);
      } else if (TEST_FILE.test(entry.name) && OPENS_DATABASE.test(fs.readFileSync(file, "utf8"))) found.push(file);
    }
  };
  for (const dir of dirs) walk(dir);
  return found.sort();
}

// CI runs the suite twice: on PGlite, then with TEST_DATABASE_URL on PostgreSQL. The second run takes only the files
// that open the test database: the others touch no database, or start servers on PGlite (tests/helpers/server.ts),
// so running them again would repeat the first run's work (docs/development.md).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: onPostgres ? databaseTestFiles(["app", "tests"]) : ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    // The cluster test runs apart: npm run test:cluster (vitest.cluster.config.ts).
    exclude: ["**/node_modules/**", "tests/cluster/**"],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
