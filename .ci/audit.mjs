#!/usr/bin/env node
/**
 * CI step: fails when a production dependency has a known advisory of moderate
 * severity or worse, unless that advisory is listed, with the reason it is accepted, in .ci/audit-accepted.json.
 *
 * Runs `npm audit --omit=dev --json` (or reads a saved report given as the first argument, for checking this
 * script) and tells three outcomes apart by the JSON, since npm exits 1 both when advisories are found and when
 * the registry does not answer:
 * - a report (it has `metadata.vulnerabilities`): advisories at or above LEVEL that are not accepted → exit 1;
 * - no report (an `error`/`statusCode` object, e.g. 405 from a mirror without the audit endpoint, or no network):
 *   prints one line saying advisories were NOT checked and exits 0, so CI on such a machine still runs;
 * - anything else (npm crashed, output not JSON): prints it and exits 0 with the same "not checked" line.
 *
 * Level: moderate. GHSA-jjmj-jmhj-qwj2 (open redirect leading to XSS in React Router, decision 050), the
 * advisory this gate was written after, is rated moderate (CVSS 6.9), so `high` would have let it through; `low` findings are
 * mostly informational and would make the gate noisy.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LEVEL = "moderate";
const ORDER = ["info", "low", "moderate", "high", "critical"];
const here = path.dirname(fileURLToPath(import.meta.url));

/** Accepted advisories: { "GHSA-…": { package, severity, reason, reviewed } } (reviewed is a YYYY-MM-DD date). */
const accepted = JSON.parse(fs.readFileSync(path.join(here, "audit-accepted.json"), "utf8")).advisories;

let raw;
if (process.argv[2]) {
  raw = fs.readFileSync(process.argv[2], "utf8");
} else {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", cwd: path.join(here, "..") });
  raw = run.stdout;
}

let report;
try {
  report = JSON.parse(raw);
} catch {
  console.log(`npm audit: NOT CHECKED, npm did not print a JSON report:\n${String(raw).slice(0, 500)}`);
  process.exit(0);
}

if (!report?.metadata?.vulnerabilities) {
  const why = report?.message ?? report?.error?.summary ?? report?.error?.code ?? "no report";
  console.log(`npm audit: NOT CHECKED, the registry did not answer the audit endpoint (${why})`);
  process.exit(0);
}

/** Advisory objects (the `via` entries that are objects, not package names), one per advisory id. */
const advisories = new Map();
for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
  for (const via of vulnerability.via ?? []) {
    if (typeof via !== "object" || !via.url) continue;
    const id = /GHSA-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}/i.exec(via.url)?.[0] ?? via.url;
    advisories.set(`${id} ${via.name}`, {
      id,
      name: via.name,
      range: via.range,
      severity: via.severity,
      title: via.title,
      url: via.url,
    });
  }
}

const atLevel = [...advisories.values()].filter((a) => ORDER.indexOf(a.severity) >= ORDER.indexOf(LEVEL));
const failing = atLevel.filter((a) => !accepted[a.id]);
const acceptedFound = atLevel.filter((a) => accepted[a.id]);

for (const a of acceptedFound) {
  console.log(`npm audit: accepted ${a.id} (${a.severity}) in ${a.name} ${a.range}: ${accepted[a.id].reason}`);
}
const stale = Object.keys(accepted).filter((id) => !atLevel.some((a) => a.id === id));
for (const id of stale) console.log(`npm audit: ${id} is accepted in .ci/audit-accepted.json but no longer reported; remove it`);

if (failing.length > 0) {
  console.log(`npm audit: ${failing.length} advisory(ies) at ${LEVEL} or above in production dependencies:`);
  for (const a of failing) console.log(`  ${a.severity.padEnd(8)} ${a.name} ${a.range}  ${a.title}  ${a.url}`);
  console.log(
    "Fix them (an update, or an npm `overrides` entry in package.json), or accept one with a reason in .ci/audit-accepted.json.",
  );
  process.exit(1);
}
console.log(`npm audit: no unaccepted advisory at ${LEVEL} or above in production dependencies`);
