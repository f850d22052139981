// ESLint for the admin UI: the recommended JavaScript, TypeScript and React-hooks rules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "src/wasm", "src/wasm-editor", "src/wasm-tz", "public/preview", "src/types/generated", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Features talk to the WASM core only through src/core.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/wasm/*", "**/wasm-editor/*", "**/wasm-tz/*"], message: "Import the core from src/core instead." }] },
      ],
    },
  },
  {
    files: ["src/core/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
