import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster` (docs/decisions/061-readiness-metrics-deploy-cluster-test.md): the site on a private
 * PostgreSQL, the S3 server, two web processes of the built app, one worker and nginx (tests/cluster/). Needs
 * `npm run build` first, PostgreSQL's server binaries (/usr/lib/postgresql/VERSION/bin) and nginx; runs apart from
 * `npm run test:unit`, whose configuration leaves tests/cluster/ out.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
