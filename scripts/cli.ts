/**
 * The command-line options of the scripts (`npm run bench -- --seconds 5`): `--name value` pairs of process.argv.
 */

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
