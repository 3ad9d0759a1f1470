import { afterEach, beforeEach, vi } from "vitest";
// The matchers of Remix answers (toRedirectTo, toFlashToast, toHaveFieldError, toHaveFormErrors); no app module.
import "./matchers";

process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= process.env.TEST_IMAGES_DIR ? `${process.env.TEST_IMAGES_DIR}/..` : "./data-test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.LOG_LEVEL = "silent";
// Searches count without a time budget here: the tests check which listings match, and a loaded machine must not
// change a count into "and more". tests/search-count-budget.test.tsx gives the budget itself (decision 043).
process.env.SEARCH_COUNT_MS = "0";

// console.error during a test fails it: a React warning or a logged error is a bug, not noise.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${errors.map((e) => e.map(String).join(" ")).join("\n")}`);
});
