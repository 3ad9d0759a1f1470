import type { Database } from "../app/platform/db/client.server";

/**
 * What the scripts share: the command-line options (`npm run bench -- --seconds 5`: `--name value` pairs of
 * process.argv) and the opening of the configured database.
 */

/**
 * The database of DATABASE_URL, else the PGlite folder of DATA_DIR or PGLITE_DIR, as a script opens it (not
 * migrated). When another process has that PGlite folder open, prints which (DatabaseInUseError) and exits with 1.
 * The app's modules are loaded on the call, so the scripts that only read options (soak, lighthouse) never load them.
 */
export async function openScriptDatabase(): Promise<Database> {
  const { getEnv } = await import("../app/platform/config/env.server");
  const { openDatabase } = await import("../app/platform/db/client.server");
  const { exitWhenInUse } = await import("../app/platform/db/pglite-lock.server");
  const env = getEnv();
  return openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir }).catch(exitWhenInUse((line) => console.error(line)));
}

/** The value given as `--name value`, or undefined when the option is absent. */
export function stringOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/**
 * The number given as `--name N`, or `fallback` when the option is absent. A value that is not a number, below
 * `min` (0 by default) or, with `integer`, not whole, prints the problem and exits with status 2.
 */
export function numberOption(name: string, fallback: number, rules: { min?: number; integer?: boolean } = {}): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  const min = rules.min ?? 0;
  if (!Number.isFinite(value) || value < min || (rules.integer && !Number.isInteger(value))) {
    console.error(
      `--${name} must be ${rules.integer ? "a whole number" : "a number"} of at least ${min} (got ${process.argv[i + 1]})`,
    );
    process.exit(2);
  }
  return value;
}
