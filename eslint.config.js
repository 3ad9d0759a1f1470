// Lint of the whole tree: TypeScript's recommended rules, React's rules of hooks, and jsx-a11y's
// recommended rules for the markup. Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      // Written by npm run build (scripts/build-sw.ts): the service worker, its kill switch, the offline page's script.
      "public/sw.js",
      "public/sw-off.js",
      "public/offline.js",
      "public/outbox.js",
      "public/offline-*.html",
      "bench/baseline/build/",
      "bench/baseline/public/build/",
      "node_modules/",
      "data*/",
      "backups/",
      ".cache/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Our text checks refuse control characters on purpose (bidi and NUL in names, phones, descriptions).
      "no-control-regex": "off",
    },
  },
  {
    // React code: the components, routes and the browser's helpers (server modules and tests have no hooks; their
    // `use…` names are Playwright fixtures, test helpers and the multipart parser's handlers).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Tests read loosely typed Remix answers (the body of a loader's data) as `any`.
    files: ["tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
