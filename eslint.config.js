import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layer rules of ARCHITECTURE.md as lint errors:
// domain -> nothing; contracts -> domain; server -> contracts, domain; web -> contracts, domain.
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: forbidden.map((group) => ({ group: [group], message })) },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "data",
      ".react-router",
      "drizzle",
      "test-results",
      "playwright-report",
      ".tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  layer(
    ["src/domain/**"],
    [
      "**/contracts/**",
      "**/server/**",
      "**/web/**",
      "zod",
      "react",
      "react-*",
      "hono",
      "hono/*",
      "drizzle-orm",
      "drizzle-orm/*",
      "node:*",
    ],
    "src/domain is pure: it imports nothing outside itself but decimal.js.",
  ),
  layer(
    ["src/contracts/**"],
    ["**/server/**", "**/web/**", "react", "hono", "drizzle-orm", "drizzle-orm/*"],
    "src/contracts may import only domain and zod.",
  ),
  layer(
    ["src/server/**"],
    ["**/web/**", "~/*", "react", "react-dom"],
    "src/server never imports src/web.",
  ),
  layer(
    ["src/web/**"],
    ["**/server/**", "hono", "drizzle-orm", "drizzle-orm/*", "pg", "node:*"],
    "src/web never imports src/server.",
  ),
);
