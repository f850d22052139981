// ESLint for the admin UI: the recommended JavaScript, TypeScript and React-hooks rules, and the
// lines between the UI's parts (ARCHITECTURE.md, `ui/`): imports go one way, from app/ to the
// features to the shared code, and a feature reaches another only through its index.ts.
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const shared = ["./src/components", "./src/hooks", "./src/lib", "./src/core", "./src/i18n"];

/** Who may import whom, as import-x/no-restricted-paths zones: `target` may not import `from`
 * (but for `except`, relative to `from`). */
const zones = [
  {
    target: shared,
    from: "./src/features",
    message: "Shared code imports no feature: move the piece both need to components/, hooks/ or lib/.",
  },
  {
    target: [...shared, "./src/features"],
    from: "./src/app",
    except: ["./session.ts"],
    message: "Of app/, only the session (app/session.ts) is for features and shared code.",
  },
  {
    target: ["./src/lib", "./src/core", "./src/i18n"],
    from: ["./src/components", "./src/hooks"],
    message: "lib/, core/ and i18n/ sit below components/ and hooks/.",
  },
  { target: "./src/hooks", from: "./src/components", message: "hooks/ sit below components/." },
  { target: "./src/core", from: "./src/lib", message: "core/ wraps the WebAssembly core and imports nothing of the UI." },
  // A feature's own files are its own; another feature's only through that one's index.ts.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: "./src/features",
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: "A feature imports no other feature's internals: expose the piece in that feature's index.ts, or move it to components/, hooks/ or lib/.",
  })),
  {
    target: "./src/app",
    from: "./src/features",
    except: features.map((name) => `./${name}/screens.tsx`),
    message: "The app reaches a feature through its screens.tsx only.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist",
      "src/wasm",
      "src/wasm-editor",
      "src/wasm-tz",
      "public/preview",
      "src/types/generated",
      "src/types/openapi.ts",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      // Features talk to the WASM core only through src/core.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/wasm/*", "**/wasm-editor/*", "**/wasm-tz/*"], message: "Import the core from src/core instead." }] },
      ],
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }],
    },
  },
  {
    files: ["src/core/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
