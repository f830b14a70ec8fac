import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layerImports from "./eslint/layer-imports.js";

// The layer rules of ARCHITECTURE.md as an allow-list: eslint/layer-imports.js.
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
      // written by scripts/compile-answer-parsers.ts (zod's compiler), checked by its test
      "src/web/lib/*.generated.ts",
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
      // a module that imports radix-ui's index brings every Radix part into its chunk when it is
      // in the app shell (vite.config.ts `appShellChunks`): import the part
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "radix-ui", message: "Import the part: radix-ui/dialog, radix-ui/slot, …" },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { hawl: layerImports },
    rules: { "hawl/deep-relative-imports": "error" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: { "hawl/layer-imports": "error" },
  },
);
