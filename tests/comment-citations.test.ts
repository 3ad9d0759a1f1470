import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments, docstrings, test titles and log texts point only to documents in the repository: a reader of the code
 * has the decisions (docs/decisions/NNN-*.md) and docs/*.md, nothing else, so a comment states its rule and its
 * reason in place. This reads every text file of the code folders, line by line, and fails on:
 * - a citation of a document that is not here: "issue N", "spec N.N", "architecture N", "style N", "the spec's";
 * - a file name ending in .md that is not in the repository (looked up from the root, docs/ and docs/decisions/);
 * - a decision number (decision NNN, decisions NNN and NNN, docs/decisions/NNN) without its file in docs/decisions/.
 * Each failure is listed as "path:line: text", so the message says what to rewrite.
 */

const ROOT = path.resolve(__dirname, "..");
/** The folders of code, tests, scripts and deployment; docs/ and locales/ are prose and texts, not code. */
const FOLDERS = ["app", "server", "scripts", "tests", "e2e", "sw", "deploy", ".ci", "bench", "types"];
/** Generated or installed folders: not written by us. */
const SKIPPED = new Set(["node_modules", "build", ".cache", "test-results", "playwright-report", "coverage"]);
const DECISIONS_DIR = path.join(ROOT, "docs", "decisions");
/** This file: its examples below are outside citations on purpose. */
const THIS_FILE = path.relative(ROOT, __filename);

/** A citation of an outside document: a numbered issue, spec section, architecture or style point. */
const NUMBERED_CITATION = /\b(?:issues?|specs?|architecture|style)\s?\d/i;
/** "the spec", "the specification's", "the issue's": the product's documents outside the repository. */
const NAMED_CITATION = /\b(?:the|our) (?:spec|specification|issue)(?:'s)?\b/i;
/** A Markdown file name, with or without folders. */
const MARKDOWN_FILE = /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md)\b/g;
/** "decision 051", "decisions 024 and 027", "decisions 051, 052 and 053", "docs/decisions/054". */
const DECISION_NUMBERS = /\bdecisions? (\d{3}(?:(?:,| and|, and) \d{3})*)|docs\/decisions\/(\d{3})/gi;

/** Every file under `dir` (relative to ROOT), the skipped folders left out. */
function filesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [dir];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(path.join(dir, entry.name)));
}

/** The text files to read: the folders above and the configuration files at the root. */
function codeFiles(): string[] {
  const rootFiles = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?js|tsx?)$/.test(entry.name))
    .map((entry) => entry.name);
  return [...rootFiles, ...FOLDERS.flatMap(filesUnder)].filter((file) => {
    const bytes = fs.readFileSync(path.join(ROOT, file));
    return !bytes.includes(0); // images and other binary files
  });
}

const decisionFiles = fs.readdirSync(DECISIONS_DIR).filter((name) => /^\d{3}-.*\.md$/.test(name));
const decisionNumbers = new Set(decisionFiles.map((name) => name.slice(0, 3)));

/** Whether a Markdown file named in a comment exists: as written from the root, or in docs/ or docs/decisions/. */
function markdownExists(name: string): boolean {
  return [ROOT, path.join(ROOT, "docs"), DECISIONS_DIR].some((dir) => fs.existsSync(path.join(dir, name)));
}

/** The problems of one line: what it cites that is not in the repository. */
function problemsOf(line: string): string[] {
  const problems: string[] = [];
  if (NUMBERED_CITATION.test(line) || NAMED_CITATION.test(line)) problems.push("cites a document outside the repository");
  for (const [, name] of line.matchAll(MARKDOWN_FILE))
    if (!markdownExists(name)) problems.push(`names ${name}, which is not in the repository`);
  for (const match of line.matchAll(DECISION_NUMBERS))
    for (const number of (match[1] ?? match[2]).match(/\d{3}/g) ?? [])
      if (!decisionNumbers.has(number)) problems.push(`cites decision ${number}, which has no file in docs/decisions`);
  return problems;
}

describe("comments point only to documents in the repository", () => {
  it("finds the code files and the decisions it checks against", () => {
    const files = codeFiles();
    expect(files).toContain("server.ts");
    expect(files).toContain(path.join("app", "root.tsx"));
    expect(files).toContain(path.join("tests", "comment-citations.test.ts"));
    expect(decisionNumbers.has("001")).toBe(true);
  });

  it("tells an outside citation from a reference to the repository", () => {
    const citations = [
      "10 tries per number (issue 9)",
      "Source: Issue 14.",
      "the search of spec 2.5",
      "(architecture 7)",
      "(style 12)",
      "issues 3 and 9",
      "the spec's message",
      "as the specification says",
      "(ui.md, Forms)",
      "decision 999",
      "decisions 001 and 998",
      "docs/decisions/997",
    ];
    expect(citations.filter((line) => problemsOf(line).length === 0)).toEqual([]);
    const references = [
      "(decision 051)",
      "decisions 024 and 027",
      "docs/decisions/013-page-cache.md",
      "013-page-cache.md",
      "docs/operations.md",
      "README.md",
      "each zod issue's message is a locales key",
      "the SMPP specification's status names",
      "e2e/accounts.spec.ts",
    ];
    expect(references.filter((line) => problemsOf(line).length > 0)).toEqual([]);
  });

  it("has no comment, test title or log text that cites what a reader cannot open", () => {
    const failures = codeFiles()
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, index) =>
            problemsOf(line).map((problem) => `${file}:${index + 1}: ${problem}: ${line.trim().slice(0, 160)}`),
          ),
      );
    expect(failures).toEqual([]);
  });
});
