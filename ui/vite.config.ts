/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Plugin, defineConfig } from "vite";
import wasm from "vite-plugin-wasm";
import budgetFile from "./budgets.json" with { type: "json" };
import { type Budget, bundleBudgets } from "./plugins/budgets.ts";
import { precompress } from "./plugins/precompress.ts";

/** Writes the admin's service worker (sw/service-worker.js) into the build as `sw.js`, with the
 * list of the build's files to keep and a cache name that changes with them. */
function serviceWorker(): Plugin {
  return {
    name: "storeloom-service-worker",
    apply: "build",
    // After Vite's HTML step, which replaces an entry chunk that only imports others by their
    // script tags and drops it from the build.
    enforce: "post",
    generateBundle(_options, bundle) {
      // What the first screen needs: the entry chunks, their static imports, their CSS and
      // assets (the core's WebAssembly); and the screens that must open without a network even
      // when they were first loaded before the worker was in control: the session guard, the
      // frame and the theme editor, each with its static imports. Other chunks loaded on demand
      // are kept when first fetched.
      const files = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || files.has(name)) return;
        files.add(name);
        if (chunk.type !== "chunk") return;
        chunk.imports.forEach(visit);
        chunk.viteMetadata?.importedCss.forEach((file) => files.add(file));
        chunk.viteMetadata?.importedAssets.forEach((file) => files.add(file));
      };
      Object.values(bundle).forEach((item) => item.type === "chunk" && item.isEntry && visit(item.fileName));
      const offline = ["src/app/RequireSession.tsx", "src/features/shell/components/AdminLayout.tsx", "src/features/theme-editor/components/EditorPage.tsx"];
      for (const path of offline) {
        const chunk = Object.values(bundle).find((item) => item.type === "chunk" && item.isDynamicEntry && item.facadeModuleId?.endsWith(path));
        if (!chunk) this.error(`service worker: no chunk starts at ${path}`);
        visit(chunk.fileName);
      }
      for (const item of Object.values(bundle)) {
        // vite-plugin-wasm's module is an asset the entry's code fetches by URL.
        if (
          item.type === "asset" &&
          item.fileName.endsWith(".wasm") &&
          [...files].some((file) => {
            const chunk = bundle[file];
            return chunk?.type === "chunk" && chunk.code.includes(item.fileName.split("/").pop() ?? "");
          })
        )
          files.add(item.fileName);
      }
      const names = Object.keys(bundle).sort();
      const hash = createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 12);
      const source = readFileSync(new URL("./sw/service-worker.js", import.meta.url), "utf8")
        .replace("const FILES = __FILES__;", `const FILES = ${JSON.stringify([...files].sort())};`)
        .replace("const CACHE = __CACHE__;", `const CACHE = ${JSON.stringify(`storeloom-admin-${hash}`)};`);
      if (source.includes("= __")) this.error("sw/service-worker.js: a placeholder was not filled in");
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

// The admin UI is served by the Rust server under /admin; in development Vite proxies the API.
export default defineConfig({
  base: "/admin/",
  plugins: [wasm(), react(), serviceWorker(), bundleBudgets(budgetFile.budgets as Budget[]), precompress()],
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 1500,
    // What the first screen runs (everything the entry imports statically) in one chunk rather
    // than dozens of small shared ones: fewer requests, and one gzip stream compresses better.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] } } },
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? "8080"}` },
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "plugins/**/*.test.ts"],
  },
});
