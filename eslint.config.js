// Lint rules for the site, its server, scripts and tests (the Studio has its own package and React 19).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "data/**",
      "test-results/**",
      "bench-results/**",
      ".cache/**",
      "sanity-studio/**",
      "app/content/sanity.types.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      "no-duplicate-imports": "off",
      "no-console": "off",
    },
  },
  // Two entries: spreading both presets into one object kept only the second preset's rules.
  { files: ["**/*.tsx"], ...react.configs.flat.recommended, settings: { react: { version: "18.3" } } },
  { files: ["**/*.tsx"], ...react.configs.flat["jsx-runtime"] },
  {
    files: ["**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, "react/prop-types": "off" },
  },
  // Hooks live in .ts modules too (use-lead-form.ts, use-hydrated.ts...).
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Islands (app/components/islands/island.tsx): outside routes and server modules, no value comes from a
  // `.server` module. The classic compiler empties those modules in the browser (Vite refuses them), so
  // such a value would be `undefined` there; the server renders islands from the same `import()`s instead.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/root.tsx", "app/entry.server.tsx", "app/**/*.server.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "*.server"],
              allowTypeImports: true,
              message:
                "A `.server` module is empty in the browser: render the component as an island (app/components/islands/island.tsx), or move this code into a `.server` module or a route.",
            },
          ],
        },
      ],
    },
  },
  // app/lib is a floor below every feature (docs/architecture.md, 'Floors'): small helpers that import
  // nothing of the app but other helpers and app/domain's pure functions. Its import counterpart one floor
  // up is app/site/ (the site's cross-page concerns); scripts/check-cycles.mjs counts imports that run up.
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?:~/(?!lib/|domain/)|\\.\\./)",
              message:
                "app/lib imports no feature: only other helpers (./…) and app/domain. Put code that needs a feature in that feature's folder, or in app/site/ for the site's cross-page concerns.",
            },
          ],
        },
      ],
    },
  },
  // Pages and components stand apart from routes: a page's data type is defined beside it (the route's
  // loader returns that type), so a page can be read, tested and moved alone. Import cycles, type-only ones
  // included: scripts/check-cycles.mjs (`npm run lint`).
  {
    files: ["app/pages/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "**/routes/*"],
              message: "Pages and components never import from a route: define the data type beside the page.",
            },
          ],
        },
      ],
    },
  },
);
