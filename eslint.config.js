// Lint of the whole tree: TypeScript's recommended rules, React's rules of hooks, and jsx-a11y's
// recommended rules for the markup. Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The features from the lowest to the highest (docs/decisions/065-a-house-by-feature.md): a feature may import the
 * features of the levels before its own, never one of its own level or above.
 */
const FEATURE_LEVELS = [
  ["places", "accounts", "offline"],
  ["listings"],
  ["search"],
  ["alerts"],
  ["posts"],
  ["inbox"],
  ["forms", "back-office", "offices", "articles"],
  ["jobs"],
  ["site"],
];
const featureZones = FEATURE_LEVELS.flatMap((level, i) =>
  level.map((feature) => ({
    target: `./app/features/${feature}`,
    from: FEATURE_LEVELS.slice(i)
      .flat()
      .filter((other) => other !== feature)
      .map((other) => `./app/features/${other}`),
    message: `A feature imports only the features below it (eslint.config.js FEATURE_LEVELS).`,
  })),
).filter((zone) => zone.from.length > 0);

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
    // No circle of imports in the application and its server (docs/decisions/065-a-house-by-feature.md): a circle
    // hides which module is the lower one, and at run time a module in a circle may read its neighbour before that
    // neighbour has finished loading. The TypeScript resolver follows the `~/` alias of tsconfig.json.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts", "scripts/**/*.ts", "sw/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // The layers (docs/decisions/065-a-house-by-feature.md): routes -> features -> platform. The platform never
      // imports a feature or a route; a feature never imports a route.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/platform",
              from: ["./app/features", "./app/routes"],
              message: "The platform is below the features.",
            },
            { target: "./app/features", from: "./app/routes", message: "Features never import route modules." },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed Remix answers (the body of a loader's data) as `any`.
    files: ["tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
